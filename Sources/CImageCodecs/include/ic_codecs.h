// ImageColors C shim: the only code that calls libjpeg, libpng, libwebp, giflib and libheif.
//
// libjpeg and libpng report fatal errors with longjmp. Swift frames must never sit between a
// setjmp and its longjmp, so every function here that calls into a library installs its own
// setjmp, cleans up on every path and returns an ic_status. libwebp, giflib and libheif return
// error codes instead; their functions here turn those into the same ic_status codes and
// messages. None of the libraries prints anything. After a failure the handle only accepts
// *_destroy; the message explains what happened.
#ifndef IC_CODECS_H
#define IC_CODECS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes returned by every shim function.
typedef enum ic_status {
    IC_OK = 0,
    IC_DONE = 1,               ///< no more rows: the image is complete
    IC_ERR_CORRUPT = -1,       ///< the library rejected the data
    IC_ERR_TRUNCATED = -2,     ///< the data ended before the image did
    IC_ERR_UNSUPPORTED = -3,   ///< valid, but a feature we do not decode (12-bit, lossless, …)
    IC_ERR_NO_MEMORY = -4,     ///< an allocation failed or would pass the library's memory limit
    IC_ERR_IO = -5,            ///< the file could not be opened or read
    IC_ERR_STATE = -6,         ///< called in the wrong order or after a failure
    IC_ERR_LIMIT = -7,         ///< over a configured limit (dimensions, chunk size, scans)
    IC_ERR_DEADLINE = -8,      ///< the decode deadline passed
} ic_status;

/// Monotonic clock in nanoseconds (CLOCK_MONOTONIC), the clock of every deadline here.
int64_t ic_monotonic_ns(void);

/// Where compressed bytes come from: a memory buffer (kept alive by the caller until
/// *_destroy) or a file path opened by the shim.
typedef struct ic_source_desc {
    const uint8_t *data;   ///< memory source, or NULL
    size_t size;           ///< bytes at data
    const char *path;      ///< file source when data is NULL
} ic_source_desc;

// MARK: JPEG

/// Colour spaces of the stored JPEG data.
typedef enum ic_jpeg_color {
    IC_JPEG_GRAY = 1,
    IC_JPEG_YCBCR = 2,   ///< also plain RGB
    IC_JPEG_CMYK = 3,
    IC_JPEG_YCCK = 4,
    IC_JPEG_OTHER = 5,
} ic_jpeg_color;

/// What the header says, filled by ic_jpeg_open.
typedef struct ic_jpeg_info {
    uint32_t width;
    uint32_t height;
    int32_t components;
    int32_t color;             ///< ic_jpeg_color
    int32_t progressive;       ///< 1 for progressive (multi-scan) files
    int32_t arithmetic;        ///< 1 for arithmetic-coded files
    int32_t adobe_inverted;    ///< 1 when an Adobe APP14 marker says CMYK is stored inverted
    int32_t max_h_samp;
    int32_t max_v_samp;
    const uint8_t *exif;       ///< TIFF data of the first "Exif\0\0" APP1 marker, or NULL
    size_t exif_size;
    /// With config.icc_limit: the embedded ICC profile reassembled from its APP2 "ICC_PROFILE"
    /// chunks (jpeg_read_icc_profile), malloc'd and owned by the handle until ic_jpeg_destroy;
    /// else NULL.
    const uint8_t *icc;
    size_t icc_size;
    /// With config.icc_limit: why ICC chunks that are present give no profile (libjpeg's
    /// warning about a missing or repeated chunk, or the limit), owned by the handle; else NULL.
    const char *icc_note;
    /// With config.icc_limit: the bytes of the ICC chunks kept in libjpeg's pool until
    /// ic_jpeg_destroy (at most config.icc_limit), besides the icc_size bytes of the profile.
    size_t icc_marker_bytes;
} ic_jpeg_info;

