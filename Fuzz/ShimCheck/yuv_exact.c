// The shim's AVIF and HEIC row conversion (Sources/CImageCodecs/ic_heif_avif_rows.c, _convert.c
// and _avx2.c) against the conversion it replaced, byte for byte (Fuzz/yuv-exact.sh builds and
// runs it). ic_avif_read_rows must give exactly the pixels of the per-pixel float code below,
// which is the previous ic_avif_read_rows copied unchanged (but for the names, and IC_NUDGE:
// built with -DIC_PERTURB the reference's red factor moves by one float step, and this check
// must fail). Compared:
//   - every 8-bit Y, Cb, Cr triple (2^24) through each matrix the rows can meet (the nclx matrices
//     with their own Kr and Kb, 12 and 13 with every primaries code that gives other ones, an
//     unknown one), full and limited range, and libheif's per-tile factors for grids;
//   - at 10 and 12 bits every luma level against pseudo-random chroma (2^24 triples a matrix), or
//     with --deep every 10-bit triple (2^30; minutes);
//   - the geometry: 4:0:0, 4:2:0, 4:2:2 and 4:4:4 at 8, 10 and 12 bits, grids of odd-sized
//     tiles, crops at odd offsets, both mirrors, the four turns, alpha straight and premultiplied.
// Prints what it compared; exits 1 on the first configuration with a differing byte. With
// --geometry only the geometries are compared (quick enough to run under valgrind).
#include "../../Sources/CImageCodecs/ic_heif_avif.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef IC_PERTURB
#define IC_NUDGE(x) nextafterf((x), 0.0f)
#else
#define IC_NUDGE(x) (x)
#endif

// Every tile is held from the start: the rows never decode.
ic_status ic_avif_hold(ic_avif *a, int64_t band, char *message, size_t message_size) {
    (void)a, (void)band, (void)message, (void)message_size;
    return IC_OK;
}

// The previous conversion's helpers and ic_avif_read_rows, unchanged.
static inline uint8_t ic_old_tile_to_8(float v) {
    const long x = (long)(v + 0.5f);
    return x < 0 ? 0 : x > 255 ? 255 : (uint8_t)x;
}

static inline uint32_t ic_old_sample(const Dav1dPicture *p, int plane, int64_t x, int64_t y) {
    const ptrdiff_t stride = p->stride[plane > 0];
    const uint8_t *row = (const uint8_t *)p->data[plane] + (ptrdiff_t)y * stride;
    return p->p.bpc == 8 ? row[x] : ((const uint16_t *)row)[x];
}

static inline uint8_t ic_old_unit_to_8(float v) {
    float scaled = v * 255.0f + 0.5f;
    scaled = scaled < 0.0f ? 0.0f : scaled;
    scaled = scaled > 255.0f ? 255.0f : scaled;
    return (uint8_t)scaled;
}

static ic_status ic_old_read_rows(ic_avif *a, uint8_t *rgba, size_t stride, uint32_t first, uint32_t rows,
                                  char *message, size_t message_size) {
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
    const float r_cr = IC_NUDGE(2 - 2 * kr), b_cb = 2 - 2 * kb;
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
                const uint32_t level = ic_old_sample(p, 0, tx, ty);
                out[0] = out[1] = out[2] = (uint8_t)((level * 255u + grey_max / 2) / grey_max);
            } else {
                const float luma = ((float)ic_old_sample(p, 0, tx, ty) - luma_offset) / luma_span;
                const int64_t cx = tx >> sx, cy = ty >> sy;
                const float u = (float)ic_old_sample(p, 1, cx, cy), v = (float)ic_old_sample(p, 2, cx, cy);
                if (a->per_tile) {
                    // libheif converts each tile of a grid on its own, in 8-bit float (a level
                    // apart from the normalised conversion below on a few pixels).
                    const float yv = (float)ic_old_sample(p, 0, tx, ty), cb = u - 128.0f, cr = v - 128.0f;
                    out[0] = ic_old_tile_to_8(yv + a->tile_rgb[0] * cr);
                    out[1] = ic_old_tile_to_8(yv + a->tile_rgb[1] * cb + a->tile_rgb[2] * cr);
                    out[2] = ic_old_tile_to_8(yv + a->tile_rgb[3] * cb);
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
                    out[0] = ic_old_unit_to_8(red), out[1] = ic_old_unit_to_8(green), out[2] = ic_old_unit_to_8(blue);
                }
            }
            out[3] = 255;
            if (a->alpha == NULL) continue;
            const uint32_t value = ic_old_sample(&a->alpha[t].picture, 0, tx, ty);
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

