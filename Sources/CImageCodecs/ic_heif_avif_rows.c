// The shim's AVIF path's rows (see ic_heif_avif_tiles.c for the tiles they read): RGBA8 rows
// converted from dav1d's planes as they are asked for, with clap, irot and imir applied by
// reading the canvas in the transformed order. The conversion is libheif 1.15's: nearest chroma
// sample, Kr and Kb from the nclx matrix (derived from the primaries for matrices 12 and 13,
// BT.601 for an unspecified or unknown one), identity for matrix 0, limited or full range;
// monochrome as grey levels, unexpanded; samples deeper than 8 bits reduced with rounding;
// premultiplied colours divided back (ic_heif_avif_convert.c converts).
#include "ic_heif_avif_convert.h"

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

// Rows [first, first + rows) under a quarter turn, where each output row is a canvas column
// (x_step and y_row are 0, x_row and y_step ±1). Rows reading one column of tiles are converted
// together: at each output column, their pixels are a run of one canvas row, converted as a span
// (contiguous reads, in vectors), then sent down the output rows. Reading each column on its own
// missed the cache at every pixel.
static ic_status ic_avif_read_turned(ic_avif *a, const ic_avif_convert *k, uint8_t *rgba, size_t stride,
                                     uint32_t first, uint32_t rows, char *message, size_t message_size) {
    enum { IC_BATCH = 64 };
    uint8_t run[4 * IC_BATCH];
    const ic_avif_plan *plan = a->plan;
    const int64_t cw = plan->cell_width, ch = plan->cell_height;
    const uint32_t alpha_max = (1u << a->alpha_bits) - 1;
    for (uint32_t r0 = 0; r0 < rows;) {
        const int64_t band = ic_avif_band(a, first + r0);
        const ic_status status = ic_avif_hold(a, band, message, message_size);
        if (status != IC_OK) return status;
        uint32_t r1 = r0 + 1;
        while (r1 < rows && r1 - r0 < IC_BATCH && ic_avif_band(a, first + r1) == band) r1++;
        const int64_t m = r1 - r0, x = a->x_row * ((int64_t)first + r0) + a->x_start;
        const int64_t tx = x % cw, column = x / cw;
        for (int64_t ox = 0, y = a->y_start; ox < (int64_t)a->width; ox++, y += a->y_step) {
            const size_t t = (size_t)(y / ch) * plan->columns + (size_t)column;
            ic_avif_convert_span(k, &a->color[t].picture, tx, y % ch, m, a->x_row, run);
            if (a->alpha != NULL) {
                ic_avif_alpha_span(&a->alpha[t].picture, alpha_max, a->premultiplied, tx, y % ch, m, a->x_row, run);
            }
            for (int64_t j = 0; j < m; j++) memcpy(rgba + (size_t)(r0 + j) * stride + 4 * (size_t)ox, run + 4 * j, 4);
        }
        r0 = r1;
    }
    return IC_OK;
}

ic_status ic_avif_read_rows(ic_avif *a, uint8_t *rgba, size_t stride, uint32_t first, uint32_t rows, char *message,
                            size_t message_size) {
    if (a == NULL || rgba == NULL || (uint64_t)first + rows > a->height || stride < (size_t)a->width * 4) {
        return IC_ERR_STATE;
    }
    ic_avif_convert k;
    ic_avif_convert_set(a, &k);
    if (a->y_step != 0 && a->x_step == 0 && a->y_row == 0) {
        return ic_avif_read_turned(a, &k, rgba, stride, first, rows, message, message_size);
    }
    const ic_avif_plan *plan = a->plan;
    const uint32_t alpha_max = (1u << a->alpha_bits) - 1;
    const int64_t cw = plan->cell_width, ch = plan->cell_height;
    for (uint32_t r = 0; r < rows; r++) {
        const ic_status status = ic_avif_hold(a, ic_avif_band(a, first + r), message, message_size);
        if (status != IC_OK) return status;
        const int64_t oy = (int64_t)first + r;
        int64_t x = a->x_row * oy + a->x_start, y = a->y_row * oy + a->y_start;
        uint8_t *out = rgba + (size_t)r * stride;
        // Along a canvas row (no quarter turn): a run of pixels in each tile it crosses, converted
        // together; a pixel at a time for a turn read_turned does not take (ic_avif_mapping makes none).
        const int along = a->y_step == 0;
        for (int64_t ox = 0; ox < (int64_t)a->width;) {
            const int64_t column = x / cw, tx = x % cw, ty = y % ch, step = a->x_step;
            int64_t n = !along ? 1 : step > 0 ? cw - tx : tx + 1;
            if (n > (int64_t)a->width - ox) n = (int64_t)a->width - ox;
            const size_t t = (size_t)(y / ch) * plan->columns + (size_t)column;
            ic_avif_convert_span(&k, &a->color[t].picture, tx, ty, n, step, out + 4 * ox);
            if (a->alpha != NULL) {
                ic_avif_alpha_span(&a->alpha[t].picture, alpha_max, a->premultiplied, tx, ty, n, step, out + 4 * ox);
            }
            ox += n, x += step * n, y += a->y_step * n;
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
