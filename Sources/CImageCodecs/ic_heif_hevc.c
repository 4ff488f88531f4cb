// The HEVC decoder libheif 1.15 uses for every HEVC picture: libde265 behind libheif's
// decoder-plugin interface, registered once (ic_heif_hevc_register) above libheif's own libde265
// plugin, as ic_heif_av1.c is for AV1.
//
// Why our own: libde265 1.0.11 leaves the parts of a damaged picture it cannot decode (a slice
// cut short or refused, often with no warning at all) unwritten, in buffers it never clears, and
// filters them: a damaged HEIC got different colours from one run to the next, and valgrind saw
// libde265, libheif and the shim read uninitialised pixels (Fuzz/crashes/heif-uninit-…). So:
// - every buffer libde265 decodes or filters into is allocated by the shim and starts grey
//   (ic_heif_hevc_buffers.c): what is never decoded is grey, the same on every run, as libjpeg
//   fills what a damaged JPEG lacks;
// - the damage is kept for the shim's strict mode (ic_heif_hevc_take_warning), which refuses the
//   picture: libde265's warnings, and the luma blocks still holding the buffers' starting pattern
//   (damage libde265 does not report) also when the stream is decoded again on the pattern's
//   other phase (a picture can hold the pattern itself); a strict decoder (set_strict_decoding)
//   refuses it itself;
// - otherwise a picture decodes as with libheif's plugin: the same libde265 calls, one worker
//   thread, the last picture of the stream.
#include "ic_heif_hevc.h"
#include "ic_heif_limits.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif_plugin.h>

// Above libheif 1.15's libde265 plugin (100).
enum { IC_HEVC_PRIORITY = 1000 };

typedef struct {
    de265_decoder_context *context;
    int pushed;         // push_data ran
    int strict;         // a libde265 warning fails the picture
    uint8_t *stream;    // what push_data was given, to decode a suspect picture again
    size_t size, capacity;
} ic_hevc_decoder;

// What said the last damaged picture decoded on this thread since the shim last asked was damaged:
// libheif 1.15 keeps only a warning's code, not its text, and drops a grid tile's or an alpha
// plane's warnings; the shim decodes on the calling thread (max_decoding_threads 0, ic_heif.c).
static _Thread_local const char *ic_hevc_warning = NULL;

const char *ic_heif_hevc_take_warning(void) {
    const char *warning = ic_hevc_warning;
    ic_hevc_warning = NULL;
    return warning;
}

static const char *ic_hevc_name(void) { return "ImageColors libde265"; }

// libde265's library state is counted: libheif's own plugin holds it too.
static void ic_hevc_init(void) { (void)de265_init(); }
static void ic_hevc_deinit(void) { (void)de265_free(); }

static int ic_hevc_supports(enum heif_compression_format format) {
    return format == heif_compression_HEVC ? IC_HEVC_PRIORITY : 0;
}

static struct heif_error ic_hevc_new(void **out) {
    *out = NULL;
    ic_hevc_decoder *decoder = calloc(1, sizeof(ic_hevc_decoder));
    if (decoder != NULL) decoder->context = ic_hevc_context();
    if (decoder == NULL || decoder->context == NULL) {
        free(decoder);
        return ic_hevc_result(heif_error_Memory_allocation_error, heif_suberror_Unspecified, "cannot allocate the HEVC decoder");
    }
    *out = decoder;
    return ic_hevc_ok;
}

static void ic_hevc_free(void *raw) {
    ic_hevc_decoder *decoder = raw;
    if (decoder == NULL) return;
    // NULL when a context for decoding again could not be made (ic_hevc_written).
    if (decoder->context != NULL) (void)de265_free_decoder(decoder->context);
    free(decoder->stream);
    free(decoder);
}

static void ic_hevc_set_strict(void *raw, int strict) {
    // Honoured as libheif's plugins honour it (the plugin is registered for the whole process);
    // the shim decodes leniently and applies strictness itself (ic_heif.c).
    ic_hevc_decoder *decoder = raw;
    if (decoder != NULL) decoder->strict = strict != 0;
}