// The matrices whose Kr and Kb differ (nclx matrix, primaries), the last an unknown matrix.
static const int ic_matrices[][2] = {
    {1, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}, {9, 1}, {10, 1}, {12, 1}, {12, 2}, {12, 4}, {12, 5}, {12, 6},
    {12, 7}, {12, 8}, {12, 9}, {12, 10}, {12, 11}, {12, 12}, {12, 22}, {13, 9}, {3, 1},
};
#define IC_MATRICES (sizeof(ic_matrices) / sizeof(ic_matrices[0]))

static uint64_t ic_state = 0x9E3779B97F4A7C15u;
static uint32_t ic_random(void) {
    ic_state ^= ic_state << 13, ic_state ^= ic_state >> 7, ic_state ^= ic_state << 17;
    return (uint32_t)(ic_state >> 16);
}

// A picture of w×h in `layout` at `bits`, its planes zeroed, rows padded as dav1d pads them.
static void ic_picture(Dav1dPicture *p, int w, int h, int layout, int bits) {
    memset(p, 0, sizeof(*p));
    p->p.w = w, p->p.h = h, p->p.layout = (enum Dav1dPixelLayout)layout, p->p.bpc = bits;
    const int bytes = bits == 8 ? 1 : 2;
    const int sx = layout == DAV1D_PIXEL_LAYOUT_I420 || layout == DAV1D_PIXEL_LAYOUT_I422;
    const int sy = layout == DAV1D_PIXEL_LAYOUT_I420;
    const int cw = (w + sx) >> sx, ch = (h + sy) >> sy;
    p->stride[0] = ((ptrdiff_t)w * bytes + 63) / 64 * 64, p->stride[1] = ((ptrdiff_t)cw * bytes + 63) / 64 * 64;
    p->data[0] = calloc((size_t)p->stride[0] * h, 1);
    const int planes = layout == DAV1D_PIXEL_LAYOUT_I400 ? 1 : 3;
    for (int c = 1; c < planes; c++) p->data[c] = calloc((size_t)p->stride[1] * ch, 1);
    if (p->data[0] == NULL || (planes == 3 && (p->data[1] == NULL || p->data[2] == NULL))) {
        fprintf(stderr, "yuv_exact: out of memory\n");
        exit(2);
    }
}

static void ic_picture_free(Dav1dPicture *p) {
    for (int c = 0; c < 3; c++) free(p->data[c]);
}

static void ic_put(Dav1dPicture *p, int plane, int x, int y, uint32_t value) {
    uint8_t *row = (uint8_t *)p->data[plane] + (ptrdiff_t)y * p->stride[plane > 0];
    if (p->p.bpc == 8) row[x] = (uint8_t)value;
    else ((uint16_t *)row)[x] = (uint16_t)value;
}

// The colours of (matrix, primaries) as the tiles set them (ic_avif_colors), and the range.
static void ic_colors(ic_avif *a, int matrix, int primaries, int full_range) {
    a->full_range = full_range, a->identity = matrix == 0;
    ic_avif_coefficients(matrix, primaries, &a->kr, &a->kb);
    ic_avif_tile_factors(matrix, primaries, a->tile_rgb);
}

