import Foundation
import ImageColors
import Testing

/// A coded image's bitstream states its own picture size (an HEVC sequence parameter set, an AV1
/// sequence header), which libheif 1.15 compares with the item's header (ispe) only after the codec
/// has decoded the picture: the shim reads it first.
@Suite("HEIF: coded streams larger than the header")
struct HEIFStreamTests {
    /// A 4096×4096 gradient whose ispe was patched to 64×64 (Fuzz/crashes/README.md says how they
    /// were made). The codec used to decode it whole, 340 MB, before the check after decoding.
    enum StreamBomb: String, CaseIterable, CustomTestStringConvertible {
        /// HEIC: the size is in the hvcC box's sequence parameter set.
        case hevc = "heif-oom-0dc46d87aeb73715f20772c594626f7cb5aede97"
        /// HEIC whose hvcC is an honest 64×64 one, the 4096×4096 stream's parameter sets in the
        /// item's data (libde265 takes the later SPS).
        case hevcInData = "heif-oom-1ede1a0e3bf603eaf9a1f1d7823087d77460d8fa"
        /// AVIF: its av1C has no configuration OBUs, so the size is in the item's data.
        case av1 = "heif-oom-5288360b774283ded11b5b9b0f048724f5a88049"

        var testDescription: String {
            switch self {
            case .hevc: "HEVC (hvcC)"
            case .hevcInData: "HEVC (item data)"
            case .av1: "AV1 (item data)"
            }
        }

        func bytes() throws -> [UInt8] {
            [UInt8](try Data(contentsOf: TestFiles.root.appendingPathComponent("Fuzz/crashes/\(rawValue)")))
        }

        var codec: String { self == .av1 ? "AV1" : "HEVC" }
    }

