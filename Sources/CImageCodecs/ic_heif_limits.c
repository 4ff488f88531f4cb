// What libheif 1.15 does not hold to an image's header, held here (see ic_heif_limits.h): the
// canvas of every grid and overlay (iovl) item, read from the boxes (ISO/IEC 14496-12 meta, iinf,
// iloc, idat; ISO/IEC 23008-12 for the two descriptors), since libheif neither exposes it nor
// checks it against the item's ispe; and the side of every plane it decodes. Hostile bytes: every
// read is bounded by its box, and a box that cannot be read ends the search quietly (libheif
// reports the damage itself).
#include "ic_heif_limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IC_FOURCC(a, b, c, d) (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

// Big-endian reads within [at, end) of data; a read past end clears ok and returns 0.
typedef struct {
    const uint8_t *data;
    size_t at;
    size_t end;
    int ok;
} ic_box_reader;

static uint64_t ic_read(ic_box_reader *r, unsigned bytes) {
    if (!r->ok || bytes > 8 || r->end - r->at < bytes) {
        r->ok = 0;
        return 0;
    }
    uint64_t value = 0;
    for (unsigned i = 0; i < bytes; i++) value = (value << 8) | r->data[r->at + i];
    r->at += bytes;
    return value;
}

// The next box in [*at, end): its type and payload; 0 when none fits.
typedef struct {
    uint32_t type;
    size_t start;
    size_t end;
} ic_box;

static int ic_next_box(const uint8_t *data, size_t *at, size_t end, ic_box *box) {
    ic_box_reader r = {data, *at, end, 1};
    uint64_t size = ic_read(&r, 4);
    box->type = (uint32_t)ic_read(&r, 4);
    if (size == 1) size = ic_read(&r, 8);
    else if (size == 0) size = end - *at;
    if (!r.ok || size < r.at - *at || size > end - *at) return 0;
    box->start = r.at;
    box->end = *at + (size_t)size;
    *at = box->end;
    return 1;
}

// A derived item: its ID and type.
typedef struct {
    uint32_t id;
    uint32_t type;
} ic_derived;

static int ic_derived_order(const void *a, const void *b) {
    const uint32_t x = ((const ic_derived *)a)->id, y = ((const ic_derived *)b)->id;
    return (x > y) - (x < y);
}

// The grid and iovl items listed in iinf (infe version 2 and 3 name the type), sorted by ID;
// -1 when out of memory.
static int ic_derived_items(const uint8_t *data, const ic_box *iinf, ic_derived **items, size_t *count) {
    ic_box_reader r = {data, iinf->start, iinf->end, 1};
    const uint64_t version = ic_read(&r, 1);
    ic_read(&r, 3);
    ic_read(&r, version == 0 ? 2 : 4);   // the entry count: the infe boxes are read until the end
    size_t at = r.at, capacity = 0;
    ic_box infe;
    while (r.ok && ic_next_box(data, &at, iinf->end, &infe)) {
        if (infe.type != IC_FOURCC('i', 'n', 'f', 'e')) continue;
        ic_box_reader e = {data, infe.start, infe.end, 1};
        const uint64_t infe_version = ic_read(&e, 1);
        ic_read(&e, 3);
        if (infe_version < 2) continue;
        const uint32_t id = (uint32_t)ic_read(&e, infe_version == 2 ? 2 : 4);
        ic_read(&e, 2);   // item_protection_index
        const uint32_t type = (uint32_t)ic_read(&e, 4);
        if (!e.ok || (type != IC_FOURCC('g', 'r', 'i', 'd') && type != IC_FOURCC('i', 'o', 'v', 'l'))) continue;
        if (*count == capacity) {
            capacity = capacity == 0 ? 8 : capacity * 2;
            ic_derived *grown = realloc(*items, capacity * sizeof(ic_derived));
            if (grown == NULL) return -1;
            *items = grown;
        }
        (*items)[(*count)++] = (ic_derived){id, type};
    }
    if (*count > 1) qsort(*items, *count, sizeof(ic_derived), ic_derived_order);
    return 0;
}

