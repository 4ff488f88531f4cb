/// A plain overlay laid over a picture, under the text, to make the text readable: black under
/// light text, white under dark text.
public enum Scrim: String, Sendable, Hashable, Codable, CaseIterable {
    /// A black overlay; darkens what is under it.
    case black
    /// A white overlay; lightens what is under it.
    case white

    /// The overlay's colour: `#000000` or `#ffffff`.
    public var color: RGBColor {
        switch self {
        case .black: .black
        case .white: .white
        }
    }

    /// The scrim that helps a title: black under light text, white under dark text.
    /// - Parameter text: The title's text.
    public init(under text: TitleText) {
        self = text == .light ? .black : .white
    }
}
