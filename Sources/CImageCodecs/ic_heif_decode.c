// Decoding an opened HEIC or AVIF (ic_heif_open) and reading its rows: the shim's dav1d path
// (ic_heif_avif.c) or libheif's, within the caller's limits. See ic_codecs.h for the contract.
#include "ic_codecs.h"
#include "ic_heif_limits.h"
#include "ic_heif_avif.h"
#include "ic_heif_handle.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include <libheif/heif.h>

ic_status ic_heif_decode(ic_heif *heif, int32_t thumbnail, int32_t strict, uint32_t *width, uint32_t *height) {
    if (heif == NULL || width == NULL || height == NULL || (heif->primary == NULL && !heif->own) ||
        heif->image != NULL || heif->avif != NULL || heif->failed) {
        return IC_ERR_STATE;
    }
    struct heif_image_handle *handle = thumbnail ? heif->thumbnail : heif->primary;
    const ic_avif_plan *plan = &heif->plans[thumbnail ? 1 : 0];
    if (plan->color != 0) {
        // ic_heif_open's description of the image (its ICC still the handle's or the file's).
        char message[256];
        const ic_status status = ic_avif_decode(heif->data, heif->size, plan, &heif->infos[thumbnail ? 1 : 0], strict,
                                                &heif->avif, message, sizeof(message));
        if (status != IC_OK) return ic_heif_fail(heif, status, message);
        ic_avif_size(heif->avif, width, height);
        return IC_OK;
    }
    if (handle == NULL) return IC_ERR_STATE;
    const int bits = heif_image_handle_get_luma_bits_per_pixel(handle);
    const int alpha = heif_image_handle_has_alpha_channel(handle);
    // Deeper than 8 bits: 16-bit little-endian samples, reduced here with rounding (libheif's
    // convert_hdr_to_8bit drops the low bits instead).
    const int deep = bits > 8;
    enum heif_chroma chroma = deep ? (alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
                                   : (alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB);
    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (options == NULL) return ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot allocate decoding options");
    options->ignore_transformations = 0;   // irot, imir and clap applied: EXIF is not used
    options->convert_hdr_to_8bit = 0;
    // libheif 1.15's own strict mode turns a warning into an error after the codec's image was
    // made and leaks it (and dav1d's context): a bad nclx in a fuzzed AVIF leaked 53 kB a
    // decode (libheif issue #1006). So libheif decodes leniently, and `strict` is applied here
    // to the warnings it attached to the image, which is ours to release.
    if (options->version >= 3) options->strict_decoding = 0;
    // AV1 and HEVC go to the shim's plugins, registered above libheif's own (ic_heif_av1.c,
    // ic_heif_hevc.c), with no decoder_id: libheif 1.15 would honour one for this image only, not
    // its tiles or alpha.
    if (!ic_heif_plugins_ready()) {
        heif_decoding_options_free(options);
        return ic_heif_fail(heif, IC_ERR_UNSUPPORTED, "libheif refused the shim's AV1 or HEVC decoder plugin");
    }
    // libheif checks each plane it allocates against the context's size limit, and nothing else
    // holds a plane to the image's header: an overlay's canvas comes from the item's data (the
    // fuzzer's 200×164 overlay claimed 57244×53468, a 3 GB plane libheif 1.15 crashed filling),
    // an alpha image or a bitstream may be larger than its ispe. ic_heif_open refused the
    // canvases it could read; as a second guard, the limit is lowered here to the longest side
    // the header allows (coded or displayed, whichever is larger), plus a coding block: HEVC codes
    // a picture in whole coding blocks of at most 64 samples a side (MinCbSizeY, H.265 7.4.3.2.1)
    // and crops the padding with its conformance window, and Debian's libheif 1.15.1-1+deb12u3
    // (GHSA-48p4-gj45-w9v6) holds the coded size, before that crop, to this limit: a 300×200
    // picture coded as 304×200 was refused under the side plus one used before (one, because
    // libheif 1.15 refuses a grid's canvas whose side equals the limit). A plane past its header
    // by more than a coding block is still refused here, and one within it once decoded (below).
    // The caller's own limit gets the same margin: ic_heif_open held the header to it, and the
    // padding of a picture at that limit does not make it a larger image.
    const int side = ic_heif_longest_side(handle);
    const int tightened = side > 0 && (heif->max_side == 0 || (uint32_t)side < heif->max_side);
    const int64_t bound = tightened ? side : (int64_t)heif->max_side;
    if (bound > 0) {
        const int64_t limit = bound + IC_HEIF_CODING_BLOCK;
        heif_context_set_maximum_image_size_limit(heif->context, limit > INT_MAX ? INT_MAX : (int)limit);
    }
    (void)ic_heif_hevc_take_warning();   // a warning left by an earlier decode on this thread
    struct heif_error error = heif_decode_image(handle, &heif->image, heif_colorspace_RGB, chroma, options);
    heif_decoding_options_free(options);
    const char *hevc_warning = ic_heif_hevc_take_warning();
    if (error.code != heif_error_Ok) {
        heif->image = NULL;
        if (tightened && error.subcode == heif_suberror_Security_limit_exceeded) {
            // The header was within the caller's limits (ic_heif_open), so a plane beyond its
            // own side is damage, not an image too large to analyse.
            return ic_heif_oversized(heif, handle, error);
        }
        return ic_heif_error(heif, error);
    }
    if (heif->image == NULL) return ic_heif_fail(heif, IC_ERR_CORRUPT, "libheif returned no image");
    if (strict) {
        const ic_status status = ic_heif_refuse_warnings(heif, heif->image, hevc_warning);
        if (status != IC_OK) return status;
    }
    const int w = heif_image_get_width(heif->image, heif_channel_interleaved);
    const int h = heif_image_get_height(heif->image, heif_channel_interleaved);
    if (w <= 0 || h <= 0) return ic_heif_fail(heif, IC_ERR_CORRUPT, "the decoded image has no pixels");
    // libheif 1.15 does not hold the codec to the header's size (ispe): a bitstream larger than
    // its header would pass every plan made from the header. Refused here, once decoded (the
    // codec's memory for it was already spent: see the DocC Formats article).
    if (w > heif_image_handle_get_width(handle) || h > heif_image_handle_get_height(handle)) {
        return ic_heif_larger_than_header(heif, handle, w, h);
    }
    heif->bits = deep ? heif_image_get_bits_per_pixel_range(heif->image, heif_channel_interleaved) : 8;
    if (heif->bits < 8 || heif->bits > 16) return ic_heif_fail(heif, IC_ERR_UNSUPPORTED, "an unsupported bit depth");
    heif->channels = alpha ? 4 : 3;
    heif->premultiplied = alpha && heif_image_is_premultiplied_alpha(heif->image);
    *width = (uint32_t)w;
    *height = (uint32_t)h;
    return IC_OK;
}

ic_status ic_heif_read_rows(ic_heif *heif, uint8_t *rgba, size_t stride, uint32_t first_row, uint32_t rows) {
    if (heif != NULL && heif->avif != NULL && !heif->failed) {
        char message[256];
        const ic_status status = ic_avif_read_rows(heif->avif, rgba, stride, first_row, rows, message,
                                                   sizeof(message));
        return status == IC_OK || status == IC_ERR_STATE ? status : ic_heif_fail(heif, status, message);
    }
    if (heif == NULL || rgba == NULL || heif->image == NULL || heif->failed) return IC_ERR_STATE;
    int plane_stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(heif->image, heif_channel_interleaved, &plane_stride);
    const int w = heif_image_get_width(heif->image, heif_channel_interleaved);
    const int h = heif_image_get_height(heif->image, heif_channel_interleaved);
    if (plane == NULL || plane_stride <= 0 || (uint64_t)first_row + rows > (uint64_t)h) return IC_ERR_STATE;
    if (stride < (size_t)w * 4) return IC_ERR_STATE;
    const int channels = heif->channels;
    const uint32_t maximum = (1u << heif->bits) - 1;
    for (uint32_t r = 0; r < rows; r++) {
        const uint8_t *in = plane + (size_t)(first_row + r) * (size_t)plane_stride;
        uint8_t *out = rgba + (size_t)r * stride;
        for (int x = 0; x < w; x++) {
            uint8_t px[4] = {0, 0, 0, 255};
            for (int c = 0; c < channels; c++) {
                if (heif->bits == 8) {
                    px[c] = in[x * channels + c];
                } else {
                    const uint8_t *sample = in + ((size_t)x * channels + c) * 2;
                    uint32_t value = (uint32_t)sample[0] | ((uint32_t)sample[1] << 8);
                    if (value > maximum) value = maximum;
                    px[c] = (uint8_t)((value * 255u + maximum / 2) / maximum);
                }
            }
            if (heif->premultiplied && px[3] < 255) {
                for (int c = 0; c < 3; c++) {
                    const uint32_t straight = px[3] == 0 ? 0 : ((uint32_t)px[c] * 255u + px[3] / 2) / px[3];
                    px[c] = (uint8_t)(straight > 255 ? 255 : straight);
                }
            }
            memcpy(out + (size_t)x * 4, px, 4);
        }
    }
    return IC_OK;
}

int32_t ic_heif_decoded_grey(const ic_heif *heif) {
    if (heif != NULL && heif->avif != NULL && !heif->failed) return ic_avif_grey(heif->avif);
    if (heif == NULL || heif->image == NULL || heif->failed) return 0;
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(heif->image, heif_channel_interleaved, &stride);
    const int w = heif_image_get_width(heif->image, heif_channel_interleaved);
    const int h = heif_image_get_height(heif->image, heif_channel_interleaved);
    if (plane == NULL || stride <= 0 || w <= 0 || h <= 0) return 0;
    // A sample is 1 byte, or 2 deeper (16-bit little-endian). Within 2 levels (at 8 bits): a grey
    // coded as colour comes back with its chroma a level or two off neutral.
    const int deep = heif->bits > 8;
    const size_t sample = deep ? 2 : 1, pixel = sample * (size_t)heif->channels;
    const int tolerance = 2 << (deep ? heif->bits - 8 : 0);
    for (int y = 0; y < h; y++) {
        const uint8_t *row = plane + (size_t)y * (size_t)stride;
        for (size_t x = 0; x < (size_t)w * pixel; x += pixel) {
            const uint8_t *p = row + x;
            const int r = deep ? p[0] | p[1] << 8 : p[0], g = deep ? p[2] | p[3] << 8 : p[1], b = deep ? p[4] | p[5] << 8 : p[2];
            if (abs(r - g) > tolerance || abs(r - b) > tolerance) return 0;
        }
    }
    return 1;
}
