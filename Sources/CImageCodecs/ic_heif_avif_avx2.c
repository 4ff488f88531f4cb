// ic_heif_avif_convert.c's vectors at sixteen pixels, for processors with AVX2 (the build targets
// the x86-64 baseline, so these functions alone are compiled for AVX2 and called only after
// __builtin_cpu_supports): the same IEEE operations in the same order, lane by lane, as
// ic_avif_pixel, so the same bytes (Fuzz/yuv-exact.sh).
#include "ic_heif_avif_convert.h"

#if defined(IC_AVIF_AVX2)
#include <immintrin.h>

// No fused multiply-adds (AVX2 does not bring FMA, and they would round otherwise).
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#define IC_AVX2 __attribute__((target("avx2")))

// ic_load8's sixteen samples as two vectors of eight floats.
IC_AVX2 static inline void ic_load16(const Dav1dPicture *p, int plane, int64_t x, int64_t y, __m256 *low,
                                     __m256 *high) {
    const uint8_t *row = (const uint8_t *)p->data[plane] + (ptrdiff_t)y * p->stride[plane > 0];
    __m256i words;
    if (p->p.bpc == 8) {
        words = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(row + x)));
    } else {
        words = _mm256_loadu_si256((const __m256i *)(row + 2 * x));
    }
    *low = _mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(_mm256_castsi256_si128(words)));
    *high = _mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(_mm256_extracti128_si256(words, 1)));
}

// Eight samples as eight floats.
IC_AVX2 static inline __m256 ic_load8x(const Dav1dPicture *p, int plane, int64_t x, int64_t y) {
    const uint8_t *row = (const uint8_t *)p->data[plane] + (ptrdiff_t)y * p->stride[plane > 0];
    if (p->p.bpc == 8) return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(row + x))));
    return _mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(row + 2 * x))));
}

IC_AVX2 static inline void ic_chroma8(const ic_avif_convert *k, __m256 u, __m256 v, __m256 terms[4]) {
    if (k->per_tile) {
        const __m256 middle = _mm256_set1_ps(128.0f);
        u = _mm256_sub_ps(u, middle), v = _mm256_sub_ps(v, middle);
        terms[0] = _mm256_mul_ps(_mm256_set1_ps(k->tile_rgb[0]), v);
        terms[1] = _mm256_mul_ps(_mm256_set1_ps(k->tile_rgb[1]), u);
        terms[2] = _mm256_mul_ps(_mm256_set1_ps(k->tile_rgb[2]), v);
        terms[3] = _mm256_mul_ps(_mm256_set1_ps(k->tile_rgb[3]), u);
        return;
    }
    const __m256 offset = _mm256_set1_ps(k->chroma_offset), span = _mm256_set1_ps(k->chroma_span);
    u = _mm256_div_ps(_mm256_sub_ps(u, offset), span), v = _mm256_div_ps(_mm256_sub_ps(v, offset), span);
    terms[0] = _mm256_mul_ps(_mm256_set1_ps(k->r_cr), v), terms[1] = _mm256_mul_ps(_mm256_set1_ps(k->g_cb), u);
    terms[2] = _mm256_mul_ps(_mm256_set1_ps(k->g_cr), v), terms[3] = _mm256_mul_ps(_mm256_set1_ps(k->b_cb), u);
}

IC_AVX2 static inline __m256i ic_pack8(__m256 red, __m256 green, __m256 blue, __m256 unit) {
    const __m256 half = _mm256_set1_ps(0.5f);
    const __m256i r = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(red, unit), half));
    const __m256i g = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(green, unit), half));
    const __m256i b = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(blue, unit), half));
    const __m256i planar =
        _mm256_packus_epi16(_mm256_packs_epi32(r, g), _mm256_packs_epi32(b, _mm256_set1_epi32(255)));
    const __m256i pairs = _mm256_unpacklo_epi8(planar, _mm256_srli_si256(planar, 8));
    return _mm256_unpacklo_epi8(pairs, _mm256_srli_si256(pairs, 8));
}

IC_AVX2 static void ic_avif_convert16(const ic_avif_convert *k, const Dav1dPicture *p, int64_t s, int64_t ty,
                                      uint8_t *out, int reverse) {
    __m256 luma[2], terms[2][4];
    const int64_t cy = ty >> k->sy;
    ic_load16(p, 0, s, ty, &luma[0], &luma[1]);
    if (k->sx) {
        __m256 shared[4];
        ic_chroma8(k, ic_load8x(p, 1, s >> 1, cy), ic_load8x(p, 2, s >> 1, cy), shared);
        for (int c = 0; c < 4; c++) {
            // Lanes doubled within each half (c0 c0 c1 c1 | c4 c4 c5 c5), then the halves put in order.
            const __m256 low = _mm256_unpacklo_ps(shared[c], shared[c]);
            const __m256 high = _mm256_unpackhi_ps(shared[c], shared[c]);
            terms[0][c] = _mm256_permute2f128_ps(low, high, 0x20);
            terms[1][c] = _mm256_permute2f128_ps(low, high, 0x31);
        }
    } else {
        __m256 u[2], v[2];
        ic_load16(p, 1, s, cy, &u[0], &u[1]);
        ic_load16(p, 2, s, cy, &v[0], &v[1]);
        ic_chroma8(k, u[0], v[0], terms[0]);
        ic_chroma8(k, u[1], v[1], terms[1]);
    }
    __m256i pixels[2];
    for (int h = 0; h < 2; h++) {
        const __m256 y = k->per_tile ? luma[h]
                                     : _mm256_div_ps(_mm256_sub_ps(luma[h], _mm256_set1_ps(k->luma_offset)),
                                                     _mm256_set1_ps(k->luma_span));
        const __m256 red = _mm256_add_ps(y, terms[h][0]);
        const __m256 green = _mm256_add_ps(_mm256_add_ps(y, terms[h][1]), terms[h][2]);
        const __m256 blue = _mm256_add_ps(y, terms[h][3]);
        pixels[h] = ic_pack8(red, green, blue, _mm256_set1_ps(k->per_tile ? 1.0f : 255.0f));
    }
    if (reverse) {
        const __m256i order = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
        _mm256_storeu_si256((__m256i *)out, _mm256_permutevar8x32_epi32(pixels[1], order));
        _mm256_storeu_si256((__m256i *)(out + 32), _mm256_permutevar8x32_epi32(pixels[0], order));
    } else {
        _mm256_storeu_si256((__m256i *)out, pixels[0]);
        _mm256_storeu_si256((__m256i *)(out + 32), pixels[1]);
    }
}

IC_AVX2 int64_t ic_avif_convert_avx2(const ic_avif_convert *k, const Dav1dPicture *p, int64_t first, int64_t ty,
                                          int64_t n, int reverse, int64_t i, uint8_t *out) {
    for (; i + 16 <= n; i += 16) ic_avif_convert16(k, p, first + i, ty, out + 4 * (reverse ? n - i - 16 : i), reverse);
    return i;
}
#endif
