// How many entries libheif 1.15 will read, counted before it reads them (see ic_heif_limits.h).
//
// Why: libheif 1.15's parse of the boxes (heif_context_read_from_memory) takes time that grows
// with the number of items times the length of each list it searches per item: its iinf (up to
// 20,000 infe boxes), iloc (20,000 entries, each up to 32 extents, the table copied once per
// item), ipma (no limit) and iref (no limit, entries that make no reference included). Measured,
// the call alone, on files of N HEVC items sharing one 34 KB stream: 1,000 items 0.024 s, 4,000
// 0.39 s, 8,000 1.4 s (a 419 KB file), 19,990 8.8 s (994 KB; 14 s in the debug CLI); 1,000
// items with 300,000 empty iref entries about 1 s. Nothing interrupts that call, so the analysis
// deadline cannot either. So this check holds the items to 2,048 (later libheif's own default
// max_items is 1,000) and the lists searched per item to what 2,048 items use: libheif reads
// 2,048 items with 8,192 references in 0.11 s. It also parses and keeps every box it can read,
// wherever it is (a second iloc in meta, an hvcC at the top level, millions of empty boxes), so
// every box is counted (ic_tally_box), and every NAL unit of every hvcC, each an array of its own
// (6.5 million one-byte units made a 20 MB file cost 384 MB). What it makes of the boxes is
// estimated by type (ic_box_cost) for the caller to reserve; the payloads it parses may hold at
// most IC_HEIF_MAX_PARSED_BYTES (ic_codecs.h), and boxes may nest at most 8 deep, since it reads
// a box nested 19 deep five times slower than one at the top. What it copies of the items' data
// is bounded in ic_heif_copies.c.
#include "ic_heif_limits.h"

#include <stdio.h>

// The most items a file may list (infe boxes, as libheif reads them: every child box of iinf):
// a 25×20 grid with an alpha grid, Exif and XMP (avifenc --grid) is 1,004, so later libheif's
// default of 1,000 would refuse it; 2,048 items cost libheif 0.1 s.
#define IC_HEIF_MAX_ITEMS 2048u
// The most entries iref may hold, and the most references they may make: four per item (a tile's
// dimg, an alpha plane's auxl, a thumbnail's thmb, metadata's cdsc) is more than a real file makes.
#define IC_HEIF_MAX_REFERENCES (4u * IC_HEIF_MAX_ITEMS)
// The most extents iloc may list, over all its entries: four per item (encoders write one).
#define IC_HEIF_MAX_EXTENTS (4u * IC_HEIF_MAX_ITEMS)
// The most NAL units the hvcC boxes may hold, over all of them: eight per item (a VPS, an SPS, a
// PPS and perhaps an SEI in each are four).
#define IC_HEIF_MAX_CONFIG_UNITS (8u * IC_HEIF_MAX_ITEMS)
// The most boxes libheif may parse in all: libheif 1.15 reads at most 20,000 properties, and 2,048
// items need a few thousand boxes more.
#define IC_HEIF_MAX_BOXES 32768u
// The largest infe box: an item's ID, type, name and content type take a few dozen bytes, and
// libheif copies a content type several times while it reads the boxes (25 MB cost 95 MB).
#define IC_HEIF_MAX_INFE_BYTES 1024u
// The deepest a box may nest: a real file's go four deep (meta, iprp, ipco, a property); libheif
// reads a byte of a box nested 19 deep five times slower than one at the top.
#define IC_HEIF_MAX_DEPTH 8u

// What libheif 1.15 keeps of a file's boxes, counted over every box it parses: each box (an object
// of its own, about 120 bytes: three million empty 'free' boxes made a 24 MB file cost 366 MB),
// and the entries of every iinf, iloc, ipma, iref and hvcC wherever it finds one (it parses and
// keeps a second iloc in meta, or one at the top level, though it uses only the first).
typedef struct {
    uint64_t boxes;
    uint64_t parsed_bytes;     // the payloads of the boxes libheif parses (not of mdat, idat, unknown)
    uint64_t cost;             // the memory libheif makes of them, by ic_box_cost
    unsigned depth;            // the deepest box
    uint64_t items;            // infe boxes
    uint64_t largest_infe;     // bytes
    uint64_t locations;        // iloc entries
    uint64_t extents;          // iloc extents
    uint64_t associations;     // ipma entries
    uint64_t reference_entries;
    uint64_t references;
    uint64_t config_units;     // hvcC NAL units
} ic_heif_tally;