// The canvas a grid or iovl descriptor gives: version, flags (bit 0: 32-bit sizes), then rows
// and columns (grid) or four 16-bit fill values (iovl), then the output width and height.
static void ic_descriptor_canvas(const uint8_t *head, size_t length, uint32_t type, ic_heif_canvas *best) {
    if (length < 2) return;
    const unsigned field = (head[1] & 1) ? 4 : 2;
    const size_t skip = type == IC_FOURCC('g', 'r', 'i', 'd') ? 2 : 8;
    ic_box_reader r = {head, 2 + skip, length, 1};
    const uint32_t width = (uint32_t)ic_read(&r, field), height = (uint32_t)ic_read(&r, field);
    if (!r.ok || (uint64_t)width * height <= (uint64_t)best->width * best->height) return;
    best->width = width;
    best->height = height;
    memcpy(best->type, type == IC_FOURCC('g', 'r', 'i', 'd') ? "grid" : "iovl", 5);
}

// Walks iloc, reading the first bytes of each derived item's data (construction method 0: in
// the file; 1: in idat; others are not read) into its descriptor.
static void ic_scan_locations(const uint8_t *data, size_t size, const ic_box *iloc, const ic_box *idat,
                              const ic_derived *items, size_t count, ic_heif_canvas *best) {
    ic_box_reader r = {data, iloc->start, iloc->end, 1};
    const uint64_t version = ic_read(&r, 1);
    ic_read(&r, 3);
    if (version > 2) return;
    const unsigned sizes = (unsigned)ic_read(&r, 1), more = (unsigned)ic_read(&r, 1);
    const unsigned offset_size = sizes >> 4, length_size = sizes & 15, base_size = more >> 4;
    const unsigned index_size = version >= 1 ? (more & 15) : 0;
    const uint64_t entries = ic_read(&r, version < 2 ? 2 : 4);
    for (uint64_t i = 0; i < entries && r.ok; i++) {
        const uint32_t id = (uint32_t)ic_read(&r, version < 2 ? 2 : 4);
        const unsigned method = version >= 1 ? (unsigned)(ic_read(&r, 2) & 15) : 0;
        ic_read(&r, 2);   // data_reference_index
        const uint64_t base = ic_read(&r, base_size);
        uint64_t extents = ic_read(&r, 2);
        // Extents of no bytes would be a loop of nothing: one is enough.
        if (offset_size + length_size + index_size == 0 && extents > 1) extents = 1;
        const ic_derived key = {id, 0};
        const ic_derived *item = count > 0 ? bsearch(&key, items, count, sizeof(ic_derived), ic_derived_order) : NULL;
        uint8_t head[24];
        size_t got = 0;
        for (uint64_t e = 0; e < extents && r.ok; e++) {
            ic_read(&r, index_size);
            const uint64_t offset = ic_read(&r, offset_size);
            uint64_t length = ic_read(&r, length_size);
            if (item == NULL || got == sizeof(head) || (method != 0 && method != 1) || offset > UINT64_MAX - base) {
                continue;
            }
            const uint8_t *source = method == 0 ? data : data + idat->start;
            const uint64_t source_size = method == 0 ? size : idat->end - idat->start;
            const uint64_t position = base + offset;
            if (position >= source_size) continue;
            if (length == 0 || length > source_size - position) length = source_size - position;
            const size_t take = length < sizeof(head) - got ? (size_t)length : sizeof(head) - got;
            memcpy(head + got, source + position, take);
            got += take;
        }
        if (item != NULL && r.ok) ic_descriptor_canvas(head, got, item->type, best);
    }
}

