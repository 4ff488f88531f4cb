// The AVIF path's YCbCr-to-RGBA conversion (ic_heif_avif_convert.h): libheif 1.15's, per pixel in
// float (ic_avif_pixel), and the same in vectors for runs of a row.
#include "ic_heif_avif_convert.h"

#include <string.h>

// The vectors below and ic_avif_pixel must round alike: no fused multiply-adds where a build
// targets FMA (the x86-64 baseline, SwiftPM's, has none, so this changes nothing there). GCC
// does not know the pragma; it contracts only for an FMA target too.
#if defined(__SSE2__) && defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

// libheif 1.15's clip_f_u16 at 8 bits: rounded half up, then clamped.
static inline uint8_t ic_tile_to_8(float v) {
    const long x = (long)(v + 0.5f);
    return x < 0 ? 0 : x > 255 ? 255 : (uint8_t)x;
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

void ic_avif_convert_set(const ic_avif *a, ic_avif_convert *k) {
    const int bits = a->bits;
    k->mono = a->layout == DAV1D_PIXEL_LAYOUT_I400, k->identity = a->identity, k->per_tile = a->per_tile;
    k->sx = a->layout == DAV1D_PIXEL_LAYOUT_I420 || a->layout == DAV1D_PIXEL_LAYOUT_I422;
    k->sy = a->layout == DAV1D_PIXEL_LAYOUT_I420;
    k->grey_max = (1u << bits) - 1;
    const float maximum = (float)k->grey_max, scale = (float)(1 << (bits - 8));
    // Full range: (v − offset) / maximum; limited: (v − 16·s) / 219·s, chroma (v − 128·s) / 224·s.
    k->luma_offset = a->full_range ? 0 : 16 * scale, k->luma_span = a->full_range ? maximum : 219 * scale;
    k->chroma_offset = (float)(1 << (bits - 1)), k->chroma_span = a->full_range ? maximum : 224 * scale;
    const float kr = a->kr, kb = a->kb, kg = 1 - kr - kb;
    k->r_cr = 2 - 2 * kr, k->b_cb = 2 - 2 * kb;
    k->g_cr = kg != 0 ? -kr * k->r_cr / kg : 0, k->g_cb = kg != 0 ? -kb * k->b_cb / kg : 0;
    memcpy(k->tile_rgb, a->tile_rgb, sizeof(k->tile_rgb));
}

// The colour of one pixel, (tx, ty) of tile picture `p`, as libheif 1.15 converts it: the
// reference every faster path below must match to the byte (Fuzz/ShimCheck/yuv_exact.c).
static inline void ic_avif_pixel(const ic_avif_convert *k, const Dav1dPicture *p, int64_t tx, int64_t ty,
                                 uint8_t *out) {
    if (k->mono) {
        // libheif 1.15 takes a monochrome picture's samples as grey levels whatever its
        // range (avifdec 0.11 does too at 8 bits): its colours are kept.
        const uint32_t level = ic_sample(p, 0, tx, ty);
        out[0] = out[1] = out[2] = (uint8_t)((level * 255u + k->grey_max / 2) / k->grey_max);
        return;
    }
    const float luma = ((float)ic_sample(p, 0, tx, ty) - k->luma_offset) / k->luma_span;
    const int64_t cx = tx >> k->sx, cy = ty >> k->sy;
    const float u = (float)ic_sample(p, 1, cx, cy), v = (float)ic_sample(p, 2, cx, cy);
    if (k->per_tile) {
        // libheif converts each tile of a grid on its own, in 8-bit float (a level
        // apart from the normalised conversion below on a few pixels).
        const float yv = (float)ic_sample(p, 0, tx, ty), cb = u - 128.0f, cr = v - 128.0f;
        out[0] = ic_tile_to_8(yv + k->tile_rgb[0] * cr);
        out[1] = ic_tile_to_8(yv + k->tile_rgb[1] * cb + k->tile_rgb[2] * cr);
        out[2] = ic_tile_to_8(yv + k->tile_rgb[3] * cb);
        return;
    }
    float red, green, blue;
    if (k->identity) {
        green = luma;
        blue = (u - k->luma_offset) / k->luma_span;
        red = (v - k->luma_offset) / k->luma_span;
    } else {
        const float cb = (u - k->chroma_offset) / k->chroma_span, cr = (v - k->chroma_offset) / k->chroma_span;
        red = luma + k->r_cr * cr;
        green = luma + k->g_cb * cb + k->g_cr * cr;
        blue = luma + k->b_cb * cb;
    }
    out[0] = ic_unit_to_8(red), out[1] = ic_unit_to_8(green), out[2] = ic_unit_to_8(blue);
}

// The alpha of one pixel into out[3], its colours divided back when premultiplied.
static inline void ic_avif_alpha_pixel(const Dav1dPicture *p, uint32_t alpha_max, int premultiplied, int64_t tx,
                                       int64_t ty, uint8_t *out) {
    const uint32_t value = ic_sample(p, 0, tx, ty);
    out[3] = (uint8_t)(((value > alpha_max ? alpha_max : value) * 255u + alpha_max / 2) / alpha_max);
    if (premultiplied && out[3] < 255) {
        for (int c = 0; c < 3; c++) {
            const uint32_t straight = out[3] == 0 ? 0 : ((uint32_t)out[c] * 255u + out[3] / 2) / out[3];
            out[c] = (uint8_t)(straight > 255 ? 255 : straight);
        }
    }
}

void ic_avif_alpha_span(const Dav1dPicture *p, uint32_t alpha_max, int premultiplied, int64_t tx, int64_t ty,
                        int64_t n, int64_t step, uint8_t *out) {
    for (int64_t j = 0; j < n; j++) ic_avif_alpha_pixel(p, alpha_max, premultiplied, tx + step * j, ty, out + 4 * j);
}

#if defined(__SSE2__)
#include <emmintrin.h>

// Eight samples of an 8-bit or 16-bit row from index `x`, as two vectors of four floats.
static inline void ic_load8(const Dav1dPicture *p, int plane, int64_t x, int64_t y, __m128 *low, __m128 *high) {
    const uint8_t *row = (const uint8_t *)p->data[plane] + (ptrdiff_t)y * p->stride[plane > 0];
    __m128i words;
    if (p->p.bpc == 8) {
        words = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(row + x)), _mm_setzero_si128());
    } else {
        words = _mm_loadu_si128((const __m128i *)(row + 2 * x));
    }
    *low = _mm_cvtepi32_ps(_mm_unpacklo_epi16(words, _mm_setzero_si128()));
    *high = _mm_cvtepi32_ps(_mm_unpackhi_epi16(words, _mm_setzero_si128()));
}

