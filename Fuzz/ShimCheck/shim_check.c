// Drives the C shim directly over files, down every error path it can reach, so that valgrind
// (which cannot run the Swift runtime) or LeakSanitizer can check that each path frees what
// it allocated. Not part of any Swift package: Fuzz/shim-check.sh builds and runs it.
//
// For each file and each of several settings (memory or file source; every DCT scale; a tiny
// libjpeg memory cap; a deadline already passed; a one-scan cap; tight PNG limits; ICC chunks
// kept, or over a tiny limit; raw CMYK rows; WebP frames at full size and scaled, decoded in
// small or large steps, or dropped half way; GIF frames read, skipped or abandoned; HEIC and AVIF
// primary images and thumbnails, strict or not, read whole or half, under a tiny size cap) it opens,
// plans, starts and reads every row until done or an error, then destroys the decoder. Every embedded profile the shim hands out (JPEG
// APP2 reassembled, PNG iCCP) is read byte by byte — valgrind flags any byte left uninitialised
// — and then parsed by LittleCMS and used for a row of pixels, as ImageColors' colour management
// does, so valgrind also watches LittleCMS on the profiles real files carry.
// Exit status 0 unless the shim breaks its own contract (a status code out of range).
#include "ic_codecs.h"
#include "ic_png_writer.h"

#include <lcms2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int checked = 0, failures = 0, profiles = 0, transforms = 0;

static int valid_status(ic_status status) { return status >= IC_ERR_DEADLINE && status <= IC_DONE; }

static void expect_valid(ic_status status, const char *what, const char *path) {
    checked++;
    if (!valid_status(status)) {
        fprintf(stderr, "shim_check: %s: %s returned %d\n", path, what, (int)status);
        failures++;
    }
}

static void expect_true(int holds, const char *what, const char *path) {
    checked++;
    if (!holds) {
        fprintf(stderr, "shim_check: %s: %s does not hold\n", path, what);
        failures++;
    }
}

// Reads every byte (a branch on each, so valgrind reports uninitialised ones), then has
// LittleCMS parse the profile and convert a row to sRGB from RGB, grey or CMYK pixels.
static void use_profile(const uint8_t *icc, size_t size, const char *note, const char *path) {
    if (note != NULL && strlen(note) == 0) {
        fprintf(stderr, "shim_check: %s: empty ICC note\n", path);
        failures++;
    }
    if (icc == NULL || size == 0) return;
    unsigned sum = 0;
    for (size_t i = 0; i < size; i++) sum = sum * 31 + icc[i];
    if (sum == 0x5eed) checked++;
    cmsContext context = cmsCreateContext(NULL, NULL);
    cmsSetLogErrorHandlerTHR(context, NULL);   // NULL: lcms's default, which prints nothing
    cmsHPROFILE profile = cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)size);
    if (profile != NULL) {
        profiles++;
        char description[256];
        cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", description, sizeof(description));
        // As ImageColors' ColorTransform: RGBA with alpha copied, grey to RGB unoptimised, CMYK
        // (as libjpeg stores Adobe's) to RGBA whose alpha lcms leaves alone — set it first.
        cmsUInt32Number format = 0, output = TYPE_RGBA_8, flags = cmsFLAGS_BLACKPOINTCOMPENSATION;
        switch (cmsGetColorSpace(profile)) {
        case cmsSigRgbData: format = TYPE_RGBA_8; flags |= cmsFLAGS_COPY_ALPHA; break;
        case cmsSigGrayData: format = TYPE_GRAY_8; output = TYPE_RGB_8; flags |= cmsFLAGS_NOOPTIMIZE; break;
        case cmsSigCmykData: format = TYPE_CMYK_8_REV; break;
        default: break;
        }
        cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
        cmsHTRANSFORM transform = format == 0 || srgb == NULL ? NULL
            : cmsCreateTransformTHR(context, profile, format, srgb, output, INTENT_RELATIVE_COLORIMETRIC, flags);
        if (transform != NULL) {
            transforms++;
            uint8_t in[64 * 4], out[64 * 4];
            for (int i = 0; i < 64 * 4; i++) in[i] = (uint8_t)(i * 7);
            memset(out, 255, sizeof(out));
            cmsDoTransform(transform, in, out, 64);
            unsigned total = 0;
            for (int i = 0; i < 64 * 4; i++) total += out[i];
            if (total == 1) checked++;
            cmsDeleteTransform(transform);
        }
        if (srgb != NULL) cmsCloseProfile(srgb);
        cmsCloseProfile(profile);
    }
    cmsDeleteContext(context);
}

