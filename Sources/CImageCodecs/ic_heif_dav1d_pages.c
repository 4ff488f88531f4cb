// dav1d's pictures in memory: their sizes as dav1d 1.0 lays them out, the shim's allocator that
// holds them to the caller's plan (ic_heif_dav1d.c hands it to dav1d), and the buffers of large
// pictures: mappings of their own, in huge pages where the kernel gives them.
#include "ic_heif_avif.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define IC_DAV1D_HUGE_PAGE (2u << 20)

// Pictures of at least this many bytes get a mapping of their own (ic_dav1d_map): a 12 MP 4:2:0
// picture is 18 MB, which dav1d writes from end to end.
#define IC_DAV1D_MAPPED_BYTES (4u << 20)

// A large picture's buffer: an anonymous mapping aligned to 2 MB whose whole 2 MB stretches
// are advised as huge pages (MADV_HUGEPAGE; the kernel's transparent huge pages are "madvise"
// on Debian). dav1d fills the picture once, so with 4 kB pages each of a 12 MP picture's 4,500
// pages was a fault and a zeroing of its own: with the kernel's other faults, a fifth of the
// analysis' time (avifdec pays the same). In huge pages the analysis takes 7 ms less (80 → 73
// ms, alternating runs) with 2,500 faults instead of 7,100. The tail past the last whole 2 MB
// stays in 4 kB pages, so the peak RSS is the picture's as with malloc (memory.sh: 38.7 MB both
// ways, median of 9); a mapping rounded up to 2 MB would fault memory the picture does not use.
// Returns NULL when the mapping fails; without transparent huge pages, madvise fails and the
// buffer is ordinary pages. Freed by ic_dav1d_unmap with the same size.
static uint8_t *ic_dav1d_map(size_t size) {
    const size_t page = (size_t)sysconf(_SC_PAGESIZE), length = (size + page - 1) / page * page;
    uint8_t *map = mmap(NULL, length + IC_DAV1D_HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) return NULL;
    uint8_t *start = (uint8_t *)(((uintptr_t)map + IC_DAV1D_HUGE_PAGE - 1) & ~(uintptr_t)(IC_DAV1D_HUGE_PAGE - 1));
    if (start > map) munmap(map, (size_t)(start - map));
    munmap(start + length, (size_t)(map + length + IC_DAV1D_HUGE_PAGE - (start + length)));
    const size_t whole = length / IC_DAV1D_HUGE_PAGE * IC_DAV1D_HUGE_PAGE;
    if (whole > 0) (void)madvise(start, whole, MADV_HUGEPAGE);
    return start;
}

// The mapping ic_dav1d_map made for a picture of `size` bytes.
static void ic_dav1d_unmap(uint8_t *start, size_t size) {
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    munmap(start, (size + page - 1) / page * page);
}

// dav1d 1.0's default picture layout (dav1d_default_picture_alloc): sides padded to 128, a
// stride that is a multiple of 1024 bytes moved by 64 (cache aliasing), 64 bytes of padding.
uint64_t ic_dav1d_picture_bytes(uint32_t width, uint32_t height, int bits, int layout, ptrdiff_t *strides,
                                uint64_t *luma_bytes, uint64_t *chroma_bytes) {
    const unsigned deep = bits > 8;
    const uint64_t w = ((uint64_t)width + 127) & ~(uint64_t)127, h = ((uint64_t)height + 127) & ~(uint64_t)127;
    const int chroma = layout != DAV1D_PIXEL_LAYOUT_I400;
    const unsigned sub_x = layout != DAV1D_PIXEL_LAYOUT_I444, sub_y = layout == DAV1D_PIXEL_LAYOUT_I420;
    uint64_t y_stride = w << deep, uv_stride = chroma ? y_stride >> sub_x : 0;
    if ((y_stride & 1023) == 0) y_stride += DAV1D_PICTURE_ALIGNMENT;
    if (chroma && (uv_stride & 1023) == 0) uv_stride += DAV1D_PICTURE_ALIGNMENT;
    const uint64_t y_bytes = y_stride * h, uv_bytes = uv_stride * (h >> sub_y);
    if (strides != NULL) strides[0] = (ptrdiff_t)y_stride, strides[1] = (ptrdiff_t)uv_stride;
    if (luma_bytes != NULL) *luma_bytes = y_bytes;
    if (chroma_bytes != NULL) *chroma_bytes = uv_bytes;
    return y_bytes + 2 * uv_bytes + DAV1D_PICTURE_ALIGNMENT;
}

