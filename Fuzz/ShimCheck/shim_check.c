// Drives the C shim directly over files, down every error path it can reach, so that valgrind
// (which cannot run the Swift runtime) or LeakSanitizer can check that each path frees what
// it allocated. Not part of any Swift package: Fuzz/shim-check.sh builds and runs it.
//
// For each file and each of several settings (memory or file source; every DCT scale; a tiny
// libjpeg memory cap; a deadline already passed; a one-scan cap; tight PNG limits) it opens,
// plans, starts and reads every row until done or an error, then destroys the decoder.
// Exit status 0 unless the shim breaks its own contract (a status code out of range).
#include "ic_codecs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checked = 0, failures = 0;

static int valid_status(ic_status status) { return status >= IC_ERR_DEADLINE && status <= IC_DONE; }

static void expect_valid(ic_status status, const char *what, const char *path) {
    checked++;
    if (!valid_status(status)) {
        fprintf(stderr, "shim_check: %s: %s returned %d\n", path, what, (int)status);
        failures++;
    }
}

static void jpeg_once(const char *path, const uint8_t *data, size_t size, int use_file, int scale,
                      size_t max_memory, ic_jpeg_config config) {
    ic_jpeg *jpeg = ic_jpeg_create(config);
    if (jpeg == NULL) return;
    ic_source_desc source = {use_file ? NULL : data, use_file ? 0 : size, path};
    ic_jpeg_info info;
    ic_status status = ic_jpeg_open(jpeg, source, &info);
    expect_valid(status, "ic_jpeg_open", path);
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

        ic_jpeg_config strict = {1, 100, 0}, lenient = {0, 100, 0};
        ic_jpeg_config one_scan = {1, 1, 0}, expired = {1, 100, 1};   // deadline at 1 ns: long past
        for (int use_file = 0; use_file < 2; use_file++) {
            jpeg_once(path, data, size, use_file, 1, 0, strict);
            jpeg_once(path, data, size, use_file, 8, 0, lenient);
        }
        jpeg_once(path, data, size, 0, 2, 0, lenient);
        jpeg_once(path, data, size, 0, 4, 4096, strict);      // libjpeg's memory cap: multi-scan fails
        jpeg_once(path, data, size, 0, 1, 0, one_scan);
        jpeg_once(path, data, size, 0, 8, 0, expired);

        ic_png_limits defaults = {65500, 65500, 0, 8000000}, tight = {64, 64, 4, 65536};
        for (int use_file = 0; use_file < 2; use_file++) png_once(path, data, size, use_file, defaults);
        png_once(path, data, size, 0, tight);
        // A missing file: the shim's own early exits.
        png_once("/nonexistent/shim-check", NULL, 0, 1, defaults);
        jpeg_once("/nonexistent/shim-check", NULL, 0, 1, 1, 0, strict);
        free(data);
    }
    printf("shim_check: %d files, %d shim calls checked, %d contract failures\n", argc - 1, checked, failures);
    return failures == 0 ? 0 : 1;
}
