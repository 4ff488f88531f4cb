// Reading an HEIF file's boxes without libheif: see ic_heif_boxes.h.
#include "ic_heif_boxes.h"

#include <stdlib.h>
#include <string.h>

uint64_t ic_read(ic_box_reader *r, unsigned bytes) {
    if (!r->ok || bytes > 8 || r->at > r->end || r->end - r->at < bytes) {
        r->ok = 0;
        return 0;
    }
    uint64_t value = 0;
    for (unsigned i = 0; i < bytes; i++) value = (value << 8) | r->data[r->at + i];
    r->at += bytes;
    return value;
}

int ic_next_box(const uint8_t *data, size_t *at, size_t end, ic_box *box) {
    ic_box_reader r = {data, *at, end, 1};
    uint64_t size = ic_read(&r, 4);
    box->type = (uint32_t)ic_read(&r, 4);
    if (size == 1) size = ic_read(&r, 8);
    else if (size == 0) size = end - *at;
    if (!r.ok || size < r.at - *at || size > end - *at) return 0;
    box->begin = *at;
    box->start = r.at;
    box->end = *at + (size_t)size;
    *at = box->end;
    return 1;
}

int ic_heif_find_meta(const uint8_t *data, size_t size, ic_heif_meta *meta) {
    memset(meta, 0, sizeof(*meta));
    meta->data = data;
    meta->size = size;
    if (data == NULL) return 0;
    size_t at = 0;
    ic_box box, found = {0};
    // HEIF allows one top-level meta. libheif 1.15 keeps the last it reads in full, and stops at a
    // box that runs out of data, so which one it keeps depends on details of its reading: a file
    // with more is refused (meta_count) rather than guessed at.
    while (ic_next_box(data, &at, size, &box)) {
        if (box.type != IC_FOURCC('m', 'e', 't', 'a')) continue;
        found = box;
        meta->meta_count++;
    }
    if (found.type == 0 || found.end - found.start < 4) return 0;
    at = found.start + 4;   // meta is a full box
    while (ic_next_box(data, &at, found.end, &box)) {
        if (box.type == IC_FOURCC('i', 'i', 'n', 'f') && meta->iinf.type == 0) meta->iinf = box;
        if (box.type == IC_FOURCC('i', 'l', 'o', 'c') && meta->iloc.type == 0) meta->iloc = box;
        if (box.type == IC_FOURCC('i', 'd', 'a', 't') && meta->idat.type == 0) meta->idat = box;
        if (box.type == IC_FOURCC('i', 'p', 'r', 'p') && meta->iprp.type == 0) meta->iprp = box;
        if (box.type == IC_FOURCC('i', 'r', 'e', 'f') && meta->iref.type == 0) meta->iref = box;
        if (box.type == IC_FOURCC('p', 'i', 't', 'm') && meta->pitm.type == 0) meta->pitm = box;
        if (box.type == IC_FOURCC('h', 'd', 'l', 'r') && meta->hdlr.type == 0) meta->hdlr = box;
    }
    at = meta->iprp.start;
    while (meta->iprp.type != 0 && ic_next_box(data, &at, meta->iprp.end, &box)) {
        if (box.type == IC_FOURCC('i', 'p', 'c', 'o') && meta->ipco.type == 0) meta->ipco = box;
    }
    return meta->iinf.type != 0 && meta->iloc.type != 0;
}

int ic_heif_item_order(const void *a, const void *b) {
    const uint32_t x = ((const ic_heif_item *)a)->id, y = ((const ic_heif_item *)b)->id;
    return (x > y) - (x < y);
}

int ic_heif_append(void **array, size_t *count, size_t *capacity, size_t width, const void *element) {
    if (*count == *capacity) {
        const size_t grown_capacity = *capacity == 0 ? 8 : *capacity * 2;
        void *grown = realloc(*array, grown_capacity * width);
        if (grown == NULL) return 0;
        *array = grown;
        *capacity = grown_capacity;
    }
    memcpy((uint8_t *)*array + *count * width, element, width);
    (*count)++;
    return 1;
}

// By ID, then by place in iinf.
static int ic_item_first(const void *a, const void *b) {
    const ic_heif_item *x = a, *y = b;
    if (x->id != y->id) return (x->id > y->id) - (x->id < y->id);
    return (x->order > y->order) - (x->order < y->order);
}

