import Foundation

/// HEIC fixtures with one HEVC picture damaged: the image's own slice, a grid's tile or an alpha
/// plane, 32 of its bytes overwritten with 0xFF. libde265 1.0.11 decodes what it can of such a
/// stream and leaves the rest of the picture unwritten, in buffers it never clears; before the
/// shim's own HEVC plugin (ic_heif_hevc.c) gave it buffers filled with grey, those pixels were
/// whatever the heap held, and the colours could change from one analysis to the next.
public enum HEVCDamage: String, CaseIterable, Sendable, CustomStringConvertible {
    /// coffee.heic with bytes 64–95 of its slice overwritten: libde265 warns ("CTB outside of
    /// image area").
    case slice
    /// coffee.heic with bytes 16–47 of its slice overwritten: part of the picture is never
    /// decoded and libde265 says nothing (the shim finds it).
    case silentSlice
    /// grid.heic with bytes 64–95 of tile 2's stream overwritten (libde265 warns).
    case tile
    /// horse-alpha.heic with bytes 64–95 of the alpha plane's stream overwritten (libde265 warns).
    case alpha

    public var description: String { rawValue }

    /// What strict decoding names as the damage: libde265's warning, or, when libde265 says
    /// nothing, the shim's finding that part of the picture still holds its buffers' starting
    /// pattern.
    public var damage: String {
        self == .silentSlice ? "part of the picture was never decoded" : "CTB outside of image area"
    }

    /// The fixture; the damaged item's file offset and length; its `iloc` extent's offset field
    /// (heif-enc writes the item's offset there, or as a base offset with 0 there); and where in
    /// the item the damage starts.
    private var source: (name: String, offset: UInt32, length: UInt32, field: UInt32, at: Int) {
        switch self {
        case .slice: ("coffee.heic", 359, 34487, 0, 64)
        case .silentSlice: ("coffee.heic", 359, 34487, 0, 16)
        case .tile: ("grid.heic", 9105, 8712, 9105, 64)
        case .alpha: ("horse-alpha.heic", 4077, 3698, 0, 64)
        }
    }

    /// The damaged file's bytes.
    /// - Throws: `CocoaError(.fileReadCorruptFile)` when the fixture no longer has the extent
    ///   (it was remade: update the offsets above).
    public func bytes() throws -> Data {
        let (name, offset, length, field, at) = source
        let url = RepositoryPaths.root.appendingPathComponent("Tests/Fixtures/HEIF/\(name)")
        var bytes = [UInt8](try Data(contentsOf: url))
        let extent = [field, length].flatMap { value in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        guard bytes.indices.dropLast(8).contains(where: { Array(bytes[$0..<$0 + 8]) == extent }),
            Int(offset) + Int(length) <= bytes.count
        else { throw CocoaError(.fileReadCorruptFile) }
        let start = Int(offset) + at
        bytes.replaceSubrange(start..<start + 32, with: [UInt8](repeating: 0xFF, count: 32))
        return Data(bytes)
    }
}