/// Decoder settings fixed at creation.
typedef struct ic_jpeg_config {
    int32_t warnings_are_errors;   ///< libjpeg warnings stop decoding
    int32_t max_scans;             ///< more scans than this is an error (0: no cap)
    int64_t deadline_ns;           ///< ic_monotonic_ns() past which decoding stops (0: none)
    /// Keep APP2 "ICC_PROFILE" chunks up to this many bytes in all and reassemble the profile
    /// (ic_jpeg_info.icc); other APP2 markers are skipped, and a profile over the limit is
    /// dropped with a note. 0: read no ICC profile.
    int64_t icc_limit;
} ic_jpeg_config;

/// What decoding at a given scale will produce and need, computed from the header before
/// anything large is allocated.
typedef struct ic_jpeg_plan {
    uint32_t output_width;
    uint32_t output_height;
    int32_t multi_scan;            ///< 1 when libjpeg must buffer the whole image's coefficients
    size_t coefficient_bytes;      ///< that buffer: blocks × 64 × sizeof(JCOEF); 0 when single-scan
    size_t working_bytes;          ///< an upper estimate of libjpeg's other buffers at this scale
} ic_jpeg_plan;

typedef struct ic_jpeg ic_jpeg;

/// Allocates a decoder; NULL when out of memory.
ic_jpeg *ic_jpeg_create(ic_jpeg_config config);
/// Opens the source and reads the header (through SOF).
ic_status ic_jpeg_open(ic_jpeg *jpeg, ic_source_desc source, ic_jpeg_info *info);
/// Chooses decompression at 1/scale_denom (1, 2, 4 or 8) with the ISLOW DCT and no fancy
/// upsampling, and computes what that needs without allocating image buffers.
ic_status ic_jpeg_plan_scale(ic_jpeg *jpeg, int scale_denom, ic_jpeg_plan *plan);
/// Starts decompression as planned. libjpeg's large buffers (the coefficient buffer of
/// multi-scan files) may use at most max_memory bytes (0: no cap); past that it fails with
/// IC_ERR_NO_MEMORY instead of allocating.
ic_status ic_jpeg_start(ic_jpeg *jpeg, size_t max_memory, uint32_t *out_width, uint32_t *out_height);
/// For CMYK and YCCK files, between ic_jpeg_open and ic_jpeg_start: raw = 1 makes
/// ic_jpeg_read_rows deliver 4-byte CMYK as libjpeg outputs it instead of RGBA: C, M, Y, K
/// exactly as stored, so *inverted* (0 = full ink, 255 = none) when info.adobe_inverted says
/// an Adobe APP14 marker was seen, else 255 = full ink (YCCK is converted to that CMYK first).
/// For the caller's own colour management; raw = 0 (the default) keeps the naive conversion
/// to RGBA. IC_ERR_STATE at any other time; ignored for files that are not CMYK or YCCK.
ic_status ic_jpeg_set_raw_cmyk(ic_jpeg *jpeg, int raw);
/// Decodes up to max_rows rows as RGBA8 (alpha 255) into rgba, rows stride bytes apart.
/// Writes the first row's index and the count; IC_DONE once every row has been delivered.
ic_status ic_jpeg_read_rows(ic_jpeg *jpeg, uint8_t *rgba, size_t stride, uint32_t max_rows,
                            uint32_t *first_row, uint32_t *rows_read);
/// The last error or warning message (never NULL).
const char *ic_jpeg_message(const ic_jpeg *jpeg);
/// Frees everything; accepts NULL.
void ic_jpeg_destroy(ic_jpeg *jpeg);

// MARK: PNG

/// What the header says, filled by ic_png_open.
typedef struct ic_png_info {
    uint32_t width;
    uint32_t height;
    int32_t bit_depth;
    int32_t color_type;        ///< PNG colour type (0, 2, 3, 4, 6)
    int32_t interlaced;        ///< 1 for Adam7
    const uint8_t *exif;       ///< eXIf chunk data (before IDAT), or NULL
    size_t exif_size;
    /// The iCCP chunk's decompressed ICC profile as libpng accepted it (owned by libpng's info
    /// struct, valid until ic_png_destroy; within the chunk cap), or NULL.
    const uint8_t *icc;
    size_t icc_size;
    /// When an iCCP chunk was present but libpng dropped it (its warning, e.g. "iCCP: …"),
    /// owned by the handle; else NULL.
    const char *icc_note;
    int32_t srgb;              ///< 1 when an sRGB chunk (or an iCCP libpng knows as sRGB) is present
    int32_t gamma;             ///< the gAMA value × 100000 (45455 for 1/2.2), 0 when none
} ic_png_info;

