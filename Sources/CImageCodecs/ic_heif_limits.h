// The shim's guards around libheif 1.15 (ic_heif_limits.c, ic_heif_streams.c), private to ic_heif.c: what libheif
// does not hold to an image's header. Not part of ic_codecs.h.
#ifndef IC_HEIF_LIMITS_H
#define IC_HEIF_LIMITS_H

#include "ic_codecs.h"

#include <stddef.h>
#include <stdint.h>

// libheif, called through the table filled on first use (ic_heif_dl.h).
#include "ic_heif_dl.h"

#include "ic_heif_boxes.h"

// A grid's or overlay's canvas: its size and four-character type ("grid" or "iovl").
typedef struct {
    uint32_t width;
    uint32_t height;
    char type[5];
} ic_heif_canvas;

// Records a failure and its message on the decoder (ic_heif.c); returns `status`.
ic_status ic_heif_fail(ic_heif *heif, ic_status status, const char *message);

// Before libheif reads the file: IC_ERR_CORRUPT when it has more than one top-level meta box (which
// one libheif 1.15 keeps depends on details of its reading); IC_ERR_LIMIT when its boxes nest
// deeper than 8, the boxes libheif parses hold more than IC_HEIF_MAX_PARSED_BYTES, it lists more
// boxes, items (infe boxes), item locations (iloc), property associations (ipma), extents, iref
// entries or references, or NAL units in hvcC boxes than 2,048 items use, since libheif's parse
// time grows with their product (ic_heif_counts.c), or when libheif would copy more of the items'
// data than the file's size and IC_HEIF_MAX_EXTRA_COPIES (ic_heif_copies.c).
ic_status ic_heif_check_counts(ic_heif *heif, const uint8_t *data, size_t size);

// Whether ic_heif_check_counts's counts are all within their limits (1) or not (0): what may be
// listed and allocated for the file's items at all (ic_heif_copied_bytes lists nothing otherwise);
// the memory libheif makes of the boxes it parses in *parse_cost (unless NULL).
int ic_heif_counts_allowed(const uint8_t *data, size_t size, uint64_t *parse_cost);

// Holds to the header of the image `root` (an item ID: the primary image or the thumbnail to be
// decoded) whatever decoding it can reach (ic_heif_keep_related in ic_heif_boxes.h): IC_ERR_CORRUPT
// when a grid's or overlay's canvas has more pixels than `header`, or when a coded image's
// bitstream (ic_heif_check_coded_sizes) does; `image` names it in the message ("image",
// "thumbnail"). IC_ERR_NO_MEMORY when the items cannot be listed.
ic_status ic_heif_check_image(ic_heif *heif, const uint8_t *data, size_t size, uint32_t root,
                              const ic_heif_image_info *header, const char *image);

// IC_ERR_CORRUPT when the bitstream of a coded image that decoding `root` reaches, in the file
// whose boxes `meta` holds (an HEVC sequence parameter set or AV1 sequence header, in its configuration box or its
// data), gives a picture with more pixels than `header`, each side rounded up to 64 for the
// codec's padding, when the coded images hold more NAL units or OBUs than a still image could, or
// when an HEVC sequence parameter set is one libde265 1.0.11 would refuse with a line on stderr
// (ic_hevc_sps_size); IC_ERR_NO_MEMORY when the items cannot be listed.
ic_status ic_heif_check_coded_sizes(ic_heif *heif, const ic_heif_meta *meta, uint32_t root,
                                    const ic_heif_image_info *header, const char *image);

// The picture size a sequence header gives (ic_heif_headers.c): what the codec allocates (coded)
// and the picture it outputs (shown: HEVC's conformance window cropped; AV1's the same).
typedef struct {
    uint32_t coded_width;
    uint32_t coded_height;
    uint32_t shown_width;
    uint32_t shown_height;
} ic_picture_size;

// 1 and the size when the HEVC NAL unit `nal` (header included) is a readable sequence parameter
// set; 0 otherwise. `invalid` (`invalid_size` bytes) names the condition under which libde265 1.0.11
// would refuse the set with a line on stderr ("width 300 is not a multiple of the minimum coding
// block (8)"), or is left empty; filled only when the size is read.
int ic_hevc_sps_size(const uint8_t *nal, size_t length, ic_picture_size *size, char *invalid, size_t invalid_size);

// 1 and the size (max_frame_width/height) when `payload` is a readable AV1 sequence header OBU's
// payload; 0 otherwise.
int ic_av1_sequence_size(const uint8_t *payload, size_t length, ic_picture_size *size);

