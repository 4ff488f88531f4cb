import Foundation
import ImageColors
import Testing

/// libheif 1.15's parse of a file's boxes, which nothing can interrupt, takes time that grows with
/// the number of items times the lists it searches per item (a 994 KB file of 19,990 items took
/// 14 s): the shim counts those lists before libheif reads them (ic_heif_counts.c).
@Suite("HEIF: item counts held before libheif parses them")
struct HEIFCountTests {
    /// A list the shim counts, the limit it holds it to, and the words of its refusal.
    enum Listing: CaseIterable, CustomTestStringConvertible {
        case items, locations, associations, references, referenceEntries

        var limit: Int { self == .references || self == .referenceEntries ? 4_000 : 1_000 }
        var words: String {
            switch self {
            case .items: "items (infe boxes)"
            case .locations: "item locations (iloc entries)"
            case .associations: "property associations (ipma entries)"
            case .references: "item references (iref)"
            case .referenceEntries: "iref entries"
            }
        }
        var testDescription: String { words }

        /// A file of 10 images (or, for items, as many as `count`) with `count` entries in the list.
        func file(count: Int) throws -> [UInt8] {
            switch self {
            case .items: try ManyItems(images: count).bytes()
            case .locations: try ManyItems(images: 10, extraLocations: count - 10).bytes()
            case .associations: try ManyItems(images: 10, extraAssociations: count - 10).bytes()
            case .references: try ManyItems(images: 10, bundledReferences: count).bytes()
            case .referenceEntries: try ManyItems(images: 10, emptyReferences: count).bytes()
            }
        }
    }

    @Test("a list one entry over its limit is refused before libheif reads the file", arguments: Listing.allCases)
    func overLimit(_ listing: Listing) async throws {
        // Given a file whose list has one entry more than the limit
        let bytes = try listing.file(count: listing.limit + 1)
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then it is over a limit, naming the count, the list and the limit
        #expect(error?.code == "over-limit")
        let description = error?.description ?? "no error"
        #expect(
            description.contains(
                "the file lists \(listing.limit + 1) \(listing.words), more than the \(listing.limit)"),
            "\(description)")
    }

    @Test("a file at every limit is analysed as its one image")
    func atLimits() async throws {
        // Given 1,000 copies of coffee.heic's image, with 1,000 locations and associations and
        // 4,000 references (from unlisted items), and coffee.heic itself
        let many = try ManyItems(images: 1_000, extraReferences: 4_000).bytes()
        let one = try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("coffee.heic")))
        // When both are analysed
        let analyzer = ImageColorAnalyzer()
        let manyAnalysis = try await analyzer.analyze(data: Data(many))
        let oneAnalysis = try await analyzer.analyze(data: one)
        // Then the large file is accepted and its primary image gives coffee.heic's colours
        func card(_ a: ColorAnalysis) -> [RGBColor] { [a.background, a.primary, a.secondary, a.detail] }
        #expect(card(manyAnalysis) == card(oneAnalysis))
        #expect(manyAnalysis.title == oneAnalysis.title)
    }

    @Test("metadata whose extents read more bytes than the file holds is refused")
    func repeatedExtents() async throws {
        // Given coffee.heic's image and an Exif item whose two extents both cover its 34 KB stream
        let bytes = try ManyItems(images: 1, metadataItems: 1, metadataExtents: 2).bytes()
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then it is damaged data: libheif would copy 69 KB out of a 35 KB file
        #expect(error?.code == "corrupt-image")
        #expect(
            error?.description.contains("the file's metadata items hold 68974 bytes, more than the file's own") == true,
            "\(error.map { "\($0)" } ?? "no error")")
    }

    @Test("the metadata libheif copies while reading the boxes is reserved in the memory budget")
    func metadataReserved() async throws {
        // Given coffee.heic's image alone, and with an Exif item as large as its stream (34,487 bytes)
        let plain = try ManyItems(images: 1).bytes()
        let withExif = try ManyItems(images: 1, metadataItems: 1).bytes()
        // When both are analysed
        let analyzer = ImageColorAnalyzer()
        let plainPeak = try #require(try await analyzer.analyze(data: Data(plain)).memory?.accountedPeak)
        let exifPeak = try #require(try await analyzer.analyze(data: Data(withExif)).memory?.accountedPeak)
        // Then the second's accounted peak holds the copy as well as its larger file
        #expect(exifPeak - plainPeak >= 34_487 + (withExif.count - plain.count), "\(plainPeak) → \(exifPeak)")
    }

    @Test("a file of 19,990 items, 14 s in libheif's parse, is refused")
    func manyItems() async throws {
        // Given a file of 19,990 images, under libheif 1.15's own limit of 20,000 boxes
        let bytes = try ManyItems(images: 19_990).bytes()
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then it is refused by the count, not by libheif or the deadline
        #expect(error?.code == "over-limit")
        #expect(error?.description.contains("19990 items") == true, "\(error.map { "\($0)" } ?? "no error")")
    }
}

