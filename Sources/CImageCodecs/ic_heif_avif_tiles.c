// The shim's tile path, after the plan (ic_heif_avif.c): the tiles decoded by dav1d (or, for an
// HEVC grid, libde265: ic_heif_hevc_tiles.c) a row of tiles at a time (a single item is one tile
// of one row), held until the rows that read them are converted (ic_heif_avif_rows.c). Rows that
// read the canvas from the bottom up (imir 0, irot 2) take the rows of tiles in that order, one
// at a time; a quarter turn reads each canvas column as a row, so it holds a column of tiles at a
// time instead, right to left or left to right as the turn reads them (a grid's rows × one tile:
// the cost the plan reserves; each tile is still decoded once).
#include "ic_heif_avif.h"
#include "ic_heif_limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Gathers an item's extents (copied: the visitor's array is freed after the call).
typedef struct {
    ic_extent *extents;
    size_t count;
    int failed;
} ic_avif_extents;

static void ic_avif_collect(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    (void)item;
    ic_avif_extents *out = context;
    out->extents = count > 0 ? malloc(count * sizeof(ic_extent)) : NULL;
    if (count > 0 && out->extents == NULL) {
        out->failed = 1;
        return;
    }
    if (count > 0) memcpy(out->extents, extents, count * sizeof(ic_extent));
    out->count = count;
}

static ic_status ic_avif_check_picture(ic_dav1d_picture *picture, uint32_t width, uint32_t height, int strict,
                                       char *message, size_t message_size);

// Decodes one coded item of the plan's tiles: an av01 item's av1C configuration OBUs, then its
// data, as libheif 1.15 pushes them, to dav1d, held to the plan's picture and frame tiles; an hvc1
// item's hvcC units and data to libde265 (the plan's `hevc`).
static ic_status ic_avif_decode_item(const ic_heif_meta *meta, const ic_avif_plan *plan, uint32_t id, int strict,
                                     ic_dav1d_picture *picture, char *message, size_t message_size) {
    const uint32_t width = plan->cell_width, height = plan->cell_height;
    const uint64_t picture_bytes = plan->tile_picture;
    const int hevc = plan->hevc;
    ic_box *properties = NULL;
    size_t property_count = 0;
    const ic_heif_item item = {id, hevc ? IC_FOURCC('h', 'v', 'c', '1') : IC_FOURCC('a', 'v', '0', '1'), 0, 0};
    const uint32_t config_type = hevc ? IC_FOURCC('h', 'v', 'c', 'C') : IC_FOURCC('a', 'v', '1', 'C');
    const char *codec = hevc ? "HEVC" : "AV1";
    uint32_t config = 0;
    ic_avif_extents parts = {NULL, 0, 0};
    if (ic_heif_list_properties(meta, &properties, &property_count) != 0 ||
        ic_heif_item_properties(meta, properties, property_count, &item, 1, config_type, &config) != 0 ||
        ic_heif_visit_items(meta, &item, 1, ic_avif_collect, &parts) != 0 || parts.failed) {
        free(properties);
        free(parts.extents);
        snprintf(message, message_size, "cannot list the %s item's data", codec);
        return IC_ERR_NO_MEMORY;
    }
    if (parts.count == 0 || config == 0) {
        free(properties);
        free(parts.extents);
        snprintf(message, message_size, "the %s item has no data (item %u)", codec, id);
        return IC_ERR_CORRUPT;
    }
    const ic_box *av1c = &properties[config - 1];
    if (hevc) {
        const char *warning = NULL;
        char log[IC_DAV1D_MESSAGE];
        ic_status status = ic_hevc_decode_tile(meta->data + av1c->start, av1c->end - av1c->start, parts.extents,
                                               parts.count, picture_bytes, picture, &warning, log, sizeof(log));
        free(properties);
        free(parts.extents);
        if (status != IC_OK) {
            snprintf(message, message_size, "HEVC item %u: %s", id, log);
            return status;
        }
        // Damage is an error in strict mode, as the plugin's warning is (ic_heif_errors.c); otherwise
        // the undecoded parts are grey.
        if (strict && warning != NULL) {
            snprintf(message, message_size, "the HEVC stream is damaged: %s (a decoding warning, an error in strict mode)",
                     warning);
            ic_dav1d_release(picture);
            return IC_ERR_CORRUPT;
        }
        return ic_avif_check_picture(picture, width, height, strict, message, message_size);
    }
    const size_t header = 4;   // marker, version, profile, level, tier, depth, chroma: then the OBUs
    const size_t obus = av1c->end - av1c->start > header ? av1c->end - av1c->start - header : 0;
    const ic_extent obu_bytes = {meta->data + av1c->start + header, obus};
    char log[IC_DAV1D_MESSAGE];
    ic_status status = ic_dav1d_decode(&obu_bytes, parts.extents, parts.count, (uint64_t)width * height,
                                       picture_bytes, plan->frame_tiles, picture, log);
    free(properties);
    free(parts.extents);
    if (status != IC_OK) {
        snprintf(message, message_size, "AV1 item %u: %s", id, log);
        return status;
    }
    return ic_avif_check_picture(picture, width, height, strict, message, message_size);
}

