// dav1d 1.0 for the shim's own AV1 path (ic_heif_avif.c), loaded at run time: dlopen of
// libdav1d.so.6 into a table of the few functions used, so the library is not on the link line
// (the package's other codecs are being moved to lazy loading too) and a system without it still
// decodes everything else, AVIF included, through libheif and libaom.
//
// Why dav1d called here rather than through libheif: libheif 1.15's dav1d plugin used dav1d's
// default logger (stderr) and leaked on some error paths (ic_heif_av1.c). Called directly, every
// context gets a logger callback that keeps the last message on the decoder, a single thread,
// one frame of delay and a frame-size limit from the image's header, and is closed on every path.
// dav1d's argument checks (validate_input_or_ret) print to stderr when they fail: every call here
// passes arguments they accept (non-empty data, an empty picture, settings in range).
#include "ic_heif_avif.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    void (*default_settings)(Dav1dSettings *);
    int (*open)(Dav1dContext **, const Dav1dSettings *);
    int (*send_data)(Dav1dContext *, Dav1dData *);
    int (*get_picture)(Dav1dContext *, Dav1dPicture *);
    void (*close)(Dav1dContext **);
    void (*picture_unref)(Dav1dPicture *);
    uint8_t *(*data_create)(Dav1dData *, size_t);
    void (*data_unref)(Dav1dData *);
} ic_dav1d_table;

static ic_dav1d_table ic_dav1d;
static int ic_dav1d_loaded;
static pthread_once_t ic_dav1d_once = PTHREAD_ONCE_INIT;

static void ic_dav1d_load(void) {
    // Kept open for the process: pictures may be released on any thread at any time.
    void *library = dlopen("libdav1d.so.6", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    ic_dav1d_table t;
    *(void **)&t.default_settings = dlsym(library, "dav1d_default_settings");
    *(void **)&t.open = dlsym(library, "dav1d_open");
    *(void **)&t.send_data = dlsym(library, "dav1d_send_data");
    *(void **)&t.get_picture = dlsym(library, "dav1d_get_picture");
    *(void **)&t.close = dlsym(library, "dav1d_close");
    *(void **)&t.picture_unref = dlsym(library, "dav1d_picture_unref");
    *(void **)&t.data_create = dlsym(library, "dav1d_data_create");
    *(void **)&t.data_unref = dlsym(library, "dav1d_data_unref");
    if (t.default_settings == NULL || t.open == NULL || t.send_data == NULL || t.get_picture == NULL ||
        t.close == NULL || t.picture_unref == NULL || t.data_create == NULL || t.data_unref == NULL) {
        dlclose(library);
        return;
    }
    // IC_DAV1D_CPU_MASK (a number; 0: plain C) limits dav1d's SIMD before any context exists.
    // For Fuzz/shim-check.sh: valgrind 3.19 cannot translate dav1d's AVX2 assembly ("VEX
    // temporary storage exhausted"), so the shim's own C is checked over dav1d's C paths.
    const char *mask = getenv("IC_DAV1D_CPU_MASK");
    void (*set_mask)(unsigned) = NULL;
    *(void **)&set_mask = dlsym(library, "dav1d_set_cpu_flags_mask");
    if (mask != NULL && set_mask != NULL) set_mask((unsigned)strtoul(mask, NULL, 0));
    ic_dav1d = t;
    ic_dav1d_loaded = 1;
}

int ic_dav1d_available(void) {
    pthread_once(&ic_dav1d_once, ic_dav1d_load);
    return ic_dav1d_loaded;
}

// dav1d's messages ("Error parsing OBU data", ...) are kept, the last one, for the error.
static void ic_dav1d_log(void *cookie, const char *format, va_list arguments) {
    char *message = cookie;
    vsnprintf(message, IC_DAV1D_MESSAGE, format, arguments);
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == ' ')) message[--length] = 0;
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

uint64_t ic_dav1d_state_bytes(uint32_t width, uint32_t height, int deep) {
    const uint64_t padded = (((uint64_t)width + 127) & ~(uint64_t)127) * (((uint64_t)height + 127) & ~(uint64_t)127);
    return (deep ? padded * 13 / 20 : padded / 2) + IC_DAV1D_CONTEXT_BYTES;
}

// The pictures dav1d asks for, held to what the caller planned (and reserved) from the item's
// header, all of them together: a sequence header deeper, less subsampled or larger than the av1C
// and ispe said, or a stream that makes dav1d keep a second picture (a frame not shown, film
// grain applied to a copy), gets no memory, and the decode fails before dav1d allocates its
// per-frame state for it.
typedef struct {
    uint64_t limit;
    uint64_t allocated;   // every picture's bytes this decode (a still image has one picture)
    int refused;
} ic_dav1d_allocator;