/// One decoded row: pixels land at x = x0, x0 + dx, … of image row y.
typedef struct ic_png_row {
    uint32_t y;
    uint32_t x0;
    uint32_t dx;
    uint32_t count;
} ic_png_row;

/// Limits applied before any chunk is read.
typedef struct ic_png_limits {
    uint32_t max_width;
    uint32_t max_height;
    uint32_t chunk_cache_max;       ///< ancillary chunks kept, 0 = libpng default
    size_t chunk_malloc_max;        ///< largest chunk allocation, 0 = libpng default
} ic_png_limits;

typedef struct ic_png ic_png;

/// Allocates a decoder; NULL when out of memory.
ic_png *ic_png_create(void);
/// Opens the source, applies the limits and reads the header and the chunks before the first
/// IDAT. Row buffers are not allocated yet.
ic_status ic_png_open(ic_png *png, ic_source_desc source, ic_png_limits limits, ic_png_info *info);
/// Sets up the transformations to RGBA8 and allocates libpng's row buffers.
ic_status ic_png_start(ic_png *png);
/// Decodes the next row of the current pass as RGBA8 into rgba (width × 4 bytes).
/// Interlaced images deliver each Adam7 pass's rows in turn. IC_DONE after the last row,
/// once the rest of the stream (through IEND) has been checked.
ic_status ic_png_read_row(ic_png *png, uint8_t *rgba, ic_png_row *row);
/// The last error message (never NULL).
const char *ic_png_message(const ic_png *png);
/// Frees everything; accepts NULL.
void ic_png_destroy(ic_png *png);

// MARK: WebP

/// The container, filled by ic_webp_open (libwebp's demuxer; still images are one frame).
typedef struct ic_webp_info {
    uint32_t canvas_width;
    uint32_t canvas_height;
    uint32_t frame_count;      ///< 1 for a still image
    int32_t animated;          ///< 1 when the file has ANIM/ANMF chunks
    int32_t has_alpha;         ///< the VP8X alpha flag, or the still bitstream's alpha
    uint32_t loop_count;       ///< for animations, 0 = forever
    /// The ICCP chunk's payload (an ICC profile), pointing into the source bytes, or NULL.
    const uint8_t *icc;
    size_t icc_size;
    /// The EXIF chunk's payload (TIFF data, sometimes after "Exif\0\0"), into the source, or NULL.
    const uint8_t *exif;
    size_t exif_size;
} ic_webp_info;

/// One frame (a still image is frame 0), from ic_webp_frame_info.
typedef struct ic_webp_frame {
    uint32_t x;                ///< offset on the canvas (always even)
    uint32_t y;
    uint32_t width;            ///< the frame's own size, as its bitstream says
    uint32_t height;
    uint32_t duration_ms;      ///< display time; 0 for a still image
    int32_t blend;             ///< 1: alpha-blend onto the canvas; 0: replace the rectangle
    int32_t dispose;           ///< 1: clear the rectangle to transparent after showing; 0: keep
    int32_t has_alpha;
    int32_t lossless;          ///< 1: VP8L; 0: VP8 (lossy)
    /// For a lossy frame with alpha: 1 when its ALPH data is compressed losslessly (decoded by
    /// libwebp's VP8L decoder, up to 4 more bytes a pixel), 0 when stored raw.
    int32_t alpha_compressed;
    size_t bitstream_bytes;    ///< the frame's ALPH + VP8/VP8L chunks
    /// Those chunks (headers included), pointing into the source bytes.
    const uint8_t *bitstream;
} ic_webp_frame;

typedef struct ic_webp ic_webp;

