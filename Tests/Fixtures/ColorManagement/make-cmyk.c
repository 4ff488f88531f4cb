// Converts a binary PPM (sRGB) to raw CMYK bytes (0 = no ink) in test-cmyk.icc, so that
// LittleCMS's own evaluation of that profile's A2B0 gives the original colours back: K by grey
// component replacement (1 - the largest linear channel, through the dot gain), then C, M, Y
// solved against the profile with cmsPipelineEvalReverseFloat. Writes OUT and prints "W H".
// Build: cc make-cmyk.c -o make-cmyk -llcms2; run: ./make-cmyk test-cmyk.icc in.ppm out.cmyk
#include <lcms2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int field(FILE *f) {
    int c = fgetc(f), value = 0;
    while (c == '#' || c == ' ' || c == '\n' || c == '\r' || c == '\t') {
        if (c == '#') while (c != '\n' && c != EOF) c = fgetc(f);
        c = fgetc(f);
    }
    while (c >= '0' && c <= '9') { value = value * 10 + (c - '0'); c = fgetc(f); }
    return value;   // the single whitespace after the field is consumed
}

int main(int argc, char **argv) {
    if (argc != 4) return 2;
    cmsHPROFILE cmyk = cmsOpenProfileFromFile(argv[1], "r");
    cmsPipeline *a2b = cmsReadTag(cmyk, cmsSigAToB0Tag);
    cmsHPROFILE srgb = cmsCreate_sRGBProfile(), xyz = cmsCreateXYZProfile();
    cmsHTRANSFORM to_xyz = cmsCreateTransform(srgb, TYPE_RGB_DBL, xyz, TYPE_XYZ_DBL, INTENT_RELATIVE_COLORIMETRIC, 0);
    FILE *in = fopen(argv[2], "rb"), *out = fopen(argv[3], "wb");
    if (a2b == NULL || to_xyz == NULL || in == NULL || out == NULL || fgetc(in) != 'P' || fgetc(in) != '6') return 1;
    int width = field(in), height = field(in), maxval = field(in);
    if (maxval != 255) return 1;
    for (long i = 0; i < (long)width * height; i++) {
        double rgb[3], lin[3], XYZ[3];
        for (int j = 0; j < 3; j++) {
            rgb[j] = fgetc(in) / 255.0;
            lin[j] = rgb[j] <= 0.04045 ? rgb[j] / 12.92 : pow((rgb[j] + 0.055) / 1.055, 2.4);
        }
        cmsDoTransform(to_xyz, rgb, XYZ, 1);
        double max = fmax(lin[0], fmax(lin[1], lin[2]));
        // Coverage after dot gain k' = 1 - max; the ink is k = k'^(1/0.6).
        float k = (float)pow(1 - max, 1 / 0.6);
        // lcms's float pipelines give XYZ scaled by 1/(1 + 32767/32768); for a 4-input
        // pipeline, the reverse evaluation holds the 4th input (K) at target[3].
        float target[4] = {0, 0, 0, k}, hint[4] = {0.5f, 0.5f, 0.5f, k}, result[4];
        for (int j = 0; j < 3; j++) target[j] = (float)(XYZ[j] / (1 + 32767.0 / 32768.0));
        if (max <= 0) {
            result[0] = result[1] = result[2] = 0;
            result[3] = 1;
        } else {
            // The profile's coarse CLUT is not exactly the model, so C, M, Y cannot always reach
            // the colour at the model's K: K levels are tried outwards from it, and the closest
            // solution is kept (it is exact for almost every colour).
            float best[4] = {0, 0, 0, k}, best_error = 1e9f;
            int k0 = (int)lroundf(k * 255);
            for (int step = 0; step < 512 && best_error > 2e-4f; step++) {
                int level = k0 + (step % 2 ? (step + 1) / 2 : -(step / 2));
                if (level < 0 || level > 255) continue;
                float kk = level / 255.0f;
                target[3] = kk;
                for (int j = 0; j < 3; j++) hint[j] = (float)pow(fmax(0, 1 - lin[j] / max), 1 / 0.6);
                hint[3] = kk;
                if (!cmsPipelineEvalReverseFloat(target, result, hint, a2b)) continue;
                for (int j = 0; j < 3; j++) result[j] = fminf(1, fmaxf(0, result[j]));
                result[3] = kk;
                float back[3], error = 0;
                cmsPipelineEvalFloat(result, back, a2b);
                for (int j = 0; j < 3; j++) error = fmaxf(error, fabsf(back[j] - target[j]));
                if (error < best_error) {
                    best_error = error;
                    for (int j = 0; j < 4; j++) best[j] = result[j];
                }
            }
            for (int j = 0; j < 4; j++) result[j] = best[j];
        }
        for (int j = 0; j < 4; j++) fputc((int)lround(255 * fmin(1, fmax(0, result[j]))), out);
    }
    fclose(out);
    printf("%d %d\n", width, height);
    return 0;
}
