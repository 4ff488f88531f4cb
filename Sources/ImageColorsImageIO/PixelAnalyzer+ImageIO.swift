// The recipe for Apple platforms: ImageIO decodes and downsamples, Core Graphics draws into an
// RGBA8 buffer, the core counts the colours.
//
// NOT COMPILED BY CI. CI runs on Linux, where ImageIO does not exist: there this whole file is
// skipped by `#if canImport(ImageIO)` and the target builds empty. It is written against the
// documented ImageIO and Core Graphics API but has not been compiled or run by this project.
// What CI does test is everything after the drawing: the same buffer layout (premultiplied RGBA8,
// sRGB, rows upright), made from a PNG by our own decoder, gives the pipeline's colours
// (ImageIORecipeLayoutTests).
#if canImport(ImageIO) && canImport(CoreGraphics)
    import CoreGraphics
    import Foundation
    import ImageColorsCore
    import ImageIO

    /// Why ImageIO or Core Graphics could not give pixels for an image.
    public enum ImageIOPixelsError: ImageColorsError, Equatable {
        /// ImageIO could not open the file or bytes as an image source.
        case unreadable(String)
        /// The source holds no image ImageIO can decode (its first image).
        case noImage(String)
        /// Core Graphics could not make or draw into a `width × height` RGBA8 context.
        case drawingFailed(width: Int, height: Int)

        /// `unsupported-format` when ImageIO cannot read the image, `decode-failed` when drawing fails.
        public var code: String {
            switch self {
            case .unreadable, .noImage: "unsupported-format"
            case .drawingFailed: "decode-failed"
            }
        }

        /// What failed, naming the image.
        public var description: String {
            switch self {
            case .unreadable(let name): "\(name): ImageIO cannot read it as an image"
            case .noImage(let name): "\(name): ImageIO found no image to decode"
            case .drawingFailed(let width, let height): "Core Graphics could not draw a \(width)×\(height) RGBA image"
            }
        }
    }

    extension PixelAnalyzer {
        /// Decodes the image file at `url` with ImageIO, downsampled as it loads, and analyses it.
        /// - Parameters:
        ///   - url: A file URL of any format ImageIO reads (HEIC, JPEG, PNG, WebP, AVIF…).
        ///   - maxPixelSize: The long side ImageIO decodes to; default `nil`: twice the analysis
        ///     size of ``AnalysisOptions/quality`` (500 px for `high`), 1000 px for `highest`.
        /// - Throws: ``ImageIOPixelsError``; then as the buffer-pointer `analyze(_:layout:)`.
        public func analyze(imageAt url: URL, maxPixelSize: Int? = nil) throws -> ColorAnalysis {
            guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else {
                throw ImageIOPixelsError.unreadable(url.path)
            }
            return try analyze(source, name: url.path, maxPixelSize: maxPixelSize)
        }

        /// Decodes encoded image bytes with ImageIO, downsampled as they load, and analyses them.
        /// - Parameters:
        ///   - data: The encoded image.
        ///   - maxPixelSize: As for ``analyze(imageAt:maxPixelSize:)``.
        /// - Throws: As ``analyze(imageAt:maxPixelSize:)``.
        public func analyze(imageData data: Data, maxPixelSize: Int? = nil) throws -> ColorAnalysis {
            guard let source = CGImageSourceCreateWithData(data as CFData, nil) else {
                throw ImageIOPixelsError.unreadable("\(data.count) bytes")
            }
            return try analyze(source, name: "\(data.count) bytes", maxPixelSize: maxPixelSize)
        }

        private func analyze(_ source: CGImageSource, name: String, maxPixelSize: Int?) throws -> ColorAnalysis {
            let longSide = maxPixelSize ?? (options.quality.longSide.map { $0 * 2 } ?? 1000)
            // The thumbnail API decodes at a reduced size (JPEG and HEIC scale while decoding), and
            // with the transform flag it applies the EXIF orientation, so the rows come out upright.
            let thumbnailOptions: [CFString: Any] = [
                kCGImageSourceCreateThumbnailFromImageAlways: true,
                kCGImageSourceCreateThumbnailWithTransform: true,
                kCGImageSourceShouldCacheImmediately: true,
                kCGImageSourceThumbnailMaxPixelSize: max(1, longSide),
            ]
            guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnailOptions as CFDictionary) else {
                throw ImageIOPixelsError.noImage(name)
            }
            let width = image.width
            let height = image.height
            let bytesPerRow = width * 4
            var pixels = [UInt8](repeating: 0, count: bytesPerRow * height)
            // Drawn into sRGB: Core Graphics converts from the image's own profile (Display P3 for
            // most phone photos). Premultiplied RGBA, bytes in that order: what PixelLayout reads.
            guard let space = CGColorSpace(name: CGColorSpace.sRGB) else {
                throw ImageIOPixelsError.drawingFailed(width: width, height: height)
            }
            let bitmapInfo = CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Big.rawValue
            let drawn = pixels.withUnsafeMutableBytes { buffer -> Bool in
                guard
                    let context = CGContext(
                        data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8,
                        bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo)
                else { return false }
                context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
                return true
            }
            guard drawn else { throw ImageIOPixelsError.drawingFailed(width: width, height: height) }
            // The picture's own size, which the thumbnail's is not: it sets how fine a colour detail
            // the roles see (Quantizer.chromaDetailSide), as the file's size does in the pipeline.
            let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any]
            let pictureWidth = (properties?[kCGImagePropertyPixelWidth] as? NSNumber)?.intValue ?? 0
            let pictureHeight = (properties?[kCGImagePropertyPixelHeight] as? NSNumber)?.intValue ?? 0
            let layout = PixelLayout(
                width: width, height: height, bytesPerRow: bytesPerRow, alpha: .premultiplied, colorSpace: .sRGB,
                pictureLongSide: max(pictureWidth, pictureHeight) > 0 ? max(pictureWidth, pictureHeight) : nil)
            return try analyze(pixels, layout: layout)
        }
    }
#endif