// An item's own size when its sequence headers or parameter sets disagree (ic_heif_streams.c).
#define IC_HEIF_SIZE_CONFLICT UINT32_MAX

// The most a coded picture may exceed its header on a side: HEVC's largest coding block (64
// samples, H.265 7.4.3.2.1), whose padding its conformance window crops (ic_heif.c).
#define IC_HEIF_CODING_BLOCK 64

// libheif 1.15 makes a grid's canvas without clearing it and pastes each tile at the size its codec
// decoded, stepping by each tile's own ispe (cropped by its clap, turned by its irot), so a tile
// smaller than its cell, tiles of different sizes, or cells that do not reach the canvas's edges
// leave pixels no tile wrote, and the analysis would read whatever the heap held (different
// colours from one run to the next). For every grid libheif decodes for `root` (itself, the
// inputs of any of them, and their alpha images; not depth or gain maps): IC_ERR_CORRUPT unless
// each of its rows × columns tiles is a coded image of `coded` (an hvc1 or av01 item decoding
// `root` reaches, sorted by ID) with no clap or irot, whose ispe is the first tile's and whose
// stream decodes to it (`own`: each coded item's width and height, from ic_heif_streams.c; HEIF
// requires a grid's tiles to be one size), and the cells cover the canvas. IC_ERR_NO_MEMORY when
// the items cannot be listed (ic_heif_grids.c).
ic_status ic_heif_check_grid_cells(ic_heif *heif, const ic_heif_meta *meta, uint32_t root, const ic_heif_item *coded,
                                   size_t coded_count, const uint32_t *own);

// The longest side a handle's header allows for any plane decoded for it: the coded size (ispe,
// before irot and clap) or the displayed size, whichever is larger; 0 if it says neither.
int ic_heif_longest_side(struct heif_image_handle *handle);

// IC_ERR_CORRUPT for a coded image of w×h larger than the handle's header, named with both sizes.
ic_status ic_heif_larger_than_header(ic_heif *heif, struct heif_image_handle *handle, int w, int h);

// IC_ERR_CORRUPT for libheif's refusal of a plane past the header's side, named with both sizes.
ic_status ic_heif_oversized(ic_heif *heif, struct heif_image_handle *handle, struct heif_error error);

// Registers the shim's AV1 decoder plugin (libaom, ic_heif_av1.c) with libheif, above its own
// dav1d and aom plugins, so that every AV1 picture (tiles and alpha planes too) is decoded by it.
// Call once, after heif_init; 1 on success.
int ic_heif_av1_register(void);

// Gives a decoder plugin's picture the colour description of its bitstream's codes (primaries,
// transfer, matrix, full range); a code libheif does not know is a warning on `image`, or, when
// `strict`, the error returned (ic_heif_nclx.c).
struct heif_error ic_heif_set_nclx(struct heif_image *image, uint16_t primaries, uint16_t transfer, uint16_t matrix,
                                   int full_range, int strict);

// Which of the three colour codes libheif 1.15 does not know: bit 0 the primaries, bit 1 the
// transfer, bit 2 the matrix; 0 when it knows all three (ic_heif_nclx.c, without libheif).
int ic_heif_nclx_unknown(uint16_t primaries, uint16_t transfer, uint16_t matrix);

// The warning libheif 1.15 gives a decoder plugin's picture whose bitstream has these colour codes
// (ic_heif_set_nclx): the last code it does not know, named as libheif names it; NULL when it
// knows all three. For the shim's dav1d path, which gives libheif no picture (ic_heif_nclx.c).
const char *ic_heif_nclx_warning(uint16_t primaries, uint16_t transfer, uint16_t matrix);

// Registers the shim's HEVC decoder plugin (libde265 on mid-grey buffers, ic_heif_hevc.c) above
// libheif's own libde265 plugin. Call once, after heif_init; 1 on success.
int ic_heif_hevc_register(void);

// libheif's error as an ic_status, recorded on the decoder with its message (which names the box
// or the codec); IC_OK for heif_error_Ok (ic_heif_errors.c).
ic_status ic_heif_error(ic_heif *heif, struct heif_error error);

// Strict decoding: IC_ERR_CORRUPT, named, when the decode warned: `hevc_warning`
// (ic_heif_hevc_take_warning's, or NULL) or the last warning libheif attached to `image`; else
// IC_OK (ic_heif_errors.c).
ic_status ic_heif_refuse_warnings(ic_heif *heif, struct heif_image *image, const char *hevc_warning);

// What said a picture decoded on this thread since the last call was damaged (libde265's last
// warning, or "part of the picture was never decoded"), or NULL; cleared by the call.
const char *ic_heif_hevc_take_warning(void);

#endif
