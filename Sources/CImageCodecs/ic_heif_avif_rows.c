// The shim's AVIF path, after the plan (ic_heif_avif.c): the items decoded by dav1d, then RGBA8
// rows converted from dav1d's planes as they are asked for, with clap, irot and imir applied by
// reading the planes in the transformed order (the picture is whole in dav1d's memory anyway, so
// a turn or a mirror costs no buffer). The conversion is libheif 1.15's: nearest chroma sample,
// Kr and Kb from the nclx matrix (derived from the primaries for matrices 12 and 13, BT.601 for
// an unspecified or unknown one), identity for matrix 0, limited or full range; monochrome as
// grey levels, unexpanded; samples deeper than 8 bits reduced with rounding; premultiplied colours divided back.
#include "ic_heif_avif.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ic_avif {
    ic_dav1d_picture color;
    ic_dav1d_picture alpha;
    uint32_t width, height;            // displayed
    int64_t x_step, x_row, x_start;    // source x = x_step·ox + x_row·oy + x_start
    int64_t y_step, y_row, y_start;    // source y likewise
    float kr, kb;
    int identity, full_range, premultiplied;
};

// Gathers an item's extents (copied: the visitor's array is freed after the call).
typedef struct {
    ic_extent *extents;
    size_t count;
    int failed;
} ic_avif_extents;

static void ic_avif_collect(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    (void)item;
    ic_avif_extents *out = context;
    out->extents = count > 0 ? malloc((count + 1) * sizeof(ic_extent)) : NULL;
    if (count > 0 && out->extents == NULL) {
        out->failed = 1;
        return;
    }
    // Slot 0 is left for the configuration OBUs.
    if (count > 0) memcpy(out->extents + 1, extents, count * sizeof(ic_extent));
    out->count = count;
}

