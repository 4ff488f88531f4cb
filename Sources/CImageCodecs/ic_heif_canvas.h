// The canvases of a HEIF file's derived images (grid, iovl), read from the boxes: private to the
// shim (ic_heif.c), not part of ic_codecs.h.
#ifndef IC_HEIF_CANVAS_H
#define IC_HEIF_CANVAS_H

#include <stddef.h>
#include <stdint.h>

// The largest canvas (by pixels) that a grid or overlay item of the file at `data` describes in
// its item data, and that item's four-character type ("grid" or "iovl"). libheif 1.15 allocates
// such a canvas from the item's data without holding it to the item's ispe, and exposes neither.
typedef struct {
    uint32_t width;
    uint32_t height;
    char type[5];
} ic_heif_canvas;

// Fills `canvas` with the largest derived canvas found, or zeros when there is none or the
// boxes cannot be read (libheif then reports the damage itself). Reads only within `size`;
// returns 0, or -1 when out of memory.
int ic_heif_largest_canvas(const uint8_t *data, size_t size, ic_heif_canvas *canvas);

#endif