static int ic_dav1d_alloc(Dav1dPicture *p, void *cookie) {
    ic_dav1d_allocator *allocator = cookie;
    ptrdiff_t strides[2];
    uint64_t luma = 0, chroma = 0;
    if (p->p.w <= 0 || p->p.h <= 0) return DAV1D_ERR(EINVAL);
    const uint64_t size = ic_dav1d_picture_bytes((uint32_t)p->p.w, (uint32_t)p->p.h, p->p.bpc, p->p.layout, strides,
                                                 &luma, &chroma);
    if (size > allocator->limit - allocator->allocated || size > SIZE_MAX) {
        allocator->refused = 1;
        return DAV1D_ERR(ENOMEM);
    }
    uint8_t *buffer = NULL;
    if (posix_memalign((void **)&buffer, DAV1D_PICTURE_ALIGNMENT, (size_t)size) != 0) return DAV1D_ERR(ENOMEM);
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
static void ic_dav1d_free(Dav1dPicture *p, void *cookie) {
    (void)cookie;
    free(p->allocator_data);
}

void ic_dav1d_release(ic_dav1d_picture *picture) {
    if (picture->held) ic_dav1d.picture_unref(&picture->picture);
    free(picture->planes);
    memset(picture, 0, sizeof(*picture));
}

ic_status ic_dav1d_decode(const ic_extent *parts, size_t count, uint64_t max_pixels, uint64_t max_picture_bytes,
                          ic_dav1d_picture *out, char *message) {
    memset(out, 0, sizeof(*out));
    message[0] = 0;
    if (!ic_dav1d_available()) {
        snprintf(message, IC_DAV1D_MESSAGE, "libdav1d.so.6 cannot be loaded");
        return IC_ERR_UNSUPPORTED;
    }
    size_t size = 0;
    for (size_t i = 0; i < count; i++) size += parts[i].length;
    if (size == 0) {
        snprintf(message, IC_DAV1D_MESSAGE, "the AV1 item has no data");
        return IC_ERR_CORRUPT;
    }
    Dav1dSettings settings;
    ic_dav1d.default_settings(&settings);
    settings.n_threads = 1;         // the caller's thread only, as every other decoder here
    settings.max_frame_delay = 1;
    settings.all_layers = 0;        // the highest spatial layer of operating point 0, as libavif
    // Film grain is noise synthesised over the decoded picture into a second one: it would double
    // the pictures held, and it does not move an image's colours (zero-mean noise).
    settings.apply_grain = 0;
    settings.frame_size_limit = max_pixels > UINT32_MAX ? UINT32_MAX : (unsigned)max_pixels;
    settings.logger.cookie = message;
    settings.logger.callback = ic_dav1d_log;
    ic_dav1d_allocator allocator = {max_picture_bytes, 0, 0};
    settings.allocator.cookie = &allocator;
    settings.allocator.alloc_picture_callback = ic_dav1d_alloc;
    settings.allocator.release_picture_callback = ic_dav1d_free;
    Dav1dContext *context = NULL;
    if (ic_dav1d.open(&context, &settings) != 0 || context == NULL) {
        snprintf(message, IC_DAV1D_MESSAGE, "cannot allocate the AV1 decoder");
        return IC_ERR_NO_MEMORY;
    }
    Dav1dData data = {0};
    uint8_t *bytes = ic_dav1d.data_create(&data, size);
    if (bytes == NULL) {
        ic_dav1d.close(&context);
        snprintf(message, IC_DAV1D_MESSAGE, "cannot copy the AV1 item's data");
        return IC_ERR_NO_MEMORY;
    }
    for (size_t i = 0, at = 0; i < count; at += parts[i].length, i++) memcpy(bytes + at, parts[i].bytes, parts[i].length);
    ic_status status = IC_OK;
    int result = 0;
    // One thread, one frame of delay: each call decodes what it can; a still image is one
    // temporal unit, whose shown frame comes out once its data is in.
    for (int rounds = 0; rounds < 64; rounds++) {
        if (data.sz > 0) {
            result = ic_dav1d.send_data(context, &data);
            if (result < 0 && result != DAV1D_ERR(EAGAIN)) break;
        }
        memset(&out->picture, 0, sizeof(out->picture));
        result = ic_dav1d.get_picture(context, &out->picture);
        if (result == 0) {
            out->held = 1;
            break;
        }
        if (result != DAV1D_ERR(EAGAIN) || data.sz == 0) break;
    }
    if (data.sz > 0) ic_dav1d.data_unref(&data);
    ic_dav1d.close(&context);
    if (!out->held) {
        if (message[0] == 0) {
            snprintf(message, IC_DAV1D_MESSAGE, "%s", result == DAV1D_ERR(ENOMEM) ? "dav1d ran out of memory"
                                                  : result == 0 || result == DAV1D_ERR(EAGAIN)
                                                      ? "the AV1 stream holds no picture"
                                                      : "the AV1 stream cannot be decoded");
        }
        if (allocator.refused) {
            snprintf(message, IC_DAV1D_MESSAGE, "a picture deeper, less subsampled or larger than its header says");
        }
        status = result == DAV1D_ERR(ENOMEM) && !allocator.refused ? IC_ERR_NO_MEMORY : IC_ERR_CORRUPT;
    }
    return status;
}
