import Foundation

/// AVIF fixtures with one AV1 picture that is not the primary image's own damaged: a grid's tile
/// or an alpha plane, emptied or overwritten. libheif 1.15 hands those pictures to its
/// highest-priority AV1 plugin whatever the decoding options name; before the shim registered
/// its own (ic_heif_av1.c) that was dav1d, which printed to stderr on all four and leaked 40
/// bytes on the empty ones (the fuzzer's finding in CI).
public enum AV1Damage: String, CaseIterable, Sendable, CustomStringConvertible {
    /// grid.avif with tile 2 of 4 (item 3) given an extent of 0 bytes: an empty AV1 stream.
    case emptyTile
    /// grid.avif with 32 bytes of tile 2's stream overwritten with 0xFF.
    case damagedTile
    /// horse-alpha.avif with the alpha plane (item 2) given an extent of 0 bytes.
    case emptyAlpha
    /// horse-alpha.avif with 32 bytes of the alpha plane's stream overwritten with 0xFF.
    case damagedAlpha

    public var description: String { rawValue }

    /// The fixture and the damaged item's extent in it: its file offset and length, which
    /// `bytes()` finds as the pair of 32-bit fields the `iloc` box stores them in.
    private var source: (name: String, offset: UInt32, length: UInt32) {
        switch self {
        case .emptyTile, .damagedTile: ("grid.avif", 3066, 2207)
        case .emptyAlpha, .damagedAlpha: ("horse-alpha.avif", 405, 430)
        }
    }

    /// The damaged file's bytes.
    /// - Throws: `CocoaError(.fileReadCorruptFile)` when the fixture no longer has the extent
    ///   (it was remade: update the offsets above).
    public func bytes() throws -> Data {
        let (name, offset, length) = source
        let url = RepositoryPaths.root.appendingPathComponent("Tests/Fixtures/HEIF/\(name)")
        var bytes = [UInt8](try Data(contentsOf: url))
        let extent = Self.bigEndian(offset) + Self.bigEndian(length)
        guard let entry = bytes.indices.dropLast(8).first(where: { Array(bytes[$0..<$0 + 8]) == extent }),
            Int(offset) + Int(length) <= bytes.count
        else { throw CocoaError(.fileReadCorruptFile) }
        switch self {
        case .emptyTile, .emptyAlpha:
            bytes.replaceSubrange(entry + 4..<entry + 8, with: Self.bigEndian(0))
        case .damagedTile, .damagedAlpha:
            let start = Int(offset) + 16
            bytes.replaceSubrange(start..<start + 32, with: [UInt8](repeating: 0xFF, count: 32))
        }
        return Data(bytes)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
