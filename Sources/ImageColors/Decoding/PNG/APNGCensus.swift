/// An animated PNG's animation, read from its chunk headers: the canvas (IHDR), the frames
/// (`fcTL`, each with where its data starts), and whether the default image (`IDAT`) is the first
/// frame or is hidden from the animation (an `IDAT` before the first `fcTL`, which APNG readers
/// do not show).
///
/// A PNG whose `acTL` does not come before its first `IDAT` is not animated (the APNG rule), and
/// the walk stops there. Otherwise the animation chunks are checked as APNG 1.0 requires: none
/// comes before `acTL`, the sequence numbers of `fcTL` and `fdAT` count up from 0, every frame
/// lies inside the canvas and has data, a first frame made of the default image covers the
/// canvas, and there are as many frames as `acTL` says; a frame past ``ImageLimits/maxFrames``
/// is ``ImageDecodingError/tooManyFrames(_:limit:)`` (only when every frame is read).
///
/// CRCs are checked once, by whoever reads a chunk. libpng reads and checks every chunk before
/// the image data whenever it reads a file's header, which every decoding of the file does (a
/// still image, a default image, or the header an animation takes its colour space from), so
/// the census checks only those it reads for their data (IHDR, acTL, fcTL, PLTE, tRNS): a still
/// PNG costs a walk of its chunk headers up to its image data. From the image data on, it checks
/// the chunks no decoder reads: a hidden default image's `IDAT`, the chunks between and after
/// the frames, `IEND`. The frames' data (`fdAT`, and the `IDAT` of a default image that is the
/// first frame) is checked by each frame's stream as it is copied (``APNGFrameStream``), or by
/// libpng when it reads the default image's file through IEND. A walk for the first frame alone
/// ends at the default image's data when it is the first frame (libpng reads the rest), else at
/// the second `fcTL`.
struct APNGCensus {
    /// One frame, as its `fcTL` says.
    struct Frame {
        /// Where it is drawn.
        var rect: CanvasRect
        /// Milliseconds shown (`delay_num / delay_den` seconds; a denominator of 0 means 100).
        var displayTime: Int
        /// After it is shown: 0 leave, 1 clear to transparent, 2 restore what was under it.
        var dispose: UInt8
        /// 0 replaces the canvas's pixels, 1 blends over them.
        var blend: UInt8
        /// The offset of the first chunk after its `fcTL` (or of the first `IDAT`).
        var dataStart: Int
        /// Its data chunks (`IDAT` or `fdAT`), their data's bytes, and whether they are `IDAT`.
        var chunks = 0
        var dataBytes = 0
        var isDefaultImage = false
    }

    /// The canvas (IHDR's size) and the 13 bytes of IHDR's data.
    let width: Int
    let height: Int
    let header: [UInt8]
    /// The frames, in order.
    private(set) var frames: [Frame] = []
    /// The frame count `acTL` states.
    let statedFrames: Int
    /// Whether the default image is not part of the animation.
    private(set) var defaultImageHidden = false
    /// The `PLTE` and `tRNS` chunks every frame needs, read once.
    private(set) var paletteChunks: APNGPaletteChunks

