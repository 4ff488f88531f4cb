extension Quantizer {
    /// The bytes quantizing allocates besides the image, at this quantizer's ``binBits``: the
    /// histogram, and the clustering working set or the palette's, whichever is larger (the
    /// workspace is freed before a palette is made).
    package var bytesNeeded: Int {
        ColorHistogram.bytesNeeded(bitsPerChannel: binBits) + ColorPalette.bytesNeeded(bitsPerChannel: binBits)
    }

    /// Reserves in `ledger` what ``quantize(_:paletteSize:)`` will allocate, as the downscaler
    /// reserves its accumulators: sized from this quantizer's own ``binBits``, so the reservation
    /// cannot drift from what it allocates. The reservation is held until the ledger ends.
    ///
    /// The analyzer calls it before decoding, so the decoder cannot take the room quantizing will
    /// need; whether or not a palette is asked for, so that the decode (at `highest`, how far the
    /// budget lets it shrink) is the same either way.
    /// - Throws: ``MemoryBudgetError`` when the budget has no room for it.
    package func reserveMemory(in ledger: MemoryLedger) throws(MemoryBudgetError) {
        try ledger.reserve(
            ColorHistogram.bytesNeeded(bitsPerChannel: binBits),
            for: "the colour histogram (\(binBits) bits per channel)")
        try ledger.reserve(ColorPalette.bytesNeeded(bitsPerChannel: binBits), for: "the quantizer's working set")
    }
}