    @Test(
        "a stream larger than the image's header is refused before the codec decodes it", arguments: StreamBomb.allCases
    )
    func streamBomb(_ bomb: StreamBomb) async throws {
        // Given a 64×64 header over a 4096×4096 stream
        let bytes = try bomb.bytes()
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then it is damaged data naming the stream and the header, in the words of the check
        // made when the file is opened (the check after decoding says "the coded image")
        #expect(error?.code == "corrupt-image")
        let description = error?.description ?? "no error"
        #expect(
            description.contains(
                "the \(bomb.codec) stream's picture (4096×4096) is larger than the image's header says (64×64)"),
            "\(description)")
    }

    /// The header a test writes into the stream bomb's ispe, and whether the stream fits it.
    enum Header: CaseIterable, CustomTestStringConvertible {
        /// 4033×4033: each side rounds up to 4096, so the codec's padding covers the stream.
        case withinPadding
        /// 4032×4096: 4032 is a multiple of 64, so 4096 columns are more than the padding allows.
        case pastPadding

        var size: (width: Int, height: Int) { self == .withinPadding ? (4033, 4033) : (4032, 4096) }
        var testDescription: String { "\(size.width)×\(size.height)" }
    }

    @Test("each side of the header is rounded up to 64 for the codec's padding", arguments: Header.allCases)
    func padding(_ header: Header) async throws {
        // Given the HEVC stream bomb with its header patched to nearly the stream's size
        var bytes = try StreamBomb.hevc.bytes()
        let ispe = try #require(HEIFMemoryTests.find("ispe", in: bytes))
        HEIFMemoryTests.putBigEndian(header.size.width, in: &bytes, at: ispe + 8)
        HEIFMemoryTests.putBigEndian(header.size.height, in: &bytes, at: ispe + 12)
        // When analysed under the default memory budget
        let error = await #expect(throws: (any Error).self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then within the padding the stream is accepted and the memory plan refuses the large
        // image; past it the stream check refuses the file first
        let description = "\(error.map { "\($0)" } ?? "no error")"
        switch header {
        case .withinPadding:
            #expect(
                !description.contains("stream's picture") && description.contains("memory budget"), "\(description)")
        case .pastPadding:
            #expect(
                (error as? ImageDecodingError)?.code == "corrupt-image"
                    && description.contains("HEVC stream's picture (4096×4096)"), "\(description)")
        }
    }

    @Test("coded streams of more than 2^20 units are refused, so the search cannot turn quadratic")
    func unitFlood() async throws {
        // Given coffee.heic with 2^20 + 1 empty NAL units (4-byte lengths of 0) before its data:
        // heif-enc writes one item, its iloc entry at the box's payload + 8 (ID, reference,
        // 4-byte base, extent count, offset, then the 4-byte length at + 22), its data in mdat
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("coffee.heic"))))
        let iloc = try #require(HEIFMemoryTests.find("iloc", in: bytes))
        let mdat = try #require(HEIFMemoryTests.find("mdat", in: bytes)) - 4
        var flood = Array(bytes[..<mdat])
        let payload = [UInt8](repeating: 0, count: 4 * (1 << 20 + 1)) + bytes[(mdat + 8)...]
        HEIFMemoryTests.putBigEndian(payload.count, in: &flood, at: iloc + 4 + 22)
        flood += [0, 0, 0, 0] + Array("mdat".utf8) + payload
        HEIFMemoryTests.putBigEndian(8 + payload.count, in: &flood, at: mdat)
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(flood))
        }
        // Then it is damaged data, refused when the file is opened
        #expect(error?.code == "corrupt-image")
        #expect(
            error?.description.contains("more than 1048576 NAL units or OBUs") == true, "\(error.map { "\($0)" } ?? "")"
        )
    }

    @Test("another image of the file, larger than the primary, is not held to the primary's header")
    func largerSecondImage() async throws {
        // Given a HEIC whose primary is 150×100 and whose second top-level image is 600×400,
        // which decoding the primary never touches (two-images.heic, heif-enc with two inputs)
        let data = try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("two-images.heic")))
        // When analysed
        let analysis = try await ImageColorAnalyzer().analyze(data: data)
        // Then the primary is analysed
        #expect(analysis.format == .heic)
        #expect(analysis.width == 150 && analysis.height == 100)
    }

    @Test("a grid's tiles are held to the primary's header: the check follows the grid's references")
    func gridTiles() async throws {
        // Given grid.avif (a 300×200 grid of four 150×100 tiles) with the grid's canvas and header
        // patched to 64×64, so that the canvas fits its header and each tile's stream does not
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFFixtures.path("grid.avif"))))
        let grid = try #require(HEIFMemoryTests.gridDescriptor(in: bytes))
        HEIFMemoryTests.putBigEndian(64, in: &bytes, at: grid + 4, bytes: 2)
        HEIFMemoryTests.putBigEndian(64, in: &bytes, at: grid + 6, bytes: 2)
        let gridHeader: [UInt8] = Array("ispe".utf8) + [0, 0, 0, 0, 0, 0, 0x01, 0x2C, 0, 0, 0, 0xC8]
        let ispe = try #require(bytes.indices.dropLast(16).first { Array(bytes[$0..<$0 + 16]) == gridHeader })
        HEIFMemoryTests.putBigEndian(64, in: &bytes, at: ispe + 8)
        HEIFMemoryTests.putBigEndian(64, in: &bytes, at: ispe + 12)
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: Data(bytes))
        }
        // Then a tile's stream is refused when the file is opened
        #expect(error?.code == "corrupt-image")
        #expect(
            error?.description.contains("AV1 stream's picture (150×100) is larger than the image's header says (64×64)")
                == true, "\(error.map { "\($0)" } ?? "")")
    }

    /// Files two reviews made to slip a 2048×2048 stream (or a 4096×4096 canvas) past the checks
    /// under a 64×64 header (the thumbnail: under its own 256×256), each by reading the file
    /// otherwise than libheif 1.15 does.
    enum ReadLikeLibheif: String, CaseIterable, CustomTestStringConvertible {
        /// hvcC says 1-byte NAL lengths; libheif's libde265 plugin reads 4-byte ones regardless.
        case nalLengthSize = "heif-oom-2513875df6354a70a909965ab126f4ae53c2ea41"
        /// An OBU in av1C runs into the item's data: libheif hands aom the two as one buffer.
        case obuAcrossConfig = "heif-oom-a75961a898722e71c36175bc5ee7617b035b64bc"
        /// A dimg reference inside another reference's stated size: libheif ignores those sizes.
        case hiddenReference = "heif-oom-743cdf213d9f74bedb2e32b9d6f6001b404edf0e"
        /// Two infe entries for one ID (hvc1, then av01): libheif keeps the first.
        case duplicateItem = "heif-oom-7f5aeb595d24a31293570b64589cf77f9a6ce2ed"
        /// A 256×256 thumbnail over a 2048×2048 stream, within the primary's header: the thumbnail
        /// is decoded under a plan made from its own header.
        case thumbnail = "heif-oom-116f15e188207372e4e2531681dbc2ba88b40592"
        /// An empty meta box first: libheif keeps the last top-level meta (which it keeps depends on
        /// how it reads the boxes, so the shim refuses a file with more than the one HEIF allows).
        case emptyMetaFirst = "heif-oom-23541655e71d908f31b57f4ce01a864c79ab91c8"
        /// A harmless meta box first.
        case harmlessMetaFirst = "heif-oom-b6dd68d5527f0bf0b412cc0a95f77efb70d7d07a"
        /// infe version 4: libheif reads a 32-bit item ID from version 3 up.
        case infeVersion4 = "heif-oom-91533b1cf6c1d8f22fe11a49f55564c4fb91375c"
        /// iloc offsets of 2 bytes: libheif reads a field only when it is 4 or 8 bytes.
        case ilocOffsetSize2 = "heif-oom-6cc502cf791225fd0532c6c7e9571702066fcd16"
        /// An iloc base offset of 2 bytes.
        case ilocBaseSize2 = "heif-oom-bffee32831fe41f7842f01383ba947d32a770df0"
        /// iloc version 1 with an index size: libheif reads the index only from version 2.
        case ilocVersion1Index = "heif-oom-a7f5075668c8ec9cc6f443320abc475018fd96c9"
        /// iloc version 3: libheif reads it as version 2.
        case ilocVersion3 = "heif-oom-201dac6d4cb06aeba204f7e32e664b72cfc76fda"
        /// An extent of length 0, which libheif reads as no bytes, not as the rest of the file.
        case zeroLengthExtent = "heif-oom-971689159c2cd7dc7bd0463e1e1656304d3b0ed1"
        /// An idat extent past the payload but within the box with its header, which libheif reads.
        case idatOverhang = "heif-oom-f0e40a40b103d0a09b29e35eb1d7efebd5763863"
        /// An idat extent past the box, which libheif drops (and reads the next extent).
        case idatDropped = "heif-oom-22a033dac9b14447ac7a7f2f55f2e78ab754484b"
        /// A grid descriptor in idat whose canvas size libheif reads from the next box's header.
        case gridIdatOverhang = "heif-oom-7c04d9f757e7839aa26c0ae851eebd0e779f111c"
        /// Two metas, the last ended early by 4 stray bytes: libheif drops it and keeps the first.
        case lastMetaCutShort = "heif-oom-3fcc968f78d2a8a97c00f863657d2d953e332491"
        /// Two metas, a box inside the last claiming to run past the end of the file.
        case metaChildPastEnd = "heif-oom-5c354b0ba7809bf1b50dbe2abc86727081905b03"
        /// Two metas with an empty top-level pitm between them, where libheif stops reading.
        case shortBoxBetweenMetas = "heif-oom-18f778b27a3c7dc96f9af1589ae2dc31d8dc8bc7"
        /// The item's hvcC associated only in a second ipma box, which libheif reads too.
        case secondIpma = "heif-oom-084bc2fb942ae123a8d28f29aaa333adea12cc0c"

        var testDescription: String { "\(self)" }

        /// What the refusal must say.
        var expected: String {
            switch self {
            case .thumbnail:
                "the HEVC stream's picture (2048×2048) is larger than the thumbnail's header says (256×256)"
            case .obuAcrossConfig: "the AV1 stream's picture (2048×2048) is larger than the image's header says (64×64)"
            case .gridIdatOverhang: "the grid's canvas (4096×4096) is larger than the image's header says (64×64)"
            case .emptyMetaFirst, .harmlessMetaFirst, .lastMetaCutShort, .metaChildPastEnd, .shortBoxBetweenMetas:
                "the file has 2 top-level meta boxes, where HEIF allows one"
            default: "the HEVC stream's picture (2048×2048) is larger than the image's header says (64×64)"
            }
        }
    }

    @Test("the boxes and streams are read as libheif 1.15 reads them", arguments: ReadLikeLibheif.allCases)
    func readLikeLibheif(_ file: ReadLikeLibheif) async throws {
        // Given a file whose stream gets past a reading that differs from libheif's
        let data = try Data(contentsOf: TestFiles.root.appendingPathComponent("Fuzz/crashes/\(file.rawValue)"))
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then the stream (or canvas) is refused when the file is opened
        #expect(error?.code == "corrupt-image")
        #expect(error?.description.contains(file.expected) == true, "\(error.map { "\($0)" } ?? "")")
    }

    @Test("an AV1 frame larger than its sequence header's maximum is refused, not decoded")
    func av1FrameOverride() async throws {
        // Given an AVIF whose sequence header allows 64×64 frames and whose frame header
        // overrides that to 2048×2048 (the shim reads the sequence header; this build's decoder,
        // libaom, holds the frame to it, where dav1d 1.0 would not)
        let path = "Fuzz/crashes/heif-oom-6b88cbf5dcc438a5a3de2523155a8ace4a4dca55"
        let data = try Data(contentsOf: TestFiles.root.appendingPathComponent(path))
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then it is damaged data
        #expect(error?.code == "corrupt-image")
    }
}
