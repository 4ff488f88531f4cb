// The shim's own AVIF path: an av01 image item or a grid of them, and its alpha image, fed from
// the items' own extents (ic_heif_extents.c) to dav1d (ic_heif_dav1d.c) one row of tiles at a
// time, and converted to RGBA row by row (ic_heif_avif_rows.c). See ic_heif_avif.h.
//
// Why not a dav1d plugin under libheif: libheif 1.15 copies a decoded picture into its own
// planes and then converts the whole image to interleaved RGB(A) before the shim reads a row,
// so the codec's picture, libheif's planes and the RGB image are all alive at once (18–21 bytes
// a pixel with libaom, measured). Feeding dav1d the item's OBUs here keeps only dav1d's picture:
// the rows are converted from it as the downscaler asks for them. The file's description (sizes,
// colour profiles, alpha) is the shim's own (ic_heif_describe.c) when it can read it exactly as
// libheif would, and libheif's otherwise (thumbnails, overlays, HEIC); the items this path takes
// are the ones it can reproduce exactly: libheif's transformations (clap, irot, imir)
// as libheif 1.15 applies them, its colour conversion (nearest chroma, the nclx matrix) and its
// alpha. libheif 1.15 decodes a grid whole into one canvas; here only a row of tiles is held
// (a column of them when a quarter turn reads the canvas by columns). Anything else (an overlay, HEVC,
// an alpha image with transformations of its own or another layout, a crop libheif would clamp)
// stays with libheif.
#include "ic_heif_avif.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// dav1d's picture for an item of w×h, as its av1C says (its third byte: high_bitdepth,
// twelve_bit, monochrome, chroma_subsampling_x and _y); 0 when the av1C is too short. Its OBUs'
// bytes in *config, and in *whole whether they are whole OBUs (ic_av1_whole_obus). An hvc1 item's
// copy by its hvcC when `hevc`.
static uint64_t ic_avif_picture(const ic_heif_meta *meta, const ic_box *properties, size_t count, uint32_t index,
                                uint32_t width, uint32_t height, int hevc, int *deep, uint64_t *config, int *whole) {
    ic_box_reader r = ic_property(meta, properties, count, index);
    if (hevc) return ic_hevc_tile_bytes(meta->data + r.at, r.end - r.at, width, height, deep, config);
    ic_read(&r, 2);
    const unsigned flags = (unsigned)ic_read(&r, 1);
    if (!r.ok || r.end - r.at < 1) return 0;
    *config = r.end - r.at - 1;
    *whole = ic_av1_whole_obus(meta->data + r.at + 1, (size_t)*config);
    const int bits = (flags & 0x40) ? ((flags & 0x20) ? 12 : 10) : 8;
    const int sub_x = (flags >> 3) & 1, sub_y = (flags >> 2) & 1;
    const int layout = (flags & 0x10) ? DAV1D_PIXEL_LAYOUT_I400
                       : sub_x && sub_y ? DAV1D_PIXEL_LAYOUT_I420
                       : sub_x          ? DAV1D_PIXEL_LAYOUT_I422
                                        : DAV1D_PIXEL_LAYOUT_I444;
    if (bits > 8) *deep = 1;
    return ic_dav1d_picture_bytes(width, height, bits, layout, NULL, NULL, NULL);
}

// Each listed item's data bytes (its extents), and whether they are one run of the file's bytes
// (ic_extents_adjacent), by its place in the list; the most extents an item has, and for av01
// items the most tiles a frame has (ic_dav1d_frame_tiles), by their av1C and ispe properties.
typedef struct {
    const ic_heif_item *items;
    uint64_t *bytes;
    uint8_t *adjacent;
    ic_avif_plan *plan;
    const ic_heif_meta *meta;
    const ic_box *properties;
    size_t property_count;
    const uint32_t *configs, *ispes;
    int failed;   // out of memory
} ic_avif_sizes;

static void ic_avif_count(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    ic_avif_sizes *sizes = context;
    const size_t i = (size_t)(item - sizes->items);
    if (count > sizes->plan->tile_extents) sizes->plan->tile_extents = count;
    for (size_t e = 0; e < count; e++) sizes->bytes[i] += extents[e].length;
    sizes->adjacent[i] = (uint8_t)ic_extents_adjacent(extents, count);
    if (sizes->plan->hevc || sizes->configs[i] == 0) return;
    // dav1d's state grows with the frame's tiles, which only its header says: dav1d reads it.
    ic_box_reader config = ic_property(sizes->meta, sizes->properties, sizes->property_count, sizes->configs[i]);
    ic_box_reader ispe = ic_property(sizes->meta, sizes->properties, sizes->property_count, sizes->ispes[i]);
    ic_read(&ispe, 4);
    const uint64_t width = ic_read(&ispe, 4), height = ic_read(&ispe, 4);
    if (!config.ok || !ispe.ok || width == 0 || height == 0) return;   // the plan refuses the tile
    const size_t header = 4;   // as ic_avif_decode_item: the av1C's fields, then its OBUs
    const ic_extent obus = {config.data + config.at + header, config.end - config.at > header
                                                                 ? config.end - config.at - header
                                                                 : 0};
    uint32_t rows = 0;
    const int64_t tiles = ic_dav1d_frame_tiles(&obus, extents, count, width * height, &rows);
    if (tiles < 0) sizes->failed = 1;
    if (tiles > (int64_t)sizes->plan->frame_tiles) sizes->plan->frame_tiles = (uint32_t)tiles;
    if (rows > sizes->plan->frame_tile_rows) sizes->plan->frame_tile_rows = rows;
}

