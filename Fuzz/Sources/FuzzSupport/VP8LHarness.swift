import Foundation

@testable import ImageColors
@testable import ImageColorsCore

/// Lossless WebP's two decoders on the same bytes, libwebp as the oracle: frame 0, when it is
/// lossless, through the library's streamed ``VP8LDecoder`` and through libwebp's incremental
/// decoder at full size. They must agree — the same pixels, or both refuse — and the streamed
/// decoder must return every byte it reserved and throw only typed errors.
///
/// libwebp is asked only for frames of at most ``oraclePixels`` (its output buffer is the whole
/// frame); larger ones run the streamed decoder alone. A timeout on either side proves nothing
/// and is only counted.
public enum VP8LHarness {
    /// The largest frame libwebp decodes as the oracle (4 MB of RGBA).
    static let oraclePixels = 1 << 20

    /// Decodes `data` (a WebP file) both ways.
    /// - Returns: 0, as libFuzzer expects.
    public static func run(_ data: Data) -> CInt {
        data.withUnsafeBytes { raw in
            guard let container = try? WebPContainer(raw), let frame = try? container.frame(0), frame.lossless != 0
            else {
                Reach.count("no lossless frame 0")
                return
            }
            let (width, height) = (Int(frame.width), Int(frame.height))
            let compared = width * height <= oraclePixels
            let ledger = MemoryLedger(budget: .megabytes(30))
            var options = DecodeOptions()
            options.limits = ImageLimits(decodeTimeout: FuzzHarness.decodeTimeout)
            options.ledger = ledger
            var ours: [UInt8] = []
            let streamed = Result {
                try WebPDecoder.FrameDecoding(container: container, options: options).decodeLossless(frame) { row, y in
                    guard compared else { return }
                    guard ours.count == y * width * 4 else { fatalError("row \(y) out of order") }
                    ours.append(contentsOf: UnsafeBufferPointer(start: row, count: width * 4))
                }
            }
            guard ledger.reserved == 0 else { fatalError("VP8LDecoder left \(ledger.reserved) bytes reserved") }
            if case .failure(let error) = streamed {
                FuzzHarness.checkTyped(error)
                Reach.count(error: error)
            }
            guard compared else { return }
            var theirs = [UInt8](repeating: 0, count: width * height * 4)
            let oracle = Result {
                try WebPDecoder.FrameDecoding(container: container, options: DecodeOptions()).decode(
                    frame: 0, frame, into: CanvasRect(x: 0, y: 0, width: width, height: height)
                ) { pixels, rows in
                    let bytes = width * 4
                    theirs.withUnsafeMutableBufferPointer { buffer in
                        (buffer.baseAddress! + rows.lowerBound * bytes).update(
                            from: pixels + rows.lowerBound * bytes, count: rows.count * bytes)
                    }
                }
            }
            switch (streamed, oracle) {
            case (.success, .success):
                guard ours == theirs else { fatalError("VP8LDecoder's pixels are not libwebp's (\(width)×\(height))") }
                Reach.count("VP8L: both decoded, the same pixels")
            case (.failure, .failure):
                Reach.count("VP8L: both refused")
            case (.failure(ImageDecodingError.timedOut), _), (_, .failure(ImageDecodingError.timedOut)):
                Reach.count("VP8L: a timeout, not compared")
            default:
                fatalError("VP8LDecoder: \(streamed.map { _ in "decoded" }), libwebp: \(oracle.map { _ in "decoded" })")
            }
        }
        return 0
    }
}
