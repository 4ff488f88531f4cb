/// The analysis downscaler, with a second, small one at ``canonicalLongSide`` fed by the same
/// decoding pass: the image the background and the roles are chosen on, whatever the preset.
///
/// Why: the background is decided by a band round the image's edges, 5% of its short side. At
/// `highest` that band is a few pixels of a painting's frame or margin; at `lowest` it is one
/// pixel, which catches whatever feature touches the edge. Either way a different colour could
/// win at each preset. Counted on one canonical size, the band is the same picture at every
/// preset (issue 41: one card per picture), and a frame of a few pixels at full size is a
/// fraction of one pixel there. The presets under it decode at the size `high` decodes at
/// (``minimumDecodedLongSide(forTarget:)``), so their canonical image is `high`'s to the bit.
///
/// Memory: the second downscaler's accumulators and output are reserved in the same ledger,
/// before the preset's own (so that at `highest`, which shrinks to fit the budget, the analysis
/// image cannot take their room). At 250×167 they are about 342 KB plus 4 bytes per input row
/// and column. When the preset's own size is the canonical one (`high`), there is no second
/// downscaler: the analysis image is the canonical image.
package struct AnalysisDownscaler: PixelSink {
    /// The long side the background is chosen at, whatever the preset: 250 px (`high`'s, the
    /// default, whose results it leaves as they were), where the band round the edges is 6–12
    /// pixels thick. 100 px was tried first: on the tuning set its band put one sunset on a
    /// knife-edge that the decoder's DCT scale and a q75 re-encode both flipped (ΔE_OK 0.52).
    package static let canonicalLongSide = 250

    /// The preset's downscaler: the image the palette, the title region and the placeholders
    /// come from.
    package private(set) var main: Downscaler
    /// The canonical downscaler; `nil` when `main` already has the canonical size.
    package private(set) var canonical: Downscaler?

    /// Creates the pair.
    /// - Parameters:
    ///   - targetLongSide: The preset's long side (``Quality/longSide``); `nil` keeps the input
    ///     size, budget permitting.
    ///   - ledger: Where both reserve their buffers; default `nil`, no budget.
    package init(targetLongSide: Int?, ledger: MemoryLedger? = nil) {
        main = Downscaler(targetLongSide: targetLongSide, ledger: ledger)
        canonical =
            targetLongSide == Self.canonicalLongSide
            ? nil : Downscaler(targetLongSide: Self.canonicalLongSide, ledger: ledger)
    }

    /// The least long side a decoder may shrink to (by DCT scaling) for a preset of
    /// `targetLongSide`: twice the larger of it and the canonical size (libvips' rule, so the
    /// box filter still averages several pixels each), or `nil` (full size) for `highest`. The
    /// same for `lowest`, `low` and `high`: one decode, so one canonical image, one background.
    package static func minimumDecodedLongSide(forTarget targetLongSide: Int?) -> Int? {
        targetLongSide.map { max($0, canonicalLongSide) * 2 }
    }

    package mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        // The small one first: `highest` shrinks the main one to whatever room is left.
        try canonical?.begin(width: width, height: height, rowsInOrder: rowsInOrder)
        try main.begin(width: width, height: height, rowsInOrder: rowsInOrder)
    }

    package mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        main.consume(row: row, y: y, x0: x0, dx: dx, count: count)
        canonical?.consume(row: row, y: y, x0: x0, dx: dx, count: count)
    }

    package mutating func beginFrame(_ index: Int, share: FrameShare) {
        main.beginFrame(index, share: share)
        canonical?.beginFrame(index, share: share)
    }

    /// The analysis image and the canonical one (`nil`: the analysis image is canonical).
    package mutating func finish() -> (image: RGBAImage, canonical: RGBAImage?) {
        (main.finish(), canonical?.finish())
    }
}