static void jpeg_once(const char *path, const uint8_t *data, size_t size, int use_file, int scale,
                      size_t max_memory, ic_jpeg_config config, int raw_cmyk) {
    ic_jpeg *jpeg = ic_jpeg_create(config);
    if (jpeg == NULL) return;
    ic_source_desc source = {use_file ? NULL : data, use_file ? 0 : size, path};
    ic_jpeg_info info;
    // Before open, raw CMYK is refused: the state check's path.
    if (raw_cmyk && ic_jpeg_set_raw_cmyk(jpeg, 1) != IC_ERR_STATE) {
        fprintf(stderr, "shim_check: %s: ic_jpeg_set_raw_cmyk accepted before open\n", path);
        failures++;
    }
    ic_status status = ic_jpeg_open(jpeg, source, &info);
    expect_valid(status, "ic_jpeg_open", path);
    if (status == IC_OK) use_profile(info.icc, info.icc_size, info.icc_note, path);
    if (status == IC_OK && raw_cmyk) expect_valid(ic_jpeg_set_raw_cmyk(jpeg, 1), "ic_jpeg_set_raw_cmyk", path);
    if (status == IC_OK && (uint64_t)info.width * info.height <= 50000000u) {
        ic_jpeg_plan plan;
        status = ic_jpeg_plan_scale(jpeg, scale, &plan);
        expect_valid(status, "ic_jpeg_plan_scale", path);
        uint32_t width = 0, height = 0;
        if (status == IC_OK) {
            status = ic_jpeg_start(jpeg, max_memory, &width, &height);
            expect_valid(status, "ic_jpeg_start", path);
        }
        if (status == IC_OK) {
            size_t stride = (size_t)width * 4;
            uint8_t *rows = malloc(stride * 16 + 1);
            uint32_t first = 0, count = 0;
            while (rows != NULL && (status = ic_jpeg_read_rows(jpeg, rows, stride, 16, &first, &count)) == IC_OK) {}
            expect_valid(status, "ic_jpeg_read_rows", path);
            free(rows);
        }
        (void)ic_jpeg_message(jpeg);
    }
    ic_jpeg_destroy(jpeg);
}

static void png_once(const char *path, const uint8_t *data, size_t size, int use_file, ic_png_limits limits) {
    ic_png *png = ic_png_create();
    if (png == NULL) return;
    ic_source_desc source = {use_file ? NULL : data, use_file ? 0 : size, path};
    ic_png_info info;
    ic_status status = ic_png_open(png, source, limits, &info);
    expect_valid(status, "ic_png_open", path);
    if (status == IC_OK) {
        use_profile(info.icc, info.icc_size, info.icc_note, path);
        if (info.srgb + info.gamma == -1) checked++;   // read, so valgrind checks they are set
    }
    if (status == IC_OK && (uint64_t)info.width * info.height <= 50000000u) {
        status = ic_png_start(png);
        expect_valid(status, "ic_png_start", path);
        if (status == IC_OK) {
            uint8_t *row = malloc((size_t)info.width * 4 + 1);
            ic_png_row position;
            while (row != NULL && (status = ic_png_read_row(png, row, &position)) == IC_OK) {}
            expect_valid(status, "ic_png_read_row", path);
            free(row);
        }
        (void)ic_png_message(png);
    }
    ic_png_destroy(png);
}

