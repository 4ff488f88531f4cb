/// JPEG marker codes the DC reader acts on.
enum JPEGMarker {
    /// Start of image.
    static let soi: UInt8 = 0xD8
    /// End of image.
    static let eoi: UInt8 = 0xD9
    /// Start of scan.
    static let sos: UInt8 = 0xDA
    /// Define quantization tables.
    static let dqt: UInt8 = 0xDB
    /// Define number of lines.
    static let dnl: UInt8 = 0xDC
    /// Define restart interval.
    static let dri: UInt8 = 0xDD
    /// Define Huffman tables.
    static let dht: UInt8 = 0xC4
    /// Define arithmetic coding conditioning.
    static let dac: UInt8 = 0xCC
    /// APP0: JFIF.
    static let app0: UInt8 = 0xE0
    /// APP1: EXIF.
    static let app1: UInt8 = 0xE1
    /// APP2: ICC profile chunks.
    static let app2: UInt8 = 0xE2
    /// APP14: Adobe.
    static let app14: UInt8 = 0xEE
    /// Comment.
    static let com: UInt8 = 0xFE

    /// SOF0–SOF15 (C0–CF) except DHT (C4), JPG (C8) and DAC (CC).
    static func isStartOfFrame(_ code: UInt8) -> Bool {
        (0xC0...0xCF).contains(code) && code != dht && code != 0xC8 && code != dac
    }

    /// RST0–RST7 and TEM: markers without a length; libjpeg ignores them between segments.
    static func isStandalone(_ code: UInt8) -> Bool { (0xD0...0xD7).contains(code) || code == 0x01 }

    /// Segments the reader skips unread: APP2–APP13, APP15, COM, and DNL and DAC (libjpeg skips
    /// both: DNL is unsupported and DAC only matters to arithmetic coding). APP2 before the first
    /// scan is read for its ICC chunks (``ICCChunkCollector``).
    static func isSkipped(_ code: UInt8) -> Bool {
        ((0xE0...0xEF).contains(code) && code != app0 && code != app1 && code != app14)
            || code == com || code == dnl || code == dac
    }
}

/// A scan header (SOS): which components the scan codes, and which part of their coefficients.
struct JPEGScanHeader {
    /// One component of the scan.
    struct Member {
        /// The component's index in the frame.
        let index: Int
        /// Its DC Huffman table slot, 0–15 as read (checked when a table is needed).
        let dcTable: Int
        /// Its AC Huffman table slot, 0–15 as read.
        let acTable: Int
    }

    /// The components, in scan order.
    let members: [Member]
    /// First coefficient of the band (0 for DC).
    let ss: Int
    /// Last coefficient of the band.
    let se: Int
    /// Successive approximation: the bit position of the previous scan of the band (0 for a first scan).
    let ah: Int
    /// Successive approximation: the bit position this scan codes.
    let al: Int

    /// Whether the scan codes DC coefficients (and, legally, nothing else).
    var isDC: Bool { ss == 0 }
}

/// The tables and markers read so far, as a JPEG's segments define them (DQT, DHT, DRI, APPn),
/// with each segment checked like libjpeg's jdmarker.c checks it.
struct JPEGMarkerState {
    /// The DC quantizer (the first entry) of each DQT slot, once defined. Only DC matters at 1/8.
    var dcQuantizers: [Int?] = [nil, nil, nil, nil]
    /// DC Huffman tables by slot.
    var dcTables: [HuffmanDefinition?] = [nil, nil, nil, nil]
    /// AC Huffman tables by slot: never decoded, but a scan that names a missing or broken one is
    /// an error, as in libjpeg.
    var acTables: [HuffmanDefinition?] = [nil, nil, nil, nil]
    /// MCUs between restart markers, 0 for none.
    var restartInterval = 0
    /// A JFIF APP0 marker was seen.
    var sawJFIF = false
    /// The transform code of the last Adobe APP14 marker, if any.
    var adobeTransform: Int?
    /// The orientation from the first EXIF APP1 marker.
    var orientation: Orientation?
    /// An EXIF APP1 marker was seen (only the first counts, as in the libjpeg path).
    var sawExif = false

    private static func corrupt(_ detail: String) -> ImageDecodingError { .corrupt(.jpeg, detail: detail) }

