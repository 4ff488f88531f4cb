// The shim's HEIC and AVIF decoder (ic_heif), shared by ic_heif.c (loading, opening, destroying)
// and ic_heif_decode.c (decoding and reading rows). Private to those two files.
#ifndef IC_HEIF_HANDLE_H
#define IC_HEIF_HANDLE_H

#include "ic_codecs.h"
#include "ic_heif_avif.h"

#include <stdint.h>

#include <libheif/heif.h>

struct ic_heif {
    struct heif_context *context;
    struct heif_image_handle *primary;
    struct heif_image_handle *thumbnail;   // the largest thumbnail of the primary image, or NULL
    struct heif_image *image;              // the decoded image, until ic_heif_destroy
    uint8_t *primary_icc;                  // the raw colour profiles, owned here
    uint8_t *thumbnail_icc;
    int bits;                              // the decoded image's sample depth (8 to 16)
    int channels;                          // 3 (RGB) or 4 (RGBA)
    int premultiplied;
    int failed;
    uint32_t max_side;                     // the caller's cap on a side (0: libheif's default)
    const uint8_t *data;                   // the file, valid until ic_heif_destroy
    size_t size;
    ic_avif_plan plans[2];                 // the primary image's and the thumbnail's dav1d path
    ic_heif_image_info infos[2];           // what ic_heif_open said of them
    int own;                               // opened without libheif (ic_avif_describe)
    int use_libheif;                       // ic_heif_test_use_libheif
    const char *missing;                   // libheif or a codec of it that did not load, when needed
    ic_avif *avif;                         // the image decoded by it, until ic_heif_destroy
    char message[256];
};

// 1 when libheif loaded and the shim's AV1 and HEVC plugins are registered above its own
// (ic_heif.c loads it once per process, at the first file that needs it).
int ic_heif_plugins_ready(void);

#endif
