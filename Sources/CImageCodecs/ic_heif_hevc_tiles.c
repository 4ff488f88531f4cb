// HEVC tiles for the shim's tile path (ic_heif_avif_tiles.c holds a grid's tiles a row at a
// time): an hvc1 item's stream (its hvcC's units, then its data, as libheif 1.15 pushes them)
// decoded by libde265 as the shim's plugin decodes it for libheif (ic_hevc_decode_stream: grey
// buffers, damage found and checked again), and its picture, inside its conformance window,
// copied into planes of the shim's. The copy is described as dav1d describes its pictures
// (Dav1dPicture's planes, strides, depth and layout; a sequence header holding the VUI's colour
// codes), so that the rows are converted from either codec's tiles alike (ic_heif_avif_rows.c).
// libde265's pictures and state go with its context as soon as the tile is copied: what a held
// tile costs is the copy, 1.5 bytes a pixel at 8 bits 4:2:0.
#include "ic_heif_avif.h"
#include "ic_heif_hevc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A tile's planes, in one allocation after this header.
typedef struct {
    Dav1dSequenceHeader sequence;   // only the colour codes and range are set
    int width, height, bits, layout;
    ptrdiff_t strides[2];           // luma, chroma (bytes)
    uint8_t *planes[3];
} ic_hevc_tile;

// The most a copy may take (the plan's picture for the tile, reserved by the caller), and
// whether a picture was refused for it.
typedef struct {
    uint64_t limit;
    int refused;
} ic_hevc_tile_limit;

static struct heif_error ic_hevc_tile_error(enum heif_error_code code, const char *message) {
    struct heif_error error = {code, heif_suberror_Unspecified, message};
    return error;
}

static struct heif_error ic_hevc_take_tile(const struct de265_image *picture, int strict, void *context, void **out) {
    // The colour codes are checked by the caller, as an AV1 tile's (ic_heif_nclx_warning).
    (void)strict;
    ic_hevc_tile_limit *limit = context;
    *out = NULL;
    int layout;
    switch (de265_get_chroma_format(picture)) {
    case de265_chroma_mono: layout = DAV1D_PIXEL_LAYOUT_I400; break;
    case de265_chroma_420: layout = DAV1D_PIXEL_LAYOUT_I420; break;
    case de265_chroma_422: layout = DAV1D_PIXEL_LAYOUT_I422; break;
    case de265_chroma_444: layout = DAV1D_PIXEL_LAYOUT_I444; break;
    default: return ic_hevc_tile_error(heif_error_Unsupported_feature, "an HEVC picture layout the shim cannot take");
    }
    const int planes = layout == DAV1D_PIXEL_LAYOUT_I400 ? 1 : 3;
    const int bits = de265_get_bits_per_pixel(picture, 0);
    int widths[3] = {0, 0, 0}, heights[3] = {0, 0, 0};
    uint64_t total = 0;
    for (int c = 0; c < planes; c++) {
        if (de265_get_bits_per_pixel(picture, c) != bits || bits < 8 || bits > 16) {
            return ic_hevc_tile_error(heif_error_Unsupported_feature, "an HEVC picture whose planes differ in depth");
        }
        widths[c] = de265_get_image_width(picture, c), heights[c] = de265_get_image_height(picture, c);
        if (widths[c] <= 0 || heights[c] <= 0) {
            return ic_hevc_tile_error(heif_error_Decoder_plugin_error, "an HEVC picture plane with no pixels");
        }
        total += (uint64_t)widths[c] * (uint64_t)heights[c] * (bits > 8 ? 2 : 1);
    }
    // A picture deeper, less subsampled or larger than the hvcC and ispe said gets no memory.
    if (total > limit->limit || total > SIZE_MAX - sizeof(ic_hevc_tile)) {
        limit->refused = 1;
        return ic_hevc_tile_error(heif_error_Memory_allocation_error, "a picture larger than its header says");
    }
    ic_hevc_tile *tile = malloc(sizeof(ic_hevc_tile) + (size_t)total);
    if (tile == NULL) return ic_hevc_tile_error(heif_error_Memory_allocation_error, "cannot copy the HEVC picture");
    memset(tile, 0, sizeof(*tile));
    tile->width = widths[0], tile->height = heights[0], tile->bits = bits, tile->layout = layout;
    uint8_t *at = (uint8_t *)(tile + 1);
    for (int c = 0; c < planes; c++) {
        const size_t row = (size_t)widths[c] * (bits > 8 ? 2 : 1);
        int in_stride = 0;
        const uint8_t *in = de265_get_image_plane(picture, c, &in_stride);
        if (in == NULL || in_stride < 0 || (size_t)in_stride < row) {
            free(tile);
            return ic_hevc_tile_error(heif_error_Decoder_plugin_error, "an HEVC picture plane with no pixels");
        }
        tile->planes[c] = at;
        tile->strides[c > 0] = (ptrdiff_t)row;
        for (int y = 0; y < heights[c]; y++) memcpy(at + (size_t)y * row, in + (size_t)y * (size_t)in_stride, row);
        at += row * (size_t)heights[c];
    }
    tile->sequence.pri = (enum Dav1dColorPrimaries)de265_get_image_colour_primaries(picture);
    tile->sequence.trc = (enum Dav1dTransferCharacteristics)de265_get_image_transfer_characteristics(picture);
    tile->sequence.mtrx = (enum Dav1dMatrixCoefficients)de265_get_image_matrix_coefficients(picture);
    tile->sequence.color_range = de265_get_image_full_range_flag(picture) != 0;
    *out = tile;
    return (struct heif_error){heif_error_Ok, heif_suberror_Unspecified, "Success"};
}

