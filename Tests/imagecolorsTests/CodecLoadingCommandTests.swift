import Foundation
import TestSupport
import Testing

/// libheif and its codecs (libde265, libaom) are opened on the first file that needs them, not
/// linked (CImageCodecs/ic_dynlib.c): a machine without them still starts the CLI and analyses
/// every other format, and AVIF that the shim decodes with dav1d alone; a HEIC there fails alone,
/// with a typed error naming the library.
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

    @Test(
        "without a loadable libheif, libde265 or libaom, an AVIF on the dav1d path is analysed",
        arguments: ["libheif", "libde265", "libaom"])
    func avifWithoutLibheif(library: String) async throws {
        // Given the shim's test hook making `library` unloadable
        let environment = ["IMAGECOLORS_UNLOADABLE": library]
        // When an AVIF that dav1d decodes (300×200, one av01 item) and a HEIC are analysed
        let arguments = [
            "analyze", "--format", "json", "Tests/Fixtures/HEIF/coffee.avif", "Tests/Fixtures/HEIF/coffee.heic",
        ]
        let output = try await CLI.run(arguments, environment: environment)
        // Then the AVIF has colours and the HEIC fails, naming the library
        #expect(output.status == 1)
        let objects = try output.lines.map(CLI.object)
        #expect(objects.count == 2)
        #expect(objects.first?["background"] != nil, "\(output.stdout)")
        let error = try #require(objects.last?["error"] as? [String: Any])
        #expect(error["code"] as? String == "unsupported-format")
        #expect((error["message"] as? String)?.contains("\(library) cannot be loaded") == true)
    }

    @Test("an AVIF on the dav1d path loads dav1d, not libheif, libde265, libaom or x265")
    func avifLoadsOnlyDav1d() async throws {
        // Given the dynamic loader's debug output
        // When the CLI analyses a 300×200 AVIF of one av01 item
        let output = try await CLI.run(
            ["analyze", "Tests/Fixtures/HEIF/coffee.avif"], environment: ["LD_DEBUG": "files"])
        // Then it succeeds having opened dav1d and none of libheif's libraries
        #expect(output.status == 0)
        let loaded = output.stderr.split(separator: "\n").filter { $0.contains("file=") }
        #expect(loaded.contains { $0.contains("libdav1d") })
        for library in ["libheif", "libde265", "libaom", "libx265", "libnuma"] {
            #expect(!loaded.contains { $0.contains(library) }, "loaded \(library)")
        }
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
