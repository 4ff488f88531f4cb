// A grid's tiles must fill its canvas (see ic_heif_check_grid_cells in ic_heif_limits.h): its
// descriptor (rows, columns, output size; ISO/IEC 23008-12 6.6.2.3), its dimg references in
// order, the first tile's ispe, and each tile's own size as its stream gives it.
#include "ic_heif_limits.h"

#include "ic_heif_boxes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// One grid: its descriptor, read from the item's data (0 rows: unreadable).
typedef struct {
    uint32_t rows;
    uint32_t columns;
    uint32_t width;
    uint32_t height;
} ic_grid_layout;

typedef struct {
    const ic_heif_item *grids;
    ic_grid_layout *layouts;
} ic_grid_search;

// The descriptor: version, flags (bit 0: 32-bit sizes), rows - 1, columns - 1, then the output
// width and height, gathered across the item's extents.
static void ic_grid_descriptor(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    ic_grid_search *search = context;
    uint8_t head[12];
    size_t got = 0;
    for (size_t e = 0; e < count && got < sizeof(head); e++) {
        const size_t take = extents[e].length < sizeof(head) - got ? extents[e].length : sizeof(head) - got;
        memcpy(head + got, extents[e].bytes, take);
        got += take;
    }
    const unsigned field = got >= 2 && (head[1] & 1) ? 4 : 2;
    if (got < 4 + 2 * field) return;
    ic_box_reader r = {head, 4, got, 1};
    ic_grid_layout *layout = &search->layouts[item - search->grids];
    layout->width = (uint32_t)ic_read(&r, field);
    layout->height = (uint32_t)ic_read(&r, field);
    layout->rows = head[2] + 1u;
    layout->columns = head[3] + 1u;
}

// The first dimg entry from `grid` in iref, as libheif 1.15 takes it: its to_item_IDs in *tiles
// (to free) and how many in *count; 0 tiles when there is none; -1 when out of memory.
static int ic_grid_tiles(const ic_heif_meta *meta, uint32_t grid, uint32_t **tiles, size_t *count) {
    *tiles = NULL;
    *count = 0;
    ic_iref_reader reader = ic_iref_begin(meta->data, &meta->iref);
    ic_iref_entry entry;
    while (ic_iref_next(&reader, &entry)) {
        if (entry.type != IC_FOURCC('d', 'i', 'm', 'g') || entry.from != grid) {
            ic_iref_skip(&reader, entry.count);
            continue;
        }
        // A grid has at most 256 × 256 tiles; more references than that are not read.
        const uint64_t wanted = entry.count < 65536 ? entry.count : 65536;
        *tiles = calloc(wanted > 0 ? wanted : 1, sizeof(uint32_t));
        if (*tiles == NULL) return -1;
        for (uint64_t i = 0; i < wanted && reader.r.ok; i++) {
            const uint32_t id = (uint32_t)ic_read(&reader.r, reader.field);
            if (reader.r.ok) (*tiles)[(*count)++] = id;
        }
        return 0;
    }
    return 0;
}

// The ispe property's width and height (version and flags, then two 32-bit sizes); 0 when none.
static void ic_ispe(const ic_heif_meta *meta, const ic_box *properties, size_t property_count, uint32_t index,
                    uint32_t *width, uint32_t *height) {
    *width = *height = 0;
    if (index == 0 || index > property_count) return;
    ic_box_reader r = {meta->data, properties[index - 1].start, properties[index - 1].end, 1};
    ic_read(&r, 4);
    const uint32_t w = (uint32_t)ic_read(&r, 4), h = (uint32_t)ic_read(&r, 4);
    if (r.ok) {
        *width = w;
        *height = h;
    }
}

