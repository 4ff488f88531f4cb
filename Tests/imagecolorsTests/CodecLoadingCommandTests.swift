import Foundation
import TestSupport
import Testing

/// libheif and its codecs (libde265, libaom) are opened on the first HEIC or AVIF, not linked
/// (CImageCodecs/ic_dynlib.c): a machine without them still starts the CLI and analyses every other
/// format, and a HEIC there fails alone, with a typed error naming the library.
@Suite("imagecolors analyze: the HEIF libraries load on first use")
struct CodecLoadingCommandTests {
    static let sources = ["Samples/rocket.jpg", "Tests/Fixtures/HEIF/coffee.heic", "Samples/coffee.png"]

    @Test(
        "without a loadable library, JPEG and PNG are analysed and the HEIC is unsupported-format naming it",
        arguments: ["libheif", "libde265", "libaom"])
    func missingLibrary(library: String) async throws {
        // Given the shim's test hook making `library` unloadable, as where it is not installed
        let environment = ["IMAGECOLORS_UNLOADABLE": library]
        // When a JPEG, a HEIC and a PNG are analysed in one call
        let output = try await CLI.run(["analyze", "--format", "json"] + Self.sources, environment: environment)
        // Then the JPEG and the PNG have colours, and only the HEIC fails, naming the library
        #expect(output.status == 1)
        let objects = try output.lines.map(CLI.object)
        #expect(objects.count == 3)
        #expect(objects.first?["background"] != nil && objects.last?["background"] != nil)
        let error = try #require(objects.dropFirst().first?["error"] as? [String: Any])
        #expect(error["code"] as? String == "unsupported-format")
        let message = try #require(error["message"] as? String)
        #expect(message.contains("HEIC") && message.contains("\(library) cannot be loaded"))
    }

    @Test("--version and --help do not load libheif, libde265, libaom, dav1d or x265")
    func startWithoutCodecs() async throws {
        // Given the dynamic loader's debug output, which lists every library it opens
        for arguments in [["--version"], ["--help"], ["analyze", "Samples/coffee.png"]] {
            // When the CLI starts
            let output = try await CLI.run(arguments, environment: ["LD_DEBUG": "files"])
            // Then it succeeds and none of the HEIF libraries was opened
            #expect(output.status == 0)
            let loaded = output.stderr.split(separator: "\n").filter { $0.contains("file=") }
            #expect(!loaded.isEmpty, "LD_DEBUG printed nothing")
            for library in ["libheif", "libde265", "libaom", "libdav1d", "libx265"] {
                #expect(!loaded.contains { $0.contains(library) }, "\(arguments) loaded \(library)")
            }
        }
    }
}
