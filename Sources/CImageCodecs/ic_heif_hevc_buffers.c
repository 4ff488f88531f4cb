// The buffers libde265 decodes into for the shim's HEVC plugin (ic_heif_hevc.c), and how a
// decoded picture shows that part of it was never decoded.
//
// libde265 1.0.11 leaves what it cannot decode of a damaged picture unwritten, often without a
// warning. So every sample starts at a known value: chroma mid-grey, luma a checkerboard of
// mid-grey ± 1 (grey to the eye and to the analysis). An 8×8 block of the luma still holding the
// checkerboard after decoding may never have been written (ic_hevc_undecoded); libde265 writes
// whole blocks of 16×16 or more. A picture can hold that checkerboard itself, though: x265 keeps
// a 1-pixel 127/129 grey checkerboard exactly, losslessly and at quality 80 alike. So a suspect
// picture is decoded again on the checkerboard's other phase (ic_hevc_invert_pattern): a block
// that was never written flips with it, one the stream wrote stays.
#include "ic_heif_hevc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Bytes past each plane's last row: libde265's SIMD code reads up to 8 past it (its own buffers
// are padded by 8 or 16); more, and set, costs nothing.
enum { IC_HEVC_PADDING = 64, IC_HEVC_ALIGNMENT = 64, IC_HEVC_BLOCK = 8 };

// Which phase of the checkerboard this thread's next buffers start with (ic_hevc_invert_pattern).
// libde265 asks for its buffers on the thread that calls de265_decode (a picture's, and SAO's
// output and copies), never on its worker threads.
static _Thread_local int ic_hevc_inverted = 0;

void ic_hevc_invert_pattern(int inverted) { ic_hevc_inverted = inverted != 0; }

// The starting value of sample (x, y) of a plane at `bits`: mid-grey, ± 1 on the luma checkerboard.
static unsigned ic_hevc_start_value(int luma, int bits, size_t x, size_t y) {
    const unsigned middle = 1u << (bits - 1);
    if (!luma) return middle;
    return (((x + y) & 1) ^ (unsigned)ic_hevc_inverted) ? middle + 1 : middle - 1;
}

// Allocates plane `c` of `samples` × `rows` samples of `bytes` each (rows padded to `alignment`
// samples), every sample set to its starting value, and hands it to libde265 with `owned` as the
// plane's user data: the allocation, for ic_hevc_release_buffer to free, or NULL for libde265's
// own release function (which frees the plane's start). The allocation, or NULL.
static uint8_t *ic_hevc_plane(struct de265_image *img, int c, int samples, int rows, int bits, int alignment, int owned) {
    const size_t bytes = bits > 8 ? 2 : 1;
    const size_t stride = ((size_t)samples + (size_t)alignment - 1) / (size_t)alignment * (size_t)alignment;
    if (rows <= 0 || stride == 0 || stride > (size_t)INT32_MAX / bytes) return NULL;
    const size_t size = stride * bytes * (size_t)rows + IC_HEVC_PADDING;
    uint8_t *memory = NULL;
    if (posix_memalign((void **)&memory, IC_HEVC_ALIGNMENT, size) != 0) return NULL;
    memset(memory + size - IC_HEVC_PADDING, 0, IC_HEVC_PADDING);
    // Two rows set sample by sample (the checkerboard's two phases), the others copied from the
    // one of their parity: setting every sample was 7% of a 1620×1080 HEIC's instructions.
    const size_t row_bytes = stride * bytes;
    for (size_t y = 0; y < (size_t)rows && y < 2; y++) {
        uint8_t *row = memory + y * row_bytes;
        for (size_t x = 0; x < stride; x++) {
            const unsigned value = ic_hevc_start_value(c == 0, bits, x, y);
            if (bytes == 1) {
                row[x] = (uint8_t)value;
            } else {
                const uint16_t sample = (uint16_t)value;
                memcpy(row + x * 2, &sample, 2);
            }
        }
    }
    for (size_t y = 2; y < (size_t)rows; y++) memcpy(memory + y * row_bytes, memory + (y & 1) * row_bytes, row_bytes);
    // The public call takes the stride in bytes (libde265 divides it by the sample size).
    de265_set_image_plane(img, c, memory, (int)(stride * bytes), owned ? memory : NULL);
    return memory;
}

