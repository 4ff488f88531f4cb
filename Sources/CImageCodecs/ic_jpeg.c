// libjpeg behind setjmp-guarded functions. See ic_codecs.h for the contract.
#include "ic_jpeg_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ic_jpeg *ic_jpeg_create(ic_jpeg_config config) {
    ic_jpeg *jpeg = calloc(1, sizeof(ic_jpeg));
    if (jpeg == NULL) return NULL;
    jpeg->config = config;
    jpeg->error.warnings_are_errors = config.warnings_are_errors;
    return jpeg;
}

const char *ic_jpeg_message(const ic_jpeg *jpeg) {
    return jpeg == NULL ? "no decoder" : jpeg->error.message;
}

ic_status ic_jpeg_open(ic_jpeg *jpeg, ic_source_desc source, ic_jpeg_info *info) {
    if (jpeg == NULL || info == NULL || jpeg->created || jpeg->failed) return IC_ERR_STATE;
    memset(info, 0, sizeof(*info));

    if (source.data == NULL) {
        if (source.path == NULL) return IC_ERR_STATE;
        jpeg->file = fopen(source.path, "rb");
        if (jpeg->file == NULL) {
            snprintf(jpeg->error.message, sizeof(jpeg->error.message), "cannot open the file");
            return IC_ERR_IO;
        }
    }

    jpeg->cinfo.err = jpeg_std_error(&jpeg->error.pub);
    jpeg->error.pub.error_exit = ic_jpeg_error_exit;
    jpeg->error.pub.emit_message = ic_jpeg_emit_message;
    jpeg->error.pub.output_message = ic_jpeg_output_message;

    if (setjmp(jpeg->error.jump)) {
        jpeg->failed = 1;
        return ic_jpeg_classify(jpeg);
    }
    jpeg_create_decompress(&jpeg->cinfo);
    jpeg->created = 1;
    jpeg->progress.progress_monitor = ic_jpeg_progress;
    jpeg->cinfo.progress = &jpeg->progress;
    if (source.data != NULL) {
        jpeg_mem_src(&jpeg->cinfo, source.data, (unsigned long)source.size);
    } else {
        jpeg_stdio_src(&jpeg->cinfo, jpeg->file);
    }
    // Keep the first Exif APP1 marker so EXIF orientation can be read.
    jpeg_set_marker_processor(&jpeg->cinfo, JPEG_APP0 + 1, ic_jpeg_read_app1);
    // ICC profiles come in APP2 chunks of at most 64 KB each.
    if (jpeg->config.icc_limit > 0) jpeg_set_marker_processor(&jpeg->cinfo, JPEG_APP0 + 2, ic_jpeg_read_app2);
    jpeg_read_header(&jpeg->cinfo, TRUE);

    struct jpeg_decompress_struct *c = &jpeg->cinfo;
    info->width = c->image_width;
    info->height = c->image_height;
    info->components = c->num_components;
    switch (c->jpeg_color_space) {
    case JCS_GRAYSCALE: info->color = IC_JPEG_GRAY; break;
    case JCS_YCbCr: case JCS_RGB: info->color = IC_JPEG_YCBCR; break;
    case JCS_CMYK: info->color = IC_JPEG_CMYK; break;
    case JCS_YCCK: info->color = IC_JPEG_YCCK; break;
    default: info->color = IC_JPEG_OTHER; break;
    }
    info->progressive = c->progressive_mode ? 1 : 0;
    info->arithmetic = c->arith_code ? 1 : 0;
    info->adobe_inverted = c->saw_Adobe_marker ? 1 : 0;
    info->max_h_samp = c->max_h_samp_factor;
    info->max_v_samp = c->max_v_samp_factor;
    info->exif = jpeg->exif;
    info->exif_size = jpeg->exif_size;
    info->icc_marker_bytes = jpeg->icc_marker_bytes;
    if (jpeg->icc_over_limit) {
        snprintf(jpeg->icc_note, sizeof(jpeg->icc_note), "ICC chunks over %lld bytes (the profile's share of the memory budget) or over 255 of them",
                 (long long)jpeg->config.icc_limit);
        info->icc_note = jpeg->icc_note;
    } else if (jpeg->icc_markers > 0) {
        JOCTET *icc = NULL;
        unsigned int icc_size = 0;
        jpeg->error.pub.emit_message = ic_jpeg_icc_warning;
        boolean found = jpeg_read_icc_profile(c, &icc, &icc_size);
        jpeg->error.pub.emit_message = ic_jpeg_emit_message;
        if (found) {
            jpeg->icc = icc;
            info->icc = icc;
            info->icc_size = icc_size;
        } else {
            free(icc);
            if (jpeg->icc_note[0] != 0) info->icc_note = jpeg->icc_note;
        }
    }
    return IC_OK;
}