    /// Reads the animation of `reader`'s PNG, or returns `nil` when it is not animated.
    /// - Parameters:
    ///   - wholeFile: Read every frame's header and check them all; otherwise stop once the first
    ///     frame is known (at the default image's data when it is the first frame, else at the
    ///     second `fcTL`), since nothing after it is read for the first frame.
    ///   - limits: ``ImageLimits/maxFrames``.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` for animation chunks APNG does not
    ///   allow or a CRC error, ``ImageDecodingError/truncated(_:detail:)``,
    ///   ``ImageDecodingError/tooManyFrames(_:limit:)``; what the reader throws (a timeout, a file
    ///   that cannot be read), before `acTL` too.
    init?(_ reader: PNGChunkReader, wholeFile: Bool, limits: ImageLimits) throws {
        let signature: UInt64 = 0x8950_4E47_0D0A_1A0A
        // Not a PNG libpng reads: its own checks and words apply.
        // Until acTL is read, whatever is wrong is libpng's to find and name: the walk just stops.
        guard try reader.number(at: 0, count: 8) == signature,
            let ihdr = try Self.unlessDamaged({ try reader.chunk(at: 8) }) ?? nil, ihdr.type == "IHDR",
            ihdr.length == 13, let header = try Self.unlessDamaged({ try reader.data(of: ihdr) })
        else { return nil }
        self.header = header
        paletteChunks = APNGPaletteChunks(header: header)
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        var statedFrames: Int?
        var sequence = 0
        var offset = ihdr.next
        var seenData = false
        var previousType = ""
        // An fcTL or fdAT before acTL, the first of them: not an animation APNG allows.
        var earlyFrameChunk: String?
        while true {
            let next =
                statedFrames == nil
                ? try Self.unlessDamaged({ try reader.chunk(at: offset) }) ?? nil : try reader.chunk(at: offset)
            guard let chunk = next else { break }
            offset = chunk.next
            defer { previousType = chunk.type }
            switch chunk.type {
            case "acTL" where !seenData:
                guard statedFrames == nil, chunk.length == 8 else { throw Self.corrupt("a second or malformed acTL") }
                // Named here, or the next fcTL would be reported out of sequence instead.
                if let early = earlyFrameChunk { throw Self.corrupt("an \(early) chunk before acTL") }
                guard let body = try Self.unlessDamaged({ try reader.data(of: chunk) }) else { return nil }
                statedFrames = Self.uint32(body, 0)
                guard statedFrames! > 0 else { throw Self.corrupt("acTL states 0 frames") }
            case "PLTE" where !seenData, "tRNS" where !seenData:
                do {
                    try paletteChunks.take(chunk, from: reader)
                } catch let error as ImageDecodingError where statedFrames == nil && error.isDamage {
                    // Before acTL, a damaged chunk is libpng's to name.
                    return nil
                }
            case "fcTL" where statedFrames != nil:
                guard chunk.length == 26 else { throw Self.corrupt("an fcTL of \(chunk.length) bytes, not 26") }
                let body = try reader.data(of: chunk)
                try Self.expect(sequence: &sequence, Self.uint32(body, 0))
                if let last = frames.last, last.chunks == 0 { throw Self.corrupt("frame \(frames.count) has no data") }
                if !wholeFile, frames.count == 1, let stated = statedFrames {
                    // The first frame is whole: nothing after it is read for it.
                    self.statedFrames = stated
                    return
                }
                if frames.count >= limits.maxFrames {
                    throw ImageDecodingError.tooManyFrames(.png, limit: limits.maxFrames)
                }
                frames.append(
                    try Self.frame(
                        body, number: frames.count + 1, canvas: (width, height), dataStart: chunk.next,
                        beforeData: !seenData))
            case "IDAT":
                guard let stated = statedFrames else { return nil }
                if seenData, previousType != "IDAT" {
                    // libpng refuses such a default image too ("Too many IDATs found").
                    throw Self.corrupt("IDAT chunks that are not consecutive")
                }
                if !seenData {
                    seenData = true
                    if frames.isEmpty { defaultImageHidden = true }
                    if !wholeFile, !defaultImageHidden {
                        self.statedFrames = stated
                        return
                    }
                }
                if !defaultImageHidden, frames.count == 1, frames[0].isDefaultImage {
                    frames[0].chunks += 1
                    frames[0].dataBytes += chunk.length
                }
            case "fdAT" where statedFrames != nil:
                guard chunk.length >= 4, seenData, let last = frames.indices.last, !frames[last].isDefaultImage else {
                    throw Self.corrupt("an fdAT chunk outside a frame")
                }
                try Self.expect(sequence: &sequence, Self.uint32(try reader.bytes(at: chunk.offset + 8, count: 4), 0))
                frames[last].chunks += 1
                frames[last].dataBytes += chunk.length - 4
            case "fcTL", "fdAT":
                // Before acTL (the cases above take them after it).
                if earlyFrameChunk == nil { earlyFrameChunk = chunk.type }
            case "IEND":
                offset = -1
            default:
                break
            }
            // From the image data on, the CRC of every chunk no decoder reads: not the frames' data,
            // which their streams check as they copy it (see the type's doc).
            if seenData, chunk.type != "fdAT", chunk.type != "IDAT" || defaultImageHidden {
                try reader.checkCRC(of: chunk)
            }
            if offset < 0 { break }
        }
        guard let stated = statedFrames else { return nil }
        self.statedFrames = stated
        if offset >= 0 { throw ImageDecodingError.truncated(.png, detail: "the data ended before IEND") }
        if let last = frames.last, last.chunks == 0 { throw Self.corrupt("frame \(frames.count) has no data") }
        // An acTL without frames: a still image with a stray chunk, as browsers show it.
        if frames.isEmpty { return nil }
        guard !wholeFile || frames.count == stated else {
            throw Self.corrupt("acTL states \(stated) frames, the file has \(frames.count)")
        }
    }

