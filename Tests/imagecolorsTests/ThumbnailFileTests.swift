import Foundation
import TestHTTPServer
import TestSupport
import Testing

/// Thumbnail and report files are never lost or damaged: one file per source, written whole or
/// not at all, never through a planted symbolic link.
@Suite("imagecolors: thumbnail and report files", .serialized)
struct ThumbnailFileTests {
    static let jpeg = try! Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("rocket.jpg"))

    /// A fresh directory, removed afterwards.
    static func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-files-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    @Test("two sources with the same {name} are refused before any work, naming both")
    func nameCollision() async throws {
        try await Self.withFolder { folder in
            // Given two files both called rocket.jpg in different folders
            let other = folder.appendingPathComponent("rocket.jpg")
            try Self.jpeg.write(to: other)
            // When both are analysed with --thumbnail out/{name}.jpg
            let output = try await CLI.run([
                "analyze", "--thumbnail", folder.path + "/{name}.png",
                "Samples/rocket.jpg", other.path,
            ])
            // Then it is a usage error naming both sources, and no thumbnail is written
            #expect(output.status == 64)
            #expect(output.stdout.isEmpty)
            #expect(output.stderr.contains("Samples/rocket.jpg and \(other.path) would both write"), "\(output.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("rocket.png").path))
            // And with {index} both are written
            let indexed = try await CLI.run([
                "analyze", "--thumbnail", folder.path + "/{index}-{name}.png",
                "Samples/rocket.jpg", other.path,
            ])
            #expect(indexed.status == 0)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("1-rocket.png").path))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("2-rocket.png").path))
        }
    }

    @Test("a URL's {name} is its last path component without query or fragment, made safe")
    func urlNames() async throws {
        try await TestHTTPServer.with({ _ in .ok(Self.jpeg, contentType: "image/jpeg") }) { server in
            try await Self.withFolder { folder in
                // Given URLs with a query, a fragment and characters unsafe in file names
                let urls = [
                    server.url("/img/cover.jpg").absoluteString + "?i=1&w=2#top",
                    server.url("/img/a%20b%3Cc%3E.jpeg").absoluteString,
                ]
                // When their thumbnails are written by {name}
                let output = try await CLI.run(
                    ["analyze", "--allow-loopback", "--thumbnail", folder.path + "/{name}.png"] + urls)
                // Then the files are named after the path's last component only
                #expect(output.status == 0, "\(output.stderr)")
                let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                #expect(names == ["a_b_c_.png", "cover.png"])
            }
        }
    }

    @Test("a symbolic link at the thumbnail's path is replaced, its target left alone")
    func symlinkNotFollowed() async throws {
        try await Self.withFolder { folder in
            // Given a link at the thumbnail path pointing to a file that must not change
            let target = folder.appendingPathComponent("precious.txt")
            try Data("keep me".utf8).write(to: target)
            let link = folder.appendingPathComponent("rocket.png")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
            // When the thumbnail is written there
            let output = try await CLI.run(["analyze", "--thumbnail", link.path, "Samples/rocket.jpg"])
            // Then the target is untouched and the path now holds the PNG itself
            #expect(output.status == 0)
            #expect(try String(contentsOf: target, encoding: .utf8) == "keep me")
            let type = try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType
            #expect(type == .typeRegular)
            #expect(try Data(contentsOf: link).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test("a report whose -o cannot be created fails before any source is analysed")
    func reportUnwritable() async throws {
        // Given an output in a folder that does not exist, and a source that would take a while
        let output = try await CLI.run(["report", "-o", "/nonexistent/dir/report.html", "Samples/rocket.jpg"])
        // Then it exits 1 with the reason, having analysed nothing (no progress, no summary)
        #expect(output.status == 1)
        #expect(
            output.errorLines == ["imagecolors: cannot write /nonexistent/dir/report.html: No such file or directory"])
    }

    @Test("a thumbnail name of 255 bytes, the most a file system takes, is written")
    func longestThumbnailName() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-longname")
        let name = String(repeating: "t", count: 251) + ".png"
        let output = try await CLI.run(["analyze", "--thumbnail", folder.path(name), "Samples/coffee.png"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(folder.contents == [name])
    }
}
