// libde265 decoding an HEVC stream for the shim (see ic_heif_hevc.c for why the shim decodes
// HEVC itself): a context whose pictures start grey, the stream's NAL units fed to it, the last
// picture taken, and the damage found (libde265's warnings, or blocks never decoded, checked
// again on the buffers' other phase). Used by the libheif plugin (ic_heif_hevc.c) and the tile
// path (ic_heif_hevc_tiles.c).
#include "ic_heif_hevc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct heif_error ic_hevc_result(enum heif_error_code code, enum heif_suberror_code subcode, const char *message) {
    // libheif copies the message; every one here is a literal or libde265's static text.
    struct heif_error error = {code, subcode, message};
    return error;
}

const struct heif_error ic_hevc_ok = {heif_error_Ok, heif_suberror_Unspecified, "Success"};

de265_decoder_context *ic_hevc_context(void) {
    de265_decoder_context *context = de265_new_decoder();
    if (context == NULL) return NULL;
    de265_set_image_allocation_functions(context, (struct de265_image_allocation *)&ic_hevc_allocation, NULL);
    // One worker thread, as libheif's own plugin starts (the memory rule in
    // HEIFDecoder+Memory.swift was measured with it).
    (void)de265_start_worker_threads(context, 1);
    return context;
}

struct heif_error ic_hevc_feed(de265_decoder_context *context, const uint8_t *bytes, size_t size) {
    size_t at = 0;
    while (at < size) {
        if (size - at < 4) return ic_hevc_result(heif_error_Invalid_input, heif_suberror_Unspecified, "an HEVC NAL unit's length is cut short");
        const uint32_t length = (uint32_t)bytes[at] << 24 | (uint32_t)bytes[at + 1] << 16 | (uint32_t)bytes[at + 2] << 8 | bytes[at + 3];
        at += 4;
        if (length > size - at || length > (uint32_t)INT32_MAX) {
            return ic_hevc_result(heif_error_Invalid_input, heif_suberror_Unspecified, "an HEVC NAL unit runs past its item");
        }
        const de265_error status = de265_push_NAL(context, bytes + at, (int)length, 0, NULL);
        if (!de265_isOK(status)) return ic_hevc_result(heif_error_Invalid_input, heif_suberror_Unspecified, de265_get_error_text(status));
        at += length;
    }
    return ic_hevc_ok;
}

// libde265's warnings about the stream (a slice cut short or refused: parts of the picture left
// undecoded); not the ones about threading, which say nothing about the picture.
static int ic_hevc_counts(de265_error warning) {
    return warning != DE265_OK && warning != DE265_WARNING_NO_WPP_CANNOT_USE_MULTITHREADING &&
           warning != DE265_WARNING_NUMBER_OF_THREADS_LIMITED_TO_MAXIMUM;
}

// The last warning libde265 queued, or `returned` (one de265_decode gave back) when it queued none.
static de265_error ic_hevc_drain_warnings(de265_decoder_context *context, de265_error returned) {
    de265_error last = returned;
    for (int i = 0; i < 64; i++) {
        const de265_error warning = de265_get_warning(context);
        if (warning == DE265_OK) break;
        if (ic_hevc_counts(warning)) last = warning;
    }
    return last;
}

const char ic_hevc_undecoded_text[] = "part of the picture was never decoded";

