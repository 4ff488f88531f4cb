import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// dav1d reads an AV1 item's stream in place, in the file's bytes already held, when the item's
/// data is one run of the file (`ic_heif_dav1d.c`, `dav1d_data_wrap`); an item in several extents
/// out of order is joined in dav1d's copy, which the memory plan reserves.
@Suite("AVIF streams read in place")
struct AVIFInPlaceTests {
    /// A HEIF fixture whose iloc is version 0 with 4-byte offsets and lengths, no base offset, and
    /// one item of one extent that is the whole payload of the mdat box ending the file (avifenc's
    /// layout for one image without metadata): its bytes, and the offsets of iloc's and mdat's
    /// box types.
    struct OneExtentFile {
        var bytes: [UInt8]
        let iloc: Int
        let mdat: Int

        init(_ name: String) throws {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path(name))))
            iloc = try #require(Self.find("iloc", in: bytes))
            mdat = try #require(Self.find("mdat", in: bytes))
            #expect(bytes[iloc + 4] == 0 && bytes[iloc + 8] == 0x44 && bytes[iloc + 9] == 0)
            #expect(number(iloc + 10, 2) == 1 && number(iloc + 16, 2) == 1)
            #expect(offset == mdat + 4 && offset + length == bytes.count)
        }

        static func find(_ type: String, in bytes: [UInt8]) -> Int? {
            let code = Array(type.utf8)
            return (4..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == code }
        }

        var offset: Int { number(iloc + 18) }
        var length: Int { number(iloc + 22) }

        func number(_ at: Int, _ size: Int = 4) -> Int { bytes[at..<at + size].reduce(0) { $0 << 8 | Int($1) } }

        static func bigEndian(_ value: Int, _ size: Int = 4) -> [UInt8] {
            (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
        }

        mutating func set(_ at: Int, _ value: Int) { bytes.replaceSubrange(at..<at + 4, with: Self.bigEndian(value)) }

        /// Writes `bytes` to a temporary file.
        static func write(_ bytes: [UInt8]) throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-\(UUID()).avif").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// phone-4032.avif (4032×3024, 8-bit 4:2:0) with its item's data grown to `size` bytes by an AV1
    /// padding OBU after the frame (dav1d skips it: the same picture), its extent and mdat lengthened
    /// to match: a 12 MP file of a real photo's size without a megabytes-large fixture.
    static func paddedPhone(to size: Int) throws -> String {
        var file = try OneExtentFile("phone-4032.avif")
        // OBU_PADDING (type 15) with its size field, a 4-byte leb128 size, then zeros.
        let payload = size - file.bytes.count - 5
        let leb128: [UInt8] = (0..<4).map { (i: Int) -> UInt8 in
            let continued = i < 3 ? 0x80 : 0
            return UInt8((payload >> (7 * i)) & 0x7F | continued)
        }
        let padding: [UInt8] = [0x7A] + leb128 + [UInt8](repeating: 0, count: payload)
        file.set(file.iloc + 22, file.length + padding.count)
        file.set(file.mdat - 4, file.number(file.mdat - 4) + padding.count)
        return try OneExtentFile.write(file.bytes + padding)
    }

    /// coffee.avif with its item's data in two extents, its second half first in the file: dav1d
    /// cannot read it in place. The iloc grows by the second extent (8 bytes), and meta with it.
    static func splitCoffee() throws -> String {
        let file = try OneExtentFile("coffee.avif")
        let data = Array(file.bytes[file.offset..<file.offset + file.length])
        let half = data.count / 2
        let meta = try #require(OneExtentFile.find("meta", in: file.bytes))
        var head = Array(file.bytes[0..<file.iloc + 16])
        head.replaceSubrange(meta - 4..<meta, with: OneExtentFile.bigEndian(file.number(meta - 4) + 8))
        head.replaceSubrange(file.iloc - 4..<file.iloc, with: OneExtentFile.bigEndian(file.number(file.iloc - 4) + 8))
        // Two extents (offset, length): the first half, now after the second; the second half.
        let start = file.offset + 8
        let fields = [start + data.count - half, half, start, data.count - half]
        let extents = OneExtentFile.bigEndian(2, 2) + fields.flatMap { OneExtentFile.bigEndian($0) }
        let between = Array(file.bytes[file.iloc + 26..<file.offset])
        var split = head
        split += extents
        split += between
        split += data[half...]
        split += data[..<half]
        return try OneExtentFile.write(split)
    }

    @Test("a 12 MP AVIF of 2.5 MB is analysed within the default budget: dav1d reads its stream in place")
    func largePhoneFileWithinDefaultBudget() async throws {
        // Given a 4032×3024 8-bit 4:2:0 file of 2.5 MB, its item one extent (refused before: "needs
        // 29.6 MB ... 27.2 MB left", with dav1d's copy of the stream and 1 MB for the shim reserved)
        let path = try Self.paddedPhone(to: 2_500_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When analysed with the defaults
        let analysis = try await ImageColorAnalyzer().analyze(fileAt: path)
        // Then it is analysed within the budget, and the accounted peak covers what is held: the
        // file and the decode's heap peak, which Fuzz/ShimCheck/dav1d_heap.c measured at 25.16 MB
        // for this picture (its 19.27 MB picture and dav1d's own 5.89 MB)
        #expect(analysis.width == 4032 && analysis.height == 3024)
        let memory = try #require(analysis.memory)
        #expect(memory.budget == MemoryBudget.default.bytes)
        #expect(memory.accountedPeak <= memory.budget)
        #expect(memory.accountedPeak >= 2_500_000 + 25_161_000, "\(memory.accountedPeak)")
    }

    @Test("the padded file gives the fixture's pixels: dav1d skips the padding OBU")
    func paddedPhoneSamePixels() throws {
        // Given phone-4032.avif and its copy padded to 2.5 MB
        let path = try Self.paddedPhone(to: 2_500_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When both are decoded
        let (padded, _) = try AVIFDav1dTests.decode(path)
        let (original, _) = try AVIFDav1dTests.decode(HEIFFixtures.path("phone-4032.avif"))
        // Then the pixels are identical
        #expect(padded.width == original.width && padded.height == original.height)
        #expect(HEIFFixtures.largestDifference(padded, original) == 0)
    }

    @Test("an item in two extents out of order is joined for dav1d: the same pixels, its copy reserved")
    func splitItemCopied() throws {
        // Given coffee.avif and its copy whose item is two extents, the second half first
        let path = try Self.splitCoffee()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When both are decoded
        let (split, splitLedger) = try AVIFDav1dTests.decode(path)
        let (whole, wholeLedger) = try AVIFDav1dTests.decode(HEIFFixtures.path("coffee.avif"))
        // Then the pixels are identical, and only the split file's peak holds the stream's copy
        // (10,856 bytes): dav1d reads the single extent in place
        #expect(split.width == whole.width && split.height == whole.height)
        #expect(HEIFFixtures.largestDifference(split, whole) == 0)
        #expect(splitLedger.peak >= wholeLedger.peak + 10_856, "\(splitLedger.peak) \(wholeLedger.peak)")
        #expect(splitLedger.reserved == 0)
    }
}