// Decodes one av01 item: its av1C's configuration OBUs, then its data, as libheif 1.15 pushes them.
static ic_status ic_avif_decode_item(const ic_heif_meta *meta, uint32_t id, uint32_t width, uint32_t height,
                                     uint64_t picture_bytes, ic_dav1d_picture *picture, char *message,
                                     size_t message_size) {
    ic_box *properties = NULL;
    size_t property_count = 0;
    const ic_heif_item item = {id, IC_FOURCC('a', 'v', '0', '1'), 0};
    uint32_t config = 0;
    ic_avif_extents parts = {NULL, 0, 0};
    if (ic_heif_list_properties(meta, &properties, &property_count) != 0 ||
        ic_heif_item_properties(meta, properties, property_count, &item, 1, IC_FOURCC('a', 'v', '1', 'C'), &config) !=
            0 ||
        ic_heif_visit_items(meta, &item, 1, ic_avif_collect, &parts) != 0 || parts.failed) {
        free(properties);
        free(parts.extents);
        snprintf(message, message_size, "cannot list the AV1 item's data");
        return IC_ERR_NO_MEMORY;
    }
    if (parts.count == 0 || config == 0) {
        free(properties);
        free(parts.extents);
        snprintf(message, message_size, "the AV1 item has no data (item %u)", id);
        return IC_ERR_CORRUPT;
    }
    const ic_box *av1c = &properties[config - 1];
    const size_t header = 4;   // marker, version, profile, level, tier, depth, chroma: then the OBUs
    const size_t obus = av1c->end - av1c->start > header ? av1c->end - av1c->start - header : 0;
    parts.extents[0] = (ic_extent){meta->data + av1c->start + header, obus};
    const int skip = obus == 0;
    char log[IC_DAV1D_MESSAGE];
    ic_status status = ic_dav1d_decode(parts.extents + skip, parts.count + 1 - skip,
                                       (uint64_t)width * height, picture_bytes, picture, log);
    free(properties);
    free(parts.extents);
    if (status != IC_OK) {
        snprintf(message, message_size, "AV1 item %u: %s", id, log);
        return status;
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

// The chromaticities of an nclx colour primaries code (H.273 table 2): red, green, blue, white.
static void ic_avif_primaries(int code, double xy[8]) {
    static const double table[][9] = {
        {1, .64, .33, .30, .60, .15, .06, .3127, .3290},      {4, .67, .33, .21, .71, .14, .08, .310, .316},
        {5, .64, .33, .29, .60, .15, .06, .3127, .3290},      {6, .630, .340, .310, .595, .155, .070, .3127, .3290},
        {7, .630, .340, .310, .595, .155, .070, .3127, .3290}, {8, .681, .319, .243, .692, .145, .049, .310, .316},
        {9, .708, .292, .170, .797, .131, .046, .3127, .3290}, {10, 1, 0, 0, 1, 0, 0, 1. / 3, 1. / 3},
        {11, .680, .320, .265, .690, .150, .060, .314, .351}, {12, .680, .320, .265, .690, .150, .060, .3127, .3290},
        {22, .630, .340, .295, .605, .155, .077, .3127, .3290},
    };
    memcpy(xy, table[0] + 1, 8 * sizeof(double));
    for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
        if ((int)table[i][0] == code) memcpy(xy, table[i] + 1, 8 * sizeof(double));
    }
}

// Kr and Kb for an nclx matrix (and primaries, for the chromaticity-derived matrices 12 and 13).
static void ic_avif_coefficients(int matrix, int primaries, float *kr, float *kb) {
    switch (matrix) {
    case 1: *kr = 0.2126f, *kb = 0.0722f; return;
    case 4: *kr = 0.30f, *kb = 0.11f; return;
    case 7: *kr = 0.212f, *kb = 0.087f; return;
    case 9: case 10: *kr = 0.2627f, *kb = 0.0593f; return;
    case 12: case 13: break;
    default: *kr = 0.299f, *kb = 0.114f; return;
    }
    // Y of each primary when white has Y = 1: the white point's XYZ in the primaries' basis.
    double c[8];
    ic_avif_primaries(primaries, c);
    double m[3][3], w[3] = {c[6] / c[7], 1, (1 - c[6] - c[7]) / c[7]};
    for (int i = 0; i < 3; i++) {
        const double x = c[2 * i], y = c[2 * i + 1];
        m[0][i] = x / y, m[1][i] = 1, m[2][i] = (1 - x - y) / y;
    }
    const double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                       m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                       m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if (fabs(det) < 1e-9) {
        *kr = 0.299f, *kb = 0.114f;
        return;
    }
    // Cramer's rule for the red and blue scales.
    const double sr = (w[0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (w[1] * m[2][2] - m[1][2] * w[2]) +
                       m[0][2] * (w[1] * m[2][1] - m[1][1] * w[2])) / det;
    const double sb = (m[0][0] * (m[1][1] * w[2] - w[1] * m[2][1]) - m[0][1] * (m[1][0] * w[2] - w[1] * m[2][0]) +
                       w[0] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])) / det;
    *kr = (float)sr, *kb = (float)sb;
}

// Output (ox, oy) to source coordinates: imir undone, then irot, then the crop's offset.
static void ic_avif_mapping(ic_avif *a, const ic_avif_plan *plan) {
    int64_t xs = 1, xr = 0, x0 = 0, ys = 0, yr = 1, y0 = 0;
    if (plan->mirror == 1) xs = -1, x0 = (int64_t)a->width - 1;
    if (plan->mirror == 0) yr = -1, y0 = (int64_t)a->height - 1;
    const int64_t w1 = plan->crop_width - 1, h1 = plan->crop_height - 1;
    int64_t nxs = xs, nxr = xr, nx0 = x0, nys = ys, nyr = yr, ny0 = y0;
    switch (plan->quarter_turns) {
    case 1: nxs = -ys, nxr = -yr, nx0 = w1 - y0, nys = xs, nyr = xr, ny0 = x0; break;
    case 2: nxs = -xs, nxr = -xr, nx0 = w1 - x0, nys = -ys, nyr = -yr, ny0 = h1 - y0; break;
    case 3: nxs = ys, nxr = yr, nx0 = y0, nys = -xs, nyr = -xr, ny0 = h1 - x0; break;
    default: break;
    }
    a->x_step = nxs, a->x_row = nxr, a->x_start = nx0 + plan->crop_left;
    a->y_step = nys, a->y_row = nyr, a->y_start = ny0 + plan->crop_top;
}