// The largest canvas (by pixels) that a grid or overlay item describes in its item data, or
// zeros when there is none or the boxes cannot be read; -1 when out of memory.
static int ic_heif_largest_canvas(const uint8_t *data, size_t size, ic_heif_canvas *canvas) {
    memset(canvas, 0, sizeof(*canvas));
    if (data == NULL) return 0;
    size_t at = 0;
    ic_box box, meta = {0}, iinf = {0}, iloc = {0}, idat = {0};
    while (meta.type == 0 && ic_next_box(data, &at, size, &box)) {
        if (box.type == IC_FOURCC('m', 'e', 't', 'a')) meta = box;
    }
    if (meta.type == 0 || meta.end - meta.start < 4) return 0;
    at = meta.start + 4;   // meta is a full box
    while (ic_next_box(data, &at, meta.end, &box)) {
        if (box.type == IC_FOURCC('i', 'i', 'n', 'f') && iinf.type == 0) iinf = box;
        if (box.type == IC_FOURCC('i', 'l', 'o', 'c') && iloc.type == 0) iloc = box;
        if (box.type == IC_FOURCC('i', 'd', 'a', 't') && idat.type == 0) idat = box;
    }
    if (iinf.type == 0 || iloc.type == 0) return 0;
    ic_derived *items = NULL;
    size_t count = 0;
    if (ic_derived_items(data, &iinf, &items, &count) != 0) {
        free(items);
        return -1;
    }
    if (count > 0) ic_scan_locations(data, size, &iloc, &idat, items, count, canvas);
    free(items);
    return 0;
}

// A grid's or overlay's canvas comes from the item's data, which libheif 1.15 does not hold to
// the item's header (the fuzzer's overlay claimed 57244×53468 under an ispe of 200×164). Every
// canvas in the file must fit within the primary image's header, the largest image a file
// holds (its alpha is as large, its thumbnails and a grid's tiles smaller), so that no canvas
// exceeds what the memory plan made from that header reserves.
ic_status ic_heif_check_canvases(ic_heif *heif, const uint8_t *data, size_t size,
                                 const ic_heif_image_info *primary) {
    ic_heif_canvas canvas;
    if (ic_heif_largest_canvas(data, size, &canvas) != 0) {
        return ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list the file's grid and overlay items");
    }
    const uint64_t coded = (uint64_t)primary->ispe_width * primary->ispe_height;
    const uint64_t shown = (uint64_t)primary->width * primary->height;
    if ((uint64_t)canvas.width * canvas.height <= (coded > shown ? coded : shown)) return IC_OK;
    char message[200];
    snprintf(message, sizeof(message), "the %s canvas (%u×%u) is larger than the image's header says (%u×%u)",
             strcmp(canvas.type, "grid") == 0 ? "grid's" : "overlay's", canvas.width, canvas.height,
             primary->ispe_width > 0 ? primary->ispe_width : primary->width,
             primary->ispe_height > 0 ? primary->ispe_height : primary->height);
    return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
}

// The longest side a handle's header allows for any plane decoded for it: the coded size
// (ispe, before irot and clap) or the displayed size, whichever is larger; 0 if it says neither.
int ic_heif_longest_side(struct heif_image_handle *handle) {
    int side = heif_image_handle_get_width(handle);
    const int sides[3] = {heif_image_handle_get_height(handle), heif_image_handle_get_ispe_width(handle),
                          heif_image_handle_get_ispe_height(handle)};
    for (int i = 0; i < 3; i++) {
        if (sides[i] > side) side = sides[i];
    }
    return side > 0 ? side : 0;
}

// IC_ERR_CORRUPT for a coded image of w×h larger than the handle's header, named with both sizes.
ic_status ic_heif_larger_than_header(ic_heif *heif, struct heif_image_handle *handle, int w, int h) {
    char message[160];
    snprintf(message, sizeof(message), "the coded image (%d×%d) is larger than its header says (%d×%d)", w, h,
             heif_image_handle_get_width(handle), heif_image_handle_get_height(handle));
    return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
}

// A coded plane larger than the handle's header: named with both sizes when libheif's message
// gives the plane's ("Image size WxH exceeds ..."), in the same words as the check after decoding.
ic_status ic_heif_oversized(ic_heif *heif, struct heif_image_handle *handle, struct heif_error error) {
    const char *text = error.message != NULL ? strstr(error.message, "Image size ") : NULL;
    int w = 0, h = 0;
    if (text != NULL && sscanf(text, "Image size %dx%d", &w, &h) == 2) {
        return ic_heif_larger_than_header(heif, handle, w, h);
    }
    char message[256];
    snprintf(message, sizeof(message), "a coded plane is larger than its header says (%d×%d): %s",
             heif_image_handle_get_width(handle), heif_image_handle_get_height(handle),
             error.message != NULL ? error.message : "libheif's size limit");
    return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
}
