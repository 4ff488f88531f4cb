// libwebp behind status-returning functions. See ic_codecs.h for the contract.
//
// libwebp reports errors by return values (VP8StatusCode), never by longjmp, and prints
// nothing; this file maps its codes onto ic_status with a message. The demuxer reads the
// container; each frame's bitstream (ALPH + VP8, or VP8L) goes to the incremental decoder in
// "update" mode, which reads the caller's bytes in place and writes RGBA into the caller's
// buffer, scaling on the way when asked to.
#include "ic_codecs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/demux.h>

struct ic_webp {
    WebPDemuxer *demux;
    WebPIterator iterator;     // the frame being decoded (valid while has_iterator)
    int has_iterator;
    WebPIDecoder *decoder;
    WebPDecoderConfig config;
    size_t fed;                // bytes of the fragment handed to the decoder so far
    int failed;
    char message[256];
};

static ic_status ic_webp_fail(ic_webp *webp, ic_status status, const char *message) {
    snprintf(webp->message, sizeof(webp->message), "%s", message);
    webp->failed = 1;
    return status;
}

// libwebp's status codes, in its words where it has them.
static ic_status ic_webp_status(ic_webp *webp, VP8StatusCode code) {
    switch (code) {
    case VP8_STATUS_OK: return IC_OK;
    case VP8_STATUS_OUT_OF_MEMORY: return ic_webp_fail(webp, IC_ERR_NO_MEMORY, "libwebp ran out of memory");
    case VP8_STATUS_INVALID_PARAM: return ic_webp_fail(webp, IC_ERR_CORRUPT, "invalid parameters in the bitstream");
    case VP8_STATUS_UNSUPPORTED_FEATURE: return ic_webp_fail(webp, IC_ERR_UNSUPPORTED, "a bitstream feature libwebp does not decode");
    case VP8_STATUS_NOT_ENOUGH_DATA:
    case VP8_STATUS_SUSPENDED: return ic_webp_fail(webp, IC_ERR_TRUNCATED, "the data ended before the image did");
    case VP8_STATUS_USER_ABORT: return ic_webp_fail(webp, IC_ERR_STATE, "decoding was aborted");
    case VP8_STATUS_BITSTREAM_ERROR:
    default: return ic_webp_fail(webp, IC_ERR_CORRUPT, "the bitstream is damaged");
    }
}

static void ic_webp_end_frame(ic_webp *webp) {
    if (webp->decoder != NULL) {
        WebPIDelete(webp->decoder);
        webp->decoder = NULL;
    }
    // The output buffer is the caller's (is_external_memory): this frees nothing of it.
    WebPFreeDecBuffer(&webp->config.output);
    if (webp->has_iterator) {
        WebPDemuxReleaseIterator(&webp->iterator);
        webp->has_iterator = 0;
    }
}

ic_webp *ic_webp_create(void) {
    return calloc(1, sizeof(ic_webp));
}

const char *ic_webp_message(const ic_webp *webp) {
    return webp == NULL ? "no decoder" : webp->message;
}