// Checks a decoded tile against its header: its colour codes (strict) and its size and depth.
static ic_status ic_avif_check_picture(ic_dav1d_picture *picture, uint32_t width, uint32_t height, int strict,
                                       char *message, size_t message_size) {
    // Strict decoding refuses what libheif would have warned of: a colour code it does not know.
    const Dav1dSequenceHeader *sequence = picture->picture.seq_hdr;
    const char *warning = sequence == NULL ? NULL
                                           : ic_heif_nclx_warning((uint16_t)sequence->pri, (uint16_t)sequence->trc,
                                                                  (uint16_t)sequence->mtrx);
    if (strict && warning != NULL) {
        snprintf(message, message_size, "%s (a decoding warning, an error in strict mode)", warning);
        ic_dav1d_release(picture);
        return IC_ERR_CORRUPT;
    }
    const Dav1dPictureParameters *p = &picture->picture.p;
    // dav1d holds a frame to frame_size_limit only as a product: the sides must be the header's.
    if ((uint32_t)p->w != width || (uint32_t)p->h != height || (p->bpc != 8 && p->bpc != 10 && p->bpc != 12)) {
        snprintf(message, message_size, "the coded image (%d×%d, %d-bit) is not the size its header says (%u×%u)",
                 p->w, p->h, p->bpc, width, height);
        ic_dav1d_release(picture);
        return IC_ERR_CORRUPT;
    }
    return IC_OK;
}

// The conversion's coefficients, from the item's nclx or else the first colour tile's sequence
// header (libheif 1.15 prefers a colr box).
static void ic_avif_colors(ic_avif *a, const Dav1dSequenceHeader *sequence) {
    const int matrix = a->has_nclx ? a->nclx_matrix : sequence != NULL ? (int)sequence->mtrx : 2;
    const int primaries = a->has_nclx ? a->nclx_primaries : sequence != NULL ? (int)sequence->pri : 2;
    a->full_range = a->has_nclx ? a->nclx_full_range != 0 : sequence != NULL && sequence->color_range;
    a->identity = matrix == 0;
    ic_avif_coefficients(matrix, primaries, &a->kr, &a->kb);
    ic_avif_tile_factors(matrix, primaries, a->tile_rgb);
    a->colors_set = 1;
}

// Releases every tile held.
static void ic_avif_release(ic_avif *a) {
    const size_t cells = (size_t)a->plan->rows * a->plan->columns;
    for (size_t t = 0; t < cells; t++) {
        ic_dav1d_release(&a->color[t]);
        if (a->alpha != NULL) ic_dav1d_release(&a->alpha[t]);
    }
    a->band = -1;
}

