// Encoders writing to memory, behind setjmp-guarded functions. See ic_codecs.h.
#include "ic_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

void ic_free(void *buffer) { free(buffer); }

// MARK: JPEG

// Our own growable destination, so the buffer is ours on every path (libjpeg's jpeg_mem_dest
// keeps a grown buffer private until it finishes, so an error path could not free it).
struct ic_encode_jpeg {
    struct jpeg_error_mgr error;
    struct jpeg_destination_mgr destination;
    jmp_buf jump;
    uint8_t *data;
    size_t capacity;
};

static void ic_encode_jpeg_error_exit(j_common_ptr cinfo) {
    struct ic_encode_jpeg *state = (struct ic_encode_jpeg *)cinfo->client_data;
    longjmp(state->jump, 1);
}

static void ic_encode_jpeg_silent(j_common_ptr cinfo) { (void)cinfo; }

static void ic_encode_jpeg_init(j_compress_ptr cinfo) { (void)cinfo; }

static boolean ic_encode_jpeg_grow(j_compress_ptr cinfo) {
    struct ic_encode_jpeg *state = (struct ic_encode_jpeg *)cinfo->client_data;
    size_t used = state->capacity;  // the whole buffer is full when libjpeg calls this
    size_t capacity = state->capacity * 2;
    uint8_t *grown = realloc(state->data, capacity);
    if (grown == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    state->data = grown;
    state->capacity = capacity;
    state->destination.next_output_byte = grown + used;
    state->destination.free_in_buffer = capacity - used;
    return TRUE;
}

static void ic_encode_jpeg_term(j_compress_ptr cinfo) { (void)cinfo; }

ic_status ic_jpeg_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                              int quality, uint8_t **out, size_t *out_size) {
    if (rgba == NULL || out == NULL || out_size == NULL || width == 0 || height == 0) return IC_ERR_STATE;
    *out = NULL;
    *out_size = 0;
    struct jpeg_compress_struct cinfo;
    struct ic_encode_jpeg state;
    memset(&state, 0, sizeof(state));
    state.capacity = 65536;
    state.data = malloc(state.capacity);
    if (state.data == NULL) return IC_ERR_NO_MEMORY;
    cinfo.err = jpeg_std_error(&state.error);
    state.error.error_exit = ic_encode_jpeg_error_exit;
    state.error.output_message = ic_encode_jpeg_silent;
    cinfo.client_data = &state;
    if (setjmp(state.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(state.data);
        return IC_ERR_NO_MEMORY;
    }
    jpeg_create_compress(&cinfo);
    cinfo.client_data = &state;
    state.destination.init_destination = ic_encode_jpeg_init;
    state.destination.empty_output_buffer = ic_encode_jpeg_grow;
    state.destination.term_destination = ic_encode_jpeg_term;
    state.destination.next_output_byte = state.data;
    state.destination.free_in_buffer = state.capacity;
    cinfo.dest = &state.destination;
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    *out_size = state.capacity - state.destination.free_in_buffer;
    jpeg_destroy_compress(&cinfo);
    *out = state.data;
    return IC_OK;
}

// MARK: PNG

struct ic_encode_png_state {
    jmp_buf jump;
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed_alloc;
};

static void ic_encode_png_error(png_structp png, png_const_charp message) {
    (void)message;
    longjmp(((struct ic_encode_png_state *)png_get_error_ptr(png))->jump, 1);
}

static void ic_encode_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void ic_encode_png_write(png_structp png, png_bytep data, size_t length) {
    struct ic_encode_png_state *state = png_get_io_ptr(png);
    if (state->size + length > state->capacity) {
        size_t capacity = state->capacity ? state->capacity * 2 : 65536;
        while (capacity < state->size + length) capacity *= 2;
        uint8_t *grown = realloc(state->data, capacity);
        if (grown == NULL) {
            state->failed_alloc = 1;
            png_error(png, "out of memory");
        }
        state->data = grown;
        state->capacity = capacity;
    }
    memcpy(state->data + state->size, data, length);
    state->size += length;
}

static void ic_encode_png_flush(png_structp png) { (void)png; }

ic_status ic_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                             uint8_t **out, size_t *out_size) {
    if (rgba == NULL || out == NULL || out_size == NULL || width == 0 || height == 0) return IC_ERR_STATE;
    *out = NULL;
    *out_size = 0;
    struct ic_encode_png_state state;
    memset(&state, 0, sizeof(state));
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, ic_encode_png_error, ic_encode_png_warning);
    if (png == NULL) return IC_ERR_NO_MEMORY;
    // `volatile`: read after a longjmp.
    png_infop volatile info = NULL;
    if (setjmp(state.jump)) {
        png_infop cleanup = info;
        png_destroy_write_struct(&png, cleanup ? &cleanup : NULL);
        free(state.data);
        return IC_ERR_NO_MEMORY;
    }
    info = png_create_info_struct(png);
    if (info == NULL) png_error(png, "out of memory");
    png_set_write_fn(png, &state, ic_encode_png_write, ic_encode_png_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, rgba + (size_t)y * stride);
    png_write_end(png, NULL);
    png_infop cleanup = info;
    png_destroy_write_struct(&png, &cleanup);
    *out = state.data;
    *out_size = state.size;
    return IC_OK;
}