// Four samples of an 8-bit or 16-bit row from index `x`, as four floats.
static inline __m128 ic_load4(const Dav1dPicture *p, int plane, int64_t x, int64_t y) {
    const uint8_t *row = (const uint8_t *)p->data[plane] + (ptrdiff_t)y * p->stride[plane > 0];
    __m128i words;
    if (p->p.bpc == 8) {
        int32_t bytes;
        memcpy(&bytes, row + x, sizeof(bytes));
        words = _mm_unpacklo_epi8(_mm_cvtsi32_si128(bytes), _mm_setzero_si128());
    } else {
        words = _mm_loadl_epi64((const __m128i *)(row + 2 * x));
    }
    return _mm_cvtepi32_ps(_mm_unpacklo_epi16(words, _mm_setzero_si128()));
}

// Four pixels' red, green and blue (before rounding), as RGBA8 with opaque alpha: rounded and
// truncated as ic_unit_to_8 and ic_tile_to_8 do (their clamps are the packs' saturation, which
// gives the same bytes: truncating a value clamped to [0, 255] equals clamping it truncated).
static inline __m128i ic_pack4(__m128 red, __m128 green, __m128 blue, __m128 unit) {
    const __m128 half = _mm_set1_ps(0.5f);
    const __m128i r = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(red, unit), half));
    const __m128i g = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(green, unit), half));
    const __m128i b = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(blue, unit), half));
    // r0..r3 g0..g3 b0..b3 a0..a3 as bytes, then transposed to r0 g0 b0 a0 r1 …
    const __m128i planar = _mm_packus_epi16(_mm_packs_epi32(r, g), _mm_packs_epi32(b, _mm_set1_epi32(255)));
    const __m128i pairs = _mm_unpacklo_epi8(planar, _mm_srli_si128(planar, 8));
    return _mm_unpacklo_epi8(pairs, _mm_srli_si128(pairs, 8));
}

// Four chroma pairs' terms of red, green and blue: Cr's of red, Cb's and Cr's of green, Cb's of
// blue, each as ic_avif_pixel forms it (libheif's per-tile factors on 8-bit levels, or the
// normalised conversion's).
static inline void ic_chroma4(const ic_avif_convert *k, __m128 u, __m128 v, __m128 terms[4]) {
    if (k->per_tile) {
        const __m128 middle = _mm_set1_ps(128.0f);
        u = _mm_sub_ps(u, middle), v = _mm_sub_ps(v, middle);
        terms[0] = _mm_mul_ps(_mm_set1_ps(k->tile_rgb[0]), v), terms[1] = _mm_mul_ps(_mm_set1_ps(k->tile_rgb[1]), u);
        terms[2] = _mm_mul_ps(_mm_set1_ps(k->tile_rgb[2]), v), terms[3] = _mm_mul_ps(_mm_set1_ps(k->tile_rgb[3]), u);
        return;
    }
    const __m128 offset = _mm_set1_ps(k->chroma_offset), span = _mm_set1_ps(k->chroma_span);
    u = _mm_div_ps(_mm_sub_ps(u, offset), span), v = _mm_div_ps(_mm_sub_ps(v, offset), span);
    terms[0] = _mm_mul_ps(_mm_set1_ps(k->r_cr), v), terms[1] = _mm_mul_ps(_mm_set1_ps(k->g_cb), u);
    terms[2] = _mm_mul_ps(_mm_set1_ps(k->g_cr), v), terms[3] = _mm_mul_ps(_mm_set1_ps(k->b_cb), u);
}