static void ic_avif_descriptor(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    (void)item;
    ic_heif_grid_layout(extents, count, context);
}

// The tiles of `root` (itself when it is a coded item, a grid's first rows × columns inputs
// otherwise) in *tiles (to free), checked as the path needs them: coded items (`coded`, av01 or
// hvc1) of one type, the plan's (`plan->hevc`), and one ispe, with an av1C or hvcC each. Fills
// the plan's layout, or, for an alpha image, checks it against it (`alpha`), and its picture and
// stream sizes. 1 when the path takes it, 0 when libheif must, -1 out of memory.
static int ic_avif_tiles(const ic_heif_meta *meta, const ic_box *properties, size_t property_count,
                         const ic_heif_item *coded, size_t coded_count, const ic_heif_item *root, int alpha,
                         ic_avif_plan *plan, uint32_t **tiles) {
    const uint32_t type = plan->hevc ? IC_FOURCC('h', 'v', 'c', '1') : IC_FOURCC('a', 'v', '0', '1');
    const uint32_t config_type = plan->hevc ? IC_FOURCC('h', 'v', 'c', 'C') : IC_FOURCC('a', 'v', '1', 'C');
    ic_grid_layout grid = {1, 1, 0, 0};
    size_t listed = 1;
    *tiles = NULL;
    if (root->type == IC_FOURCC('g', 'r', 'i', 'd')) {
        if (ic_heif_visit_items(meta, root, 1, ic_avif_descriptor, &grid) != 0) return -1;
        if (ic_heif_grid_tiles(meta, root->id, tiles, &listed) != 0) return -1;
        if (grid.width == 0 || grid.height == 0 || listed < (size_t)grid.rows * grid.columns) return 0;
    } else {
        *tiles = malloc(sizeof(uint32_t));
        if (*tiles == NULL) return -1;
        (*tiles)[0] = root->id;
    }
    const size_t cells = (size_t)grid.rows * grid.columns;
    ic_heif_item *items = calloc(cells, sizeof(ic_heif_item));
    uint32_t *configs = calloc(cells, sizeof(uint32_t)), *ispes = calloc(cells, sizeof(uint32_t));
    uint64_t *bytes = calloc(cells, sizeof(uint64_t));
    uint8_t *adjacent = calloc(cells, 1);
    int result = items == NULL || configs == NULL || ispes == NULL || bytes == NULL || adjacent == NULL ? -1 : 1;
    size_t unique = 0;
    for (size_t t = 0; result == 1 && t < cells; t++) {
        const ic_heif_item key = {(*tiles)[t], 0, 0, 0};
        const ic_heif_item *tile = bsearch(&key, coded, coded_count, sizeof(ic_heif_item), ic_heif_item_order);
        if (tile == NULL || tile->type != type) result = 0;   // a grid of grids, mixed codecs: libheif's
        else items[unique++] = *tile;
    }
    if (result == 1) {
        qsort(items, unique, sizeof(ic_heif_item), ic_heif_item_order);
        size_t kept = 0;
        for (size_t i = 0; i < unique; i++) {
            if (kept == 0 || items[kept - 1].id != items[i].id) items[kept++] = items[i];
        }
        unique = kept;
        // A grid's tiles with transformations of their own (HEIFDecoder drops libavif's before the
        // file is opened: ic_heif_tile_transforms) are libheif's, which applies them per tile.
        static const uint32_t transforms[3] = {IC_FOURCC('c', 'l', 'a', 'p'), IC_FOURCC('i', 'r', 'o', 't'),
                                               IC_FOURCC('i', 'm', 'i', 'r')};
        for (size_t k = 0; k < 3 && result == 1 && root->type == IC_FOURCC('g', 'r', 'i', 'd'); k++) {
            if (ic_heif_item_properties(meta, properties, property_count, items, unique, transforms[k], configs) != 0) {
                result = -1;
            }
            for (size_t i = 0; result == 1 && i < unique; i++) {
                if (configs[i] != 0) result = 0;
            }
        }
        if (result == 1 && (ic_heif_item_properties(meta, properties, property_count, items, unique,
                                                    config_type, configs) != 0 ||
                            ic_heif_item_properties(meta, properties, property_count, items, unique,
                                                    IC_FOURCC('i', 's', 'p', 'e'), ispes) != 0)) {
            result = -1;
        }
    }
    ic_avif_sizes sizes = {items, bytes, adjacent, plan, meta, properties, property_count, configs, ispes, 0};
    if (result == 1 && (ic_heif_visit_items(meta, items, unique, ic_avif_count, &sizes) != 0 || sizes.failed)) {
        result = -1;
    }
    for (size_t i = 0; result == 1 && i < unique; i++) {
        ic_box_reader r = ic_property(meta, properties, property_count, ispes[i]);
        ic_read(&r, 4);
        const uint32_t w = (uint32_t)ic_read(&r, 4), h = (uint32_t)ic_read(&r, 4);
        if (!r.ok || w == 0 || h == 0 || configs[i] == 0) result = 0;
        if (result == 1 && i == 0 && !alpha) plan->cell_width = w, plan->cell_height = h;
        if (result == 1 && (w != plan->cell_width || h != plan->cell_height)) result = 0;
        uint64_t config = 0;
        int whole = 0;
        const uint64_t picture = result == 1 ? ic_avif_picture(meta, properties, property_count, configs[i], w, h,
                                                               plan->hevc, &plan->deep, &config, &whole)
                                             : 0;
        if (picture == 0) result = 0;
        if (picture > plan->tile_picture) plan->tile_picture = picture;
        // What is copied to be decoded: an HEVC tile always (ic_hevc_decode_tile), an AV1 tile only
        // when dav1d cannot read it in place (ic_dav1d_decode).
        const uint64_t copied = plan->hevc || !whole || !adjacent[i] ? config + bytes[i] : 0;
        if (copied > plan->stream_bytes) plan->stream_bytes = copied;
    }
    free(items);
    free(configs);
    free(ispes);
    free(bytes);
    free(adjacent);
    if (result != 1) return result;
    if (!alpha) {
        plan->rows = grid.rows;
        plan->columns = grid.columns;
        plan->coded_width = root->type == IC_FOURCC('g', 'r', 'i', 'd') ? grid.width : plan->cell_width;
        plan->coded_height = root->type == IC_FOURCC('g', 'r', 'i', 'd') ? grid.height : plan->cell_height;
        // The tiles cover the canvas (ic_heif_check_grid_cells refused the file otherwise).
        if ((uint64_t)plan->cell_width * grid.columns < plan->coded_width ||
            (uint64_t)plan->cell_height * grid.rows < plan->coded_height) {
            return 0;
        }
    } else if (grid.rows != plan->rows || grid.columns != plan->columns ||
               (root->type == IC_FOURCC('g', 'r', 'i', 'd') &&
                (grid.width != plan->coded_width || grid.height != plan->coded_height))) {
        return 0;
    }
    return 1;
}

