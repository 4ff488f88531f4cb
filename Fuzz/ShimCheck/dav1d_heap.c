// The dav1d path's reservation against what it allocates (Fuzz/shim-check.sh runs it, without
// valgrind). For each AVIF given: ic_heif_open reads the boxes (libheif's memory, reserved on its
// own), then a malloc counter in this executable (it stands in for libc's malloc for every
// library, dav1d included) records the most the heap holds above that point while
// ic_heif_decode and the reading of every row run. That must not pass what HEIFDecoder reserves
// for the image from its header (HEIFDecoder.dav1dWorkingBytes): dav1d's pictures, its state,
// its copy of the stream and IC_DAV1D_SHIM_BYTES. Files that do not take the dav1d path are
// skipped. Prints each file's peak and reservation; exits 1 when one is over.
#define _GNU_SOURCE
#include "ic_codecs.h"

#include <errno.h>
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

static void *ic_counted(void *p) {
    if (p != NULL) {
        const size_t live = __atomic_add_fetch(&ic_live, malloc_usable_size(p), __ATOMIC_RELAXED);
        size_t peak = __atomic_load_n(&ic_peak, __ATOMIC_RELAXED);
        while (live > peak && !__atomic_compare_exchange_n(&ic_peak, &peak, live, 1, __ATOMIC_RELAXED,
                                                           __ATOMIC_RELAXED)) {
        }
    }
    return p;
}

static void ic_uncount(void *p) {
    if (p != NULL) __atomic_sub_fetch(&ic_live, malloc_usable_size(p), __ATOMIC_RELAXED);
}

void *malloc(size_t size) { return ic_counted(__libc_malloc(size)); }
void *calloc(size_t count, size_t size) { return ic_counted(__libc_calloc(count, size)); }
void free(void *p) {
    ic_uncount(p);
    __libc_free(p);
}
void *realloc(void *old, size_t size) {
    const size_t before = old != NULL ? malloc_usable_size(old) : 0;
    void *p = __libc_realloc(old, size);
    if (p == NULL && size > 0) return NULL;   // the old block stays, counted
    __atomic_sub_fetch(&ic_live, before, __ATOMIC_RELAXED);
    return ic_counted(p);
}
void *memalign(size_t alignment, size_t size) { return ic_counted(__libc_memalign(alignment, size)); }
void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    void *p = memalign(alignment, size);
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
    if (data != NULL && heif != NULL && ic_heif_open(heif, data, size, 16384, &info) == IC_OK &&
        info.primary.dav1d && !info.primary.dav1d_hevc) {
        const ic_heif_image_info *image = &info.primary;
        uint8_t *row = malloc((size_t)image->width * 4);
        const size_t base = __atomic_load_n(&ic_live, __ATOMIC_RELAXED);
        __atomic_store_n(&ic_peak, base, __ATOMIC_RELAXED);
        uint32_t width = 0, height = 0;
        ic_status status = row != NULL ? ic_heif_decode(heif, 0, 0, &width, &height) : IC_ERR_NO_MEMORY;
        for (uint32_t y = 0; status == IC_OK && y < height; y++) {
            status = ic_heif_read_rows(heif, row, (size_t)width * 4, y, 1);
        }
        const uint64_t peak = __atomic_load_n(&ic_peak, __ATOMIC_RELAXED) - base;
        const uint64_t reserved = image->dav1d_picture_bytes + image->dav1d_state_bytes +
                                  image->dav1d_stream_bytes + IC_DAV1D_SHIM_BYTES;
        over = peak > reserved;
        printf("%s %s: %ux%u, heap peak %.3f MB of %.3f MB reserved (pictures %.3f, state %.3f)%s\n",
               over ? "OVER" : "ok", path, image->width, image->height, peak / 1e6, reserved / 1e6,
               image->dav1d_picture_bytes / 1e6, image->dav1d_state_bytes / 1e6,
               status == IC_OK ? "" : " (decode failed)");
        free(row);
    }
    ic_heif_destroy(heif);
    free(data);
    return over;
}

int main(int argc, char **argv) {
    int over = 0;
    for (int i = 1; i < argc; i++) over |= ic_check(argv[i]);
    return over;
}
