// The picture side of the shim's HEVC plugin (ic_heif_hevc.c): the buffers libde265 decodes into,
// and the copy of a decoded picture into a libheif image.
#include "ic_heif_hevc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Bytes past each plane's last row: libde265's SIMD code reads up to 8 past it (its own buffers
// are padded so); more, and set, costs nothing.
enum { IC_HEVC_PADDING = 64, IC_HEVC_ALIGNMENT = 64 };

static const struct heif_error ic_hevc_ok = {heif_error_Ok, heif_suberror_Unspecified, "Success"};

static struct heif_error ic_hevc_failure(enum heif_error_code code, enum heif_suberror_code subcode, const char *message) {
    struct heif_error error = {code, subcode, message};   // libheif copies the message
    return error;
}


// Allocates plane `c` of `samples` × `rows` samples of `bytes` each, every sample (and the padding)
// set to `value`, and hands it to libde265; the allocation is the plane's user data, freed by
// ic_hevc_release_buffer. 0 when it cannot be allocated.
static int ic_hevc_plane(struct de265_image *img, int c, int samples, int rows, int bytes, int alignment,
                         unsigned value) {
    const size_t stride = ((size_t)samples + (size_t)alignment - 1) / (size_t)alignment * (size_t)alignment;
    if (rows <= 0 || stride == 0 || stride > (size_t)INT32_MAX / (size_t)bytes) return 0;
    const size_t size = stride * (size_t)bytes * (size_t)rows + IC_HEVC_PADDING;
    void *memory = NULL;
    if (posix_memalign(&memory, IC_HEVC_ALIGNMENT, size) != 0) return 0;
    if (bytes == 1) {
        memset(memory, (int)value, size);
    } else {
        const uint16_t sample = (uint16_t)value;
        uint8_t *bytes_out = memory;
        for (size_t i = 0; i + 1 < size; i += 2) memcpy(bytes_out + i, &sample, 2);
        bytes_out[size - 1] = 0;
    }
    // The public call takes the stride in bytes (libde265 divides it by the sample size).
    de265_set_image_plane(img, c, memory, (int)(stride * (size_t)bytes), memory);
    return 1;
}

static void ic_hevc_release_buffer(de265_decoder_context *context, struct de265_image *img, void *userdata) {
    (void)context, (void)userdata;
    for (int c = 0; c < 3; c++) free(de265_get_image_plane_user_data(img, c));
}

// libde265 sets the picture's chroma format and bit depths before it asks for its buffers; the
// spec gives the coded size (before the conformance window) and the row alignment.
static int ic_hevc_get_buffer(de265_decoder_context *context, struct de265_image_spec *spec,
                              struct de265_image *img, void *userdata) {
    (void)context, (void)userdata;
    const enum de265_chroma chroma = de265_get_chroma_format(img);
    if (spec->width <= 0 || spec->height <= 0 || spec->alignment <= 0) return 0;
    const int alignment = spec->alignment;
    int sub_x = 1, sub_y = 1;
    if (chroma == de265_chroma_420) sub_x = sub_y = 2;
    if (chroma == de265_chroma_422) sub_x = 2;
    const int planes = chroma == de265_chroma_mono ? 1 : 3;
    for (int c = 0; c < planes; c++) {
        const int bits = de265_get_bits_per_pixel(img, c);
        if (bits < 8 || bits > 16) break;
        const int samples = c == 0 ? spec->width : (spec->width + sub_x - 1) / sub_x;
        const int rows = c == 0 ? spec->height : (spec->height + sub_y - 1) / sub_y;
        // Mid-grey: what is never decoded shows as neutral grey, not as black-green (zero chroma).
        if (!ic_hevc_plane(img, c, samples, rows, bits > 8 ? 2 : 1, alignment, 1u << (bits - 1))) {
            for (int done = 0; done < c; done++) free(de265_get_image_plane_user_data(img, done));
            for (int done = 0; done < 3; done++) de265_set_image_plane(img, done, NULL, 0, NULL);
            return 0;
        }
    }
    for (int c = planes; c < 3; c++) de265_set_image_plane(img, c, NULL, 0, NULL);
    return 1;
}

const struct de265_image_allocation ic_hevc_allocation = {ic_hevc_get_buffer, ic_hevc_release_buffer};

// Whether [start, start + size) lies in one writable mapping of this process (Linux's
// /proc/self/maps); 0 where that cannot be read.
static int ic_hevc_writable(const void *start, size_t size) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (maps == NULL) return 0;
    const uintptr_t first = (uintptr_t)start, last = first + size;
    char line[512];
    int writable = 0;
    while (fgets(line, sizeof(line), maps) != NULL) {
        unsigned long low = 0, high = 0;
        char permissions[8] = {0};
        if (sscanf(line, "%lx-%lx %7s", &low, &high, permissions) != 3) continue;
        if (first >= low && last <= high) {
            writable = permissions[1] == 'w';
            break;
        }
    }
    fclose(maps);
    return writable;
}