/// Allocates a decoder; NULL when out of memory.
ic_webp *ic_webp_create(void);
/// Parses the container of `size` bytes at `data`, which must stay valid until ic_webp_destroy
/// (libwebp decodes from them in place). IC_ERR_TRUNCATED when the chunks end early.
ic_status ic_webp_open(ic_webp *webp, const uint8_t *data, size_t size, ic_webp_info *info);
/// Describes frame `index` (0-based) and checks its bitstream header.
ic_status ic_webp_frame_info(ic_webp *webp, uint32_t index, ic_webp_frame *frame);
/// Sets up the incremental decoder (WebPIDecoder) for frame `index`, with RGBA output of
/// out_width × out_height into `rgba` (the caller's memory, rows `stride` bytes apart, valid
/// until the frame is done): libwebp scales while decoding when that differs from the frame's
/// size. Any frame still being decoded is dropped first.
ic_status ic_webp_frame_start(ic_webp *webp, uint32_t index, uint32_t out_width, uint32_t out_height,
                              uint8_t *rgba, size_t stride);
/// Hands the decoder up to `step` more bytes of the frame (WebPIUpdate, no copy) and reports
/// in *rows how many output rows are complete. IC_OK: more to do; IC_DONE: the frame is
/// complete; IC_ERR_TRUNCATED when every byte was given and the frame is not.
ic_status ic_webp_frame_decode(ic_webp *webp, size_t step, uint32_t *rows);
/// The last error message (never NULL).
const char *ic_webp_message(const ic_webp *webp);
/// Frees everything; accepts NULL.
void ic_webp_destroy(ic_webp *webp);

// MARK: GIF

/// The logical screen, filled by ic_gif_open.
typedef struct ic_gif_info {
    uint32_t width;
    uint32_t height;
    int32_t has_global_colors;
} ic_gif_info;

/// One image of the file and the Graphic Control Extension before it, from ic_gif_next_frame.
typedef struct ic_gif_frame {
    uint32_t x;                ///< offset on the logical screen
    uint32_t y;
    uint32_t width;
    uint32_t height;
    int32_t interlaced;
    int32_t transparent_index; ///< the colour index shown as transparent, or -1
    int32_t disposal;          ///< 0 unspecified, 1 keep, 2 clear to background, 3 restore previous
    uint32_t delay_cs;         ///< display time in hundredths of a second
    int32_t has_local_colors;
} ic_gif_frame;

typedef struct ic_gif ic_gif;

/// Allocates a decoder; NULL when out of memory.
ic_gif *ic_gif_create(void);
/// Opens the source and reads the header: signature, logical screen, global colour table.
ic_status ic_gif_open(ic_gif *gif, ic_source_desc source, ic_gif_info *info);
/// Reads on to the next image descriptor (skipping what is left of the current frame and every
/// extension but the Graphic Control Extension) and describes that frame. IC_DONE at the
/// trailer. Memory stays constant however many frames the file has.
ic_status ic_gif_next_frame(ic_gif *gif, ic_gif_frame *frame);
/// Decodes the current frame's next stored row as RGBA8 into rgba (frame width × 4 bytes):
/// colours from the local or global table (grey levels when there is none; black past its
/// end), alpha 0 for the transparent index. *y is the row's place in the frame, interlaced
/// passes included. IC_DONE once every row has been read.
ic_status ic_gif_read_row(ic_gif *gif, uint8_t *rgba, uint32_t *y);
/// The last error message (never NULL).
const char *ic_gif_message(const ic_gif *gif);
/// Frees everything (closing the file if open); accepts NULL.
void ic_gif_destroy(ic_gif *gif);

// MARK: HEIF (HEIC and AVIF)