// The alpha image of `root` libheif 1.15 would take: the first auxl to it from an alpha image.
static uint32_t ic_avif_alpha_item(const ic_heif_meta *meta, const ic_box *properties, size_t count, uint32_t root) {
    if (meta->iref.type == 0) return 0;
    ic_iref_reader reader = ic_iref_begin(meta->data, &meta->iref);
    ic_iref_entry entry;
    while (ic_iref_next(&reader, &entry)) {
        const int auxiliary = entry.type == IC_FOURCC('a', 'u', 'x', 'l');
        for (uint64_t i = 0; i < entry.count && reader.r.ok; i++) {
            const uint32_t to = (uint32_t)ic_read(&reader.r, reader.field);
            if (auxiliary && reader.r.ok && to == root && ic_heif_is_alpha(meta, properties, count, entry.from)) {
                return entry.from;
            }
            if (reader.r.at >= reader.r.end) break;
        }
    }
    return 0;
}

int ic_avif_plan_image(const uint8_t *data, size_t size, uint32_t root, uint32_t width, uint32_t height,
                       int has_alpha, int codecs, ic_avif_plan *plan) {
    memset(plan, 0, sizeof(*plan));
    plan->mirror = -1;
    ic_heif_meta meta;
    if (data == NULL || !ic_heif_find_meta(data, size, &meta) || meta.iprp.type == 0) return 0;
    const uint32_t types[3] = {IC_FOURCC('a', 'v', '0', '1'), IC_FOURCC('h', 'v', 'c', '1'),
                               IC_FOURCC('g', 'r', 'i', 'd')};
    ic_heif_item *items = NULL, *coded = NULL;
    ic_box *properties = NULL;
    size_t item_count = 0, coded_count = 0, property_count = 0;
    if (ic_heif_list_items(&meta, types, 3, &items, &item_count) != 0 ||
        ic_heif_list_items(&meta, types, 2, &coded, &coded_count) != 0) {
        free(items);
        return -1;
    }
    int result = 0;
    const ic_heif_item key = {root, 0, 0, 0};
    const ic_heif_item *color = bsearch(&key, items, item_count, sizeof(ic_heif_item), ic_heif_item_order);
    if (color == NULL) goto done;   // an overlay: libheif's
    // The codec is the image's, or a grid's first tile's.
    uint32_t first = root;
    if (color->type == IC_FOURCC('g', 'r', 'i', 'd')) {
        uint32_t *tiles = NULL;
        size_t listed = 0;
        if (ic_heif_grid_tiles(&meta, root, &tiles, &listed) != 0) {
            result = -1;
            goto done;
        }
        first = listed > 0 ? tiles[0] : 0;
        free(tiles);
    }
    const ic_heif_item first_key = {first, 0, 0, 0};
    const ic_heif_item *tile = bsearch(&first_key, coded, coded_count, sizeof(ic_heif_item), ic_heif_item_order);
    plan->hevc = tile != NULL && tile->type == IC_FOURCC('h', 'v', 'c', '1');
    // A codec that cannot be loaded is libheif's.
    if (tile == NULL || !(codecs & (plan->hevc ? IC_AVIF_HEVC : IC_AVIF_AV1))) goto done;
    if (ic_heif_list_properties(&meta, &properties, &property_count) != 0) {
        result = -1;
        goto done;
    }
    result = ic_avif_tiles(&meta, properties, property_count, coded, coded_count, color, 0, plan, &plan->color_tiles);
    if (result != 1) goto done;
    plan->color = root;
    result = ic_avif_transforms(&meta, properties, property_count, color, plan);
    if (result != 1) goto done;
    const int turned = plan->quarter_turns & 1;
    if ((turned ? plan->crop_height : plan->crop_width) != width ||
        (turned ? plan->crop_width : plan->crop_height) != height) {
        result = 0;   // libheif reads the transformations otherwise: it decodes
        goto done;
    }
    if (has_alpha) {
        plan->alpha = ic_avif_alpha_item(&meta, properties, property_count, root);
        const ic_heif_item alpha_key = {plan->alpha, 0, 0, 0};
        const ic_heif_item *alpha = bsearch(&alpha_key, items, item_count, sizeof(ic_heif_item), ic_heif_item_order);
        result = 0;
        if (alpha == NULL || alpha->type != color->type) goto done;
        result = ic_avif_tiles(&meta, properties, property_count, coded, coded_count, alpha, 1, plan, &plan->alpha_tiles);
        if (result != 1) goto done;
        // Untransformed: libheif transforms an alpha image on its own otherwise.
        ic_avif_plan own = *plan;
        result = ic_avif_transforms(&meta, properties, property_count, alpha, &own);
        if (result == 1 && (own.quarter_turns != 0 || own.mirror != -1 || own.crop_width != plan->coded_width ||
                            own.crop_height != plan->coded_height || own.crop_left != 0 || own.crop_top != 0)) {
            result = 0;
        }
    }
    // A quarter turn reads the canvas by columns: a column of tiles is held; else a row of them.
    plan->held_pictures = plan->tile_picture * (plan->quarter_turns & 1 ? plan->rows : plan->columns) *
                          (plan->alpha_tiles != NULL ? 2 : 1);
    // The shim's own objects while it decodes: its fixed ones; a picture record and an ID for every
    // tile, colour and alpha (ic_avif_decode, the plan); and, for the tile being decoded, the list of
    // the file's properties and of the tile's extents, each grown by doubling (up to 3 times its
    // entries while realloc moves it) and the extents copied once more (ic_avif_decode_item).
    const uint64_t cells = (uint64_t)plan->rows * plan->columns * (plan->alpha_tiles != NULL ? 2 : 1);
    plan->shim_bytes = IC_DAV1D_SHIM_BYTES + cells * (sizeof(ic_dav1d_picture) + sizeof(uint32_t)) +
                       3 * (uint64_t)property_count * sizeof(ic_box) +
                       4 * (uint64_t)plan->tile_extents * sizeof(ic_extent);
done:
    free(items);
    free(coded);
    free(properties);
    if (result != 1) {
        ic_avif_plan_free(plan);
        plan->mirror = -1;
    }
    return result;
}

void ic_avif_plan_free(ic_avif_plan *plan) {
    free(plan->color_tiles);
    free(plan->alpha_tiles);
    memset(plan, 0, sizeof(*plan));
}