static void ic_hevc_release_buffer(de265_decoder_context *context, struct de265_image *img, void *userdata) {
    (void)context, (void)userdata;
    for (int c = 0; c < 3; c++) free(de265_get_image_plane_user_data(img, c));
}

// libde265 sets the picture's chroma format and bit depths before it asks for its buffers; the
// spec gives the coded size (before the conformance window) and the row alignment.
static int ic_hevc_buffers(struct de265_image_spec *spec, struct de265_image *img, int owned) {
    const enum de265_chroma chroma = de265_get_chroma_format(img);
    if (spec->width <= 0 || spec->height <= 0 || spec->alignment <= 0) return 0;
    int sub_x = 1, sub_y = 1;
    if (chroma == de265_chroma_420) sub_x = sub_y = 2;
    if (chroma == de265_chroma_422) sub_x = 2;
    const int planes = chroma == de265_chroma_mono ? 1 : 3;
    uint8_t *made[3] = {NULL, NULL, NULL};
    for (int c = 0; c < planes; c++) {
        const int bits = de265_get_bits_per_pixel(img, c);
        const int samples = c == 0 ? spec->width : (spec->width + sub_x - 1) / sub_x;
        const int rows = c == 0 ? spec->height : (spec->height + sub_y - 1) / sub_y;
        // libde265 refuses other depths when it reads the SPS; checked again, as a failure.
        if (bits >= 8 && bits <= 16) made[c] = ic_hevc_plane(img, c, samples, rows, bits, spec->alignment, owned);
        if (made[c] == NULL) {
            for (int done = 0; done < 3; done++) {
                free(made[done]);
                de265_set_image_plane(img, done, NULL, 0, NULL);
            }
            return 0;
        }
    }
    for (int c = planes; c < 3; c++) de265_set_image_plane(img, c, NULL, 0, NULL);
    return 1;
}

static int ic_hevc_get_buffer(de265_decoder_context *context, struct de265_image_spec *spec,
                              struct de265_image *img, void *userdata) {
    (void)context, (void)userdata;
    return ic_hevc_buffers(spec, img, 1);
}

const struct de265_image_allocation ic_hevc_allocation = {ic_hevc_get_buffer, ic_hevc_release_buffer};

// For libde265's own buffers: no user data, so that its own release function frees them (it
// frees each plane's start), and so that another libde265 user in the process whose release
// function reads the plane's user data as its own (GStreamer's and VLC's do, for buffers of their
// own) finds none on these.
static int ic_hevc_get_default_buffer(de265_decoder_context *context, struct de265_image_spec *spec,
                                      struct de265_image *img, void *userdata) {
    (void)context, (void)userdata;
    return ic_hevc_buffers(spec, img, 0);
}

// 1 when [start, start + size) lies in one writable mapping of this process, 0 when it does not,
// -1 when that cannot be told (no /proc/self/maps: not Linux).
static int ic_hevc_writable(const void *start, size_t size) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (maps == NULL) return -1;
    const uintptr_t first = (uintptr_t)start, last = first + size;
    char line[4096];
    int writable = 0;
    while (fgets(line, sizeof(line), maps) != NULL) {
        const size_t length = strlen(line);
        const int whole = length > 0 && line[length - 1] == '\n';
        unsigned long low = 0, high = 0;
        char permissions[8] = {0};
        if (sscanf(line, "%lx-%lx %7s", &low, &high, permissions) == 3 && first >= low && last <= high) {
            writable = permissions[1] == 'w';
            break;
        }
        // The rest of a line longer than the buffer (a long path) is not a mapping of its own.
        while (!whole && fgets(line, sizeof(line), maps) != NULL && strchr(line, '\n') == NULL) {}
    }
    fclose(maps);
    return writable;
}

