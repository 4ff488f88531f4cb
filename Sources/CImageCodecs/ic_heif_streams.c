// The size a coded image's own bitstream gives, held to the image's header (ic_heif_limits.h).
// libheif 1.15 hands an hvc1 item's parameter sets (hvcC) and data to libde265, and an av01 item's
// to libaom (through the shim's plugin, ic_heif_av1.c), and compares the picture with the item's
// ispe only after the codec has decoded it at the size the stream says: a 64×64 ispe over a
// 4096×4096 stream took 340 MB. So the sizes are read here first, from every HEVC sequence
// parameter set and every AV1 sequence header (ic_heif_headers.c) in the item's configuration box
// and in its data; each item's own size is kept for the grid check (ic_heif_grids.c). Hostile
// bytes: every read is bounded, and a stream that cannot be read ends its search quietly (the
// codec reports the damage itself). libde265 1.0.11 prints to stderr when it refuses some sequence
// parameter sets (ic_hevc_sps_size names them): a file with one is refused here, before it can.
#include "ic_heif_limits.h"

#include "ic_heif_boxes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// How many NAL units and OBUs all the coded items' streams may hold together. A still image has a
// few per item and a grid a few per tile (a thousand tiles: thousands); hostile items that all
// point at the same megabytes of tiny units would otherwise make the search quadratic.
#define IC_HEIF_MAX_UNITS (1u << 20)

// The largest coded size found, by pixels, and its codec; the units read so far.
typedef struct {
    uint32_t width;
    uint32_t height;
    const char *codec;
    uint64_t units;
    int failed;   // out of memory
    const uint8_t *data;        // the file
    const ic_box *properties;   // ipco's boxes, by ipma's index - 1
    const uint32_t *configs;    // per listed item: its hvcC or av1C, 0 when none
    const ic_heif_item *items;
    uint32_t *own;              // per listed item: the width and height it decodes to (ic_found)
    size_t current;             // the item being read
    char invalid[160];          // why the first sequence parameter set libde265 would refuse aloud is invalid
} ic_coded_search;

// A sequence header's coded size (`width`, `height`: what the codec allocates) and the picture it
// decodes to (`shown_width`, `shown_height`: HEVC's conformance window cropped; AV1's frames are
// held to their sequence header's maximum by the shim's plugin, ic_heif_av1.c). The item's own
// size is 0×0 when none was read and IC_HEIF_SIZE_CONFLICT when its headers disagree.
static void ic_found(ic_coded_search *search, uint64_t width, uint64_t height, uint32_t shown_width,
                     uint32_t shown_height, const char *codec) {
    if (width * height > (uint64_t)search->width * search->height) {
        search->width = (uint32_t)width;
        search->height = (uint32_t)height;
        search->codec = codec;
    }
    uint32_t *own = &search->own[2 * search->current];
    if (own[0] == 0 && own[1] == 0) {
        own[0] = shown_width;
        own[1] = shown_height;
    } else if (own[0] != shown_width || own[1] != shown_height) {
        own[0] = own[1] = IC_HEIF_SIZE_CONFLICT;
    }
}

// An HEVC NAL unit (header included): when it is a sequence parameter set, its picture size, and
// why it is invalid when libde265 would say so on stderr (the first such set is kept).
static void ic_hevc_nal(ic_coded_search *search, const uint8_t *nal, size_t length) {
    ic_picture_size size;
    char invalid[sizeof(search->invalid)];
    if (ic_hevc_sps_size(nal, length, &size, invalid, sizeof(invalid))) {
        ic_found(search, size.coded_width, size.coded_height, size.shown_width, size.shown_height, "HEVC");
        if (invalid[0] != '\0' && search->invalid[0] == '\0') memcpy(search->invalid, invalid, sizeof(invalid));
    }
}

// An AV1 sequence header OBU's payload: its largest frame size.
static void ic_av1_sequence_header(ic_coded_search *search, const uint8_t *payload, size_t length) {
    ic_picture_size size;
    if (ic_av1_sequence_size(payload, length, &size)) {
        ic_found(search, size.coded_width, size.coded_height, size.shown_width, size.shown_height, "AV1");
    }
}