ic_status ic_avif_hold(ic_avif *a, int64_t band, char *message, size_t message_size) {
    if (a->band == band) return IC_OK;
    ic_avif_release(a);
    const ic_avif_plan *plan = a->plan;
    ic_heif_meta meta;
    // A quarter turn's bands are columns of tiles, the others rows.
    const int columns = a->y_step != 0;
    if (band < 0 || band >= (int64_t)(columns ? plan->columns : plan->rows)) return IC_ERR_STATE;
    if (!ic_heif_find_meta(a->data, a->size, &meta)) return IC_ERR_STATE;
    const uint32_t first_row = columns ? 0 : (uint32_t)band, last_row = columns ? plan->rows - 1 : (uint32_t)band;
    const uint32_t first_column = columns ? (uint32_t)band : 0;
    const uint32_t last_column = columns ? (uint32_t)band : plan->columns - 1;
    for (uint32_t row = first_row; row <= last_row; row++) {
        for (uint32_t column = first_column; column <= last_column; column++) {
            const size_t t = (size_t)row * plan->columns + column;
            ic_status status = ic_avif_decode_item(&meta, plan, plan->color_tiles[t], a->strict, &a->color[t], message,
                                                   message_size);
            if (status == IC_OK && a->alpha != NULL) {
                status = ic_avif_decode_item(&meta, plan, plan->alpha_tiles[t], a->strict, &a->alpha[t], message,
                                             message_size);
            }
            // The rows read every tile alike: one depth and chroma layout for all.
            if (status == IC_OK && !a->colors_set) {
                ic_avif_colors(a, a->color[t].picture.seq_hdr);
                a->bits = a->color[t].picture.p.bpc, a->layout = (int)a->color[t].picture.p.layout;
                a->per_tile = plan->rows * plan->columns > 1 && a->bits == 8 && a->full_range && !a->identity;
                a->alpha_bits = a->alpha != NULL ? a->alpha[t].picture.p.bpc : 8;
            }
            if (status == IC_OK && (a->color[t].picture.p.bpc != a->bits || (int)a->color[t].picture.p.layout != a->layout ||
                                    (a->alpha != NULL && a->alpha[t].picture.p.bpc != a->alpha_bits))) {
                snprintf(message, message_size, "tile %zu of the grid has another depth or chroma layout", t + 1);
                status = IC_ERR_CORRUPT;
            }
            if (status != IC_OK) {
                ic_avif_release(a);
                return status;
            }
        }
    }
    a->band = band;
    return IC_OK;
}

ic_status ic_avif_decode(const uint8_t *data, size_t size, const ic_avif_plan *plan, const ic_heif_image_info *info,
                         int strict, ic_avif **out, char *message, size_t message_size) {
    *out = NULL;
    if (data == NULL || plan->color == 0 || plan->rows == 0 || plan->columns == 0) return IC_ERR_STATE;
    ic_avif *a = calloc(1, sizeof(ic_avif));
    if (a == NULL) return IC_ERR_NO_MEMORY;
    const size_t cells = (size_t)plan->rows * plan->columns;
    a->color = calloc(cells, sizeof(ic_dav1d_picture));
    a->alpha = plan->alpha_tiles != NULL ? calloc(cells, sizeof(ic_dav1d_picture)) : NULL;
    if (a->color == NULL || (plan->alpha_tiles != NULL && a->alpha == NULL)) {
        free(a->color);
        free(a->alpha);
        free(a);
        return IC_ERR_NO_MEMORY;
    }
    a->data = data, a->size = size, a->plan = plan, a->band = -1, a->strict = strict;
    a->has_nclx = info->has_nclx, a->nclx_matrix = info->nclx_matrix, a->nclx_primaries = info->nclx_primaries;
    a->nclx_full_range = info->nclx_full_range;
    a->premultiplied = plan->alpha != 0 && info->premultiplied;
    a->width = (plan->quarter_turns & 1) ? plan->crop_height : plan->crop_width;
    a->height = (plan->quarter_turns & 1) ? plan->crop_width : plan->crop_height;
    ic_avif_mapping(a, plan);
    // The first row's tiles now, so that a damaged first tile fails the decode, not a read.
    const ic_status status = ic_avif_hold(a, ic_avif_band(a, 0), message, message_size);
    if (status != IC_OK) {
        ic_avif_free(a);
        return status;
    }
    *out = a;
    return IC_OK;
}

void ic_avif_size(const ic_avif *avif, uint32_t *width, uint32_t *height) {
    *width = avif->width;
    *height = avif->height;
}

void ic_avif_free(ic_avif *avif) {
    if (avif == NULL) return;
    ic_avif_release(avif);
    free(avif->color);
    free(avif->alpha);
    free(avif);
}
