import Foundation

@testable import ImageColors

/// APNGs written by hand for tests: RGBA frames whose data is stored uncompressed (deflate's
/// stored blocks), so that a file of any size, and any damage to a frame's data, needs no encoder.
enum APNGBuilder {
    /// One frame: its pixels, where it is drawn and how, and what is done to its zlib data.
    struct Frame {
        var width: Int
        var height: Int
        /// RGBA, row by row.
        var pixels: [UInt8]
        var x = 0
        var y = 0
        /// APNG's `dispose_op` and `blend_op`.
        var dispose: UInt8 = 0
        var blend: UInt8 = 0
        /// Changes the frame's zlib stream (to damage it) before it is written.
        var damage: ((inout [UInt8]) -> Void)?

        /// A frame of one colour.
        static func filled(width: Int, height: Int, _ color: [UInt8]) -> Frame {
            Frame(width: width, height: height, pixels: Array((0..<width * height).map { _ in color }.joined()))
        }

        /// A frame whose left `columns` columns are `color` and whose other pixels are transparent.
        static func left(columns: Int, width: Int, height: Int, _ color: [UInt8]) -> Frame {
            let row = (0..<width).flatMap { $0 < columns ? color : [0, 0, 0, 0] }
            return Frame(width: width, height: height, pixels: Array((0..<height).map { _ in row }.joined()))
        }
    }

    /// An APNG of `frames` (each shown 100 ms) on a `width` × `height` canvas, 8-bit RGBA; its
    /// default image is the first frame, or `hidden`, outside the animation, when given.
    static func apng(width: Int, height: Int, frames: [Frame], hidden: Frame? = nil) -> Data {
        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        file += APNGFixtures.chunk("IHDR", int(width) + int(height) + [8, 6, 0, 0, 0])
        file += APNGFixtures.chunk("acTL", int(frames.count) + int(0))
        if let hidden { file += APNGFixtures.chunk("IDAT", zlib(hidden)) }
        var sequence = 0
        for (index, frame) in frames.enumerated() {
            let control =
                int(sequence) + int(frame.width) + int(frame.height) + int(frame.x) + int(frame.y)
                + [0, 1, 0, 10, frame.dispose, frame.blend]
            file += APNGFixtures.chunk("fcTL", control)
            sequence += 1
            if index == 0 && hidden == nil {
                file += APNGFixtures.chunk("IDAT", zlib(frame))
            } else {
                file += APNGFixtures.chunk("fdAT", int(sequence) + zlib(frame))
                sequence += 1
            }
        }
        file += APNGFixtures.chunk("IEND", [])
        return Data(file)
    }

    /// A still PNG (8-bit RGBA) whose one `IDAT` holds `dataBytes` bytes that are never decoded.
    static func still(width: Int, height: Int, dataBytes: Int) -> Data {
        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        file += APNGFixtures.chunk("IHDR", int(width) + int(height) + [8, 6, 0, 0, 0])
        file += APNGFixtures.chunk("IDAT", [UInt8](repeating: 0, count: dataBytes))
        file += APNGFixtures.chunk("IEND", [])
        return Data(file)
    }

    /// `frame`'s scanlines (filter type 0 before each row) as a zlib stream of stored blocks,
    /// damaged as the frame says.
    static func zlib(_ frame: Frame) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<frame.height {
            raw.append(0)
            raw += frame.pixels[y * frame.width * 4..<(y + 1) * frame.width * 4]
        }
        var stream: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            let length = UInt16(count)
            stream += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        // Adler-32 of the raw bytes.
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        stream += int(Int(b << 16 | a))
        frame.damage?(&stream)
        return stream
    }

    /// The 4 bytes of `value`, most significant first.
    private static func int(_ value: Int) -> [UInt8] { APNGFixtures.bigEndian(value) }
}
