import CImageCodecs
import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The encoders' own error type: refused input is named with its size and the limit, before
/// libjpeg or libpng is called.
@Suite("Encoding errors")
struct EncodingErrorTests {
    @Test("Given an image without pixels, when it is encoded as PNG, then the error names its size and the format")
    func emptyPNG() {
        // Given
        let image = RGBAImage(width: 0, height: 3, pixels: [])
        // When
        let error = #expect(throws: EncodingError.self) { try image.pngData() }
        // Then
        #expect(error == .emptyImage(.png, width: 0, height: 3))
        #expect(error?.code == "empty-image")
        #expect(error?.description == "cannot encode a 0×3 image as PNG: it has no pixels")
    }

    @Test(
        """
        Given an image wider than JPEG stores, when it is encoded as JPEG, then the error names its size and JPEG's \
        limit
        """
    )
    func tooWideJPEG() {
        // Given 65,501 × 1: one pixel over libjpeg's JPEG_MAX_DIMENSION
        let image = RGBAImage(width: 65_501, height: 1, filledWith: .white)
        // When
        let error = #expect(throws: EncodingError.self) {
            try ImageEncoder.jpeg(image, quality: 80, backdrop: .white)
        }
        // Then
        #expect(error == .tooLarge(.jpeg, width: 65_501, height: 1, limit: 65_500))
        #expect(error?.code == "image-too-large-to-encode")
        #expect(
            error?.description == "cannot encode a 65501×1 image as JPEG: JPEG stores at most 65500 pixels a side")
    }

    @Test("Given an image at JPEG's longest side, when it is encoded as JPEG, then it is")
    func jpegAtTheLimit() throws {
        // Given 65,500 × 1, the limit itself
        let image = RGBAImage(width: 65_500, height: 1, filledWith: .black)
        // When
        let data = try ImageEncoder.jpeg(image, quality: 80, backdrop: .white)
        // Then: a JPEG (SOI)
        #expect(Array(data.prefix(2)) == [0xFF, 0xD8])
    }

    @Test("Given an image taller than libpng writes, when it is encoded as PNG, then the error names libpng's limit")
    func tooTallPNG() {
        // Given 1 × 1,000,001
        let image = RGBAImage(width: 1, height: 1_000_001, filledWith: .white)
        // When
        let error = #expect(throws: EncodingError.self) { try ImageEncoder.png(image) }
        // Then
        #expect(error == .tooLarge(.png, width: 1, height: 1_000_001, limit: 1_000_000))
    }

    @Test(
        """
        Given failing shim statuses, when the encoder's check reads them, then out of memory is told apart from the \
        rest
        """
    )
    func statusesBecomeEncodingErrors() {
        // Given
        let failures: [(ic_status, EncodingError)] = [
            (IC_ERR_NO_MEMORY, .outOfMemory(.png, width: 2, height: 3, detail: "the encoder's buffers")),
            (IC_ERR_CORRUPT, .failed(.png, width: 2, height: 3, detail: "the library rejected the data")),
            (IC_ERR_STATE, .failed(.png, width: 2, height: 3, detail: "the library was called out of order")),
        ]
        for (status, expected) in failures {
            // When
            let error = #expect(throws: EncodingError.self) {
                try status.check { EncodingError($0, encoding: .png, width: 2, height: 3) }
            }
            // Then
            #expect(error == expected)
        }
        #expect((try? IC_OK.check { EncodingError($0, encoding: .png, width: 2, height: 3) }) == false)
        #expect((try? IC_DONE.check { EncodingError($0, encoding: .png, width: 2, height: 3) }) == true)
    }
}
