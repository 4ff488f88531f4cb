/// How small the image is made before its colours are counted (UIImageColors' presets).
public enum Quality: String, Sendable, Codable, CaseIterable {
    /// Long side 50 px: fastest.
    case lowest
    /// Long side 100 px.
    case low
    /// Long side 250 px: the default.
    case high
    /// No downscaling of its own: every pixel counts, unless the image does not fit the memory
    /// budget whole; then it is shrunk only as far as the budget forces (a large JPEG decoded at
    /// 1/2 or 1/4, say), and the result's `analyzed` size says so.
    case highest

    /// The long side analysed, or `nil` for the full image.
    public var longSide: Int? {
        switch self {
        case .lowest: 50
        case .low: 100
        case .high: 250
        case .highest: nil
        }
    }
}
