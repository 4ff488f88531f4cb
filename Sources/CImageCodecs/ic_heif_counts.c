// How many entries libheif 1.15 will read, counted before it reads them (see ic_heif_limits.h).
//
// Why: libheif 1.15's parse of the boxes (heif_context_read_from_memory) takes time that grows
// with the number of items times the length of each list it searches per item: its iinf (up to
// 20,000 infe boxes), iloc (20,000 entries), ipma (no limit) and iref (no limit). Measured, the
// call alone, on files of N HEVC items sharing one 34 KB stream: 1,000 items 0.024 s, 4,000
// 0.39 s, 8,000 1.4 s (a 419 KB file), 19,990 8.8 s (994 KB; 14 s in the debug CLI). Nothing
// interrupts that call, so the analysis deadline cannot either. Later libheif caps a file at
// 1,000 items by default (its security limit max_items); so does this check, and it holds the
// lists searched per item to what 1,000 items can use: libheif reads a file at every limit in
// 0.03 s.
//
// While it reads the boxes, libheif 1.15 also copies the data of every item it does not decode
// (Exif, XMP, any other type) and keeps it: 999 Exif items of 32 extents over one 34 KB stream
// made a 342 KB file cost 1.1 GB. An item's data is part of the file, so data that adds up to more
// than the file means extents that read the same bytes again; the rest the caller reserves in its
// memory budget (ic_heif_copied_bytes in ic_codecs.h).
#include "ic_heif_limits.h"

#include <stdio.h>
#include <stdlib.h>

// The most items a file may list (infe boxes in iinf, as libheif reads them: every child box).
#define IC_HEIF_MAX_ITEMS 1000u
// The most entries iref may hold, and the most references they may make: four per item (a tile's
// dimg, an alpha plane's auxl, a thumbnail's thmb, metadata's cdsc) is more than a real file makes.
#define IC_HEIF_MAX_REFERENCES (4u * IC_HEIF_MAX_ITEMS)

// The infe boxes of iinf: every child box after the entry count, whatever its type.
static uint64_t ic_count_items(const ic_heif_meta *meta) {
    ic_box_reader r = {meta->data, meta->iinf.start, meta->iinf.end, 1};
    const uint64_t version = ic_read(&r, 1);
    ic_read(&r, 3);
    ic_read(&r, version == 0 ? 2 : 4);
    if (!r.ok) return 0;
    size_t at = r.at;
    ic_box child;
    uint64_t count = 0;
    while (ic_next_box(meta->data, &at, meta->iinf.end, &child)) count++;
    return count;
}

// The entry count iloc states (16 bits before version 2, 32 from it, as libheif 1.15 reads it).
static uint64_t ic_count_locations(const ic_heif_meta *meta) {
    ic_box_reader r = {meta->data, meta->iloc.start, meta->iloc.end, 1};
    const uint64_t version = ic_read(&r, 1);
    ic_read(&r, 5);   // flags, then the field sizes
    return ic_read(&r, version < 2 ? 2 : 4);
}

// The entry counts every ipma box of iprp states, summed (libheif 1.15 reads them all).
static uint64_t ic_count_associations(const ic_heif_meta *meta) {
    uint64_t count = 0;
    size_t at = meta->iprp.start;
    ic_box ipma;
    while (meta->iprp.type != 0 && ic_next_box(meta->data, &at, meta->iprp.end, &ipma)) {
        if (ipma.type != IC_FOURCC('i', 'p', 'm', 'a')) continue;
        ic_box_reader r = {meta->data, ipma.start, ipma.end, 1};
        ic_read(&r, 4);
        count += ic_read(&r, 4);
    }
    return count;
}

// iref's entries and the references they make, read one entry after another as libheif 1.15
// reads them (each entry's stated size ignored; see ic_reach in ic_heif_boxes.c). libheif searches
// every entry once per item, whether it makes references or none.
typedef struct {
    uint64_t entries;
    uint64_t references;
} ic_reference_counts;

