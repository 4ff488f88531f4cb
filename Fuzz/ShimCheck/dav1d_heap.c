// The dav1d path's reservation against what it allocates (Fuzz/shim-check.sh runs it, without
// valgrind). For each AVIF given: ic_heif_open reads the boxes (libheif's memory, reserved on its
// own), then a malloc counter in this executable (it stands in for libc's malloc for every
// library, dav1d included) records the most the heap holds above that point while
// ic_heif_decode and the reading of every row run. That must not pass what HEIFDecoder reserves
// for the image from its header (HEIFDecoder.dav1dWorkingBytes): dav1d's pictures, its state,
// its copy of the stream when it cannot read it in place, and the shim's own objects
// (dav1d_shim_bytes). Files that do not take the dav1d path are skipped. Prints each file's peak
// and reservation, and dav1d's own peak (the blocks its code allocated: what ic_dav1d_state_bytes
// reserves); exits 1 when one is over.
#define _GNU_SOURCE
#include "ic_codecs.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static size_t ic_live, ic_peak;

// dav1d's own share (its state, as ic_dav1d_state_bytes reserves it): the blocks allocated from
// code in libdav1d (the caller's address within its mapping), kept in a table by address so that
// their frees are taken off it; its peak alone. The pictures are the shim's allocator's, not dav1d's.
#define IC_TRACKED (1u << 16)
static uintptr_t ic_dav1d_low, ic_dav1d_high;
static void *ic_tracked[IC_TRACKED];
static size_t ic_dav1d_live, ic_dav1d_peak;

static size_t ic_slot(const void *p) { return ((uintptr_t)p >> 4) * 2654435761u % IC_TRACKED; }

static void ic_track(void *p, const void *caller) {
    const uintptr_t at = (uintptr_t)caller;
    if (p == NULL || at < ic_dav1d_low || at >= ic_dav1d_high) return;
    size_t slot = ic_slot(p);
    while (ic_tracked[slot] != NULL) slot = (slot + 1) % IC_TRACKED;
    ic_tracked[slot] = p;
    ic_dav1d_live += malloc_usable_size(p);
    if (ic_dav1d_live > ic_dav1d_peak) ic_dav1d_peak = ic_dav1d_live;
}

static void ic_untrack(void *p) {
    if (p == NULL || ic_dav1d_high == 0) return;
    for (size_t slot = ic_slot(p); ic_tracked[slot] != NULL; slot = (slot + 1) % IC_TRACKED) {
        if (ic_tracked[slot] != p) continue;
        ic_dav1d_live -= malloc_usable_size(p);
        // Backward-shift deletion keeps every other entry reachable from its slot.
        size_t hole = slot;
        for (size_t next = (hole + 1) % IC_TRACKED; ic_tracked[next] != NULL; next = (next + 1) % IC_TRACKED) {
            const size_t home = ic_slot(ic_tracked[next]);
            if ((next > hole && (home <= hole || home > next)) || (next < hole && home <= hole && home > next)) {
                ic_tracked[hole] = ic_tracked[next];
                hole = next;
            }
        }
        ic_tracked[hole] = NULL;
        return;
    }
}

// libdav1d's mapping (its code).
static int ic_dav1d_segment(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    (void)context;
    if (info->dlpi_name == NULL || strstr(info->dlpi_name, "libdav1d.so") == NULL) return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_X)) continue;
        ic_dav1d_low = info->dlpi_addr + segment->p_vaddr;
        ic_dav1d_high = ic_dav1d_low + segment->p_memsz;
    }
    return 1;
}

static void *ic_counted(void *p, const void *caller) {
    if (p != NULL) {
        const size_t live = __atomic_add_fetch(&ic_live, malloc_usable_size(p), __ATOMIC_RELAXED);
        size_t peak = __atomic_load_n(&ic_peak, __ATOMIC_RELAXED);
        while (live > peak && !__atomic_compare_exchange_n(&ic_peak, &peak, live, 1, __ATOMIC_RELAXED,
                                                           __ATOMIC_RELAXED)) {
        }
        ic_track(p, caller);
    }
    return p;
}

static void ic_uncount(void *p) {
    if (p != NULL) {
        ic_untrack(p);
        __atomic_sub_fetch(&ic_live, malloc_usable_size(p), __ATOMIC_RELAXED);
    }
}