// Every row of `a` read by both conversions, 16 at a time as HEIFDecoder asks; 0 when they agree.
static int ic_compare(ic_avif *a, const char *what, uint64_t *pixels) {
    const size_t stride = (size_t)a->width * 4 + 12;
    uint8_t *fresh = malloc(stride * 16), *old = malloc(stride * 16);
    char message[IC_DAV1D_MESSAGE];
    int bad = fresh == NULL || old == NULL;
    for (uint32_t first = 0; first < a->height && !bad; first += 16) {
        const uint32_t rows = a->height - first < 16 ? a->height - first : 16;
        memset(fresh, 0xA5, stride * rows), memset(old, 0x5A, stride * rows);
        if (ic_avif_read_rows(a, fresh, stride, first, rows, message, sizeof(message)) != IC_OK ||
            ic_old_read_rows(a, old, stride, first, rows, message, sizeof(message)) != IC_OK) {
            printf("FAIL %s: a read failed\n", what);
            bad = 1;
            break;
        }
        for (uint32_t r = 0; r < rows && !bad; r++) {
            for (uint32_t x = 0; x < a->width * 4 && !bad; x++) {
                if (fresh[r * stride + x] != old[r * stride + x]) {
                    printf("FAIL %s: row %u, pixel %u, channel %u: %u, was %u\n", what, first + r, x / 4, x % 4,
                           fresh[r * stride + x], old[r * stride + x]);
                    bad = 1;
                }
            }
        }
        *pixels += (uint64_t)rows * a->width;
    }
    free(fresh);
    free(old);
    return bad;
}

// One tile of w×h, nothing transformed.
static void ic_single(ic_avif *a, ic_avif_plan *plan, ic_dav1d_picture *tile, int w, int h) {
    memset(plan, 0, sizeof(*plan));
    plan->rows = plan->columns = 1, plan->cell_width = plan->crop_width = plan->coded_width = (uint32_t)w;
    plan->cell_height = plan->crop_height = plan->coded_height = (uint32_t)h, plan->mirror = -1;
    memset(a, 0, sizeof(*a));
    a->plan = plan, a->color = tile, a->width = (uint32_t)w, a->height = (uint32_t)h;
    a->bits = tile->picture.p.bpc, a->layout = (int)tile->picture.p.layout, a->alpha_bits = 8;
    ic_avif_mapping(a, plan);
}

// Each matrix in both ranges, and libheif's per-tile factors, over the picture in `tile`.
static int ic_matrices_over(ic_dav1d_picture *tile, int w, int h, const char *label, uint64_t *pixels) {
    ic_avif a;
    ic_avif_plan plan;
    ic_single(&a, &plan, tile, w, h);
    char what[160];
    for (size_t m = 0; m < IC_MATRICES; m++) {
        for (int mode = 0; mode < (tile->picture.p.bpc == 8 ? 3 : 2); mode++) {
            ic_colors(&a, ic_matrices[m][0], ic_matrices[m][1], mode != 0);
            a.per_tile = mode == 2;
            snprintf(what, sizeof(what), "%s, matrix %d, primaries %d, %s", label, ic_matrices[m][0],
                     ic_matrices[m][1], mode == 0 ? "limited range" : mode == 1 ? "full range" : "per-tile factors");
            if (ic_compare(&a, what, pixels)) return 1;
        }
    }
    return 0;
}

// Every 8-bit triple: a 4096×4096 4:4:4 picture whose pixel i is Y = i mod 256, Cb = i / 256 mod
// 256, Cr = i / 65536.
static int ic_every_8_bit(uint64_t *pixels) {
    ic_dav1d_picture tile = {0};
    ic_picture(&tile.picture, 4096, 4096, DAV1D_PIXEL_LAYOUT_I444, 8);
    for (uint32_t i = 0; i < 1u << 24; i++) {
        ic_put(&tile.picture, 0, (int)(i % 4096), (int)(i / 4096), i & 255);
        ic_put(&tile.picture, 1, (int)(i % 4096), (int)(i / 4096), (i >> 8) & 255);
        ic_put(&tile.picture, 2, (int)(i % 4096), (int)(i / 4096), i >> 16);
    }
    const int bad = ic_matrices_over(&tile, 4096, 4096, "8-bit, every triple", pixels);
    ic_picture_free(&tile.picture);
    return bad;
}

