// Reading an HEIF file's boxes without libheif (ic_heif_boxes.c, ic_heif_extents.c), private to
// the HEIF guards (ic_heif_limits.c, ic_heif_streams.c): ISO/IEC 14496-12's meta, iinf, iloc and
// idat, and ISO/IEC 23008-12's iprp (ipco, ipma). Hostile bytes: every read is bounded by its
// box, and a box that cannot be read ends the search quietly (libheif reports the damage itself).
#ifndef IC_HEIF_BOXES_H
#define IC_HEIF_BOXES_H

#include <stddef.h>
#include <stdint.h>

#define IC_FOURCC(a, b, c, d) (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

// Big-endian reads within [at, end) of data; a read past end clears ok and returns 0.
typedef struct {
    const uint8_t *data;
    size_t at;
    size_t end;
    int ok;
} ic_box_reader;

uint64_t ic_read(ic_box_reader *r, unsigned bytes);

// A box: its type, payload [start, end) and where its header begins.
typedef struct {
    uint32_t type;
    size_t start;
    size_t end;
    size_t begin;
} ic_box;

// The next box in [*at, end), moving *at past it; 0 when none fits.
int ic_next_box(const uint8_t *data, size_t *at, size_t end, ic_box *box);

// The boxes of the file's meta box that the guards read; a box's type is 0 when it is absent.
typedef struct {
    const uint8_t *data;
    size_t size;
    ic_box iinf;
    ic_box iloc;
    ic_box idat;
    ic_box iprp;
    ic_box ipco;
    ic_box iref;
    ic_box pitm;
    ic_box hdlr;
    unsigned meta_count;   // top-level meta boxes read: HEIF allows one
} ic_heif_meta;

// Finds the last top-level meta box (libheif 1.15's) and its boxes; 0 when there is no readable
// meta, iinf and iloc.
int ic_heif_find_meta(const uint8_t *data, size_t size, ic_heif_meta *meta);

// An item listed in iinf: its ID, type (0 when its infe names none), place in iinf and infe's
// flags (bit 0: a hidden item).
typedef struct {
    uint32_t id;
    uint32_t type;
    uint32_t order;
    uint32_t flags;
} ic_heif_item;

// The items of iinf whose type is one of `types` (infe version 2 and 3 name the type; NULL: every
// item), sorted by ID, in *items (to free); of several entries for one ID only the first counts, as in libheif
// 1.15. -1 when out of memory.
int ic_heif_list_items(const ic_heif_meta *meta, const uint32_t *types, size_t type_count, ic_heif_item **items,
                       size_t *count);

// Keeps, of `items` (sorted by ID), only those that decoding the image `root` can reach (iref):
// `root` itself, its auxiliary images such as alpha (auxl) and the inputs (dimg) of every grid or
// overlay among them, so that another image of the file, which that decoding never touches (a
// thumbnail, a second image), is not held to `root`'s header. Keeps them all when the references
// run deeper than a real file's; -1 when out of memory.
int ic_heif_keep_related(const ic_heif_meta *meta, uint32_t root, ic_heif_item *items, size_t *count);

// One run of an item's data: in the file (iloc construction method 0) or in idat (method 1), as
// libheif 1.15 reads it (ic_extent_at in ic_heif_extents.c).
typedef struct {
    const uint8_t *bytes;
    size_t length;
} ic_extent;

// Called for the first iloc entry of a listed item, with its extents in order (those libheif
// 1.15 reads nothing from left out: other construction methods, a length of 0, past the source).
typedef void (*ic_item_visitor)(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context);

// Bytes read across an item's extents, in order.
typedef struct {
    const ic_extent *extents;
    size_t count;
    size_t index;
    size_t at;
} ic_stream;

// Copies up to `length` bytes to `out` (NULL: skips them); returns how many there were.
uint64_t ic_stream_take(ic_stream *s, uint8_t *out, uint64_t length);

