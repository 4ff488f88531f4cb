// The AV1 decoder libheif 1.15 uses for every AV1 picture: libaom behind libheif's decoder-plugin
// interface, registered once (ic_heif_av1_register) with a priority above libheif's own plugins.
//
// Why our own: libheif 1.15 honours the decoding options' decoder_id only for the image it is
// asked to decode; a grid's tiles and an image's alpha plane go to the highest-priority AV1
// plugin, its built-in dav1d one, which prints to stderr on a damaged bitstream ("Error parsing
// OBU data") and leaks what it was handed on some error paths (CI's fuzzer found a 40-byte leak,
// local fuzzing printed dav1d's messages on grids). With this plugin every AV1 picture, tiles and
// alpha too, is decoded by libaom with its defaults, as the primary image already was: silent,
// freed on every path, and holding each frame to its sequence header's maximum size (which the
// shim's stream check holds to the image's header, ic_heif_streams.c), where dav1d 1.0 lets a
// frame header override it.
#include "ic_aom_dl.h"
#include "ic_heif_limits.h"

#include <stdlib.h>
#include <string.h>

#include <aom/aom_decoder.h>
#include <aom/aomdx.h>
#include <libheif/heif_plugin.h>

// Above libheif 1.15's dav1d (150) and aom (100) plugins.
enum { IC_AV1_PRIORITY = 1000 };

typedef struct {
    aom_codec_ctx_t codec;
    int decoded;   // push_data ran aom_codec_decode successfully
    int strict;    // a colour code libheif does not know fails the picture (else: a warning)
} ic_av1_decoder;

static struct heif_error ic_av1_result(enum heif_error_code code, enum heif_suberror_code subcode,
                                       const char *message) {
    // libheif copies the message into its own error; every message here is a string literal or
    // libaom's static text.
    struct heif_error error = {code, subcode, message};
    return error;
}

static const char *ic_av1_name(void) { return "ImageColors libaom"; }

static int ic_av1_supports(enum heif_compression_format format) {
    return format == heif_compression_AV1 ? IC_AV1_PRIORITY : 0;
}

static struct heif_error ic_av1_new(void **out) {
    *out = NULL;
    ic_av1_decoder *decoder = calloc(1, sizeof(ic_av1_decoder));
    if (decoder == NULL) return ic_av1_result(heif_error_Memory_allocation_error, heif_suberror_Unspecified, "cannot allocate the AV1 decoder");
    // libaom's defaults, as libheif's own plugin uses them (one thread; the memory rule in
    // HEIFDecoder+Memory.swift was measured with them).
    const aom_codec_err_t status = aom_codec_dec_init(&decoder->codec, aom_codec_av1_dx(), NULL, 0);
    if (status != AOM_CODEC_OK) {
        free(decoder);
        return ic_av1_result(heif_error_Decoder_plugin_error, heif_suberror_Unspecified, aom_codec_err_to_string(status));
    }
    *out = decoder;
    return ic_av1_result(heif_error_Ok, heif_suberror_Unspecified, "Success");
}

static void ic_av1_free(void *raw) {
    ic_av1_decoder *decoder = raw;
    if (decoder == NULL) return;
    aom_codec_destroy(&decoder->codec);
    free(decoder);
}

static void ic_av1_set_strict(void *raw, int strict) {
    // The shim always decodes leniently and applies strictness itself to the image's warnings
    // (ic_heif.c); the flag is honoured as libheif's own plugins honour it, since the plugin is
    // registered for the whole process and another libheif user may ask for strict decoding.
    ic_av1_decoder *decoder = raw;
    if (decoder != NULL) decoder->strict = strict != 0;
}

// libheif 1.15 pushes an item's whole stream (its av1C OBUs, then its data) in one call, and the
// data is freed once the call returns: it is decoded here, as libheif's own plugin does.
static struct heif_error ic_av1_push(void *raw, const void *data, size_t size) {
    ic_av1_decoder *decoder = raw;
    if (decoder->decoded) {
        return ic_av1_result(heif_error_Decoder_plugin_error, heif_suberror_Unspecified, "more than one AV1 stream for one picture");
    }
    // An item whose extents hold no bytes: the file says so, so it is damaged, not cut short.
    if (size == 0) return ic_av1_result(heif_error_Invalid_input, heif_suberror_Unspecified, "the AV1 item has no data");
    const aom_codec_err_t status = aom_codec_decode(&decoder->codec, data, size, NULL);
    if (status != AOM_CODEC_OK) {
        return ic_av1_result(heif_error_Invalid_input, heif_suberror_Unspecified, aom_codec_err_to_string(status));
    }
    decoder->decoded = 1;
    return ic_av1_result(heif_error_Ok, heif_suberror_Unspecified, "Success");
}

