import Foundation
import ImageColors
import PropertyBased
import TestSupport
import Testing

/// Random values for every option, on the command line and in the library's option types: a
/// result or a typed error, never a trap. (Overflowing conversions and preconditions on values
/// the API accepted trapped with SIGILL and no message.)
@Suite("Options: result or typed error, never a trap")
struct OptionPropertyTests {
    /// Values a user, a script or an attacker might pass to any option.
    static let text = Gen<String>.oneOf(
        Gen.element(of: [
            "inf", "-inf", "nan", "-0", "0", "1e308", "1e-308", "", " ", "abc", "9223372036854775808",
            "-9223372036854775809", "4611686018427387904", "0x7f", "1,2,3,4", "NaN,0,1,1", "#zzzzzz",
            "#ffffff", "10GB", "0.5KB", "1e300MB", "64MiB", "top", "all", "classic",
        ]).map { $0! },
        Gen.int().map { String($0) },
        Gen.double(in: -1e300...1e300).map { String($0) }
    )

    /// Every option that takes a value.
    static let flags = Gen.element(of: [
        "--quality", "--scheme", "--min-contrast", "--background-from", "--title-rule", "--brightness-threshold",
        "--title-region", "--color-management", "--palette", "--backdrop", "--frames", "--memory-budget",
        "--max-side", "--max-pixels", "--decode-timeout", "--timeout", "--max-download-size", "--jobs",
        "--thumbnail-size",
    ]).map { $0! }

    @Test("any two options with any values: exit 0, 1 or 64, never a crash")
    func commandLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-props-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        await propertyCheck(count: 120, input: Self.flags, Self.text, Self.flags, Self.text) {
            flag1, value1, flag2, value2 in
            // Given two options with random values (the thumbnail size needs a thumbnail)
            var arguments = ["analyze", "--format", "json", flag1, value1, flag2, value2]
            if flag1 == "--thumbnail-size" || flag2 == "--thumbnail-size" {
                arguments += ["--thumbnail", folder.path + "/{name}.png"]
            }
            // When the CLI runs in a process of its own (a trap there is observed, not fatal)
            let output = try await CLI.run(arguments + ["Samples/coffee.png"])
            // Then it exits with a result (0), a failed source (1) or a usage error (64)
            #expect([0, 1, 64].contains(output.status), "status \(output.status) for \(arguments): \(output.stderr)")
            #expect(!output.stderr.contains("Fatal error"), "\(arguments): \(output.stderr)")
        }
    }

    /// A double that is often extreme.
    static let anyDouble = Gen<Double>.oneOf(
        Gen.element(of: [
            Double.nan, .infinity, -.infinity, 0, -0.0, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNonzeroMagnitude, 1, 0.5,
        ]).map { $0! },
        Gen.double(in: -1e300...1e300)
    )

    @Test("option types set to any values give a result or a typed error")
    func libraryOptions() async throws {
        let sample = RepositoryPaths.samples.appendingPathComponent("coffee.png").path
        await propertyCheck(count: 150, input: Gen.int(), Gen.int(), Self.anyDouble, Self.anyDouble) {
            int1, int2, double1, double2 in
            // Given options whose numbers are set after init, past any range
            var options = AnalysisOptions(quality: Quality.allCases[abs(int1 % Quality.allCases.count)])
            options.memoryBudget.bytes = int1
            options.limits.maxSide = int2
            options.limits.maxPixels = int1 &* 3
            options.limits.maxScans = int2
            options.limits.maxFrames = int1
            options.limits.maxAnimationPixels = int2
            options.limits.decodeTimeout = .seconds(Int64(truncatingIfNeeded: int2))
            options.paletteSize = int2
            options.brightnessThreshold = double1
            options.minimumContrast = double2
            options.titleRegion = .custom(x: double1, y: double2, width: double2, height: double1)
            let request = ThumbnailRequest(longSide: int1, jpegQuality: int2)
            // When an image is analysed with them
            do {
                _ = try await ImageColorAnalyzer(options: options).analyze(.file(sample), thumbnail: request)
            } catch {
                // Then any failure is one of the library's typed errors
                #expect(error is any ImageColorsError, "\(type(of: error)): \(error)")
            }
        }
    }
}
