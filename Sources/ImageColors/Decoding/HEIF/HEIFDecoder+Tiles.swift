import CImageCodecs
import Foundation

extension HEIFDecoder {
    /// `bytes`, or a copy of them without the grid tiles' own transformations when they have
    /// any (`ic_heif_tile_transforms`): libavif before 1.0 writes a grid's `clap`, `irot` and
    /// `imir` on every tile as well as on the grid (an ordinary phone portrait saved as a grid
    /// gets a quarter turn on each tile). Readers that follow libavif, browsers among them,
    /// transform only the assembled canvas; libheif 1.15 would turn, mirror or crop each tile
    /// first, so the copy keeps the grid's transformations and drops the tiles'. The copy is
    /// reserved in the budget until the decode ends.
    /// - Throws: ``ImageDecodingError/outOfMemory(_:detail:)`` when the tiles cannot be listed;
    ///   ``MemoryBudgetError`` when the copy does not fit.
    static func withoutTileTransforms(
        _ bytes: Data, format: ImageFormat, options: DecodeOptions, adding reserved: inout Int
    ) throws -> Data {
        let found = bytes.withUnsafeBytes { raw in
            ic_heif_tile_transforms(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, nil)
        }
        guard found != 0 else { return bytes }
        guard found > 0 else { throw ImageDecodingError.outOfMemory(format, detail: "cannot list the grids' tiles") }
        try options.reserve(
            bytes.count,
            for: "a copy of the file without its grid tiles' own rotation, mirroring or crop (\(bytes.count) bytes)",
            adding: &reserved)
        var copy = Data(count: bytes.count)
        let dropped = copy.withUnsafeMutableBytes { target in
            bytes.withUnsafeBytes { raw in
                target.copyMemory(from: raw)
                return ic_heif_tile_transforms(
                    raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count,
                    target.baseAddress?.assumingMemoryBound(to: UInt8.self))
            }
        }
        guard dropped == found else {
            throw ImageDecodingError.outOfMemory(format, detail: "cannot list the grids' tiles")
        }
        return copy
    }
}