/// One image of a HEIF file (the primary image or its thumbnail), as its header describes it.
typedef struct ic_heif_image_info {
    uint32_t width;            ///< after libheif's transformations (irot, imir, clap)
    uint32_t height;
    /// The coded size the ispe box states, before clap crops it (what the codec decodes): at
    /// least width × height pixels in a well-formed file; 0 when there is no ispe.
    uint32_t ispe_width;
    uint32_t ispe_height;
    int32_t luma_bits;         ///< bits per luma sample (8, 10, 12), -1 when unknown
    int32_t chroma_bits;
    int32_t has_alpha;         ///< an auxiliary alpha image is attached
    int32_t premultiplied;     ///< its colours are premultiplied by alpha (prem reference)
    int32_t depth_images;      ///< attached depth maps (never decoded)
    /// The raw colour profile (colr box 'prof' or 'rICC'), owned by the handle, or NULL.
    const uint8_t *icc;
    size_t icc_size;
    int32_t has_nclx;          ///< a colr box of type 'nclx' was found
    int32_t nclx_primaries;    ///< ITU-T H.273 codes
    int32_t nclx_transfer;
    int32_t nclx_matrix;
    int32_t nclx_full_range;
    /// 1 when ic_heif_decode decodes it with dav1d (or libde265: dav1d_hevc) from the items' own
    /// data, a grid one row of tiles at a time, and converts its rows as they are read (an av01 or
    /// hvc1 item, or a grid of them: ic_heif_avif.c), so no RGB image is made;
    /// 0 when libheif decodes it whole.
    int32_t dav1d;
    /// For the dav1d path: the bytes of dav1d's pictures held at once (a row of tiles, colour and
    /// alpha; a column of tiles when a quarter turn reads the canvas by columns), as their av1C (or
    /// hvcC) and ispe say, each held to its share by the shim's picture allocator; the pixels of the largest
    /// frame dav1d decodes at once (a tile); whether a tile is deeper than 8 bits; and the bytes
    /// of the largest tile's stream that is copied (an HEVC tile's; an AV1 tile's only when dav1d
    /// cannot read it in place: its data in more than one run of the file, or configuration OBUs
    /// that do not end where an OBU ends), 0 when none is.
    uint64_t dav1d_picture_bytes;
    uint64_t dav1d_frame_pixels;
    int32_t dav1d_deep;
    uint64_t dav1d_stream_bytes;
    /// For AV1 on that path: dav1d's own memory while it decodes the largest frame, beside its
    /// picture and stream (measured: ic_dav1d_state_bytes in ic_heif_avif.h), its context included.
    uint64_t dav1d_state_bytes;
    /// The shim's own objects on that path while it decodes: IC_DAV1D_SHIM_BYTES, a record for
    /// every tile, and the lists of the file's properties and a tile's extents it reads for each
    /// tile (ic_avif_plan_image).
    uint64_t dav1d_shim_bytes;
    /// 1 when the tiles on that path are HEVC, decoded by libde265 one at a time and copied
    /// (ic_heif_hevc_tiles.c: an hvc1 item or a grid of them), not AV1 decoded by dav1d;
    /// dav1d_picture_bytes is then the copies held at once, dav1d_frame_pixels a tile's pixels.
    int32_t dav1d_hevc;
} ic_heif_image_info;

/// The shim's fixed objects on the dav1d path beside dav1d's and beside what grows with the file
/// (dav1d_shim_bytes): the decoder, dav1d's references to the bytes it reads in place, malloc's
/// rounding. A malloc counter (Fuzz/ShimCheck/dav1d_heap.c: the heap's peak less the pictures and
/// dav1d's own blocks) found 5 KB for a 12 MP item and 14 KB for an 8×6 grid, lists included: 64 KB.
#define IC_DAV1D_SHIM_BYTES 65536u
/// dav1d 1.0's context and the part of its state that does not grow with the frame (0.36 MB and
/// 0.1 MB measured): 512 KB.
#define IC_DAV1D_CONTEXT_BYTES 524288u
/// dav1d 1.0's state for each tile of a frame, and for each row of tiles by 128 pixels of the
/// frame's width: a malloc counter (Fuzz/ShimCheck/dav1d_heap.c, dav1d's own peak) found a 4032×3024
/// frame in 768 tiles (32 × 24) 11.7 MB above the same frame in 2 (the same at 8 and 10 bits,
/// 4:2:0 and 4:4:4), 32 tiles in one row 0.49 MB above, 48 in 24 rows 1.14 MB: 14.8–16.2 KB a tile
/// and about 17 KB a row of tiles (0.53 KB by 128 pixels of width); 1620×1080 in 117 tiles (9 rows)
/// 1.77 MB above one tile. So 16 KB a tile and 768 bytes a row of tiles by 128 pixels.
#define IC_DAV1D_TILE_BYTES 16384u
#define IC_DAV1D_TILE_ROW_BYTES 768u

