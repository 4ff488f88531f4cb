/// The `PLTE` and `tRNS` chunks every frame's stream repeats (``APNGFrameStream``), chosen as
/// libpng 1.6 keeps them when it reads the default image, so that every frame's pixels are what
/// the still image's would be. Each is read once, while the census walks the file, and is small
/// (PLTE at most 768 bytes, tRNS at most 256): a chunk libpng ignores is never copied, so a
/// 20 MB `tRNS` on an RGBA image adds nothing to a frame.
///
/// libpng's rules (pngrutil.c, `png_handle_PLTE` and `png_handle_tRNS`), for the chunks before
/// the image data: the first `PLTE` counts, and only a palette image's pixels use it (a second
/// one, or one of a wrong length in a palette image, is libpng's error when it reads the file's
/// header, before any frame); a `tRNS` counts when it fits the colour type — 2 bytes for grey, 6
/// for RGB, 1 to the palette's entries after the `PLTE` of a palette image, none with an alpha
/// channel — and the first that fits is kept. libpng ignores the others with a warning, which
/// decoding ignores too, strict or lenient, as for a still PNG.
struct APNGPaletteChunks {
    /// The chunks kept, in the file's order: their types and data.
    private(set) var chunks: [(type: String, data: [UInt8])] = []
    private let colorType: UInt8
    private let bitDepth: UInt8
    /// The palette's entries libpng keeps (`nil` before the first `PLTE`).
    private var entries: Int?
    private var seenPalette = false
    private var keptTransparency = false

    /// The chunks of an image whose IHDR data is `header` (13 bytes).
    init(header: [UInt8]) {
        bitDepth = header[8]
        colorType = header[9]
    }

    /// The bytes the chunks take in a stream, their length, type and CRC included.
    var streamBytes: Int { chunks.reduce(0) { $0 + 12 + $1.data.count } }

    /// Takes `chunk`, a `PLTE` or `tRNS` before the image data, when libpng would keep it.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` for a CRC error in a chunk kept.
    mutating func take(_ chunk: PNGChunkReader.Chunk, from reader: PNGChunkReader) throws {
        switch chunk.type {
        case "PLTE":
            guard !seenPalette else { return }
            seenPalette = true
            guard colorType == 3, chunk.length > 0, chunk.length <= 3 * 256, chunk.length % 3 == 0 else { return }
            // libpng keeps no more entries than the bit depth can index.
            entries = min(chunk.length / 3, 1 << min(Int(bitDepth), 8))
            chunks.append((chunk.type, try reader.data(of: chunk)))
        case "tRNS":
            guard !keptTransparency, fits(transparency: chunk.length) else { return }
            keptTransparency = true
            chunks.append((chunk.type, try reader.data(of: chunk)))
        default:
            break
        }
    }

    /// Whether a `tRNS` of `length` bytes fits the colour type (and the palette seen so far).
    private func fits(transparency length: Int) -> Bool {
        switch colorType {
        case 0: length == 2
        case 2: length == 6
        case 3: entries.map { (1...$0).contains(length) } ?? false
        default: false
        }
    }
}
