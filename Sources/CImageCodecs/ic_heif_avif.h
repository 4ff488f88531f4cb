// The shim's own AVIF path (ic_heif_avif.c, ic_heif_avif_rows.c, ic_heif_dav1d.c), private to
// ic_heif.c: an av01 image item and its alpha image decoded by dav1d from the items' own extents,
// then converted to RGBA row by row with irot, imir and clap applied. Not part of ic_codecs.h.
#ifndef IC_HEIF_AVIF_H
#define IC_HEIF_AVIF_H

#include "ic_codecs.h"
#include "ic_heif_boxes.h"

#include <stddef.h>
#include <stdint.h>

#include <dav1d/dav1d.h>

// The longest message dav1d's logger leaves for an error, with its terminator.
#define IC_DAV1D_MESSAGE 200

// A picture dav1d decoded, held until ic_dav1d_release.
typedef struct {
    Dav1dPicture picture;
    int held;
} ic_dav1d_picture;

// 1 when libdav1d.so.6 could be loaded (once per process), 0 otherwise.
int ic_dav1d_available(void);

// Decodes the AV1 stream made of `parts` (configuration OBUs, then the item's data) into *out:
// one thread, frames of more than `max_pixels` refused by dav1d before it allocates them, and
// pictures of more than `max_picture_bytes` (ic_dav1d_picture_bytes) by the shim's allocator; its
// log kept in `message` (IC_DAV1D_MESSAGE bytes), never printed. IC_ERR_UNSUPPORTED when dav1d
// cannot be loaded, IC_ERR_CORRUPT when the stream gives no picture, IC_ERR_NO_MEMORY.
ic_status ic_dav1d_decode(const ic_extent *parts, size_t count, uint64_t max_pixels, uint64_t max_picture_bytes,
                          ic_dav1d_picture *out, char *message);

// The bytes of dav1d 1.0's picture of width×height, `bits` deep, in a Dav1dPixelLayout, as its
// default allocator lays it out (the shim's allocator does the same); its strides, luma plane and
// one chroma plane's bytes in the pointers that are not NULL.
uint64_t ic_dav1d_picture_bytes(uint32_t width, uint32_t height, int bits, int layout, ptrdiff_t *strides,
                                uint64_t *luma_bytes, uint64_t *chroma_bytes);

// Releases a picture (a no-op on an empty one).
void ic_dav1d_release(ic_dav1d_picture *picture);

// What decoding an av01 item directly needs, found in the boxes by ic_avif_plan.
typedef struct {
    uint32_t color;          // the av01 item
    uint32_t alpha;          // its alpha image (an av01 item, auxl with an alpha auxC), or 0
    uint32_t coded_width;    // ispe: the size dav1d must decode
    uint32_t coded_height;
    uint32_t crop_left;      // clap, as libheif 1.15 rounds and clamps it (the whole picture without)
    uint32_t crop_top;
    uint32_t crop_width;
    uint32_t crop_height;
    int quarter_turns;       // irot: anti-clockwise quarter turns, 0 to 3
    int mirror;              // imir as libheif 1.15 reads it: -1 none, 0 top to bottom, 1 left to right
    uint64_t color_picture;  // dav1d's picture for each, as their av1C and ispe say (ic_dav1d_picture_bytes)
    uint64_t alpha_picture;
    int deep;                // more than 8 bits (the colour or the alpha image)
    uint64_t stream_bytes;   // the configuration OBUs and data of both items (dav1d's copy)
} ic_avif_plan;

// 1 and *plan when the image `root` of the file can be decoded by the shim's dav1d path: an av01
// item (not a grid or overlay) with an av1C and an ispe, its transformations giving the header's
// displayed size `width`×`height`, and, when `has_alpha`, an av01 alpha image without
// transformations of its own; 0 otherwise (libheif decodes it); -1 when out of memory.
int ic_avif_plan_image(const uint8_t *data, size_t size, uint32_t root, uint32_t width, uint32_t height,
                       int has_alpha, ic_avif_plan *plan);

typedef struct ic_avif ic_avif;

// Decodes the plan's items with dav1d (ic_dav1d_decode), each held to its ispe; the colour
// conversion from `info`'s nclx (a colr box, which libheif 1.15 prefers) or else the sequence
// header's, premultiplied alpha as `info` says. The error's message in `message`.
ic_status ic_avif_decode(const uint8_t *data, size_t size, const ic_avif_plan *plan, const ic_heif_image_info *info,
                         ic_avif **out, char *message, size_t message_size);

// The colour codes (primaries, transfer, matrix) of the sequence header of the colour picture
// (`alpha` 0) or the alpha picture (1); 0 when there is no such picture.
int ic_avif_codes(const ic_avif *avif, int alpha, uint16_t codes[3]);

// The decoded image's displayed size (transformations applied).
void ic_avif_size(const ic_avif *avif, uint32_t *width, uint32_t *height);

// RGBA8 rows [first, first + rows) of the displayed image, converted from the planes as they are
// read (ic_heif_avif_rows.c): no RGB image is kept.
ic_status ic_avif_read_rows(const ic_avif *avif, uint8_t *rgba, size_t stride, uint32_t first, uint32_t rows);

// 1 when every pixel is grey (red, green and blue within 2 levels at 8 bits).
int ic_avif_grey(const ic_avif *avif);

void ic_avif_free(ic_avif *avif);

// Whether `item` is an alpha image as libheif 1.15 decides it (ic_heif_grids.c).
int ic_heif_is_alpha(const ic_heif_meta *meta, const ic_box *properties, size_t property_count, uint32_t item);

#endif
