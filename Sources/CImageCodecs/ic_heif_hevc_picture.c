// The picture side of the shim's HEVC plugin (ic_heif_hevc.c): the copy of a decoded picture into
// a libheif image (the buffers libde265 decodes into are ic_heif_hevc_buffers.c's).
#include "ic_heif_hevc.h"
#include "ic_heif_limits.h"

#include <string.h>

struct heif_error ic_hevc_convert(const struct de265_image *picture, int strict, struct heif_image **out) {
    *out = NULL;
    enum heif_chroma chroma;
    switch (de265_get_chroma_format(picture)) {
    case de265_chroma_mono: chroma = heif_chroma_monochrome; break;
    case de265_chroma_420: chroma = heif_chroma_420; break;
    case de265_chroma_422: chroma = heif_chroma_422; break;
    case de265_chroma_444: chroma = heif_chroma_444; break;
    default: return ic_hevc_result(heif_error_Decoder_plugin_error, heif_suberror_Unsupported_image_type, "an HEVC picture layout libheif cannot take");
    }
    const int planes = chroma == heif_chroma_monochrome ? 1 : 3;
    const int bits = de265_get_bits_per_pixel(picture, 0);
    for (int c = 0; c < planes; c++) {
        if (de265_get_bits_per_pixel(picture, c) != bits || bits < 8 || bits > 16) {
            return ic_hevc_result(heif_error_Unsupported_feature, heif_suberror_Unsupported_bit_depth, "an HEVC picture whose planes differ in depth");
        }
    }
    const enum heif_colorspace space = planes == 1 ? heif_colorspace_monochrome : heif_colorspace_YCbCr;
    struct heif_image *image = NULL;
    struct heif_error error = heif_image_create(de265_get_image_width(picture, 0), de265_get_image_height(picture, 0), space, chroma, &image);
    if (error.code != heif_error_Ok) return error;
    // The colour description the SPS's VUI gives (ic_heif_nclx.c).
    error = ic_heif_set_nclx(image, (uint16_t)de265_get_image_colour_primaries(picture),
                             (uint16_t)de265_get_image_transfer_characteristics(picture),
                             (uint16_t)de265_get_image_matrix_coefficients(picture),
                             de265_get_image_full_range_flag(picture), strict);
    static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
    for (int c = 0; c < planes && error.code == heif_error_Ok; c++) {
        const int w = de265_get_image_width(picture, c), h = de265_get_image_height(picture, c);
        int in_stride = 0;
        const uint8_t *in = de265_get_image_plane(picture, c, &in_stride);
        if (w <= 0 || h <= 0 || in == NULL) {
            error = ic_hevc_result(heif_error_Decoder_plugin_error, heif_suberror_Invalid_image_size, "an HEVC picture plane with no pixels");
            break;
        }
        error = heif_image_add_plane(image, channels[c], w, h, bits);
        if (error.code != heif_error_Ok) break;
        int out_stride = 0;
        uint8_t *plane = heif_image_get_plane(image, channels[c], &out_stride);
        if (plane == NULL) {
            error = ic_hevc_result(heif_error_Memory_allocation_error, heif_suberror_Unspecified, "cannot allocate an HEVC picture plane");
            break;
        }
        const size_t row = (size_t)w * (bits > 8 ? 2 : 1);
        for (int y = 0; y < h; y++) memcpy(plane + (size_t)y * (size_t)out_stride, in + (size_t)y * (size_t)in_stride, row);
    }
    if (error.code != heif_error_Ok) {
        heif_image_release(image);
        return error;
    }
    *out = image;
    return ic_hevc_ok;
}

