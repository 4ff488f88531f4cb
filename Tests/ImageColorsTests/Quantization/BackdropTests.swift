import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

private func hex(_ text: String) -> RGBColor { RGBColor(hex: text)! }

/// A 100×100 PNG file, transparent but for an opaque red square (30…69) and a half-transparent
/// faint blue stripe (rows 0…9, alpha 60: too faint to count on its own); removed when the test ends.
private func logoPNG() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-backdrop-\(UUID()).png").path
    try PNGWriter.write(to: path, width: 100, height: 100, layout: .rgba) { y, row in
        for x in 0..<100 {
            let square = (30..<70).contains(x) && (30..<70).contains(y)
            let pixel: [UInt8] = square ? [220, 30, 30, 255] : y < 10 ? [0, 0, 255, 60] : [0, 0, 0, 0]
            for c in 0..<4 { row[x * 4 + c] = pixel[c] }
        }
    }
    return path
}

@Suite("Backdrop")
struct BackdropTests {
    @Test(
        """
        Given translucent and transparent pixels, when composited onto a colour, then each mixes by its alpha and \
        becomes opaque
        """
    )
    func compositing() {
        var image = RGBAImage(width: 3, height: 1, pixels: [200, 100, 0, 255, 200, 100, 0, 128, 0, 0, 0, 0])
        image.composite(onto: hex("#0000ff"))
        #expect(
            image.pixels == [
                200, 100, 0, 255,
                100, 50, 127, 255, // 200·128/255 = 100.4; 255·127/255 = 127
                0, 0, 255, 255,
            ])
    }

    @Test(
        """
        Given a transparent logo, when analysed without a backdrop, then the transparent area never becomes black and \
        the background is a fallback neutral
        """
    )
    func withoutBackdrop() async throws {
        let path = try logoPNG()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await ImageColorAnalyzer().analyze(fileAt: path)
        #expect(result.background == .white)
        #expect(result.roleReports?.background.source == .fallback)
        #expect(result.primary == RGBColor(red: 220, green: 30, blue: 30))
    }

    @Test(
        """
        Given a transparent logo and a backdrop, when analysed, then the backdrop is the background, from the edges, \
        and the logo the primary
        """
    )
    func withBackdrop() async throws {
        let path = try logoPNG()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let backdrop = hex("#f4efe6")
        let result = try await ImageColorAnalyzer(options: AnalysisOptions(backdrop: backdrop)).analyze(fileAt: path)
        #expect(result.background == backdrop)
        #expect(result.roleReports?.background.source == .edges)
        #expect(ColorDistance.deltaE(result.primary, hex("#dc1e1e")) < 0.02)
    }

    @Test(
        """
        Given a backdrop and a JPEG thumbnail, when analysed, then the thumbnail shows the backdrop through the \
        transparency
        """
    )
    func thumbnailOnBackdrop() async throws {
        let path = try logoPNG()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let backdrop = hex("#1d2b3a")
        let analyzer = ImageColorAnalyzer(options: AnalysisOptions(backdrop: backdrop))
        let response = try await analyzer.analyze(.file(path), thumbnail: ThumbnailRequest(longSide: 50, format: .png))
        let (image, _) = try decodeFully(writeTemporary(try #require(response.thumbnail).data))
        let corner = image[0, 20]
        #expect(corner == (backdrop.red, backdrop.green, backdrop.blue, 255))
    }
}

/// Writes bytes to a temporary file and returns its path.
private func writeTemporary(_ data: Data) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-\(UUID()).png").path
    try data.write(to: URL(fileURLWithPath: path))
    return path
}
