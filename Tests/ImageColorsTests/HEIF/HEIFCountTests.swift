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