uint64_t ic_dav1d_state_bytes(uint32_t width, uint32_t height, int deep, uint32_t tiles, uint32_t tile_rows) {
    const uint64_t columns = ((uint64_t)width + 127) / 128;   // of 128 pixels
    const uint64_t padded = columns * 128 * (((uint64_t)height + 127) & ~(uint64_t)127);
    return (deep ? padded * 13 / 20 : padded / 2) + IC_DAV1D_CONTEXT_BYTES + (uint64_t)tiles * IC_DAV1D_TILE_BYTES +
           (uint64_t)tile_rows * columns * IC_DAV1D_TILE_ROW_BYTES;
}

int ic_dav1d_alloc(Dav1dPicture *p, void *cookie) {
    ic_dav1d_allocator *allocator = cookie;
    ptrdiff_t strides[2];
    uint64_t luma = 0, chroma = 0;
    if (p->p.w <= 0 || p->p.h <= 0) return DAV1D_ERR(EINVAL);
    const uint32_t tiles = p->frame_hdr != NULL ? (uint32_t)p->frame_hdr->tiling.cols * p->frame_hdr->tiling.rows : 0;
    if (tiles > allocator->tiles) {
        allocator->tiles = tiles;
        allocator->tile_rows = (uint32_t)p->frame_hdr->tiling.rows;
    }
    if (tiles > allocator->max_tiles) {
        allocator->refused = IC_DAV1D_TILES;
        return DAV1D_ERR(ENOMEM);
    }
    const uint64_t size = ic_dav1d_picture_bytes((uint32_t)p->p.w, (uint32_t)p->p.h, p->p.bpc, p->p.layout, strides,
                                                 &luma, &chroma);
    if (size > allocator->limit - allocator->allocated || size > SIZE_MAX) {
        allocator->refused = IC_DAV1D_PICTURE;
        return DAV1D_ERR(ENOMEM);
    }
    uint8_t *buffer = NULL;
    if (size >= IC_DAV1D_MAPPED_BYTES) {
        if ((buffer = ic_dav1d_map((size_t)size)) == NULL) return DAV1D_ERR(ENOMEM);
    } else if (posix_memalign((void **)&buffer, DAV1D_PICTURE_ALIGNMENT, (size_t)size) != 0) {
        return DAV1D_ERR(ENOMEM);
    }
    allocator->allocated += size;
    p->data[0] = buffer;
    p->data[1] = p->p.layout != DAV1D_PIXEL_LAYOUT_I400 ? buffer + luma : NULL;
    p->data[2] = p->p.layout != DAV1D_PIXEL_LAYOUT_I400 ? buffer + luma + chroma : NULL;
    p->stride[0] = strides[0];
    p->stride[1] = strides[1];
    p->allocator_data = buffer;
    return 0;
}

// Not counted back: the picture kept outlives the decode and its allocator (the count is per decode).
void ic_dav1d_free(Dav1dPicture *p, void *cookie) {
    (void)cookie;
    // The picture's parameters are those it was allocated with: the same size, the same kind.
    const uint64_t size =
        ic_dav1d_picture_bytes((uint32_t)p->p.w, (uint32_t)p->p.h, p->p.bpc, p->p.layout, NULL, NULL, NULL);
    if (size >= IC_DAV1D_MAPPED_BYTES) {
        ic_dav1d_unmap(p->allocator_data, (size_t)size);
        return;
    }
    free(p->allocator_data);
}
