// The buffers of dav1d's large pictures (ic_heif_dav1d.c's allocator): mappings of their own,
// in huge pages where the kernel gives them.
#include "ic_heif_avif.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define IC_DAV1D_HUGE_PAGE (2u << 20)

// A large picture's buffer: an anonymous mapping aligned to 2 MB whose whole 2 MB stretches
// are advised as huge pages (MADV_HUGEPAGE; the kernel's transparent huge pages are "madvise"
// on Debian). dav1d fills the picture once, so with 4 kB pages each of a 12 MP picture's 4,500
// pages was a fault and a zeroing of its own: with the kernel's other faults, a fifth of the
// analysis' time (avifdec pays the same). In huge pages the analysis takes 7 ms less (80 → 73
// ms, alternating runs) with 2,500 faults instead of 7,100. The tail past the last whole 2 MB
// stays in 4 kB pages, so the peak RSS is the picture's as with malloc (memory.sh: 38.7 MB both
// ways, median of 9); a mapping rounded up to 2 MB would fault memory the picture does not use.
// Returns NULL when the mapping fails; without transparent huge pages, madvise fails and the
// buffer is ordinary pages.
uint8_t *ic_dav1d_map(size_t size) {
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
void ic_dav1d_unmap(uint8_t *start, size_t size) {
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    munmap(start, (size + page - 1) / page * page);
}

