// libpng behind setjmp-guarded functions. See ic_codecs.h for the contract.
#include "ic_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

struct ic_png {
    png_structp png;
    png_infop info;
    jmp_buf jump;
    char message[256];
    int failed;
    int truncated;      // the reader ran out of bytes
    int done;
    int started;
    // Source.
    const uint8_t *data;
    size_t size;
    size_t offset;
    FILE *file;
    // Row iteration over the Adam7 passes (or the single pass of a plain image).
    int passes;
    int pass;
    uint32_t pass_row;
    uint32_t width;
    uint32_t height;
    // The largest single allocation libpng may make (see ic_png_malloc); 0 before ic_png_open.
    size_t max_alloc;
    // libpng's warning when it dropped an iCCP chunk (ic_png_info.icc_note), else empty.
    char icc_note[256];
};

static void ic_png_error_fn(png_structp png_ptr, png_const_charp message) {
    struct ic_png *png = png_get_error_ptr(png_ptr);
    snprintf(png->message, sizeof(png->message), "%s", message ? message : "libpng error");
    longjmp(png->jump, 1);
}

// libpng's warnings (e.g. "iCCP: known incorrect sRGB profile") do not affect the pixels we
// read; they never reach stderr. The first about iCCP is kept: it says why a profile was dropped.
static void ic_png_warning_fn(png_structp png_ptr, png_const_charp message) {
    struct ic_png *png = png_get_error_ptr(png_ptr);
    if (png != NULL && message != NULL && png->icc_note[0] == 0 && strncmp(message, "iCCP", 4) == 0) {
        snprintf(png->icc_note, sizeof(png->icc_note), "%s", message);
    }
}

// libpng's allocator. libpng 1.6.39 does not apply png_set_chunk_malloc_max to every chunk
// buffer (a 57-byte file declaring a 1 GiB tEXt chunk made it malloc 1 GiB) nor to eXIf, so
// every allocation is capped here: a refusal becomes libpng's "out of memory" error, or for
// an ancillary chunk a warning and the chunk skipped.
static png_voidp ic_png_malloc(png_structp png_ptr, png_alloc_size_t size) {
    struct ic_png *png = png_get_mem_ptr(png_ptr);
    if (png != NULL && png->max_alloc > 0 && size > png->max_alloc) return NULL;
    return malloc(size);
}

static void ic_png_free(png_structp png_ptr, png_voidp pointer) {
    (void)png_ptr;
    free(pointer);
}

static void ic_png_read_fn(png_structp png_ptr, png_bytep out, size_t length) {
    struct ic_png *png = png_get_io_ptr(png_ptr);
    size_t got;
    if (png->data != NULL) {
        size_t left = png->size - png->offset;
        got = length <= left ? length : left;
        memcpy(out, png->data + png->offset, got);
        png->offset += got;
    } else {
        got = fread(out, 1, length, png->file);
    }
    if (got < length) {
        png->truncated = 1;
        png_error(png_ptr, "the data ended early");
    }
}

static ic_status ic_png_classify(const struct ic_png *png) {
    if (png->truncated) return IC_ERR_TRUNCATED;
    const char *m = png->message;
    if (strstr(m, "exceeds user limit") || strstr(m, "chunk data is too large") ||
        strstr(m, "too large") || strstr(m, "Image too large"))
        return IC_ERR_LIMIT;
    if (strstr(m, "ut of memory") || strstr(m, "insufficient memory")) return IC_ERR_NO_MEMORY;
    return IC_ERR_CORRUPT;
}

ic_png *ic_png_create(void) {
    return calloc(1, sizeof(ic_png));
}

const char *ic_png_message(const ic_png *png) {
    return png == NULL ? "no decoder" : png->message;
}