// An iloc box's entries and extents, as libheif 1.15 reads them: each entry's stated extent
// count, its fields read only when 4 or 8 bytes long (so an extent may take no bytes at all).
static void ic_tally_iloc(const uint8_t *data, const ic_box *box, ic_heif_tally *t) {
    ic_box_reader r = {data, box->start, box->end, 1};
    const uint64_t version = ic_read(&r, 1);
    ic_read(&r, 3);
    const unsigned sizes = (unsigned)ic_read(&r, 1), more = (unsigned)ic_read(&r, 1);
    const unsigned index_size = version >= 2 ? (more & 15) : 0;
#define IC_FIELD(size) ((size) == 4 || (size) == 8 ? (size) : 0u)
    const uint64_t extent_bytes = IC_FIELD(index_size) + IC_FIELD(sizes >> 4) + IC_FIELD(sizes & 15);
    const unsigned base_bytes = IC_FIELD(more >> 4);
#undef IC_FIELD
    const uint64_t entries = ic_read(&r, version < 2 ? 2 : 4);
    if (r.ok) t->locations += entries;
    for (uint64_t i = 0; i < entries && r.ok; i++) {
        ic_read(&r, version < 2 ? 2 : 4);   // item ID
        if (version >= 1) ic_read(&r, 2);    // construction method
        ic_read(&r, 2);                      // data reference index
        if (base_bytes > 0) ic_read(&r, base_bytes);
        const uint64_t extents = ic_read(&r, 2);
        if (!r.ok) break;
        t->extents += extents;
        const uint64_t bytes = extents * extent_bytes;
        if (bytes > r.end - r.at) break;
        r.at += (size_t)bytes;
    }
}

// An ipma box's stated entry count.
static void ic_tally_ipma(const uint8_t *data, const ic_box *box, ic_heif_tally *t) {
    ic_box_reader r = {data, box->start, box->end, 1};
    ic_read(&r, 4);
    t->associations += ic_read(&r, 4);
}

// An iref box's entries and the references they make, read as libheif 1.15 reads them
// (ic_iref_next). libheif searches every entry once per item, whether it makes references or none.
static void ic_tally_iref(const uint8_t *data, const ic_box *box, ic_heif_tally *t) {
    ic_iref_reader reader = ic_iref_begin(data, box);
    ic_iref_entry entry;
    while (ic_iref_next(&reader, &entry)) {
        t->reference_entries++;
        t->references += entry.count;
        ic_iref_skip(&reader, entry.count);
    }
}

// An hvcC box's NAL units, as libheif 1.15 reads them: it keeps each as an array of its own
// (about 60 bytes for a unit of one byte), used by an item or not.
static void ic_tally_hvcc(const uint8_t *data, const ic_box *box, ic_heif_tally *t) {
    ic_hvcc_units units = ic_hvcc_begin(data + box->start, box->end - box->start);
    const uint8_t *unit;
    size_t length;
    while (ic_hvcc_next(&units, &unit, &length)) {
        t->config_units++;
        t->cost += 64;   // the unit's own array
    }
}