// Pixels [s, s + 8) of tile row ty (s even when chroma is halved across), stored at `out` in
// order or, when `reverse`, last pixel first.
static inline void ic_avif_convert8(const ic_avif_convert *k, const Dav1dPicture *p, int64_t s, int64_t ty,
                                    uint8_t *out, int reverse) {
    __m128 luma[2], terms[2][4];
    const int64_t cy = ty >> k->sy;
    ic_load8(p, 0, s, ty, &luma[0], &luma[1]);
    if (k->sx) {
        // One chroma pair for two pixels: its terms formed once, then each lane doubled.
        __m128 shared[4];
        ic_chroma4(k, ic_load4(p, 1, s >> 1, cy), ic_load4(p, 2, s >> 1, cy), shared);
        for (int c = 0; c < 4; c++) {
            terms[0][c] = _mm_unpacklo_ps(shared[c], shared[c]), terms[1][c] = _mm_unpackhi_ps(shared[c], shared[c]);
        }
    } else {
        __m128 u[2], v[2];
        ic_load8(p, 1, s, cy, &u[0], &u[1]);
        ic_load8(p, 2, s, cy, &v[0], &v[1]);
        ic_chroma4(k, u[0], v[0], terms[0]);
        ic_chroma4(k, u[1], v[1], terms[1]);
    }
    __m128i pixels[2];
    for (int h = 0; h < 2; h++) {
        // Luma as 8-bit levels for the per-tile factors, normalised for the others.
        const __m128 y = k->per_tile ? luma[h]
                                     : _mm_div_ps(_mm_sub_ps(luma[h], _mm_set1_ps(k->luma_offset)),
                                                  _mm_set1_ps(k->luma_span));
        const __m128 red = _mm_add_ps(y, terms[h][0]);
        const __m128 green = _mm_add_ps(_mm_add_ps(y, terms[h][1]), terms[h][2]);
        const __m128 blue = _mm_add_ps(y, terms[h][3]);
        pixels[h] = ic_pack4(red, green, blue, _mm_set1_ps(k->per_tile ? 1.0f : 255.0f));
    }
    if (reverse) {
        _mm_storeu_si128((__m128i *)out, _mm_shuffle_epi32(pixels[1], _MM_SHUFFLE(0, 1, 2, 3)));
        _mm_storeu_si128((__m128i *)(out + 16), _mm_shuffle_epi32(pixels[0], _MM_SHUFFLE(0, 1, 2, 3)));
    } else {
        _mm_storeu_si128((__m128i *)out, pixels[0]);
        _mm_storeu_si128((__m128i *)(out + 16), pixels[1]);
    }
}

#endif

// Pixels [from, to) of the `n` from source column `first` of tile row ty, one by one: source
// pixel e goes to out[e], or to out[n − 1 − e] when `reverse`.
static void ic_avif_pixels(const ic_avif_convert *k, const Dav1dPicture *p, int64_t first, int64_t ty, int64_t n,
                           int reverse, int64_t from, int64_t to, uint8_t *out) {
    for (int64_t e = from; e < to; e++) {
        uint8_t *pixel = out + 4 * (reverse ? n - 1 - e : e);
        ic_avif_pixel(k, p, first + e, ty, pixel);
        pixel[3] = 255;
    }
}

// `n` pixels of tile row ty into out[0 …]: pixel j is the tile's column tx + step·j (step ±1).
// Eight at a time in vectors where SSE2 is there, computed as ic_avif_pixel computes them, lane
// by lane (the same IEEE operations in the same order: the same bytes); the rest one by one.
// The per-pixel conversion's three divisions and its branches were most of a decode's time
// after dav1d's.
void ic_avif_convert_span(const ic_avif_convert *k, const Dav1dPicture *p, int64_t tx, int64_t ty,
                                 int64_t n, int64_t step, uint8_t *out) {
    // Source pixels [first, first + n) in storage order.
    const int64_t first = step > 0 ? tx : tx - n + 1;
    const int reverse = step < 0;
    int64_t head = 0, end = 0;
#if defined(__SSE2__)
    if (!k->mono && !k->identity) {
        // A vector starts on an even pixel when chroma is shared by pairs.
        head = k->sx && (first & 1) ? 1 : 0;
        end = head + (n - head) / 8 * 8;
        int64_t i = head;
#if defined(IC_AVIF_AVX2)
        // Sixteen at a time where the processor has AVX2 (the build targets the x86-64 baseline).
        if (__builtin_cpu_supports("avx2")) i = ic_avif_convert_avx2(k, p, first, ty, n, reverse, i, out);
#endif
        for (; i < end; i += 8) {
            ic_avif_convert8(k, p, first + i, ty, out + 4 * (reverse ? n - i - 8 : i), reverse);
        }
    }
#endif
    ic_avif_pixels(k, p, first, ty, n, reverse, 0, head, out);
    ic_avif_pixels(k, p, first, ty, n, reverse, end, n, out);
}
