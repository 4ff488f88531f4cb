// libaom's functions as the shim's AV1 plugin calls them (ic_heif_av1.c): through a table that
// ic_aom_dl_load (ic_dynlib.c) fills from dlopen("libaom.so.3") when the plugin is registered, on
// the first HEIC or AVIF. Included first by the file that calls libaom; a function it starts
// calling goes in both lists (aom_codec_dec_init is a macro over aom_codec_dec_init_ver).
#ifndef IC_AOM_DL_H
#define IC_AOM_DL_H

#include <aom/aom_decoder.h>
#include <aom/aomdx.h>

#include "ic_dynlib.h"

#define IC_AOM_FUNCTIONS(X)                                                                      \
    X(aom_codec_av1_dx) X(aom_codec_dec_init_ver) X(aom_codec_decode) X(aom_codec_destroy)      \
    X(aom_codec_err_to_string) X(aom_codec_get_frame) X(aom_codec_get_stream_info)

struct ic_aom_functions {
#define IC_AOM_FIELD(function) __typeof__(&function) function;
    IC_AOM_FUNCTIONS(IC_AOM_FIELD)
#undef IC_AOM_FIELD
};
extern struct ic_aom_functions ic_aom_dl;

#ifndef IC_DL_TABLES
#define aom_codec_av1_dx (ic_aom_dl.aom_codec_av1_dx)
#define aom_codec_dec_init_ver (ic_aom_dl.aom_codec_dec_init_ver)
#define aom_codec_decode (ic_aom_dl.aom_codec_decode)
#define aom_codec_destroy (ic_aom_dl.aom_codec_destroy)
#define aom_codec_err_to_string (ic_aom_dl.aom_codec_err_to_string)
#define aom_codec_get_frame (ic_aom_dl.aom_codec_get_frame)
#define aom_codec_get_stream_info (ic_aom_dl.aom_codec_get_stream_info)
#endif

#endif
