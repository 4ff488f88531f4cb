// How many entries libheif 1.15 will read, counted before it reads them (see ic_heif_limits.h).
//
// Why: libheif 1.15's parse of the boxes (heif_context_read_from_memory) takes time that grows
// with the number of items times the length of each list it searches per item: its iinf (up to
// 20,000 infe boxes), iloc (20,000 entries, each up to 32 extents, the table copied once per
// item), ipma (no limit) and iref (no limit, entries that make no reference included). Measured,
// the call alone, on files of N HEVC items sharing one 34 KB stream: 1,000 items 0.024 s, 4,000
// 0.39 s, 8,000 1.4 s (a 419 KB file), 19,990 8.8 s (994 KB; 14 s in the debug CLI); 1,000
// items with 300,000 empty iref entries about 1 s. Nothing interrupts that call, so the analysis
// deadline cannot either. Later libheif caps a file at 1,000 items by default (its security
// limit max_items); so does this check, and it holds the lists searched per item to what 1,000
// items use: libheif reads 1,000 items with 4,000 extents or 4,000 references in 0.03 s. It
// also keeps every NAL unit of every hvcC box as an array of its own, used or not (6.5 million
// one-byte units made a 20 MB file cost 384 MB), so those are counted too. What it copies of the
// items' data is bounded in ic_heif_copies.c.
#include "ic_heif_limits.h"

#include <stdio.h>

// The most items a file may list (infe boxes in iinf, as libheif reads them: every child box).
#define IC_HEIF_MAX_ITEMS 1000u
// The most entries iref may hold, and the most references they may make: four per item (a tile's
// dimg, an alpha plane's auxl, a thumbnail's thmb, metadata's cdsc) is more than a real file makes.
#define IC_HEIF_MAX_REFERENCES (4u * IC_HEIF_MAX_ITEMS)
// The most extents iloc may list, over all its entries: four per item (encoders write one).
#define IC_HEIF_MAX_EXTENTS (4u * IC_HEIF_MAX_ITEMS)
// The most NAL units the hvcC boxes may hold, over all of them: eight per item (a VPS, an SPS, a
// PPS and perhaps an SEI in each are four).
#define IC_HEIF_MAX_CONFIG_UNITS (8u * IC_HEIF_MAX_ITEMS)

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

// The extents of every iloc entry, as libheif 1.15 reads them (it stores each, and copies the
// table once per item): each entry's stated count, its fields read only when 4 or 8 bytes long.
static uint64_t ic_count_extents(const ic_heif_meta *meta) {
    ic_box_reader r = {meta->data, meta->iloc.start, meta->iloc.end, 1};
    const uint64_t version = ic_read(&r, 1);
    ic_read(&r, 3);
    const unsigned sizes = (unsigned)ic_read(&r, 1), more = (unsigned)ic_read(&r, 1);
    const unsigned index_size = version >= 2 ? (more & 15) : 0;
#define IC_FIELD(size) ((size) == 4 || (size) == 8 ? (size) : 0u)
    const uint64_t extent_bytes = IC_FIELD(index_size) + IC_FIELD(sizes >> 4) + IC_FIELD(sizes & 15);
    const unsigned base_bytes = IC_FIELD(more >> 4);
#undef IC_FIELD
    const uint64_t entries = ic_read(&r, version < 2 ? 2 : 4);
    uint64_t count = 0;
    for (uint64_t i = 0; i < entries && r.ok; i++) {
        ic_read(&r, version < 2 ? 2 : 4);   // item ID
        if (version >= 1) ic_read(&r, 2);    // construction method
        ic_read(&r, 2);                      // data reference index
        if (base_bytes > 0) ic_read(&r, base_bytes);
        const uint64_t extents = ic_read(&r, 2);
        if (!r.ok) break;
        count += extents;
        const uint64_t bytes = extents * extent_bytes;
        if (bytes > r.end - r.at) break;
        r.at += (size_t)bytes;
    }
    return count;
}

// The NAL units of every hvcC box among the properties, as libheif 1.15 reads them: it keeps each
// unit as an array of its own (about 60 bytes for a unit of one), used by an item or not.
static uint64_t ic_count_config_units(const ic_heif_meta *meta) {
    uint64_t count = 0;
    size_t at = meta->ipco.start;
    ic_box box;
    while (meta->ipco.type != 0 && ic_next_box(meta->data, &at, meta->ipco.end, &box)) {
        if (box.type != IC_FOURCC('h', 'v', 'c', 'C')) continue;
        ic_box_reader r = {meta->data, box.start + 22, box.end, box.end - box.start >= 23};
        const uint64_t arrays = ic_read(&r, 1);
        for (uint64_t a = 0; a < arrays && r.ok; a++) {
            ic_read(&r, 1);   // completeness and NAL unit type
            const uint64_t units = ic_read(&r, 2);
            for (uint64_t u = 0; u < units && r.ok; u++) {
                const uint64_t length = ic_read(&r, 2);
                if (!r.ok || length > r.end - r.at) break;
                count++;
                r.at += (size_t)length;
            }
        }
    }
    return count;
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
        if (type == IC_FOURCC('u', 'u', 'i', 'd')) {
            ic_read(&r, 8);   // the 16-byte extended type, in two reads (ic_read takes at most 8)
            ic_read(&r, 8);
        }
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
    const uint64_t items = ic_count_items(&meta);
    ic_status status = ic_over(heif, items, IC_HEIF_MAX_ITEMS, "items (infe boxes)");
    if (status == IC_OK) {
        status = ic_over(heif, ic_count_locations(&meta), IC_HEIF_MAX_ITEMS, "item locations (iloc entries)");
    }
    if (status == IC_OK) status = ic_over(heif, ic_count_extents(&meta), IC_HEIF_MAX_EXTENTS, "extents (iloc)");
    if (status == IC_OK) {
        status = ic_over(heif, ic_count_associations(&meta), IC_HEIF_MAX_ITEMS, "property associations (ipma entries)");
    }
    const ic_reference_counts references = ic_count_references(&meta);
    if (status == IC_OK) status = ic_over(heif, references.entries, IC_HEIF_MAX_REFERENCES, "iref entries");
    if (status == IC_OK) {
        status = ic_over(heif, references.references, IC_HEIF_MAX_REFERENCES, "item references (iref)");
    }
    if (status == IC_OK) {
        status = ic_over(heif, ic_count_config_units(&meta), IC_HEIF_MAX_CONFIG_UNITS, "NAL units in hvcC boxes");
    }
    if (status != IC_OK) return status;
    // The items' data libheif copies while it reads the boxes is part of the file, give or take a
    // configuration header per item: far more means extents that read the same bytes again and
    // again, or one large property copied for many items.
    ic_heif_copies copies;
    if (ic_heif_copied_bytes(data, size, &copies) != 0) {
        return ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list the file's items");
    }
    if (copies.total > (uint64_t)size + IC_HEIF_MAX_EXTRA_COPIES) {
        char message[240];
        snprintf(message, sizeof(message),
                 "libheif would copy %llu bytes of its items' data while reading the boxes, more than the file's "
                 "own %llu bytes and 64 MB",
                 (unsigned long long)copies.total, (unsigned long long)size);
        return ic_heif_fail(heif, IC_ERR_LIMIT, message);
    }
    return IC_OK;
}
