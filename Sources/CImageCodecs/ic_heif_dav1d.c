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
    int (*data_wrap)(Dav1dData *, const uint8_t *, size_t, void (*)(const uint8_t *, void *), void *);
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
    *(void **)&t.data_wrap = dlsym(library, "dav1d_data_wrap");
    *(void **)&t.data_unref = dlsym(library, "dav1d_data_unref");
    if (t.default_settings == NULL || t.open == NULL || t.send_data == NULL || t.get_picture == NULL ||
        t.close == NULL || t.picture_unref == NULL || t.data_create == NULL || t.data_wrap == NULL ||
        t.data_unref == NULL) {
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

void ic_dav1d_release(ic_dav1d_picture *picture) {
    if (picture->held) ic_dav1d.picture_unref(&picture->picture);
    free(picture->planes);
    memset(picture, 0, sizeof(*picture));
}

int ic_av1_whole_obus(const uint8_t *obus, size_t size) {
    size_t at = 0;
    while (at < size) {
        const uint8_t header = obus[at];
        if (!(header & 0x02)) return 0;       // no obu_has_size_field: the OBU runs to the data's end
        at += (header & 0x04) ? 2 : 1;        // obu_extension_flag: one more byte of header
        uint64_t length = 0;
        for (unsigned i = 0;; i++) {          // leb128, at most 8 bytes (AV1 4.10.5)
            if (at >= size || i == 8) return 0;
            const uint8_t byte = obus[at++];
            length |= (uint64_t)(byte & 0x7f) << (7 * i);
            if (!(byte & 0x80)) break;
        }
        if (length > size - at) return 0;     // it would read on into the item's data
        at += (size_t)length;
    }
    return 1;
}

int ic_extents_adjacent(const ic_extent *extents, size_t count) {
    for (size_t i = 1; i < count; i++) {
        if (extents[i - 1].bytes + extents[i - 1].length != extents[i].bytes) return 0;
    }
    return count > 0;
}

// dav1d's release of bytes it read in place: they are the caller's (the file's), and dav1d_close
// drops its last reference to them before ic_dav1d_decode returns (a picture keeps none: no user
// data is wrapped). Nothing to free.
static void ic_dav1d_keep(const uint8_t *bytes, void *cookie) {
    (void)bytes;
    (void)cookie;
}

// Decodes the stream with `allocator` (ic_dav1d_decode, ic_dav1d_frame_tiles): the result of
// the last dav1d call, or 1 when the stream could not be handed to dav1d (out of memory).
static int ic_dav1d_run(const ic_extent *config, const ic_extent *extents, size_t count, uint64_t max_pixels,
                        ic_dav1d_allocator *allocator, ic_dav1d_picture *out, char *message) {
    message[0] = 0;
    size_t size = 0;
    for (size_t i = 0; i < count; i++) size += extents[i].length;
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
    settings.allocator.cookie = allocator;
    settings.allocator.alloc_picture_callback = ic_dav1d_alloc;
    settings.allocator.release_picture_callback = ic_dav1d_free;
    // The stream as dav1d reads it: in place when the item's data is one run of the caller's bytes
    // (ic_extents_adjacent) and its configuration OBUs end where an OBU ends (ic_av1_whole_obus):
    // two packets then, the OBUs and the data, which dav1d parses OBU by OBU as it would the
    // joined bytes; else joined in dav1d's copy, as libheif 1.15 pushes them. dav1d checks a
    // packet's arguments with a line on stderr: no packet is ever empty here.
    Dav1dData packets[2];
    memset(packets, 0, sizeof(packets));
    size_t packet_count = 0;
    int ready = 0;
    if (ic_av1_whole_obus(config->bytes, config->length) && ic_extents_adjacent(extents, count)) {
        ready = 1;
        if (config->length > 0) {
            ready = ic_dav1d.data_wrap(&packets[packet_count++], config->bytes, config->length, ic_dav1d_keep, NULL) == 0;
        }
        if (ready) ready = ic_dav1d.data_wrap(&packets[packet_count++], extents[0].bytes, size, ic_dav1d_keep, NULL) == 0;
    } else if (size <= SIZE_MAX - config->length) {
        uint8_t *bytes = ic_dav1d.data_create(&packets[packet_count++], config->length + size);
        if (bytes != NULL) {
            if (config->length > 0) memcpy(bytes, config->bytes, config->length);
            for (size_t i = 0, at = config->length; i < count; at += extents[i].length, i++) {
                memcpy(bytes + at, extents[i].bytes, extents[i].length);
            }
            ready = 1;
        }
    }
    Dav1dContext *context = NULL;
    if (!ready || ic_dav1d.open(&context, &settings) != 0 || context == NULL) {
        for (size_t i = 0; i < packet_count; i++) {
            if (packets[i].data != NULL) ic_dav1d.data_unref(&packets[i]);
        }
        snprintf(message, IC_DAV1D_MESSAGE, ready ? "cannot allocate the AV1 decoder" : "cannot hold the AV1 item's data");
        return 1;
    }
    int result = 0;
    size_t next = 0;   // the packet to send
    // One thread, one frame of delay: each call decodes what it can; a still image is one
    // temporal unit, whose shown frame comes out once its data is in.
    for (int rounds = 0; rounds < 64; rounds++) {
        if (next < packet_count) {
            result = ic_dav1d.send_data(context, &packets[next]);
            if (result < 0 && result != DAV1D_ERR(EAGAIN)) break;
            // Taken whole (dav1d holds its own reference): the configuration OBUs give no picture,
            // so the item's data follows at once.
            if (packets[next].sz == 0 && ++next < packet_count) continue;
        }
        memset(&out->picture, 0, sizeof(out->picture));
        result = ic_dav1d.get_picture(context, &out->picture);
        if (result == 0) {
            out->held = 1;
            break;
        }
        if (result != DAV1D_ERR(EAGAIN) || next == packet_count) break;
    }
    for (size_t i = 0; i < packet_count; i++) {
        if (packets[i].data != NULL) ic_dav1d.data_unref(&packets[i]);
    }
    ic_dav1d.close(&context);
    return result;
}

ic_status ic_dav1d_decode(const ic_extent *config, const ic_extent *extents, size_t count, uint64_t max_pixels,
                          uint64_t max_picture_bytes, uint32_t max_tiles, ic_dav1d_picture *out, char *message) {
    memset(out, 0, sizeof(*out));
    message[0] = 0;
    if (!ic_dav1d_available()) {
        snprintf(message, IC_DAV1D_MESSAGE, "libdav1d.so.6 cannot be loaded");
        return IC_ERR_UNSUPPORTED;
    }
    if (count == 0) {
        snprintf(message, IC_DAV1D_MESSAGE, "the AV1 item has no data");
        return IC_ERR_CORRUPT;
    }
    ic_dav1d_allocator allocator = {max_picture_bytes, 0, max_tiles, 0, 0, 0};
    const int result = ic_dav1d_run(config, extents, count, max_pixels, &allocator, out, message);
    if (result == 1) return IC_ERR_NO_MEMORY;
    if (out->held) return IC_OK;
    if (message[0] == 0) {
        snprintf(message, IC_DAV1D_MESSAGE, "%s", result == DAV1D_ERR(ENOMEM) ? "dav1d ran out of memory"
                                              : result == 0 || result == DAV1D_ERR(EAGAIN)
                                                  ? "the AV1 stream holds no picture"
                                                  : "the AV1 stream cannot be decoded");
    }
    if (allocator.refused == IC_DAV1D_PICTURE) {
        snprintf(message, IC_DAV1D_MESSAGE, "a picture deeper, less subsampled or larger than its header says");
    } else if (allocator.refused == IC_DAV1D_TILES) {
        snprintf(message, IC_DAV1D_MESSAGE, "a frame of %u tiles, more than the %u planned from the item's stream",
                 allocator.tiles, max_tiles);
    }
    return result == DAV1D_ERR(ENOMEM) && !allocator.refused ? IC_ERR_NO_MEMORY : IC_ERR_CORRUPT;
}

int64_t ic_dav1d_frame_tiles(const ic_extent *config, const ic_extent *extents, size_t count, uint64_t max_pixels,
                             uint32_t *rows) {
    *rows = 0;
    if (count == 0 || !ic_dav1d_available()) return 0;
    ic_dav1d_allocator allocator = {0, 0, 0, 0, 0, 0};
    ic_dav1d_picture picture;
    char message[IC_DAV1D_MESSAGE];
    message[0] = 0;
    memset(&picture, 0, sizeof(picture));
    if (ic_dav1d_run(config, extents, count, max_pixels, &allocator, &picture, message) == 1) return -1;
    ic_dav1d_release(&picture);   // none: every picture was refused
    *rows = allocator.tile_rows;
    return allocator.tiles;
}
