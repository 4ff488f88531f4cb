/// How to decode.
struct DecodeOptions {
    /// The decoder may reduce the image while decoding (libjpeg's DCT scaling) as long as its
    /// long side stays at least this; `nil` decodes at full size.
    var minimumLongSide: Int?
    /// When a progressive JPEG's libjpeg buffer would not fit the budget, the DC reader may still
    /// take it at 1/8 as long as the long side stays at least this; `nil` means half of
    /// ``minimumLongSide`` (the analyzer asks for twice its target, libvips' rule, so half is
    /// the target itself: the result is never upscaled, only averaged from fewer pixels); with
    /// neither, any size (no target: the budget alone decides, as quality `highest` says).
    var budgetFallbackLongSide: Int?
    /// Turns libjpeg warnings ("premature end of data") into errors.
    var warningsAreErrors = true
    /// Header limits, the scan cap and the decode timeout.
    var limits = ImageLimits.default
    /// Where the decoder reserves its buffers; `nil` for no budget.
    var ledger: MemoryLedger?
    /// Checks cancellation and the deadline every this many rows.
    var checkInterval = 64
    /// Which frames of an animated GIF, WebP or PNG (APNG) to decode.
    var frames = FramePolicy.first
}
