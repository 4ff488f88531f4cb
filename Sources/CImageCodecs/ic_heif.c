// HEIC and AVIF behind status-returning functions. See ic_codecs.h for the contract.
//
// An AVIF whose primary image the shim's dav1d path decodes (ic_heif_avif.c), and which its box
// reader describes exactly as libheif would (ic_heif_describe.c), is opened and decoded without
// libheif: libheif, and the libaom, libde265, libx265 and libnuma it links, are never loaded for
// it. Every other file (HEIC, overlays, thumbnails, depth maps, anything the reader leaves to
// libheif) is read by libheif 1.15, loaded at that point.
//
// libheif reports errors as struct heif_error values, never by longjmp, and prints nothing;
// this file maps them onto ic_status with libheif's message. libheif decodes a whole image in
// one call (heif_decode_image): there is no row-by-row or tile-by-tile decoding in 1.15, so the
// caller plans the memory from the header (ic_heif_open) and then reads RGBA8 rows out of the
// decoded image (ic_heif_read_rows), which reduces 10- and 12-bit samples to 8 bits with
// rounding and undoes premultiplied alpha.
#include "ic_codecs.h"
#include "ic_heif_limits.h"
#include "ic_heif_avif.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include <libheif/heif.h>

struct ic_heif {
    struct heif_context *context;
    struct heif_image_handle *primary;
    struct heif_image_handle *thumbnail;   // the largest thumbnail of the primary image, or NULL
    struct heif_image *image;              // the decoded image, until ic_heif_destroy
    uint8_t *primary_icc;                  // the raw colour profiles, owned here
    uint8_t *thumbnail_icc;
    int bits;                              // the decoded image's sample depth (8 to 16)
    int channels;                          // 3 (RGB) or 4 (RGBA)
    int premultiplied;
    int failed;
    uint32_t max_side;                     // the caller's cap on a side (0: libheif's default)
    const uint8_t *data;                   // the file, valid until ic_heif_destroy
    size_t size;
    ic_avif_plan plans[2];                 // the primary image's and the thumbnail's dav1d path
    ic_heif_image_info infos[2];           // what ic_heif_open said of them
    int own;                               // opened without libheif (ic_avif_describe)
    int use_libheif;                       // ic_heif_test_use_libheif
    const char *missing;                   // libheif or a codec of it that did not load, when needed
    ic_avif *avif;                         // the image decoded by it, until ic_heif_destroy
    char message[256];
};

ic_status ic_heif_fail(ic_heif *heif, ic_status status, const char *message) {
    snprintf(heif->message, sizeof(heif->message), "%s", message);
    // Some of libheif's messages end in a newline.
    size_t length = strlen(heif->message);
    while (length > 0 && (heif->message[length - 1] == '\n' || heif->message[length - 1] == ' ')) {
        heif->message[--length] = 0;
    }
    heif->failed = 1;
    return status;
}

// Loads libheif (ic_dynlib.c: it is not linked, so a process that never meets a HEIC or an AVIF
// never loads it), heif_init once per process (it registers the built-in codec plugins), then the
// shim's AV1 and HEVC plugins above them (ic_heif_av1.c, ic_heif_hevc.c), which load their own
// codec libraries; never deinit, as other threads may be decoding.
static pthread_once_t ic_heif_once = PTHREAD_ONCE_INIT;
static int ic_heif_plugins_registered;
static const char *ic_heif_missing;   // which library did not load, when one did not
static void ic_heif_init_once(void) {
    if (!ic_heif_dl_load()) {
        ic_heif_missing = ic_heif_dl_message();
        return;
    }
    (void)heif_init(NULL);
    ic_heif_plugins_registered = ic_heif_av1_register() && ic_heif_hevc_register();
    if (!ic_heif_plugins_registered) ic_heif_missing = ic_dynlib_failure();
}

// Loads libheif the first time a file needs it; the library that did not load, or NULL.
static const char *ic_heif_load(void) {
    pthread_once(&ic_heif_once, ic_heif_init_once);
    return ic_heif_missing;
}

const char *ic_heif_unavailable(void) {
    // With dav1d, an AVIF on the shim's own path needs nothing else: libheif is not loaded to
    // answer (a HEIC then fails in ic_heif_open, ic_heif_missing_library naming the library).
    return ic_dav1d_available() ? NULL : ic_heif_load();
}

const char *ic_heif_missing_library(const ic_heif *heif) {
    return heif == NULL ? NULL : heif->missing;
}

ic_heif *ic_heif_create(void) {
    return calloc(1, sizeof(ic_heif));
}

void ic_heif_test_use_libheif(ic_heif *heif, int32_t libheif) {
    if (heif != NULL) heif->use_libheif = libheif != 0;
}

int32_t ic_heif_test_opened_without_libheif(const ic_heif *heif) {
    return heif != NULL && heif->own;
}

const char *ic_heif_message(const ic_heif *heif) {
    return heif == NULL ? "no decoder" : heif->message;
}

