import Foundation
import TestSupport
import Testing

/// Outputs that are not regular files are written in place, never renamed over (issue 39,
/// finding 5): `-o -`, `/dev/fd/1`, a FIFO, a character device. (Never `/dev/stdout` or
/// `/dev/null` themselves here: run as root, a binary without the fix would replace the
/// machine's own.)
@Suite("imagecolors: outputs that are not regular files", .serialized)
struct OutputDeviceTests {
    /// The file type bits of `path` itself (not following a link).
    static func kind(of path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test("report -o - writes the page to standard output")
    func reportToStandardOutput() async throws {
        // When the page's output is -
        let output = try await CLI.run(["report", "-o", "-", "Samples/coffee.png"])
        // Then the whole page is on standard output, and the closing line names it
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("<!doctype html>"))
        #expect(output.stdout.hasSuffix("</html>\n"))
        #expect(output.errorLines.last?.hasPrefix("imagecolors: wrote standard output: 1 sources") == true)
        #expect(!FileManager.default.fileExists(atPath: CLI.root.appendingPathComponent("-").path))
    }

    @Test("report -o - into a pipe whose reader has gone exits 141 quietly, as analyze does")
    func reportToClosedPipe() async throws {
        let command =
            """
            '\(CLI.binary.path)' report -o - Samples/coffee.png Samples/rocket.jpg 2>stderr.txt | head -c 10 \
            >/dev/null; echo "status ${PIPESTATUS[0]}"; cat stderr.txt
            """
        let folder = try ScratchDirectory(prefix: "imagecolors-pipe")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("Samples"), withDestinationPath: RepositoryPaths.samples.path)
        let output = try await runProcessInBackground(
            URL(fileURLWithPath: "/bin/bash"), ["-c", command], in: folder.url)
        #expect(output.lines == ["status 141"], "\(output.stdout)")
    }

    @Test("report -o /dev/fd/1 writes through the descriptor (no file is renamed into /proc)")
    func reportToDescriptorLink() async throws {
        let output = try await CLI.run(["report", "-o", "/dev/fd/1", "Samples/coffee.png"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("<!doctype html>") && output.stdout.hasSuffix("</html>\n"))
    }

    @Test("a thumbnail written to a FIFO goes into the FIFO, which stays a FIFO")
    func thumbnailToFIFO() async throws {
        // Given a FIFO held open for reading and writing (so opening it never blocks)
        let folder = try ScratchDirectory(prefix: "imagecolors-fifo")
        let fifo = folder.path("thumb.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDWR | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        // When a small thumbnail (well under the pipe's buffer) is written there
        let output = try await CLI.run(
            ["analyze", "--thumbnail", fifo, "--thumbnail-size", "16", "Samples/coffee.png"])
        // Then the path is still a FIFO and the PNG came through it
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.kind(of: fifo) == S_IFIFO)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 8)
        #expect(buffer.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(folder.contents == ["thumb.png"])
    }

    @Test(
        "a report written to a character device (a null device made here) leaves the device in place",
        .enabled(if: getuid() == 0, "mknod needs root"))
    func reportToCharacterDevice() async throws {
        let folder = try ScratchDirectory(prefix: "imagecolors-device")
        let device = folder.path("null")
        // (1, 3) is /dev/null's device number; a container may not allow mknod at all.
        guard mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else { return }
        let output = try await CLI.run(["report", "-o", device, "Samples/coffee.png"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.kind(of: device) == S_IFCHR)
        #expect(folder.contents == ["null"])
    }

    @Test("--thumbnail /dev/NAME.png that does not exist is refused before any work, and nothing is made in /dev")
    func noNewFileInDev() async throws {
        let path = "/dev/imagecolors-test-\(UUID().uuidString).png"
        // (A binary without the check, run as root, makes it: remove it whatever happens.)
        defer { unlink(path) }
        let output = try await CLI.run(["analyze", "--thumbnail", path, "Samples/coffee.png"])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("no new file is made in /dev"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