// What libheif 1.15 makes of a box's payload, by type, as measured by six reviews with a heap
// counter: an hvcC keeps a 32-byte record per NAL array in a list that grows to 256 (8 KB, for
// 418 bytes of empty arrays) and each unit as an array of its own (ic_tally_hvcc adds those);
// records of ipma, iref, iloc, grpl and pixi entries up to 16 times their bytes (grpl measured
// 13.2 times); infe's strings, copied several times, 4; the strings of hdlr, auxC and url, and
// ftyp's brands, 3; other boxes it parses (colr, av1C, …) about once, reserved twice for growth.
// The payloads of mdat, free, skip, idat and of types it does not know are skipped (measured: a
// 3 MB unknown box cost 0.04 MB).
static uint64_t ic_box_cost(uint32_t type, uint64_t payload) {
    switch (type) {
        case IC_FOURCC('h', 'v', 'c', 'C'): return 8192 + payload;
        case IC_FOURCC('i', 'p', 'm', 'a'):
        case IC_FOURCC('i', 'r', 'e', 'f'):
        case IC_FOURCC('i', 'l', 'o', 'c'):
        case IC_FOURCC('g', 'r', 'p', 'l'):
        case IC_FOURCC('p', 'i', 'x', 'i'): return 16 * payload;
        case IC_FOURCC('i', 'n', 'f', 'e'): return 4 * payload;
        // Strings built a character at a time: the last growth holds the old buffer and the
        // doubled one at once (a sixth review measured 3 times the string's length).
        case IC_FOURCC('h', 'd', 'l', 'r'):
        case IC_FOURCC('a', 'u', 'x', 'C'):
        case IC_FOURCC('u', 'r', 'l', ' '):
        case IC_FOURCC('f', 't', 'y', 'p'): return 3 * payload;   // its brands, an array grown likewise
        case IC_FOURCC('p', 'i', 't', 'm'):
        case IC_FOURCC('i', 's', 'p', 'e'):
        case IC_FOURCC('i', 'r', 'o', 't'):
        case IC_FOURCC('i', 'm', 'i', 'r'):
        case IC_FOURCC('c', 'l', 'a', 'p'):
        case IC_FOURCC('a', 'v', '1', 'C'):
        case IC_FOURCC('p', 'a', 's', 'p'):
        case IC_FOURCC('l', 's', 'e', 'l'):
        case IC_FOURCC('a', '1', 'o', 'p'):
        case IC_FOURCC('a', '1', 'l', 'x'):
        case IC_FOURCC('c', 'l', 'l', 'i'):
        case IC_FOURCC('m', 'd', 'c', 'v'):
        case IC_FOURCC('c', 'o', 'l', 'r'): return 2 * payload;
        default: return 0;   // containers (their children are tallied), and what libheif skips
    }
}

static void ic_tally_boxes(const uint8_t *data, size_t at, size_t end, ic_heif_tally *t, unsigned depth);

// One box and, for the containers libheif 1.15 reads the children of, everything in it (grpl is
// not one: libheif reads its entity groups one after another, as it reads iref, and they are
// bounded by the bytes of the boxes). Deeper than libheif's own nesting limit (20) is not
// followed.
static void ic_tally_box(const uint8_t *data, const ic_box *box, ic_heif_tally *t, unsigned depth) {
    t->boxes++;
    if (depth > t->depth) t->depth = depth;
    if (depth > 24) return;
    // An object per box, about 120 bytes (three million empty boxes cost 366 MB).
    const uint64_t payload_cost = ic_box_cost(box->type, box->end - box->start);
    t->cost += 128 + payload_cost;
    if (payload_cost > 0) t->parsed_bytes += box->end - box->start;
    ic_box_reader r = {data, box->start, box->end, 1};
    switch (box->type) {
        case IC_FOURCC('m', 'e', 't', 'a'):
            ic_tally_boxes(data, box->start + 4, box->end, t, depth);   // a full box
            break;
        case IC_FOURCC('i', 'p', 'r', 'p'):
        case IC_FOURCC('i', 'p', 'c', 'o'):
        case IC_FOURCC('d', 'i', 'n', 'f'):
            ic_tally_boxes(data, box->start, box->end, t, depth);
            break;
        case IC_FOURCC('i', 'i', 'n', 'f'): {
            const uint64_t version = ic_read(&r, 1);
            ic_read(&r, 3);
            ic_read(&r, version == 0 ? 2 : 4);   // the entry count: the infe boxes are read to the end
            if (r.ok) ic_tally_boxes(data, r.at, box->end, t, depth);
            break;
        }
        case IC_FOURCC('d', 'r', 'e', 'f'):
            ic_read(&r, 8);   // version, flags, entry count
            if (r.ok) ic_tally_boxes(data, r.at, box->end, t, depth);
            break;
        case IC_FOURCC('i', 'n', 'f', 'e'):
            t->items++;
            if (box->end - box->begin > t->largest_infe) t->largest_infe = box->end - box->begin;
            break;
        case IC_FOURCC('i', 'l', 'o', 'c'): ic_tally_iloc(data, box, t); break;
        case IC_FOURCC('i', 'p', 'm', 'a'): ic_tally_ipma(data, box, t); break;
        case IC_FOURCC('i', 'r', 'e', 'f'): ic_tally_iref(data, box, t); break;
        case IC_FOURCC('h', 'v', 'c', 'C'): ic_tally_hvcc(data, box, t); break;
        default: break;
    }
}

