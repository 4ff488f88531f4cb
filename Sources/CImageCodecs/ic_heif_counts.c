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
#include "ic_heif_limits.h"

#include <stdio.h>

// The most items a file may list (infe boxes in iinf, as libheif reads them: every child box).
#define IC_HEIF_MAX_ITEMS 1000u
// The most references iref may make, over all its entries: four per item (a tile's dimg, an
// alpha plane's auxl, a thumbnail's thmb, metadata's cdsc) is more than a real file makes.
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

// The reference counts of iref's entries, summed, read one entry after another as libheif 1.15
// reads them (each entry's stated size ignored; see ic_reach in ic_heif_boxes.c).
static uint64_t ic_count_references(const ic_heif_meta *meta) {
    if (meta->iref.type == 0) return 0;
    ic_box_reader r = {meta->data, meta->iref.start, meta->iref.end, 1};
    const unsigned field = ic_read(&r, 1) == 0 ? 2 : 4;
    ic_read(&r, 3);
    uint64_t count = 0;
    while (r.ok && r.at < r.end) {
        const uint64_t size = ic_read(&r, 4);
        const uint32_t type = (uint32_t)ic_read(&r, 4);
        if (size == 1) ic_read(&r, 8);
        if (type == IC_FOURCC('u', 'u', 'i', 'd')) ic_read(&r, 16);
        ic_read(&r, field);
        const uint64_t references = ic_read(&r, 2);
        if (!r.ok) break;
        count += references;
        // The IDs themselves are not needed: skip them, as far as the box goes.
        const uint64_t bytes = references * field;
        r.at = bytes < r.end - r.at ? r.at + (size_t)bytes : r.end;
    }
    return count;
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
    if (status == IC_OK) {
        status = ic_over(heif, ic_count_references(&meta), IC_HEIF_MAX_REFERENCES, "item references (iref)");
    }
    return status;
}
