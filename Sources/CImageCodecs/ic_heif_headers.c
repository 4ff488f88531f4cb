// The picture size in a coded image's own bitstream headers, read without the codec (see
// ic_heif_limits.h): an HEVC sequence parameter set's pic_width/height_in_luma_samples and its
// conformance window (ITU-T H.265 7.3.2.2, 7.4.3.2.1) and an AV1 sequence header's
// max_frame_width/height (AV1 5.5). Hostile bytes: every read is bounded, and a header that
// cannot be read gives no size.
#include "ic_heif_limits.h"

#include <stddef.h>
#include <stdint.h>

// A bit reader (most significant bit first) over bytes; a read past the end clears ok.
typedef struct {
    const uint8_t *bytes;
    size_t size;
    size_t at;   // in bits
    int ok;
} ic_bits;

static uint32_t ic_bits_read(ic_bits *b, unsigned count) {
    uint32_t value = 0;
    for (unsigned i = 0; i < count; i++) {
        if (!b->ok || b->at >= b->size * 8) {
            b->ok = 0;
            return 0;
        }
        value = (value << 1) | ((b->bytes[b->at >> 3] >> (7 - (b->at & 7))) & 1);
        b->at++;
    }
    return value;
}

static void ic_bits_skip(ic_bits *b, size_t count) {
    if (b->size * 8 - b->at < count) b->ok = 0;
    else b->at += count;
}

// H.265's ue(v) and AV1's uvlc(): leading zeros, a one, as many bits; more than 31 zeros fail.
static uint32_t ic_bits_golomb(ic_bits *b) {
    unsigned zeros = 0;
    while (b->ok && ic_bits_read(b, 1) == 0) {
        if (++zeros > 31) b->ok = 0;
    }
    return b->ok ? (uint32_t)(((uint64_t)1 << zeros) - 1 + ic_bits_read(b, zeros)) : 0;
}

int ic_hevc_sps_size(const uint8_t *nal, size_t length, ic_picture_size *size) {
    if (length < 3 || ((nal[0] >> 1) & 0x3f) != 33) return 0;
    // The payload without its emulation-prevention bytes (00 00 03), as far as the size.
    uint8_t rbsp[192];
    size_t n = 0, zeros = 0;
    for (size_t i = 2; i < length && n < sizeof(rbsp); i++) {
        if (zeros >= 2 && nal[i] == 3) {
            zeros = 0;
            continue;
        }
        zeros = nal[i] == 0 ? zeros + 1 : 0;
        rbsp[n++] = nal[i];
    }
    ic_bits b = {rbsp, n, 0, 1};
    ic_bits_read(&b, 4);   // sps_video_parameter_set_id
    const unsigned sub_layers = ic_bits_read(&b, 3);
    ic_bits_skip(&b, 1 + 88 + 8);   // temporal nesting; the general profile, tier and level
    unsigned profile_present[8] = {0}, level_present[8] = {0};
    for (unsigned i = 0; i < sub_layers; i++) {
        profile_present[i] = ic_bits_read(&b, 1);
        level_present[i] = ic_bits_read(&b, 1);
    }
    if (sub_layers > 0) ic_bits_skip(&b, 2 * (8 - sub_layers));
    for (unsigned i = 0; i < sub_layers; i++) ic_bits_skip(&b, (profile_present[i] ? 88 : 0) + (level_present[i] ? 8 : 0));
    ic_bits_golomb(&b);   // sps_seq_parameter_set_id
    const uint32_t chroma = ic_bits_golomb(&b);
    const uint32_t separate = chroma == 3 ? ic_bits_read(&b, 1) : 0;   // separate_colour_plane_flag
    const uint32_t width = ic_bits_golomb(&b), height = ic_bits_golomb(&b);
    // The conformance window, in chroma samples (H.265 7.4.3.2.1): what the decoder crops.
    uint64_t crop_x = 0, crop_y = 0;
    if (ic_bits_read(&b, 1)) {
        const uint64_t unit_x = (chroma == 1 || chroma == 2) && !separate ? 2 : 1;
        const uint64_t unit_y = chroma == 1 && !separate ? 2 : 1;
        const uint64_t left = ic_bits_golomb(&b), right = ic_bits_golomb(&b);
        const uint64_t top = ic_bits_golomb(&b), bottom = ic_bits_golomb(&b);
        crop_x = unit_x * (left + right);
        crop_y = unit_y * (top + bottom);
    }
    if (!b.ok) return 0;
    size->coded_width = width;
    size->coded_height = height;
    size->shown_width = crop_x < width ? width - (uint32_t)crop_x : 0;
    size->shown_height = crop_y < height ? height - (uint32_t)crop_y : 0;
    return 1;
}

int ic_av1_sequence_size(const uint8_t *payload, size_t length, ic_picture_size *size) {
    ic_bits b = {payload, length, 0, 1};
    ic_bits_read(&b, 4);   // seq_profile, still_picture
    if (ic_bits_read(&b, 1)) {
        ic_bits_read(&b, 5);   // reduced_still_picture_header: seq_level_idx[0] alone
    } else {
        unsigned decoder_model = 0, delay_bits = 0;
        if (ic_bits_read(&b, 1)) {   // timing_info_present_flag
            ic_bits_skip(&b, 64);
            if (ic_bits_read(&b, 1)) ic_bits_golomb(&b);   // equal_picture_interval
            decoder_model = ic_bits_read(&b, 1);
            if (decoder_model) {
                delay_bits = ic_bits_read(&b, 5) + 1;
                ic_bits_skip(&b, 32 + 5 + 5);
            }
        }
        const unsigned display_delay = ic_bits_read(&b, 1);
        const unsigned points = ic_bits_read(&b, 5) + 1;
        for (unsigned i = 0; i < points && b.ok; i++) {
            ic_bits_read(&b, 12);   // operating_point_idc
            if (ic_bits_read(&b, 5) > 7) ic_bits_read(&b, 1);   // seq_level_idx, seq_tier
            if (decoder_model && ic_bits_read(&b, 1)) ic_bits_skip(&b, 2 * delay_bits + 1);
            if (display_delay && ic_bits_read(&b, 1)) ic_bits_read(&b, 4);
        }
    }
    const unsigned width_bits = ic_bits_read(&b, 4) + 1, height_bits = ic_bits_read(&b, 4) + 1;
    // 16 bits at most each: the sizes fit.
    const uint32_t width = ic_bits_read(&b, width_bits) + 1, height = ic_bits_read(&b, height_bits) + 1;
    if (!b.ok) return 0;
    size->coded_width = size->shown_width = width;
    size->coded_height = size->shown_height = height;
    return 1;
}
