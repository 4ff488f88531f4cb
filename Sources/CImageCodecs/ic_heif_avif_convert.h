// The AVIF path's YCbCr-to-RGBA conversion (ic_heif_avif_convert.c, and ic_heif_avif_avx2.c where
// the processor has AVX2), private to ic_heif_avif_rows.c, which reads the canvas in the
// transformed order and hands each run of a tile's row here. Its vectors give exactly the bytes
// of the per-pixel conversion they replaced (Fuzz/yuv-exact.sh).
#ifndef IC_HEIF_AVIF_CONVERT_H
#define IC_HEIF_AVIF_CONVERT_H

#include "ic_heif_avif.h"

#include <stdint.h>

// One read's conversion, the same for every pixel: set once per read (ic_avif_convert_set).
typedef struct {
    int mono, identity, per_tile, sx, sy;
    uint32_t grey_max;
    float luma_offset, luma_span, chroma_offset, chroma_span;
    float r_cr, g_cb, g_cr, b_cb;
    float tile_rgb[4];
} ic_avif_convert;

// The conversion of the tiles of `a` (their depth, chroma layout, matrix and range).
void ic_avif_convert_set(const ic_avif *a, ic_avif_convert *k);

// `n` pixels of row ty of tile picture `p` as RGBA8 (alpha 255) into out[0 …]: pixel j is the
// tile's column tx + step·j, step 1 or -1.
void ic_avif_convert_span(const ic_avif_convert *k, const Dav1dPicture *p, int64_t tx, int64_t ty, int64_t n,
                          int64_t step, uint8_t *out);

// The alpha of the same `n` pixels from alpha picture `p` (`alpha_max` its largest level) into
// their out[3], their colours divided back when `premultiplied`.
void ic_avif_alpha_span(const Dav1dPicture *p, uint32_t alpha_max, int premultiplied, int64_t tx, int64_t ty,
                        int64_t n, int64_t step, uint8_t *out);

// IC_ROWS_SSE2_ONLY leaves AVX2 out: Fuzz/yuv-exact.sh checks the SSE2 vectors on their own with it.
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(IC_ROWS_SSE2_ONLY)
#define IC_AVIF_AVX2 1
// Source pixels [i, …) of the `n` from column `first` of row ty, sixteen at a time while sixteen
// are left, stored as ic_avif_convert_span stores them (`reverse`: last first); the first pixel
// not converted. Only where __builtin_cpu_supports("avx2") (ic_heif_avif_avx2.c).
int64_t ic_avif_convert_avx2(const ic_avif_convert *k, const Dav1dPicture *p, int64_t first, int64_t ty, int64_t n,
                             int reverse, int64_t i, uint8_t *out);
#endif

#endif