ic_status ic_png_open(ic_png *png, ic_source_desc source, ic_png_limits limits, ic_png_info *info) {
    if (png == NULL || info == NULL || png->png != NULL || png->failed) return IC_ERR_STATE;
    memset(info, 0, sizeof(*info));
    if (source.data != NULL) {
        png->data = source.data;
        png->size = source.size;
    } else {
        if (source.path == NULL) return IC_ERR_STATE;
        png->file = fopen(source.path, "rb");
        if (png->file == NULL) {
            snprintf(png->message, sizeof(png->message), "cannot open the file");
            return IC_ERR_IO;
        }
    }
    // The cap: a chunk (what the caller reserved for it, else libpng's 8 MB default), or a row
    // buffer of the widest image allowed (at most 8 bytes a pixel after our transformations).
    size_t chunk_max = limits.chunk_malloc_max > 0 ? limits.chunk_malloc_max : 8000000;
    size_t widest = limits.max_width > 0 ? limits.max_width : PNG_USER_WIDTH_MAX;
    size_t row_max = (widest + 8) * 8 + 64;
    png->max_alloc = chunk_max > row_max ? chunk_max : row_max;
    png->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, png, ic_png_error_fn, ic_png_warning_fn,
                                        png, ic_png_malloc, ic_png_free);
    if (png->png == NULL) {
        snprintf(png->message, sizeof(png->message), "out of memory creating the decoder");
        return IC_ERR_NO_MEMORY;
    }
    if (setjmp(png->jump)) {
        png->failed = 1;
        return ic_png_classify(png);
    }
    png->info = png_create_info_struct(png->png);
    if (png->info == NULL) png_error(png->png, "out of memory creating the info struct");
    png_set_read_fn(png->png, png, ic_png_read_fn);

    if (limits.max_width > 0 && limits.max_height > 0) {
        png_set_user_limits(png->png, limits.max_width, limits.max_height);
    }
    if (limits.chunk_cache_max > 0) png_set_chunk_cache_max(png->png, limits.chunk_cache_max);
    if (limits.chunk_malloc_max > 0) png_set_chunk_malloc_max(png->png, limits.chunk_malloc_max);
    // A CRC error in any chunk, critical or ancillary, means the file is damaged.
    png_set_crc_action(png->png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
#ifdef PNG_HANDLE_AS_UNKNOWN_SUPPORTED
    // Skip (CRC-checked, never stored) the ancillary chunks nothing here reads: unknown ones and
    // text, histograms, palettes, offsets and the like, which are what an attacker fills
    // (zTXt/iTXt are zlib bombs, and stored text adds up past the budget). Kept: eXIf
    // (orientation), iCCP, sRGB, gAMA and cHRM (colour management); each is one chunk, and
    // every allocation is capped by ic_png_malloc.
    static const png_byte skipped[] = {
        'b', 'K', 'G', 'D', '\0', 'h', 'I', 'S', 'T', '\0', 'i', 'T', 'X', 't', '\0',
        'o', 'F', 'F', 's', '\0', 'p', 'C', 'A', 'L', '\0', 'p', 'H', 'Y', 's', '\0',
        's', 'B', 'I', 'T', '\0', 's', 'C', 'A', 'L', '\0', 's', 'P', 'L', 'T', '\0',
        's', 'T', 'E', 'R', '\0', 't', 'E', 'X', 't', '\0', 't', 'I', 'M', 'E', '\0',
        'z', 'T', 'X', 't', '\0',
    };
    png_set_keep_unknown_chunks(png->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png->png, PNG_HANDLE_CHUNK_NEVER, skipped, (int)(sizeof(skipped) / 5));
#endif

    png_read_info(png->png, png->info);

    png_uint_32 width, height;
    int bit_depth, color_type, interlace;
    png_get_IHDR(png->png, png->info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    info->width = width;
    info->height = height;
    info->bit_depth = bit_depth;
    info->color_type = color_type;
    info->interlaced = interlace == PNG_INTERLACE_ADAM7 ? 1 : 0;
#ifdef PNG_eXIf_SUPPORTED
    png_uint_32 exif_size = 0;
    png_bytep exif = NULL;
    if (png_get_eXIf_1(png->png, png->info, &exif_size, &exif) != 0 && exif != NULL) {
        info->exif = exif;
        info->exif_size = exif_size;
    }
#endif
#ifdef PNG_iCCP_SUPPORTED
    png_charp icc_name = NULL;
    int icc_compression = 0;
    png_bytep icc = NULL;
    png_uint_32 icc_size = 0;
    if (png_get_iCCP(png->png, png->info, &icc_name, &icc_compression, &icc, &icc_size) != 0 && icc != NULL) {
        info->icc = icc;
        info->icc_size = icc_size;
    } else if (png->icc_note[0] != 0) {
        info->icc_note = png->icc_note;
    }
#endif
#ifdef PNG_sRGB_SUPPORTED
    int intent = 0;
    if (png_get_sRGB(png->png, png->info, &intent) != 0) info->srgb = 1;
#endif
#ifdef PNG_gAMA_SUPPORTED
    png_fixed_point gamma = 0;
    if (png_get_gAMA_fixed(png->png, png->info, &gamma) != 0) info->gamma = gamma;
#endif
    png->width = width;
    png->height = height;
    png->passes = info->interlaced ? 7 : 1;
    png->pass = 0;
    png->pass_row = 0;
    return IC_OK;
}

ic_status ic_png_start(ic_png *png) {
    if (png == NULL || png->png == NULL || png->failed || png->started) return IC_ERR_STATE;
    if (setjmp(png->jump)) {
        png->failed = 1;
        return ic_png_classify(png);
    }
    // Everything becomes RGBA8: palette and tRNS expand to RGB(A), low-bit grey to 8 bits,
    // 16-bit channels are scaled (rounded, not truncated), grey becomes RGB, and images
    // without alpha get an opaque filler.
    png_set_expand(png->png);
    png_set_scale_16(png->png);
    png_set_gray_to_rgb(png->png);
    png_set_add_alpha(png->png, 0xff, PNG_FILLER_AFTER);
    // Interlace handling stays off: libpng then hands out each Adam7 pass's sub-image rows,
    // which the caller places at their true positions, so no full-size buffer is needed.
    png_read_update_info(png->png, png->info);
    if (png_get_rowbytes(png->png, png->info) != (size_t)png->width * 4) {
        png_error(png->png, "unexpected row layout after transformations");
    }
    png->started = 1;
    return IC_OK;
}

// Rows and columns of pass `pass` (0-based); the whole image when not interlaced.
static void ic_png_pass_geometry(const struct ic_png *png, int pass, uint32_t *rows, uint32_t *cols) {
    if (png->passes == 1) {
        *rows = png->height;
        *cols = png->width;
    } else {
        *rows = PNG_PASS_ROWS(png->height, pass);
        *cols = PNG_PASS_COLS(png->width, pass);
    }
}

ic_status ic_png_read_row(ic_png *png, uint8_t *rgba, ic_png_row *row) {
    if (png == NULL || png->png == NULL || png->failed || !png->started) return IC_ERR_STATE;
    if (png->done) return IC_DONE;
    if (setjmp(png->jump)) {
        png->failed = 1;
        return ic_png_classify(png);
    }
    // libpng skips empty passes (tiny images), so we do too.
    uint32_t rows, cols;
    ic_png_pass_geometry(png, png->pass, &rows, &cols);
    while (png->pass < png->passes && (png->pass_row >= rows || cols == 0)) {
        png->pass++;
        png->pass_row = 0;
        if (png->pass < png->passes) ic_png_pass_geometry(png, png->pass, &rows, &cols);
    }
    if (png->pass >= png->passes) {
        // Reads the chunks after the image data through IEND, checking their CRCs.
        png_read_end(png->png, NULL);
        png->done = 1;
        return IC_DONE;
    }
    png_read_row(png->png, rgba, NULL);
    if (png->passes == 1) {
        row->y = png->pass_row;
        row->x0 = 0;
        row->dx = 1;
    } else {
        row->y = PNG_ROW_FROM_PASS_ROW(png->pass_row, png->pass);
        row->x0 = PNG_PASS_START_COL(png->pass);
        row->dx = 1u << PNG_PASS_COL_SHIFT(png->pass);
    }
    row->count = cols;
    png->pass_row++;
    return IC_OK;
}

void ic_png_destroy(ic_png *png) {
    if (png == NULL) return;
    if (png->png != NULL) png_destroy_read_struct(&png->png, png->info ? &png->info : NULL, NULL);
    if (png->file != NULL) fclose(png->file);
    free(png);
}