static void ic_hevc_release_tile(void *tile) { free(tile); }

static const uint8_t *ic_hevc_tile_luma(const void *raw, int *stride, int *width, int *height) {
    const ic_hevc_tile *tile = raw;
    *stride = (int)tile->strides[0], *width = tile->width, *height = tile->height;
    return tile->planes[0];
}

uint64_t ic_hevc_tile_bytes(const uint8_t *hvcc, size_t size, uint32_t width, uint32_t height, int *deep,
                            uint64_t *config) {
    // Bytes 16 to 18: chroma_format_idc, bit_depth_luma_minus8, bit_depth_chroma_minus8, each
    // under reserved bits.
    if (size < 19) return 0;
    const unsigned chroma = hvcc[16] & 3, luma_bits = (hvcc[17] & 7u) + 8, chroma_bits = (hvcc[18] & 7u) + 8;
    // Other depths, or planes of two depths, are libheif's (the rows read one depth of 8, 10 or 12).
    if (luma_bits != chroma_bits || (luma_bits != 8 && luma_bits != 10 && luma_bits != 12)) return 0;
    *config = size;
    const uint64_t sample = luma_bits > 8 ? 2 : 1;
    if (sample > 1) *deep = 1;
    const uint64_t cw = chroma == 3 ? width : (width + 1) / 2, ch = chroma == 1 ? (height + 1) / 2 : height;
    return sample * ((uint64_t)width * height + (chroma == 0 ? 0 : 2 * cw * ch));
}

ic_status ic_hevc_decode_tile(const uint8_t *hvcc, size_t hvcc_size, const ic_extent *extents, size_t count,
                              uint64_t picture_bytes, ic_dav1d_picture *out, const char **warning, char *message,
                              size_t message_size) {
    memset(out, 0, sizeof(*out));
    *warning = NULL;
    // The stream as libheif 1.15 pushes it: each hvcC unit after a 4-byte length, then the data.
    uint64_t size = 0;
    const uint8_t *unit;
    size_t length;
    ic_hvcc_units units = ic_hvcc_begin(hvcc, hvcc_size);
    while (ic_hvcc_next(&units, &unit, &length)) size += 4 + (uint64_t)length;
    for (size_t i = 0; i < count; i++) size += extents[i].length;
    uint8_t *stream = size > 0 && size <= SIZE_MAX ? malloc((size_t)size) : NULL;
    if (stream == NULL) {
        snprintf(message, message_size, size == 0 ? "the HEVC item has no data" : "cannot copy the HEVC item's data");
        return size == 0 ? IC_ERR_CORRUPT : IC_ERR_NO_MEMORY;
    }
    size_t at = 0;
    units = ic_hvcc_begin(hvcc, hvcc_size);
    while (ic_hvcc_next(&units, &unit, &length)) {
        const uint8_t prefix[4] = {(uint8_t)(length >> 24), (uint8_t)(length >> 16), (uint8_t)(length >> 8),
                                   (uint8_t)length};
        memcpy(stream + at, prefix, 4);
        memcpy(stream + at + 4, unit, length);
        at += 4 + length;
    }
    for (size_t i = 0; i < count; i++) {
        memcpy(stream + at, extents[i].bytes, extents[i].length);
        at += extents[i].length;
    }
    ic_hevc_tile_limit limit = {picture_bytes, 0};
    const ic_hevc_target target = {ic_hevc_take_tile, ic_hevc_release_tile, ic_hevc_tile_luma, &limit};
    void *taken = NULL;
    const struct heif_error error = ic_hevc_decode_stream(stream, at, 0, &target, &taken, warning);
    free(stream);
    if (error.code != heif_error_Ok) {
        snprintf(message, message_size, "%s",
                 limit.refused ? "a picture deeper, less subsampled or larger than its header says" : error.message);
        return error.code == heif_error_Memory_allocation_error && !limit.refused ? IC_ERR_NO_MEMORY : IC_ERR_CORRUPT;
    }
    ic_hevc_tile *tile = taken;
    Dav1dPicture *p = &out->picture;
    p->data[0] = tile->planes[0], p->data[1] = tile->planes[1], p->data[2] = tile->planes[2];
    p->stride[0] = tile->strides[0], p->stride[1] = tile->strides[1];
    p->p.w = tile->width, p->p.h = tile->height, p->p.bpc = tile->bits;
    p->p.layout = (enum Dav1dPixelLayout)tile->layout;
    p->seq_hdr = &tile->sequence;
    out->planes = tile;
    return IC_OK;
}
