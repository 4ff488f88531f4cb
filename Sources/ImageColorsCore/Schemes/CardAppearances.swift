/// A card's colours in light and in dark appearance (JSON key `appearances`):
/// `{"light": {…}, "dark": {…}}`, each a ``CardColors``.
///
/// An analysis always makes both; a member is `nil` only in a result decoded from JSON that
/// left it out (the CLI's `--appearance light` or `dark`).
public struct CardAppearances: Sendable, Hashable, Codable {
    /// The light card: the image's own colours, the same as the result's top-level colours.
    public var light: CardColors?
    /// The dark card: the same hues on a dark background (``DarkScheme``).
    public var dark: CardColors?

    /// Creates the pair.
    /// - Parameters:
    ///   - light: The light card; default `nil`.
    ///   - dark: The dark card; default `nil`.
    public init(light: CardColors? = nil, dark: CardColors? = nil) {
        self.light = light
        self.dark = dark
    }

    /// The colours of one appearance, when present.
    /// - Parameter appearance: Light or dark.
    public subscript(appearance: CardAppearance) -> CardColors? {
        get { appearance == .light ? light : dark }
        set { if appearance == .light { light = newValue } else { dark = newValue } }
    }

    /// Only the given appearances, the others removed (what the CLI's `--appearance` prints).
    /// - Parameter kept: The appearances to keep.
    public func keeping(_ kept: Set<CardAppearance>) -> CardAppearances {
        CardAppearances(light: kept.contains(.light) ? light : nil, dark: kept.contains(.dark) ? dark : nil)
    }
}