int ic_hevc_take_default_allocation(void) {
    // libde265 1.0 only, whose default functions are a plain struct in its writable data that
    // each picture copies when it is allocated: a later version is left alone.
    if ((de265_get_version_number() >> 16) != 0x0100) return 0;
    struct de265_image_allocation *defaults = (struct de265_image_allocation *)de265_get_default_image_allocation_functions();
    if (defaults == NULL || !ic_hevc_writable(defaults, sizeof(*defaults))) return 0;
    if (defaults->get_buffer != ic_hevc_get_buffer) {
        defaults->get_buffer = ic_hevc_get_buffer;
        defaults->release_buffer = ic_hevc_release_buffer;
    }
    return 1;
}

// The colour description the SPS's VUI gives: libheif keeps it unless the item has a colr box.
// A value libheif does not know is a warning on the image, or, for a strict decoder, the error.
static struct heif_error ic_hevc_describe(struct heif_image *image, const struct de265_image *picture, int strict) {
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    if (nclx == NULL) return ic_hevc_failure(heif_error_Memory_allocation_error, heif_suberror_Unspecified, "cannot allocate the colour description");
    struct heif_error errors[3] = {
        heif_nclx_color_profile_set_color_primaries(nclx, (uint16_t)de265_get_image_colour_primaries(picture)),
        heif_nclx_color_profile_set_transfer_characteristics(nclx, (uint16_t)de265_get_image_transfer_characteristics(picture)),
        heif_nclx_color_profile_set_matrix_coefficients(nclx, (uint16_t)de265_get_image_matrix_coefficients(picture)),
    };
    for (int i = 0; i < 3; i++) {
        if (errors[i].code == heif_error_Ok) continue;
        if (strict) {
            heif_nclx_color_profile_free(nclx);
            return errors[i];
        }
        heif_image_add_decoding_warning(image, errors[i]);
    }
    nclx->full_range_flag = de265_get_image_full_range_flag(picture) != 0;
    (void)heif_image_set_nclx_color_profile(image, nclx);
    heif_nclx_color_profile_free(nclx);
    return ic_hevc_ok;
}

struct heif_error ic_hevc_convert(const struct de265_image *picture, int strict, struct heif_image **out) {
    *out = NULL;
    enum heif_chroma chroma;
    switch (de265_get_chroma_format(picture)) {
    case de265_chroma_mono: chroma = heif_chroma_monochrome; break;
    case de265_chroma_420: chroma = heif_chroma_420; break;
    case de265_chroma_422: chroma = heif_chroma_422; break;
    case de265_chroma_444: chroma = heif_chroma_444; break;
    default: return ic_hevc_failure(heif_error_Decoder_plugin_error, heif_suberror_Unsupported_image_type, "an HEVC picture layout libheif cannot take");
    }
    const int planes = chroma == heif_chroma_monochrome ? 1 : 3;
    const int bits = de265_get_bits_per_pixel(picture, 0);
    for (int c = 0; c < planes; c++) {
        if (de265_get_bits_per_pixel(picture, c) != bits || bits < 8 || bits > 16) {
            return ic_hevc_failure(heif_error_Unsupported_feature, heif_suberror_Unsupported_bit_depth, "an HEVC picture whose planes differ in depth");
        }
    }
    const enum heif_colorspace space = planes == 1 ? heif_colorspace_monochrome : heif_colorspace_YCbCr;
    struct heif_image *image = NULL;
    struct heif_error error = heif_image_create(de265_get_image_width(picture, 0), de265_get_image_height(picture, 0), space, chroma, &image);
    if (error.code != heif_error_Ok) return error;
    error = ic_hevc_describe(image, picture, strict);
    static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
    for (int c = 0; c < planes && error.code == heif_error_Ok; c++) {
        const int w = de265_get_image_width(picture, c), h = de265_get_image_height(picture, c);
        int in_stride = 0;
        const uint8_t *in = de265_get_image_plane(picture, c, &in_stride);
        if (w <= 0 || h <= 0 || in == NULL) {
            error = ic_hevc_failure(heif_error_Decoder_plugin_error, heif_suberror_Invalid_image_size, "an HEVC picture plane with no pixels");
            break;
        }
        error = heif_image_add_plane(image, channels[c], w, h, bits);
        if (error.code != heif_error_Ok) break;
        int out_stride = 0;
        uint8_t *plane = heif_image_get_plane(image, channels[c], &out_stride);
        if (plane == NULL) {
            error = ic_hevc_failure(heif_error_Memory_allocation_error, heif_suberror_Unspecified, "cannot allocate an HEVC picture plane");
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