/// A HEIC of `images` coded images, item 1 the primary, each showing coffee.heic's one HEVC
/// stream (its hvcC, ispe and data), written with 32-bit item IDs; and optionally entries that
/// name no item: extra iloc entries, ipma entries and cdsc references (each from an unlisted
/// item to item 1), which libheif 1.15 reads and ignores.
struct ManyItems {
    var images: Int
    var extraLocations = 0
    var extraAssociations = 0
    var extraReferences = 0
    /// iref entries that make no reference (a count of 0), each from an unlisted item.
    var emptyReferences = 0
    /// References to item 1 in one iref entry, from an unlisted item.
    var bundledReferences = 0
    /// Exif items after the images, each with `metadataExtents` extents over the whole stream
    /// and a cdsc reference to item 1.
    var metadataItems = 0
    var metadataExtents = 1

    func bytes() throws -> [UInt8] {
        let coffee = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("coffee.heic"))))
        let hvcC = try Self.box(named: "hvcC", in: coffee)
        let ispe = try Self.box(named: "ispe", in: coffee)
        let stream = Array(try Self.box(named: "mdat", in: coffee).dropFirst(8))
        let ids = (1...images).map(UInt32.init)
        let unlisted = { (k: Int) in UInt32(images + 100 + k) }

        let ftyp = Self.box("ftyp", Array("heic".utf8) + Self.be32(0) + Array("mif1heic".utf8))
        let hdlr = Self.full("hdlr", 0, Self.be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = Self.full("pitm", 1, Self.be32(1))
        let exifs = (0..<metadataItems).map { UInt32(images + 1 + $0) }
        let infes =
            ids.flatMap { Self.full("infe", 3, Self.be32($0) + [0, 0] + Array("hvc1".utf8) + [0]) }
            + exifs.flatMap { Self.full("infe", 3, Self.be32($0) + [0, 0] + Array("Exif".utf8) + [0]) }
        let iinf = Self.full("iinf", 1, Self.be32(UInt32(ids.count + exifs.count)) + infes)
        var associations = Self.be32(UInt32(ids.count + extraAssociations))
        for k in 0..<extraAssociations { associations += Self.be32(unlisted(k)) + [2, 0x81, 0x02] }
        for id in ids { associations += Self.be32(id) + [2, 0x81, 0x02] }
        let iprp = Self.box("iprp", Self.box("ipco", hvcC + ispe) + Self.full("ipma", 1, associations))
        let references =
            (0..<extraReferences).flatMap { Self.box("cdsc", Self.be32(unlisted($0)) + [0, 1] + Self.be32(1)) }
            + (0..<emptyReferences).flatMap { Self.box("cdsc", Self.be32(unlisted($0)) + [0, 0]) }
            + exifs.flatMap { Self.box("cdsc", Self.be32($0) + [0, 1] + Self.be32(1)) }
            + (bundledReferences > 0
                ? Self.box(
                    "cdsc",
                    Self.be32(unlisted(0)) + [UInt8(bundledReferences >> 8), UInt8(bundledReferences & 0xff)]
                        + (0..<bundledReferences).flatMap { _ in Self.be32(1) })
                : [])
        let iref = references.isEmpty ? [] : Self.full("iref", 1, references)

        func meta(streamAt offset: UInt32) -> [UInt8] {
            let located = ids + (0..<extraLocations).map(unlisted)
            var iloc: [UInt8] = [0x44, 0x00] + Self.be32(UInt32(located.count + exifs.count))
            let extent = Self.be32(offset) + Self.be32(UInt32(stream.count))
            for id in located { iloc += Self.be32(id) + [0, 0, 0, 0, 0, 1] + extent }
            for id in exifs {
                iloc += Self.be32(id) + [0, 0, 0, 0, 0, UInt8(metadataExtents)]
                for _ in 0..<metadataExtents { iloc += extent }
            }
            return Self.full("meta", 0, hdlr + pitm + Self.full("iloc", 2, iloc) + iinf + iref + iprp)
        }
        let offset = UInt32(ftyp.count + meta(streamAt: 0).count + 8)
        return ftyp + meta(streamAt: offset) + Self.box("mdat", stream)
    }

    /// The whole box (header included) of the first `type` in `bytes`.
    static func box(named type: String, in bytes: [UInt8]) throws -> [UInt8] {
        let at = try #require(HEIFMemoryTests.find(type, in: bytes)) - 4
        let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        return Array(bytes[at..<at + size])
    }

    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }
    static func full(_ type: String, _ version: UInt8, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version, 0, 0, 0] + payload)
    }
}
