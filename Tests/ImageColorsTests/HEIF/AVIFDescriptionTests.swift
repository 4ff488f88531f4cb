import CImageCodecs
import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// An AVIF that the shim's dav1d path decodes is opened without libheif (ic_heif_describe.c): its
/// description must be libheif's, field by field, with libheif as the oracle.
@Suite("AVIF described without libheif")
struct AVIFDescriptionTests {
    /// Every AVIF fixture, and every AVIF of the shared corpus (`../shared/corpus`) when it is there.
    static let files: [String] = {
        var found: [String] = []
        for root in [TestFiles.root.appendingPathComponent("Tests/Fixtures").path, RepositoryPaths.corpus.path] {
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let name = enumerator?.nextObject() as? String {
                if name.hasSuffix(".avif") { found.append(root + "/" + name) }
            }
        }
        return found.sorted()
    }()

    /// What ic_heif_open says of `path`, read by the shim alone or by libheif; whether it was read
    /// without libheif, and the primary image's ICC profile.
    static func describe(_ path: String, libheif: Bool, maxSide: UInt32 = 16384) throws
        -> (info: ic_heif_info, own: Bool, icc: [UInt8], status: ic_status, message: String)
    {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let handle = try #require(ic_heif_create())
        defer { ic_heif_destroy(handle) }
        ic_heif_test_use_libheif(handle, libheif ? 1 : 0)
        var info = ic_heif_info()
        let status = data.withUnsafeBytes { raw in
            ic_heif_open(handle, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, maxSide, &info)
        }
        let icc = info.primary.icc.map { Array(UnsafeBufferPointer(start: $0, count: info.primary.icc_size)) } ?? []
        let own = ic_heif_test_opened_without_libheif(handle) != 0
        return (info, own, icc, status, String(cString: ic_heif_message(handle)))
    }

    /// The fields of an image's description, named, with the ICC profile compared by content.
    static func fields(_ image: ic_heif_image_info) -> [String: String] {
        [
            "size": "\(image.width)×\(image.height)", "ispe": "\(image.ispe_width)×\(image.ispe_height)",
            "bits": "\(image.luma_bits)/\(image.chroma_bits)", "alpha": "\(image.has_alpha)",
            "premultiplied": "\(image.premultiplied)", "depth": "\(image.depth_images)",
            "nclx": "\(image.has_nclx) \(image.nclx_primaries) \(image.nclx_transfer) \(image.nclx_matrix) "
                + "\(image.nclx_full_range)",
            "dav1d": "\(image.dav1d) \(image.dav1d_picture_bytes) \(image.dav1d_frame_pixels) \(image.dav1d_deep) "
                + "\(image.dav1d_stream_bytes) \(image.dav1d_state_bytes) \(image.dav1d_shim_bytes) "
                + "\(image.dav1d_hevc)",
        ]
    }

    @Test("every AVIF fixture the shim reads alone is described as libheif describes it")
    func sameAsLibheif() throws {
        // Given every AVIF fixture (and corpus file)
        #expect(Self.files.count >= 20)
        var own: [String] = []
        for path in Self.files {
            // When it is opened by the shim alone and by libheif
            let shim = try Self.describe(path, libheif: false)
            let oracle = try Self.describe(path, libheif: true)
            // Then both succeed alike, and every field is libheif's
            #expect(shim.status == oracle.status, "\(path): \(shim.message) vs \(oracle.message)")
            #expect(oracle.own == false)
            guard shim.status == IC_OK else { continue }
            if shim.own { own.append((path as NSString).lastPathComponent) }
            #expect(shim.info.image_count == oracle.info.image_count, "\(path)")
            #expect(shim.info.thumbnail_count == oracle.info.thumbnail_count, "\(path)")
            #expect(Self.fields(shim.info.primary) == Self.fields(oracle.info.primary), "\(path)")
            #expect(Self.fields(shim.info.thumbnail) == Self.fields(oracle.info.thumbnail), "\(path)")
            #expect(shim.icc == oracle.icc, "\(path)")
        }
        // And the files the issue measures are among those read without libheif
        for name in ["coffee.avif", "hero-1620.avif", "phone-4032.avif", "horse-alpha.avif", "grid-8x6.avif"] {
            #expect(own.contains(name), "\(name) was read by libheif")
        }
        print("read without libheif: \(own.count) of \(Self.files.count): \(own.sorted())")
    }

    @Test("an image side over the limit is refused as libheif refuses it, with its message")
    func sideLimit() throws {
        // Given the 300×200 coffee.avif and a side limit of 299 (the width) or 300 (exactly it)
        let path = HEIFFixtures.path("coffee.avif")
        for side: UInt32 in [199, 299, 300] {
            // When it is opened by the shim alone and by libheif
            let shim = try Self.describe(path, libheif: false, maxSide: side)
            let oracle = try Self.describe(path, libheif: true, maxSide: side)
            // Then both refuse it (or open it) alike, in the same words
            #expect(shim.status == oracle.status, "side \(side)")
            #expect(shim.message == oracle.message, "side \(side)")
        }
    }
}
