/// A rectangle of a canvas, in pixels.
struct CanvasRect: Sendable, Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// No pixels.
    static let empty = CanvasRect(x: 0, y: 0, width: 0, height: 0)

    /// Whether `(x, y)` lies inside.
    func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    /// The part inside a `width` × `height` canvas.
    func clipped(width canvasWidth: Int, height canvasHeight: Int) -> CanvasRect {
        let x0 = min(max(x, 0), canvasWidth)
        let y0 = min(max(y, 0), canvasHeight)
        let x1 = min(max(x + width, 0), canvasWidth)
        let y1 = min(max(y + height, 0), canvasHeight)
        return CanvasRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// The RGBA8 canvas an animation's frames are composited on, reserved in the memory budget for
/// as long as it lives: one image at the decoded size, which compositing cannot do without
/// (each frame draws over what the earlier ones left).
///
/// It starts transparent; frames draw rows into it with one of the ways of drawing that GIF, WebP
/// and APNG use, and areas are cleared or restored when a frame is disposed of.
final class AnimationCanvas {
    /// How a frame's row is drawn over the canvas.
    enum Drawing {
        /// Every pixel replaces the canvas's (WebP without blending; a WebP key frame).
        case replace
        /// Pixels with alpha 0 leave the canvas as it is, the others replace it (GIF, whose
        /// transparency is on or off).
        case opaqueOver
        /// Pixels are alpha-blended over the canvas with libwebp's non-premultiplied formula
        /// (WebP with blending), except inside `keep`, where the canvas was just cleared and
        /// libwebp keeps the frame's pixels as they are.
        case blend(keep: CanvasRect)
        /// Pixels are alpha-blended over the canvas with the same formula (APNG's `blend_op`
        /// OVER); where the canvas is transparent the frame's pixels are kept as they are.
        case over
    }

    let width: Int
    let height: Int
    private let pixels: UnsafeMutablePointer<UInt8>
    private let ledger: MemoryLedger?
    private let bytes: Int

    /// The bytes a `width` × `height` canvas takes.
    static func bytesNeeded(width: Int, height: Int) -> Int { max(1, width * height) * 4 }

    /// Reserves and allocates a transparent canvas.
    /// - Throws: `MemoryBudgetError` naming `purpose` when it does not fit.
    init(width: Int, height: Int, ledger: MemoryLedger?, purpose: String) throws {
        bytes = Self.bytesNeeded(width: width, height: height)
        try ledger?.reserve(bytes, for: purpose)
        self.ledger = ledger
        self.width = width
        self.height = height
        pixels = .allocate(capacity: bytes)
        pixels.initialize(repeating: 0, count: bytes)
    }

    deinit {
        pixels.deallocate()
        ledger?.release(bytes)
    }

    /// Row `y` of the canvas (`width` × 4 bytes).
    func row(_ y: Int) -> UnsafePointer<UInt8> {
        UnsafePointer(pixels + y * width * 4)
    }

    /// Draws `count` pixels of `source` at `(x, y)` (clipped to the canvas).
    func draw(_ source: UnsafePointer<UInt8>, count: Int, x: Int, y: Int, drawing: Drawing) {
        guard y >= 0, y < height, x < width, count > 0 else { return }
        let first = max(0, -x)
        let last = min(count, width - x)
        guard first < last else { return }
        let target = pixels + (y * width + x) * 4
        switch drawing {
        case .replace:
            (target + first * 4).update(from: source + first * 4, count: (last - first) * 4)
        case .opaqueOver:
            for i in first..<last where source[i * 4 + 3] != 0 {
                (target + i * 4).update(from: source + i * 4, count: 4)
            }
        case .blend(let keep):
            for i in first..<last {
                let s = source + i * 4
                let d = target + i * 4
                if s[3] == 255 || keep.contains(x: x + i, y: y) {
                    d.update(from: s, count: 4)
                } else {
                    Self.blend(s, over: d)
                }
            }
        case .over:
            for i in first..<last {
                let s = source + i * 4
                let d = target + i * 4
                if s[3] == 255 || d[3] == 0 {
                    d.update(from: s, count: 4)
                } else {
                    Self.blend(s, over: d)
                }
            }
        }
    }

    /// libwebp's `BlendPixelNonPremult` (anim_decode.c), to the bit: `source` over `target`.
    @inline(__always)
    static func blend(_ source: UnsafePointer<UInt8>, over target: UnsafeMutablePointer<UInt8>) {
        let sourceAlpha = UInt32(source[3])
        guard sourceAlpha > 0 else { return }
        let targetFactor = (UInt32(target[3]) * (256 - sourceAlpha)) >> 8
        let alpha = sourceAlpha + targetFactor
        let scale = (UInt32(1) << 24) / alpha
        for c in 0..<3 {
            let mixed = UInt32(source[c]) * sourceAlpha + UInt32(target[c]) * targetFactor
            target[c] = UInt8(truncatingIfNeeded: (UInt64(mixed) * UInt64(scale)) >> 24)
        }
        target[3] = UInt8(truncatingIfNeeded: alpha)
    }

    /// Makes `rect` transparent (disposal to background: browsers ignore the file's
    /// background colour and clear to transparent, as libwebp's and Chromium's decoders do).
    func clear(_ rect: CanvasRect) {
        let area = rect.clipped(width: width, height: height)
        guard area.width > 0 else { return }
        for y in area.y..<area.y + area.height {
            (pixels + (y * width + area.x) * 4).update(repeating: 0, count: area.width * 4)
        }
    }

    /// Copies `rect` into `saved` (at least its area × 4 bytes), for a later ``restore(_:from:)``.
    func save(_ rect: CanvasRect, into saved: UnsafeMutablePointer<UInt8>) {
        let area = rect.clipped(width: width, height: height)
        guard area.width > 0 else { return }
        for row in 0..<area.height {
            (saved + row * area.width * 4).update(
                from: pixels + ((area.y + row) * width + area.x) * 4, count: area.width * 4)
        }
    }

    /// Puts back what ``save(_:into:)`` copied from `rect` (GIF's "restore to previous").
    func restore(_ rect: CanvasRect, from saved: UnsafePointer<UInt8>) {
        let area = rect.clipped(width: width, height: height)
        guard area.width > 0 else { return }
        for row in 0..<area.height {
            (pixels + ((area.y + row) * width + area.x) * 4).update(
                from: saved + row * area.width * 4, count: area.width * 4)
        }
    }

    /// Hands every row to `sink`, top to bottom, as one frame of the animation.
    func emit(into sink: inout some PixelSink) {
        for y in 0..<height {
            sink.consume(row: row(y), y: y, x0: 0, dx: 1, count: width)
        }
    }
}
