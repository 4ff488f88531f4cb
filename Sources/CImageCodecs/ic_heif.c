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
// rounding and undoes premultiplied alpha. This file loads libheif, opens and destroys;
// ic_heif_decode.c decodes and reads the rows.
#include "ic_codecs.h"
#include "ic_heif_limits.h"
#include "ic_heif_avif.h"
#include "ic_heif_handle.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include <libheif/heif.h>

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

int ic_heif_plugins_ready(void) {
    pthread_once(&ic_heif_once, ic_heif_init_once);
    return ic_heif_plugins_registered;
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
