// The items' data in an HEIF file without libheif, as libheif 1.15 reads it: iloc's extents,
// in the file or in idat, and a byte stream over them. See ic_heif_boxes.h.
#include "ic_heif_boxes.h"

#include <stdlib.h>
#include <string.h>

// An iloc field as libheif 1.15 reads it: 4 or 8 bytes; any other size reads nothing and is 0.
static uint64_t ic_read_field(ic_box_reader *r, unsigned size) {
    return size == 4 || size == 8 ? ic_read(r, size) : 0;
}

// An extent's bytes as libheif 1.15 reads them, or 0 when it reads none. In the file (method 0):
// within the file, or libheif fails the item. In idat (method 1): libheif measures offset + length
// against the idat box's size with its header, then reads from the payload's start, so up to a
// header's length past the payload; an extent past that gives nothing.
static int ic_extent_at(const ic_heif_meta *meta, unsigned method, uint64_t base, uint64_t offset, uint64_t length,
                        ic_extent *extent) {
    if (length == 0 || offset > UINT64_MAX - base || (method != 0 && method != 1)) return 0;
    const uint64_t position = base + offset;
    if (method == 0) {
        if (position > meta->size || length > meta->size - position) return 0;
        *extent = (ic_extent){meta->data + position, (size_t)length};
        return 1;
    }
    if (meta->idat.type == 0) return 0;
    const uint64_t box_size = meta->idat.end - meta->idat.begin;
    if (position > box_size || length > box_size - position) return 0;
    if (position > meta->size - meta->idat.start || length > meta->size - meta->idat.start - position) return 0;
    *extent = (ic_extent){meta->data + meta->idat.start + position, (size_t)length};
    return 1;
}

int ic_heif_visit_items(const ic_heif_meta *meta, const ic_heif_item *items, size_t count, ic_item_visitor visit,
                        void *context) {
    // Read as libheif 1.15 reads it: version 3 and above like 2; the index only from version 2.
    ic_box_reader r = {meta->data, meta->iloc.start, meta->iloc.end, 1};
    const uint64_t version = ic_read(&r, 1);
    ic_read(&r, 3);
    if (count == 0) return 0;
    const unsigned sizes = (unsigned)ic_read(&r, 1), more = (unsigned)ic_read(&r, 1);
    const unsigned offset_size = sizes >> 4, length_size = sizes & 15, base_size = more >> 4;
    const unsigned index_size = version >= 2 ? (more & 15) : 0;
    const uint64_t entries = ic_read(&r, version < 2 ? 2 : 4);
    ic_extent *extents = NULL;
    size_t capacity = 0;
    // libheif 1.15 reads an item's data from its first iloc entry: later ones are not visited.
    uint8_t *visited = calloc(count, 1);
    if (visited == NULL) return -1;
    for (uint64_t i = 0; i < entries && r.ok; i++) {
        const uint32_t id = (uint32_t)ic_read(&r, version < 2 ? 2 : 4);
        const unsigned method = version >= 1 ? (unsigned)(ic_read(&r, 2) & 15) : 0;
        ic_read(&r, 2);   // data_reference_index
        const uint64_t base = ic_read_field(&r, base_size);
        uint64_t extent_count = ic_read(&r, 2);
        // Extents that read nothing would be a loop of nothing: one is enough.
        const int reads = (offset_size == 4 || offset_size == 8) || (length_size == 4 || length_size == 8) ||
                          (index_size == 4 || index_size == 8);
        if (!reads && extent_count > 1) extent_count = 1;
        const ic_heif_item key = {id, 0, 0, 0};
        const ic_heif_item *item = bsearch(&key, items, count, sizeof(ic_heif_item), ic_heif_item_order);
        if (item != NULL && visited[item - items]) item = NULL;
        size_t kept = 0;
        for (uint64_t e = 0; e < extent_count && r.ok; e++) {
            ic_read_field(&r, index_size);
            const uint64_t offset = ic_read_field(&r, offset_size);
            const uint64_t length = ic_read_field(&r, length_size);
            ic_extent extent;
            if (item == NULL || !ic_extent_at(meta, method, base, offset, length, &extent)) continue;
            if (!ic_heif_append((void **)&extents, &kept, &capacity, sizeof(ic_extent), &extent)) {
                free(extents);
                free(visited);
                return -1;
            }
        }
        if (item != NULL && r.ok) {
            visited[item - items] = 1;
            visit(item, extents, kept, context);
        }
    }
    free(extents);
    free(visited);
    return 0;
}

// Copies up to `length` bytes to `out` (NULL: skips them); returns how many there were.
uint64_t ic_stream_take(ic_stream *s, uint8_t *out, uint64_t length) {
    uint64_t taken = 0;
    while (taken < length && s->index < s->count) {
        const size_t left = s->extents[s->index].length - s->at;
        const size_t step = length - taken < left ? (size_t)(length - taken) : left;
        if (out != NULL) memcpy(out + taken, s->extents[s->index].bytes + s->at, step);
        taken += step;
        s->at += step;
        if (s->at == s->extents[s->index].length) {
            s->index++;
            s->at = 0;
        }
    }
    return taken;
}

uint64_t ic_stream_number(ic_stream *s, unsigned bytes, int *ok) {
    uint8_t buffer[8];
    if (bytes > sizeof(buffer)) *ok = 0;
    if (!*ok) return 0;
    if (ic_stream_take(s, buffer, bytes) < bytes) *ok = 0;
    uint64_t value = 0;
    for (unsigned i = 0; i < bytes && *ok; i++) value = (value << 8) | buffer[i];
    return *ok ? value : 0;
}