// A big-endian number of `bytes` (at most 8) bytes; clears *ok when the stream ends first.
uint64_t ic_stream_number(ic_stream *s, unsigned bytes, int *ok);

// Walks iloc, calling `visit` for the first entry of each of `items` (sorted by ID), the one
// libheif 1.15 reads; -1 when out of memory.
int ic_heif_visit_items(const ic_heif_meta *meta, const ic_heif_item *items, size_t count, ic_item_visitor visit,
                        void *context);

// The property of type `type` that each of `items` is first associated with, in its first entry
// of iprp's ipma boxes (libheif 1.15 reads them all, in order), as an index into ipco's boxes
// (1-based, ipma's numbering, into `properties` as ic_heif_list_properties gives them) in
// indices[i], 0 when none; -1 when out of memory.
int ic_heif_item_properties(const ic_heif_meta *meta, const ic_box *properties, size_t property_count,
                            const ic_heif_item *items, size_t count, uint32_t type, uint32_t *indices);

// Called for each property association of a listed item, in the order libheif 1.15 reads them
// (iprp's ipma boxes in order, an item's first entry only): the item's place in the list and the
// property's index into ipco's boxes (1-based, within `properties`).
typedef void (*ic_property_visitor)(size_t item, uint32_t index, void *context);

// Walks the associations of `items` (sorted by ID), calling `visit` for each; -1 when out of memory.
int ic_heif_visit_properties(const ic_heif_meta *meta, size_t property_count, const ic_heif_item *items, size_t count,
                             ic_property_visitor visit, void *context);

// ipco's boxes in order, in *boxes (to free); -1 when out of memory.
int ic_heif_list_properties(const ic_heif_meta *meta, ic_box **boxes, size_t *count);

// iref's entries, read one after another as libheif 1.15 reads them: each entry's header, then
// its from_item_ID, count and to_item_IDs, its stated size ignored (a reference hidden inside
// another's stated size is followed by libheif, so it is followed here).
typedef struct {
    ic_box_reader r;
    unsigned field;   // bytes of an item ID: 2 (version 0) or 4
} ic_iref_reader;

// An entry's type, its from_item_ID and how many to_item_IDs follow it.
typedef struct {
    uint32_t type;
    uint32_t from;
    uint64_t count;
} ic_iref_entry;

// Starts on the iref box `iref` (its payload) of `data`.
ic_iref_reader ic_iref_begin(const uint8_t *data, const ic_box *iref);

// The next entry's header; 0 at the end or where the box is damaged. Its IDs are read next with
// ic_read(&reader->r, reader->field), or skipped with ic_iref_skip.
int ic_iref_next(ic_iref_reader *reader, ic_iref_entry *entry);

// Skips an entry's `count` IDs, as far as the box goes.
void ic_iref_skip(ic_iref_reader *reader, uint64_t count);

// The NAL units of an hvcC box's arrays, as libheif 1.15 reads them; a unit that runs past the
// box ends them (libheif fails the box there).
typedef struct {
    ic_box_reader r;
    uint64_t arrays;   // arrays left after the current one
    uint64_t units;    // units left in the current array
} ic_hvcc_units;

// Starts on the hvcC whose payload is the `size` bytes at `payload`.
ic_hvcc_units ic_hvcc_begin(const uint8_t *payload, size_t size);

// The next unit's bytes in *unit and *length; 0 when there are no more.
int ic_hvcc_next(ic_hvcc_units *units, const uint8_t **unit, size_t *length);

// Shared by ic_heif_boxes.c and ic_heif_extents.c: orders ic_heif_item values by ID (for qsort
// and bsearch), and appends `element` to a growing array of `width`-byte elements (0 when out of
// memory).
int ic_heif_item_order(const void *a, const void *b);
int ic_heif_append(void **array, size_t *count, size_t *capacity, size_t width, const void *element);

#endif
