// The picture size in a coded image's own bitstream headers, read without the codec (see
// ic_heif_limits.h): an HEVC sequence parameter set's pic_width/height_in_luma_samples and its
// conformance window (ITU-T H.265 7.3.2.2, 7.4.3.2.1) and an AV1 sequence header's
// max_frame_width/height (AV1 5.5); and, read on to the transform hierarchy depths, the sequence
// parameter sets libde265 1.0.11 would refuse with a line on stderr (ic_hevc_sps_limits). Hostile
// bytes: every read is bounded, and a header that cannot be read gives no size.
#include "ic_heif_limits.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

// libde265 1.0.11 reads a ue(v) of at most 20 leading zeros (MAX_UVLC_LEADING_ZEROS) and refuses
// the parameter set without a word past that: the largest value it reads.
#define IC_DE265_UE_MAX ((1u << 21) - 2)

// The most of a sequence parameter set's payload ic_hevc_sps_size reads: 8 bits, the profile, tier
// and level (96 + 16 bits and 96 a sub-layer; libde265 refuses 8 sub-layers, so 6 at most), 38
// ue(v) of 41 bits at most (the 7 sub-layers' ordering info included) and 3 flags: 2,257 bits,
// 283 bytes. A NAL unit holds them in 426 bytes at most (an emulation-prevention byte after every
// 2 zeros, and the 2-byte header): the stream scan copies 512 (ic_heif_streams.c).
#define IC_HEVC_SPS_READ 283

// libde265 1.0.11's seq_parameter_set::read and compute_derived_values (sps.cc), from the bit
// depths on: `invalid` names the first condition under which it prints "SPS error: ..." to stderr
// and refuses the set, tested in its order, or stays empty. It refuses silently first what is out
// of its own ranges (a bit depth past 16, log2_max_pic_order_cnt_lsb past 16, more than 16 pictures
// buffered, a coding block past 64 or a transform block past 32, a ue(v) past IC_DE265_UE_MAX) or
// cut short (it reads zeros past the end, and num_short_term_ref_pic_sets then fails): those are
// left to it. Its last two prints (a bit depth outside 8 to 16) follow a check that already
// refused any past 16, so they never happen. It reads on (scaling lists, reference picture sets,
// VUI, extensions) before it prints, and a set it refuses there for something else prints nothing;
// the shim does not read that far, so it refuses such a set too: every condition here breaks one
// of H.265's own constraints (7.4.3.2.1), so no conforming stream is refused.
static void ic_hevc_sps_limits(ic_bits *b, unsigned sub_layers, uint32_t width, uint32_t height, char *invalid,
                               size_t invalid_size) {
    const uint32_t depth_luma = ic_bits_golomb(b), depth_chroma = ic_bits_golomb(b);
    if (depth_luma > 8 || depth_chroma > 8 || ic_bits_golomb(b) > 12) return;   // bit_depth_*_minus8, the POC's
    const unsigned first = ic_bits_read(b, 1) ? 0 : sub_layers;   // sps_sub_layer_ordering_info_present_flag
    for (unsigned i = first; i <= sub_layers; i++) {
        if (ic_bits_golomb(b) > 15) return;   // sps_max_dec_pic_buffering_minus1: 16 pictures (MAX_NUM_REF_PICS)
        const uint32_t reorder = ic_bits_golomb(b), latency = ic_bits_golomb(b);
        if (reorder > IC_DE265_UE_MAX || latency > IC_DE265_UE_MAX) return;
    }
    // log2_min_luma_coding_block_size_minus3 and _diff_max_min_, the same of the luma transform
    // blocks (minus2), max_transform_hierarchy_depth_inter and _intra.
    uint32_t field[6];
    for (unsigned i = 0; i < 6; i++) {
        field[i] = ic_bits_golomb(b);
        if (field[i] > IC_DE265_UE_MAX) return;
    }
    if (!b->ok) return;
    const uint32_t min_cb = field[0] + 3, ctb = min_cb + field[1], min_tb = field[2] + 2, max_tb = min_tb + field[3];
    if (min_cb > 6 || ctb > 6 || min_tb > 5 || max_tb > 5) return;
    const int64_t levels = (int64_t)ctb - min_tb;   // negative when the minimum transform block is larger
    const unsigned deep = field[4] > levels ? 4 : field[5] > levels ? 5 : 0;   // inter first, then intra
    if (deep != 0) {
        snprintf(invalid, invalid_size,
                 "the transform hierarchy depth (%s) %u is more than the %d levels from the coding tree block "
                 "(%u) to the minimum transform block (%u)",
                 deep == 4 ? "inter" : "intra", field[deep], (int)levels, 1u << ctb, 1u << min_tb);
    } else if (width % (1u << min_cb) != 0 || height % (1u << min_cb) != 0) {
        const int across = width % (1u << min_cb) != 0;
        snprintf(invalid, invalid_size, "%s %u is not a multiple of the minimum coding block (%u)",
                 across ? "width" : "height", across ? width : height, 1u << min_cb);
    } else if (min_tb > min_cb) {
        snprintf(invalid, invalid_size, "the minimum transform block (%u) is larger than the minimum coding block (%u)",
                 1u << min_tb, 1u << min_cb);
    } else if (max_tb > ctb) {
        // libde265 holds it to 32 too, but refused any larger above.
        snprintf(invalid, invalid_size, "the maximum transform block (%u) is larger than the coding tree block (%u)",
                 1u << max_tb, 1u << ctb);
    }
}

