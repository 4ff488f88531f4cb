import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// GIF's limits: the logical screen and every frame against ``ImageLimits`` before anything is
/// allocated for them, the frame count and pixel totals before any frame is decoded when every
/// frame is counted, the canvas against the budget, and damaged files.
@Suite("GIF limits and memory")
struct GIFLimitTests {
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    /// The offset of the first image descriptor (0x2C) of a fixture, found by walking its blocks.
    static func firstDescriptor(_ name: String) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: WebGIFFixtures.path(name))))
        var i = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        while bytes[i] == 0x21 { // extensions: introducer, label, sub-blocks
            i += 2
            while bytes[i] != 0 { i += Int(bytes[i]) + 1 }
            i += 1
        }
        guard bytes[i] == 0x2C else { throw ImageDecodingError.corrupt(.gif, detail: "no descriptor") }
        return i
    }

    @Test("a logical screen of 65500×65500 is refused from the first bytes")
    func bomb() async throws {
        let path = try MemoryLimitTests.patched(
            WebGIFFixtures.path("coffee.gif"), [(6, Self.le16(65_500) + Self.le16(65_500))])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(fileAt: path)
        }
        #expect(error?.description == "GIF image is 65500×65500, over the 250 MP limit")
        #expect(HeaderDimensions.read(.gif, from: try SourceProbe(.file(path)).prefix)! == (65_500, 65_500))
    }

    @Test("a frame larger than the limits is refused before its rows are read")
    func frameOverLimits() async throws {
        // Given coffee.gif whose image descriptor claims a 60000×60000 frame on its 150×100 screen
        let descriptor = try Self.firstDescriptor("coffee.gif")
        let path = try MemoryLimitTests.patched(
            WebGIFFixtures.path("coffee.gif"), [(descriptor + 5, Self.le16(60_000) + Self.le16(60_000))])
        defer { try? FileManager.default.removeItem(atPath: path) }
        for policy in FramePolicy.allCases {
            let error = await #expect(throws: ImageDecodingError.self) {
                _ = try await ImageColorAnalyzer(options: .init(frames: policy)).analyze(fileAt: path)
            }
            #expect(error?.description == "GIF image is 60000×60000, over the 250 MP limit", "\(policy)")
        }
    }

    @Test("counting every frame checks the count and pixel totals before decoding; the first frame alone does not")
    func animationLimits() async throws {
        let path = WebGIFFixtures.path("disposal.gif") // 5 frames on a 64×48 screen
        let tooMany = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer(options: .init(limits: ImageLimits(maxFrames: 4), frames: .all)).analyze(
                fileAt: path)
        }
        #expect(tooMany?.code == "too-many-frames")
        #expect(tooMany?.description == "GIF animation has more than 4 frames, the limit for counting every frame")
        let tooLarge = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer(
                options: .init(limits: ImageLimits(maxAnimationPixels: 10_000), frames: .all)
            ).analyze(fileAt: path)
        }
        #expect(
            tooLarge?.description
                == "GIF image is 64×48, over the 10000 pixel limit for all 5 frames together (15360 pixels in all)")
        let first = try await ImageColorAnalyzer(
            options: .init(limits: ImageLimits(maxFrames: 1, maxAnimationPixels: 1))
        ).analyze(fileAt: path)
        #expect(first.frames == FrameReport(count: nil, counted: 1))
    }

    @Test(
        "a canvas that cannot fit fails with the over-budget error when every frame is counted; the first frame streams"
    )
    func canvasOverBudget() async throws {
        // Given animated.gif on a screen patched to 4000×3000 (its frames stay 96×64 and smaller)
        let path = try MemoryLimitTests.patched(
            WebGIFFixtures.path("animated.gif"), [(6, Self.le16(4000) + Self.le16(3000))])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = await #expect(throws: MemoryBudgetError.self) {
            _ = try await ImageColorAnalyzer(options: .init(frames: .all)).analyze(fileAt: path)
        }
        guard case .overBudget(let purpose, let needed, _, let budget) = error else { return }
        #expect(purpose == "the GIF animation's canvas (4000×3000)" && needed == 48_000_000 && budget == 30_000_000)
        // The first frame needs rows only: the rest of the screen is transparent
        let first = try await ImageColorAnalyzer().analyze(fileAt: path)
        #expect(first.width == 4000 && first.height == 3000)
        #expect(try #require(first.memory).accountedPeak < 10_000_000)
    }

    @Test(
        "a file cut short is a truncated-image error",
        arguments: ["coffee.gif", "coffee-interlaced.gif", "animated.gif"])
    func truncated(name: String) async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: WebGIFFixtures.path(name)))
        for length in [7, 12, bytes.count / 3] {
            let error = await #expect(throws: ImageDecodingError.self) {
                _ = try await ImageColorAnalyzer(options: .init(frames: .all)).analyze(data: bytes.prefix(length))
            }
            #expect(error?.code == "truncated-image", "\(name) cut to \(length) bytes: \(String(describing: error))")
        }
    }
}
