// Reading the entries of two boxes that hold sequences rather than boxes, as libheif 1.15 reads
// them (see ic_heif_boxes.h): iref's references and hvcC's NAL units. Shared by the reachability
// of ic_heif_boxes.c, the counts of ic_heif_counts.c, the copies of ic_heif_copies.c and the stream
// sizes of ic_heif_streams.c, which read them alike.
#include "ic_heif_boxes.h"

ic_iref_reader ic_iref_begin(const uint8_t *data, const ic_box *iref) {
    ic_iref_reader reader = {{data, iref->start, iref->end, iref->type != 0}, 2};
    reader.field = ic_read(&reader.r, 1) == 0 ? 2 : 4;
    ic_read(&reader.r, 3);
    return reader;
}

int ic_iref_next(ic_iref_reader *reader, ic_iref_entry *entry) {
    ic_box_reader *r = &reader->r;
    if (!r->ok || r->at >= r->end) return 0;
    const uint64_t size = ic_read(r, 4);
    entry->type = (uint32_t)ic_read(r, 4);
    if (size == 1) ic_read(r, 8);
    if (entry->type == IC_FOURCC('u', 'u', 'i', 'd')) {
        ic_read(r, 8);   // the 16-byte extended type, in two reads (ic_read takes at most 8)
        ic_read(r, 8);
    }
    entry->from = (uint32_t)ic_read(r, reader->field);
    entry->count = ic_read(r, 2);
    return r->ok;
}

void ic_iref_skip(ic_iref_reader *reader, uint64_t count) {
    ic_box_reader *r = &reader->r;
    const uint64_t bytes = count * reader->field;
    r->at = bytes < r->end - r->at ? r->at + (size_t)bytes : r->end;
}

ic_hvcc_units ic_hvcc_begin(const uint8_t *payload, size_t size) {
    ic_hvcc_units units = {{payload, 22, size, size >= 23}, 0, 0};
    units.arrays = ic_read(&units.r, 1);
    return units;
}

int ic_hvcc_next(ic_hvcc_units *units, const uint8_t **unit, size_t *length) {
    ic_box_reader *r = &units->r;
    while (r->ok && units->units == 0) {
        if (units->arrays == 0) return 0;
        units->arrays--;
        ic_read(r, 1);   // completeness and NAL unit type
        units->units = ic_read(r, 2);
    }
    const uint64_t size = ic_read(r, 2);
    if (!r->ok || size > r->end - r->at) {
        r->ok = 0;
        return 0;
    }
    units->units--;
    *unit = r->data + r->at;
    *length = (size_t)size;
    r->at += (size_t)size;
    return 1;
}
