import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Files that crashed or hung other decoders: each decodes or gives a typed error.
@Suite("Malformed input")
struct MalformedInputTests {
    static let malformed = TestFiles.files(in: "malformed")

    @Test("gives a result or a typed error", .timeLimit(.minutes(1)), arguments: malformed)
    func typedOutcome(name: String) async throws {
        let analyzer = ImageColorAnalyzer()
        do {
            let analysis = try await analyzer.analyze(fileAt: TestFiles.corpus("malformed/\(name)"))
            #expect(analysis.width > 0 && analysis.height > 0)
        } catch let error as ImageDecodingError {
            #expect(!error.description.isEmpty)
        } catch {
            Issue.record("\(name): untyped error \(error)")
        }
    }

    @Test("a damaged CRC is an error")
    func badCRC() {
        let error = #expect(throws: ImageDecodingError.self) {
            _ = try decodeFully(TestFiles.corpus("malformed/libpng-badcrc.png"))
        }
        #expect(error?.code == "corrupt-image")
    }

    @Test(
        "non-images give the unsupported-format error naming what was seen",
        arguments: [
            (Data("GIF8xa\u{1}\u{0}\u{1}\u{0}".utf8), "a damaged GIF signature"),
            (Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8), "a RIFF file that is not WebP"),
            (
                Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 0, 0]),
                "an ISO media file that is neither HEIC nor AVIF"
            ),
            (Data("SECRET_TOKEN=hunter2".utf8), "text (not an image)"),
            (Data([0x00, 0x01, 0x02, 0x03, 0xFE, 0xFD]), "binary data of no known image format"),
            (Data(), "an empty input (0 bytes)"),
        ])
    func unsupported(data: Data, seen: String) async {
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        #expect(error == .unsupportedFormat(seen: seen))
    }

    @Test(
        "a GIF or WebP cut inside its header is a truncated image, not an unsupported format",
        arguments: [Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)])
    func truncatedHeader(data: Data) async {
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        #expect(error?.code == "truncated-image")
    }

    @Test("a missing file gives the file-not-found error")
    func missingFile() async {
        let error = await #expect(throws: LoadingError.self) {
            _ = try await ImageColorAnalyzer().analyze(fileAt: "/nonexistent/cover.jpg")
        }
        #expect(error == .fileNotFound(path: "/nonexistent/cover.jpg"))
        #expect(error?.description == "no such file: /nonexistent/cover.jpg")
    }

    @Test(
        "a decode timeout's message gives the timeout as it was set",
        arguments: [
            (Duration.milliseconds(2500), "2.5 s"), (.seconds(10), "10 s"), (.milliseconds(1), "1 ms"),
        ])
    func timeoutMessage(timeout: Duration, shown: String) {
        // Given a PNG decode that ran past its timeout
        let error = ImageDecodingError.timedOut(.png, after: timeout)
        // When its message is read; then it names that timeout, not the whole seconds in it
        #expect(error.description == "decoding the PNG image took longer than \(shown) (the decode timeout)")
    }

    @Test("a PNG file named .jpg is decoded as PNG")
    func formatFromBytes() async throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-\(UUID()).jpg")
        try FileManager.default.copyItem(atPath: TestFiles.corpus("pngsuite/valid/basn2c08.png"), toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        let analysis = try await ImageColorAnalyzer().analyze(fileAt: copy.path)
        #expect(analysis.format == .png)
    }
}
