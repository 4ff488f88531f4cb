import Foundation
import TestSupport
import Testing

/// WebP and GIF (and APNG's `--frames`) through the CLI: the JSON `format` and `frames` keys, `--frames`, and the
/// options that work on every format (`--thumbnail`, `report`, `--backdrop`, `--title-region`).
@Suite("imagecolors analyze: WebP and GIF")
struct WebPGIFCommandTests {
    static let animatedGIF = "Tests/Fixtures/GIF/animated.gif"
    static let animatedWebP = "Tests/Fixtures/WebP/animated.webp"
    static let animatedPNG = "Tests/Fixtures/APNG/animated.png"

    @Test("the format comes from the bytes, and animations say how many frames were counted")
    func jsonKeys() async throws {
        // Given a GIF named .png, a still WebP and two animations
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-\(UUID()).png")
        try FileManager.default.copyItem(
            atPath: CLI.root.appendingPathComponent("Tests/Fixtures/GIF/coffee.gif").path, toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        let output = try await CLI.run([
            "analyze", "--format", "json", copy.path, "Tests/Fixtures/WebP/lossy.webp",
            Self.animatedGIF, Self.animatedWebP,
        ])
        #expect(output.status == 0)
        let objects = try output.lines.map(CLI.object)
        #expect(objects.map { $0["format"] as? String } == ["gif", "webp", "gif", "webp"])
        #expect(objects[0]["frames"] == nil && objects[1]["frames"] == nil)
        #expect(objects[2]["frames"] as? [String: Int] == ["counted": 1])
        #expect(objects[3]["frames"] as? [String: Int] == ["count": 3, "counted": 1])
    }

    @Test("--frames all counts every frame", arguments: [animatedGIF, animatedWebP, animatedPNG])
    func framesAll(source: String) async throws {
        let first = try await CLI.run(["analyze", "--format", "json", "--palette", "4", source])
        let all = try await CLI.run(["analyze", "--format", "json", "--palette", "4", "--frames", "all", source])
        #expect(first.status == 0 && all.status == 0)
        let counted = try CLI.object(all.lines[0])
        #expect(counted["frames"] as? [String: Int] == ["count": 3, "counted": 3])
        #expect(try CLI.object(first.lines[0])["palette"] as? NSArray != counted["palette"] as? NSArray)
        let text = try await CLI.run(["analyze", "--frames", "all", source])
        #expect(text.lines[0].contains("96×64, 3 frames, all counted"))
    }

    @Test("a bad --frames value exits with the usage status")
    func badFrames() async throws {
        #expect(try await CLI.run(["analyze", "--frames", "some", Self.animatedGIF]).status == 64)
    }

    @Test("thumbnails of a GIF and a WebP are their first frames at the thumbnail size")
    func thumbnails() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-thumbs-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLI.run([
            "analyze", "--format", "json", "--frames", "all", "--thumbnail", folder.path + "/{name}.png",
            "--thumbnail-size", "48", Self.animatedGIF, "Tests/Fixtures/WebP/lossy.webp",
        ])
        #expect(output.status == 0)
        let be32 = { (data: Data, at: Int) in data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let gif = try Data(contentsOf: folder.appendingPathComponent("animated.png"))
        let webp = try Data(contentsOf: folder.appendingPathComponent("lossy.png"))
        #expect(be32(gif, 16) == 48 && be32(gif, 20) == 32)
        #expect(be32(webp, 16) == 48 && be32(webp, 20) == 32)
    }

    @Test(
        "--backdrop and --title-region work on transparent GIFs and WebPs",
        arguments: ["Tests/Fixtures/GIF/transparent.gif", "Tests/Fixtures/WebP/lossless-alpha.webp"])
    func backdropAndRegion(source: String) async throws {
        let plain = try CLI.object(try await CLI.run(["analyze", "--format", "json", source]).lines[0])
        let output = try await CLI.run([
            "analyze", "--format", "json", "--backdrop", "#2040c0", "--title-region", "bottom", source,
        ])
        #expect(output.status == 0)
        let object = try CLI.object(output.lines[0])
        // The transparent edges now show the backdrop, which becomes the background
        #expect(plain["background"] as? String != "#2040c0")
        #expect(object["background"] as? String == "#2040c0")
        let title = try #require(object["title"] as? [String: Any])
        #expect(title["region"] != nil)
    }

    @Test("the report shows WebP and GIF sources with their thumbnails")
    func report() async throws {
        let html = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-report-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: html) }
        let output = try await CLI.run(["report", "-o", html.path, Self.animatedGIF, Self.animatedWebP])
        #expect(output.status == 0)
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("animated.gif") && page.contains("animated.webp"))
        #expect(page.components(separatedBy: "data:image/").count - 1 >= 2)
    }
}