static ic_reference_counts ic_count_references(const ic_heif_meta *meta) {
    ic_reference_counts counts = {0, 0};
    if (meta->iref.type == 0) return counts;
    ic_box_reader r = {meta->data, meta->iref.start, meta->iref.end, 1};
    const unsigned field = ic_read(&r, 1) == 0 ? 2 : 4;
    ic_read(&r, 3);
    while (r.ok && r.at < r.end) {
        const uint64_t size = ic_read(&r, 4);
        const uint32_t type = (uint32_t)ic_read(&r, 4);
        if (size == 1) ic_read(&r, 8);
        if (type == IC_FOURCC('u', 'u', 'i', 'd')) ic_read(&r, 16);
        ic_read(&r, field);
        const uint64_t references = ic_read(&r, 2);
        if (!r.ok) break;
        counts.entries++;
        counts.references += references;
        // The IDs themselves are not needed: skip them, as far as the box goes.
        const uint64_t bytes = references * field;
        r.at = bytes < r.end - r.at ? r.at + (size_t)bytes : r.end;
    }
    return counts;
}

// Adds an item's bytes (its extents as libheif 1.15 reads them) to the total in `context`.
static void ic_add_item_bytes(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    uint64_t *total = context;
    // The coded images and derivations libheif 1.15 reads only when one is decoded.
    static const uint32_t images[] = {IC_FOURCC('h', 'v', 'c', '1'), IC_FOURCC('a', 'v', '0', '1'),
                                      IC_FOURCC('g', 'r', 'i', 'd'), IC_FOURCC('i', 'o', 'v', 'l'),
                                      IC_FOURCC('i', 'd', 'e', 'n')};
    for (size_t i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
        if (item->type == images[i]) return;
    }
    for (size_t e = 0; e < count; e++) {
        *total = extents[e].length > UINT64_MAX - *total ? UINT64_MAX : *total + extents[e].length;
    }
}

int ic_heif_copied_bytes(const uint8_t *data, size_t size, uint64_t *bytes) {
    *bytes = 0;
    ic_heif_meta meta;
    if (!ic_heif_find_meta(data, size, &meta)) return 0;
    ic_heif_item *items = NULL;
    size_t count = 0;
    int result = ic_heif_list_items(&meta, NULL, 0, &items, &count);
    if (result == 0) result = ic_heif_visit_items(&meta, items, count, ic_add_item_bytes, bytes);
    free(items);
    return result;
}

// Refuses `count` over `limit`, naming what was counted.
static ic_status ic_over(ic_heif *heif, uint64_t count, uint64_t limit, const char *what) {
    if (count <= limit) return IC_OK;
    char message[200];
    snprintf(message, sizeof(message), "the file lists %llu %s, more than the %llu allowed", (unsigned long long)count,
             what, (unsigned long long)limit);
    return ic_heif_fail(heif, IC_ERR_LIMIT, message);
}

ic_status ic_heif_check_counts(ic_heif *heif, const uint8_t *data, size_t size) {
    ic_heif_meta meta;
    const int readable = ic_heif_find_meta(data, size, &meta);
    if (meta.meta_count > 1) {
        char message[120];
        snprintf(message, sizeof(message), "the file has %u top-level meta boxes, where HEIF allows one",
                 meta.meta_count);
        return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
    }
    // Without a readable meta, iinf and iloc libheif refuses the file at once.
    if (!readable) return IC_OK;
    ic_status status = ic_over(heif, ic_count_items(&meta), IC_HEIF_MAX_ITEMS, "items (infe boxes)");
    if (status == IC_OK) {
        status = ic_over(heif, ic_count_locations(&meta), IC_HEIF_MAX_ITEMS, "item locations (iloc entries)");
    }
    if (status == IC_OK) {
        status = ic_over(heif, ic_count_associations(&meta), IC_HEIF_MAX_ITEMS, "property associations (ipma entries)");
    }
    const ic_reference_counts references = ic_count_references(&meta);
    if (status == IC_OK) status = ic_over(heif, references.entries, IC_HEIF_MAX_REFERENCES, "iref entries");
    if (status == IC_OK) {
        status = ic_over(heif, references.references, IC_HEIF_MAX_REFERENCES, "item references (iref)");
    }
    if (status != IC_OK) return status;
    // The items' own data libheif copies while it reads the boxes (Exif, XMP, any item it does not
    // decode) is part of the file: more means extents that read the same bytes again and again.
    uint64_t copied = 0;
    if (ic_heif_copied_bytes(data, size, &copied) != 0) {
        return ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list the file's items");
    }
    if (copied > size) {
        char message[200];
        snprintf(message, sizeof(message),
                 "the file's metadata items hold %llu bytes, more than the file's own %llu (their extents repeat)",
                 (unsigned long long)copied, (unsigned long long)size);
        return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
    }
    return IC_OK;
}