// At `bits`: every luma level against pseudo-random chroma (`slices` 0), or, for slice s of
// `slices`, the 2^24 triples whose Cr is in the slice's range (every triple over all slices).
static int ic_deep(int bits, int slice, int slices, uint64_t *pixels) {
    ic_dav1d_picture tile = {0};
    ic_picture(&tile.picture, 4096, 4096, DAV1D_PIXEL_LAYOUT_I444, bits);
    const uint32_t max = (1u << bits) - 1;
    for (uint32_t i = 0; i < 1u << 24; i++) {
        const uint64_t triple = ((uint64_t)slice << 24) + i;
        const int x = (int)(i % 4096), y = (int)(i / 4096);
        ic_put(&tile.picture, 0, x, y, slices ? (uint32_t)(triple & max) : i & max);
        ic_put(&tile.picture, 1, x, y, slices ? (uint32_t)((triple >> bits) & max) : ic_random() & max);
        ic_put(&tile.picture, 2, x, y, slices ? (uint32_t)(triple >> (2 * bits)) : ic_random() & max);
    }
    char label[64];
    snprintf(label, sizeof(label), "%d-bit, %s %d", bits, slices ? "slice" : "random chroma", slice);
    const int bad = ic_matrices_over(&tile, 4096, 4096, label, pixels);
    ic_picture_free(&tile.picture);
    return bad;
}