// Every frame of a WebP (at most the first 8), each at its size or at half, in steps of
// `step` bytes; with `abandon`, each frame is dropped half way and the decoder destroyed with
// one in flight.
static void webp_once(const char *path, const uint8_t *data, size_t size, int half, size_t step, int abandon) {
    ic_webp *webp = ic_webp_create();
    if (webp == NULL) return;
    ic_webp_info info;
    ic_status status = ic_webp_open(webp, data, size, &info);
    expect_valid(status, "ic_webp_open", path);
    if (status == IC_OK) {
        use_profile(info.icc, info.icc_size, NULL, path);
        unsigned sum = 0;
        for (size_t i = 0; i < info.exif_size; i++) sum += info.exif[i];
        if (sum == 1) checked++;
    }
    for (uint32_t index = 0; status == IC_OK && index < info.frame_count && index < 8; index++) {
        ic_webp_frame frame;
        status = ic_webp_frame_info(webp, index, &frame);
        expect_valid(status, "ic_webp_frame_info", path);
        if (status != IC_OK || (uint64_t)frame.width * frame.height > 50000000u) break;
        uint32_t width = half ? (frame.width + 1) / 2 : frame.width, height = half ? (frame.height + 1) / 2 : frame.height;
        uint8_t *rgba = malloc((size_t)width * height * 4);
        if (rgba == NULL) break;
        status = ic_webp_frame_start(webp, index, width, height, rgba, (size_t)width * 4);
        expect_valid(status, "ic_webp_frame_start", path);
        uint32_t rows = 0, steps = 0;
        while (status == IC_OK && !(abandon && rows >= height / 2 && steps > 0)) {
            status = ic_webp_frame_decode(webp, step, &rows);
            expect_valid(status, "ic_webp_frame_decode", path);
            steps++;
            if (rows > height) {
                fprintf(stderr, "shim_check: %s: %u rows of %u\n", path, rows, height);
                failures++;
            }
        }
        // Rows the decoder reported finished are read (valgrind flags any it never wrote).
        unsigned total = 0;
        for (size_t i = 0; i < (size_t)(status == IC_DONE ? height : rows) * width * 4; i++) total += rgba[i];
        if (total == 1) checked++;
        if (abandon) {
            ic_webp_destroy(webp);   // with the frame still in libwebp's hands
            free(rgba);
            return;
        }
        free(rgba);
        if (status == IC_DONE) status = IC_OK;
    }
    (void)ic_webp_message(webp);
    ic_webp_destroy(webp);
}

// A HEIC or AVIF: opened with libheif's default size cap or a tiny one (64 px a side: the
// security-limit error path), then the primary image or the thumbnail decoded, strict or not,
// and every row read, or only the first half (the decoded image destroyed with the handle).
static void heif_once(const char *path, const uint8_t *data, size_t size, uint32_t max_side, int thumbnail,
                      int strict, int half) {
    ic_heif *heif = ic_heif_create();
    if (heif == NULL) return;
    ic_heif_info info;
    ic_status status = ic_heif_open(heif, data, size, max_side, &info);
    expect_valid(status, "ic_heif_open", path);
    if (status == IC_OK) {
        use_profile(info.primary.icc, info.primary.icc_size, NULL, path);
        use_profile(info.thumbnail.icc, info.thumbnail.icc_size, NULL, path);
        const ic_heif_image_info *image = thumbnail && info.thumbnail_count > 0 ? &info.thumbnail : &info.primary;
        uint32_t width = 0, height = 0;
        if ((uint64_t)image->width * image->height <= 50000000u) {
            status = ic_heif_decode(heif, thumbnail && info.thumbnail_count > 0, strict, &width, &height);
            expect_valid(status, "ic_heif_decode", path);
        }
        if (status == IC_OK && width > 0 && height > 0) {
            uint8_t *rgba = malloc((size_t)width * 4 * 16);
            uint32_t last = half ? height / 2 : height;
            unsigned total = 0;
            for (uint32_t y = 0; rgba != NULL && status == IC_OK && y < last; y += 16) {
                uint32_t rows = last - y < 16 ? last - y : 16;
                status = ic_heif_read_rows(heif, rgba, (size_t)width * 4, y, rows);
                expect_valid(status, "ic_heif_read_rows", path);
                for (size_t i = 0; status == IC_OK && i < (size_t)rows * width * 4; i++) total += rgba[i];
            }
            if (total == 1) checked++;
            // Out of range: the shim refuses it without reading.
            if (rgba != NULL) expect_valid(ic_heif_read_rows(heif, rgba, (size_t)width * 4, height, 1), "ic_heif_read_rows", path);
            free(rgba);
        }
    }
    (void)ic_heif_message(heif);
    ic_heif_destroy(heif);
}

