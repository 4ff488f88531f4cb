// The colour description a decoder plugin of the shim (ic_heif_av1.c, ic_heif_hevc_picture.c)
// gives the picture it decoded, from its bitstream's colour codes: libheif keeps it unless the
// item has a colr box.
#include "ic_heif_limits.h"

#include <libheif/heif_plugin.h>

struct heif_error ic_heif_set_nclx(struct heif_image *image, uint16_t primaries, uint16_t transfer, uint16_t matrix,
                                   int full_range, int strict) {
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    if (nclx == NULL) {
        struct heif_error error = {heif_error_Memory_allocation_error, heif_suberror_Unspecified,
                                   "cannot allocate the colour description"};
        return error;
    }
    struct heif_error errors[3] = {
        heif_nclx_color_profile_set_color_primaries(nclx, primaries),
        heif_nclx_color_profile_set_transfer_characteristics(nclx, transfer),
        heif_nclx_color_profile_set_matrix_coefficients(nclx, matrix),
    };
    // A code libheif does not know is a warning on the image (the shim's strict mode refuses it,
    // ic_heif_errors.c), or, for a strict decoder, the error returned.
    for (int i = 0; i < 3; i++) {
        if (errors[i].code == heif_error_Ok) continue;
        if (strict) {
            heif_nclx_color_profile_free(nclx);
            return errors[i];
        }
        heif_image_add_decoding_warning(image, errors[i]);
    }
    nclx->full_range_flag = full_range != 0;
    (void)heif_image_set_nclx_color_profile(image, nclx);
    heif_nclx_color_profile_free(nclx);
    struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "Success"};
    return ok;
}

int ic_heif_nclx_unknown(uint16_t primaries, uint16_t transfer, uint16_t matrix) {
    // libheif 1.15.1's setters accept exactly these (every code 0–65535 was tried against them):
    // primaries 1, 2, 4–12, 22; transfer 1, 2, 4–18; matrix 0–2, 4–14. Checked here, so that the
    // shim's own AVIF path need not load libheif.
    const int known_primaries = primaries == 1 || primaries == 2 || (primaries >= 4 && primaries <= 12) ||
                                primaries == 22;
    const int known_transfer = transfer == 1 || transfer == 2 || (transfer >= 4 && transfer <= 18);
    const int known_matrix = matrix <= 2 || (matrix >= 4 && matrix <= 14);
    return (known_primaries ? 0 : 1) | (known_transfer ? 0 : 2) | (known_matrix ? 0 : 4);
}

const char *ic_heif_nclx_warning(uint16_t primaries, uint16_t transfer, uint16_t matrix) {
    // libheif's warning names the last code it does not know.
    const int unknown = ic_heif_nclx_unknown(primaries, transfer, matrix);
    if (unknown & 4) return "Invalid input: Unknown NCLX matrix coefficients";
    if (unknown & 2) return "Invalid input: Unknown NCLX transfer characteristics";
    if (unknown & 1) return "Invalid input: Unknown NCLX color primaries";
    return NULL;
}
