// The shim's AVIF path's rows (see ic_heif_avif_tiles.c for the tiles they read): RGBA8 rows
// converted from dav1d's planes as they are asked for, with clap, irot and imir applied by
// reading the canvas in the transformed order. The conversion is libheif 1.15's: nearest chroma
// sample, Kr and Kb from the nclx matrix (derived from the primaries for matrices 12 and 13,
// BT.601 for an unspecified or unknown one), identity for matrix 0, limited or full range;
// monochrome as grey levels, unexpanded; samples deeper than 8 bits reduced with rounding;
// premultiplied colours divided back.
#include "ic_heif_avif.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
void ic_avif_coefficients(int matrix, int primaries, float *kr, float *kb) {
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

void ic_avif_tile_factors(int matrix, int primaries, float factors[4]) {
    const int known = matrix == 1 || matrix == 4 || matrix == 5 || matrix == 6 || matrix == 7 || matrix == 9 ||
                      matrix == 10 || matrix == 12 || matrix == 13;
    if (!known) {
        factors[0] = 1.402f, factors[1] = -0.344136f, factors[2] = -0.714136f, factors[3] = 1.772f;
        return;
    }
    float kr, kb;
    ic_avif_coefficients(matrix, primaries, &kr, &kb);
    // libheif's expressions, in its order, in float.
    factors[0] = 2 * (-kr + 1);
    factors[1] = 2 * kb * (-kb + 1) / (kb + kr - 1);
    factors[2] = 2 * kr * (-kr + 1) / (kb + kr - 1);
    factors[3] = 2 * (-kb + 1);
}

// libheif 1.15's clip_f_u16 at 8 bits: rounded half up, then clamped.
static inline uint8_t ic_tile_to_8(float v) {
    const long x = (long)(v + 0.5f);
    return x < 0 ? 0 : x > 255 ? 255 : (uint8_t)x;
}

// Output (ox, oy) to source coordinates: imir undone, then irot, then the crop's offset.
void ic_avif_mapping(ic_avif *a, const ic_avif_plan *plan) {
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

int64_t ic_avif_band(const ic_avif *a, uint32_t row) {
    // A quarter turn reads a canvas column for each row: the column of tiles holding it.
    if (a->y_step != 0) return (a->x_row * (int64_t)row + a->x_start) / a->plan->cell_width;
    return (a->y_row * (int64_t)row + a->y_start) / a->plan->cell_height;
}

// A sample of plane `plane` of `p` at (x, y), 8 bits a byte, deeper in 16-bit words.
static inline uint32_t ic_sample(const Dav1dPicture *p, int plane, int64_t x, int64_t y) {
    const ptrdiff_t stride = p->stride[plane > 0];
    const uint8_t *row = (const uint8_t *)p->data[plane] + (ptrdiff_t)y * stride;
    return p->p.bpc == 8 ? row[x] : ((const uint16_t *)row)[x];
}

// Clamped by selects the compiler makes maxss and minss, not branches: the clamps' mispredicted
// branches were a third of the conversion's time (perf). The same values as before.
static inline uint8_t ic_unit_to_8(float v) {
    float scaled = v * 255.0f + 0.5f;
    scaled = scaled < 0.0f ? 0.0f : scaled;
    scaled = scaled > 255.0f ? 255.0f : scaled;
    return (uint8_t)scaled;
}

ic_status ic_avif_read_rows(ic_avif *a, uint8_t *rgba, size_t stride, uint32_t first, uint32_t rows, char *message,
                            size_t message_size) {
    if (a == NULL || rgba == NULL || (uint64_t)first + rows > a->height || stride < (size_t)a->width * 4) {
        return IC_ERR_STATE;
    }
    const ic_avif_plan *plan = a->plan;
    const int bits = a->bits, mono = a->layout == DAV1D_PIXEL_LAYOUT_I400;
    const int sx = a->layout == DAV1D_PIXEL_LAYOUT_I420 || a->layout == DAV1D_PIXEL_LAYOUT_I422;
    const int sy = a->layout == DAV1D_PIXEL_LAYOUT_I420;
    const uint32_t grey_max = (1u << bits) - 1;
    const float maximum = (float)grey_max, scale = (float)(1 << (bits - 8));
    // Full range: (v − offset) / maximum; limited: (v − 16·s) / 219·s, chroma (v − 128·s) / 224·s.
    const float luma_offset = a->full_range ? 0 : 16 * scale, luma_span = a->full_range ? maximum : 219 * scale;
    const float chroma_offset = (float)(1 << (bits - 1)), chroma_span = a->full_range ? maximum : 224 * scale;
    const float kr = a->kr, kb = a->kb, kg = 1 - kr - kb;
    const float r_cr = 2 - 2 * kr, b_cb = 2 - 2 * kb;
    const float g_cr = kg != 0 ? -kr * r_cr / kg : 0, g_cb = kg != 0 ? -kb * b_cb / kg : 0;
    const uint32_t alpha_max = (1u << a->alpha_bits) - 1;
    const int64_t cw = plan->cell_width, ch = plan->cell_height;
    for (uint32_t r = 0; r < rows; r++) {
        const ic_status status = ic_avif_hold(a, ic_avif_band(a, first + r), message, message_size);
        if (status != IC_OK) return status;
        const int64_t oy = (int64_t)first + r;
        int64_t x = a->x_row * oy + a->x_start, y = a->y_row * oy + a->y_start;
        uint8_t *out = rgba + (size_t)r * stride;
        // The tile the canvas position falls in, and the position in it. Along a canvas row (no
        // quarter turn) they are stepped, not divided for every pixel: the divisions were most of
        // the conversion's time (perf: 74% of a 12 MP decode and conversion in ic_avif_read_rows).
        const int along = a->y_step == 0;
        int64_t column = x / cw, tx = x % cw, ty = y % ch;
        const size_t row_of_tiles = (size_t)(y / ch) * plan->columns;
        for (uint32_t ox = 0; ox < a->width; ox++, x += a->x_step, y += a->y_step, out += 4) {
            if (ox > 0 && along) {
                tx += a->x_step;
                if (tx == cw) tx = 0, column++;
                else if (tx < 0) tx = cw - 1, column--;
            } else if (ox > 0) {
                column = x / cw, tx = x % cw, ty = y % ch;
            }
            const size_t t = (along ? row_of_tiles : (size_t)(y / ch) * plan->columns) + (size_t)column;
            const Dav1dPicture *p = &a->color[t].picture;
            if (mono) {
                // libheif 1.15 takes a monochrome picture's samples as grey levels whatever its
                // range (avifdec 0.11 does too at 8 bits): its colours are kept.
                const uint32_t level = ic_sample(p, 0, tx, ty);
                out[0] = out[1] = out[2] = (uint8_t)((level * 255u + grey_max / 2) / grey_max);
            } else {
                const float luma = ((float)ic_sample(p, 0, tx, ty) - luma_offset) / luma_span;
                const int64_t cx = tx >> sx, cy = ty >> sy;
                const float u = (float)ic_sample(p, 1, cx, cy), v = (float)ic_sample(p, 2, cx, cy);
                if (a->per_tile) {
                    // libheif converts each tile of a grid on its own, in 8-bit float (a level
                    // apart from the normalised conversion below on a few pixels).
                    const float yv = (float)ic_sample(p, 0, tx, ty), cb = u - 128.0f, cr = v - 128.0f;
                    out[0] = ic_tile_to_8(yv + a->tile_rgb[0] * cr);
                    out[1] = ic_tile_to_8(yv + a->tile_rgb[1] * cb + a->tile_rgb[2] * cr);
                    out[2] = ic_tile_to_8(yv + a->tile_rgb[3] * cb);
                } else {
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
            }
            out[3] = 255;
            if (a->alpha == NULL) continue;
            const uint32_t value = ic_sample(&a->alpha[t].picture, 0, tx, ty);
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

int ic_avif_grey(ic_avif *a) {
    if (a == NULL) return 0;
    if (a->layout == DAV1D_PIXEL_LAYOUT_I400) return 1;
    uint8_t *row = malloc((size_t)a->width * 4);
    if (row == NULL) return 0;
    char message[IC_DAV1D_MESSAGE];
    int grey = 1;
    for (uint32_t y = 0; y < a->height && grey; y++) {
        if (ic_avif_read_rows(a, row, (size_t)a->width * 4, y, 1, message, sizeof(message)) != IC_OK) grey = 0;
        for (uint32_t x = 0; x < a->width && grey; x++) {
            const uint8_t *px = row + (size_t)x * 4;
            if (abs(px[0] - px[1]) > 2 || abs(px[0] - px[2]) > 2) grey = 0;
        }
    }
    free(row);
    return grey;
}