// Every frame of a GIF (at most 64): each row read, or with `skip`, every other frame skipped
// unread and the last one abandoned half way.
static void gif_once(const char *path, const uint8_t *data, size_t size, int use_file, int skip) {
    ic_gif *gif = ic_gif_create();
    if (gif == NULL) return;
    ic_source_desc source = {use_file ? NULL : data, use_file ? 0 : size, path};
    ic_gif_info info;
    ic_status status = ic_gif_open(gif, source, &info);
    expect_valid(status, "ic_gif_open", path);
    for (int index = 0; status == IC_OK && index < 64; index++) {
        ic_gif_frame frame;
        status = ic_gif_next_frame(gif, &frame);
        expect_valid(status, "ic_gif_next_frame", path);
        if (status != IC_OK || (uint64_t)frame.width * frame.height > 50000000u) break;
        if (skip && index % 2 == 1) continue;
        uint8_t *rgba = malloc((size_t)frame.width * 4 + 1);
        if (rgba == NULL) break;
        uint32_t y = 0, rows = 0;
        while ((status = ic_gif_read_row(gif, rgba, &y)) == IC_OK) {
            if (y >= frame.height) {
                fprintf(stderr, "shim_check: %s: row %u of %u\n", path, y, frame.height);
                failures++;
            }
            unsigned total = 0;
            for (uint32_t i = 0; i < frame.width * 4; i++) total += rgba[i];
            if (total == 1) checked++;
            if (skip && ++rows > frame.height / 2) break;
        }
        expect_valid(status, "ic_gif_read_row", path);
        free(rgba);
        if (status == IC_DONE) status = IC_OK;
    }
    (void)ic_gif_message(gif);
    ic_gif_destroy(gif);
}

