// The shim's own tile path (ic_heif_avif.c, ic_heif_avif_rows.c, ic_heif_avif_tiles.c; the codecs
// in ic_heif_dav1d.c and ic_heif_hevc_tiles.c), private to ic_heif.c: an av01 or hvc1 image item,
// or a grid of them, and its alpha image, decoded by dav1d or libde265 from the items' own extents,
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

// A picture dav1d decoded, held until ic_dav1d_release; or an HEVC tile's planes copied by the
// shim (ic_hevc_decode_tile), described the same way.
typedef struct {
    Dav1dPicture picture;
    int held;       // dav1d's picture
    void *planes;   // the shim's copy of an HEVC picture (freed by ic_dav1d_release)
} ic_dav1d_picture;

// 1 when libdav1d.so.6 could be loaded (once per process), 0 otherwise.
int ic_dav1d_available(void);

// The pictures dav1d asks for, held to what the caller planned (and reserved) from the item's
// header, all of them together: a sequence header deeper, less subsampled or larger than the av1C
// and ispe said, or a stream that makes dav1d keep a second picture (a frame not shown, film
// grain applied to a copy), gets no memory, and the decode fails before dav1d allocates its
// per-frame state for it. So does a frame of more tiles than planned (dav1d's state grows with
// them: ic_dav1d_state_bytes), which dav1d has parsed (the picture's frame header) but not yet
// allocated for; a probe (ic_dav1d_frame_tiles) plans none, and reads the count.
typedef struct {
    uint64_t limit;
    uint64_t allocated;   // every picture's bytes this decode (a still image has one picture)
    uint32_t max_tiles;
    uint32_t tiles;       // the most tiles a frame asked for, in so many rows of tiles
    uint32_t tile_rows;
    int refused;          // IC_DAV1D_PICTURE or IC_DAV1D_TILES
} ic_dav1d_allocator;

enum { IC_DAV1D_PICTURE = 1, IC_DAV1D_TILES = 2 };

// The allocator's callbacks (ic_heif_dav1d_pages.c), with an ic_dav1d_allocator as the cookie:
// dav1d's alloc_picture_callback and release_picture_callback.
int ic_dav1d_alloc(Dav1dPicture *p, void *cookie);
void ic_dav1d_free(Dav1dPicture *p, void *cookie);

// Decodes the AV1 stream made of an av01 item's configuration OBUs `config` (may be empty) and
// its data (`count` extents) into *out: one thread, frames of more than `max_pixels` refused by
// dav1d before it allocates them, and pictures of more than `max_picture_bytes`
// (ic_dav1d_picture_bytes), and frames of more than `max_tiles` tiles, by the shim's allocator; its
// log kept in `message` (IC_DAV1D_MESSAGE bytes), never printed. dav1d reads the bytes in place
// when the data is one run (ic_extents_adjacent) and the OBUs are whole (ic_av1_whole_obus); it
// copies them otherwise. IC_ERR_UNSUPPORTED when dav1d cannot be loaded, IC_ERR_CORRUPT when the
// stream gives no picture, IC_ERR_NO_MEMORY.
ic_status ic_dav1d_decode(const ic_extent *config, const ic_extent *extents, size_t count, uint64_t max_pixels,
                          uint64_t max_picture_bytes, uint32_t max_tiles, ic_dav1d_picture *out, char *message);

// The tiles of the stream's first frame (tile columns × rows; the rows in *rows), as dav1d parses
// its header, without decoding it: the picture dav1d then asks for is refused, before dav1d
// allocates its state for the frame. 0 when dav1d cannot be loaded or the stream reaches no frame
// (its decode fails alike); -1 when out of memory.
int64_t ic_dav1d_frame_tiles(const ic_extent *config, const ic_extent *extents, size_t count, uint64_t max_pixels,
                             uint32_t *rows);

// 1 when `size` bytes of configuration OBUs end where an OBU ends, each with its size field, so
// that dav1d parses the same OBUs whether the item's data follows in the same packet or in the
// next (0 bytes: 1); 0 when one has no size field or runs past the end.
int ic_av1_whole_obus(const uint8_t *obus, size_t size);

// 1 when an item's `count` extents (at least one) are one run of bytes, each starting where the
// one before ends: dav1d can read them in place.
int ic_extents_adjacent(const ic_extent *extents, size_t count);

