import Foundation
import ImageColors
import TestSupport
import Testing

/// libde265 1.0.11 prints "SPS error: ..." to stderr when it refuses some sequence parameter sets,
/// and a library must never print: the shim reads every parameter set before libde265 sees the
/// file (ic_hevc_sps_size) and refuses those when the file is opened. That nothing reaches stderr
/// is checked through the CLI (QuietCLISweepTests.quietOnHEIFParameterSets).
@Suite("HEIF: sequence parameter sets libde265 refuses aloud")
struct HEIFParameterSetTests {
    @Test(
        "a sequence parameter set libde265 would refuse with a line on stderr is refused when the file is opened",
        arguments: HEVCParameterSetDamage.allCases)
    func refusedWhenOpened(_ damage: HEVCParameterSetDamage) async throws {
        // Given coffee.heic with its sequence parameter set rewritten past libde265's limits
        let data = try damage.bytes()
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then it is damaged data, named by the shim's own check (not libde265's "coded parameter
        // out of range", which comes after the print)
        #expect(error?.code == "corrupt-image")
        let description = error.map { "\($0)" } ?? "no error"
        #expect(
            description.contains("the HEVC stream's sequence parameter set is invalid: \(damage.reason)"),
            "\(description)")
    }

    @Test("the rewrite keeps coffee.heic's length and changes only its sequence parameter set")
    func rewriteInPlace() throws {
        // Given coffee.heic and each rewritten copy
        let url = URL(fileURLWithPath: HEIFFixtures.path("coffee.heic"))
        let original = [UInt8](try Data(contentsOf: url))
        for damage in HEVCParameterSetDamage.allCases {
            // When they are compared byte by byte
            let damaged = [UInt8](try damage.bytes())
            let changed = zip(original, damaged).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            // Then the lengths match and every change lies in the hvcC's parameter set (bytes
            // 237 to 280 of the file: a 44-byte NAL unit)
            #expect(damaged.count == original.count)
            #expect(!changed.isEmpty && changed.allSatisfy { (237..<281).contains($0) }, "\(damage): \(changed)")
        }
    }
}
