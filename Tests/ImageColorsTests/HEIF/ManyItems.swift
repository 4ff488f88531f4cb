import Foundation
import Testing

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
