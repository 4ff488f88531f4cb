// The shim's HEVC decoder plugin for libheif (ic_heif_hevc.c) and the picture side it uses:
// libde265's buffers and the undecoded-area check (ic_heif_hevc_buffers.c), and the copy into a
// libheif image (ic_heif_hevc_picture.c). Private to the shim; not part of ic_codecs.h.
#ifndef IC_HEIF_HEVC_H
#define IC_HEIF_HEVC_H

// libde265 and libheif, called through the tables filled on first use (ic_dynlib.c).
#include "ic_de265_dl.h"
#include "ic_heif_dl.h"

// Picture buffers for libde265 (de265_set_image_allocation_functions) whose samples start grey
// (ic_heif_hevc_buffers.c): what a damaged stream leaves undecoded in a picture is grey.
extern const struct de265_image_allocation ic_hevc_allocation;

// Makes libde265's own buffers start grey too: a picture with SAO is decoded into one of those and
// filtered into the caller's, so a damaged stream's undecoded areas reach the picture from them.
// libde265 1.0 exposes its defaults as a plain struct (de265_get_default_image_allocation_functions)
// that every picture copies when it is allocated; this replaces its get_buffer, once, keeping its
// release_buffer. 1 when done; 0 (nothing changed) for another libde265 version, or where
// /proc/self/maps shows the struct outside writable memory.
int ic_hevc_take_default_allocation(void);

// Which phase of the luma checkerboard the buffers this thread allocates next start with: 0 (the
// default) or 1 (inverted), for decoding a suspect picture again (ic_hevc_undecoded).
void ic_hevc_invert_pattern(int inverted);

// 1 when an 8×8 block of `picture`'s luma still holds the starting checkerboard: part of the
// picture may never have been decoded. With a `reference` luma plane (the same stream decoded on
// the other phase, `reference_stride` bytes a row), 1 only when that block holds the other phase
// there: it was never decoded, as a block the stream wrote holds the same samples in both.
int ic_hevc_undecoded(const struct de265_image *picture, const uint8_t *reference, int reference_stride);

// What the decoding of an HEVC stream makes of its picture: a libheif image for the plugin
// (ic_heif_hevc.c), the shim's own planes for the tile path (ic_heif_hevc_tiles.c).
typedef struct {
    // The picture taken into *out, or the error; `strict` as ic_hevc_convert's.
    struct heif_error (*take)(const struct de265_image *picture, int strict, void *context, void **out);
    void (*release)(void *image);
    // A taken picture's luma plane, its stride in bytes and its size.
    const uint8_t *(*luma)(const void *image, int *stride, int *width, int *height);
    void *context;   // take's
} ic_hevc_target;

// A libde265 decoder whose pictures are allocated on grey buffers (the ones it allocates for
// itself are too, once ic_hevc_take_default_allocation ran), with one worker thread, as
// libheif's own plugin starts it. NULL when it cannot be made.
de265_decoder_context *ic_hevc_context(void);

// Hands libde265 the NAL units of `bytes`, each after a 4-byte big-endian length (as libheif
// 1.15 writes an item's hvcC units and data).
struct heif_error ic_hevc_feed(de265_decoder_context *context, const uint8_t *bytes, size_t size);

// Decodes the `size` bytes of `stream` (NAL units as ic_hevc_feed takes them) in a context of
// its own, as the plugin decodes a pushed stream: the last picture, taken by `target` into *out
// (the caller releases it), damage in *warning (libde265's warning, or part of the picture never
// decoded, checked again on the other phase), NULL for a clean picture.
struct heif_error ic_hevc_decode_stream(const uint8_t *stream, size_t size, int strict, const ic_hevc_target *target,
                                        void **out, const char **warning);

// A libheif error of `code` and `subcode` with `message` (a literal or libde265's static text:
// libheif copies it), and success (ic_heif_hevc_stream.c).
struct heif_error ic_hevc_result(enum heif_error_code code, enum heif_suberror_code subcode, const char *message);
extern const struct heif_error ic_hevc_ok;

// The warning for a picture part of which may never have been decoded (compared by address).
extern const char ic_hevc_undecoded_text[];

// Decodes what `context` was fed into `*out`, as `target` takes it: the last picture the stream
// gives. `*warning` says the picture is damaged, NULL for a clean one. With a `reference` (the
// picture decoded before on the pattern's other phase, as `target` took it) nothing is taken:
// `*warning` says whether part of the picture was never written (ic_heif_hevc_stream.c).
struct heif_error ic_hevc_run(de265_decoder_context *context, int strict, const ic_hevc_target *target,
                              const void *reference, void **out, const char **warning);

// Whether the blocks of `image` that hold the starting checkerboard were written by the stream:
// the `size` bytes of `stream` decoded again in a new context (*context, the old one freed
// first) on the checkerboard's other phase (ic_heif_hevc_stream.c).
int ic_hevc_written(de265_decoder_context **context, const uint8_t *stream, size_t size, int strict,
                    const ic_hevc_target *target, const void *image);

// A new libheif image holding `picture`'s planes inside its conformance window, at its depth, with
// the colour description of its VUI (an unknown code is a warning on the image, or, when
// `strict`, the error returned).
struct heif_error ic_hevc_convert(const struct de265_image *picture, int strict, struct heif_image **out);

#endif