int ic_heif_list_items(const ic_heif_meta *meta, const uint32_t *types, size_t type_count, ic_heif_item **items,
                       size_t *count) {
    *items = NULL;
    *count = 0;
    ic_box_reader r = {meta->data, meta->iinf.start, meta->iinf.end, 1};
    const uint64_t version = ic_read(&r, 1);
    ic_read(&r, 3);
    ic_read(&r, version == 0 ? 2 : 4);   // the entry count: the infe boxes are read until the end
    size_t at = r.at, capacity = 0;
    ic_box infe;
    // Every item, typed or not (infe versions 0 and 1 name no type), so that a later entry for an
    // ID is ignored as libheif 1.15 ignores it (it keeps the first).
    while (r.ok && ic_next_box(meta->data, &at, meta->iinf.end, &infe)) {
        if (infe.type != IC_FOURCC('i', 'n', 'f', 'e')) continue;
        ic_box_reader e = {meta->data, infe.start, infe.end, 1};
        const uint64_t infe_version = ic_read(&e, 1);
        const uint32_t flags = (uint32_t)ic_read(&e, 3);
        ic_heif_item item = {(uint32_t)ic_read(&e, infe_version >= 3 ? 4 : 2), 0, (uint32_t)*count, flags};
        ic_read(&e, 2);   // item_protection_index
        if (infe_version >= 2) item.type = (uint32_t)ic_read(&e, 4);
        if (!e.ok) continue;
        if (!ic_heif_append((void **)items, count, &capacity, sizeof(ic_heif_item), &item)) {
            free(*items);
            *items = NULL;
            *count = 0;
            return -1;
        }
    }
    if (*count > 1) qsort(*items, *count, sizeof(ic_heif_item), ic_item_first);
    size_t kept = 0;
    for (size_t i = 0; i < *count; i++) {
        if (i > 0 && (*items)[i].id == (*items)[i - 1].id) continue;   // compared before any is moved over it
        int wanted = types == NULL;
        for (size_t t = 0; t < type_count && types != NULL; t++) wanted |= (*items)[i].type == types[t];
        if (wanted) (*items)[kept++] = (*items)[i];
    }
    *count = kept;
    return 0;
}

