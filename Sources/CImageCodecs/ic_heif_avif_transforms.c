// The transformations of an image on the shim's tile path (ic_heif_avif.c): clap, irot and imir
// read from its properties as libheif 1.15 reads them, so the rows come out as libheif's would.
#include "ic_heif_avif.h"

#include <stdint.h>

ic_box_reader ic_property(const ic_heif_meta *meta, const ic_box *properties, size_t count, uint32_t index) {
    ic_box_reader r = {meta->data, 0, 0, 0};
    if (index == 0 || index > count) return r;
    r.at = properties[index - 1].start;
    r.end = properties[index - 1].end;
    r.ok = 1;
    return r;
}

// A signed 32-bit field of a clap box.
static int64_t ic_signed(ic_box_reader *r) {
    const uint32_t value = (uint32_t)ic_read(r, 4);
    return value > INT32_MAX ? (int64_t)value - 4294967296LL : (int64_t)value;
}

// libheif 1.15's clap rounding (Box_clap::left_rounded, right_rounded): the aperture's first
// sample is offset + (size − 1)/2 − (aperture − 1)/2, truncated; its last one that plus
// aperture − 1, truncated; both clamped to the picture. 0 when a denominator is 0 or the crop
// is empty (libheif refuses or divides by it).
static int ic_clap_span(int64_t aperture_n, int64_t aperture_d, int64_t offset_n, int64_t offset_d, uint32_t size,
                        uint32_t *first, uint32_t *length) {
    if (aperture_d <= 0 || offset_d == 0) return 0;
    // left = offset + (size − 1)/2 − (aperture − 1)/2 over the common denominator 2·ad·od.
    const int64_t d = 2 * aperture_d * offset_d;
    const int64_t n = 2 * offset_n * aperture_d + ((int64_t)size - 1) * aperture_d * offset_d -
                      (aperture_n - aperture_d) * offset_d;
    int64_t left = n / d;
    // right = aperture − 1 + left, truncated: aperture_n / aperture_d − 1 + left.
    int64_t right = (aperture_n - aperture_d + left * aperture_d) / aperture_d;
    if (left < 0) left = 0;
    if (right >= (int64_t)size) right = (int64_t)size - 1;
    if (left >= right) return 0;
    *first = (uint32_t)left;
    *length = (uint32_t)(right - left + 1);
    return 1;
}

int ic_avif_transforms(const ic_heif_meta *meta, const ic_box *properties, size_t count,
                       const ic_heif_item *item, ic_avif_plan *plan) {
    uint32_t clap = 0, irot = 0, imir = 0;
    if (ic_heif_item_properties(meta, properties, count, item, 1, IC_FOURCC('c', 'l', 'a', 'p'), &clap) != 0 ||
        ic_heif_item_properties(meta, properties, count, item, 1, IC_FOURCC('i', 'r', 'o', 't'), &irot) != 0 ||
        ic_heif_item_properties(meta, properties, count, item, 1, IC_FOURCC('i', 'm', 'i', 'r'), &imir) != 0) {
        return -1;
    }
    plan->crop_left = plan->crop_top = 0;
    plan->crop_width = plan->coded_width;
    plan->crop_height = plan->coded_height;
    if (clap != 0) {
        ic_box_reader r = ic_property(meta, properties, count, clap);
        const int64_t wn = (int64_t)ic_read(&r, 4), wd = (int64_t)ic_read(&r, 4);
        const int64_t hn = (int64_t)ic_read(&r, 4), hd = (int64_t)ic_read(&r, 4);
        const int64_t xn = ic_signed(&r), xd = (int64_t)ic_read(&r, 4);
        const int64_t yn = ic_signed(&r), yd = (int64_t)ic_read(&r, 4);
        if (!r.ok || !ic_clap_span(wn, wd, xn, xd, plan->coded_width, &plan->crop_left, &plan->crop_width) ||
            !ic_clap_span(hn, hd, yn, yd, plan->coded_height, &plan->crop_top, &plan->crop_height)) {
            return 0;
        }
    }
    plan->quarter_turns = 0;
    plan->mirror = -1;
    if (irot != 0) {
        ic_box_reader r = ic_property(meta, properties, count, irot);
        const uint64_t angle = ic_read(&r, 1);
        if (!r.ok) return 0;
        plan->quarter_turns = (int)(angle & 3);
    }
    if (imir != 0) {
        ic_box_reader r = ic_property(meta, properties, count, imir);
        const uint64_t axis = ic_read(&r, 1);
        if (!r.ok) return 0;
        plan->mirror = (int)(axis & 1);
    }
    return 1;
}
