import Testing

@testable import ImageColorsCore

private func hex(_ text: String) -> RGBColor { RGBColor(hex: text)! }

/// The canonical image the background and the roles are chosen on (issue 41): made in the same
/// pass, counted in the ledger, and the same picture at every preset.
@Suite("Analysis downscaler")
struct AnalysisDownscalerTests {
    /// A green picture with a red frame 4 pixels wide: 2.5 pixels of the canonical image's band
    /// of 9, half a pixel of `lowest`'s, where it blends with the green into the whole 1-pixel
    /// band.
    static let framed = paintedImage(
        400, 300, hex("#c0392b"), [(4, 4, 396, 296, hex("#2e8b57"))])

    @Test("Given a preset other than high, when it begins, then both downscalers are reserved in the ledger")
    func reservesBoth() throws {
        let ledger = MemoryLedger(budget: .default)
        var downscaler = AnalysisDownscaler(targetLongSide: 100, ledger: ledger)
        try downscaler.begin(width: 600, height: 400, rowsInOrder: true)
        let main = Downscaler.bytesNeeded(input: (600, 400), output: (100, 67), rowsInOrder: true)
        let canonical = Downscaler.bytesNeeded(input: (600, 400), output: (250, 167), rowsInOrder: true)
        #expect(ledger.reserved == main + canonical)
    }

    @Test("Given the high preset, when the rows are in, then its image is the canonical one and no second is made")
    func highIsCanonical() throws {
        let ledger = MemoryLedger(budget: .default)
        var downscaler = AnalysisDownscaler(targetLongSide: AnalysisDownscaler.canonicalLongSide, ledger: ledger)
        try downscaler.begin(width: 400, height: 300, rowsInOrder: true)
        #expect(ledger.reserved == Downscaler.bytesNeeded(input: (400, 300), output: (250, 188), rowsInOrder: true))
        let images = downscaler.finish()
        #expect(images.canonical == nil)
        #expect(images.image.width == 250)
    }

    @Test("Given rows fed once, when they are in, then the canonical image is 250 px long, as one downscaler makes it")
    func canonicalImage() throws {
        var downscaler = AnalysisDownscaler(targetLongSide: 50)
        try downscaler.begin(width: 400, height: 300, rowsInOrder: true)
        Self.framed.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<300 {
                downscaler.consume(row: pixels.baseAddress! + y * 400 * 4, y: y, x0: 0, dx: 1, count: 400)
            }
        }
        let images = downscaler.finish()
        let canonical = try #require(images.canonical)
        #expect(images.image.width == 50 && images.image.height == 38)
        #expect(canonical == (try DownscalerTests.downscale(Self.framed, to: 250)))
    }

    @Test("Given a thin frame round a picture, when analysed at every preset, then each gives the picture's background")
    func oneBackground() throws {
        var backgrounds: [Quality: String] = [:]
        for quality in Quality.allCases {
            let analysis = try PixelAnalyzer(options: AnalysisOptions(quality: quality)).analyze(
                Self.framed.pixels, layout: PixelLayout(width: 400, height: 300))
            backgrounds[quality] = analysis.background.hex
        }
        // Before the canonical image, `lowest`'s 1-pixel band was the frame blended with the
        // green, a brown that no other preset of the picture shows.
        #expect(Set(backgrounds.values) == ["#2e8b57"], "\(backgrounds)")
    }

    /// A green field with a navy block and a small orange and a small magenta square: 4 and 5
    /// pixels wide at full size, 2.5 and 3 in the canonical image (6–9 of its pixels), under one
    /// pixel at `lowest` and `low`, where each blends with the green into a colour the picture
    /// does not show.
    static let smallDetails = paintedImage(
        400, 300, hex("#2e8b57"),
        [
            (40, 40, 200, 260, hex("#1f2a6b")), (300, 60, 304, 64, hex("#ff7f00")),
            (300, 200, 305, 205, hex("#e0109a")),
        ])

    @Test("Given small vivid details, when analysed at every preset, then each gives the same roles")
    func oneSetOfRoles() throws {
        var cards: [Quality: [String]] = [:]
        for quality in Quality.allCases {
            let analysis = try PixelAnalyzer(options: AnalysisOptions(quality: quality)).analyze(
                Self.smallDetails.pixels, layout: PixelLayout(width: 400, height: 300))
            cards[quality] = [analysis.background, analysis.primary, analysis.secondary, analysis.detail].map(\.hex)
        }
        // With the roles chosen on each preset's image (main's CLI on this picture as a PNG), the
        // secondary was #323138 at `lowest` (the squares blended with the green), a fallback at
        // `low`, #00383e at `high` and #660044 at `highest`.
        #expect(Set(cards.values).count == 1, "\(cards)")
    }

    @Test("Given a canonical image, when quantized, then the roles are the canonical image's, the palette the image's")
    func rolesFromCanonical() throws {
        let canonical = try DownscalerTests.downscale(Self.smallDetails, to: 250)
        let image = try DownscalerTests.downscale(Self.smallDetails, to: 50)
        let quantizer = Quantizer()
        let both = quantizer.quantize(image, paletteSize: 4, backgroundFrom: canonical)
        #expect(both.roles == quantizer.quantize(canonical).roles)
        #expect(both.palette == quantizer.quantize(image, paletteSize: 4).palette)
    }
}
