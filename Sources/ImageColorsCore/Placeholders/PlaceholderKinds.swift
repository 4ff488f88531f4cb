/// Which placeholders an analysis makes (``AnalysisOptions/placeholders``): a ThumbHash, a
/// BlurHash, both or none. Both come from the pixels the analysis already decoded, at no
/// second decode, and never change the colours.
public struct PlaceholderKinds: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    /// Creates a set from its raw bits.
    /// - Parameter rawValue: 1 for ThumbHash, 2 for BlurHash.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A ThumbHash (https://evanw.github.io/thumbhash/): about 25 bytes, base64 in the JSON;
    /// keeps the aspect ratio and transparency.
    public static let thumbHash = PlaceholderKinds(rawValue: 1)
    /// A BlurHash (https://blurha.sh), 4×3 components unless
    /// ``AnalysisOptions/blurHashComponents`` says otherwise: 28 characters.
    public static let blurHash = PlaceholderKinds(rawValue: 2)
    /// Both.
    public static let both: PlaceholderKinds = [.thumbHash, .blurHash]
}
