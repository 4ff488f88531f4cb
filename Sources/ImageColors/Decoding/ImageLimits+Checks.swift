// The header checks, beside the decoders that call them: their error is the decoding layer's.
extension ImageLimits {
    /// Throws when a header's dimensions pass a limit. Pure arithmetic: no allocation.
    func check(width: Int, height: Int, format: ImageFormat) throws(ImageDecodingError) {
        if max(width, height) > maxSide {
            throw .tooLarge(format, width: width, height: height, limit: "the \(maxSide) px side limit")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw .tooLarge(
                format, width: width, height: height, limit: "the \(ImageLimits.pixelCount(maxPixels)) limit")
        }
    }

    /// Throws when counting every frame of an animation would pass ``maxFrames`` or
    /// ``maxAnimationPixels``. Pure arithmetic, from the frame headers alone.
    /// - Parameters:
    ///   - frameAreas: Each frame's own width × height.
    ///   - canvas: The canvas (logical screen) every frame is composited on.
    func checkAnimation(frameAreas: [Int], canvas: (width: Int, height: Int), format: ImageFormat)
        throws(ImageDecodingError)
    {
        if frameAreas.count > maxFrames {
            throw .tooManyFrames(format, limit: maxFrames)
        }
        let decoded = frameAreas.reduce(0) { $0 &+ $1 }
        let (composited, overflow) = (canvas.width * canvas.height).multipliedReportingOverflow(by: frameAreas.count)
        let total = overflow ? Int.max : max(decoded, composited)
        if total > maxAnimationPixels {
            let made = total >= 1_000_000 ? ImageLimits.pixelCount(total) : "\(total) pixels"
            throw .tooLarge(
                format, width: canvas.width, height: canvas.height,
                limit:
                    """
                    the \(ImageLimits.pixelCount(maxAnimationPixels)) limit for all \(frameAreas.count) frames \
                    together (\(made) in all)
                    """
            )
        }
    }
}