// The bytes of dav1d 1.0's picture of width×height, `bits` deep, in a Dav1dPixelLayout, as its
// default allocator lays it out (the shim's allocator does the same); its strides, luma plane and
// one chroma plane's bytes in the pointers that are not NULL.
uint64_t ic_dav1d_picture_bytes(uint32_t width, uint32_t height, int bits, int layout, ptrdiff_t *strides,
                                uint64_t *luma_bytes, uint64_t *chroma_bytes);

// dav1d 1.0's own memory while it decodes one frame of width×height in `tiles` tiles, `tile_rows`
// rows of them, with the shim's settings (one thread, one frame of delay, film grain off), beside
// its picture and its copy of the stream: a malloc counter around dav1d_open to dav1d_close found
// 0.40–0.47 bytes a pixel of the frame padded to 128 at 8 bits (4:0:0 to 4:4:4, 1620×1080 and
// 4032×3024, one or two tiles), 0.53–0.61 deeper, plus its context (0.36 MB); so 0.5 and 0.65
// bytes a padded pixel and IC_DAV1D_CONTEXT_BYTES; and IC_DAV1D_TILE_BYTES a tile and
// IC_DAV1D_TILE_ROW_BYTES a row of tiles by 128 pixels of width (see there).
uint64_t ic_dav1d_state_bytes(uint32_t width, uint32_t height, int deep, uint32_t tiles, uint32_t tile_rows);

// Releases a picture (a no-op on an empty one).
void ic_dav1d_release(ic_dav1d_picture *picture);

// The bytes of the shim's copy of an HEVC picture of width×height (ic_hevc_decode_tile), as the
// `size` bytes of its hvcC's payload say its chroma format and depth; 0 when the hvcC is too short
// or names a depth the rows do not read (libheif decodes it then). *deep set for more than 8
// bits, *config to the parameter sets' bytes.
uint64_t ic_hevc_tile_bytes(const uint8_t *hvcc, size_t size, uint32_t width, uint32_t height, int *deep,
                            uint64_t *config);

// Decodes an hvc1 item (its hvcC's payload, `hvcc_size` bytes, and its data's extents) with
// libde265 as the shim's HEVC plugin does (ic_heif_hevc_tiles.c), into *out: the picture inside
// its conformance window, copied, at most `picture_bytes` (a picture larger than its header says
// is refused). Damage libde265 reported or left undecoded in *warning (NULL when clean): the
// undecoded parts are grey. IC_ERR_CORRUPT, IC_ERR_NO_MEMORY; the message in `message`.
ic_status ic_hevc_decode_tile(const uint8_t *hvcc, size_t hvcc_size, const ic_extent *extents, size_t count,
                              uint64_t picture_bytes, ic_dav1d_picture *out, const char **warning, char *message,
                              size_t message_size);

// What decoding an image directly needs, found in the boxes by ic_avif_plan_image: an av01 or hvc1
// item, or a grid of them (a single item is a grid of one tile), and its alpha image the
// same way, tile for tile.
typedef struct {
    uint32_t color;          // the image item (av01 or grid)
    uint32_t alpha;          // its alpha image (auxl with an alpha auxC), or 0
    uint32_t *color_tiles;   // rows × columns coded items, row by row (owned: ic_avif_plan_free)
    uint32_t *alpha_tiles;   // the alpha image's, the same layout, or NULL
    uint32_t rows;
    uint32_t columns;
    uint32_t cell_width;     // every tile's ispe
    uint32_t cell_height;
    uint32_t coded_width;    // the canvas (a grid's output size, an item's ispe)
    uint32_t coded_height;
    uint32_t crop_left;      // clap, as libheif 1.15 rounds and clamps it (the whole canvas without)
    uint32_t crop_top;
    uint32_t crop_width;
    uint32_t crop_height;
    int quarter_turns;       // irot: anti-clockwise quarter turns, 0 to 3
    int mirror;              // imir as libheif 1.15 reads it: -1 none, 0 top to bottom, 1 left to right
    uint64_t tile_picture;   // dav1d's picture for the largest tile, colour and alpha together, by
                             // their av1C (ic_dav1d_picture_bytes): the allocator's cap for each
    uint64_t held_pictures;  // the pictures held at once: one row of tiles, a column when turned
    int deep;                // a tile deeper than 8 bits
    int hevc;                // the tiles are hvc1 (libde265), not av01 (dav1d)
    uint64_t stream_bytes;   // the largest tile's stream that is copied: an hvc1 tile's (the shim's
                             // copy), an av01 tile's that dav1d cannot read in place (its copy;
                             // ic_dav1d_decode), else 0
    uint64_t shim_bytes;     // the shim's own objects while it decodes (ic_avif_plan_image)
    uint32_t frame_tiles;    // the most tiles an av01 tile's frame has (ic_dav1d_frame_tiles)
    uint32_t frame_tile_rows;   // the most rows of tiles
    size_t tile_extents;     // the most extents a tile's data has
} ic_avif_plan;

