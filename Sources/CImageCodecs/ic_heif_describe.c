// An AVIF file described from its boxes (ic_heif_boxes.c), as libheif 1.15 describes it, so that
// a file the shim's dav1d path decodes whole never loads libheif (ic_heif.c). Only what can be
// read exactly is described; anything else (thumbnails, depth maps, overlays, HEVC, properties
// in an order libheif reads otherwise) returns 0 and libheif describes the file as before. See
// ic_avif_describe in ic_heif_avif.h.
#include "ic_heif_avif.h"
#include "ic_heif_limits.h"

#include <stdlib.h>
#include <string.h>

// What one image item's properties say, gathered in association order.
typedef struct {
    uint32_t ispe_width, ispe_height;
    uint32_t clap, icc, nclx;   // the property indices (the last colr of each kind, as libheif keeps)
    uint32_t colr;              // the first colr's index
    uint8_t ispes, claps, irots, imirs, colrs, odd;
} ic_item_facts;

typedef struct {
    const ic_heif_meta *meta;
    const ic_box *properties;
    ic_item_facts *facts;
} ic_facts_walk;

static void ic_item_fact(size_t item, uint32_t index, void *context) {
    ic_facts_walk *walk = context;
    ic_item_facts *f = &walk->facts[item];
    const ic_box *box = &walk->properties[index - 1];
    ic_box_reader r = {walk->meta->data, box->start, box->end, 1};
    // libheif sizes an image from its ispe, then each clap and irot after it, in order: an order
    // other than ispe, clap, then irot and imir, or a second of one, is left to libheif.
    const int transformed = f->claps || f->irots || f->imirs;
    switch (box->type) {
    case IC_FOURCC('i', 's', 'p', 'e'):
        ic_read(&r, 4);
        f->ispe_width = (uint32_t)ic_read(&r, 4);
        f->ispe_height = (uint32_t)ic_read(&r, 4);
        f->odd |= !r.ok || transformed || f->ispes++ > 0;
        break;
    case IC_FOURCC('c', 'l', 'a', 'p'):
        f->odd |= !f->ispes || f->irots || f->imirs || f->claps++ > 0;
        f->clap = index;
        break;
    case IC_FOURCC('i', 'r', 'o', 't'): f->odd |= !f->ispes || f->irots++ > 0; break;
    case IC_FOURCC('i', 'm', 'i', 'r'): f->odd |= !f->ispes || f->imirs++ > 0; break;
    case IC_FOURCC('c', 'o', 'l', 'r'): {
        const uint32_t type = (uint32_t)ic_read(&r, 4);
        if (f->colrs++ == 0) f->colr = index;
        if (type == IC_FOURCC('n', 'c', 'l', 'x') && box->end - box->start >= 11) f->nclx = index;
        else if (type == IC_FOURCC('p', 'r', 'o', 'f') || type == IC_FOURCC('r', 'I', 'C', 'C')) f->icc = index;
        else f->odd = 1;   // a type libheif refuses, or a short nclx
        break;
    }
    default: break;
    }
}

// 1 when the file starts with an ftyp listing the brands avif and mif1, and its meta names the
// pict handler and a primary item (in *primary).
static int ic_avif_headers(const ic_heif_meta *meta, uint32_t *primary) {
    size_t at = 0;
    ic_box ftyp;
    if (!ic_next_box(meta->data, &at, meta->size, &ftyp) || ftyp.type != IC_FOURCC('f', 't', 'y', 'p')) return 0;
    int avif = 0, mif1 = 0;
    ic_box_reader brands = {meta->data, ftyp.start, ftyp.end, 1};
    ic_read(&brands, 8);   // the major brand and minor version: libheif reads the compatible ones
    while (brands.ok && brands.end - brands.at >= 4) {
        const uint32_t brand = (uint32_t)ic_read(&brands, 4);
        avif |= brand == IC_FOURCC('a', 'v', 'i', 'f');
        mif1 |= brand == IC_FOURCC('m', 'i', 'f', '1');
    }
    ic_box_reader hdlr = {meta->data, meta->hdlr.start, meta->hdlr.end, meta->hdlr.type != 0};
    ic_read(&hdlr, 8);
    const uint32_t handler = (uint32_t)ic_read(&hdlr, 4);
    ic_box_reader pitm = {meta->data, meta->pitm.start, meta->pitm.end, meta->pitm.type != 0};
    const uint64_t version = ic_read(&pitm, 1);
    ic_read(&pitm, 3);
    *primary = (uint32_t)ic_read(&pitm, version == 0 ? 2 : 4);
    return avif && mif1 && hdlr.ok && handler == IC_FOURCC('p', 'i', 'c', 't') && pitm.ok;
}

static const ic_heif_item *ic_find(const ic_heif_item *items, size_t count, uint32_t id) {
    const ic_heif_item key = {id, 0, 0, 0};
    if (count == 0) return NULL;   // no list to search (bsearch's base would be NULL)
    return bsearch(&key, items, count, sizeof(ic_heif_item), ic_heif_item_order);
}

