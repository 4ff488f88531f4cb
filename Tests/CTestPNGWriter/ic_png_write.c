// libpng's writer behind setjmp-guarded functions, for the tests. See ic_png_writer.h.
#include "ic_png_writer.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

struct ic_png_writer {
    png_structp png;
    png_infop info;
    jmp_buf jump;
    FILE *file;
    char message[256];
    int failed;
    int passes;
};

static void ic_png_writer_error(png_structp png_ptr, png_const_charp message) {
    struct ic_png_writer *writer = png_get_error_ptr(png_ptr);
    snprintf(writer->message, sizeof(writer->message), "%s", message ? message : "libpng error");
    longjmp(writer->jump, 1);
}

static void ic_png_writer_warning(png_structp png_ptr, png_const_charp message) {
    (void)png_ptr;
    (void)message;
}

int ic_png_writer_open(ic_png_writer **out, const char *path, uint32_t width, uint32_t height,
                             int channels, int interlaced, int level) {
    if (out == NULL || path == NULL) return -1;
    int color_type;
    switch (channels) {
    case 1: color_type = PNG_COLOR_TYPE_GRAY; break;
    case 3: color_type = PNG_COLOR_TYPE_RGB; break;
    case 4: color_type = PNG_COLOR_TYPE_RGB_ALPHA; break;
    default: return -1;
    }
    ic_png_writer *writer = calloc(1, sizeof(ic_png_writer));
    *out = writer;
    if (writer == NULL) return -1;
    writer->file = fopen(path, "wb");
    if (writer->file == NULL) {
        snprintf(writer->message, sizeof(writer->message), "cannot create the file");
        writer->failed = 1;
        return -1;
    }
    writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer, ic_png_writer_error, ic_png_writer_warning);
    if (writer->png == NULL) {
        writer->failed = 1;
        return -1;
    }
    if (setjmp(writer->jump)) {
        writer->failed = 1;
        return -1;
    }
    writer->info = png_create_info_struct(writer->png);
    if (writer->info == NULL) png_error(writer->png, "out of memory creating the info struct");
    png_init_io(writer->png, writer->file);
    png_set_compression_level(writer->png, level);
    png_set_IHDR(writer->png, writer->info, width, height, 8, color_type,
                 interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(writer->png, writer->info);
    writer->passes = png_set_interlace_handling(writer->png);
    return 0;
}

int ic_png_writer_passes(const ic_png_writer *writer) {
    return writer == NULL ? 0 : writer->passes;
}

int ic_png_writer_write_row(ic_png_writer *writer, const uint8_t *row) {
    if (writer == NULL || writer->png == NULL || writer->failed) return -1;
    if (setjmp(writer->jump)) {
        writer->failed = 1;
        return -1;
    }
    png_write_row(writer->png, row);
    return 0;
}

int ic_png_writer_finish(ic_png_writer *writer) {
    if (writer == NULL || writer->png == NULL || writer->failed) return -1;
    if (setjmp(writer->jump)) {
        writer->failed = 1;
        return -1;
    }
    png_write_end(writer->png, NULL);
    int closed = fclose(writer->file);
    writer->file = NULL;
    if (closed != 0) {
        snprintf(writer->message, sizeof(writer->message), "cannot finish writing the file");
        writer->failed = 1;
        return -1;
    }
    return 0;
}

const char *ic_png_writer_message(const ic_png_writer *writer) {
    return writer == NULL ? "no writer" : writer->message;
}

void ic_png_writer_destroy(ic_png_writer *writer) {
    if (writer == NULL) return;
    if (writer->png != NULL) png_destroy_write_struct(&writer->png, writer->info ? &writer->info : NULL);
    if (writer->file != NULL) fclose(writer->file);
    free(writer);
}