// What a handle says, without decoding: size after libheif's transformations (irot, imir,
// clap), depths, alpha and colour.
static ic_status ic_heif_describe(ic_heif *heif, struct heif_image_handle *handle, uint8_t **icc,
                                  ic_heif_image_info *info) {
    info->width = (uint32_t)heif_image_handle_get_width(handle);
    info->height = (uint32_t)heif_image_handle_get_height(handle);
    const int ispe_width = heif_image_handle_get_ispe_width(handle);
    const int ispe_height = heif_image_handle_get_ispe_height(handle);
    info->ispe_width = ispe_width > 0 ? (uint32_t)ispe_width : 0;
    info->ispe_height = ispe_height > 0 ? (uint32_t)ispe_height : 0;
    info->luma_bits = heif_image_handle_get_luma_bits_per_pixel(handle);
    info->chroma_bits = heif_image_handle_get_chroma_bits_per_pixel(handle);
    info->has_alpha = heif_image_handle_has_alpha_channel(handle);
    info->premultiplied = heif_image_handle_is_premultiplied_alpha(handle);
    info->depth_images = heif_image_handle_get_number_of_depth_images(handle);
    size_t icc_size = heif_image_handle_get_raw_color_profile_size(handle);
    if (icc_size > 0) {
        *icc = malloc(icc_size);
        if (*icc == NULL) return ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot copy the ICC profile");
        struct heif_error error = heif_image_handle_get_raw_color_profile(handle, *icc);
        if (error.code != heif_error_Ok) return ic_heif_error(heif, error);
        info->icc = *icc;
        info->icc_size = icc_size;
    }
    struct heif_color_profile_nclx *nclx = NULL;
    // libheif 1.15 hands out the profile even when it then fails on a code it does not know
    // (the fuzzer found the leak): freed whatever the result, used only on success.
    const struct heif_error nclx_error = heif_image_handle_get_nclx_color_profile(handle, &nclx);
    if (nclx_error.code == heif_error_Ok && nclx != NULL) {
        info->has_nclx = 1;
        info->nclx_primaries = (int32_t)nclx->color_primaries;
        info->nclx_transfer = (int32_t)nclx->transfer_characteristics;
        info->nclx_matrix = (int32_t)nclx->matrix_coefficients;
        info->nclx_full_range = nclx->full_range_flag;
    }
    if (nclx != NULL) heif_nclx_color_profile_free(nclx);
    return IC_OK;
}

// Whether the image `id` takes the shim's dav1d path (ic_heif_avif.c) with the `codecs` that load,
// in info->dav1d.
static ic_status ic_heif_plan_dav1d(ic_heif *heif, const uint8_t *data, size_t size, uint32_t id, int codecs,
                                    ic_heif_image_info *info, ic_avif_plan *plan) {
    const int planned = ic_avif_plan_image(data, size, id, info->width, info->height, info->has_alpha, codecs, plan);
    if (planned < 0) return ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list the AV1 image's items");
    heif->data = data;
    heif->size = size;
    info->dav1d = planned == 1;
    info->dav1d_picture_bytes = plan->held_pictures;
    info->dav1d_frame_pixels = (uint64_t)plan->cell_width * plan->cell_height;
    info->dav1d_deep = plan->deep;
    info->dav1d_hevc = plan->hevc;
    info->dav1d_stream_bytes = plan->stream_bytes;
    info->dav1d_shim_bytes = plan->shim_bytes;
    info->dav1d_state_bytes = planned == 1 && !plan->hevc
                                  ? ic_dav1d_state_bytes(plan->cell_width, plan->cell_height, plan->deep,
                                                         plan->frame_tiles, plan->frame_tile_rows)
                                  : 0;
    return IC_OK;
}

// Opens an AVIF without libheif when its boxes describe it exactly (ic_avif_describe) and dav1d
// decodes its primary image: IC_OK with heif->own set; IC_OK without it when libheif must open it.
static ic_status ic_heif_open_own(ic_heif *heif, const uint8_t *data, size_t size, uint32_t max_side,
                                  ic_heif_info *info) {
    if (max_side == 0 || heif->use_libheif || !ic_dav1d_available()) return IC_OK;
    ic_avif_description description;
    const int described = ic_avif_describe(data, size, max_side, &description);
    if (described < 0) return ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list the file's items");
    if (described == 0) return IC_OK;
    if (description.oversized_width != 0) {
        // libheif's own refusal, in its words (ic_heif_error of its security limit).
        char message[200];
        snprintf(message, sizeof(message),
                 "Memory allocation error: Security limit exceeded: Image size %ux%u exceeds the maximum image "
                 "size %ux%u",
                 description.oversized_width, description.oversized_height, max_side, max_side);
        return ic_heif_fail(heif, IC_ERR_LIMIT, message);
    }
    ic_heif_image_info *primary = &description.info;
    ic_status status = ic_heif_check_image(heif, data, size, description.primary, primary, "image");
    if (status == IC_OK) status = ic_heif_plan_dav1d(heif, data, size, description.primary, IC_AVIF_AV1, primary,
                                                     &heif->plans[0]);
    if (status != IC_OK || !primary->dav1d) return status;
    info->image_count = description.image_count;
    info->primary = *primary;
    heif->infos[0] = *primary;
    heif->own = 1;
    return IC_OK;
}