static int ic_is_image(const ic_heif_item *item) {
    return item != NULL && (item->type == IC_FOURCC('a', 'v', '0', '1') || item->type == IC_FOURCC('g', 'r', 'i', 'd'));
}

// The references libheif 1.15 acts on, when they are only ones read exactly here: dimg, one alpha
// auxl to the primary image from an item referring to nothing else, prem from it, cdsc to an
// image. The alpha image in *alpha (0: none), prem in *premultiplied; 0 for anything else.
static int ic_avif_references(const ic_heif_meta *meta, const ic_box *properties, size_t property_count,
                              const ic_heif_item *items, size_t count, uint32_t primary, uint32_t *alpha,
                              int *premultiplied) {
    *alpha = 0;
    *premultiplied = 0;
    if (meta->iref.type == 0) return 1;
    ic_iref_reader reader = ic_iref_begin(meta->data, &meta->iref);
    ic_iref_entry entry;
    unsigned alphas = 0, prems = 0;
    while (ic_iref_next(&reader, &entry)) {
        const uint32_t to = entry.count > 0 ? (uint32_t)ic_read(&reader.r, reader.field) : 0;
        ic_iref_skip(&reader, entry.count > 0 ? entry.count - 1 : 0);
        switch (entry.type) {
        case IC_FOURCC('d', 'i', 'm', 'g'): break;
        case IC_FOURCC('a', 'u', 'x', 'l'):
            if (entry.count != 1 || to != primary || !ic_heif_is_alpha(meta, properties, property_count, entry.from)) {
                return 0;   // a depth map, a gain map, an alpha image of another image: libheif's
            }
            *alpha = entry.from;
            alphas++;
            break;
        case IC_FOURCC('p', 'r', 'e', 'm'):
            if (entry.from != primary || entry.count == 0) return 0;
            *premultiplied = 1;
            prems++;
            break;
        case IC_FOURCC('c', 'd', 's', 'c'):
            if (entry.count != 1 || !ic_is_image(ic_find(items, count, to))) return 0;
            break;
        default: return 0;   // thmb and anything else
        }
    }
    if (!reader.r.ok || reader.r.at != reader.r.end || alphas > 1 || prems > 1) return 0;
    // libheif takes an item's role from its first reference: the alpha image refers to nothing else.
    reader = ic_iref_begin(meta->data, &meta->iref);
    unsigned from_alpha = 0;
    while (*alpha != 0 && ic_iref_next(&reader, &entry)) {
        from_alpha += entry.from == *alpha;
        ic_iref_skip(&reader, entry.count);
    }
    return *alpha == 0 || from_alpha == 1;
}

// The primary image's description, from its facts and its coded item's av1C (a grid's first tile).
static int ic_avif_info(const ic_heif_meta *meta, const ic_box *properties, size_t property_count,
                        const ic_heif_item *items, size_t count, const ic_heif_item *primary, const ic_item_facts *f,
                        ic_heif_image_info *info) {
    uint32_t coded = primary->id;
    if (primary->type == IC_FOURCC('g', 'r', 'i', 'd')) {
        uint32_t *tiles = NULL;
        size_t listed = 0;
        if (ic_heif_grid_tiles(meta, primary->id, &tiles, &listed) != 0) return -1;
        coded = listed > 0 ? tiles[0] : 0;
        free(tiles);
    }
    const ic_heif_item *tile = ic_find(items, count, coded);
    uint32_t av1c = 0;
    if (tile == NULL || tile->type != IC_FOURCC('a', 'v', '0', '1')) return 0;
    if (ic_heif_item_properties(meta, properties, property_count, tile, 1, IC_FOURCC('a', 'v', '1', 'C'), &av1c) != 0) {
        return -1;
    }
    ic_box_reader r = ic_property(meta, properties, property_count, av1c);
    ic_read(&r, 2);
    const unsigned flags = (unsigned)ic_read(&r, 1);
    if (!r.ok) return 0;
    info->luma_bits = info->chroma_bits = (flags & 0x40) ? ((flags & 0x20) ? 12 : 10) : 8;
    info->ispe_width = info->width = f->ispe_width;
    info->ispe_height = info->height = f->ispe_height;
    if (f->clap != 0) {
        // libheif 1.15's Fraction::round of the aperture's width and height.
        ic_box_reader clap = ic_property(meta, properties, property_count, f->clap);
        const uint64_t wn = ic_read(&clap, 4), wd = ic_read(&clap, 4), hn = ic_read(&clap, 4), hd = ic_read(&clap, 4);
        if (!clap.ok || wd == 0 || hd == 0 || wn > INT32_MAX || wd > INT32_MAX || hn > INT32_MAX || hd > INT32_MAX) {
            return 0;
        }
        info->width = (uint32_t)((wn + wd / 2) / wd);
        info->height = (uint32_t)((hn + hd / 2) / hd);
    }
    if (f->irots) {
        ic_heif_item key = *primary;
        uint32_t irot = 0;
        if (ic_heif_item_properties(meta, properties, property_count, &key, 1, IC_FOURCC('i', 'r', 'o', 't'), &irot) != 0) {
            return -1;
        }
        ic_box_reader angle = ic_property(meta, properties, property_count, irot);
        if (ic_read(&angle, 1) & 1) {
            const uint32_t width = info->width;
            info->width = info->height;
            info->height = width;
        }
    }
    if (f->icc != 0) {
        const ic_box *colr = &properties[f->icc - 1];
        info->icc = meta->data + colr->start + 4;
        info->icc_size = colr->end - colr->start - 4;
    }
    if (f->nclx != 0) {
        ic_box_reader nclx = ic_property(meta, properties, property_count, f->nclx);
        ic_read(&nclx, 4);
        info->nclx_primaries = (int32_t)ic_read(&nclx, 2);
        info->nclx_transfer = (int32_t)ic_read(&nclx, 2);
        info->nclx_matrix = (int32_t)ic_read(&nclx, 2);
        info->nclx_full_range = (int32_t)(ic_read(&nclx, 1) >> 7);
        // libheif 1.15 hands out no nclx with a code it does not know: left to it.
        if (ic_heif_nclx_unknown((uint16_t)info->nclx_primaries, (uint16_t)info->nclx_transfer,
                                 (uint16_t)info->nclx_matrix) != 0) {
            return 0;
        }
        info->has_nclx = 1;
    }
    return 1;
}

