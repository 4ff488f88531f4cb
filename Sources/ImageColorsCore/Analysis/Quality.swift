/// How small the image is made before its colours are counted (UIImageColors' presets).
public enum Quality: String, Sendable, Codable, CaseIterable {
    /// Long side 50 px: fastest.
    case lowest
    /// Long side 100 px.
    case low
    /// Long side 250 px: the default.
    case high
    /// No downscaling of its own: every pixel counts.
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
