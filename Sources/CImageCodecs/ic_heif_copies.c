// What libheif 1.15 copies while it reads a file's boxes (ic_heif_copied_bytes in ic_codecs.h).
//
// Its parse fetches the data of every item, whatever its type, to find the metadata among them:
// the item's extents joined, after the NAL units of its hvcC (for hvc1) or the OBUs of its av1C
// (for av01). It keeps the data of the items that describe another (the source of a cdsc
// reference) and frees each other one before it fetches the next. It also copies, and keeps, an
// auxiliary image's type (auxC) for each item associated with one. A review measured 1.1 GB for a
// 342 KB file of 999 items whose 32 extents each read the same 34 KB, 1.0 GB for 999 items sharing
// one 1 MB hvcC, 988 MB for 999 sharing one 1 MB auxC, and 505 MB for one item of 32 extents over
// the same 15 MB.
#include "ic_heif_limits.h"

#include <stdlib.h>
#include <string.h>

static uint64_t ic_add_saturating(uint64_t a, uint64_t b) { return b > UINT64_MAX - a ? UINT64_MAX : a + b; }

// Each listed item's data size, filled by ic_add_extents.
typedef struct {
    const ic_heif_item *items;
    uint64_t *sizes;
} ic_item_sizes;

// Adds an item's extents, as libheif 1.15 reads them (ic_heif_visit_items), to its size.
static void ic_add_extents(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    ic_item_sizes *sizes = context;
    uint64_t *size = &sizes->sizes[item - sizes->items];
    for (size_t e = 0; e < count; e++) *size = ic_add_saturating(*size, extents[e].length);
}

static int ic_by_id(const void *a, const void *b) {
    const uint32_t x = ((const ic_heif_item *)a)->id, y = ((const ic_heif_item *)b)->id;
    return (x > y) - (x < y);
}

// Marks the items (sorted by ID) that are the source of a cdsc reference, reading iref as libheif
// 1.15 does (ic_iref_next).
static void ic_mark_described(const ic_heif_meta *meta, const ic_heif_item *items, size_t count, uint8_t *kept) {
    ic_iref_reader reader = ic_iref_begin(meta->data, &meta->iref);
    ic_iref_entry entry;
    while (ic_iref_next(&reader, &entry)) {
        const ic_heif_item key = {entry.from, 0, 0, 0};
        const ic_heif_item *item = entry.type == IC_FOURCC('c', 'd', 's', 'c')
                                       ? bsearch(&key, items, count, sizeof(ic_heif_item), ic_by_id)
                                       : NULL;
        if (item != NULL) kept[item - items] = 1;
        ic_iref_skip(&reader, entry.count);
    }
}

// The bytes libheif 1.15 puts before an hvc1 item's data from its hvcC: each NAL unit of its
// arrays (ic_hvcc_next) after a 4-byte length (the box gives 2).
static uint64_t ic_hvcc_copy(const ic_heif_meta *meta, const ic_box *box) {
    uint64_t bytes = 0;
    ic_hvcc_units units = ic_hvcc_begin(meta->data + box->start, box->end - box->start);
    const uint8_t *unit;
    size_t length;
    while (ic_hvcc_next(&units, &unit, &length)) bytes += 4 + length;
    return bytes;
}

// The bytes libheif 1.15 copies of a property for an item associated with it: an hvcC's NAL units
// (ic_hvcc_copy), an av1C's configuration OBUs (after its 4-byte header), an auxC's type (the
// string after its full-box header, without the subtypes that may follow).
static uint64_t ic_property_copy(const ic_heif_meta *meta, const ic_box *box) {
    const size_t payload = box->end - box->start;
    switch (box->type) {
        case IC_FOURCC('h', 'v', 'c', 'C'): return ic_hvcc_copy(meta, box);
        case IC_FOURCC('a', 'v', '1', 'C'): return payload > 4 ? payload - 4 : 0;
        default: {
            if (payload <= 4) return 0;
            const uint8_t *type = meta->data + box->start + 4;
            const uint8_t *end = memchr(type, 0, payload - 4);
            return end != NULL ? (uint64_t)(end - type) : payload - 4;
        }
    }
}

// A property libheif copies for each item of type `item` (0: any) associated with it; `kept`:
// held until the file is closed, not only while the boxes are read.
typedef struct {
    uint32_t property;
    uint32_t item;
    int kept;
} ic_copied_property;

int ic_heif_copied_bytes(const uint8_t *data, size_t size, ic_heif_copies *copies) {
    copies->total = 0;
    copies->peak = 0;
    copies->kept = 0;
    copies->parsing = 0;
    ic_heif_meta meta;
    // A file over the counts is refused when opened: nothing is listed for it here.
    if (!ic_heif_counts_allowed(data, size, &copies->parsing)) {
        copies->parsing = 0;
        return 0;
    }
    if (!ic_heif_find_meta(data, size, &meta)) return 0;
    ic_heif_item *items = NULL;
    ic_box *properties = NULL;
    size_t count = 0, property_count = 0;
    int result = ic_heif_list_items(&meta, NULL, 0, &items, &count);
    if (result != 0 || count == 0) {
        free(items);
        return result;
    }
    uint64_t *sizes = calloc(count, sizeof(uint64_t));
    uint32_t *indices = calloc(count, sizeof(uint32_t));
    uint8_t *kept = calloc(count, 1);
    ic_item_sizes context = {items, sizes};
    if (sizes == NULL || indices == NULL || kept == NULL) result = -1;
    if (result == 0) result = ic_heif_visit_items(&meta, items, count, ic_add_extents, &context);
    if (result == 0) result = ic_heif_list_properties(&meta, &properties, &property_count);
    static const ic_copied_property copied[] = {
        {IC_FOURCC('h', 'v', 'c', 'C'), IC_FOURCC('h', 'v', 'c', '1'), 0},
        {IC_FOURCC('a', 'v', '1', 'C'), IC_FOURCC('a', 'v', '0', '1'), 0},
        {IC_FOURCC('a', 'u', 'x', 'C'), 0, 1},
    };
    uint64_t held = 0;   // kept for as long as the file is open: auxC copies
    for (size_t c = 0; c < sizeof(copied) / sizeof(copied[0]) && result == 0; c++) {
        result = ic_heif_item_properties(&meta, properties, property_count, items, count, copied[c].property, indices);
        for (size_t i = 0; i < count && result == 0; i++) {
            if (indices[i] == 0 || (copied[c].item != 0 && items[i].type != copied[c].item)) continue;
            const ic_box *box = &properties[indices[i] - 1];
            const uint64_t bytes = ic_property_copy(&meta, box);
            if (copied[c].kept) held = ic_add_saturating(held, bytes);
            else sizes[i] = ic_add_saturating(sizes[i], bytes);
        }
    }
    if (result == 0) {
        ic_mark_described(&meta, items, count, kept);
        uint64_t largest_freed = 0;
        copies->total = held;
        for (size_t i = 0; i < count; i++) {
            copies->total = ic_add_saturating(copies->total, sizes[i]);
            if (kept[i]) held = ic_add_saturating(held, sizes[i]);
            else if (sizes[i] > largest_freed) largest_freed = sizes[i];
        }
        copies->kept = held;
        copies->peak = ic_add_saturating(held, largest_freed);
    }
    free(kept);
    free(indices);
    free(sizes);
    free(properties);
    free(items);
    return result;
}