static int ic_id_order(const void *a, const void *b) {
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

// Sorts and deduplicates `ids`; returns the new count.
static size_t ic_sorted_set(uint32_t *ids, size_t count) {
    if (count < 2) return count;
    qsort(ids, count, sizeof(uint32_t), ic_id_order);
    size_t kept = 1;
    for (size_t i = 1; i < count; i++) {
        if (ids[i] != ids[kept - 1]) ids[kept++] = ids[i];
    }
    return kept;
}

// One pass over iref: adds to the set `ids` (sorted, `*count` of them) the inputs (dimg) of its
// derived images and its images' auxiliary images (auxl: alpha, depth). 0 when nothing was added,
// 1 when something was, -1 when out of memory. Read as libheif 1.15 reads it: each reference's
// header, then its from_item_ID, count and to_item_IDs one after another, its size ignored (a
// reference hidden inside another's stated size is followed by libheif, so it is followed here).
static int ic_reach(const ic_heif_meta *meta, uint32_t **ids, size_t *count, size_t *capacity) {
    ic_iref_reader reader = ic_iref_begin(meta->data, &meta->iref);
    ic_box_reader *r = &reader.r;
    const size_t known = *count;
    ic_iref_entry entry;
    while (ic_iref_next(&reader, &entry)) {
        const int inputs = entry.type == IC_FOURCC('d', 'i', 'm', 'g');
        const int auxiliary = entry.type == IC_FOURCC('a', 'u', 'x', 'l');
        const int from_known = bsearch(&entry.from, *ids, known, sizeof(uint32_t), ic_id_order) != NULL;
        for (uint64_t i = 0; i < entry.count && r->ok; i++) {
            const uint32_t to = (uint32_t)ic_read(r, reader.field);
            // dimg: from a derived image to its inputs; auxl: from the auxiliary image to its own.
            int add = 0;
            if (inputs) add = from_known;
            else if (auxiliary) add = bsearch(&to, *ids, known, sizeof(uint32_t), ic_id_order) != NULL;
            const uint32_t id = inputs ? to : entry.from;
            if (r->ok && add && bsearch(&id, *ids, known, sizeof(uint32_t), ic_id_order) == NULL &&
                !ic_heif_append((void **)ids, count, capacity, sizeof(uint32_t), &id)) {
                return -1;
            }
            if (r->at >= r->end) break;
        }
    }
    *count = ic_sorted_set(*ids, *count);
    return *count > known;
}

int ic_heif_keep_related(const ic_heif_meta *meta, uint32_t root, ic_heif_item *items, size_t *count) {
    if (*count == 0) return 0;
    uint32_t *ids = NULL;
    size_t found = 0, capacity = 0;
    if (!ic_heif_append((void **)&ids, &found, &capacity, sizeof(uint32_t), &root)) return -1;
    // A grid's alpha is one reference from the image, that alpha's tiles two: eight passes reach
    // further than any real file needs.
    int grew = meta->iref.type != 0;
    for (int pass = 0; pass < 8 && grew == 1; pass++) grew = ic_reach(meta, &ids, &found, &capacity);
    if (grew == -1) {
        free(ids);
        return -1;
    }
    if (grew == 0) {
        size_t kept = 0;
        for (size_t i = 0; i < *count; i++) {
            if (bsearch(&items[i].id, ids, found, sizeof(uint32_t), ic_id_order) != NULL) items[kept++] = items[i];
        }
        *count = kept;
    }
    free(ids);
    return 0;
}

int ic_heif_list_properties(const ic_heif_meta *meta, ic_box **boxes, size_t *count) {
    *boxes = NULL;
    *count = 0;
    size_t at = meta->ipco.start, capacity = 0;
    ic_box box;
    while (meta->ipco.type != 0 && ic_next_box(meta->data, &at, meta->ipco.end, &box)) {
        if (!ic_heif_append((void **)boxes, count, &capacity, sizeof(ic_box), &box)) {
            free(*boxes);
            *boxes = NULL;
            *count = 0;
            return -1;
        }
    }
    return 0;
}

int ic_heif_visit_properties(const ic_heif_meta *meta, size_t property_count, const ic_heif_item *items, size_t count,
                             ic_property_visitor visit, void *context) {
    if (count == 0) return 0;
    // As libheif 1.15: the entries of every ipma box of iprp, in order, and of an item only its
    // first entry.
    uint8_t *seen = calloc(count, 1);
    if (seen == NULL) return -1;
    size_t at = meta->iprp.start;
    ic_box ipma;
    while (meta->iprp.type != 0 && ic_next_box(meta->data, &at, meta->iprp.end, &ipma)) {
        if (ipma.type != IC_FOURCC('i', 'p', 'm', 'a')) continue;
        ic_box_reader r = {meta->data, ipma.start, ipma.end, 1};
        const uint64_t version = ic_read(&r, 1);
        const uint64_t flags = ic_read(&r, 3);
        const uint64_t entries = ic_read(&r, 4);
        for (uint64_t i = 0; i < entries && r.ok; i++) {
            const ic_heif_item key = {(uint32_t)ic_read(&r, version < 1 ? 2 : 4), 0, 0, 0};
            const ic_heif_item *item = bsearch(&key, items, count, sizeof(ic_heif_item), ic_heif_item_order);
            if (item != NULL && seen[item - items]) item = NULL;
            if (item != NULL) seen[item - items] = 1;
            const uint64_t associations = ic_read(&r, 1);
            for (uint64_t a = 0; a < associations && r.ok; a++) {
                const uint64_t index = ic_read(&r, (flags & 1) ? 2 : 1) & ((flags & 1) ? 0x7fff : 0x7f);
                if (item == NULL || index == 0 || index > property_count || !r.ok) continue;
                visit((size_t)(item - items), (uint32_t)index, context);
            }
        }
    }
    free(seen);
    return 0;
}

// ic_heif_item_properties's search: the first property of `type` for each item.
typedef struct {
    const ic_box *properties;
    uint32_t type;
    uint32_t *indices;
} ic_first_property;

static void ic_first_of_type(size_t item, uint32_t index, void *context) {
    ic_first_property *search = context;
    if (search->indices[item] == 0 && search->properties[index - 1].type == search->type) {
        search->indices[item] = index;
    }
}

int ic_heif_item_properties(const ic_heif_meta *meta, const ic_box *properties, size_t property_count,
                            const ic_heif_item *items, size_t count, uint32_t type, uint32_t *indices) {
    if (count == 0) return 0;
    memset(indices, 0, count * sizeof(uint32_t));
    ic_first_property search = {properties, type, indices};
    return ic_heif_visit_properties(meta, property_count, items, count, ic_first_of_type, &search);
}