ic_status ic_avif_decode(const uint8_t *data, size_t size, const ic_avif_plan *plan, const ic_heif_image_info *info,
                         ic_avif **out, char *message, size_t message_size) {
    *out = NULL;
    ic_heif_meta meta;
    if (data == NULL || plan->color == 0 || !ic_heif_find_meta(data, size, &meta)) return IC_ERR_STATE;
    ic_avif *a = calloc(1, sizeof(ic_avif));
    if (a == NULL) return IC_ERR_NO_MEMORY;
    ic_status status = ic_avif_decode_item(&meta, plan->color, plan->coded_width, plan->coded_height,
                                           plan->color_picture, &a->color, message, message_size);
    if (status == IC_OK && plan->alpha != 0) {
        status = ic_avif_decode_item(&meta, plan->alpha, plan->coded_width, plan->coded_height,
                                     plan->alpha_picture, &a->alpha, message, message_size);
    }
    if (status != IC_OK) {
        ic_avif_free(a);
        return status;
    }
    const Dav1dSequenceHeader *sequence = a->color.picture.seq_hdr;
    // libheif 1.15 prefers the item's colr nclx to the bitstream's colour description.
    const int matrix = info->has_nclx ? info->nclx_matrix : sequence != NULL ? (int)sequence->mtrx : 2;
    const int primaries = info->has_nclx ? info->nclx_primaries : sequence != NULL ? (int)sequence->pri : 2;
    a->full_range = info->has_nclx ? info->nclx_full_range != 0 : sequence != NULL && sequence->color_range;
    a->identity = matrix == 0;
    ic_avif_coefficients(matrix, primaries, &a->kr, &a->kb);
    a->premultiplied = plan->alpha != 0 && info->premultiplied;
    a->width = (plan->quarter_turns & 1) ? plan->crop_height : plan->crop_width;
    a->height = (plan->quarter_turns & 1) ? plan->crop_width : plan->crop_height;
    ic_avif_mapping(a, plan);
    *out = a;
    return IC_OK;
}

int ic_avif_codes(const ic_avif *avif, int alpha, uint16_t codes[3]) {
    const ic_dav1d_picture *picture = alpha ? &avif->alpha : &avif->color;
    const Dav1dSequenceHeader *sequence = picture->held ? picture->picture.seq_hdr : NULL;
    if (sequence == NULL) return 0;
    codes[0] = (uint16_t)sequence->pri, codes[1] = (uint16_t)sequence->trc, codes[2] = (uint16_t)sequence->mtrx;
    return 1;
}

void ic_avif_size(const ic_avif *avif, uint32_t *width, uint32_t *height) {
    *width = avif->width;
    *height = avif->height;
}

static inline uint32_t ic_sample(const Dav1dPicture *p, int plane, int64_t x, int64_t y) {
    const ptrdiff_t stride = p->stride[plane > 0];
    const uint8_t *row = (const uint8_t *)p->data[plane] + (ptrdiff_t)y * stride;
    return p->p.bpc == 8 ? row[x] : ((const uint16_t *)row)[x];
}

static inline uint8_t ic_unit_to_8(float v) {
    const float scaled = v * 255.0f + 0.5f;
    return scaled <= 0 ? 0 : scaled >= 255 ? 255 : (uint8_t)scaled;
}

