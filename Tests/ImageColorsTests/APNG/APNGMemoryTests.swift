import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// What an APNG's compositing reserves, and what it says when that does not fit.
@Suite("APNG memory")
struct APNGMemoryTests {
    @Test("the over-budget message's parts add up to what is needed")
    func overBudgetMessage() async throws {
        // Given a 64×48 APNG whose second frame covers the canvas, is restored to "previous"
        // afterwards (a 12 288-byte copy of the canvas under it) and has 4 MB of data (never
        // decoded: the reservation comes first), read from a file under a 4 MB budget
        let frame: (Int, UInt8) -> [UInt8] = { sequence, dispose in
            APNGFixtures.bigEndian(sequence) + APNGFixtures.bigEndian(64) + APNGFixtures.bigEndian(48)
                + [UInt8](repeating: 0, count: 8) + [0, 1, 0, 10, dispose, 0]
        }
        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        file += APNGFixtures.chunk("IHDR", APNGFixtures.bigEndian(64) + APNGFixtures.bigEndian(48) + [8, 6, 0, 0, 0])
        file += APNGFixtures.chunk("acTL", APNGFixtures.bigEndian(2) + APNGFixtures.bigEndian(0))
        file += APNGFixtures.chunk("fcTL", frame(0, 0)) + APNGFixtures.chunk("IDAT", [0])
        file += APNGFixtures.chunk("fcTL", frame(1, 2))
        file += APNGFixtures.chunk("fdAT", APNGFixtures.bigEndian(2) + [UInt8](repeating: 0, count: 4_000_000))
        file += APNGFixtures.chunk("IEND", [])
        let options = AnalysisOptions(memoryBudget: .megabytes(4), frames: .all)
        // When every frame is counted
        let error = await #expect(throws: MemoryBudgetError.self) {
            try await APNGFixtures.withFile(Data(file)) {
                _ = try await ImageColorAnalyzer(options: options).analyze(fileAt: $0)
            }
        }
        // Then the message names the frame's stream and the restore buffer, whose sizes add up
        // to the bytes it needs
        guard case .overBudget(let purpose, let needed, _, _) = try #require(error) else { return }
        let sizes = purpose.split(separator: "(").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(purpose.hasPrefix("the APNG's largest frame (") && purpose.contains("restore buffer (12288 bytes)"))
        #expect(sizes.count == 2 && sizes.reduce(0, +) == needed, "\(purpose): \(needed) bytes")
    }
}
