// giflib behind status-returning functions. See ic_codecs.h for the contract.
//
// giflib reports errors by return values (GIF_ERROR and an error code), never by longjmp, and
// prints nothing; this file maps its codes onto ic_status with giflib's own words. Frames are
// read record by record (DGifGetRecordType, DGifGetImageDesc, DGifGetLine), never slurped:
// nothing the size of an image is allocated here, and the per-frame records giflib keeps
// (SavedImages) are dropped after each descriptor, so memory does not grow with the frame count.
#include "ic_codecs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

struct ic_gif {
    GifFileType *gif;
    // Source.
    const uint8_t *data;
    size_t size;
    size_t offset;
    FILE *file;
    int failed;
    int truncated;             // the reader ran out of bytes
    int read_nothing;          // the reader's last call found no byte left at all
    int frames;                // frames ic_gif_next_frame returned
    char message[256];
    // The Graphic Control Extension waiting for the next image descriptor.
    int has_control;
    GraphicsControlBlock control;
    // The current frame.
    int in_frame;
    uint32_t width;
    uint32_t height;
    uint32_t rows_read;
    int interlaced;
    int transparent;
    const GifColorType *colors;
    int color_count;
    uint8_t *line;             // one row of colour indices (frame width)
    size_t line_capacity;
};

static int ic_gif_read(GifFileType *file, GifByteType *out, int length) {
    struct ic_gif *gif = file->UserData;
    if (length <= 0) return 0;
    size_t got;
    if (gif->data != NULL) {
        size_t left = gif->size - gif->offset;
        got = (size_t)length <= left ? (size_t)length : left;
        memcpy(out, gif->data + gif->offset, got);
        gif->offset += got;
    } else {
        got = fread(out, 1, (size_t)length, gif->file);
    }
    if (got < (size_t)length) gif->truncated = 1;
    gif->read_nothing = got == 0;
    return (int)got;
}

// giflib's error code, in its words, as an ic_status.
static ic_status ic_gif_fail(ic_gif *gif, int code) {
    const char *words = GifErrorString(code);
    snprintf(gif->message, sizeof(gif->message), "%s", words != NULL ? words : "giflib error");
    gif->failed = 1;
    if (gif->truncated || code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON) {
        snprintf(gif->message, sizeof(gif->message), "the data ended before the image did");
        return IC_ERR_TRUNCATED;
    }
    if (code == D_GIF_ERR_NOT_ENOUGH_MEM) return IC_ERR_NO_MEMORY;
    if (code == D_GIF_ERR_OPEN_FAILED || code == D_GIF_ERR_NOT_READABLE) return IC_ERR_IO;
    return IC_ERR_CORRUPT;
}

ic_gif *ic_gif_create(void) {
    return calloc(1, sizeof(ic_gif));
}

const char *ic_gif_message(const ic_gif *gif) {
    return gif == NULL ? "no decoder" : gif->message;
}

ic_status ic_gif_open(ic_gif *gif, ic_source_desc source, ic_gif_info *info) {
    if (gif == NULL || info == NULL || gif->gif != NULL || gif->failed) return IC_ERR_STATE;
    memset(info, 0, sizeof(*info));
    if (source.data != NULL) {
        gif->data = source.data;
        gif->size = source.size;
    } else {
        if (source.path == NULL) return IC_ERR_STATE;
        gif->file = fopen(source.path, "rb");
        if (gif->file == NULL) {
            snprintf(gif->message, sizeof(gif->message), "cannot open the file");
            gif->failed = 1;
            return IC_ERR_IO;
        }
    }
    int code = 0;
    gif->gif = DGifOpen(gif, ic_gif_read, &code);
    if (gif->gif == NULL) return ic_gif_fail(gif, code);
    info->width = (uint32_t)gif->gif->SWidth;
    info->height = (uint32_t)gif->gif->SHeight;
    info->has_global_colors = gif->gif->SColorMap != NULL;
    return IC_OK;
}

// Reads and drops what is left of the current frame's image data, without decoding it.
static ic_status ic_gif_skip_rest(ic_gif *gif) {
    if (!gif->in_frame) return IC_OK;
    gif->in_frame = 0;
    // DGifGetLine flushes the rest of the data after a frame's last row; otherwise (no row
    // read, or an empty frame, whose data is still there) the blocks are skipped here.
    if (gif->rows_read > 0 && gif->rows_read >= gif->height) return IC_OK;
    int code_size = 0;
    GifByteType *block = NULL;
    if (DGifGetCode(gif->gif, &code_size, &block) == GIF_ERROR) return ic_gif_fail(gif, gif->gif->Error);
    while (block != NULL) {
        if (DGifGetCodeNext(gif->gif, &block) == GIF_ERROR) return ic_gif_fail(gif, gif->gif->Error);
    }
    return IC_OK;
}

