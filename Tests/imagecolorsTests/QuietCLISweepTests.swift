import Foundation
import TestSupport
import Testing

/// libjpeg and libpng print warnings and errors to stderr unless told otherwise; a library must
/// never do that. Redirecting fd 2 inside this process would race with the tests running in
/// parallel, so the damaged files are written to a temporary folder and the built `imagecolors`
/// binary analyses them all in one run: its stderr may hold only its own `imagecolors: …` lines.
/// The damaged copies are the library sweep's (`HostileInputs`, in TestSupport): every 8th of
/// the 64 that `CorruptionSweepTests` feeds through the library in process.
@Suite("Hostile input: nothing printed by the C libraries")
struct QuietCLISweepTests {
    /// Every 8th truncation and every 8th corruption of each file (8 per file, about 1 900 files
    /// in one run of the debug binary): the in-process sweep covers all 64; this one only has to
    /// reach the C libraries' message paths.
    static let stride = 8

    @Test(
        """
        Given a damaged copy of every corpus and sample file, when the CLI analyses them, then stderr holds only its \
        own lines
        """,
        .timeLimit(.minutes(2)))
    func quietOnDamagedFiles() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // Short relative names keep the command line small (thousands of arguments).
        var names: [String] = []
        var origins: [String: String] = [:]
        for file in HostileInputs.files {
            let bytes = try Data(contentsOf: file.url)
            let variants = HostileInputs.truncations(of: bytes) + HostileInputs.corruptions(of: bytes, name: file.name)
            for (index, variant) in variants.enumerated() where index % Self.stride == 0 {
                let name = "\(names.count).img"
                try variant.data.write(to: folder.appendingPathComponent(name))
                names.append(name)
                origins[name] = "\(file) \(variant.label)"
            }
        }
        #expect(names.count > 1500)

        let arguments = ["analyze", "--format", "json", "--quality", "low"] + names
        let output = try await runProcessInBackground(CLI.binary, arguments, in: folder)
        #expect(output.status == 0 || output.status == 1, "exit status \(output.status): a crash?")
        #expect(output.lines.count == names.count, "one JSON line per file")
        for line in output.errorLines {
            let source =
                line.split(separator: ":").dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            #expect(line.hasPrefix("imagecolors: "), "stray stderr (\(origins[source] ?? "?")): \(line)")
        }
        for line in output.lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let error = object?["error"] as? [String: Any]
            let code = error?["code"] as? String
            #expect(
                object?["background"] != nil || (code?.isEmpty == false && code != "internal-error"),
                "neither a result nor a typed error: \(line)")
        }
    }

    /// Writes `files` to a new folder, analyses them all with one CLI run, and expects each to be
    /// `corrupt-image` with stderr holding only the CLI's own lines (one a file and the summary).
    private func expectQuietRefusals(_ files: [(name: String, bytes: Data)]) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-quiet-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in files { try file.bytes.write(to: folder.appendingPathComponent(file.name)) }
        let names = files.map(\.name)
        let output = try await runProcessInBackground(CLI.binary, ["analyze", "--format", "json"] + names, in: folder)
        #expect(output.status == 1)
        #expect(output.errorLines.count == names.count + 1, "a line for each file and the summary")
        for line in output.errorLines {
            #expect(line.hasPrefix("imagecolors: "), "stray stderr: \(line)")
        }
        let codes = try output.lines.map { try CLI.object($0)["error"] as? [String: Any] }.map {
            $0?["code"] as? String
        }
        #expect(codes == names.map { _ in "corrupt-image" })
    }

    @Test(
        """
        Given AVIF grids and alpha planes with an empty or damaged AV1 picture, when the CLI analyses them, then \
        stderr holds only its own lines
        """)
    func quietOnDamagedAV1Pictures() async throws {
        // libheif 1.15 sent these pictures to dav1d whatever the shim asked, and dav1d printed
        // ("Error parsing OBU data"); the shim's own AV1 plugin (libaom) is silent, and so is dav1d
        // called by the shim itself (ic_heif_dav1d.c: its logger set). An alpha plane damaged
        // inside its tile data is decoded by dav1d (no check catches it), so it is analysed.
        let refused = AV1Damage.allCases.filter { $0 != .damagedAlpha }
        try await expectQuietRefusals(refused.map { ("\($0).avif", try $0.bytes()) })
        try await expectQuietAnalyses([("damagedAlpha.avif", try AV1Damage.damagedAlpha.bytes())])
    }

    @Test(
        """
        Given the fuzzer's HEIF findings (Fuzz/crashes/heif-*), when the CLI analyses them, then stderr holds only \
        its own lines
        """)
    func quietOnHEIFFuzzFindings() async throws {
        // dav1d, now called by the shim for AVIF (ic_heif_dav1d.c), logs through its callback only.
        let crashes = CLI.root.appendingPathComponent("Fuzz/crashes")
        let names = try FileManager.default.contentsOfDirectory(atPath: crashes.path).filter { $0.hasPrefix("heif-") }
        #expect(names.count > 20)
        let output = try await runProcessInBackground(CLI.binary, ["analyze", "--format", "json"] + names, in: crashes)
        #expect(output.status == 0 || output.status == 1, "exit status \(output.status): a crash?")
        #expect(output.lines.count == names.count, "one JSON line per file")
        for line in output.errorLines {
            #expect(line.hasPrefix("imagecolors: "), "stray stderr: \(line)")
        }
    }

    /// Analyses `files` with one CLI run and expects each analysed with nothing on stderr.
    private func expectQuietAnalyses(_ files: [(name: String, bytes: Data)]) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-quiet-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in files { try file.bytes.write(to: folder.appendingPathComponent(file.name)) }
        let output = try await runProcessInBackground(
            CLI.binary, ["analyze", "--format", "json"] + files.map(\.name), in: folder)
        #expect(output.status == 0)
        #expect(output.errorLines.isEmpty, "stray stderr: \(output.errorLines)")
    }

    @Test(
        """
        Given HEICs whose sequence parameter set libde265 refuses with a line on stderr, when the CLI analyses \
        them, then stderr holds only its own lines
        """)
    func quietOnHEIFParameterSets() async throws {
        // libde265 1.0.11 prints "SPS error: ..." as it refuses them; the shim refuses the file
        // when it is opened, before libde265 sees it (ic_hevc_sps_size).
        try await expectQuietRefusals(HEVCParameterSetDamage.allCases.map { ("\($0).heic", try $0.bytes()) })
    }

    @Test(
        """
        Given HEICs with a damaged slice, grid tile or alpha plane, when the CLI analyses them, then each is \
        refused and stderr holds only its own lines
        """)
    func quietOnDamagedHEVCPictures() async throws {
        // The shim's HEVC plugin keeps libde265's warnings and finds what it left undecoded;
        // strict decoding (the default) refuses them, and nothing is printed.
        try await expectQuietRefusals(HEVCDamage.allCases.map { ("\($0).heic", try $0.bytes()) })
    }
}
