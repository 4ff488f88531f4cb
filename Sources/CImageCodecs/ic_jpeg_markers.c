// The shim's APP1 and APP2 marker processors (installed by ic_jpeg_open): what libjpeg keeps of
// a file's markers, held to what the analysis reads.
#include "ic_jpeg_internal.h"

#include <stddef.h>
#include <string.h>

// The next byte of the compressed data. Our sources (memory, stdio) never suspend: at the end
// of the data they supply a fake EOI after a warning, so a marker cut short ends in an error
// (strict) or in filler bytes (lenient).
static int ic_jpeg_next_byte(j_decompress_ptr cinfo) {
    struct jpeg_source_mgr *src = cinfo->src;
    if (src->bytes_in_buffer == 0 && !(*src->fill_input_buffer)(cinfo)) ERREXIT(cinfo, JERR_INPUT_EMPTY);
    src->bytes_in_buffer--;
    return *src->next_input_byte++;
}

// APP1 markers. jpeg_save_markers would keep every one in memory, however many a file has (a
// 65 MB file of 1000 APP1 markers took 92 MB of RAM under a 30 MB budget); only the first
// "Exif" marker is kept here (at most 64 kB), every other APP1 is skipped.
boolean ic_jpeg_read_app1(j_decompress_ptr cinfo) {
    ic_jpeg *jpeg = (ic_jpeg *)((char *)cinfo - offsetof(ic_jpeg, cinfo));
    int high = ic_jpeg_next_byte(cinfo);
    long length = ((long)high << 8 | ic_jpeg_next_byte(cinfo)) - 2;
    if (length < 0) ERREXIT(cinfo, JERR_BAD_LENGTH);
    static const uint8_t exif_header[6] = {'E', 'x', 'i', 'f', 0, 0};
    uint8_t header[6];
    long read = 0;
    if (jpeg->exif == NULL && length > 6) {
        for (; read < 6; read++) header[read] = (uint8_t)ic_jpeg_next_byte(cinfo);
        if (memcmp(header, exif_header, 6) == 0) {
            size_t size = (size_t)(length - 6);
            uint8_t *tiff = (*cinfo->mem->alloc_large)((j_common_ptr)cinfo, JPOOL_IMAGE, size);
            for (size_t i = 0; i < size; i++) tiff[i] = (uint8_t)ic_jpeg_next_byte(cinfo);
            jpeg->exif = tiff;
            jpeg->exif_size = size;
            return TRUE;
        }
    }
    if (length > read) (*cinfo->src->skip_input_data)(cinfo, length - read);
    return TRUE;
}

// APP2 markers, for the ICC profile. jpeg_save_markers would keep every APP2 marker, however
// many a file has; this keeps only "ICC_PROFILE" chunks, at most 255 (a profile's most) and
// config.icc_limit bytes in all, in cinfo->marker_list as jpeg_save_markers would, so
// jpeg_read_icc_profile reassembles them. Everything else is skipped.
boolean ic_jpeg_read_app2(j_decompress_ptr cinfo) {
    ic_jpeg *jpeg = (ic_jpeg *)((char *)cinfo - offsetof(ic_jpeg, cinfo));
    int high = ic_jpeg_next_byte(cinfo);
    long length = ((long)high << 8 | ic_jpeg_next_byte(cinfo)) - 2;
    if (length < 0) ERREXIT(cinfo, JERR_BAD_LENGTH);
    static const uint8_t icc_header[12] = {'I', 'C', 'C', '_', 'P', 'R', 'O', 'F', 'I', 'L', 'E', 0};
    uint8_t header[12];
    long read = 0;
    if (length >= 14) {
        for (; read < 12; read++) header[read] = (uint8_t)ic_jpeg_next_byte(cinfo);
        if (memcmp(header, icc_header, 12) == 0) {
            if (jpeg->icc_markers >= 255 || jpeg->icc_marker_bytes + (size_t)length > (size_t)jpeg->config.icc_limit) {
                jpeg->icc_over_limit = 1;
            } else {
                jpeg_saved_marker_ptr m = (*cinfo->mem->alloc_large)(
                    (j_common_ptr)cinfo, JPOOL_IMAGE, sizeof(struct jpeg_marker_struct) + (size_t)length);
                m->next = NULL;
                m->marker = JPEG_APP0 + 2;
                m->original_length = (unsigned int)length;
                m->data_length = (unsigned int)length;
                m->data = (JOCTET *)(m + 1);
                memcpy(m->data, header, 12);
                for (long i = 12; i < length; i++) m->data[i] = (JOCTET)ic_jpeg_next_byte(cinfo);
                jpeg_saved_marker_ptr *tail = &cinfo->marker_list;
                while (*tail != NULL) tail = &(*tail)->next;
                *tail = m;
                jpeg->icc_markers++;
                jpeg->icc_marker_bytes += (size_t)length;
                return TRUE;
            }
        }
    }
    if (length > read) (*cinfo->src->skip_input_data)(cinfo, length - read);
    return TRUE;
}