// The boxes in [at, end) (those libheif reads until one does not fit), each tallied.
static void ic_tally_boxes(const uint8_t *data, size_t at, size_t end, ic_heif_tally *t, unsigned depth) {
    ic_box box;
    while (ic_next_box(data, &at, end, &box)) ic_tally_box(data, &box, t, depth + 1);
}

// Whether every count is within its limit (the tally ic_heif_check_counts words its refusal from).
static int ic_within(const ic_heif_tally *t) {
    return t->boxes <= IC_HEIF_MAX_BOXES && t->items <= IC_HEIF_MAX_ITEMS && t->locations <= IC_HEIF_MAX_ITEMS &&
           t->extents <= IC_HEIF_MAX_EXTENTS && t->associations <= IC_HEIF_MAX_ITEMS &&
           t->reference_entries <= IC_HEIF_MAX_REFERENCES && t->references <= IC_HEIF_MAX_REFERENCES &&
           t->config_units <= IC_HEIF_MAX_CONFIG_UNITS && t->largest_infe <= IC_HEIF_MAX_INFE_BYTES &&
           t->parsed_bytes <= IC_HEIF_MAX_PARSED_BYTES && t->depth <= IC_HEIF_MAX_DEPTH;
}

int ic_heif_counts_allowed(const uint8_t *data, size_t size, uint64_t *parse_cost) {
    ic_heif_tally t = {0};
    ic_tally_boxes(data, 0, size, &t, 0);
    if (parse_cost != NULL) *parse_cost = t.cost;
    return ic_within(&t);
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
    // libheif reads every box before it finds that meta, iinf or iloc is missing, so they are
    // counted whether the file has them or not.
    ic_heif_tally t = {0};
    ic_tally_boxes(data, 0, size, &t, 0);
    ic_status status = ic_over(heif, t.boxes, IC_HEIF_MAX_BOXES, "boxes");
    if (status == IC_OK && t.depth > IC_HEIF_MAX_DEPTH) {
        char message[160];
        snprintf(message, sizeof(message), "the file's boxes nest %u deep, more than the %u allowed", t.depth,
                 IC_HEIF_MAX_DEPTH);
        status = ic_heif_fail(heif, IC_ERR_LIMIT, message);
    }
    if (status == IC_OK && t.parsed_bytes > IC_HEIF_MAX_PARSED_BYTES) {
        char message[200];
        snprintf(message, sizeof(message), "the boxes libheif parses hold %llu bytes, more than the %u allowed",
                 (unsigned long long)t.parsed_bytes, IC_HEIF_MAX_PARSED_BYTES);
        status = ic_heif_fail(heif, IC_ERR_LIMIT, message);
    }
    if (status == IC_OK) status = ic_over(heif, t.items, IC_HEIF_MAX_ITEMS, "items (infe boxes)");
    if (status == IC_OK) status = ic_over(heif, t.locations, IC_HEIF_MAX_ITEMS, "item locations (iloc entries)");
    if (status == IC_OK) status = ic_over(heif, t.extents, IC_HEIF_MAX_EXTENTS, "extents (iloc)");
    if (status == IC_OK) {
        status = ic_over(heif, t.associations, IC_HEIF_MAX_ITEMS, "property associations (ipma entries)");
    }
    if (status == IC_OK) status = ic_over(heif, t.reference_entries, IC_HEIF_MAX_REFERENCES, "iref entries");
    if (status == IC_OK) status = ic_over(heif, t.references, IC_HEIF_MAX_REFERENCES, "item references (iref)");
    if (status == IC_OK) {
        status = ic_over(heif, t.config_units, IC_HEIF_MAX_CONFIG_UNITS, "NAL units in hvcC boxes");
    }
    if (status == IC_OK && t.largest_infe > IC_HEIF_MAX_INFE_BYTES) {
        char message[160];
        snprintf(message, sizeof(message), "an item's infe box is %llu bytes, more than the %u allowed",
                 (unsigned long long)t.largest_infe, IC_HEIF_MAX_INFE_BYTES);
        status = ic_heif_fail(heif, IC_ERR_LIMIT, message);
    }
    if (status != IC_OK || !readable) return status;
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
