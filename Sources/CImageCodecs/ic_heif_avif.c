// The shim's own AVIF path: an av01 image item, and its alpha image, fed from the items' own
// extents (ic_heif_extents.c) to dav1d (ic_heif_dav1d.c), and converted to RGBA row by row
// (ic_heif_avif_rows.c). See ic_heif_avif.h.
//
// Why not a dav1d plugin under libheif: libheif 1.15 copies a decoded picture into its own
// planes and then converts the whole image to interleaved RGB(A) before the shim reads a row,
// so the codec's picture, libheif's planes and the RGB image are all alive at once (18–21 bytes
// a pixel with libaom, measured). Feeding dav1d the item's OBUs here keeps only dav1d's picture:
// the rows are converted from it as the downscaler asks for them. libheif still reads the boxes
// (sizes, colour profiles, thumbnails, the decoding of grids, overlays and HEVC); the items this
// path takes are the ones it can reproduce exactly: libheif's transformations (clap, irot, imir)
// as libheif 1.15 applies them, its colour conversion (nearest chroma, the nclx matrix) and its
// alpha. Anything else (a grid, an overlay, an alpha image with transformations of its own, a
// crop libheif would clamp) stays with libheif.
#include "ic_heif_avif.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A property's payload reader, or an empty one when `index` names none.
static ic_box_reader ic_property(const ic_heif_meta *meta, const ic_box *properties, size_t count, uint32_t index) {
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

// The transformations of `item` in *plan; 0 when libheif's reading could differ (a clap it would
// clamp or refuse).
static int ic_avif_transforms(const ic_heif_meta *meta, const ic_box *properties, size_t count,
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

// The item's ispe in *width, *height (0 when it has none).
static int ic_avif_ispe(const ic_heif_meta *meta, const ic_box *properties, size_t count, const ic_heif_item *item,
                        uint32_t *width, uint32_t *height) {
    uint32_t index = 0;
    if (ic_heif_item_properties(meta, properties, count, item, 1, IC_FOURCC('i', 's', 'p', 'e'), &index) != 0) {
        return -1;
    }
    ic_box_reader r = ic_property(meta, properties, count, index);
    ic_read(&r, 4);
    *width = (uint32_t)ic_read(&r, 4);
    *height = (uint32_t)ic_read(&r, 4);
    if (!r.ok) *width = *height = 0;
    return 0;
}

// dav1d's picture for an item of w×h, as its av1C says (its third byte: high_bitdepth,
// twelve_bit, monochrome, chroma_subsampling_x and _y); 0 when the av1C is too short. Its OBUs'
// bytes are added to *stream.
static uint64_t ic_avif_picture(const ic_heif_meta *meta, const ic_box *properties, size_t count, uint32_t index,
                                uint32_t width, uint32_t height, int *deep, uint64_t *stream) {
    ic_box_reader r = ic_property(meta, properties, count, index);
    ic_read(&r, 2);
    const unsigned flags = (unsigned)ic_read(&r, 1);
    if (!r.ok || r.end - r.at < 1) return 0;
    *stream += r.end - r.at - 1;
    const int bits = (flags & 0x40) ? ((flags & 0x20) ? 12 : 10) : 8;
    const int sub_x = (flags >> 3) & 1, sub_y = (flags >> 2) & 1;
    const int layout = (flags & 0x10) ? DAV1D_PIXEL_LAYOUT_I400
                       : sub_x && sub_y ? DAV1D_PIXEL_LAYOUT_I420
                       : sub_x          ? DAV1D_PIXEL_LAYOUT_I422
                                        : DAV1D_PIXEL_LAYOUT_I444;
    if (bits > 8) *deep = 1;
    return ic_dav1d_picture_bytes(width, height, bits, layout, NULL, NULL, NULL);
}

// Adds an item's data bytes (its extents) to the counter `context`.
static void ic_avif_count(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    (void)item;
    for (size_t i = 0; i < count; i++) *(uint64_t *)context += extents[i].length;
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
                       int has_alpha, ic_avif_plan *plan) {
    memset(plan, 0, sizeof(*plan));
    plan->mirror = -1;
    ic_heif_meta meta;
    if (data == NULL || !ic_heif_find_meta(data, size, &meta) || meta.iprp.type == 0) return 0;
    const uint32_t types[1] = {IC_FOURCC('a', 'v', '0', '1')};
    ic_heif_item *items = NULL;
    ic_box *properties = NULL;
    size_t item_count = 0, property_count = 0;
    if (ic_heif_list_items(&meta, types, 1, &items, &item_count) != 0) return -1;
    int result = 0;
    const ic_heif_item key = {root, 0, 0};
    const ic_heif_item *color = bsearch(&key, items, item_count, sizeof(ic_heif_item), ic_heif_item_order);
    if (color == NULL) goto done;   // a grid, an overlay, an HEVC image: libheif's
    if (ic_heif_list_properties(&meta, &properties, &property_count) != 0) {
        result = -1;
        goto done;
    }
    uint32_t config = 0;
    if (ic_heif_item_properties(&meta, properties, property_count, color, 1, IC_FOURCC('a', 'v', '1', 'C'), &config) !=
            0 ||
        ic_avif_ispe(&meta, properties, property_count, color, &plan->coded_width, &plan->coded_height) != 0) {
        result = -1;
        goto done;
    }
    if (config == 0 || plan->coded_width == 0 || plan->coded_height == 0) goto done;
    plan->color_picture = ic_avif_picture(&meta, properties, property_count, config, plan->coded_width,
                                          plan->coded_height, &plan->deep, &plan->stream_bytes);
    if (plan->color_picture == 0 || ic_heif_visit_items(&meta, color, 1, ic_avif_count, &plan->stream_bytes) != 0) {
        result = plan->color_picture == 0 ? 0 : -1;
        goto done;
    }
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
        const ic_heif_item alpha_key = {plan->alpha, 0, 0};
        const ic_heif_item *alpha = bsearch(&alpha_key, items, item_count, sizeof(ic_heif_item), ic_heif_item_order);
        ic_avif_plan own = *plan;
        uint32_t alpha_config = 0, alpha_width = 0, alpha_height = 0;
        result = 0;
        if (alpha == NULL) goto done;
        if (ic_heif_item_properties(&meta, properties, property_count, alpha, 1, IC_FOURCC('a', 'v', '1', 'C'),
                                    &alpha_config) != 0 ||
            ic_avif_ispe(&meta, properties, property_count, alpha, &alpha_width, &alpha_height) != 0) {
            result = -1;
            goto done;
        }
        // The alpha image must be the colour image's coded size and untransformed: libheif
        // transforms (or scales) it on its own otherwise.
        own.coded_width = alpha_width;
        own.coded_height = alpha_height;
        if (alpha_config == 0 || alpha_width != plan->coded_width || alpha_height != plan->coded_height) goto done;
        plan->alpha_picture = ic_avif_picture(&meta, properties, property_count, alpha_config, alpha_width,
                                              alpha_height, &plan->deep, &plan->stream_bytes);
        if (plan->alpha_picture == 0) goto done;
        if (ic_heif_visit_items(&meta, alpha, 1, ic_avif_count, &plan->stream_bytes) != 0) {
            result = -1;
            goto done;
        }
        result = ic_avif_transforms(&meta, properties, property_count, alpha, &own);
        if (result != 1) goto done;
        if (own.quarter_turns != 0 || own.mirror != -1 || own.crop_width != alpha_width ||
            own.crop_height != alpha_height) {
            result = 0;
            goto done;
        }
    }
done:
    free(items);
    free(properties);
    if (result != 1) {
        memset(plan, 0, sizeof(*plan));
        plan->mirror = -1;
    }
    return result;
}
