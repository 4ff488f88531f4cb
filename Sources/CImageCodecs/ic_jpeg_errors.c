// libjpeg's error manager and progress monitor for the shim (ic_jpeg.c): failures longjmp back
// with their message, warnings are errors unless benign, nothing reaches stderr.
#include "ic_jpeg_internal.h"

#include <stddef.h>
#include <stdio.h>
#include <time.h>

// libjpeg calls this for fatal errors; it must not return.
void ic_jpeg_error_exit(j_common_ptr cinfo) {
    struct ic_jpeg_error *error = (struct ic_jpeg_error *)cinfo->err;
    error->failing_code = error->pub.msg_code;
    switch (error->failing_code) {
    case JERR_BAD_PRECISION:
        snprintf(error->message, sizeof(error->message),
                 "%d-bit samples (only 8-bit JPEG is supported)", error->pub.msg_parm.i[0]);
        break;
    case JERR_SOF_UNSUPPORTED:
        snprintf(error->message, sizeof(error->message),
                 "coding process SOF%d (lossless and hierarchical JPEG are not supported)",
                 error->pub.msg_parm.i[0] - 0xC0);
        break;
    default:
        (*cinfo->err->format_message)(cinfo, error->message);
        break;
    }
    longjmp(error->jump, 1);
}

// Warnings that say nothing about the pixels, which browsers and libjpeg's own tools pass: a
// JFIF version other than 1.x (libjpeg reads the header as 1.x), and up to 3 bytes of garbage
// between segments before the first scan (a camera's padding after APP0). 3 is fewer than the
// smallest segment takes (its marker, code and length), so no segment was lost: a segment whose
// FF was damaged is skipped whole, 4 bytes or more (an Adobe APP14 lost is a wrong colour
// transform), and still fails. Garbage after a scan fails too: a scan whose entropy data went out
// of step can end early and leave only that.
static int ic_jpeg_benign(j_common_ptr cinfo) {
    const int code = cinfo->err->msg_code;
    if (code == JWRN_JFIF_MAJOR) return 1;
    return code == JWRN_EXTRANEOUS_DATA && cinfo->is_decompressor && cinfo->err->msg_parm.i[0] <= 3 &&
           ((j_decompress_ptr)cinfo)->input_scan_number == 0;
}

// Warnings (msg_level < 0) such as "premature end of data" mean the pixels are not the
// picture; by default they stop decoding. Trace messages (level >= 0) are ignored, and so are the
// warnings ic_jpeg_benign names.
void ic_jpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    struct ic_jpeg_error *error = (struct ic_jpeg_error *)cinfo->err;
    if (msg_level >= 0 || ic_jpeg_benign(cinfo)) return;
    error->pub.num_warnings++;
    if (error->warnings_are_errors) {
        ic_jpeg_error_exit(cinfo);
    } else if (error->message[0] == 0) {
        (*cinfo->err->format_message)(cinfo, error->message);
    }
}

// jpeg_read_icc_profile reports bogus ICC markers as a warning and returns FALSE: the profile
// is then ignored, never the image, so its warning is kept apart instead of stopping decoding.
void ic_jpeg_icc_warning(j_common_ptr cinfo, int msg_level) {
    if (msg_level >= 0) return;
    ic_jpeg *jpeg = (ic_jpeg *)((char *)cinfo - offsetof(ic_jpeg, cinfo));
    (*cinfo->err->format_message)(cinfo, jpeg->icc_note);
}

// The default prints to stderr; a library must never do that.
void ic_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

int64_t ic_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

// libjpeg calls this often while it works, including while jpeg_start_decompress reads every
// scan of a progressive file: the one place to stop a scan flood or a slow input in time.
void ic_jpeg_progress(j_common_ptr common) {
    j_decompress_ptr cinfo = (j_decompress_ptr)common;
    ic_jpeg *jpeg = (ic_jpeg *)((char *)cinfo - offsetof(ic_jpeg, cinfo));
    struct ic_jpeg_error *error = &jpeg->error;
    if (jpeg->config.max_scans > 0 && cinfo->input_scan_number > jpeg->config.max_scans) {
        error->failing_code = IC_JERR_TOO_MANY_SCANS;
        snprintf(error->message, sizeof(error->message), "more than %d scans", jpeg->config.max_scans);
        longjmp(error->jump, 1);
    }
    if (jpeg->config.deadline_ns > 0 && ic_monotonic_ns() > jpeg->config.deadline_ns) {
        error->failing_code = IC_JERR_DEADLINE;
        snprintf(error->message, sizeof(error->message), "decoding took too long");
        longjmp(error->jump, 1);
    }
}

ic_status ic_jpeg_classify(const struct ic_jpeg *jpeg) {
    switch (jpeg->error.failing_code) {
    case IC_JERR_TOO_MANY_SCANS:
        return IC_ERR_LIMIT;
    case IC_JERR_DEADLINE:
        return IC_ERR_DEADLINE;
    case JERR_NO_BACKING_STORE:
        // The coefficient buffer did not fit in max_memory_to_use (we have no backing store).
        return IC_ERR_NO_MEMORY;
    case JERR_BAD_PRECISION:
    case JERR_SOF_UNSUPPORTED:
    case JERR_NOT_COMPILED:
    case JERR_ARITH_NOTIMPL:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOTIMPL:
        return IC_ERR_UNSUPPORTED;
    case JWRN_JPEG_EOF:
    case JERR_INPUT_EOF:
    case JERR_INPUT_EMPTY:
        return IC_ERR_TRUNCATED;
    case JERR_OUT_OF_MEMORY:
        return IC_ERR_NO_MEMORY;
    case JERR_FILE_READ:
        return IC_ERR_IO;
    case JERR_IMAGE_TOO_BIG:
    case JERR_WIDTH_OVERFLOW:
        return IC_ERR_LIMIT;
    default:
        return IC_ERR_CORRUPT;
    }
}