// One grid against its tiles: NULL when they fill it, else why not (in `message`).
static const char *ic_grid_unfilled(const ic_heif_item *grid, const ic_grid_layout *layout, const ic_heif_item *coded,
                                    size_t coded_count, const uint32_t *own, const uint32_t *ispe,
                                    const uint32_t *tiles, size_t tile_count, char *message, size_t size) {
    if (layout->rows == 0) return NULL;   // no readable descriptor: libheif refuses the grid itself
    const size_t cells = (size_t)layout->rows * layout->columns;
    if (tile_count < cells) {
        snprintf(message, size, "grid item %u has %zu tiles for its %u×%u cells", grid->id, tile_count, layout->columns,
                 layout->rows);
        return message;
    }
    uint32_t cell_width = 0, cell_height = 0;
    for (size_t t = 0; t < cells; t++) {
        const ic_heif_item key = {tiles[t], 0, 0};
        const ic_heif_item *tile = bsearch(&key, coded, coded_count, sizeof(ic_heif_item), ic_heif_item_order);
        if (tile == NULL) {
            snprintf(message, size, "tile %zu of grid item %u (item %u) is not an HEVC or AV1 image", t + 1, grid->id,
                     tiles[t]);
            return message;
        }
        const size_t j = (size_t)(tile - coded);
        if (t == 0) {
            cell_width = ispe[2 * j];
            cell_height = ispe[2 * j + 1];
        }
        const uint32_t w = own[2 * j], h = own[2 * j + 1];
        if (w != cell_width || h != cell_height || w == 0 || h == 0) {
            if (w == IC_HEIF_SIZE_CONFLICT) {
                snprintf(message, size, "tile %zu of grid item %u has streams of different sizes", t + 1, grid->id);
            } else if (w == 0 || h == 0) {
                snprintf(message, size, "tile %zu of grid item %u has no readable sequence header or parameter set",
                         t + 1, grid->id);
            } else {
                snprintf(message, size, "tile %zu of grid item %u decodes to %u×%u, not the grid's %u×%u cells", t + 1,
                         grid->id, w, h, cell_width, cell_height);
            }
            return message;
        }
    }
    if ((uint64_t)cell_width * layout->columns < layout->width || (uint64_t)cell_height * layout->rows < layout->height) {
        snprintf(message, size, "grid item %u's %u×%u cells of %u×%u do not cover its %u×%u canvas", grid->id,
                 layout->columns, layout->rows, cell_width, cell_height, layout->width, layout->height);
        return message;
    }
    return NULL;
}

ic_status ic_heif_check_grid_cells(ic_heif *heif, const ic_heif_meta *meta, uint32_t root, const ic_heif_item *coded,
                                   size_t coded_count, const uint32_t *own) {
    const uint32_t types[1] = {IC_FOURCC('g', 'r', 'i', 'd')};
    ic_heif_item *grids = NULL;
    ic_box *properties = NULL;
    ic_grid_layout *layouts = NULL;
    uint32_t *indices = NULL, *ispe = NULL, *tiles = NULL;
    size_t count = 0, property_count = 0, tile_count = 0;
    int result = ic_heif_list_items(meta, types, 1, &grids, &count);
    if (result == 0) result = ic_heif_keep_related(meta, root, grids, &count);
    if (result == 0 && count > 0) {
        layouts = calloc(count, sizeof(ic_grid_layout));
        indices = calloc(coded_count > 0 ? coded_count : 1, sizeof(uint32_t));
        ispe = calloc(coded_count > 0 ? 2 * coded_count : 1, sizeof(uint32_t));
        result = layouts == NULL || indices == NULL || ispe == NULL ? -1 : 0;
        if (result == 0) result = ic_heif_list_properties(meta, &properties, &property_count);
        if (result == 0 && coded_count > 0) {
            result = ic_heif_item_properties(meta, properties, property_count, coded, coded_count,
                                             IC_FOURCC('i', 's', 'p', 'e'), indices);
        }
        for (size_t j = 0; result == 0 && j < coded_count; j++) {
            ic_ispe(meta, properties, property_count, indices[j], &ispe[2 * j], &ispe[2 * j + 1]);
        }
        ic_grid_search search = {grids, layouts};
        if (result == 0) result = ic_heif_visit_items(meta, grids, count, ic_grid_descriptor, &search);
    }
    ic_status status = result == 0 ? IC_OK : ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list the file's grids");
    char message[200];
    for (size_t g = 0; status == IC_OK && g < count; g++) {
        if (ic_grid_tiles(meta, grids[g].id, &tiles, &tile_count) != 0) {
            status = ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list a grid's tiles");
            break;
        }
        const char *unfilled = ic_grid_unfilled(&grids[g], &layouts[g], coded, coded_count, own, ispe, tiles,
                                                tile_count, message, sizeof(message));
        if (unfilled != NULL) status = ic_heif_fail(heif, IC_ERR_CORRUPT, unfilled);
        free(tiles);
        tiles = NULL;
    }
    free(grids);
    free(properties);
    free(layouts);
    free(indices);
    free(ispe);
    return status;
}
