import Foundation
import ImageColors
import Testing

/// libheif 1.15's parse of a file's boxes, which nothing can interrupt, takes time that grows with
/// the number of items times the lists it searches per item (a 994 KB file of 19,990 items took
/// 14 s), and copies every item's data (1.1 GB for a 342 KB file whose extents repeat): the shim
/// counts those lists and copies before libheif reads them (ic_heif_counts.c, ic_heif_copies.c).
@Suite("HEIF: item counts held before libheif parses them")
struct HEIFCountTests {
    /// A list the shim counts, the limit it holds it to, and the words of its refusal.
    enum Listing: CaseIterable, CustomTestStringConvertible {
        case items, locations, extents, associations, references, referenceEntries, entriesAfterUUID, configUnits

        var limit: Int {
            switch self {
            case .items, .locations, .associations: 2_048
            case .extents, .references, .referenceEntries, .entriesAfterUUID: 8_192
            case .configUnits: 16_384
            }
        }
        var words: String {
            switch self {
            case .items: "items (infe boxes)"
            case .locations: "item locations (iloc entries)"
            case .associations: "property associations (ipma entries)"
            case .references: "item references (iref)"
            case .referenceEntries, .entriesAfterUUID: "iref entries"
            case .extents: "extents (iloc)"
            case .configUnits: "NAL units in hvcC boxes"
            }
        }
        var testDescription: String { self == .entriesAfterUUID ? "iref entries after a uuid entry" : words }

        /// A file of 10 images (or, for items, as many as `count`) with `count` entries in the list.
        func file(count: Int) throws -> [UInt8] {
            switch self {
            case .items: try ManyItems(images: count).bytes()
            case .locations: try ManyItems(images: 10, extraLocations: count - 10).bytes()
            case .associations: try ManyItems(images: 10, extraAssociations: count - 10).bytes()
            case .references: try ManyItems(images: 10, bundledReferences: count).bytes()
            case .referenceEntries: try ManyItems(images: 10, emptyReferences: count).bytes()
            // A uuid entry's 16-byte type once stopped the count (a read of 16 bytes at once).
            case .entriesAfterUUID: try ManyItems(images: 10, emptyReferences: count - 1, uuidReference: true).bytes()
            // One extent for the image, 32 (libheif's most) for each Exif item, one with fewer.
            case .extents:
                try ManyItems(
                    images: 1, metadataItems: (count - 1) / 32, metadataExtents: 32, lastExtents: (count - 1) % 32
                )
                .bytes()
            case .configUnits: try ManyItems(images: 10, configUnits: count).bytes()
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

    @Test("a file of many items, near the copy limit, with every reference allowed is analysed as its one image")
    func atLimits() async throws {
        // Given 1,800 copies of coffee.heic's image (62 MB of copies, under the file's size and
        // 64 MB), with 1,800 locations and associations and 8,192 references (from unlisted
        // items), and coffee.heic itself
        let many = try ManyItems(images: 1_800, extraReferences: 8_192).bytes()
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

    @Test("items whose data adds up to 64 MB more than the file are refused before libheif copies it")
    func repeatedExtents() async throws {
        // Given coffee.heic's image and 61 Exif items whose 32 extents each cover its 34,487-byte
        // stream: 67.3 MB of copies from a 45 KB file
        let bytes = try ManyItems(images: 1, metadataItems: 61, metadataExtents: 32).bytes()
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then it is over the limit, naming the copies (every extent, and the image's data after its
        // hvcC's NAL units, each with a 4-byte length) and the file's size
        let coffee = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("coffee.heic"))))
        let units = ManyItems.units(in: try ManyItems.box(named: "hvcC", in: coffee))
        let copied = (61 * 32 + 1) * 34_487 + units.reduce(0) { $0 + 4 + $1 }
        #expect(error?.code == "over-limit")
        #expect(
            error?.description.contains(
                "libheif would copy \(copied) bytes of its items' data while reading the boxes, more than the file's "
                    + "own \(bytes.count) bytes and 64 MB") == true,
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

    @Test("every box libheif parses counts, a second iloc's entries and the top level's boxes too")
    func everyBox() async throws {
        // Given a second iloc box of 2,039 entries in meta (2,049 in all), and 40,000 empty boxes after
        // the mdat
        let files = [
            try ManyItems(images: 10, secondLocations: 2_039).bytes(),
            try ManyItems(images: 10, freeBoxes: 40_000).bytes(),
        ]
        let expected = ["the file lists 2049 item locations (iloc entries)", "boxes, more than the 32768 allowed"]
        for (bytes, words) in zip(files, expected) {
            // When analysed
            let error = await #expect(throws: ImageDecodingError.self) {
                _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
            }
            // Then each is over a limit
            #expect(error?.code == "over-limit")
            #expect(error?.description.contains(words) == true, "\(error.map { "\($0)" } ?? "no error")")
        }
    }

    @Test("boxes libheif parses over 16 MB are refused; under it, what it makes of them is reserved")
    func parsedBytes() async throws {
        // Given coffee.heic's image with a top-level colr box of 16 MB + 1 byte, one of 1 MB, and
        // an unknown box of 1 MB, whose payload libheif skips
        let over = try ManyItems(images: 1, colrBytes: (16 << 20) + 1).bytes()
        let under = try ManyItems(images: 1, colrBytes: 1 << 20).bytes()
        let skipped = try ManyItems(images: 1, junkBytes: 1 << 20).bytes()
        let name = try ManyItems(images: 1, hdlrBytes: 1 << 20).bytes()
        // When they are analysed
        let analyzer = ImageColorAnalyzer()
        let error = await #expect(throws: ImageDecodingError.self) { _ = try await analyzer.analyze(data: Data(over)) }
        let underPeak = try #require(try await analyzer.analyze(data: Data(under)).memory?.accountedPeak)
        let skippedPeak = try #require(try await analyzer.analyze(data: Data(skipped)).memory?.accountedPeak)
        let namePeak = try #require(try await analyzer.analyze(data: Data(name)).memory?.accountedPeak)
        // Then the first is over the limit; the second's accounted peak holds twice its colr box
        // beyond the file itself, the third's only the file
        #expect(error?.code == "over-limit")
        #expect(
            error?.description.contains("the boxes libheif parses hold") == true
                && error?.description.contains("more than the 16777216 allowed") == true,
            "\(error.map { "\($0)" } ?? "no error")")
        #expect(underPeak - skippedPeak >= 2 << 20, "\(skippedPeak) → \(underPeak)")
        // and a 1 MB hdlr name, a string libheif grows a character at a time, three times its bytes
        #expect(namePeak - skippedPeak >= 3 << 20, "\(skippedPeak) → \(namePeak)")
    }

