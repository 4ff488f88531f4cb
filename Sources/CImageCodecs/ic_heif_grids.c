// A grid's tiles must fill its canvas (see ic_heif_check_grid_cells in ic_heif_limits.h): its
// descriptor (rows, columns, output size; ISO/IEC 23008-12 6.6.2.3), its dimg references in
// order, the first tile's ispe, and each tile's own size as its stream gives it.
#include "ic_heif_limits.h"
#include "ic_heif_avif.h"

#include "ic_heif_boxes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const ic_heif_item *grids;
    ic_grid_layout *layouts;
} ic_grid_search;

void ic_heif_grid_layout(const ic_extent *extents, size_t count, ic_grid_layout *layout) {
    uint8_t head[12];
    ic_stream stream = {extents, count, 0, 0};
    const size_t got = (size_t)ic_stream_take(&stream, head, sizeof(head));
    const unsigned field = got >= 2 && (head[1] & 1) ? 4 : 2;
    if (got < 4 + 2 * field) return;
    ic_box_reader r = {head, 4, got, 1};
    layout->width = (uint32_t)ic_read(&r, field);
    layout->height = (uint32_t)ic_read(&r, field);
    layout->rows = head[2] + 1u;
    layout->columns = head[3] + 1u;
}

static void ic_grid_descriptor(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    ic_grid_search *search = context;
    ic_heif_grid_layout(extents, count, &search->layouts[item - search->grids]);
}