void *malloc(size_t size) { return ic_counted(__libc_malloc(size), __builtin_return_address(0)); }
void *calloc(size_t count, size_t size) {
    return ic_counted(__libc_calloc(count, size), __builtin_return_address(0));
}
void free(void *p) {
    ic_uncount(p);
    __libc_free(p);
}
void *realloc(void *old, size_t size) {
    const size_t before = old != NULL ? malloc_usable_size(old) : 0;
    if (old != NULL) ic_untrack(old);
    void *p = __libc_realloc(old, size);
    if (p == NULL && size > 0) {   // the old block stays, counted
        if (old != NULL) ic_track(old, __builtin_return_address(0));
        return NULL;
    }
    __atomic_sub_fetch(&ic_live, before, __ATOMIC_RELAXED);
    return ic_counted(p, __builtin_return_address(0));
}
static void *ic_memalign(size_t alignment, size_t size, const void *caller) {
    return ic_counted(__libc_memalign(alignment, size), caller);
}
void *memalign(size_t alignment, size_t size) { return ic_memalign(alignment, size, __builtin_return_address(0)); }
void *aligned_alloc(size_t alignment, size_t size) {
    return ic_memalign(alignment, size, __builtin_return_address(0));
}
int posix_memalign(void **out, size_t alignment, size_t size) {
    void *p = ic_memalign(alignment, size, __builtin_return_address(0));
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

// 1 when the file is over its reservation, 0 when within it or not on the dav1d path.
static int ic_check(const char *path) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return 0;
    uint8_t *data = NULL;
    size_t size = 0;
    if (fseek(file, 0, SEEK_END) == 0) {
        const long end = ftell(file);
        if (end > 0 && fseek(file, 0, SEEK_SET) == 0 && (data = malloc((size_t)end)) != NULL) {
            size = fread(data, 1, (size_t)end, file);
        }
    }
    fclose(file);
    ic_heif *heif = ic_heif_create();
    ic_heif_info info;
    int over = 0;
    // ic_heif_open's own peak: libheif's reading of the boxes, the plan, and dav1d's reading of
    // each tile's frame header (ic_dav1d_frame_tiles), dav1d's part apart.
    const size_t before = __atomic_load_n(&ic_live, __ATOMIC_RELAXED);
    __atomic_store_n(&ic_peak, before, __ATOMIC_RELAXED);
    ic_dav1d_live = ic_dav1d_peak = 0;
    const ic_status opened = data != NULL && heif != NULL ? ic_heif_open(heif, data, size, 16384, &info) : IC_ERR_STATE;
    const size_t open_peak = __atomic_load_n(&ic_peak, __ATOMIC_RELAXED) - before, open_dav1d = ic_dav1d_peak;
    if (opened == IC_OK && info.primary.dav1d && !info.primary.dav1d_hevc) {
        const ic_heif_image_info *image = &info.primary;
        uint8_t *row = malloc((size_t)image->width * 4);
        const size_t base = __atomic_load_n(&ic_live, __ATOMIC_RELAXED);
        __atomic_store_n(&ic_peak, base, __ATOMIC_RELAXED);
        ic_dav1d_live = ic_dav1d_peak = 0;
        uint32_t width = 0, height = 0;
        ic_status status = row != NULL ? ic_heif_decode(heif, 0, 0, &width, &height) : IC_ERR_NO_MEMORY;
        for (uint32_t y = 0; status == IC_OK && y < height; y++) {
            status = ic_heif_read_rows(heif, row, (size_t)width * 4, y, 1);
        }
        const uint64_t peak = __atomic_load_n(&ic_peak, __ATOMIC_RELAXED) - base;
        const uint64_t reserved = image->dav1d_picture_bytes + image->dav1d_state_bytes +
                                  image->dav1d_stream_bytes + image->dav1d_shim_bytes;
        over = peak > reserved;
        printf("%s %s: %ux%u, heap peak %.3f MB of %.3f MB reserved (pictures %.3f, state %.3f); dav1d's own "
               "peak %.3f MB; opening %.3f MB (dav1d %.3f MB)%s\n",
               over ? "OVER" : "ok", path, image->width, image->height, peak / 1e6, reserved / 1e6,
               image->dav1d_picture_bytes / 1e6, image->dav1d_state_bytes / 1e6, ic_dav1d_peak / 1e6,
               open_peak / 1e6, open_dav1d / 1e6, status == IC_OK ? "" : " (decode failed)");
        free(row);
    }
    ic_heif_destroy(heif);
    free(data);
    return over;
}

int main(int argc, char **argv) {
    // libdav1d mapped now (the shim's own dlopen finds it loaded), so that its blocks are told apart.
    if (dlopen("libdav1d.so.6", RTLD_NOW | RTLD_LOCAL) != NULL) dl_iterate_phdr(ic_dav1d_segment, NULL);
    int over = 0;
    for (int i = 1; i < argc; i++) over |= ic_check(argv[i]);
    return over;
}