// The encoders (ic_encode.c: JPEG and PNG to memory, the thumbnail's; ic_png_write.c: the
// streaming PNG writer) over an image made from the file's bytes: its size drawn from them
// (1 to 97 by 1 to 61 pixels, rows padded past width × 4 when the bytes say so), its pixels
// the bytes themselves, repeated. Each encoder must return a valid status, and its output be
// freed; the writer is also abandoned half way and pointed at a folder that does not exist.
static void encoders_once(const char *path, const uint8_t *data, size_t size) {
    if (data == NULL || size == 0) return;
    uint32_t width = 1 + data[0] % 97, height = 1 + (uint32_t)(size % 61);
    size_t stride = (size_t)width * 4 + (data[size / 2] & 1 ? 12 : 0);
    uint8_t *rgba = malloc(stride * height);
    if (rgba == NULL) return;
    for (size_t i = 0; i < stride * height; i++) rgba[i] = data[i % size];
    int qualities[] = {1, 75, 100};
    for (int q = 0; q < 3; q++) {
        uint8_t *out = NULL;
        size_t out_size = 0;
        ic_status status = ic_jpeg_encode_rgba(rgba, width, height, stride, qualities[q], &out, &out_size);
        expect_valid(status, "ic_jpeg_encode_rgba", path);
        if (status == IC_OK && (out == NULL || out_size < 4 || out[0] != 0xFF || out[1] != 0xD8)) {
            fprintf(stderr, "shim_check: %s: ic_jpeg_encode_rgba gave no JPEG\n", path);
            failures++;
        }
        ic_free(out);
    }
    uint8_t *out = NULL;
    size_t out_size = 0;
    ic_status status = ic_png_encode_rgba(rgba, width, height, stride, &out, &out_size);
    expect_valid(status, "ic_png_encode_rgba", path);
    if (status == IC_OK && (out == NULL || out_size < 8 || out[0] != 0x89 || out[1] != 'P')) {
        fprintf(stderr, "shim_check: %s: ic_png_encode_rgba gave no PNG\n", path);
        failures++;
    }
    ic_free(out);
    // Arguments the encoders refuse: an error status, nothing allocated.
    expect_valid(ic_jpeg_encode_rgba(rgba, 0, height, stride, 75, &out, &out_size), "ic_jpeg_encode_rgba", path);
    expect_valid(ic_png_encode_rgba(NULL, width, height, stride, &out, &out_size), "ic_png_encode_rgba", path);

    // The streaming writer: grey, RGB and RGBA, plain and Adam7, zlib levels 0 and 9, each to a
    // temporary file; the last one abandoned after its first row (destroyed without finishing).
    char temporary[] = "/tmp/imagecolors-shim-check-XXXXXX";
    int descriptor = mkstemp(temporary);
    if (descriptor >= 0) {
        close(descriptor);
        const int channels[] = {1, 3, 4, 4};
        for (int k = 0; k < 4; k++) {
            ic_png_writer *writer = NULL;
            status = ic_png_writer_open(&writer, temporary, width, height, channels[k], k % 2, k < 2 ? 0 : 9);
            expect_valid(status, "ic_png_writer_open", path);
            if (status == IC_OK) {
                int passes = ic_png_writer_passes(writer);
                uint8_t *row = malloc((size_t)width * 4);
                for (int pass = 0; row != NULL && pass < passes && status == IC_OK; pass++) {
                    for (uint32_t y = 0; y < height && status == IC_OK; y++) {
                        memcpy(row, rgba + y * stride, (size_t)width * channels[k]);
                        status = ic_png_writer_write_row(writer, row);
                        expect_valid(status, "ic_png_writer_write_row", path);
                        if (k == 3) break;
                    }
                    if (k == 3) break;
                }
                free(row);
                if (k < 3 && status == IC_OK) expect_valid(ic_png_writer_finish(writer), "ic_png_writer_finish", path);
                (void)ic_png_writer_message(writer);
            }
            ic_png_writer_destroy(writer);
        }
        unlink(temporary);
    }
    ic_png_writer *writer = NULL;
    status = ic_png_writer_open(&writer, "/nonexistent/shim-check.png", width, height, 4, 0, 6);
    expect_valid(status, "ic_png_writer_open", path);
    (void)ic_png_writer_message(writer);
    ic_png_writer_destroy(writer);   // set even when open fails: the caller frees it
    free(rgba);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *path = argv[i];
        FILE *file = fopen(path, "rb");
        if (file == NULL) continue;
        uint8_t *data = NULL;
        size_t size = 0, capacity = 0, got;
        do {
            if (size == capacity) {
                capacity = capacity ? capacity * 2 : 65536;
                uint8_t *grown = realloc(data, capacity);
                if (grown == NULL) break;
                data = grown;
            }
            got = fread(data + size, 1, capacity - size, file);
            size += got;
        } while (got > 0);
        fclose(file);

        // Designated initialisers: every field named, icc_limit included (0: no ICC profile read).
        const ic_jpeg_config strict = {.warnings_are_errors = 1, .max_scans = 100, .deadline_ns = 0, .icc_limit = 0};
        const ic_jpeg_config lenient = {.warnings_are_errors = 0, .max_scans = 100, .deadline_ns = 0, .icc_limit = 0};
        const ic_jpeg_config one_scan = {.warnings_are_errors = 1, .max_scans = 1, .deadline_ns = 0, .icc_limit = 0};
        // A deadline of 1 ns on the monotonic clock: long past.
        const ic_jpeg_config expired = {.warnings_are_errors = 1, .max_scans = 100, .deadline_ns = 1, .icc_limit = 0};
        // ICC chunks kept (ImageColors' limit for a 30 MB budget), or over a limit of 100 bytes.
        const ic_jpeg_config icc = {.warnings_are_errors = 1, .max_scans = 100, .deadline_ns = 0, .icc_limit = 10000000};
        const ic_jpeg_config icc_lenient = {.warnings_are_errors = 0, .max_scans = 100, .deadline_ns = 0, .icc_limit = 10000000};
        const ic_jpeg_config icc_tiny = {.warnings_are_errors = 1, .max_scans = 100, .deadline_ns = 0, .icc_limit = 100};
        for (int use_file = 0; use_file < 2; use_file++) {
            jpeg_once(path, data, size, use_file, 1, 0, strict, 0);
            jpeg_once(path, data, size, use_file, 8, 0, lenient, 0);
            jpeg_once(path, data, size, use_file, 8, 0, icc, 1);
        }
        jpeg_once(path, data, size, 0, 2, 0, lenient, 0);
        jpeg_once(path, data, size, 0, 4, 4096, strict, 0);      // libjpeg's memory cap: multi-scan fails
        jpeg_once(path, data, size, 0, 1, 0, one_scan, 0);
        jpeg_once(path, data, size, 0, 8, 0, expired, 0);
        jpeg_once(path, data, size, 0, 1, 0, icc_lenient, 1);
        jpeg_once(path, data, size, 0, 4, 4096, icc, 1);         // raw CMYK, then the memory cap
        jpeg_once(path, data, size, 0, 8, 0, icc_tiny, 0);

        const ic_png_limits defaults = {.max_width = 65500, .max_height = 65500, .chunk_cache_max = 0, .chunk_malloc_max = 8000000};
        const ic_png_limits tight = {.max_width = 64, .max_height = 64, .chunk_cache_max = 4, .chunk_malloc_max = 65536};
        // A chunk cap below most iCCP profiles: libpng drops them with a warning (the icc_note).
        const ic_png_limits small_chunks = {.max_width = 65500, .max_height = 65500, .chunk_cache_max = 0, .chunk_malloc_max = 2048};
        for (int use_file = 0; use_file < 2; use_file++) png_once(path, data, size, use_file, defaults);
        png_once(path, data, size, 0, tight);
        png_once(path, data, size, 0, small_chunks);
        // A missing file: the shim's own early exits.
        png_once("/nonexistent/shim-check", NULL, 0, 1, defaults);
        jpeg_once("/nonexistent/shim-check", NULL, 0, 1, 1, 0, strict, 0);
        gif_once("/nonexistent/shim-check", NULL, 0, 1, 0);

        if (data != NULL && size > 0) {
            webp_once(path, data, size, 0, 1 << 20, 0);
            webp_once(path, data, size, 1, 4096, 0);
            webp_once(path, data, size, 0, 512, 1);
            heif_once(path, data, size, 0, 0, 1, 0);
            heif_once(path, data, size, 0, 1, 0, 1);
            heif_once(path, data, size, 64, 0, 1, 0);
            // A cap as the decoder sets it: an AVIF the shim describes itself is read without
            // libheif (ic_heif_describe.c); both routes, whole and half read.
            heif_once(path, data, size, 16384, 0, 1, 0);
            heif_once(path, data, size, 16384, 0, 0, 1);
            // As HEIFDecoder reads a file whose grid tiles carry their own transformations: a
            // copy without them (ic_heif_tile_transforms), decoded in its place.
            const int64_t tile_transforms = ic_heif_tile_transforms(data, size, NULL);
            expect_true(tile_transforms >= -1, "ic_heif_tile_transforms", path);
            uint8_t *copy = tile_transforms > 0 ? malloc(size) : NULL;
            if (copy != NULL) {
                memcpy(copy, data, size);
                expect_true(ic_heif_tile_transforms(data, size, copy) == tile_transforms, "ic_heif_tile_transforms: the copy", path);
                expect_true(ic_heif_tile_transforms(copy, size, NULL) == 0, "ic_heif_tile_transforms: none left", path);
                heif_once(path, copy, size, 0, 0, 1, 0);
                free(copy);
            }
        }
        for (int use_file = 0; use_file < 2; use_file++) gif_once(path, data, size, use_file, 0);
        gif_once(path, data, size, 0, 1);
        encoders_once(path, data, size);
        free(data);
    }
    printf("shim_check: %d files, %d shim calls checked, %d profiles parsed by LittleCMS, %d transforms run, %d contract failures\n",
           argc - 1, checked, profiles, transforms, failures);
    return failures == 0 ? 0 : 1;
}