    /// Reads a DQT segment's body: one or more tables of 64 entries, 8- or 16-bit.
    mutating func readDQT(_ body: [UInt8]) throws(ImageDecodingError) {
        var at = 0
        while at < body.count {
            let precision = Int(body[at] >> 4)
            let slot = Int(body[at] & 0x0F)
            guard slot < 4 else { throw Self.corrupt("bogus DQT index \(slot)") }
            // libjpeg reads any non-zero precision as 16-bit entries.
            let size = precision != 0 ? 128 : 64
            guard at + 1 + size <= body.count else { throw Self.corrupt("DQT segment too short for its table") }
            // The first entry, in zigzag order, is the DC quantizer.
            dcQuantizers[slot] = precision != 0 ? Int(body[at + 1]) << 8 | Int(body[at + 2]) : Int(body[at + 1])
            at += 1 + size
        }
    }

    /// Reads a DHT segment's body: one or more tables, as libjpeg's `get_dht` does.
    mutating func readDHT(_ body: [UInt8]) throws(ImageDecodingError) {
        var at = 0
        while body.count - at > 16 {
            let index = Int(body[at])
            let counts = Array(body[at + 1...at + 16])
            let total = counts.reduce(0) { $0 + Int($1) }
            at += 17
            guard total <= 256, total <= body.count - at else { throw Self.corrupt("bogus Huffman table definition") }
            let definition = HuffmanDefinition(counts: counts, symbols: Array(body[at..<at + total]))
            at += total
            let slot = index & ~0x10
            guard slot < 4 else { throw Self.corrupt("bogus DHT index \(slot)") }
            if index & 0x10 != 0 { acTables[slot] = definition } else { dcTables[slot] = definition }
        }
        guard at == body.count else { throw Self.corrupt("bogus marker length") }
    }

    /// Reads a DRI segment's body: the restart interval.
    mutating func readDRI(_ body: [UInt8]) throws(ImageDecodingError) {
        guard body.count == 2 else { throw Self.corrupt("bogus marker length") }
        restartInterval = Int(body[0]) << 8 | Int(body[1])
    }

    /// Reads an APP0, APP1 or APP14 body for what matters here: JFIF, EXIF orientation, Adobe.
    mutating func readApplicationSegment(_ code: UInt8, _ body: [UInt8]) {
        switch code {
        case JPEGMarker.app0:
            // libjpeg's examine_app0: at least 14 bytes starting "JFIF\0".
            if body.count >= 14, body.starts(with: [0x4A, 0x46, 0x49, 0x46, 0]) { sawJFIF = true }
        case JPEGMarker.app1:
            guard !sawExif, body.count > 6, body.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) else { return }
            sawExif = true
            orientation = body.withUnsafeBytes {
                ExifReader.orientation(in: UnsafeRawBufferPointer(rebasing: $0[6...]))
            }
        case JPEGMarker.app14:
            // libjpeg's examine_app14: at least 12 bytes starting "Adobe"; the transform is byte 11
            // (the last such marker wins, as in libjpeg).
            if body.count >= 12, body.starts(with: [0x41, 0x64, 0x6F, 0x62, 0x65]) {
                adobeTransform = Int(body[11])
            }
        default: break
        }
    }

    /// Reads an SOS segment's body against `frame`, as libjpeg's `get_sos` does.
    func readSOS(_ body: [UInt8], frame: JPEGFrame) throws(ImageDecodingError) -> JPEGScanHeader {
        guard let first = body.first, (1...4).contains(Int(first)), body.count == Int(first) * 2 + 4 else {
            throw Self.corrupt("bogus marker length")
        }
        var members: [JPEGScanHeader.Member] = []
        for i in 0..<Int(first) {
            let id = body[1 + 2 * i]
            let tables = body[2 + 2 * i]
            guard let index = frame.componentIndex(id: id), !members.contains(where: { $0.index == index }) else {
                throw Self.corrupt("invalid component ID \(id) in SOS")
            }
            members.append(.init(index: index, dcTable: Int(tables >> 4), acTable: Int(tables & 0x0F)))
        }
        let at = 1 + 2 * Int(first)
        return JPEGScanHeader(
            members: members, ss: Int(body[at]), se: Int(body[at + 1]),
            ah: Int(body[at + 2] >> 4), al: Int(body[at + 2] & 0x0F))
    }
}
