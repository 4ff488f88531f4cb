// libheif's errors and warnings as the shim's statuses (for ic_heif.c): an error's code and
// subcode give the ic_status; in strict decoding (ic_heif.c decodes leniently, then asks here), a
// picture decoded with a warning is refused, as libjpeg's warnings are for a JPEG.
#include "ic_heif_limits.h"

#include <stdio.h>

// libheif's error as an ic_status, with its message (which names the box or the codec).
ic_status ic_heif_error(ic_heif *heif, struct heif_error error) {
    ic_status status;
    switch (error.code) {
    case heif_error_Ok: return IC_OK;
    case heif_error_Memory_allocation_error: status = IC_ERR_NO_MEMORY; break;
    case heif_error_Unsupported_feature:
    case heif_error_Unsupported_filetype:
    case heif_error_Plugin_loading_error: status = IC_ERR_UNSUPPORTED; break;
    case heif_error_Input_does_not_exist: status = IC_ERR_IO; break;
    case heif_error_Usage_error: status = IC_ERR_STATE; break;
    case heif_error_Invalid_input:
        if (error.subcode == heif_suberror_End_of_data) {
            status = IC_ERR_TRUNCATED;
        } else if (error.subcode == heif_suberror_Security_limit_exceeded) {
            status = IC_ERR_LIMIT;
        } else {
            status = IC_ERR_CORRUPT;
        }
        break;
    default: status = IC_ERR_CORRUPT; break;
    }
    if (error.subcode == heif_suberror_Security_limit_exceeded) status = IC_ERR_LIMIT;
    return ic_heif_fail(heif, status, error.message != NULL ? error.message : "libheif failed");
}

ic_status ic_heif_refuse_warnings(ic_heif *heif, struct heif_image *image, const char *hevc_warning) {
    char message[200];
    if (hevc_warning != NULL) {
        // libde265 left part of a picture (the image, a tile or the alpha plane) undecoded, and
        // the shim's HEVC plugin filled it with grey (ic_heif_hevc.c): damaged data. libheif 1.15
        // keeps no plugin warning's text and drops a tile's or an alpha plane's, so the plugin
        // keeps it.
        snprintf(message, sizeof(message), "the HEVC stream is damaged: %s (a decoding warning, an error in strict mode)",
                 hevc_warning);
        return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
    }
    const int warnings = heif_image_get_decoding_warnings(image, 0, NULL, 0);
    if (warnings <= 0) return IC_OK;
    // libheif 1.15 ignores the buffer's size and writes every warning from the first index asked
    // for, each message in one buffer the next overwrites: asking from the last writes exactly one
    // entry, whose message stays valid until the next call (a file with three unknown colour codes
    // wrote 48 bytes past a one-entry buffer and read a freed message).
    struct heif_error warning;
    heif_image_get_decoding_warnings(image, warnings - 1, &warning, 1);
    snprintf(message, sizeof(message), "%s (a decoding warning, an error in strict mode)",
             warning.message != NULL ? warning.message : "damaged data");
    return ic_heif_fail(heif, IC_ERR_CORRUPT, message);
}
