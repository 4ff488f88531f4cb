/// A rectangle of whole pixels in an image, origin top left.
///
/// Encodes as `{"x":0,"y":111,"width":250,"height":56}`.
public struct PixelRect: Sendable, Hashable, Codable {
    /// The leftmost column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns covered.
    public var width: Int
    /// Rows covered.
    public var height: Int

    /// Creates a rectangle.
    /// - Parameters:
    ///   - x: The leftmost column.
    ///   - y: The top row.
    ///   - width: Columns covered, at least 0.
    ///   - height: Rows covered, at least 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The number of pixels covered.
    public var area: Int { width * height }
}