ic_status ic_jpeg_plan_scale(ic_jpeg *jpeg, int scale_denom, ic_jpeg_plan *plan) {
    if (jpeg == NULL || plan == NULL || !jpeg->created || jpeg->started || jpeg->failed) return IC_ERR_STATE;
    if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8) return IC_ERR_STATE;
    memset(plan, 0, sizeof(*plan));
    struct jpeg_decompress_struct *c = &jpeg->cinfo;
    if (setjmp(jpeg->error.jump)) {
        jpeg->failed = 1;
        return ic_jpeg_classify(jpeg);
    }
    c->scale_num = 1;
    c->scale_denom = (unsigned int)scale_denom;
    c->dct_method = JDCT_ISLOW;
    // Box-filter downscaling follows, so smooth chroma upsampling buys nothing; this also
    // matches `djpeg -nosmooth`, the oracle of the tests.
    c->do_fancy_upsampling = FALSE;
    int cmyk = c->jpeg_color_space == JCS_CMYK || c->jpeg_color_space == JCS_YCCK;
    c->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    // Computes output and per-component sizes; allocates nothing.
    jpeg_calc_output_dimensions(c);
    plan->output_width = c->output_width;
    plan->output_height = c->output_height;
    plan->multi_scan = jpeg_has_multiple_scans(c) ? 1 : 0;

    size_t coefficients = 0, working = 0;
    for (int i = 0; i < c->num_components; i++) {
        jpeg_component_info *comp = &c->comp_info[i];
        // As jdcoefct.c sizes its whole-image buffer: blocks rounded up to the sampling factors,
        // 64 coefficients of sizeof(JCOEF) each, at full resolution whatever the output scale.
        size_t wide = (comp->width_in_blocks + comp->h_samp_factor - 1) / comp->h_samp_factor * comp->h_samp_factor;
        size_t high = (comp->height_in_blocks + comp->v_samp_factor - 1) / comp->v_samp_factor * comp->v_samp_factor;
        coefficients += wide * high * DCTSIZE2 * sizeof(JCOEF);
        // Per-component sample buffers of the main and upsampling stages: at most three row
        // groups of v_samp × 8 scaled rows, each width_in_blocks × 8 scaled samples wide.
        size_t scaled_width = wide * DCTSIZE / (size_t)scale_denom + DCTSIZE;
        size_t scaled_rows = (size_t)comp->v_samp_factor * DCTSIZE / (size_t)scale_denom + 1;
        working += scaled_width * scaled_rows * 3;
        // One iMCU row of coefficients for single-scan files.
        working += wide * (size_t)comp->v_samp_factor * DCTSIZE2 * sizeof(JCOEF);
    }
    // Upsampled rows, colour tables and the fixed structures (a generous 256 kB).
    working += (size_t)c->output_width * 4 * (size_t)c->max_v_samp_factor * 2 + 256 * 1024;
    plan->coefficient_bytes = plan->multi_scan ? coefficients : 0;
    plan->working_bytes = working;
    jpeg->planned = 1;
    return IC_OK;
}