// 1 when two images have one colr box each, with the same bytes.
static int ic_same_colour(const ic_heif_meta *meta, const ic_box *properties, const ic_item_facts *a,
                          const ic_item_facts *b) {
    if (a->colrs != 1 || b->colrs != 1) return 0;
    const ic_box *x = &properties[a->colr - 1], *y = &properties[b->colr - 1];
    return x->end - x->start == y->end - y->start &&
           memcmp(meta->data + x->start, meta->data + y->start, x->end - x->start) == 0;
}

int ic_avif_describe(const uint8_t *data, size_t size, uint32_t max_side, ic_avif_description *out) {
    memset(out, 0, sizeof(*out));
    ic_heif_meta meta;
    if (data == NULL || !ic_heif_find_meta(data, size, &meta) || meta.meta_count != 1 || meta.ipco.type == 0 ||
        !ic_avif_headers(&meta, &out->primary)) {
        return 0;
    }
    ic_heif_item *items = NULL;
    ic_box *properties = NULL;
    ic_item_facts *facts = NULL;
    size_t count = 0, property_count = 0;
    int result = -1;
    if (ic_heif_list_items(&meta, NULL, 0, &items, &count) != 0 ||
        ic_heif_list_properties(&meta, &properties, &property_count) != 0) {
        goto done;
    }
    result = 0;
    const ic_heif_item *primary = ic_find(items, count, out->primary);
    if (!ic_is_image(primary) || (primary->flags & 1)) goto done;
    for (size_t i = 0; i < count; i++) {
        const uint32_t type = items[i].type;
        if (!ic_is_image(&items[i]) && type != IC_FOURCC('E', 'x', 'i', 'f') && type != IC_FOURCC('m', 'i', 'm', 'e')) {
            goto done;   // an overlay, HEVC, an item of another kind: libheif's
        }
    }
    uint32_t alpha = 0;
    int premultiplied = 0;
    if (!ic_avif_references(&meta, properties, property_count, items, count, out->primary, &alpha, &premultiplied)) {
        goto done;
    }
    facts = calloc(count, sizeof(ic_item_facts));
    ic_facts_walk walk = {&meta, properties, facts};
    if (facts == NULL || ic_heif_visit_properties(&meta, property_count, items, count, ic_item_fact, &walk) != 0) {
        result = -1;
        goto done;
    }
    const ic_item_facts *own = &facts[primary - items];
    if (own->ispes != 1) goto done;
    for (size_t i = 0; i < count; i++) {
        if (!ic_is_image(&items[i])) continue;
        const ic_item_facts *f = &facts[i];
        if (f->odd) goto done;
        // libheif 1.15 gives a grid the first colour box of each other image that is not an alpha
        // image (avifenc gives every tile the grid's): read here only when each is the grid's own.
        if (primary->type == IC_FOURCC('g', 'r', 'i', 'd') && &items[i] != primary && items[i].id != alpha &&
            f->colrs > 0 && !ic_same_colour(&meta, properties, own, f)) {
            goto done;
        }
        // Every image's ispe, in ID order, is held to the caller's side, as libheif holds it.
        if (max_side > 0 && f->ispes && out->oversized_width == 0 &&
            (f->ispe_width > max_side || f->ispe_height > max_side)) {
            out->oversized_width = f->ispe_width;
            out->oversized_height = f->ispe_height;
        }
        if (!(items[i].flags & 1) && items[i].id != alpha) out->image_count++;
    }
    result = ic_avif_info(&meta, properties, property_count, items, count, primary, own, &out->info);
    out->info.has_alpha = alpha != 0;
    out->info.premultiplied = premultiplied;
done:
    free(items);
    free(properties);
    free(facts);
    return result;
}
