// libheif's functions as the shim calls them: through a table that ic_heif_dl_load (ic_dynlib.c)
// fills from dlopen("libheif.so.1") on the first HEIC or AVIF, so that a process which never
// decodes one never loads libheif (nor the encoders and decoders it links). Included first by
// every shim file that calls libheif: each call site keeps its name, which the #defines below
// turn into the table's entry. A function the shim starts calling goes in both lists.
#ifndef IC_HEIF_DL_H
#define IC_HEIF_DL_H

#include <libheif/heif.h>
#include <libheif/heif_plugin.h>

#include "ic_dynlib.h"

#define IC_HEIF_FUNCTIONS(X)                                                                     \
    X(heif_init) X(heif_register_decoder_plugin) X(heif_context_alloc) X(heif_context_free)     \
    X(heif_context_get_number_of_top_level_images) X(heif_context_get_primary_image_ID)        \
    X(heif_context_get_primary_image_handle) X(heif_context_read_from_memory_without_copy)     \
    X(heif_context_set_max_decoding_threads) X(heif_context_set_maximum_image_size_limit)      \
    X(heif_decode_image) X(heif_decoding_options_alloc) X(heif_decoding_options_free)          \
    X(heif_image_create) X(heif_image_release) X(heif_image_add_plane) X(heif_image_get_plane) \
    X(heif_image_get_plane_readonly) X(heif_image_get_width) X(heif_image_get_height)          \
    X(heif_image_get_bits_per_pixel_range) X(heif_image_is_premultiplied_alpha)                \
    X(heif_image_get_decoding_warnings) X(heif_image_add_decoding_warning)                     \
    X(heif_image_set_nclx_color_profile) X(heif_image_handle_release)                          \
    X(heif_image_handle_get_width) X(heif_image_handle_get_height)                             \
    X(heif_image_handle_get_ispe_width) X(heif_image_handle_get_ispe_height)                   \
    X(heif_image_handle_get_luma_bits_per_pixel) X(heif_image_handle_get_chroma_bits_per_pixel) \
    X(heif_image_handle_has_alpha_channel) X(heif_image_handle_is_premultiplied_alpha)         \
    X(heif_image_handle_get_number_of_depth_images) X(heif_image_handle_get_number_of_thumbnails) \
    X(heif_image_handle_get_list_of_thumbnail_IDs) X(heif_image_handle_get_thumbnail)          \
    X(heif_image_handle_get_raw_color_profile_size) X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_nclx_color_profile) X(heif_nclx_color_profile_alloc)               \
    X(heif_nclx_color_profile_free) X(heif_nclx_color_profile_set_color_primaries)             \
    X(heif_nclx_color_profile_set_transfer_characteristics)                                    \
    X(heif_nclx_color_profile_set_matrix_coefficients)

struct ic_heif_functions {
#define IC_HEIF_FIELD(function) __typeof__(&function) function;
    IC_HEIF_FUNCTIONS(IC_HEIF_FIELD)
#undef IC_HEIF_FIELD
};
extern struct ic_heif_functions ic_heif_dl;