/// The file, filled by ic_heif_open.
typedef struct ic_heif_info {
    uint32_t image_count;      ///< top-level images (not thumbnails, tiles or auxiliary images)
    uint32_t thumbnail_count;  ///< thumbnails of the primary image
    ic_heif_image_info primary;
    ic_heif_image_info thumbnail;   ///< the largest thumbnail; zeros when there is none
} ic_heif_info;

typedef struct ic_heif ic_heif;

/// NULL when HEIF files can be opened here; otherwise why not, naming the library that did not
/// load (libheif and its codec libraries are opened on first use, not linked: ic_dynlib.c). With
/// dav1d loadable it is NULL without loading libheif: an AVIF that the shim's own path decodes
/// needs nothing else, and a file that needs libheif where it cannot be loaded fails in
/// ic_heif_open (IC_ERR_UNSUPPORTED, ic_heif_missing_library naming it). Without dav1d it loads
/// libheif to answer.
const char *ic_heif_unavailable(void);
/// Allocates a decoder; NULL when out of memory. Nothing is loaded until ic_heif_open needs it.
ic_heif *ic_heif_create(void);
/// After ic_heif_open failed: the library (libheif, or a codec it needs) that could not be loaded
/// for this file, named as ic_heif_unavailable names it; NULL when that was not the failure.
const char *ic_heif_missing_library(const ic_heif *heif);
/// Parses the boxes of `size` bytes at `data`, which must stay valid until ic_heif_destroy
/// (they are read in place), and describes the primary image and its largest thumbnail. An AVIF
/// whose boxes describe it exactly as libheif would and whose primary image the shim's dav1d path
/// decodes is opened without libheif (ic_heif_describe.c); every other file by libheif, loaded
/// then. `max_side` caps every image item's ispe side (libheif's check, the shim's own on the
/// first route, with libheif's message; 0: libheif's default).
ic_status ic_heif_open(ic_heif *heif, const uint8_t *data, size_t size, uint32_t max_side, ic_heif_info *info);
/// Test only (the oracle tests of the libheif-free description): before ic_heif_open, `libheif`
/// 1 makes it read every file with libheif, as before the shim described AVIF itself.
void ic_heif_test_use_libheif(ic_heif *heif, int32_t libheif);
/// Test only: 1 when ic_heif_open opened the file without libheif (ic_heif_describe.c).
int32_t ic_heif_test_opened_without_libheif(const ic_heif *heif);
/// The most bytes the boxes libheif 1.15 parses may hold (their payloads; not mdat, idat, free or
/// skip, nor types it skips), 16 MB: 0.13 s of its reading at the top level.
#define IC_HEIF_MAX_PARSED_BYTES 16777216u

/// What libheif 1.15 copies while ic_heif_open reads a file's boxes (ic_heif_copied_bytes).
typedef struct ic_heif_copies {
    uint64_t total;   ///< all its copies: the data of every item, as it reads their extents, after
                      ///< the hvcC or av1C of an hvc1 or av01 item; the auxC type of each item with one
    uint64_t peak;    ///< the most it holds at once: `kept` and the largest of the other items' data
    uint64_t kept;    ///< what it keeps until the file is closed: the data of items that describe
                      ///< another (cdsc: Exif, XMP) and the auxC types
                      ///< (each copy is built by growing an array, so up to twice this is allocated)
    uint64_t parsing; ///< the memory it makes of the boxes it parses and keeps while the file is open,
                      ///< by type (ic_box_cost in ic_heif_counts.c)
} ic_heif_copies;

/// How many bytes more than the file itself libheif may copy while it reads the boxes: 64 MB,
/// copied in a few tens of milliseconds. The most it holds at once (ic_heif_copies.peak) is for the
/// caller to reserve; this bounds the time of the copies it frees as it goes.
#define IC_HEIF_MAX_EXTRA_COPIES 67108864u

