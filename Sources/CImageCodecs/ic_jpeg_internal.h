// The shim's libjpeg state, shared by ic_jpeg.c (the decoder's calls), ic_jpeg_errors.c (the
// error manager, the progress monitor and the error codes) and ic_jpeg_markers.c (the APP1 and
// APP2 readers). Private to those three files.
#ifndef IC_JPEG_INTERNAL_H
#define IC_JPEG_INTERNAL_H

#include "ic_codecs.h"

#include <setjmp.h>
#include <stdio.h>

#include <jpeglib.h>
#include <jerror.h>

// Our own failures raised from inside libjpeg (the progress monitor), beyond libjpeg's codes.
enum { IC_JERR_TOO_MANY_SCANS = 10000, IC_JERR_DEADLINE = 10001 };

struct ic_jpeg_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int warnings_are_errors;
    int failing_code;          // msg_code of the error or warning that stopped decoding
    char message[JMSG_LENGTH_MAX];
};

struct ic_jpeg {
    struct jpeg_decompress_struct cinfo;
    struct ic_jpeg_error error;
    struct jpeg_progress_mgr progress;
    ic_jpeg_config config;
    int planned;     // ic_jpeg_plan_scale succeeded
    FILE *file;
    int created;     // cinfo is initialised and must be destroyed
    int started;     // jpeg_start_decompress succeeded
    int failed;      // a longjmp happened: only destroy is allowed
    int finished;    // every row delivered and the stream read through EOI
    uint8_t *cmyk_row;   // scratch row for CMYK → RGBA conversion
    const uint8_t *exif; // TIFF data of the first Exif APP1 marker (in libjpeg's image pool)
    size_t exif_size;
    int raw_cmyk;        // deliver CMYK rows as stored (ic_jpeg_set_raw_cmyk)
    uint8_t *icc;        // the reassembled ICC profile (malloc'd by jpeg_read_icc_profile)
    char icc_note[JMSG_LENGTH_MAX];   // why the ICC markers could not be reassembled
    size_t icc_marker_bytes;  // ICC chunk bytes kept in marker_list
    int icc_markers;          // ICC chunks kept
    int icc_over_limit;       // a chunk was dropped: the profile is over config.icc_limit
};

// The error manager's functions (ic_jpeg_errors.c), installed by ic_jpeg_open: libjpeg's fatal
// errors longjmp to the caller with the message kept; warnings stop decoding unless benign;
// nothing is printed. ic_jpeg_icc_warning replaces ic_jpeg_emit_message while
// jpeg_read_icc_profile runs.
void ic_jpeg_error_exit(j_common_ptr cinfo);
void ic_jpeg_emit_message(j_common_ptr cinfo, int msg_level);
void ic_jpeg_icc_warning(j_common_ptr cinfo, int msg_level);
void ic_jpeg_output_message(j_common_ptr cinfo);
// The progress monitor: stops a scan flood (config.max_scans) or a decode past config.deadline_ns.
void ic_jpeg_progress(j_common_ptr common);
// The status for the error or warning that stopped decoding.
ic_status ic_jpeg_classify(const struct ic_jpeg *jpeg);

// The marker processors (ic_jpeg_markers.c): the first Exif APP1 and the ICC_PROFILE APP2 chunks
// kept within config.icc_limit, every other APP1 and APP2 skipped.
boolean ic_jpeg_read_app1(j_decompress_ptr cinfo);
boolean ic_jpeg_read_app2(j_decompress_ptr cinfo);

#endif