ic_status ic_webp_open(ic_webp *webp, const uint8_t *data, size_t size, ic_webp_info *info) {
    if (webp == NULL || info == NULL || data == NULL || webp->demux != NULL || webp->failed) return IC_ERR_STATE;
    memset(info, 0, sizeof(*info));
    WebPData bytes = {data, size};
    WebPDemuxState state = WEBP_DEMUX_PARSE_ERROR;
    // Partial parsing tells a file cut short from a damaged one; only a complete file is used.
    webp->demux = WebPDemuxPartial(&bytes, &state);
    if (webp->demux == NULL || state == WEBP_DEMUX_PARSE_ERROR) {
        // WebPDemuxPartial returns NULL both for too few bytes to hold a header and for damage.
        if (state == WEBP_DEMUX_PARSING_HEADER) return ic_webp_fail(webp, IC_ERR_TRUNCATED, "the data ended inside the WebP header");
        return ic_webp_fail(webp, IC_ERR_CORRUPT, "the WebP container is damaged (RIFF chunks that do not fit together)");
    }
    if (state != WEBP_DEMUX_DONE) return ic_webp_fail(webp, IC_ERR_TRUNCATED, "the data ended before the last chunk did");
    const uint32_t flags = WebPDemuxGetI(webp->demux, WEBP_FF_FORMAT_FLAGS);
    info->canvas_width = WebPDemuxGetI(webp->demux, WEBP_FF_CANVAS_WIDTH);
    info->canvas_height = WebPDemuxGetI(webp->demux, WEBP_FF_CANVAS_HEIGHT);
    info->frame_count = WebPDemuxGetI(webp->demux, WEBP_FF_FRAME_COUNT);
    info->animated = (flags & ANIMATION_FLAG) != 0;
    info->has_alpha = (flags & ALPHA_FLAG) != 0;
    info->loop_count = info->animated ? WebPDemuxGetI(webp->demux, WEBP_FF_LOOP_COUNT) : 0;
    if (info->frame_count == 0) return ic_webp_fail(webp, IC_ERR_CORRUPT, "the WebP file holds no image");
    WebPChunkIterator chunk;
    if ((flags & ICCP_FLAG) && WebPDemuxGetChunk(webp->demux, "ICCP", 1, &chunk)) {
        info->icc = chunk.chunk.bytes;
        info->icc_size = chunk.chunk.size;
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    if ((flags & EXIF_FLAG) && WebPDemuxGetChunk(webp->demux, "EXIF", 1, &chunk)) {
        info->exif = chunk.chunk.bytes;
        info->exif_size = chunk.chunk.size;
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    if (!info->animated && info->frame_count == 1) {
        // A still image: the alpha flag of VP8X, or of the bitstream when there is no VP8X.
        WebPIterator frame;
        if (WebPDemuxGetFrame(webp->demux, 1, &frame)) {
            info->has_alpha |= frame.has_alpha;
            WebPDemuxReleaseIterator(&frame);
        }
    }
    return IC_OK;
}

ic_status ic_webp_frame_info(ic_webp *webp, uint32_t index, ic_webp_frame *frame) {
    if (webp == NULL || frame == NULL || webp->demux == NULL || webp->failed) return IC_ERR_STATE;
    memset(frame, 0, sizeof(*frame));
    WebPIterator iterator;
    if (!WebPDemuxGetFrame(webp->demux, (int)index + 1, &iterator)) {
        return ic_webp_fail(webp, IC_ERR_CORRUPT, "the WebP file has fewer frames than it announces");
    }
    WebPBitstreamFeatures features;
    VP8StatusCode code = WebPGetFeatures(iterator.fragment.bytes, iterator.fragment.size, &features);
    if (code == VP8_STATUS_OK && (features.width != iterator.width || features.height != iterator.height)) {
        WebPDemuxReleaseIterator(&iterator);
        return ic_webp_fail(webp, IC_ERR_CORRUPT, "a frame's bitstream size differs from its frame header");
    }
    frame->x = (uint32_t)iterator.x_offset;
    frame->y = (uint32_t)iterator.y_offset;
    frame->width = (uint32_t)iterator.width;
    frame->height = (uint32_t)iterator.height;
    frame->duration_ms = iterator.duration > 0 ? (uint32_t)iterator.duration : 0;
    frame->blend = iterator.blend_method == WEBP_MUX_BLEND;
    frame->dispose = iterator.dispose_method == WEBP_MUX_DISPOSE_BACKGROUND;
    frame->has_alpha = iterator.has_alpha;
    frame->bitstream_bytes = iterator.fragment.size;
    frame->bitstream = iterator.fragment.bytes;
    const uint8_t *bytes = iterator.fragment.bytes;
    const size_t size = iterator.fragment.size;
    // The fragment is [ALPH chunk] then VP8 or VP8L: an 8-byte chunk header, then the payload;
    // ALPH's first payload byte holds the compression method in its two low bits (1: VP8L).
    if (size >= 9 && memcmp(bytes, "ALPH", 4) == 0) frame->alpha_compressed = (bytes[8] & 3) == 1;
    if (code == VP8_STATUS_OK) {
        frame->lossless = features.format == 2;
        frame->has_alpha |= features.has_alpha;
    }
    WebPDemuxReleaseIterator(&iterator);
    return code == VP8_STATUS_OK ? IC_OK : ic_webp_status(webp, code);
}

ic_status ic_webp_frame_start(ic_webp *webp, uint32_t index, uint32_t out_width, uint32_t out_height,
                              uint8_t *rgba, size_t stride) {
    if (webp == NULL || rgba == NULL || webp->demux == NULL || webp->failed) return IC_ERR_STATE;
    ic_webp_end_frame(webp);
    if (out_width == 0 || out_height == 0 || stride < (size_t)out_width * 4) return IC_ERR_STATE;
    if (!WebPDemuxGetFrame(webp->demux, (int)index + 1, &webp->iterator)) {
        return ic_webp_fail(webp, IC_ERR_CORRUPT, "the WebP file has fewer frames than it announces");
    }
    webp->has_iterator = 1;
    if (!WebPInitDecoderConfig(&webp->config)) return ic_webp_fail(webp, IC_ERR_STATE, "libwebp version mismatch");
    WebPDecoderOptions *options = &webp->config.options;
    options->use_threads = 0;   // the analysis runs on its caller's task, without threads of its own
    if (out_width != (uint32_t)webp->iterator.width || out_height != (uint32_t)webp->iterator.height) {
        options->use_scaling = 1;
        options->scaled_width = (int)out_width;
        options->scaled_height = (int)out_height;
    }
    WebPDecBuffer *output = &webp->config.output;
    output->colorspace = MODE_RGBA;
    output->is_external_memory = 1;
    output->width = (int)out_width;
    output->height = (int)out_height;
    output->u.RGBA.rgba = rgba;
    output->u.RGBA.stride = (int)stride;
    output->u.RGBA.size = stride * (out_height - 1) + (size_t)out_width * 4;
    webp->decoder = WebPIDecode(NULL, 0, &webp->config);
    if (webp->decoder == NULL) return ic_webp_fail(webp, IC_ERR_NO_MEMORY, "cannot allocate libwebp's incremental decoder");
    webp->fed = 0;
    return IC_OK;
}

ic_status ic_webp_frame_decode(ic_webp *webp, size_t step, uint32_t *rows) {
    if (webp == NULL || rows == NULL || webp->decoder == NULL || webp->failed || step == 0) return IC_ERR_STATE;
    const size_t total = webp->iterator.fragment.size;
    webp->fed = total - webp->fed > step ? webp->fed + step : total;
    // Update mode: the same buffer, longer each time; libwebp reads it in place.
    VP8StatusCode code = WebPIUpdate(webp->decoder, webp->iterator.fragment.bytes, webp->fed);
    int last_y = 0;
    if (WebPIDecGetRGB(webp->decoder, &last_y, NULL, NULL, NULL) == NULL || last_y < 0) last_y = 0;
    *rows = (uint32_t)last_y;
    if (code == VP8_STATUS_OK) return IC_DONE;
    if (code == VP8_STATUS_SUSPENDED && webp->fed < total) return IC_OK;
    return ic_webp_status(webp, code);
}

void ic_webp_destroy(ic_webp *webp) {
    if (webp == NULL) return;
    ic_webp_end_frame(webp);
    if (webp->demux != NULL) WebPDemuxDelete(webp->demux);
    free(webp);
}
