/// The system appearance a card is drawn in: what a widget or an app reads from its
/// environment (SwiftUI's `colorScheme`) at render time.
public enum CardAppearance: String, Sendable, Hashable, Codable, CaseIterable {
    /// Light mode: the card as the image's own colours make it (the top-level colours of a
    /// ``ColorAnalysis``).
    case light
    /// Dark mode: the same hues on a dark background (``DarkScheme``).
    case dark
}