// An item's data, or an av1C's configuration OBUs: each sequence header's size. HEVC data is NAL
// units, each after its length in `length_size` bytes; AV1 data is OBUs (AV1 5.3).
static void ic_scan_stream(ic_coded_search *search, ic_stream *s, int hevc, unsigned length_size) {
    uint8_t head[512];
    int ok = 1;
    while (ok && s->index < s->count && search->units <= IC_HEIF_MAX_UNITS) {
        search->units++;
        uint64_t length = 0;
        unsigned header = 0;
        if (hevc) {
            length = ic_stream_number(s, length_size, &ok);
        } else {
            const uint8_t obu = (uint8_t)ic_stream_number(s, 1, &ok);
            header = (obu >> 3) & 15;
            if (obu & 4) ic_stream_number(s, 1, &ok);   // the extension header
            if (obu & 2) {
                // leb128(): at most 8 bytes, 7 bits each.
                for (unsigned i = 0, more = 1; more && ok; i++) {
                    const uint8_t byte = (uint8_t)ic_stream_number(s, 1, &ok);
                    if (i == 8) ok = 0;
                    length |= (uint64_t)(byte & 0x7f) << (7 * i);
                    more = byte & 0x80;
                }
            } else {
                length = UINT64_MAX;   // the OBU runs to the end
            }
        }
        if (!ok) return;
        if (hevc) {
            // The NAL header first: only a sequence parameter set's payload is copied.
            const uint64_t first = length < 2 ? length : 2;
            uint64_t got = ic_stream_take(s, head, first);
            if (got < first) return;
            if (got == 2 && ((head[0] >> 1) & 0x3f) == 33) {
                const uint64_t more = length - 2 < sizeof(head) - 2 ? length - 2 : sizeof(head) - 2;
                const uint64_t extra = ic_stream_take(s, head + 2, more);
                ic_hevc_nal(search, head, (size_t)(got + extra));
                if (extra < more) return;
                got += extra;
            }
            length -= got;
        } else if (header == 1) {
            const uint64_t want = length < sizeof(head) ? length : sizeof(head);
            const uint64_t got = ic_stream_take(s, head, want);
            ic_av1_sequence_header(search, head, (size_t)got);
            if (got < want) return;
            length -= got;
        }
        if (length > 0 && ic_stream_take(s, NULL, length) < length) return;
    }
}

// One hvc1 or av01 item: the sequence headers of its configuration box and of its data, read as
// libheif 1.15 hands them to the codec. HEVC: hvcC's NAL units, then the data's, whose lengths
// libheif's libde265 plugin always reads as 4 bytes (hvcC's lengthSizeMinusOne is ignored). AV1:
// one buffer of av1C's configuration OBUs followed by the data, so an OBU may run from one into
// the other.
static void ic_coded_item(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    ic_coded_search *search = context;
    search->current = (size_t)(item - search->items);
    const int hevc = item->type == IC_FOURCC('h', 'v', 'c', '1');
    const uint32_t index = search->configs[item - search->items];
    const ic_box *config = index > 0 ? &search->properties[index - 1] : NULL;
    const uint8_t *bytes = config != NULL ? search->data + config->start : NULL;
    const size_t size = config != NULL ? config->end - config->start : 0;
    if (hevc) {
        ic_hvcc_units units = ic_hvcc_begin(bytes, size);
        const uint8_t *unit;
        size_t length;
        while (search->units <= IC_HEIF_MAX_UNITS && ic_hvcc_next(&units, &unit, &length)) {
            search->units++;
            ic_hevc_nal(search, unit, length);
        }
        ic_stream s = {extents, count, 0, 0};
        ic_scan_stream(search, &s, 1, 4);
        return;
    }
    ic_extent *joined = malloc((count + 1) * sizeof(ic_extent));
    if (joined == NULL) {
        search->failed = 1;
        return;
    }
    size_t parts = 0;
    if (size > 4) joined[parts++] = (ic_extent){bytes + 4, size - 4};
    for (size_t e = 0; e < count; e++) joined[parts++] = extents[e];
    ic_stream s = {joined, parts, 0, 0};
    ic_scan_stream(search, &s, 0, 0);
    free(joined);
}

