// Writes the ICC profiles the colour-management fixtures are tagged with, made here so their
// provenance is plain (LittleCMS 2, no third-party profile data):
//   display-p3.icc      "Display P3": DCI-P3 primaries, D65 white, the sRGB curve (Apple's Display P3)
//   adobe-rgb.icc       "Adobe RGB (1998) compatible": its primaries, D65, gamma 563/256
//   linear-gray.icc     "Linear grey": a grey profile with gamma 1.0
//   test-cmyk.icc       "ImageColors test CMYK": A2B0 only, PCS XYZ. Ink coverage c becomes
//                       c^0.6 (dot gain, in the A curves), then linear R = (1-c')(1-k'),
//                       G = (1-m')(1-k'), B = (1-y')(1-k'), in sRGB's D50-adapted primaries.
//                       That is multilinear, so a 3-point CLUT holds it exactly.
// Build and run: cc make-profiles.c -o make-profiles -llcms2 && ./make-profiles
#include <lcms2.h>
#include <stdio.h>
#include <stdlib.h>

static void describe(cmsHPROFILE profile, const char *text) {
    cmsMLU *mlu = cmsMLUalloc(NULL, 1);
    cmsMLUsetASCII(mlu, "en", "US", text);
    cmsWriteTag(profile, cmsSigProfileDescriptionTag, mlu);
    cmsMLUsetASCII(mlu, "en", "US", "No copyright, use freely (made for the ImageColors tests)");
    cmsWriteTag(profile, cmsSigCopyrightTag, mlu);
    cmsMLUfree(mlu);
}

static void save(cmsHPROFILE profile, const char *path) {
    cmsMD5computeID(profile);
    if (!cmsSaveProfileToFile(profile, path)) { fprintf(stderr, "cannot write %s\n", path); exit(1); }
    cmsCloseProfile(profile);
}

static cmsHPROFILE rgb(double rx, double ry, double gx, double gy, double bx, double by, cmsToneCurve *curve) {
    cmsCIExyY white = {0.3127, 0.3290, 1.0};
    cmsCIExyYTRIPLE primaries = {{rx, ry, 1.0}, {gx, gy, 1.0}, {bx, by, 1.0}};
    cmsToneCurve *curves[3] = {curve, curve, curve};
    return cmsCreateRGBProfile(&white, &primaries, curves);
}

// CMYK (0 = no ink, after the A curves) → XYZ (lcms's 16-bit XYZ encoding).
static double matrix[3][3];   // linear sRGB → XYZ D50, columns r, g, b
static int cmyk_to_xyz(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo) {
    (void)cargo;
    double c = in[0] / 65535.0, m = in[1] / 65535.0, y = in[2] / 65535.0, k = in[3] / 65535.0;
    double rgb[3] = {(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)};
    cmsCIEXYZ xyz = {0, 0, 0};
    double *v[3] = {&xyz.X, &xyz.Y, &xyz.Z};
    for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) *v[i] += matrix[i][j] * rgb[j];
    cmsFloat2XYZEncoded(out, &xyz);
    return TRUE;
}

int main(void) {
    double srgb_params[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
    cmsToneCurve *srgb_curve = cmsBuildParametricToneCurve(NULL, 4, srgb_params);
    cmsHPROFILE p3 = rgb(0.680, 0.320, 0.265, 0.690, 0.150, 0.060, srgb_curve);
    describe(p3, "Display P3");
    save(p3, "display-p3.icc");

    cmsToneCurve *adobe_curve = cmsBuildGamma(NULL, 563.0 / 256.0);
    cmsHPROFILE adobe = rgb(0.640, 0.330, 0.210, 0.710, 0.150, 0.060, adobe_curve);
    describe(adobe, "Adobe RGB (1998) compatible");
    save(adobe, "adobe-rgb.icc");

    cmsToneCurve *linear = cmsBuildGamma(NULL, 1.0);
    cmsHPROFILE gray = cmsCreateGrayProfile(cmsD50_xyY(), linear);
    describe(gray, "Linear grey");
    save(gray, "linear-gray.icc");

    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    cmsCIEXYZ *columns[3] = {cmsReadTag(srgb, cmsSigRedColorantTag), cmsReadTag(srgb, cmsSigGreenColorantTag),
                             cmsReadTag(srgb, cmsSigBlueColorantTag)};
    for (int j = 0; j < 3; j++) {
        matrix[0][j] = columns[j]->X;
        matrix[1][j] = columns[j]->Y;
        matrix[2][j] = columns[j]->Z;
    }
    cmsCloseProfile(srgb);

    cmsHPROFILE cmyk = cmsCreateProfilePlaceholder(NULL);
    cmsSetProfileVersion(cmyk, 4.3);
    cmsSetDeviceClass(cmyk, cmsSigOutputClass);
    cmsSetColorSpace(cmyk, cmsSigCmykData);
    cmsSetPCS(cmyk, cmsSigXYZData);
    cmsWriteTag(cmyk, cmsSigMediaWhitePointTag, cmsD50_XYZ());
    double gain[1] = {0.6};
    cmsToneCurve *dot_gain = cmsBuildParametricToneCurve(NULL, 1, gain);
    cmsToneCurve *a_curves[4] = {dot_gain, dot_gain, dot_gain, dot_gain};
    cmsPipeline *a2b = cmsPipelineAlloc(NULL, 4, 3);
    cmsPipelineInsertStage(a2b, cmsAT_END, cmsStageAllocToneCurves(NULL, 4, a_curves));
    cmsStage *clut = cmsStageAllocCLut16bit(NULL, 3, 4, 3, NULL);
    cmsStageSampleCLut16bit(clut, cmyk_to_xyz, NULL, 0);
    cmsPipelineInsertStage(a2b, cmsAT_END, clut);
    cmsPipelineInsertStage(a2b, cmsAT_END, cmsStageAllocToneCurves(NULL, 3, NULL));
    cmsWriteTag(cmyk, cmsSigAToB0Tag, a2b);
    describe(cmyk, "ImageColors test CMYK");
    save(cmyk, "test-cmyk.icc");
    return 0;
}
