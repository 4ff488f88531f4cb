#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where on the picture the title is drawn, in fractions of the image, so the contrast of the
/// text can be measured on the pixels actually under it (``RegionContrast``).
///
/// The named areas are full-width thirds, the three places card layouts put a title:
/// - ``top``: the top third, `0,0,1,1/3`;
/// - ``center``: the middle third, `0,1/3,1,1/3`;
/// - ``bottom``: the bottom third, `0,2/3,1,1/3`.
///
/// Written on the command line as `top`, `bottom`, `center` or `X,Y,W,H` (fractions, origin top
/// left); encodes to JSON as that same string.
public enum TitleRegion: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The top third, full width.
    case top
    /// The bottom third, full width.
    case bottom
    /// The middle third, full width.
    case center
    /// Any rectangle: left edge `x`, top edge `y`, `width` and `height`, each a fraction of the
    /// image's width or height. Use ``init(parsing:)`` to get one validated; a rectangle made
    /// directly is clamped to the image when used, and a value that is not a finite number
    /// counts as the whole extent (x or y 0, width or height 1).
    case custom(x: Double, y: Double, width: Double, height: Double)

    /// The rectangle in fractions of the image: `(x, y, width, height)`, origin top left.
    public var fractions: (x: Double, y: Double, width: Double, height: Double) {
        switch self {
        case .top: (0, 0, 1, 1.0 / 3)
        case .center: (0, 1.0 / 3, 1, 1.0 / 3)
        case .bottom: (0, 2.0 / 3, 1, 1.0 / 3)
        case .custom(let x, let y, let width, let height): (x, y, width, height)
        }
    }

    /// Parses the command-line form: `top`, `bottom`, `center` (case-insensitive), or `X,Y,W,H`
    /// — four fractions of the image, spaces allowed around the commas.
    ///
    /// X and Y must be 0…1, W and H more than 0 and at most 1, and the rectangle must end inside
    /// the image (X + W ≤ 1, Y + H ≤ 1, allowing a billionth for decimals like `0.333,0,0.667,1`).
    /// - Parameter text: What the user wrote.
    /// - Throws: ``TitleRegionError`` naming the value and what is wrong with it.
    public init(parsing text: String) throws(TitleRegionError) {
        let trimmed = text.trimmingSpaces()
        switch trimmed.lowercased() {
        case "top":
            self = .top
            return
        case "bottom":
            self = .bottom
            return
        case "center":
            self = .center
            return
        default: break
        }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
        guard parts.count == 4 else { throw .unrecognized(text) }
        let names = ["X", "Y", "W", "H"]
        var values: [Double] = []
        for (name, part) in zip(names, parts) {
            guard let value = Double(part), value.isFinite else {
                throw .notANumber(text, component: name, value: part)
            }
            values.append(value)
        }
        let (x, y, width, height) = (values[0], values[1], values[2], values[3])
        for (name, value) in [("X", x), ("Y", y)] where !(0...1).contains(value) {
            throw .outOfRange(text, component: name, value: value)
        }
        for (name, value) in [("W", width), ("H", height)] {
            if value <= 0 { throw .empty(text, component: name) }
            if value > 1 { throw .outOfRange(text, component: name, value: value) }
        }
        // A billionth of slack: people write thirds as 0.333 and 0.667, and binary sums of
        // decimals land a hair past 1.
        let slack = 1e-9
        if x + width > 1 + slack { throw .pastEdge(text, sum: "X + W", value: x + width) }
        if y + height > 1 + slack { throw .pastEdge(text, sum: "Y + H", value: y + height) }
        self = .custom(x: x, y: y, width: width, height: height)
    }

    /// The command-line form: `top`, `bottom`, `center`, or `X,Y,W,H`.
    public var description: String {
        switch self {
        case .top: "top"
        case .bottom: "bottom"
        case .center: "center"
        case .custom(let x, let y, let width, let height): [x, y, width, height].map { "\($0)" }.joined(separator: ",")
        }
    }

    /// The pixels of an image the region covers: every pixel the rectangle touches, so a title
    /// edge that falls inside a pixel still counts it (edges are floored and ceiled, then
    /// clamped to the image). Never empty for a non-empty image.
    /// - Parameters:
    ///   - width: The image's width in pixels, at least 1.
    ///   - height: The image's height in pixels, at least 1.
    public func pixelRect(width: Int, height: Int) -> PixelRect {
        let f = fractions
        let (left, right) = Self.span(from: f.x, length: f.width, size: width)
        let (top, bottom) = Self.span(from: f.y, length: f.height, size: height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// `[floor(start·size), ceil((start+length)·size))` clamped to `0...size`, at least one pixel.
    private static func span(from start: Double, length: Double, size: Int) -> (Int, Int) {
        guard size > 0 else { return (0, 0) }
        // `.custom` takes any Double: clamp before converting, or NaN and 1e300 would trap.
        let start = start.isFinite ? min(max(start, 0), 1) : 0
        let length = length.isFinite ? min(max(length, 0), 1) : 1
        let scaled = Double(size)
        // Forgive float noise at the edges: 1/3 · 168 is 56.000000000000007, not a 57th row.
        let lower = min(size - 1, max(0, Int((start * scaled + 1e-9).rounded(.down))))
        let upper = min(size, max(lower + 1, Int(((start + length) * scaled - 1e-9).rounded(.up))))
        return (lower, upper)
    }

    /// Decodes the command-line form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try TitleRegion(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the command-line form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