// The geometry: random planes in every layout and depth, grids, crops, mirrors, turns and alpha.
static int ic_geometry(uint64_t *pixels, int *cases) {
    static const int layouts[] = {DAV1D_PIXEL_LAYOUT_I400, DAV1D_PIXEL_LAYOUT_I420, DAV1D_PIXEL_LAYOUT_I422,
                                  DAV1D_PIXEL_LAYOUT_I444};
    for (int round = 0; round < 400; round++) {
        const int layout = layouts[round % 4], bits = (int[]){8, 10, 12}[(round / 4) % 3];
        const int rows = 1 + (int)(ic_random() % 3), columns = 1 + (int)(ic_random() % 3);
        const int cw = 1 + (int)(ic_random() % 150), ch = 1 + (int)(ic_random() % 40);
        const int has_alpha = round % 3 == 0, alpha_bits = has_alpha && ic_random() % 2 ? bits : 8;
        ic_dav1d_picture color[9], alpha[9];
        memset(color, 0, sizeof(color)), memset(alpha, 0, sizeof(alpha));
        for (int t = 0; t < rows * columns; t++) {
            ic_picture(&color[t].picture, cw, ch, layout, bits);
            const int planes = layout == DAV1D_PIXEL_LAYOUT_I400 ? 1 : 3;
            for (int c = 0; c < planes; c++) {
                const ptrdiff_t bytes = (ptrdiff_t)(c ? color[t].picture.stride[1] : color[t].picture.stride[0]);
                const int lines = c && layout == DAV1D_PIXEL_LAYOUT_I420 ? (ch + 1) / 2 : ch;
                for (ptrdiff_t b = 0; b < bytes * lines; b += bits == 8 ? 1 : 2) {
                    const uint32_t v = ic_random() & ((1u << bits) - 1);
                    if (bits == 8) ((uint8_t *)color[t].picture.data[c])[b] = (uint8_t)v;
                    else ((uint16_t *)color[t].picture.data[c])[b / 2] = (uint16_t)v;
                }
            }
            if (has_alpha) {
                ic_picture(&alpha[t].picture, cw, ch, DAV1D_PIXEL_LAYOUT_I400, alpha_bits);
                for (int y = 0; y < ch; y++) {
                    for (int x = 0; x < cw; x++) {
                        // Often opaque or clear, as alpha planes are; sometimes over the maximum.
                        const uint32_t r = ic_random(), top = (1u << alpha_bits) - 1;
                        ic_put(&alpha[t].picture, 0, x, y, r % 4 == 0 ? top : r % 4 == 1 ? 0 : (r >> 8) % (top + 3));
                    }
                }
            }
        }
        ic_avif_plan plan = {0};
        plan.rows = (uint32_t)rows, plan.columns = (uint32_t)columns;
        plan.cell_width = (uint32_t)cw, plan.cell_height = (uint32_t)ch;
        plan.coded_width = (uint32_t)(cw * columns - (int)(ic_random() % (uint32_t)cw));
        plan.coded_height = (uint32_t)(ch * rows - (int)(ic_random() % (uint32_t)ch));
        plan.crop_left = ic_random() % plan.coded_width, plan.crop_top = ic_random() % plan.coded_height;
        plan.crop_width = 1 + ic_random() % (plan.coded_width - plan.crop_left);
        plan.crop_height = 1 + ic_random() % (plan.coded_height - plan.crop_top);
        if (round % 5 == 0) {
            plan.crop_left = plan.crop_top = 0, plan.crop_width = plan.coded_width;
            plan.crop_height = plan.coded_height;
        }
        plan.quarter_turns = (int)(ic_random() % 4), plan.mirror = (int)(ic_random() % 3) - 1;
        ic_avif a = {0};
        a.plan = &plan, a.color = color, a.alpha = has_alpha ? alpha : NULL;
        a.width = (plan.quarter_turns & 1) ? plan.crop_height : plan.crop_width;
        a.height = (plan.quarter_turns & 1) ? plan.crop_width : plan.crop_height;
        ic_avif_mapping(&a, &plan);
        const size_t m = ic_random() % (IC_MATRICES + 1);
        ic_colors(&a, m == IC_MATRICES ? 0 : ic_matrices[m][0], m == IC_MATRICES ? 1 : ic_matrices[m][1],
                  (int)(ic_random() % 2));
        a.bits = bits, a.layout = layout, a.alpha_bits = alpha_bits, a.premultiplied = has_alpha && ic_random() % 2;
        a.per_tile = rows * columns > 1 && bits == 8 && a.full_range && !a.identity;
        char what[200];
        snprintf(what, sizeof(what),
                 "geometry %d: layout %d, %d bits, %dx%d tiles of %dx%d, crop %u,%u %ux%u, turns %d, mirror %d, "
                 "alpha %d%s, matrix %zu",
                 round, layout, bits, columns, rows, cw, ch, plan.crop_left, plan.crop_top, plan.crop_width,
                 plan.crop_height, plan.quarter_turns, plan.mirror, has_alpha, a.premultiplied ? " premultiplied" : "",
                 m);
        const int bad = ic_compare(&a, what, pixels);
        for (int t = 0; t < rows * columns; t++) {
            ic_picture_free(&color[t].picture);
            if (has_alpha) ic_picture_free(&alpha[t].picture);
        }
        if (bad) return 1;
        (*cases)++;
    }
    return 0;
}

int main(int argc, char **argv) {
    const int deep = argc > 1 && strcmp(argv[1], "--deep") == 0;
    uint64_t pixels = 0;
    int cases = 0;
    if (ic_geometry(&pixels, &cases)) return 1;
    printf("yuv_exact: %d geometries identical\n", cases);
    // --geometry: that part alone (quick enough for valgrind, which checks the vectors' reads).
    if (argc > 1 && strcmp(argv[1], "--geometry") == 0) return 0;
    if (ic_every_8_bit(&pixels)) return 1;
    printf("yuv_exact: every 8-bit triple identical, %zu matrices, 2 ranges and per-tile factors\n", IC_MATRICES);
    if (deep) {
        for (int slice = 0; slice < 64; slice++) {
            if (ic_deep(10, slice, 64, &pixels)) return 1;
        }
        printf("yuv_exact: every 10-bit triple identical\n");
    } else {
        if (ic_deep(10, 0, 0, &pixels) || ic_deep(12, 0, 0, &pixels)) return 1;
        printf("yuv_exact: 10 and 12 bits, every luma level against random chroma, identical\n");
    }
    printf("yuv_exact: %llu pixels compared, none different\n", (unsigned long long)pixels);
    return 0;
}
