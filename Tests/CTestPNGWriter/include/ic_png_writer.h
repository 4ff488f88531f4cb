// A PNG file writer for the tests: libpng behind setjmp-guarded functions, writing rows from a
// caller-supplied source so test images of any size (gigapixel headers, Adam7) are made without
// holding them. Test support only: the shipping library never writes files.
//
// Every function returning int returns 0 on success, -1 on failure (the message says why).
#ifndef IC_PNG_WRITER_H
#define IC_PNG_WRITER_H

#include <stdint.h>

typedef struct ic_png_writer ic_png_writer;

/// Creates `path` and writes an 8-bit PNG header. channels: 1 (grey), 3 (RGB) or 4 (RGBA);
/// interlaced: 1 for Adam7; level: zlib level 0–9.
int ic_png_writer_open(ic_png_writer **writer, const char *path, uint32_t width, uint32_t height,
                             int channels, int interlaced, int level);
/// The number of times every row must be written: 7 for Adam7 (libpng extracts each pass's
/// pixels from full rows), else 1. Write rows 0…height−1 that many times over.
int ic_png_writer_passes(const ic_png_writer *writer);
/// Writes the next row: width × channels bytes.
int ic_png_writer_write_row(ic_png_writer *writer, const uint8_t *row);
/// Writes IEND and closes the file.
int ic_png_writer_finish(ic_png_writer *writer);
/// The last error message (never NULL).
const char *ic_png_writer_message(const ic_png_writer *writer);
/// Frees everything (closing the file if still open); accepts NULL.
void ic_png_writer_destroy(ic_png_writer *writer);

#endif