// ic_dynlib.c fills the table by name, so it sees the functions' own names.
#ifndef IC_DL_TABLES
#define heif_init (ic_heif_dl.heif_init)
#define heif_register_decoder_plugin (ic_heif_dl.heif_register_decoder_plugin)
#define heif_context_alloc (ic_heif_dl.heif_context_alloc)
#define heif_context_free (ic_heif_dl.heif_context_free)
#define heif_context_get_number_of_top_level_images (ic_heif_dl.heif_context_get_number_of_top_level_images)
#define heif_context_get_primary_image_ID (ic_heif_dl.heif_context_get_primary_image_ID)
#define heif_context_get_primary_image_handle (ic_heif_dl.heif_context_get_primary_image_handle)
#define heif_context_read_from_memory_without_copy (ic_heif_dl.heif_context_read_from_memory_without_copy)
#define heif_context_set_max_decoding_threads (ic_heif_dl.heif_context_set_max_decoding_threads)
#define heif_context_set_maximum_image_size_limit (ic_heif_dl.heif_context_set_maximum_image_size_limit)
#define heif_decode_image (ic_heif_dl.heif_decode_image)
#define heif_decoding_options_alloc (ic_heif_dl.heif_decoding_options_alloc)
#define heif_decoding_options_free (ic_heif_dl.heif_decoding_options_free)
#define heif_image_create (ic_heif_dl.heif_image_create)
#define heif_image_release (ic_heif_dl.heif_image_release)
#define heif_image_add_plane (ic_heif_dl.heif_image_add_plane)
#define heif_image_get_plane (ic_heif_dl.heif_image_get_plane)
#define heif_image_get_plane_readonly (ic_heif_dl.heif_image_get_plane_readonly)
#define heif_image_get_width (ic_heif_dl.heif_image_get_width)
#define heif_image_get_height (ic_heif_dl.heif_image_get_height)
#define heif_image_get_bits_per_pixel_range (ic_heif_dl.heif_image_get_bits_per_pixel_range)
#define heif_image_is_premultiplied_alpha (ic_heif_dl.heif_image_is_premultiplied_alpha)
#define heif_image_get_decoding_warnings (ic_heif_dl.heif_image_get_decoding_warnings)
#define heif_image_add_decoding_warning (ic_heif_dl.heif_image_add_decoding_warning)
#define heif_image_set_nclx_color_profile (ic_heif_dl.heif_image_set_nclx_color_profile)
#define heif_image_handle_release (ic_heif_dl.heif_image_handle_release)
#define heif_image_handle_get_width (ic_heif_dl.heif_image_handle_get_width)
#define heif_image_handle_get_height (ic_heif_dl.heif_image_handle_get_height)
#define heif_image_handle_get_ispe_width (ic_heif_dl.heif_image_handle_get_ispe_width)
#define heif_image_handle_get_ispe_height (ic_heif_dl.heif_image_handle_get_ispe_height)
#define heif_image_handle_get_luma_bits_per_pixel (ic_heif_dl.heif_image_handle_get_luma_bits_per_pixel)
#define heif_image_handle_get_chroma_bits_per_pixel (ic_heif_dl.heif_image_handle_get_chroma_bits_per_pixel)
#define heif_image_handle_has_alpha_channel (ic_heif_dl.heif_image_handle_has_alpha_channel)
#define heif_image_handle_is_premultiplied_alpha (ic_heif_dl.heif_image_handle_is_premultiplied_alpha)
#define heif_image_handle_get_number_of_depth_images (ic_heif_dl.heif_image_handle_get_number_of_depth_images)
#define heif_image_handle_get_number_of_thumbnails (ic_heif_dl.heif_image_handle_get_number_of_thumbnails)
#define heif_image_handle_get_list_of_thumbnail_IDs (ic_heif_dl.heif_image_handle_get_list_of_thumbnail_IDs)
#define heif_image_handle_get_thumbnail (ic_heif_dl.heif_image_handle_get_thumbnail)
#define heif_image_handle_get_raw_color_profile_size (ic_heif_dl.heif_image_handle_get_raw_color_profile_size)
#define heif_image_handle_get_raw_color_profile (ic_heif_dl.heif_image_handle_get_raw_color_profile)
#define heif_image_handle_get_nclx_color_profile (ic_heif_dl.heif_image_handle_get_nclx_color_profile)
#define heif_nclx_color_profile_alloc (ic_heif_dl.heif_nclx_color_profile_alloc)
#define heif_nclx_color_profile_free (ic_heif_dl.heif_nclx_color_profile_free)
#define heif_nclx_color_profile_set_color_primaries (ic_heif_dl.heif_nclx_color_profile_set_color_primaries)
#define heif_nclx_color_profile_set_transfer_characteristics \
    (ic_heif_dl.heif_nclx_color_profile_set_transfer_characteristics)
#define heif_nclx_color_profile_set_matrix_coefficients (ic_heif_dl.heif_nclx_color_profile_set_matrix_coefficients)
#endif

#endif
