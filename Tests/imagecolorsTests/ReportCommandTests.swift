import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// `imagecolors report`: the page, and what a real browser shows of it.
@Suite("imagecolors report")
struct ReportCommandTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    /// CI installs Chromium, so there the browser check must run; elsewhere it runs when Chromium is there.
    static let browserCheck = chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-\(UUID())-\(name)")
    }

    @Test("the page is self-contained and shows every source, failures included")
    func page() async throws {
        let html = Self.temporary("report.html")
        defer { try? FileManager.default.removeItem(at: html) }
        let output = try await CLI.run([
            "report", "-o", html.path, "Samples/rocket.jpg", "Samples/missing.png", "Samples/coffee.png",
        ])
        #expect(output.status == 1)
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("Samples/rocket.jpg") && page.contains("Samples/coffee.png"))
        #expect(page.contains("no such file: Samples/missing.png"))
        #expect(page.components(separatedBy: "data:image/jpeg;base64,").count - 1 == 4) // thumbnail + photo card, twice
        #expect(page.components(separatedBy: "data:image/png;base64,").count - 1 == 4) // ThumbHash + BlurHash, twice
        #expect(page.components(separatedBy: "data-dark-role=").count - 1 == 8) // the dark card's four colours, twice
        #expect(page.components(separatedBy: "data-appearance=\"dark\"").count - 1 == 2)
        #expect(page.components(separatedBy: "class=\"chip\"").count - 1 == 16) // a palette strip of 8, twice
        // No external assets: nothing is fetched from anywhere.
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src=\"/"))
        #expect(output.errorLines.last == "imagecolors: wrote \(html.path): 3 sources, 2 analysed, 1 failed")
    }

    @Test("--compare-scheme shows each image's colours by the other scheme beside its own, as analyze gives them")
    func compareSchemes() async throws {
        let html = Self.temporary("compare.html")
        defer { try? FileManager.default.removeItem(at: html) }
        let output = try await CLI.run(["report", "--compare-scheme", "classic", "-o", html.path, "Samples/coffee.png"])
        #expect(output.status == 0)
        let page = try String(contentsOf: html, encoding: .utf8)
        let classic = try CLI.object(
            try await CLI.run(["analyze", "--format", "json", "--scheme", "classic", "Samples/coffee.png"]).lines[0])
        let faithful = try CLI.object(
            try await CLI.run(["analyze", "--format", "json", "Samples/coffee.png"]).lines[0])
        #expect(page.contains("<h3>classic scheme</h3>"))
        for role in ["background", "primary", "secondary", "detail"] {
            let theirs = try #require(classic[role] as? String)
            let ours = try #require(faithful[role] as? String)
            #expect(page.contains("data-compare-role=\"\(role)\" style=\"background:\(theirs)\""), "\(role)")
            #expect(page.contains("data-role=\"\(role)\" style=\"background:\(ours)\""), "\(role)")
        }
        // The schemes differ on this sample: the comparison is not a copy of the main colours.
        #expect(classic["primary"] as? String != faithful["primary"] as? String)
    }

    /// Decodes a PNG screenshot with our own decoder.
    static func pixels(of png: URL) throws -> RGBAImage {
        struct Collect: PixelSink {
            var image = RGBAImage(width: 0, height: 0, pixels: [])
            mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
                image = RGBAImage(
                    width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
            }
            mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
                for i in 0..<count {
                    image[x0 + i * dx, y] = (row[i * 4], row[i * 4 + 1], row[i * 4 + 2], row[i * 4 + 3])
                }
            }
        }
        var sink = Collect()
        _ = try ImageDecoding.decode(try SourceProbe(.file(png.path)), options: DecodeOptions(), into: &sink)
        return sink.image
    }

    /// Whether `image` holds a `side`×`side` square of exactly `color`.
    static func hasSquare(of color: RGBColor, side: Int, in image: RGBAImage) -> Bool {
        for y in stride(from: 0, to: image.height - side, by: 4) {
            for x in stride(from: 0, to: image.width - side, by: 4) {
                func matches(_ x: Int, _ y: Int) -> Bool {
                    let p = image[x, y]
                    return p.red == color.red && p.green == color.green && p.blue == color.blue
                }
                guard matches(x, y), matches(x + side - 1, y), matches(x, y + side - 1),
                    matches(x + side - 1, y + side - 1)
                else { continue }
                if (0..<side).allSatisfy({ dy in (0..<side).allSatisfy { dx in matches(x + dx, y + dy) } }) {
                    return true
                }
            }
        }
        return false
    }

    /// Whether `image` holds `expected` pixel for pixel (every 5th pixel each way, and the last
    /// row and column), anywhere.
    static func hasImage(_ expected: RGBAImage, in image: RGBAImage) -> Bool {
        let first = expected[0, 0]
        for y in 0...(image.height - expected.height) {
            for x in 0...(image.width - expected.width) {
                let p = image[x, y]
                guard p.red == first.red, p.green == first.green, p.blue == first.blue else { continue }
                let rows = Array(stride(from: 0, to: expected.height, by: 5)) + [expected.height - 1]
                let columns = Array(stride(from: 0, to: expected.width, by: 5)) + [expected.width - 1]
                let all = rows.allSatisfy { dy in
                    columns.allSatisfy { dx in
                        let e = expected[dx, dy]
                        let s = image[x + dx, y + dy]
                        return e.red == s.red && e.green == s.green && e.blue == s.blue
                    }
                }
                if all { return true }
            }
        }
        return false
    }

    @Test(
        "in headless Chromium, the swatches show the reported colours of both cards, and the placeholders are drawn",
        .enabled(if: browserCheck))
    func browser() async throws {
        let chromium = try #require(Self.chromium, "CI needs Debian's chromium package for this check")
        let html = Self.temporary("report.html")
        let shot = Self.temporary("shot.png")
        defer {
            try? FileManager.default.removeItem(at: html)
            try? FileManager.default.removeItem(at: shot)
        }
        // Given a report of two samples
        let sources = ["Samples/rocket.jpg", "Samples/coffee.png"]
        _ = try await CLI.run(["report", "-o", html.path] + sources)
        let analyses = try await CLI.run(
            ["analyze", "--format", "json", "--palette", "8", "--placeholder", "both"] + sources
        ).lines.map(CLI.object)
        // When Chromium renders it to a screenshot at one device pixel per CSS pixel, in sRGB
        let render = try await runProcessInBackground(
            URL(fileURLWithPath: chromium),
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
                "--force-device-scale-factor=1", "--window-size=1000,2800", "--screenshot=\(shot.path)",
                html.absoluteString,
            ])
        #expect(render.status == 0, "chromium: \(render.stderr)")
        let screenshot = try Self.pixels(of: shot)
        // (the detector finds nothing that is not there: no swatch is pure green)
        #expect(!Self.hasSquare(of: RGBColor(red: 0, green: 255, blue: 0), side: 48, in: screenshot))
        // Then every reported colour appears as a swatch (64×64 CSS px; 48×48 leaves room for the rounded corners)
        for analysis in analyses {
            for role in ["background", "primary", "secondary", "detail"] {
                let hex = try #require(analysis[role] as? String)
                let color = try #require(RGBColor(hex: hex))
                #expect(
                    Self.hasSquare(of: color, side: 48, in: screenshot),
                    "\(analysis["source"] ?? "") \(role) \(color.hex) not on screen")
                // And the dark card's, like the light one's
                let dark = try #require((analysis["appearances"] as? [String: Any])?["dark"] as? [String: Any])
                let darkHex = try #require(dark[role] as? String)
                let darkColor = try #require(RGBColor(hex: darkHex))
                #expect(
                    Self.hasSquare(of: darkColor, side: 48, in: screenshot),
                    "\(analysis["source"] ?? "") dark \(role) \(darkColor.hex) not on screen")
            }
            // And both placeholders, drawn 160 px across, appear pixel for pixel
            let placeholder = try #require(analysis["placeholder"] as? [String: Any])
            let thumbHashText = try #require(placeholder["thumbhash"] as? String)
            let thumbHash = try #require(Data(base64Encoded: thumbHashText))
            #expect(
                Self.hasImage(try ThumbHash.image(from: thumbHash, longSide: 160), in: screenshot),
                "\(analysis["source"] ?? "") ThumbHash not drawn")
            let analyzed = try #require(analysis["analyzed"] as? [String: Int])
            let w = try #require(analyzed["width"])
            let h = try #require(analyzed["height"])
            let blurHashText = try #require(placeholder["blurhash"] as? String)
            let blurHash = try BlurHash.image(
                from: blurHashText,
                width: 160 * w / max(w, h), height: 160 * h / max(w, h))
            #expect(Self.hasImage(blurHash, in: screenshot), "\(analysis["source"] ?? "") BlurHash not drawn")
            // (the detector finds nothing that is not there: the drawing upside down is not on the page)
            var flipped = blurHash
            for y in 0..<blurHash.height {
                for x in 0..<blurHash.width { flipped[x, y] = blurHash[x, blurHash.height - 1 - y] }
            }
            #expect(!Self.hasImage(flipped, in: screenshot))
            // And the palette strip (640 CSS px wide, 40 high) shows every colour of 5% or more
            // as a segment at least 32 px wide
            let palette = try #require(analysis["palette"] as? [[String: Any]])
            #expect(palette.count == 8)
            for entry in palette where (entry["share"] as? Double ?? 0) >= 0.05 {
                let hex = try #require(entry["color"] as? String)
                let color = try #require(RGBColor(hex: hex))
                #expect(
                    Self.hasSquare(of: color, side: 28, in: screenshot),
                    "\(analysis["source"] ?? "") palette \(color.hex) not on screen")
            }
        }
    }
}