    /// Checks the CRC of every chunk from `offset` (a frame's ``Frame/dataStart``) to IEND: for
    /// lenient decoding, before an animation whose default image is its first frame gives way to
    /// that frame alone, since libpng reading its file through IEND refuses a bad CRC anywhere.
    /// - Throws: ``ImageDecodingError/corrupt(_:detail:)`` for a CRC error; what the reader throws.
    static func checkCRCs(from offset: Int, reader: PNGChunkReader) throws {
        var offset = offset
        while let chunk = try reader.chunk(at: offset) {
            try reader.checkCRC(of: chunk)
            if chunk.type == "IEND" { return }
            offset = chunk.next
        }
    }

    /// What `body` returns, or `nil` when it finds damage (a corrupt or truncated file): before
    /// `acTL`, damage is libpng's to find and name, and the file is decoded as a still PNG. A
    /// timeout or a file that cannot be read is thrown.
    private static func unlessDamaged<T>(_ body: () throws -> T) throws -> T? {
        do {
            return try body()
        } catch let error as ImageDecodingError where error.isDamage {
            return nil
        }
    }

    /// The frame an `fcTL` describes, checked against the canvas.
    private static func frame(
        _ body: [UInt8], number: Int, canvas: (width: Int, height: Int), dataStart: Int, beforeData: Bool
    ) throws -> Frame {
        let (width, height) = canvas
        let rect = CanvasRect(
            x: Self.uint32(body, 12), y: Self.uint32(body, 16), width: Self.uint32(body, 4),
            height: Self.uint32(body, 8))
        guard rect.width > 0, rect.height > 0, rect.x + rect.width <= width, rect.y + rect.height <= height else {
            throw Self.corrupt(
                "frame \(number) (\(rect.width)×\(rect.height) at \(rect.x),\(rect.y)) "
                    + "is not inside the \(width)×\(height) canvas"
            )
        }
        if beforeData, rect != CanvasRect(x: 0, y: 0, width: width, height: height) {
            throw corrupt("the default image's frame does not cover the canvas")
        }
        let numerator = Int(body[20]) << 8 | Int(body[21])
        let denominator = Int(body[22]) << 8 | Int(body[23])
        guard body[24] <= 2, body[25] <= 1 else {
            throw Self.corrupt("frame \(number) has dispose_op \(body[24]), blend_op \(body[25])")
        }
        // APNG: a first frame restored to "previous" is cleared instead.
        let dispose = number == 1 && body[24] == 2 ? 1 : body[24]
        return Frame(
            rect: rect,
            displayTime: FrameShare.displayTime(
                milliseconds: numerator * 1000 / (denominator == 0 ? 100 : denominator)),
            dispose: dispose, blend: body[25], dataStart: dataStart, isDefaultImage: beforeData)
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> Int {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func expect(sequence: inout Int, _ found: Int) throws {
        guard found == sequence else {
            throw corrupt("sequence number \(found) where \(sequence) was due")
        }
        sequence += 1
    }

    private static func corrupt(_ detail: String) -> ImageDecodingError {
        .corrupt(.png, detail: "APNG: \(detail)")
    }
}