int ic_hevc_take_default_allocation(void) {
    // libde265 1.0 only, whose default functions are a plain non-const struct that each picture
    // copies when it is allocated; a later version is left alone. Where /proc/self/maps can be
    // read the struct must lie in writable memory; elsewhere 1.0's definition is trusted.
    if ((de265_get_version_number() >> 16) != 0x0100) return 0;
    struct de265_image_allocation *defaults = (struct de265_image_allocation *)de265_get_default_image_allocation_functions();
    if (defaults == NULL || defaults->release_buffer == NULL || ic_hevc_writable(defaults, sizeof(*defaults)) == 0) return 0;
    // Only get_buffer changes, to a function whose buffers libde265's own release_buffer frees:
    // a picture allocated before, or by another thread reading the struct meanwhile, pairs
    // either get_buffer with the same release.
    defaults->get_buffer = ic_hevc_get_default_buffer;
    return 1;
}

// Sample (x, y) of a luma plane of `bytes` bytes a sample.
static unsigned ic_hevc_sample(const uint8_t *plane, int stride, size_t bytes, int x, int y) {
    const uint8_t *at = plane + (size_t)y * (size_t)stride + (size_t)x * bytes;
    if (bytes == 1) return *at;
    uint16_t sample;
    memcpy(&sample, at, 2);
    return sample;
}

// The first sample of the 8×8 block at (bx, by) when the block holds the checkerboard of `low` and
// `high` (either phase: a window cropped at the left or top shifts it), else 0.
static unsigned ic_hevc_block(const uint8_t *plane, int stride, size_t bytes, int bx, int by, unsigned low, unsigned high) {
    const unsigned first = ic_hevc_sample(plane, stride, bytes, bx, by);
    if (first != low && first != high) return 0;
    for (int y = 0; y < IC_HEVC_BLOCK; y++) {
        for (int x = 0; x < IC_HEVC_BLOCK; x++) {
            const unsigned expected = ((x + y) & 1) ? low + high - first : first;
            if (ic_hevc_sample(plane, stride, bytes, bx + x, by + y) != expected) return 0;
        }
    }
    return first;
}

int ic_hevc_undecoded(const struct de265_image *picture, const uint8_t *reference, int reference_stride) {
    int stride = 0;
    const uint8_t *plane = de265_get_image_plane(picture, 0, &stride);
    const int width = de265_get_image_width(picture, 0), height = de265_get_image_height(picture, 0);
    const int bits = de265_get_bits_per_pixel(picture, 0);
    if (plane == NULL || stride <= 0 || bits < 8 || bits > 16) return 0;
    const size_t bytes = bits > 8 ? 2 : 1;
    if (reference != NULL && (size_t)reference_stride < (size_t)width * bytes) return 1;
    const unsigned low = (1u << (bits - 1)) - 1, high = low + 2;
    // 8×8 blocks every 4 samples: the deblocking filter of decoded neighbours changes up to 3
    // samples on each side of an undecoded 16×16 block, whose middle 10×10 holds one of them.
    for (int by = 0; by + IC_HEVC_BLOCK <= height; by += IC_HEVC_BLOCK / 2) {
        for (int bx = 0; bx + IC_HEVC_BLOCK <= width; bx += IC_HEVC_BLOCK / 2) {
            const unsigned first = ic_hevc_block(plane, stride, bytes, bx, by, low, high);
            if (first == 0) continue;
            // The same stream decoded on the other phase: a block never written holds that phase
            // there; one the stream wrote holds the same samples.
            if (reference == NULL || ic_hevc_block(reference, reference_stride, bytes, bx, by, low, high) == low + high - first) {
                return 1;
            }
        }
    }
    return 0;
}
