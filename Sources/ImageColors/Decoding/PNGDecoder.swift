import CImageCodecs

/// Decodes PNG through libpng (via the C shim), pushing RGBA rows to a sink; interlaced
/// images arrive pass by pass with each pixel at its true position, so no full-size buffer
/// exists in either case.
enum PNGDecoder {
    /// Decodes `source` into `sink`.
    static func decode(
        _ source: ImageSource, options: DecodeOptions, into sink: inout some PixelSink
    ) throws -> DecodedImageInfo {
        guard let png = ic_png_create() else {
            throw ImageDecodingError.outOfMemory(.png, detail: "cannot allocate the decoder")
        }
        defer { ic_png_destroy(png) }
        let message = { shimMessage(ic_png_message(png)) }

        return try withSourceDescriptor(source) { descriptor in
            var header = ic_png_info()
            let limits = ic_png_limits(max_width: 0, max_height: 0, chunk_cache_max: 0, chunk_malloc_max: 0)
            try ic_png_open(png, descriptor, limits, &header).check(.png, message: message)
            var orientation = Orientation.up
            if let exif = header.exif {
                orientation = ExifReader.orientation(in: UnsafeRawBufferPointer(start: exif, count: header.exif_size)) ?? .up
            }
            let width = Int(header.width), height = Int(header.height)
            var row = [UInt8](repeating: 0, count: width * 4)
            try sink.begin(width: width, height: height, rowsInOrder: header.interlaced == 0)
            var sinceCheck = 0
            while true {
                var position = ic_png_row()
                let status = row.withUnsafeMutableBufferPointer { ic_png_read_row(png, $0.baseAddress, &position) }
                if try status.check(.png, message: message) { break }
                row.withUnsafeBufferPointer { buffer in
                    sink.consume(row: buffer.baseAddress!, y: Int(position.y), x0: Int(position.x0),
                                 dx: Int(position.dx), count: Int(position.count))
                }
                sinceCheck += 1
                if sinceCheck >= options.cancellationInterval {
                    sinceCheck = 0
                    try Task.checkCancellation()
                }
            }
            return DecodedImageInfo(
                format: .png, width: width, height: height, orientation: orientation,
                decodedWidth: width, decodedHeight: height)
        }
    }
}