ic_status ic_gif_next_frame(ic_gif *gif, ic_gif_frame *frame) {
    if (gif == NULL || frame == NULL || gif->gif == NULL || gif->failed) return IC_ERR_STATE;
    memset(frame, 0, sizeof(*frame));
    ic_status status = ic_gif_skip_rest(gif);
    if (status != IC_OK) return status;
    for (;;) {
        GifRecordType type = UNDEFINED_RECORD_TYPE;
        gif->read_nothing = 0;
        if (DGifGetRecordType(gif->gif, &type) == GIF_ERROR) {
            // The data ends between records after a whole frame: the trailer (one byte) is
            // missing, which browsers and giflib's own DGifSlurp pass. The end of the frames (a
            // file that ends before its first frame, or a read error, is still truncated).
            if (gif->read_nothing && gif->frames > 0 && (gif->file == NULL || !ferror(gif->file))) return IC_DONE;
            return ic_gif_fail(gif, gif->gif->Error);
        }
        if (type == TERMINATE_RECORD_TYPE) return IC_DONE;
        if (type == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(gif->gif, &code, &block) == GIF_ERROR) return ic_gif_fail(gif, gif->gif->Error);
            // The block starts with its length; a Graphic Control Extension's is 4.
            if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] == 4 &&
                DGifExtensionToGCB(4, block + 1, &gif->control) == GIF_OK) {
                gif->has_control = 1;
            }
            while (block != NULL) {
                if (DGifGetExtensionNext(gif->gif, &block) == GIF_ERROR) return ic_gif_fail(gif, gif->gif->Error);
            }
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(gif->gif) == GIF_ERROR) return ic_gif_fail(gif, gif->gif->Error);
        // giflib appends a record (and a copy of the local colour table) per descriptor for
        // DGifSlurp; nothing here reads them, so they are freed at once and the count reset.
        GifFreeSavedImages(gif->gif);
        gif->gif->ImageCount = 0;
        const GifImageDesc *image = &gif->gif->Image;
        frame->x = (uint32_t)image->Left;
        frame->y = (uint32_t)image->Top;
        frame->width = (uint32_t)image->Width;
        frame->height = (uint32_t)image->Height;
        frame->interlaced = image->Interlace ? 1 : 0;
        frame->has_local_colors = image->ColorMap != NULL;
        frame->transparent_index = gif->has_control ? gif->control.TransparentColor : -1;
        frame->disposal = gif->has_control ? gif->control.DisposalMode : 0;
        frame->delay_cs = gif->has_control && gif->control.DelayTime > 0 ? (uint32_t)gif->control.DelayTime : 0;
        gif->has_control = 0;
        const ColorMapObject *map = image->ColorMap != NULL ? image->ColorMap : gif->gif->SColorMap;
        gif->colors = map != NULL ? map->Colors : NULL;
        gif->color_count = map != NULL ? map->ColorCount : 0;
        gif->transparent = frame->transparent_index;
        gif->width = frame->width;
        gif->height = frame->height;
        gif->interlaced = frame->interlaced;
        gif->rows_read = 0;
        gif->in_frame = 1;
        gif->frames++;
        return IC_OK;
    }
}

// The frame row of the n-th stored row: interlaced frames store rows 0, 8, 16…, then 4, 12…,
// then 2, 6…, then 1, 3….
static uint32_t ic_gif_row_position(uint32_t n, uint32_t height, int interlaced) {
    if (!interlaced) return n;
    static const uint32_t start[4] = {0, 4, 2, 1}, step[4] = {8, 8, 4, 2};
    for (int pass = 0; pass < 4; pass++) {
        uint32_t rows = height > start[pass] ? (height - start[pass] + step[pass] - 1) / step[pass] : 0;
        if (n < rows) return start[pass] + n * step[pass];
        n -= rows;
    }
    return height;   // unreachable: n < height
}

ic_status ic_gif_read_row(ic_gif *gif, uint8_t *rgba, uint32_t *y) {
    if (gif == NULL || rgba == NULL || y == NULL || gif->gif == NULL || gif->failed || !gif->in_frame) return IC_ERR_STATE;
    if (gif->rows_read >= gif->height || gif->width == 0) return IC_DONE;
    if (gif->line_capacity < gif->width) {
        uint8_t *line = realloc(gif->line, gif->width);
        if (line == NULL) {
            snprintf(gif->message, sizeof(gif->message), "out of memory for a %u-pixel row", gif->width);
            gif->failed = 1;
            return IC_ERR_NO_MEMORY;
        }
        gif->line = line;
        gif->line_capacity = gif->width;
    }
    if (DGifGetLine(gif->gif, gif->line, (int)gif->width) == GIF_ERROR) return ic_gif_fail(gif, gif->gif->Error);
    for (uint32_t x = 0; x < gif->width; x++) {
        const int index = gif->line[x];
        uint8_t *pixel = rgba + (size_t)x * 4;
        if (index == gif->transparent) {
            pixel[0] = pixel[1] = pixel[2] = pixel[3] = 0;
        } else if (gif->colors == NULL) {
            // No colour table at all: grey levels, as Pillow reads such files.
            pixel[0] = pixel[1] = pixel[2] = (uint8_t)index;
            pixel[3] = 255;
        } else if (index < gif->color_count) {
            pixel[0] = gif->colors[index].Red;
            pixel[1] = gif->colors[index].Green;
            pixel[2] = gif->colors[index].Blue;
            pixel[3] = 255;
        } else {
            pixel[0] = pixel[1] = pixel[2] = 0;   // past the table's end: black, as browsers show it
            pixel[3] = 255;
        }
    }
    *y = ic_gif_row_position(gif->rows_read, gif->height, gif->interlaced);
    gif->rows_read++;
    return IC_OK;
}

void ic_gif_destroy(ic_gif *gif) {
    if (gif == NULL) return;
    if (gif->gif != NULL) {
        int code = 0;
        DGifCloseFile(gif->gif, &code);
    }
    if (gif->file != NULL) fclose(gif->file);
    free(gif->line);
    free(gif);
}