int ic_heif_grid_tiles(const ic_heif_meta *meta, uint32_t grid, uint32_t **tiles, size_t *count) {
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

// Whether `item` is an alpha image, as libheif 1.15 decides it: its auxC names one of the alpha
// types. Depth maps and gain maps are auxiliary images libheif does not decode with the image.
int ic_heif_is_alpha(const ic_heif_meta *meta, const ic_box *properties, size_t property_count, uint32_t item) {
    static const char *const alpha[] = {"urn:mpeg:avc:2015:auxid:1", "urn:mpeg:hevc:2015:auxid:1",
                                        "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha"};
    const ic_heif_item key = {item, 0, 0, 0};
    uint32_t index = 0;
    if (ic_heif_item_properties(meta, properties, property_count, &key, 1, IC_FOURCC('a', 'u', 'x', 'C'), &index) != 0 ||
        index == 0 || index > property_count) {
        return 0;
    }
    const ic_box *auxc = &properties[index - 1];
    if (auxc->end - auxc->start < 5) return 0;
    const char *type = (const char *)meta->data + auxc->start + 4;
    const size_t length = auxc->end - auxc->start - 4;
    for (size_t i = 0; i < sizeof(alpha) / sizeof(alpha[0]); i++) {
        const size_t n = strlen(alpha[i]);
        if (length > n && memcmp(type, alpha[i], n) == 0 && type[n] == 0) return 1;
    }
    return 0;
}

static int ic_in(const uint32_t *ids, size_t count, uint32_t id) {
    for (size_t i = 0; i < count; i++) {
        if (ids[i] == id) return 1;
    }
    return 0;
}

// The items libheif 1.15 decodes for `root`: itself, the inputs (dimg) of any of them and their
// alpha images (auxl, an alpha auxC), in *ids (to free), as many passes over iref as keep adding
// (8 at most, as ic_heif_keep_related); -1 when out of memory.
static int ic_decoded_items(const ic_heif_meta *meta, const ic_box *properties, size_t property_count, uint32_t root,
                            uint32_t **ids, size_t *count) {
    size_t capacity = 0;
    *ids = NULL;
    *count = 0;
    if (!ic_heif_append((void **)ids, count, &capacity, sizeof(uint32_t), &root)) return -1;
    for (int pass = 0, grew = 1; pass < 8 && grew && meta->iref.type != 0; pass++) {
        grew = 0;
        ic_iref_reader reader = ic_iref_begin(meta->data, &meta->iref);
        ic_iref_entry entry;
        while (ic_iref_next(&reader, &entry)) {
            const int inputs = entry.type == IC_FOURCC('d', 'i', 'm', 'g') && ic_in(*ids, *count, entry.from);
            const int auxiliary = entry.type == IC_FOURCC('a', 'u', 'x', 'l') && !ic_in(*ids, *count, entry.from);
            for (uint64_t i = 0; i < entry.count && reader.r.ok; i++) {
                const uint32_t to = (uint32_t)ic_read(&reader.r, reader.field);
                uint32_t add = 0;
                if (inputs && !ic_in(*ids, *count, to)) add = to;
                if (auxiliary && ic_in(*ids, *count, to) && ic_heif_is_alpha(meta, properties, property_count, entry.from)) {
                    add = entry.from;
                }
                if (reader.r.ok && add != 0 && !ic_in(*ids, *count, add)) {
                    if (!ic_heif_append((void **)ids, count, &capacity, sizeof(uint32_t), &add)) return -1;
                    grew = 1;
                }
                if (reader.r.at >= reader.r.end) break;
            }
        }
    }
    return 0;
}

// One grid against its tiles: NULL when they fill it, else why not (in `message`).
static const char *ic_grid_unfilled(const ic_heif_item *grid, const ic_grid_layout *layout, const ic_heif_item *coded,
                                    size_t coded_count, const uint32_t *own, const uint32_t *ispe,
                                    const uint8_t *transformed, const uint32_t *tiles, size_t tile_count,
                                    char *message, size_t size) {
    if (layout->rows == 0) return NULL;   // no readable descriptor: libheif refuses the grid itself
    const size_t cells = (size_t)layout->rows * layout->columns;
    if (tile_count < cells) {
        snprintf(message, size, "grid item %u has %zu tiles for its %u×%u cells", grid->id, tile_count, layout->columns,
                 layout->rows);
        return message;
    }
    uint32_t cell_width = 0, cell_height = 0;
    for (size_t t = 0; t < cells; t++) {
        const ic_heif_item key = {tiles[t], 0, 0, 0};
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
        // libheif steps each tile by its own ispe, cropped (clap) and turned (irot): tiles of
        // another size or shape than the first leave gaps, so all must be the first's, untransformed
        // (HEIFDecoder drops a tile's own clap, irot and imir first: ic_heif_tile_transforms).
        if (transformed[j]) {
            snprintf(message, size, "tile %zu of grid item %u is cropped or rotated (clap, irot)", t + 1, grid->id);
            return message;
        }
        if (ispe[2 * j] != cell_width || ispe[2 * j + 1] != cell_height) {
            snprintf(message, size, "tile %zu of grid item %u is %u×%u, not the first tile's %u×%u", t + 1, grid->id,
                     ispe[2 * j], ispe[2 * j + 1], cell_width, cell_height);
            return message;
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
    uint32_t *indices = NULL, *ispe = NULL, *tiles = NULL, *decoded = NULL;
    uint8_t *transformed = NULL;
    size_t count = 0, property_count = 0, tile_count = 0, decoded_count = 0;
    int result = ic_heif_list_items(meta, types, 1, &grids, &count);
    if (result == 0 && count > 0) result = ic_heif_list_properties(meta, &properties, &property_count);
    // Only the grids libheif decodes for the image: a damaged depth or gain map grid is not read.
    if (result == 0 && count > 0) result = ic_decoded_items(meta, properties, property_count, root, &decoded, &decoded_count);
    if (result == 0 && count > 0) {
        size_t kept = 0;
        for (size_t g = 0; g < count; g++) {
            if (ic_in(decoded, decoded_count, grids[g].id)) grids[kept++] = grids[g];
        }
        count = kept;
    }
    if (result == 0 && count > 0) {
        layouts = calloc(count, sizeof(ic_grid_layout));
        indices = calloc(coded_count > 0 ? coded_count : 1, sizeof(uint32_t));
        ispe = calloc(coded_count > 0 ? 2 * coded_count : 1, sizeof(uint32_t));
        transformed = calloc(coded_count > 0 ? coded_count : 1, 1);
        result = layouts == NULL || indices == NULL || ispe == NULL || transformed == NULL ? -1 : 0;
        if (result == 0 && coded_count > 0) {
            result = ic_heif_item_properties(meta, properties, property_count, coded, coded_count,
                                             IC_FOURCC('i', 's', 'p', 'e'), indices);
        }
        for (size_t j = 0; result == 0 && j < coded_count; j++) {
            ic_ispe(meta, properties, property_count, indices[j], &ispe[2 * j], &ispe[2 * j + 1]);
        }
        const uint32_t transforms[2] = {IC_FOURCC('c', 'l', 'a', 'p'), IC_FOURCC('i', 'r', 'o', 't')};
        for (size_t k = 0; k < 2 && result == 0 && coded_count > 0; k++) {
            result = ic_heif_item_properties(meta, properties, property_count, coded, coded_count, transforms[k],
                                             indices);
            for (size_t j = 0; result == 0 && j < coded_count; j++) {
                if (indices[j] != 0) transformed[j] = 1;
            }
        }
        ic_grid_search search = {grids, layouts};
        if (result == 0) result = ic_heif_visit_items(meta, grids, count, ic_grid_descriptor, &search);
    }
    ic_status status = result == 0 ? IC_OK : ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list the file's grids");
    char message[200];
    for (size_t g = 0; status == IC_OK && g < count; g++) {
        if (ic_heif_grid_tiles(meta, grids[g].id, &tiles, &tile_count) != 0) {
            status = ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list a grid's tiles");
            break;
        }
        const char *unfilled = ic_grid_unfilled(&grids[g], &layouts[g], coded, coded_count, own, ispe, transformed,
                                                tiles, tile_count, message, sizeof(message));
        if (unfilled != NULL) status = ic_heif_fail(heif, IC_ERR_CORRUPT, unfilled);
        free(tiles);
        tiles = NULL;
    }
    free(grids);
    free(properties);
    free(layouts);
    free(indices);
    free(ispe);
    free(transformed);
    free(decoded);
    return status;
}
