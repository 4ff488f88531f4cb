import CImageCodecs

/// Decodes JPEG through libjpeg (via the C shim), pushing RGBA rows to a sink as libjpeg
/// produces them; the full-size image is never held.
enum JPEGDecoder {
    /// The largest DCT reduction (1/8, 1/4, 1/2 or 1/1) that keeps the long side at least
    /// `minimumLongSide`; libjpeg rounds scaled sizes up.
    /// - Parameters:
    ///   - longSide: The stored long side.
    ///   - minimumLongSide: The smallest acceptable long side, or `nil` for full size.
    static func scaleDenominator(longSide: Int, minimumLongSide: Int?) -> Int {
        guard let minimumLongSide else { return 1 }
        for denominator in [8, 4, 2] where (longSide + denominator - 1) / denominator >= minimumLongSide {
            return denominator
        }
        return 1
    }

    /// Decodes `source` into `sink`.
    static func decode(
        _ source: ImageSource, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        guard let jpeg = ic_jpeg_create(options.warningsAreErrors ? 1 : 0) else {
            throw ImageDecodingError.outOfMemory(.jpeg, detail: "cannot allocate the decoder")
        }
        defer { ic_jpeg_destroy(jpeg) }
        let message = { shimMessage(ic_jpeg_message(jpeg)) }

        return try withSourceDescriptor(source) { descriptor in
            var header = ic_jpeg_info()
            try ic_jpeg_open(jpeg, descriptor, &header).check(.jpeg, message: message)
            var orientation = Orientation.up
            if let exif = header.exif {
                orientation = ExifReader.orientation(in: UnsafeRawBufferPointer(start: exif, count: header.exif_size)) ?? .up
            }
            let width = Int(header.width), height = Int(header.height)
            let denominator = scaleDenominator(longSide: max(width, height), minimumLongSide: options.minimumLongSide)

            var outWidth: UInt32 = 0, outHeight: UInt32 = 0
            try ic_jpeg_start(jpeg, Int32(denominator), &outWidth, &outHeight).check(.jpeg, message: message)
            let rowBytes = Int(outWidth) * 4
            // libjpeg returns at most rec_outbuf_height (≤ 4) rows per call; 16 amortises the
            // call and keeps the buffer small.
            let batch = 16
            var rows = [UInt8](repeating: 0, count: rowBytes * batch)
            try sink.begin(width: Int(outWidth), height: Int(outHeight), rowsInOrder: true)
            var sinceCheck = 0
            while true {
                var first: UInt32 = 0, count: UInt32 = 0
                let status = rows.withUnsafeMutableBufferPointer { buffer in
                    ic_jpeg_read_rows(jpeg, buffer.baseAddress, rowBytes, UInt32(batch), &first, &count)
                }
                rows.withUnsafeBufferPointer { buffer in
                    for i in 0..<Int(count) {
                        sink.consume(row: buffer.baseAddress! + i * rowBytes, y: Int(first) + i, x0: 0, dx: 1, count: Int(outWidth))
                    }
                }
                if try status.check(.jpeg, message: message) { break }
                sinceCheck += Int(count)
                if sinceCheck >= options.cancellationInterval {
                    sinceCheck = 0
                    try Task.checkCancellation()
                }
            }
            return DecodedImageInfo(
                format: .jpeg, width: width, height: height, orientation: orientation,
                decodedWidth: Int(outWidth), decodedHeight: Int(outHeight))
        }
    }
}
