// What libheif 1.15 does not hold to an image's header, held here (see ic_heif_limits.h): the
// canvas of every grid and overlay (iovl) item, read from the boxes (ic_heif_boxes.c; ISO/IEC
// 23008-12 for the two descriptors), since libheif neither exposes it nor checks it against the
// item's ispe; and the side of every plane it decodes. The coded streams' own sizes are checked
// in ic_heif_streams.c.
#include "ic_heif_limits.h"

#include "ic_heif_boxes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The canvas a grid or iovl descriptor gives: version, flags (bit 0: 32-bit sizes), then rows
// and columns (grid) or four 16-bit fill values (iovl), then the output width and height. The
// descriptor's first bytes are gathered across the item's extents.
static void ic_descriptor_canvas(const ic_heif_item *item, const ic_extent *extents, size_t count, void *context) {
    ic_heif_canvas *best = context;
    uint8_t head[24];
    ic_stream stream = {extents, count, 0, 0};
    const size_t got = (size_t)ic_stream_take(&stream, head, sizeof(head));
    if (got < 2) return;
    const unsigned field = (head[1] & 1) ? 4 : 2;
    const size_t skip = item->type == IC_FOURCC('g', 'r', 'i', 'd') ? 2 : 8;
    if (got < 2 + skip + 2 * field) return;   // too short to state a canvas
    ic_box_reader r = {head, 2 + skip, got, 1};
    const uint32_t width = (uint32_t)ic_read(&r, field), height = (uint32_t)ic_read(&r, field);
    if (!r.ok || (uint64_t)width * height <= (uint64_t)best->width * best->height) return;
    best->width = width;
    best->height = height;
    memcpy(best->type, item->type == IC_FOURCC('g', 'r', 'i', 'd') ? "grid" : "iovl", 5);
}

// The largest canvas (by pixels) that a grid or overlay item describes in its item data, or
// zeros when there is none or the boxes cannot be read; -1 when out of memory.
static int ic_heif_largest_canvas(const ic_heif_meta *meta, uint32_t root, ic_heif_canvas *canvas) {
    memset(canvas, 0, sizeof(*canvas));
    const uint32_t types[2] = {IC_FOURCC('g', 'r', 'i', 'd'), IC_FOURCC('i', 'o', 'v', 'l')};
    ic_heif_item *items = NULL;
    size_t count = 0;
    int result = ic_heif_list_items(meta, types, 2, &items, &count);
    if (result == 0) result = ic_heif_keep_related(meta, root, items, &count);
    if (result == 0) result = ic_heif_visit_items(meta, items, count, ic_descriptor_canvas, canvas);
    free(items);
    return result;
}

// A grid's or overlay's canvas comes from the item's data, which libheif 1.15 does not hold to
// the item's header (the fuzzer's overlay claimed 57244×53468 under an ispe of 200×164). Every
// canvas that decoding the image can reach (ic_heif_keep_related) must fit within its header, the
// largest of those images (its alpha is as large, a grid's tiles smaller), so that no canvas
// exceeds what the memory plan made from that header reserves. Other images of the file (a
// thumbnail, when the primary is decoded; a second image) are not decoded, so they may be larger.
static ic_status ic_heif_check_canvases(ic_heif *heif, const ic_heif_meta *meta, uint32_t root,
                                        const ic_heif_image_info *header, const char *image) {
    ic_heif_canvas canvas;
    if (ic_heif_largest_canvas(meta, root, &canvas) != 0) {
        return ic_heif_fail(heif, IC_ERR_NO_MEMORY, "cannot list the file's grid and overlay items");
    }
    const uint64_t coded = (uint64_t)header->ispe_width * header->ispe_height;
    const uint64_t shown = (uint64_t)header->width * header->height;
    if ((uint64_t)canvas.width * canvas.height <= (coded > shown ? coded : shown)) return IC_OK;
    char message[200];
    snprintf(message, sizeof(message), "the %s canvas (%u×%u) is larger than the %s's header says (%u×%u)",
             strcmp(canvas.type, "grid") == 0 ? "grid's" : "overlay's", canvas.width, canvas.height, image,
             header->ispe_width > 0 ? header->ispe_width : header->width,
             header->ispe_height > 0 ? header->ispe_height : header->height);
    return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
}

ic_status ic_heif_check_image(ic_heif *heif, const uint8_t *data, size_t size, uint32_t root,
                              const ic_heif_image_info *header, const char *image) {
    ic_heif_meta meta;
    const int readable = ic_heif_find_meta(data, size, &meta);
    // Without a readable meta, iinf and iloc there is nothing to check (libheif refuses the file).
    if (!readable) return IC_OK;
    const ic_status status = ic_heif_check_canvases(heif, &meta, root, header, image);
    return status != IC_OK ? status : ic_heif_check_coded_sizes(heif, &meta, root, header, image);
}

// The longest side a handle's header allows for any plane decoded for it: the coded size
// (ispe, before irot and clap) or the displayed size, whichever is larger; 0 if it says neither.
int ic_heif_longest_side(struct heif_image_handle *handle) {
    int side = heif_image_handle_get_width(handle);
    const int sides[3] = {heif_image_handle_get_height(handle), heif_image_handle_get_ispe_width(handle),
                          heif_image_handle_get_ispe_height(handle)};
    for (int i = 0; i < 3; i++) {
        if (sides[i] > side) side = sides[i];
    }
    return side > 0 ? side : 0;
}

// IC_ERR_CORRUPT for a coded image of w×h larger than the handle's header, named with both sizes.
ic_status ic_heif_larger_than_header(ic_heif *heif, struct heif_image_handle *handle, int w, int h) {
    char message[160];
    snprintf(message, sizeof(message), "the coded image (%d×%d) is larger than its header says (%d×%d)", w, h,
             heif_image_handle_get_width(handle), heif_image_handle_get_height(handle));
    return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
}

// A coded plane larger than the handle's header: named with both sizes when libheif's message
// gives the plane's ("Image size WxH exceeds ..."), in the same words as the check after decoding.
ic_status ic_heif_oversized(ic_heif *heif, struct heif_image_handle *handle, struct heif_error error) {
    const char *text = error.message != NULL ? strstr(error.message, "Image size ") : NULL;
    int w = 0, h = 0;
    if (text != NULL && sscanf(text, "Image size %dx%d", &w, &h) == 2) {
        return ic_heif_larger_than_header(heif, handle, w, h);
    }
    char message[256];
    snprintf(message, sizeof(message), "a coded plane is larger than its header says (%d×%d): %s",
             heif_image_handle_get_width(handle), heif_image_handle_get_height(handle),
             error.message != NULL ? error.message : "libheif's size limit");
    return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
}
