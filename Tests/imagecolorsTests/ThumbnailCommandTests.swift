import Foundation
import TestSupport
import Testing

/// `--thumbnail` and `--thumbnail-size`.
@Suite("imagecolors analyze: thumbnails")
struct ThumbnailCommandTests {
    @Test("thumbnails are written per source, by {name} and {index}, in the format of the extension")
    func written() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-thumbs-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLI.run([
            "analyze", "--format", "json", "--thumbnail", folder.path + "/{index}-{name}.png",
            "--thumbnail-size", "120", "Samples/rocket.jpg", "Samples/camera.png",
        ])
        #expect(output.status == 0)
        let rocket = try Data(contentsOf: folder.appendingPathComponent("1-rocket.png"))
        let camera = try Data(contentsOf: folder.appendingPathComponent("2-camera.png"))
        #expect(rocket.starts(with: [0x89, 0x50, 0x4E, 0x47]) && camera.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // IHDR width and height: 120×80 for 640×427, 120×120 for 512×512
        let be32 = { (data: Data, at: Int) in data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(rocket, 16) == 120 && be32(rocket, 20) == 80)
        #expect(be32(camera, 16) == 120 && be32(camera, 20) == 120)
    }

    @Test("a thumbnail path that cannot be written: the source keeps its colours, with the thumbnail's error")
    func unwritable() async throws {
        let output = try await CLI.run([
            "analyze", "--format", "json", "--thumbnail", "/nonexistent/dir/{name}.jpg",
            "Samples/rocket.jpg",
        ])
        #expect(output.status == 1)
        let line = try CLI.object(output.lines[0])
        #expect(line["error"] == nil && line["background"] is String)
        let error = try #require(line["thumbnailError"] as? [String: String])
        #expect(error["code"] == "thumbnail-not-written")
        #expect(error["message"]?.contains("/nonexistent/dir/rocket.jpg") == true)
    }

    @Test(
        "bad thumbnail flags exit with the usage status",
        arguments: [
            ["--thumbnail", "/tmp/x.gif", "Samples/rocket.jpg"],
            ["--thumbnail", "/tmp/x.jpg", "Samples/rocket.jpg", "Samples/coffee.png"],
            ["--thumbnail", "/tmp/x.jpg", "--thumbnail-size", "0", "Samples/rocket.jpg"],
        ])
    func badFlags(arguments: [String]) async throws {
        #expect(try await CLI.run(["analyze"] + arguments).status == 64)
    }
}