/// Fills *copies for the file of `size` bytes at `data`. ic_heif_open refuses a file whose total
/// is more than its own size and IC_HEIF_MAX_EXTRA_COPIES. 0 and zeros when the boxes cannot be
/// read or the file is over ic_heif_open's counts (it is refused then); -1 when out of memory.
int ic_heif_copied_bytes(const uint8_t *data, size_t size, ic_heif_copies *copies);

/// How many clap, irot and imir properties the tiles of the file's grids are associated with
/// themselves (libavif before 1.0 writes a grid's transformations on every tile too; readers
/// that follow libavif transform only the whole canvas, libheif 1.15 each tile first). With a
/// `copy` of the `size` bytes, those associations are removed there (set to property index 0,
/// "no property"), so that libheif reading the copy transforms only the canvas. 0 when the boxes
/// cannot be read (ic_heif_open reports that); -1 when out of memory.
int64_t ic_heif_tile_transforms(const uint8_t *data, size_t size, uint8_t *copy);
/// Decodes the primary image (thumbnail = 0) or its largest thumbnail (1) whole, as
/// libheif does: planes at their bit depth, then converted to interleaved RGB(A), with irot,
/// imir and clap applied. strict: libheif's strict_decoding (damage is an error, not a warning).
/// Every plane libheif makes (the image, its alpha, a grid's or an overlay's canvas) is held to
/// the header's longest side: one past it is IC_ERR_CORRUPT, refused before it is allocated.
/// Once per handle.
ic_status ic_heif_decode(ic_heif *heif, int32_t thumbnail, int32_t strict, uint32_t *width, uint32_t *height);
/// Copies rows first_row ..< first_row + rows of the decoded image as RGBA8 into rgba (rows
/// stride bytes apart): deeper samples reduced to 8 bits with rounding, premultiplied colours
/// divided by alpha, alpha 255 when the image has none.
ic_status ic_heif_read_rows(ic_heif *heif, uint8_t *rgba, size_t stride, uint32_t first_row, uint32_t rows);
/// 1 when every pixel of the decoded image is grey, its red, green and blue within 2 levels (at
/// 8 bits) of each other (a monochrome image, or a colour one holding only greys), so that a grey
/// ICC profile describes it; 0 when one is not, or nothing was decoded. One pass over the image,
/// stopping at the first colour.
int32_t ic_heif_decoded_grey(const ic_heif *heif);
/// The last error message (never NULL).
const char *ic_heif_message(const ic_heif *heif);
/// Frees everything; accepts NULL.
void ic_heif_destroy(ic_heif *heif);

// MARK: Encoding to memory

/// Encodes an RGBA8 image (alpha ignored: composite it first) as a baseline JPEG at `quality`
/// (1–100) into a buffer the shim allocates; free it with ic_free.
ic_status ic_jpeg_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                              int quality, uint8_t **out, size_t *out_size);
/// Encodes an RGBA8 image as an 8-bit RGBA PNG into a buffer the shim allocates; free it
/// with ic_free.
ic_status ic_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                             uint8_t **out, size_t *out_size);
/// Frees a buffer the shim returned.
void ic_free(void *buffer);

/// RGBMatrixTables' conversion to sRGB (ImageColorsCore: each channel through its curve, the 3×3
/// matrix, the sRGB encoding table) of the first pixels of `count` RGBA8 pixels, eight at a time
/// where the processor has AVX2: `curves` are 3 × 256 floats, `matrix` 9, `encode` the table of
/// `steps` + 1 bytes.
/// The same bytes as the Swift kernel; alpha carried over; `source` may be `destination`.
/// Returns how many pixels were converted (a multiple of eight, 0 without AVX2): the caller
/// converts the rest (ic_rgb_matrix.c).
size_t ic_rgb_matrix_convert(const float *curves, const float *matrix, const uint8_t *encode, uint32_t steps,
                             const uint8_t *source, uint8_t *destination, size_t count);

#ifdef __cplusplus
}
#endif

#endif
