import Foundation
import TestSupport
import Testing

/// No planned output may replace what the run reads (issue 39, finding 3): a source, the cache,
/// the input list or another output is refused as a usage error before any work, and the file is
/// left as it was.
@Suite("imagecolors: outputs over inputs", .serialized)
struct OutputOverInputTests {
    static let jpeg = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("rocket.jpg"))
    static let png = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png"))

    /// Runs `arguments` and expects a usage error that names `mentioning` and shows the
    /// subcommand's usage, nothing on standard output, and every file in `unchanged` as it was.
    static func expectRefused(
        _ arguments: [String], mentioning: String, unchanged: [String: Data],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let output = try await CLI.run(arguments)
        #expect(output.status == 64, "\(output.stderr)", sourceLocation: sourceLocation)
        #expect(output.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(output.stderr.contains(mentioning), "\(output.stderr)", sourceLocation: sourceLocation)
        // The subcommand's usage, as for a mistake found while parsing, not the root's.
        #expect(
            output.stderr.contains("Usage: imagecolors \(arguments[0]) ["), "\(output.stderr)",
            sourceLocation: sourceLocation)
        for (path, data) in unchanged {
            #expect(FileManager.default.contents(atPath: path) == data, "\(path)", sourceLocation: sourceLocation)
        }
    }

    @Test("--thumbnail '{name}.jpg' a.jpg b.jpg would replace both photos: refused")
    func nameOverSources() async throws {
        // Given two photos in a folder
        let folder = try ScratchDirectory(prefix: "imagecolors-overwrite")
        let a = folder.path("a.jpg")
        let b = folder.path("b.jpg")
        try Self.jpeg.write(to: URL(fileURLWithPath: a))
        try Self.jpeg.write(to: URL(fileURLWithPath: b))
        // When their thumbnails are named after them, in the same folder
        // Then it is a usage error naming the first photo, and both are untouched
        try await Self.expectRefused(
            ["analyze", "--thumbnail", folder.path("{name}.jpg"), a, b],
            mentioning: "--thumbnail \(a) would replace the source \(a)", unchanged: [a: Self.jpeg, b: Self.jpeg])
    }

    @Test("--thumbnail c.jpg c.jpg, and the same file by another name (./c.jpg, a hard link): refused")
    func thumbnailOverItsSource() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-overwrite")
        let c = folder.path("c.jpg")
        try Self.jpeg.write(to: URL(fileURLWithPath: c))
        try FileManager.default.linkItem(atPath: c, toPath: folder.path("linked.jpg"))
        try await Self.expectRefused(
            ["analyze", "--thumbnail", c, c], mentioning: "would replace the source", unchanged: [c: Self.jpeg])
        try await Self.expectRefused(
            ["analyze", "--thumbnail", folder.url.path + "/./c.jpg", c], mentioning: "would replace the source",
            unchanged: [c: Self.jpeg])
        try await Self.expectRefused(
            ["analyze", "--thumbnail", folder.path("linked.jpg"), c], mentioning: "would replace the source",
            unchanged: [c: Self.jpeg])
    }

    @Test("--thumbnail '{index}.jpg' 2.jpg 1.jpg would write source 1's thumbnail over source 2: refused")
    func indexOverALaterSource() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-overwrite")
        let two = folder.path("2.jpg")
        let one = folder.path("1.jpg")
        try Self.jpeg.write(to: URL(fileURLWithPath: two))
        try Self.jpeg.write(to: URL(fileURLWithPath: one))
        try await Self.expectRefused(
            ["analyze", "--thumbnail", folder.path("{index}.jpg"), two, one],
            mentioning: "would replace the source \(folder.path(""))", unchanged: [one: Self.jpeg, two: Self.jpeg])
    }

    @Test("report -o in.png in.png, or -o a hard link to the source: refused, the image kept")
    func reportOverItsSource() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-overwrite")
        let image = folder.path("in.png")
        try Self.png.write(to: URL(fileURLWithPath: image))
        try FileManager.default.linkItem(atPath: image, toPath: folder.path("page.html"))
        try await Self.expectRefused(
            ["report", "-o", image, image], mentioning: "-o \(image)", unchanged: [image: Self.png])
        try await Self.expectRefused(
            ["report", "-o", folder.path("page.html"), image],
            mentioning: "-o \(folder.path("page.html")) would replace the source \(image)",
            unchanged: [image: Self.png])
    }

    @Test("report -o *.jpg (the shell puts the first JPEG after -o): refused, the JPEG kept")
    func reportOverAnExpandedImage() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-overwrite")
        let first = folder.path("a.jpg")
        let second = folder.path("b.jpg")
        try Self.jpeg.write(to: URL(fileURLWithPath: first))
        try Self.jpeg.write(to: URL(fileURLWithPath: second))
        try await Self.expectRefused(
            ["report", "-o", first, second], mentioning: "the report is an HTML page",
            unchanged: [first: Self.jpeg, second: Self.jpeg])
    }

    @Test("an output over the cache file, its -wal file or the input list: refused")
    func outputOverCacheOrList() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-overwrite")
        let list = folder.path("list.txt")
        let listed = Data("Samples/rocket.jpg\n".utf8)
        try listed.write(to: URL(fileURLWithPath: list))
        let cache = folder.path("cache.sqlite")
        try await Self.expectRefused(
            ["report", "--input-list", list, "-o", list], mentioning: "would replace the input list \(list)",
            unchanged: [list: listed])
        try await Self.expectRefused(
            ["report", "--cache", cache, "-o", cache, "Samples/rocket.jpg"],
            mentioning: "would replace the cache file \(cache)", unchanged: [:])
        #expect(!FileManager.default.fileExists(atPath: cache))
        try await Self.expectRefused(
            ["report", "--cache", cache, "-o", cache + "-wal", "Samples/rocket.jpg"],
            mentioning: "would replace the cache file \(cache)-wal", unchanged: [:])
        try await Self.expectRefused(
            ["analyze", "--cache", folder.path("t.png"), "--thumbnail", folder.path("t.png"), "Samples/rocket.jpg"],
            mentioning: "would replace the cache file", unchanged: [:])
    }

    @Test("two thumbnails that are one file by a symbolic link: refused")
    func outputOverOutput() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-overwrite")
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder.path("rocket.png")))
        try FileManager.default.createSymbolicLink(atPath: folder.path("coffee.png"), withDestinationPath: "rocket.png")
        try await Self.expectRefused(
            ["analyze", "--thumbnail", folder.path("{name}.png"), "Samples/rocket.jpg", "Samples/coffee.png"],
            mentioning: "are the same file", unchanged: [folder.path("rocket.png"): Data("old".utf8)])
    }

    @Test("report -o DIR (a directory) fails before any work")
    func outputIsADirectory() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-dir")
        let started = ContinuousClock.now
        let output = try await CLI.run(["report", "-o", folder.url.path, "Samples/rocket.jpg", "Samples/coffee.png"])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("is a directory"), "\(output.stderr)")
        #expect(folder.contents.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test("a line of a streamed list that is report's -o stops the run with a usage error, -o untouched")
    func listedSourceIsTheOutput() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-overwrite")
        let page = folder.path("page.html")
        let previous = Data("<p>previous</p>".utf8)
        try previous.write(to: URL(fileURLWithPath: page))
        let output = try await CLI.run(
            ["report", "--input-list", "-", "-o", page], input: "Samples/coffee.png\n\(page)\n")
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("-o \(page) would replace the source \(page)"), "\(output.stderr)")
        #expect(FileManager.default.contents(atPath: page) == previous)
        #expect(folder.contents == ["page.html"])
    }
}