int ic_hevc_sps_size(const uint8_t *nal, size_t length, ic_picture_size *size, char *invalid, size_t invalid_size) {
    if (invalid_size > 0) invalid[0] = '\0';
    if (length < 3 || ((nal[0] >> 1) & 0x3f) != 33) return 0;
    // The payload without its emulation-prevention bytes (00 00 03). libde265 counts the zeros from
    // the NAL header on (its second byte is 0 only in a damaged header), and so does this.
    uint8_t rbsp[IC_HEVC_SPS_READ];
    size_t n = 0, zeros = nal[1] == 0 ? 1 : 0;
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
    const uint32_t id = ic_bits_golomb(&b);   // sps_seq_parameter_set_id
    const uint32_t chroma = ic_bits_golomb(&b);
    const uint32_t separate = chroma == 3 ? ic_bits_read(&b, 1) : 0;   // separate_colour_plane_flag
    const uint32_t width = ic_bits_golomb(&b), height = ic_bits_golomb(&b);
    // The conformance window, in chroma samples (H.265 7.4.3.2.1): what the decoder crops.
    uint64_t crop_x = 0, crop_y = 0, largest = 0;
    if (ic_bits_read(&b, 1)) {
        const uint64_t unit_x = (chroma == 1 || chroma == 2) && !separate ? 2 : 1;
        const uint64_t unit_y = chroma == 1 && !separate ? 2 : 1;
        const uint64_t left = ic_bits_golomb(&b), right = ic_bits_golomb(&b);
        const uint64_t top = ic_bits_golomb(&b), bottom = ic_bits_golomb(&b);
        crop_x = unit_x * (left + right);
        crop_y = unit_y * (top + bottom);
        largest = left > right ? left : right;
        largest = top > largest ? top : largest;
        largest = bottom > largest ? bottom : largest;
    }
    if (!b.ok) return 0;
    size->coded_width = width;
    size->coded_height = height;
    size->shown_width = crop_x < width ? width - (uint32_t)crop_x : 0;
    size->shown_height = crop_y < height ? height - (uint32_t)crop_y : 0;
    // What libde265 refuses without a word before the bit depths, where the limits begin: a unit
    // of another layer (nuh_layer_id, which it skips), 8 sub-layers, a set ID past 15, an unknown
    // chroma format, a side of 0 or past 70,000 (MAX_PICTURE_WIDTH), a window offset past its ue(v).
    const unsigned layer = ((nal[0] & 1u) << 5) | (nal[1] >> 3);
    if (invalid_size > 0 && layer == 0 && sub_layers < 7 && id < 16 && chroma <= 3 && width > 0 && width <= 70000 &&
        height > 0 && height <= 70000 && largest <= IC_DE265_UE_MAX) {
        ic_hevc_sps_limits(&b, sub_layers, width, height, invalid, invalid_size);
    }
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
