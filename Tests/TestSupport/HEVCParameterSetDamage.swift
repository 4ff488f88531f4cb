import Foundation

/// coffee.heic with its sequence parameter set (the one in its hvcC box, the only one it has)
/// rewritten so that libde265 1.0.11 refuses it with a line on stderr ("SPS error: ...") as it
/// parses the set. The shim reads every parameter set before libde265 sees the file and refuses
/// such a file when it is opened (ic_hevc_sps_size in ic_heif_headers.c).
///
/// A run of consecutive ue(v) fields is re-encoded with other values of the same total length in
/// bits, so that the NAL unit, the hvcC box and every offset after it keep their sizes.
public enum HEVCParameterSetDamage: String, CaseIterable, Sendable, CustomStringConvertible {
    /// max_transform_hierarchy_depth_inter 5 over 64-pixel coding tree blocks and 4-pixel
    /// transform blocks (4 levels): "SPS error: transform hierarchy depth (inter) > ...".
    case depthInter
    /// max_transform_hierarchy_depth_intra 5, the same: "... (intra) > ...".
    case depthIntra
    /// pic_width_in_luma_samples 300 (coffee.heic codes 304), not a multiple of the 8-pixel
    /// minimum coding block: "SPS error: CB alignment".
    case width
    /// 16-pixel minimum transform blocks over 8-pixel minimum coding blocks: "SPS error: TB > CB".
    case transformOverCodingBlock
    /// 32-pixel transform blocks in 16-pixel coding tree blocks: "SPS error: TB_max > 32 or CTB".
    case transformOverCodingTree

    public var description: String { rawValue }

    /// What the shim's refusal says after "the HEVC stream's sequence parameter set is invalid: ".
    public var reason: String {
        switch self {
        case .depthInter, .depthIntra:
            "the transform hierarchy depth (\(self == .depthInter ? "inter" : "intra")) 5 is more than the 4 levels "
                + "from the coding tree block (64) to the minimum transform block (4)"
        case .width: "width 300 is not a multiple of the minimum coding block (8)"
        case .transformOverCodingBlock: "the minimum transform block (16) is larger than the minimum coding block (8)"
        case .transformOverCodingTree: "the maximum transform block (32) is larger than the coding tree block (16)"
        }
    }

    /// The first field rewritten (one of `SPSFields.names`) and the new values of it and the
    /// fields after it. coffee.heic has log2 sizes 3 (coding block), 6 (coding tree), 2 and 5
    /// (transform blocks) and depths 0 and 1 (inter, intra): `1`, `00100`, `1`, `00100`, `1`, `010`.
    private var rewrite: (first: String, values: [UInt32]) {
        switch self {
        case .depthInter: ("log2_min_tb_minus2", [0, 0, 5, 1])
        case .depthIntra: ("log2_min_tb_minus2", [0, 1, 0, 5])
        case .width: ("pic_width", [300])
        case .transformOverCodingBlock: ("log2_min_cb_minus3", [0, 3, 2, 1])
        case .transformOverCodingTree: ("log2_min_cb_minus3", [0, 1, 0, 3, 1, 1])
        }
    }

    /// The damaged file's bytes.
    /// - Throws: `CocoaError(.fileReadCorruptFile)` when the fixture's parameter set can no longer
    ///   be rewritten in place (it was remade: update the values above).
    public func bytes() throws -> Data {
        let url = RepositoryPaths.root.appendingPathComponent("Tests/Fixtures/HEIF/coffee.heic")
        var file = [UInt8](try Data(contentsOf: url))
        guard let (start, length) = Self.parameterSet(in: file) else { throw CocoaError(.fileReadCorruptFile) }
        let nal = Array(file[start..<start + length])
        var bits = Self.unescape(Array(nal[2...])).flatMap { byte in (0..<8).map { (byte >> (7 - $0)) & 1 } }
        let (first, values) = rewrite
        var fields = SPSFields(bits: bits)
        let last = SPSFields.names.drop { $0 != first }.prefix(values.count).last ?? first
        guard let ranges = fields.ranges(), let from = ranges[first], let to = ranges[last] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let codes = values.flatMap(Self.golomb)
        guard codes.count == to.upperBound - from.lowerBound else { throw CocoaError(.fileReadCorruptFile) }
        bits.replaceSubrange(from.lowerBound..<to.upperBound, with: codes)
        let payload = stride(from: 0, to: bits.count, by: 8).map { at in
            bits[at..<min(at + 8, bits.count)].enumerated().reduce(UInt8(0)) { $0 | ($1.element << (7 - $1.offset)) }
        }
        let rewritten = Array(nal[..<2]) + Self.escape(payload)
        guard rewritten.count == length else { throw CocoaError(.fileReadCorruptFile) }
        file.replaceSubrange(start..<start + length, with: rewritten)
        return Data(file)
    }