ic_status ic_heif_open(ic_heif *heif, const uint8_t *data, size_t size, uint32_t max_side, ic_heif_info *info) {
    if (heif == NULL || info == NULL || data == NULL || heif->context != NULL || heif->own || heif->failed) {
        return IC_ERR_STATE;
    }
    memset(info, 0, sizeof(*info));
    ic_status status = ic_heif_check_counts(heif, data, size);
    if (status == IC_OK) status = ic_heif_open_own(heif, data, size, max_side, info);
    if (status != IC_OK || heif->own) return status;
    heif->missing = ic_heif_load();
    if (heif->missing != NULL) return ic_heif_fail(heif, IC_ERR_UNSUPPORTED, heif->missing);
    heif->context = heif_context_alloc();
    if (heif->context == NULL) return ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot allocate libheif's context");
    // libheif's own cap on an image's pixels (max_side squared), checked while it reads the
    // boxes: a header bomb's ispe is refused before anything is allocated for it.
    if (max_side > 0) heif_context_set_maximum_image_size_limit(heif->context, (int)max_side);
    heif->max_side = max_side;
    // Tiles of a grid are decoded on the caller's thread, like every other decoder here.
    heif_context_set_max_decoding_threads(heif->context, 0);
    struct heif_error error = heif_context_read_from_memory_without_copy(heif->context, data, size, NULL);
    if (error.code != heif_error_Ok) return ic_heif_error(heif, error);
    info->image_count = (uint32_t)heif_context_get_number_of_top_level_images(heif->context);
    error = heif_context_get_primary_image_handle(heif->context, &heif->primary);
    if (error.code != heif_error_Ok) return ic_heif_error(heif, error);
    status = ic_heif_describe(heif, heif->primary, &heif->primary_icc, &info->primary);
    if (status != IC_OK) return status;
    heif_item_id primary_id = 0, thumbnail_id = 0;
    heif_context_get_primary_image_ID(heif->context, &primary_id);
    status = ic_heif_check_image(heif, data, size, primary_id, &info->primary, "image");
    const int codecs = (ic_dav1d_available() ? IC_AVIF_AV1 : 0) | (ic_heif_plugins_registered ? IC_AVIF_HEVC : 0);
    if (status == IC_OK) {
        status = ic_heif_plan_dav1d(heif, data, size, primary_id, codecs, &info->primary, &heif->plans[0]);
    }
    if (status != IC_OK) return status;
    heif->infos[0] = info->primary;
    const int count = heif_image_handle_get_number_of_thumbnails(heif->primary);
    info->thumbnail_count = count > 0 ? (uint32_t)count : 0;
    if (count > 0) {
        // Usually one; a few at most. The largest is kept.
        heif_item_id ids[8];
        const int listed = heif_image_handle_get_list_of_thumbnail_IDs(heif->primary, ids, count < 8 ? count : 8);
        uint64_t best = 0;
        for (int i = 0; i < listed; i++) {
            struct heif_image_handle *candidate = NULL;
            if (heif_image_handle_get_thumbnail(heif->primary, ids[i], &candidate).code != heif_error_Ok) continue;
            const uint64_t pixels = (uint64_t)heif_image_handle_get_width(candidate) *
                                    (uint64_t)heif_image_handle_get_height(candidate);
            if (pixels > best) {
                if (heif->thumbnail != NULL) heif_image_handle_release(heif->thumbnail);
                heif->thumbnail = candidate;
                thumbnail_id = ids[i];
                best = pixels;
            } else {
                heif_image_handle_release(candidate);
            }
        }
        if (heif->thumbnail != NULL) {
            status = ic_heif_describe(heif, heif->thumbnail, &heif->thumbnail_icc, &info->thumbnail);
            if (status == IC_OK) {
                status = ic_heif_check_image(heif, data, size, thumbnail_id, &info->thumbnail, "thumbnail");
            }
            if (status == IC_OK) {
                status = ic_heif_plan_dav1d(heif, data, size, thumbnail_id, codecs, &info->thumbnail,
                                            &heif->plans[1]);
            }
            if (status != IC_OK) return status;
            heif->infos[1] = info->thumbnail;
        }
    }
    return IC_OK;
}

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
    if (!ic_heif_plugins_registered) {
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

void ic_heif_destroy(ic_heif *heif) {
    if (heif == NULL) return;
    if (heif->image != NULL) heif_image_release(heif->image);
    ic_avif_free(heif->avif);
    ic_avif_plan_free(&heif->plans[0]);
    ic_avif_plan_free(&heif->plans[1]);
    if (heif->thumbnail != NULL) heif_image_handle_release(heif->thumbnail);
    if (heif->primary != NULL) heif_image_handle_release(heif->primary);
    if (heif->context != NULL) heif_context_free(heif->context);
    free(heif->primary_icc);
    free(heif->thumbnail_icc);
    free(heif);
}