ic_status ic_avif_read_rows(const ic_avif *a, uint8_t *rgba, size_t stride, uint32_t first, uint32_t rows) {
    if (a == NULL || rgba == NULL || (uint64_t)first + rows > a->height || stride < (size_t)a->width * 4) {
        return IC_ERR_STATE;
    }
    const Dav1dPicture *p = &a->color.picture;
    const int bits = p->p.bpc, mono = p->p.layout == DAV1D_PIXEL_LAYOUT_I400;
    const int sx = p->p.layout == DAV1D_PIXEL_LAYOUT_I420 || p->p.layout == DAV1D_PIXEL_LAYOUT_I422;
    const int sy = p->p.layout == DAV1D_PIXEL_LAYOUT_I420;
    const uint32_t grey_max = (1u << bits) - 1;
    const float maximum = (float)grey_max, scale = (float)(1 << (bits - 8));
    // Full range: (v − offset) / maximum; limited: (v − 16·s) / 219·s, chroma (v − 128·s) / 224·s.
    const float luma_offset = a->full_range ? 0 : 16 * scale, luma_span = a->full_range ? maximum : 219 * scale;
    const float chroma_offset = (float)(1 << (bits - 1)), chroma_span = a->full_range ? maximum : 224 * scale;
    const float kr = a->kr, kb = a->kb, kg = 1 - kr - kb;
    const float r_cr = 2 - 2 * kr, b_cb = 2 - 2 * kb;
    const float g_cr = kg != 0 ? -kr * r_cr / kg : 0, g_cb = kg != 0 ? -kb * b_cb / kg : 0;
    const Dav1dPicture *alpha = a->alpha.held ? &a->alpha.picture : NULL;
    const uint32_t alpha_max = alpha != NULL ? (1u << alpha->p.bpc) - 1 : 1;
    for (uint32_t r = 0; r < rows; r++) {
        const int64_t oy = (int64_t)first + r;
        int64_t x = a->x_row * oy + a->x_start, y = a->y_row * oy + a->y_start;
        uint8_t *out = rgba + (size_t)r * stride;
        for (uint32_t ox = 0; ox < a->width; ox++, x += a->x_step, y += a->y_step, out += 4) {
            if (mono) {
                // libheif 1.15 takes a monochrome picture's samples as grey levels whatever its
                // range (avifdec 0.11 does too at 8 bits): its colours are kept.
                const uint32_t level = ic_sample(p, 0, x, y);
                out[0] = out[1] = out[2] = (uint8_t)((level * 255u + grey_max / 2) / grey_max);
            } else {
                const float luma = ((float)ic_sample(p, 0, x, y) - luma_offset) / luma_span;
                const int64_t cx = x >> sx, cy = y >> sy;
                const float u = (float)ic_sample(p, 1, cx, cy), v = (float)ic_sample(p, 2, cx, cy);
                float red, green, blue;
                if (a->identity) {
                    green = luma;
                    blue = (u - luma_offset) / luma_span;
                    red = (v - luma_offset) / luma_span;
                } else {
                    const float cb = (u - chroma_offset) / chroma_span, cr = (v - chroma_offset) / chroma_span;
                    red = luma + r_cr * cr;
                    green = luma + g_cb * cb + g_cr * cr;
                    blue = luma + b_cb * cb;
                }
                out[0] = ic_unit_to_8(red), out[1] = ic_unit_to_8(green), out[2] = ic_unit_to_8(blue);
            }
            out[3] = 255;
            if (alpha == NULL) continue;
            const uint32_t value = ic_sample(alpha, 0, x, y);
            out[3] = (uint8_t)(((value > alpha_max ? alpha_max : value) * 255u + alpha_max / 2) / alpha_max);
            if (a->premultiplied && out[3] < 255) {
                for (int c = 0; c < 3; c++) {
                    const uint32_t straight = out[3] == 0 ? 0 : ((uint32_t)out[c] * 255u + out[3] / 2) / out[3];
                    out[c] = (uint8_t)(straight > 255 ? 255 : straight);
                }
            }
        }
    }
    return IC_OK;
}

int ic_avif_grey(const ic_avif *a) {
    if (a == NULL) return 0;
    if (a->color.picture.p.layout == DAV1D_PIXEL_LAYOUT_I400) return 1;
    uint8_t *row = malloc((size_t)a->width * 4);
    if (row == NULL) return 0;
    int grey = 1;
    for (uint32_t y = 0; y < a->height && grey; y++) {
        if (ic_avif_read_rows(a, row, (size_t)a->width * 4, y, 1) != IC_OK) grey = 0;
        for (uint32_t x = 0; x < a->width && grey; x++) {
            const uint8_t *px = row + (size_t)x * 4;
            if (abs(px[0] - px[1]) > 2 || abs(px[0] - px[2]) > 2) grey = 0;
        }
    }
    free(row);
    return grey;
}

void ic_avif_free(ic_avif *avif) {
    if (avif == NULL) return;
    ic_dav1d_release(&avif->color);
    ic_dav1d_release(&avif->alpha);
    free(avif);
}
