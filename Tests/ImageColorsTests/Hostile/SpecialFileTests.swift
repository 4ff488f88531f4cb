import Foundation
import ImageColors
import Testing

/// Sources must be regular files: a FIFO once blocked the analysis forever (opening it waits
/// for a writer), and a device could be read without end.
@Suite("Hostile input: sources that are not regular files")
struct SpecialFileTests {
    @Test(
        "a FIFO, a directory and a device fail at once with not-a-file, saying what they are",
        arguments: [("fifo", "a FIFO"), ("directory", "a directory"), ("/dev/zero", "a device")])
    func specialFiles(kind: String, described: String) async throws {
        // Given a path to something that is not a regular file
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "imagecolors-special-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path: String
        switch kind {
        case "fifo":
            path = folder.appendingPathComponent("cover.jpg").path
            #expect(mkfifo(path, 0o600) == 0)
        case "directory": path = folder.path
        default: path = kind
        }
        // When it is analysed (a blocking open would hang here, not fail)
        let error = await #expect(throws: LoadingError.self) {
            _ = try await ImageColorAnalyzer().analyze(fileAt: path)
        }
        // Then the error is not-a-file and names the path and its kind
        #expect(error == .notAFile(path: path, kind: described))
        #expect(error?.code == "not-a-file")
        #expect(error?.description == "not a regular file (\(described)): \(path)")
    }

    @Test("a symbolic link to an image is followed")
    func symlink() async throws {
        // Given a link to a sample
        let link = FileManager.default.temporaryDirectory.appendingPathComponent(
            "imagecolors-link-\(UUID().uuidString).png")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: TestFiles.samples.appendingPathComponent("coffee.png").path)
        defer { try? FileManager.default.removeItem(at: link) }
        // When it is analysed, then it gives the sample's colours
        let viaLink = try await ImageColorAnalyzer().analyze(fileAt: link.path)
        let direct = try await ImageColorAnalyzer().analyze(
            fileAt: TestFiles.samples.appendingPathComponent("coffee.png").path)
        #expect(viaLink.background == direct.background && viaLink.primary == direct.primary)
    }

    @Test("a path that cannot be opened is unreadable-file, wrapping the system's error")
    func unreadable() async throws {
        // Given a symbolic link to itself (ELOOP for every user, root included)
        let link = FileManager.default.temporaryDirectory.appendingPathComponent(
            "imagecolors-loop-\(UUID().uuidString).png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: link.path)
        defer { try? FileManager.default.removeItem(at: link) }
        // When it is analysed
        let error = try await #require(throws: LoadingError.self) {
            _ = try await ImageColorAnalyzer().analyze(fileAt: link.path)
        }
        // Then the POSIX error is kept, and the message names the path and says the system's words
        #expect(error == .unreadable(path: link.path, underlying: POSIXError(.ELOOP)))
        #expect(error.code == "unreadable-file")
        #expect(error.description == "cannot read \(link.path): \(String(cString: strerror(ELOOP)))")
    }
}