ic_status ic_jpeg_start(ic_jpeg *jpeg, size_t max_memory, uint32_t *out_width, uint32_t *out_height) {
    if (jpeg == NULL || !jpeg->planned || jpeg->started || jpeg->failed) return IC_ERR_STATE;
    struct jpeg_decompress_struct *c = &jpeg->cinfo;
    if (setjmp(jpeg->error.jump)) {
        jpeg->failed = 1;
        return ic_jpeg_classify(jpeg);
    }
    // Caps libjpeg's virtual arrays (the multi-scan coefficient buffer): with no backing store
    // compiled in, a buffer over this fails with JERR_NO_BACKING_STORE instead of allocating.
    if (max_memory > 0) c->mem->max_memory_to_use = (long)max_memory;
    int cmyk = c->out_color_space == JCS_CMYK;
    jpeg_start_decompress(c);
    jpeg->started = 1;
    if (cmyk && !jpeg->raw_cmyk) {
        jpeg->cmyk_row = malloc((size_t)c->output_width * 4);
        if (jpeg->cmyk_row == NULL) {
            snprintf(jpeg->error.message, sizeof(jpeg->error.message), "out of memory for a row");
            jpeg->failed = 1;
            return IC_ERR_NO_MEMORY;
        }
    }
    *out_width = c->output_width;
    *out_height = c->output_height;
    return IC_OK;
}

ic_status ic_jpeg_set_raw_cmyk(ic_jpeg *jpeg, int raw) {
    if (jpeg == NULL || !jpeg->created || jpeg->started || jpeg->failed) return IC_ERR_STATE;
    jpeg->raw_cmyk = raw ? 1 : 0;
    return IC_OK;
}

// Adobe applications store CMYK inverted (0 = full ink); plain CMYK has 255 = full ink.
static void ic_cmyk_to_rgba(const uint8_t *cmyk, uint8_t *rgba, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgba[0] = (uint8_t)((c * k + 127) / 255);
        rgba[1] = (uint8_t)((m * k + 127) / 255);
        rgba[2] = (uint8_t)((y * k + 127) / 255);
        rgba[3] = 255;
        cmyk += 4;
        rgba += 4;
    }
}

ic_status ic_jpeg_read_rows(ic_jpeg *jpeg, uint8_t *rgba, size_t stride, uint32_t max_rows,
                            uint32_t *first_row, uint32_t *rows_read) {
    if (jpeg == NULL || !jpeg->started || jpeg->failed || max_rows == 0) return IC_ERR_STATE;
    struct jpeg_decompress_struct *c = &jpeg->cinfo;
    *first_row = c->output_scanline;
    *rows_read = 0;
    if (jpeg->finished) return IC_DONE;
    // `volatile`: read after a longjmp.
    volatile uint32_t done = 0;
    if (setjmp(jpeg->error.jump)) {
        jpeg->failed = 1;
        *rows_read = done;
        return ic_jpeg_classify(jpeg);
    }
    while (done < max_rows && c->output_scanline < c->output_height) {
        uint8_t *out = rgba + (size_t)done * stride;
        if (jpeg->cmyk_row != NULL && !jpeg->raw_cmyk) {
            JSAMPROW row = jpeg->cmyk_row;
            JDIMENSION got = jpeg_read_scanlines(c, &row, 1);
            if (got == 0) break;
            ic_cmyk_to_rgba(jpeg->cmyk_row, out, c->output_width, c->saw_Adobe_marker);
            done += got;
        } else {
            // RGBA, or raw CMYK (also 4 bytes a pixel) when asked for.
            // Hand libjpeg as many rows as it can fill at once (rec_outbuf_height, ≤ 4).
            JSAMPROW rows[16];
            uint32_t want = max_rows - done;
            if (want > 16) want = 16;
            for (uint32_t i = 0; i < want; i++) rows[i] = out + (size_t)i * stride;
            JDIMENSION got = jpeg_read_scanlines(c, rows, want);
            if (got == 0) break;
            done += got;
        }
    }
    *rows_read = done;
    if (c->output_scanline >= c->output_height) {
        // Reads the rest of the stream up to EOI, so damage after the last row is noticed too.
        jpeg_finish_decompress(c);
        jpeg->finished = 1;
    }
    return IC_OK;
}

void ic_jpeg_destroy(ic_jpeg *jpeg) {
    if (jpeg == NULL) return;
    if (jpeg->created) jpeg_destroy_decompress(&jpeg->cinfo);
    if (jpeg->file != NULL) fclose(jpeg->file);
    free(jpeg->cmyk_row);
    free(jpeg->icc);
    free(jpeg);
}