    @Test("boxes nested deeper than 8 are refused")
    func nesting() async throws {
        // Given meta boxes nested 7 and 8 deep inside the file's meta (8 and 9 deep in all)
        let atLimit = try ManyItems(images: 1, nestedMetas: 7).bytes()
        let over = try ManyItems(images: 1, nestedMetas: 8).bytes()
        // When analysed
        let analyzer = ImageColorAnalyzer()
        _ = try await analyzer.analyze(data: Data(atLimit))
        let error = await #expect(throws: ImageDecodingError.self) { _ = try await analyzer.analyze(data: Data(over)) }
        // Then the first is read and the second is over the limit
        #expect(error?.code == "over-limit")
        #expect(
            error?.description.contains("the file's boxes nest 9 deep, more than the 8 allowed") == true,
            "\(error.map { "\($0)" } ?? "no error")")
    }

    @Test("an infe box over 1 KB is refused, and one of 1 KB is read")
    func infeSize() async throws {
        // Given an item named with 1,001 bytes (a 1,024-byte infe box) and one with 1,002
        let atLimit = try ManyItems(images: 1, firstName: 1_001).bytes()
        let over = try ManyItems(images: 1, firstName: 1_002).bytes()
        // When both are analysed
        let analyzer = ImageColorAnalyzer()
        _ = try await analyzer.analyze(data: Data(atLimit))
        let error = await #expect(throws: ImageDecodingError.self) { _ = try await analyzer.analyze(data: Data(over)) }
        // Then the first is read and the second is over the limit, naming its size
        #expect(error?.code == "over-limit")
        #expect(
            error?.description.contains("an item's infe box is 1025 bytes, more than the 1024 allowed") == true,
            "\(error.map { "\($0)" } ?? "no error")")
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
    /// The length of the first item's name (its infe box is 23 bytes more).
    var firstName = 0
    /// Entries of a second iloc box in meta, each for an unlisted item with no extent.
    var secondLocations = 0
    /// Empty free boxes after the mdat.
    var freeBoxes = 0
    /// The payload of an unknown box after the mdat (0: none).
    var junkBytes = 0
    /// The payload of a colr box (an ICC profile of zeros) after the mdat (0: none).
    var colrBytes = 0
    /// The payload of an hdlr box (a long name) after the mdat (0: none).
    var hdlrBytes = 0
    /// Empty meta boxes nested in a chain inside the file's meta.
    var nestedMetas = 0
    /// A first iref entry of type uuid (its 16-byte extended type after the header), making none.
    var uuidReference = false
    /// References to item 1 in one iref entry, from an unlisted item.
    var bundledReferences = 0
    /// Exif items after the images, each with `metadataExtents` extents over the whole stream
    /// and a cdsc reference to item 1.
    var metadataItems = 0
    var metadataExtents = 1
    /// One more Exif item, with this many extents (0: none).
    var lastExtents = 0
    /// NAL units the hvcC holds in all: coffee.heic's, then one-byte units in an array of their own.
    var configUnits = 0