// Copies one of the frame's planes into a new plane of `image`: `bits` deep, 1 byte a sample up
// to 8 bits and 2 (native order) beyond, as libheif expects; libaom may hold 8-bit samples in
// 16-bit words, which are narrowed.
static struct heif_error ic_av1_copy_plane(struct heif_image *image, const aom_image_t *frame, int plane,
                                           enum heif_channel channel, int width, int height) {
    const int bits = (int)frame->bit_depth;
    struct heif_error error = heif_image_add_plane(image, channel, width, height, bits);
    if (error.code != heif_error_Ok) return error;
    int out_stride = 0;
    uint8_t *out = heif_image_get_plane(image, channel, &out_stride);
    if (out == NULL || out_stride <= 0 || frame->planes[plane] == NULL) {
        return ic_av1_result(heif_error_Decoder_plugin_error, heif_suberror_Unspecified, "libaom returned a picture without its planes");
    }
    const int wide = (frame->fmt & AOM_IMG_FMT_HIGHBITDEPTH) != 0;
    const size_t out_bytes = bits > 8 ? 2 : 1;
    for (int y = 0; y < height; y++) {
        const uint8_t *in = frame->planes[plane] + (ptrdiff_t)y * frame->stride[plane];
        uint8_t *row = out + (size_t)y * (size_t)out_stride;
        if (wide && out_bytes == 1) {
            for (int x = 0; x < width; x++) {
                uint16_t sample;
                memcpy(&sample, in + (size_t)x * 2, 2);
                row[x] = (uint8_t)(sample > 255 ? 255 : sample);
            }
        } else if (!wide && out_bytes == 2) {
            return ic_av1_result(heif_error_Decoder_plugin_error, heif_suberror_Unsupported_bit_depth, "libaom returned deep samples in bytes");
        } else {
            memcpy(row, in, (size_t)width * out_bytes);
        }
    }
    return ic_av1_result(heif_error_Ok, heif_suberror_Unspecified, "Success");
}

static struct heif_error ic_av1_decode(void *raw, struct heif_image **out) {
    ic_av1_decoder *decoder = raw;
    *out = NULL;
    aom_codec_iter_t iterator = NULL;
    const aom_image_t *frame = decoder->decoded ? aom_codec_get_frame(&decoder->codec, &iterator) : NULL;
    if (frame == NULL) return ic_av1_result(heif_error_Decoder_plugin_error, heif_suberror_Unspecified, "the AV1 stream holds no picture");
    const aom_img_fmt_t format = frame->fmt & ~AOM_IMG_FMT_HIGHBITDEPTH;
    enum heif_chroma chroma;
    switch (format) {
    case AOM_IMG_FMT_I420: chroma = heif_chroma_420; break;
    case AOM_IMG_FMT_I422: chroma = heif_chroma_422; break;
    case AOM_IMG_FMT_I444: chroma = heif_chroma_444; break;
    default:
        return ic_av1_result(heif_error_Decoder_plugin_error, heif_suberror_Unsupported_image_type, "an AV1 picture layout libheif cannot take");
    }
    if (frame->monochrome) chroma = heif_chroma_monochrome;
    if (frame->bit_depth < 8 || frame->bit_depth > 12) {
        return ic_av1_result(heif_error_Decoder_plugin_error, heif_suberror_Unsupported_bit_depth, "an AV1 picture's bit depth libheif cannot take");
    }
    if (frame->d_w == 0 || frame->d_h == 0 || frame->d_w > (unsigned)INT32_MAX || frame->d_h > (unsigned)INT32_MAX) {
        return ic_av1_result(heif_error_Decoder_plugin_error, heif_suberror_Unspecified, "an AV1 picture with no pixels");
    }
    // A frame header may code a frame smaller than its sequence header's maximum (or larger, which
    // libaom refuses): the shim's checks read the sequence header (ic_heif_streams.c), and a grid's
    // tile smaller than its cell would leave canvas no tile writes, so such a frame is refused.
    aom_codec_stream_info_t stream = {0};
    if (aom_codec_get_stream_info(&decoder->codec, &stream) != AOM_CODEC_OK || stream.w != frame->d_w ||
        stream.h != frame->d_h) {
        return ic_av1_result(heif_error_Invalid_input, heif_suberror_Unspecified, "an AV1 frame of another size than its sequence header's");
    }
    const int width = (int)frame->d_w, height = (int)frame->d_h;
    const enum heif_colorspace space = chroma == heif_chroma_monochrome ? heif_colorspace_monochrome : heif_colorspace_YCbCr;
    struct heif_image *image = NULL;
    struct heif_error error = heif_image_create(width, height, space, chroma, &image);
    if (error.code != heif_error_Ok) return error;
    // The colour description the sequence header gives (ic_heif_nclx.c).
    error = ic_heif_set_nclx(image, (uint16_t)frame->cp, (uint16_t)frame->tc, (uint16_t)frame->mc,
                             frame->range == AOM_CR_FULL_RANGE, decoder->strict);
    if (error.code != heif_error_Ok) {
        heif_image_release(image);
        return error;
    }
    static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
    const int planes = chroma == heif_chroma_monochrome ? 1 : 3;
    for (int plane = 0; plane < planes; plane++) {
        // Chroma planes are subsampled by the format's shifts, rounding up.
        const int w = plane == 0 ? width : (int)(((unsigned)width + frame->x_chroma_shift) >> frame->x_chroma_shift);
        const int h = plane == 0 ? height : (int)(((unsigned)height + frame->y_chroma_shift) >> frame->y_chroma_shift);
        error = ic_av1_copy_plane(image, frame, plane, channels[plane], w, h);
        if (error.code != heif_error_Ok) {
            heif_image_release(image);
            return error;
        }
    }
    *out = image;
    return ic_av1_result(heif_error_Ok, heif_suberror_Unspecified, "Success");
}

static const struct heif_decoder_plugin ic_av1_plugin = {
    .plugin_api_version = 3,
    .get_plugin_name = ic_av1_name,
    .init_plugin = NULL,
    .deinit_plugin = NULL,
    .does_support_format = ic_av1_supports,
    .new_decoder = ic_av1_new,
    .free_decoder = ic_av1_free,
    .push_data = ic_av1_push,
    .decode_image = ic_av1_decode,
    .set_strict_decoding = ic_av1_set_strict,
    .id_name = "imagecolors-aom",
};

int ic_heif_av1_register(void) {
    if (!ic_aom_dl_load()) return 0;   // libaom missing: the caller names it (ic_dynlib_failure)
    return heif_register_decoder_plugin(&ic_av1_plugin).code == heif_error_Ok;
}