// 1 and *plan when the image `root` of the file can be decoded by the shim's tile path: an av01 or
// hvc1 item, or a grid of tiles of one codec and size (not an overlay), each with an av1C or hvcC
// and an ispe, a codec `codecs` allows (IC_AVIF_AV1, IC_AVIF_HEVC: the ones that load), its
// transformations giving the header's displayed size `width`×`height`, and, when `has_alpha`, an
// alpha image laid out the same without transformations of its own; 0 otherwise (libheif
// decodes it); -1 when out of memory. ic_avif_plan_free frees it either way.
int ic_avif_plan_image(const uint8_t *data, size_t size, uint32_t root, uint32_t width, uint32_t height,
                       int has_alpha, int codecs, ic_avif_plan *plan);

// A property's payload reader (its index in `properties`, 1-based), or an empty one when `index`
// names none (ic_heif_avif_transforms.c).
ic_box_reader ic_property(const ic_heif_meta *meta, const ic_box *properties, size_t count, uint32_t index);

// The transformations of `item` (clap, irot, imir) in *plan, as libheif 1.15 reads them: 1; 0
// when libheif's reading could differ (a clap it would clamp or refuse); -1 when out of memory
// (ic_heif_avif_transforms.c).
int ic_avif_transforms(const ic_heif_meta *meta, const ic_box *properties, size_t count, const ic_heif_item *item,
                       ic_avif_plan *plan);

// ic_avif_plan_image's `codecs`: the codecs that can be loaded.
enum { IC_AVIF_AV1 = 1, IC_AVIF_HEVC = 2 };

void ic_avif_plan_free(ic_avif_plan *plan);

// An AVIF file described from its boxes alone, as libheif 1.15 would describe it
// (ic_heif_describe.c), so that ic_heif_open need not load libheif for it.
typedef struct {
    uint32_t primary;           // pitm's item
    uint32_t image_count;       // top-level images, as libheif counts them
    uint32_t oversized_width;   // the first image item (by ID) whose ispe has a side over the
    uint32_t oversized_height;  // caller's `max_side` (libheif refuses the file for it), or 0
    ic_heif_image_info info;    // the primary image; its ICC points into the file's bytes
} ic_avif_description;

// 1 and *out when the file is an AVIF whose every fact ic_heif_open reports can be read from the
// boxes exactly as libheif 1.15 reads it: brands avif and mif1, a pict handler, one primary av01
// item or grid that is not hidden, items only of the types av01, grid, Exif and mime, references
// only dimg, one alpha auxl to the primary, prem and cdsc (no thumbnail, depth map or other
// auxiliary image), one ispe an item, before its clap, irot and imir (at most one each, clap
// first), colr boxes of type nclx, prof or rICC, and, for a grid, no colour box on another image
// but the grid's own (libheif 1.15 gives the grid each tile's). 0 otherwise (libheif describes the file); -1 when
// out of memory.
int ic_avif_describe(const uint8_t *data, size_t size, uint32_t max_side, ic_avif_description *out);

// A decoding in progress: the plan's tiles, a row of them held at a time (ic_heif_avif_tiles.c),
// and how rows are read from them (ic_heif_avif_rows.c).
typedef struct ic_avif {
    const uint8_t *data;
    size_t size;
    const ic_avif_plan *plan;
    ic_dav1d_picture *color;           // rows × columns tiles, those of the row held decoded
    ic_dav1d_picture *alpha;           // the same for the alpha image, or NULL
    int64_t band;                      // the row of tiles held (a column for a quarter turn), -1 none
    int strict;
    uint32_t width, height;            // displayed
    int64_t x_step, x_row, x_start;    // canvas x = x_step·ox + x_row·oy + x_start
    int64_t y_step, y_row, y_start;    // canvas y likewise
    float kr, kb;                      // the matrix's coefficients (ic_avif_coefficients)
    float tile_rgb[4];                 // libheif's per-tile factors: r_cr, g_cb, g_cr, b_cb
    int identity, full_range, premultiplied, colors_set;
    int per_tile;                      // a grid at 8 bits, full range: converted as libheif converts a tile
    int bits, layout, alpha_bits;      // the first tile's, which every tile must share
    int32_t has_nclx, nclx_matrix, nclx_primaries, nclx_full_range;
} ic_avif;

