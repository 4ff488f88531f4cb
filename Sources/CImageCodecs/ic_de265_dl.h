// libde265's functions as the shim's HEVC plugin calls them (ic_heif_hevc*.c): through a table
// that ic_de265_dl_load (ic_dynlib.c) fills from dlopen("libde265.so.0") when the plugin is
// registered, on the first HEIC or AVIF. libde265 builds its tables when it is loaded, which
// every process paid before, even for --version. Included first by every shim file that calls
// libde265; a function the shim starts calling goes in both lists.
#ifndef IC_DE265_DL_H
#define IC_DE265_DL_H

#include <libde265/de265.h>

#include "ic_dynlib.h"

#define IC_DE265_FUNCTIONS(X)                                                                    \
    X(de265_init) X(de265_free) X(de265_new_decoder) X(de265_free_decoder)                      \
    X(de265_start_worker_threads) X(de265_push_NAL) X(de265_flush_data) X(de265_decode)         \
    X(de265_get_next_picture) X(de265_release_next_picture) X(de265_get_warning)               \
    X(de265_get_error_text) X(de265_isOK) X(de265_get_version_number)                          \
    X(de265_set_image_allocation_functions) X(de265_get_default_image_allocation_functions)    \
    X(de265_get_image_width) X(de265_get_image_height) X(de265_get_image_plane)                \
    X(de265_get_image_plane_user_data) X(de265_set_image_plane) X(de265_get_bits_per_pixel)     \
    X(de265_get_chroma_format) X(de265_get_image_colour_primaries)                              \
    X(de265_get_image_transfer_characteristics) X(de265_get_image_matrix_coefficients)         \
    X(de265_get_image_full_range_flag)

struct ic_de265_functions {
#define IC_DE265_FIELD(function) __typeof__(&function) function;
    IC_DE265_FUNCTIONS(IC_DE265_FIELD)
#undef IC_DE265_FIELD
};
extern struct ic_de265_functions ic_de265_dl;

#ifndef IC_DL_TABLES
#define de265_init (ic_de265_dl.de265_init)
#define de265_free (ic_de265_dl.de265_free)
#define de265_new_decoder (ic_de265_dl.de265_new_decoder)
#define de265_free_decoder (ic_de265_dl.de265_free_decoder)
#define de265_start_worker_threads (ic_de265_dl.de265_start_worker_threads)
#define de265_push_NAL (ic_de265_dl.de265_push_NAL)
#define de265_flush_data (ic_de265_dl.de265_flush_data)
#define de265_decode (ic_de265_dl.de265_decode)
#define de265_get_next_picture (ic_de265_dl.de265_get_next_picture)
#define de265_release_next_picture (ic_de265_dl.de265_release_next_picture)
#define de265_get_warning (ic_de265_dl.de265_get_warning)
#define de265_get_error_text (ic_de265_dl.de265_get_error_text)
#define de265_isOK (ic_de265_dl.de265_isOK)
#define de265_get_version_number (ic_de265_dl.de265_get_version_number)
#define de265_set_image_allocation_functions (ic_de265_dl.de265_set_image_allocation_functions)
#define de265_get_default_image_allocation_functions (ic_de265_dl.de265_get_default_image_allocation_functions)
#define de265_get_image_width (ic_de265_dl.de265_get_image_width)
#define de265_get_image_height (ic_de265_dl.de265_get_image_height)
#define de265_get_image_plane (ic_de265_dl.de265_get_image_plane)
#define de265_get_image_plane_user_data (ic_de265_dl.de265_get_image_plane_user_data)
#define de265_set_image_plane (ic_de265_dl.de265_set_image_plane)
#define de265_get_bits_per_pixel (ic_de265_dl.de265_get_bits_per_pixel)
#define de265_get_chroma_format (ic_de265_dl.de265_get_chroma_format)
#define de265_get_image_colour_primaries (ic_de265_dl.de265_get_image_colour_primaries)
#define de265_get_image_transfer_characteristics (ic_de265_dl.de265_get_image_transfer_characteristics)
#define de265_get_image_matrix_coefficients (ic_de265_dl.de265_get_image_matrix_coefficients)
#define de265_get_image_full_range_flag (ic_de265_dl.de265_get_image_full_range_flag)
#endif

#endif