// libheif 1.15 pushes an item's whole stream in one call. A copy is kept (libde265 keeps its own
// while it decodes), in case the picture has to be decoded again (ic_hevc_written).
static struct heif_error ic_hevc_push(void *raw, const void *data, size_t size) {
    ic_hevc_decoder *decoder = raw;
    decoder->pushed = 1;
    if (size > decoder->capacity - decoder->size) {
        if (size > SIZE_MAX - decoder->size) {
            return ic_hevc_result(heif_error_Memory_allocation_error, heif_suberror_Unspecified, "cannot keep the HEVC stream");
        }
        const size_t capacity = decoder->size + size;
        uint8_t *grown = realloc(decoder->stream, capacity);
        if (grown == NULL) return ic_hevc_result(heif_error_Memory_allocation_error, heif_suberror_Unspecified, "cannot keep the HEVC stream");
        decoder->stream = grown;
        decoder->capacity = capacity;
    }
    if (size > 0) memcpy(decoder->stream + decoder->size, data, size);
    decoder->size += size;
    return ic_hevc_feed(decoder->context, data, size);
}

// The plugin's target: a libheif image (ic_hevc_convert).
static struct heif_error ic_hevc_take_image(const struct de265_image *picture, int strict, void *context, void **out) {
    (void)context;
    struct heif_image *image = NULL;
    const struct heif_error error = ic_hevc_convert(picture, strict, &image);
    *out = image;
    return error;
}

static void ic_hevc_release_image(void *image) { heif_image_release(image); }

static const uint8_t *ic_hevc_image_luma(const void *image, int *stride, int *width, int *height) {
    *width = heif_image_get_width(image, heif_channel_Y);
    *height = heif_image_get_height(image, heif_channel_Y);
    return heif_image_get_plane_readonly(image, heif_channel_Y, stride);
}

static const ic_hevc_target ic_hevc_images = {ic_hevc_take_image, ic_hevc_release_image, ic_hevc_image_luma, NULL};

static struct heif_error ic_hevc_decode(void *raw, struct heif_image **out) {
    ic_hevc_decoder *decoder = raw;
    *out = NULL;
    if (!decoder->pushed) return ic_hevc_result(heif_error_Decoder_plugin_error, heif_suberror_Unspecified, "the HEVC stream holds no picture");
    const char *warning = NULL;
    void *image = NULL;
    const struct heif_error error = ic_hevc_run(decoder->context, decoder->strict, &ic_hevc_images, NULL, &image, &warning);
    if (error.code != heif_error_Ok) return error;
    if (warning == ic_hevc_undecoded_text &&
        ic_hevc_written(&decoder->context, decoder->stream, decoder->size, decoder->strict, &ic_hevc_images, image)) {
        warning = NULL;
    }
    if (warning != NULL) {
        ic_hevc_warning = warning;
        if (decoder->strict) {
            heif_image_release(image);
            return ic_hevc_result(heif_error_Invalid_input, heif_suberror_Unspecified, warning);
        }
    }
    *out = image;
    return ic_hevc_ok;
}

static const struct heif_decoder_plugin ic_hevc_plugin = {
    .plugin_api_version = 3,
    .get_plugin_name = ic_hevc_name,
    .init_plugin = ic_hevc_init,
    .deinit_plugin = ic_hevc_deinit,
    .does_support_format = ic_hevc_supports,
    .new_decoder = ic_hevc_new,
    .free_decoder = ic_hevc_free,
    .push_data = ic_hevc_push,
    .decode_image = ic_hevc_decode,
    .set_strict_decoding = ic_hevc_set_strict,
    .id_name = "imagecolors-libde265",
};

int ic_heif_hevc_register(void) {
    if (!ic_de265_dl_load()) return 0;   // libde265 missing: the caller names it (ic_dynlib_failure)
    // Before the plugin can decode anything. Where it cannot be done (another libde265 version),
    // a damaged picture with SAO can still show what libde265's buffers held.
    (void)ic_hevc_take_default_allocation();
    return heif_register_decoder_plugin(&ic_hevc_plugin).code == heif_error_Ok;
}