    /// The first sequence parameter set in the file's first hvcC box: its offset and length.
    private static func parameterSet(in file: [UInt8]) -> (Int, Int)? {
        let tag = Array("hvcC".utf8)
        guard let box = file.indices.dropLast(4).first(where: { Array(file[$0..<$0 + 4]) == tag }) else { return nil }
        // The 22 bytes of the configuration record after the type, then numOfArrays.
        var at = box + 4 + 22
        guard at < file.count else { return nil }
        let arrays = Int(file[at])
        at += 1
        for _ in 0..<arrays {
            guard at + 3 <= file.count else { return nil }
            let type = file[at] & 0x3F
            let count = Int(file[at + 1]) << 8 | Int(file[at + 2])
            at += 3
            for _ in 0..<count {
                guard at + 2 <= file.count else { return nil }
                let length = Int(file[at]) << 8 | Int(file[at + 1])
                at += 2
                guard at + length <= file.count else { return nil }
                if type == 33 { return (at, length) }
                at += length
            }
        }
        return nil
    }

    /// ue(v): as many zeros as the value + 1 has bits after its first, then the value + 1.
    private static func golomb(_ value: UInt32) -> [UInt8] {
        let code = UInt64(value) + 1
        let width = 64 - code.leadingZeroBitCount
        return [UInt8](repeating: 0, count: width - 1) + (0..<width).map { UInt8((code >> (width - 1 - $0)) & 1) }
    }

    /// The payload without its emulation-prevention bytes (a 3 after two zeros).
    private static func unescape(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var zeros = 0
        for byte in bytes {
            if zeros >= 2 && byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            out.append(byte)
        }
        return out
    }

    /// The payload with an emulation-prevention byte before any 0 to 3 after two zeros.
    private static func escape(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var zeros = 0
        for byte in bytes {
            if zeros >= 2 && byte <= 3 {
                out.append(3)
                zeros = 0
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }
}

/// Where each ue(v) field of a sequence parameter set's payload starts, up to the transform
/// hierarchy depths (H.265 7.3.2.2), for one sub-layer's ordering info.
private struct SPSFields {
    static let names = [
        "sps_id", "chroma_format_idc", "pic_width", "pic_height", "bit_depth_luma_minus8", "bit_depth_chroma_minus8",
        "log2_max_poc_lsb_minus4", "max_dec_pic_buffering_minus1", "max_num_reorder_pics", "max_latency_increase_plus1",
        "log2_min_cb_minus3", "log2_diff_max_min_cb", "log2_min_tb_minus2", "log2_diff_max_min_tb",
        "max_transform_hierarchy_depth_inter", "max_transform_hierarchy_depth_intra",
    ]

    let bits: [UInt8]
    var at = 0

    init(bits: [UInt8]) { self.bits = bits }

    mutating func read(_ count: Int) -> Int? {
        guard at + count <= bits.count else { return nil }
        defer { at += count }
        return bits[at..<at + count].reduce(0) { $0 << 1 | Int($1) }
    }

    mutating func golomb() -> Int? {
        var zeros = 0
        while at < bits.count && bits[at] == 0 {
            zeros += 1
            at += 1
        }
        guard zeros < 32, let value = read(zeros + 1) else { return nil }
        return value - 1
    }

    /// Each field's bits; nil when the set is not one this reads (sub-layers or 4:4:4, which
    /// coffee.heic does not have).
    mutating func ranges() -> [String: Range<Int>]? {
        // sps_video_parameter_set_id, sps_max_sub_layers_minus1 (0), temporal nesting, then the
        // general profile, tier and level (96 bits).
        guard read(4) != nil, read(3) == 0, read(1) != nil, at + 96 <= bits.count else { return nil }
        at += 96
        var ranges: [String: Range<Int>] = [:]
        for name in Self.names {
            if name == "bit_depth_luma_minus8" {
                // conformance_window_flag: four offsets follow when it is set.
                guard let window = read(1) else { return nil }
                for _ in 0..<(window == 1 ? 4 : 0) { guard golomb() != nil else { return nil } }
            }
            if name == "max_dec_pic_buffering_minus1" {
                guard read(1) != nil else { return nil } // sps_sub_layer_ordering_info_present_flag
            }
            let start = at
            guard let value = golomb() else { return nil }
            if name == "chroma_format_idc" && value == 3 { return nil }
            ranges[name] = start..<at
        }
        return ranges
    }
}
