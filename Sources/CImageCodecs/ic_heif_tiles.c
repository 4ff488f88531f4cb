// Grid tiles' own transformations (see ic_heif_tile_transforms in ic_codecs.h).
//
// libavif before 1.0 (avifenc 0.11 -g, and its API's grids) writes a grid image's clap, irot and
// imir on the grid item and on every tile as well: an ordinary phone portrait (Exif orientation
// 6) as a grid gets irot on each tile. Readers that follow libavif (avifdec, browsers) transform
// only the assembled canvas; libheif 1.15 turns each tile by its own properties and then the
// canvas, scrambling mirrored grids and leaving turned or cropped tiles short of their cells. So
// those associations are dropped from a copy of the file before libheif reads it: each becomes
// property index 0, which ISO/IEC 23008-12 reserves for "no property", after the entry's
// associations that stay, the byte layout unchanged. The grid's own transformations stay.
#include "ic_codecs.h"
#include "ic_heif_boxes.h"
#include "ic_heif_limits.h"

#include <stdlib.h>
#include <string.h>

static int ic_tile_order(const void *a, const void *b) {
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

// 1 when `id` is among the `count` sorted IDs of `ids`: a search, as this runs before the file is
// held to ic_heif_open's counts.
static int ic_tile_listed(const uint32_t *ids, size_t count, uint32_t id) {
    return count > 0 && bsearch(&id, ids, count, sizeof(uint32_t), ic_tile_order) != NULL;
}

// The inputs (dimg) of every grid of `meta`, sorted, in *tiles (to free); -1 when out of memory.
static int ic_grid_inputs(const ic_heif_meta *meta, uint32_t **tiles, size_t *count) {
    *tiles = NULL;
    *count = 0;
    const uint32_t types[1] = {IC_FOURCC('g', 'r', 'i', 'd')};
    ic_heif_item *grids = NULL;
    size_t grid_count = 0, capacity = 0;
    if (ic_heif_list_items(meta, types, 1, &grids, &grid_count) != 0) return -1;
    ic_iref_reader reader = ic_iref_begin(meta->data, &meta->iref);
    ic_iref_entry entry;
    int result = 0;
    while (result == 0 && grid_count > 0 && meta->iref.type != 0 && ic_iref_next(&reader, &entry)) {
        const ic_heif_item key = {entry.from, 0, 0, 0};
        const int inputs = entry.type == IC_FOURCC('d', 'i', 'm', 'g') &&
                           bsearch(&key, grids, grid_count, sizeof(ic_heif_item), ic_heif_item_order) != NULL;
        if (!inputs) {
            ic_iref_skip(&reader, entry.count);
            continue;
        }
        // A grid has at most 256 × 256 tiles; past more references than that the entries after
        // are not read (their tiles keep their transformations, which the grid check refuses).
        for (uint64_t i = 0; i < entry.count && i < 65536 && reader.r.ok && result == 0; i++) {
            const uint32_t id = (uint32_t)ic_read(&reader.r, reader.field);
            if (reader.r.ok && !ic_heif_append((void **)tiles, count, &capacity, sizeof(uint32_t), &id)) result = -1;
            if (reader.r.at >= reader.r.end) break;
        }
        if (entry.count > 65536) break;
    }
    free(grids);
    if (result == 0 && *count > 1) qsort(*tiles, *count, sizeof(uint32_t), ic_tile_order);
    if (result != 0) {
        free(*tiles);
        *tiles = NULL;
        *count = 0;
    }
    return result;
}

int64_t ic_heif_tile_transforms(const uint8_t *data, size_t size, uint8_t *copy) {
    ic_heif_meta meta;
    uint64_t parsing = 0;
    // Before ic_heif_open holds the file to its counts: a file over them is refused there, and
    // nothing is listed for it here (its boxes could take several times its size to list).
    if (data == NULL || !ic_heif_counts_allowed(data, size, &parsing)) return 0;
    if (!ic_heif_find_meta(data, size, &meta) || meta.iprp.type == 0) return 0;
    uint32_t *tiles = NULL;
    ic_box *properties = NULL;
    size_t tile_count = 0, property_count = 0;
    if (ic_grid_inputs(&meta, &tiles, &tile_count) != 0) return -1;
    if (tile_count > 0 && ic_heif_list_properties(&meta, &properties, &property_count) != 0) {
        free(tiles);
        return -1;
    }
    int64_t found = 0;
    size_t at = meta.iprp.start;
    ic_box ipma;
    // Every entry of every ipma box (libheif 1.15 reads an item's first; the others are dropped
    // too, so that no reading of the file finds a tile transformed).
    while (tile_count > 0 && ic_next_box(data, &at, meta.iprp.end, &ipma)) {
        if (ipma.type != IC_FOURCC('i', 'p', 'm', 'a')) continue;
        ic_box_reader r = {data, ipma.start, ipma.end, 1};
        const uint64_t version = ic_read(&r, 1);
        const uint64_t flags = ic_read(&r, 3);
        const uint64_t entries = ic_read(&r, 4);
        const unsigned width = (flags & 1) ? 2 : 1;
        for (uint64_t i = 0; i < entries && r.ok; i++) {
            const uint32_t item = (uint32_t)ic_read(&r, version < 1 ? 2 : 4);
            const int tile = ic_tile_listed(tiles, tile_count, item);
            const uint64_t associations = ic_read(&r, 1);
            size_t kept = r.at;   // in the copy: where the next association that stays goes
            for (uint64_t a = 0; a < associations && r.ok; a++) {
                const size_t place = r.at;
                const uint64_t index = ic_read(&r, width) & (width == 2 ? 0x7fff : 0x7f);
                if (!r.ok || !tile) continue;
                const uint32_t type = index > 0 && index <= property_count ? properties[index - 1].type : 0;
                if (type == IC_FOURCC('c', 'l', 'a', 'p') || type == IC_FOURCC('i', 'r', 'o', 't') ||
                    type == IC_FOURCC('i', 'm', 'i', 'r')) {
                    found++;
                    continue;
                }
                // The associations that stay move forward, in order, and the zeros go last: a
                // later libheif stops looking for a property (a tile's hvcC or av1C) at an index 0
                // (1.15 skips it: a tile with its irot first, zeroed in place, decodes).
                if (copy != NULL) memmove(copy + kept, data + place, width);
                kept += width;
            }
            // The dropped ones, the essential bit too: an association to no property is nothing
            // to honour.
            if (copy != NULL && tile && r.ok && kept < r.at) memset(copy + kept, 0, r.at - kept);
        }
    }
    free(tiles);
    free(properties);
    return found;
}