// Holds the row of tiles `band` decoded (the previous one released), or, when a quarter turn
// reads the canvas by columns, the column of tiles `band` (ic_heif_avif_tiles.c).
ic_status ic_avif_hold(ic_avif *avif, int64_t band, char *message, size_t message_size);

// The row of tiles displayed row `row` reads, or its column of tiles for a quarter turn
// (ic_heif_avif_rows.c).
int64_t ic_avif_band(const ic_avif *avif, uint32_t row);

// The output-to-canvas mapping of the plan's transformations (imir undone, then irot, then
// clap's offset), into avif's steps (ic_heif_avif_rows.c).
void ic_avif_mapping(ic_avif *avif, const ic_avif_plan *plan);

// Kr and Kb for an nclx matrix (and primaries, for the chromaticity-derived matrices 12 and 13).
void ic_avif_coefficients(int matrix, int primaries, float *kr, float *kb);

// libheif 1.15's YCbCr-to-RGB factors for an nclx matrix, as it converts each tile of a grid
// (its Op_YCbCr_to_RGB, in float): r_cr, g_cb, g_cr, b_cb, from Kr and Kb for the matrices it
// knows, its fixed BT.601 factors for the others (ic_heif_avif_rows.c).
void ic_avif_tile_factors(int matrix, int primaries, float factors[4]);

// Prepares the plan's decoding (its first row of tiles, or all when a quarter turn needs them,
// decoded by dav1d, each held to its ispe); the colour conversion from `info`'s nclx (a colr box,
// which libheif 1.15 prefers) or else the first tile's sequence header, premultiplied alpha as
// `info` says. `data` and `plan` must outlive *out. When `strict`, a tile whose sequence header
// has a colour code libheif does not know fails, as libheif's warning would (ic_heif_nclx_warning).
// The error's message in `message`.
ic_status ic_avif_decode(const uint8_t *data, size_t size, const ic_avif_plan *plan, const ic_heif_image_info *info,
                         int strict, ic_avif **out, char *message, size_t message_size);

// The decoded image's displayed size (transformations applied).
void ic_avif_size(const ic_avif *avif, uint32_t *width, uint32_t *height);

// RGBA8 rows [first, first + rows) of the displayed image, converted from the planes as they are
// read (ic_heif_avif_rows.c): no RGB image is kept. A grid's next row of tiles is decoded when a
// row needs it, the previous one released; its error's message in `message`.
ic_status ic_avif_read_rows(ic_avif *avif, uint8_t *rgba, size_t stride, uint32_t first, uint32_t rows,
                            char *message, size_t message_size);

// 1 when every pixel is grey (red, green and blue within 2 levels at 8 bits); a grid's rows of
// tiles are decoded again for it.
int ic_avif_grey(ic_avif *avif);

void ic_avif_free(ic_avif *avif);

// One grid: its descriptor, read from the item's data (0 rows: unreadable).
typedef struct {
    uint32_t rows;
    uint32_t columns;
    uint32_t width;
    uint32_t height;
} ic_grid_layout;

// A grid item's descriptor (version, flags, bit 0 for 32-bit sizes, rows - 1, columns - 1, the
// output width and height), gathered across its extents, in *layout; left as it was when the data
// is too short (ic_heif_grids.c).
void ic_heif_grid_layout(const ic_extent *extents, size_t count, ic_grid_layout *layout);

// The first dimg entry from `grid` in iref, as libheif 1.15 takes it: its to_item_IDs in *tiles
// (to free) and how many in *count; 0 tiles when there is none; -1 when out of memory
// (ic_heif_grids.c).
int ic_heif_grid_tiles(const ic_heif_meta *meta, uint32_t grid, uint32_t **tiles, size_t *count);

// Whether `item` is an alpha image as libheif 1.15 decides it (ic_heif_grids.c).
int ic_heif_is_alpha(const ic_heif_meta *meta, const ic_box *properties, size_t property_count, uint32_t item);

#endif
