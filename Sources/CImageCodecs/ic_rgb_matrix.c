// RGBMatrixTables' conversion (ImageColorsCore: a matrix-shaper RGB space to sRGB through three
// curves, a 3×3 matrix and the sRGB encoding table) with the matrix in vectors of eight pixels
// and eight pixels of one colour converted once, for processors with AVX2 (the build targets the
// x86-64 baseline: this function alone is compiled for AVX2 and runs only after
// __builtin_cpu_supports). The same IEEE operations in the
// same order as the Swift kernel, lane by lane, so the same bytes (MatrixShaperConversionTests).
//
// The table look-ups stay scalar: with AVX2's gathers for them it was no faster than the Swift
// kernel in the CLI on this machine's AMD EPYC. Measured in the static release CLI (perf samples
// at 20 kHz, two runs each): memory.sh's 12 MP AVIF, a smooth upscaled photo whose pixels mostly
// repeat the one before (which the Swift kernel reuses), 47 ms in the Swift kernel, 40 ms with the
// matrix in vectors, 30 ms with groups of one colour converted once (half its groups); the same
// photo with grain (Gaussian noise, σ 10), where no group is of one colour, 110, 41 and 46 ms.
// Later, in a C harness on that photo's decoded pixels (2026-12-07): 22.9 ms, 21.5 with the
// curve values put in registers directly, 19.7 with a group that repeats the last group of one
// colour's colour reusing its conversion; with grain 35.8 and 33.8 ms.
#include "ic_codecs.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

// No fused multiply-adds: the Swift kernel rounds each product.
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

// One pixel's colour as the Swift kernel converts it (its max(0, x) is x >= 0 ? x : 0: the same
// step for -0 and NaN).
static inline uint32_t ic_rgb_matrix_pixel(const float *curves, const float *matrix, const uint8_t *encode,
                                           float scale, uint32_t pixel) {
    const float r = curves[pixel & 0xff], g = curves[256 + ((pixel >> 8) & 0xff)];
    const float b = curves[512 + ((pixel >> 16) & 0xff)];
    uint32_t result = 0;
    for (int c = 0; c < 3; c++) {
        const float linear = matrix[3 * c] * r + matrix[3 * c + 1] * g + matrix[3 * c + 2] * b;
        float step = linear * scale;
        step = step > 0 ? step : 0;
        step = step < scale ? step : scale;
        result |= (uint32_t)encode[(int32_t)(step + 0.5f)] << (8 * c);
    }
    return result;
}

__attribute__((target("avx2"))) static size_t ic_rgb_matrix_avx2(const float *curves, const float *matrix,
                                                                   const uint8_t *encode, uint32_t steps,
                                                                   const uint8_t *source, uint8_t *destination,
                                                                   size_t count) {
    const __m256 scale = _mm256_set1_ps((float)steps), zero = _mm256_setzero_ps(), half = _mm256_set1_ps(0.5f);
    const __m256i rgb = _mm256_set1_epi32(0xffffff), first = _mm256_setzero_si256();
    __m256 m[9];
    for (int k = 0; k < 9; k++) m[k] = _mm256_set1_ps(matrix[k]);
    // The last group of one colour and its conversion: three in four such groups of a smooth
    // photo repeat the one before (memory.sh's 12 MP AVIF: 8 % less time).
    uint32_t last_color = UINT32_MAX;
    int last_converted = 0;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        const uint8_t *s = source + 4 * i;
        // Eight pixels of one colour (half the groups of a smooth photo: the Swift kernel's runs)
        // are converted once.
        const __m256i pixels = _mm256_loadu_si256((const __m256i *)(const void *)s);
        const __m256i colors = _mm256_and_si256(pixels, rgb);
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(colors, _mm256_permutevar8x32_epi32(colors, first))) == -1) {
            const uint32_t color = (uint32_t)_mm256_extract_epi32(colors, 0);
            if (color != last_color) {
                last_color = color;
                last_converted = (int)ic_rgb_matrix_pixel(curves, matrix, encode, (float)steps, color);
            }
            _mm256_storeu_si256((__m256i *)(void *)(destination + 4 * i),
                                _mm256_or_si256(_mm256_andnot_si256(rgb, pixels), _mm256_set1_epi32(last_converted)));
            continue;
        }
        // Built in registers: eight scalar stores read back as one vector stalled store
        // forwarding (7 % slower on a 12 MP photo).
        const __m256 r = _mm256_set_ps(curves[s[28]], curves[s[24]], curves[s[20]], curves[s[16]], curves[s[12]],
                                       curves[s[8]], curves[s[4]], curves[s[0]]);
        const __m256 g = _mm256_set_ps(curves[256 + s[29]], curves[256 + s[25]], curves[256 + s[21]],
                                       curves[256 + s[17]], curves[256 + s[13]], curves[256 + s[9]],
                                       curves[256 + s[5]], curves[256 + s[1]]);
        const __m256 b = _mm256_set_ps(curves[512 + s[30]], curves[512 + s[26]], curves[512 + s[22]],
                                       curves[512 + s[18]], curves[512 + s[14]], curves[512 + s[10]],
                                       curves[512 + s[6]], curves[512 + s[2]]);
        int32_t steps_of[3][8];
        for (int c = 0; c < 3; c++) {
            // (m·r + m·g) + m·b, as Swift evaluates it; then Int(min(scale, max(0, l·scale)) + 0.5):
            // max_ps(x, 0) is 0 for a NaN as Swift's max(0, x) is, min_ps(x, scale) is Swift's min.
            const __m256 red_green = _mm256_add_ps(_mm256_mul_ps(m[3 * c], r), _mm256_mul_ps(m[3 * c + 1], g));
            const __m256 linear = _mm256_add_ps(red_green, _mm256_mul_ps(m[3 * c + 2], b));
            const __m256 clamped = _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(linear, scale), zero), scale);
            _mm256_storeu_si256((__m256i *)(void *)steps_of[c], _mm256_cvttps_epi32(_mm256_add_ps(clamped, half)));
        }
        // Alpha read before anything is stored: `source` may be `destination`.
        uint8_t *d = destination + 4 * i;
        for (int j = 0; j < 8; j++) {
            const uint8_t alpha = s[4 * j + 3];
            d[4 * j] = encode[steps_of[0][j]];
            d[4 * j + 1] = encode[steps_of[1][j]];
            d[4 * j + 2] = encode[steps_of[2][j]];
            d[4 * j + 3] = alpha;
        }
    }
    return i;
}
#endif

size_t ic_rgb_matrix_convert(const float *curves, const float *matrix, const uint8_t *encode, uint32_t steps,
                             const uint8_t *source, uint8_t *destination, size_t count) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (__builtin_cpu_supports("avx2")) {
        return ic_rgb_matrix_avx2(curves, matrix, encode, steps, source, destination, count);
    }
#endif
    (void)curves, (void)matrix, (void)encode, (void)steps, (void)source, (void)destination, (void)count;
    return 0;
}