    func bytes() throws -> [UInt8] {
        let coffee = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("coffee.heic"))))
        let hvcC = Self.padded(try Self.box(named: "hvcC", in: coffee), toUnits: configUnits)
        let ispe = try Self.box(named: "ispe", in: coffee)
        let stream = Array(try Self.box(named: "mdat", in: coffee).dropFirst(8))
        let ids = (1...images).map(UInt32.init)
        let unlisted = { (k: Int) in UInt32(images + 100 + k) }

        let ftyp = Self.box("ftyp", Array("heic".utf8) + Self.be32(0) + Array("mif1heic".utf8))
        let hdlr = Self.full("hdlr", 0, Self.be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = Self.full("pitm", 1, Self.be32(1))
        let exifs = (0..<metadataItems + (lastExtents > 0 ? 1 : 0)).map { UInt32(images + 1 + $0) }
        func extentCount(_ exif: UInt32) -> Int { Int(exif) - images <= metadataItems ? metadataExtents : lastExtents }
        let infes =
            ids.flatMap {
                Self.full(
                    "infe", 3,
                    Self.be32($0) + [0, 0] + Array("hvc1".utf8) + [UInt8](repeating: 65, count: $0 == 1 ? firstName : 0)
                        + [0])
            }
            + exifs.flatMap { Self.full("infe", 3, Self.be32($0) + [0, 0] + Array("Exif".utf8) + [0]) }
        let iinf = Self.full("iinf", 1, Self.be32(UInt32(ids.count + exifs.count)) + infes)
        var associations = Self.be32(UInt32(ids.count + extraAssociations))
        for k in 0..<extraAssociations { associations += Self.be32(unlisted(k)) + [2, 0x81, 0x02] }
        for id in ids { associations += Self.be32(id) + [2, 0x81, 0x02] }
        let iprp = Self.box("iprp", Self.box("ipco", hvcC + ispe) + Self.full("ipma", 1, associations))
        let uuid =
            uuidReference ? Self.box("uuid", [UInt8](repeating: 7, count: 16) + Self.be32(unlisted(0)) + [0, 0]) : []
        let references =
            uuid
            + (0..<extraReferences).flatMap { Self.box("cdsc", Self.be32(unlisted($0)) + [0, 1] + Self.be32(1)) }
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
                iloc += Self.be32(id) + [0, 0, 0, 0, 0, UInt8(extentCount(id))]
                for _ in 0..<extentCount(id) { iloc += extent }
            }
            // A second iloc, which libheif parses and keeps though it reads items from the first.
            let second =
                secondLocations > 0
                ? Self.full(
                    "iloc", 2,
                    [0x44, 0x00] + Self.be32(UInt32(secondLocations))
                        + (0..<secondLocations).flatMap { Self.be32(unlisted($0)) + [0, 0, 0, 0, 0, 0] })
                : []
            let chain = (0..<nestedMetas).reduce([UInt8]()) { inner, _ in Self.full("meta", 0, inner) }
            return Self.full("meta", 0, hdlr + pitm + Self.full("iloc", 2, iloc) + second + iinf + iref + iprp + chain)
        }
        let offset = UInt32(ftyp.count + meta(streamAt: 0).count + 8)
        let free = (0..<freeBoxes).flatMap { _ in Self.box("free", []) }
        let junk = junkBytes > 0 ? Self.box("junk", [UInt8](repeating: 0, count: junkBytes)) : []
        let colr =
            colrBytes > 0 ? Self.box("colr", Array("prof".utf8) + [UInt8](repeating: 0, count: colrBytes - 4)) : []
        let name = hdlrBytes > 0 ? Self.box("hdlr", [UInt8](repeating: 65, count: hdlrBytes - 1) + [0]) : []
        return ftyp + meta(streamAt: offset) + Self.box("mdat", stream) + free + junk + colr + name
    }

    /// `hvcC` with an array of one-byte NAL units added, so that it holds `units` in all (unchanged
    /// when it already holds as many).
    static func padded(_ hvcC: [UInt8], toUnits units: Int) -> [UInt8] {
        let extra = units - Self.units(in: hvcC).count
        guard extra > 0 else { return hvcC }
        let payload =
            Array(hvcC[8..<30]) + [hvcC[30] + 1] + Array(hvcC[31...]) + [39, UInt8(extra >> 8), UInt8(extra & 0xff)]
            + (0..<3 * extra).map { $0 % 3 == 1 ? 1 : 0 }
        return box("hvcC", payload)
    }

    /// The lengths of the NAL units in an hvcC box's arrays.
    static func units(in hvcC: [UInt8]) -> [Int] {
        var at = 31
        var lengths: [Int] = []
        for _ in 0..<Int(hvcC[30]) {
            let count = Int(hvcC[at + 1]) << 8 | Int(hvcC[at + 2])
            at += 3
            for _ in 0..<count {
                let length = Int(hvcC[at]) << 8 | Int(hvcC[at + 1])
                lengths.append(length)
                at += 2 + length
            }
        }
        return lengths
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