// The checks of the sizes the streams give, once they are read: none larger than the header, no
// more units than a still image holds, and every grid's tiles filling its cells
// (ic_heif_check_grid_cells); then no sequence parameter set libde265 would refuse aloud (last, so
// that a file refused before keeps its message).
static ic_status ic_check_found(ic_heif *heif, const ic_heif_meta *meta, uint32_t root, const ic_coded_search *search,
                                const ic_heif_item *items, size_t count, const ic_heif_image_info *header,
                                const char *image) {
    if (search->units > IC_HEIF_MAX_UNITS) {
        char message[160];
        snprintf(message, sizeof(message), "its coded images hold more than %u NAL units or OBUs, far more than a still image",
                 IC_HEIF_MAX_UNITS);
        return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
    }
    // A coded picture may exceed the header by the codec's padding (HEVC codes whole blocks of up
    // to 64 pixels and crops them): each side is rounded up to 64 before the pixels are compared.
    const uint64_t w = header->ispe_width > 0 ? header->ispe_width : header->width;
    const uint64_t h = header->ispe_height > 0 ? header->ispe_height : header->height;
    const uint64_t allowed = ((w + 63) / 64 * 64) * ((h + 63) / 64 * 64);
    if (w != 0 && h != 0 && (uint64_t)search->width * search->height > allowed) {
        char message[160];
        // Worded apart from the check after decoding: this refusal comes before the codec allocates.
        snprintf(message, sizeof(message), "the %s stream's picture (%u×%u) is larger than the %s's header says (%u×%u)",
                 search->codec, search->width, search->height, image, (unsigned)w, (unsigned)h);
        return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
    }
    const ic_status status = ic_heif_check_grid_cells(heif, meta, root, items, count, search->own);
    if (status != IC_OK || search->invalid[0] == '\0') return status;
    char message[224];
    snprintf(message, sizeof(message), "the HEVC stream's sequence parameter set is invalid: %s", search->invalid);
    return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
}

ic_status ic_heif_check_coded_sizes(ic_heif *heif, const ic_heif_meta *meta, uint32_t root,
                                    const ic_heif_image_info *header, const char *image) {
    const uint32_t types[2] = {IC_FOURCC('h', 'v', 'c', '1'), IC_FOURCC('a', 'v', '0', '1')};
    ic_heif_item *items = NULL;
    ic_box *properties = NULL;
    uint32_t *configs = NULL, *own = NULL;
    size_t count = 0, property_count = 0;
    ic_coded_search search = {0};
    int result = ic_heif_list_items(meta, types, 2, &items, &count);
    if (result == 0) result = ic_heif_keep_related(meta, root, items, &count);
    if (result == 0) result = ic_heif_list_properties(meta, &properties, &property_count);
    if (result == 0 && count > 0) {
        configs = calloc(count, sizeof(uint32_t));
        own = calloc(2 * count, sizeof(uint32_t));
        result = configs == NULL || own == NULL ? -1 : 0;
    }
    if (result == 0 && count > 0) {
        // hvcC for HEVC items, av1C for AV1: one pass of ipma per kind.
        uint32_t *av1 = calloc(count, sizeof(uint32_t));
        const uint32_t hvcc = IC_FOURCC('h', 'v', 'c', 'C'), av1c = IC_FOURCC('a', 'v', '1', 'C');
        result = av1 == NULL ? -1 : ic_heif_item_properties(meta, properties, property_count, items, count, hvcc, configs);
        if (result == 0) result = ic_heif_item_properties(meta, properties, property_count, items, count, av1c, av1);
        for (size_t i = 0; result == 0 && i < count; i++) {
            if (items[i].type == IC_FOURCC('a', 'v', '0', '1')) configs[i] = av1[i];
        }
        free(av1);
        search = (ic_coded_search){0, 0, NULL, 0, 0, meta->data, properties, configs, items, own, 0, ""};
        if (result == 0) result = ic_heif_visit_items(meta, items, count, ic_coded_item, &search);
    }
    ic_status status;
    if (result != 0 || search.failed) {
        status = ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list the file's coded images");
    } else {
        search.own = own;
        status = ic_check_found(heif, meta, root, &search, items, count, header, image);
    }
    free(items);
    free(properties);
    free(configs);
    free(own);
    return status;
}