// Decodes what `context` was fed into `*out`, as `target` takes it: the last picture the stream
// gives, as libheif's own plugin takes it. `*warning` is what says the picture is damaged
// (libde265's last warning, a decoding error that still left a picture, or part of it perhaps
// never written), NULL for a clean one. With a `reference` (the picture decoded before on the
// pattern's other phase, as `target` took it) nothing is taken: `*warning` says whether part of
// the picture was never written.
struct heif_error ic_hevc_run(de265_decoder_context *context, int strict, const ic_hevc_target *target,
                              const void *reference, void **out, const char **warning) {
    *out = NULL;
    *warning = NULL;
    void *image = NULL;
    de265_error failure = de265_flush_data(context), returned = DE265_OK;
    // Against a reference, suspect until the last picture shows otherwise.
    int more = de265_isOK(failure), undecoded = reference != NULL;
    while (more) {
        more = 0;
        failure = de265_decode(context, &more);
        if (!de265_isOK(failure)) break;
        if (ic_hevc_counts(failure)) returned = failure;
        const struct de265_image *picture = de265_get_next_picture(context);
        if (picture == NULL) continue;
        if (reference != NULL) {
            int stride = 0, width = 0, height = 0;
            const uint8_t *luma = target->luma(reference, &stride, &width, &height);
            const int same = luma != NULL && width == de265_get_image_width(picture, 0) &&
                             height == de265_get_image_height(picture, 0);
            // Another picture than before (it cannot be, the stream is the same): still suspect.
            undecoded = same ? ic_hevc_undecoded(picture, luma, stride) : 1;
            de265_release_next_picture(context);
            continue;
        }
        void *next = NULL;
        const struct heif_error error = target->take(picture, strict, target->context, &next);
        undecoded = ic_hevc_undecoded(picture, NULL, 0);
        de265_release_next_picture(context);
        if (image != NULL) target->release(image);
        image = next;
        if (error.code != heif_error_Ok) return error;
    }
    if (failure == DE265_ERROR_WAITING_FOR_INPUT_DATA) failure = DE265_OK;
    if (reference != NULL) {
        *warning = undecoded || failure != DE265_OK ? ic_hevc_undecoded_text : NULL;
        return ic_hevc_ok;
    }
    de265_error damage = ic_hevc_drain_warnings(context, returned);
    if (damage == DE265_OK) damage = failure;
    if (image == NULL) {
        const char *why = damage != DE265_OK ? de265_get_error_text(damage) : "the HEVC stream holds no picture";
        return ic_hevc_result(heif_error_Invalid_input, heif_suberror_Unspecified, why);
    }
    if (damage != DE265_OK) *warning = de265_get_error_text(damage);
    else if (undecoded) *warning = ic_hevc_undecoded_text;
    *out = image;
    return ic_hevc_ok;
}

// Whether the blocks of `image` that hold the starting checkerboard were written by the stream
// (1) or never decoded (0): the `size` bytes of `stream` decoded again, in a new context, on the
// checkerboard's other phase. The first decode's context (*context) and its pictures go first, so
// the second costs no more memory; *context is the new one (NULL when it could not be made, and
// then 0: the picture stays suspect).
int ic_hevc_written(de265_decoder_context **context, const uint8_t *stream, size_t size, int strict,
                    const ic_hevc_target *target, const void *image) {
    (void)de265_free_decoder(*context);
    *context = ic_hevc_context();
    if (*context == NULL) return 0;
    ic_hevc_invert_pattern(1);
    const char *undecoded = ic_hevc_undecoded_text;
    void *none = NULL;
    struct heif_error error = ic_hevc_feed(*context, stream, size);
    if (error.code == heif_error_Ok) error = ic_hevc_run(*context, strict, target, image, &none, &undecoded);
    ic_hevc_invert_pattern(0);
    return error.code == heif_error_Ok && undecoded == NULL;
}

struct heif_error ic_hevc_decode_stream(const uint8_t *stream, size_t size, int strict, const ic_hevc_target *target,
                                        void **out, const char **warning) {
    *out = NULL;
    *warning = NULL;
    de265_decoder_context *context = ic_hevc_context();
    if (context == NULL) {
        return ic_hevc_result(heif_error_Memory_allocation_error, heif_suberror_Unspecified, "cannot allocate the HEVC decoder");
    }
    struct heif_error error = ic_hevc_feed(context, stream, size);
    if (error.code == heif_error_Ok) error = ic_hevc_run(context, strict, target, NULL, out, warning);
    if (error.code == heif_error_Ok && *warning == ic_hevc_undecoded_text &&
        ic_hevc_written(&context, stream, size, strict, target, *out)) {
        *warning = NULL;
    }
    if (context != NULL) (void)de265_free_decoder(context);
    return error;
}
