import Foundation
import ImageColors

/// A request's query: the source URL where the route takes one, and the analysis options named
/// and spelled as the CLI's flags, each over the server's default.
struct RequestOptions: Sendable {
    /// The analysis options: the server's defaults with the request's changes.
    var analysis: AnalysisOptions
    /// Which cards the JSON keeps under `appearances` (`appearance=`); default both.
    var appearances: Set<CardAppearance> = [.light, .dark]
    /// `url=`, for the routes that take one.
    var url: String?
    /// `body-sha256=`, lowercase hex, for the batch: the body's digest, which a signature then covers.
    var bodyDigest: String?

    /// The analysis options a request may set, as the CLI's flags name them.
    static let optionNames: [String] = [
        "quality", "scheme", "min-contrast", "appearance", "placeholder", "palette", "title-rule", "title-region",
        "backdrop", "frames",
    ]

    /// Reads `query`.
    /// - Parameters:
    ///   - query: The query as sent (without `?`), or `nil`.
    ///   - defaults: The server's analysis options.
    ///   - takesURL: Whether the route takes `url`.
    ///   - signed: Whether signing is on (`signature` is then a known parameter, checked elsewhere).
    ///   - takesBodyDigest: Whether the route takes `body-sha256` (the batch); default `false`.
    /// - Throws: ``ServerError/invalidOption(name:reason:)`` for an unknown or repeated parameter
    ///   or a bad value; ``ServerError/missingURL`` when the route takes `url` and it is absent.
    init(
        query: String?, defaults: AnalysisOptions, takesURL: Bool, signed: Bool, takesBodyDigest: Bool = false
    ) throws(ServerError) {
        analysis = defaults
        var seen: Set<String> = []
        for (name, value) in try Self.parameters(query) {
            guard seen.insert(name).inserted else {
                throw .invalidOption(name: name, reason: "given more than once")
            }
            switch name {
            case "url" where takesURL: url = value
            case "signature" where signed: continue
            case "body-sha256" where takesBodyDigest:
                guard value.count == 64, value.allSatisfy(\.isHexDigit) else {
                    throw .invalidOption(name: name, reason: "\(value) is not 64 hexadecimal digits")
                }
                bodyDigest = value.lowercased()
            default: try apply(name, value)
            }
        }
        if takesURL, url?.isEmpty ?? true { throw .missingURL }
    }

    /// The query's parameters, names and values percent-decoded (`+` stays `+`).
    static func parameters(_ query: String?) throws(ServerError) -> [(String, String)] {
        var parameters: [(String, String)] = []
        for part in (query ?? "").split(separator: "&") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = String(pair[0]).removingPercentEncoding,
                let value = (pair.count == 2 ? String(pair[1]) : "").removingPercentEncoding
            else {
                throw .invalidOption(name: String(pair[0]), reason: "bad percent-encoding")
            }
            parameters.append((name, value))
        }
        return parameters
    }

    private mutating func apply(_ name: String, _ value: String) throws(ServerError) {
        switch name {
        case "quality": analysis.quality = try Self.choice(name, value, Quality.self)
        case "scheme": analysis.scheme = try Self.choice(name, value, RoleScheme.self)
        case "title-rule": analysis.titleRule = try Self.choice(name, value, TitleRule.self)
        case "frames": analysis.frames = try Self.choice(name, value, FramePolicy.self)
        case "appearance":
            appearances =
                switch value {
                case "light": [.light]
                case "dark": [.dark]
                case "both": [.light, .dark]
                default: throw .invalidOption(name: name, reason: "must be light, dark or both, not \(value)")
                }
        case "placeholder":
            analysis.placeholders =
                switch value {
                case "thumbhash": .thumbHash
                case "blurhash": .blurHash
                case "both": .both
                default: throw .invalidOption(name: name, reason: "must be thumbhash, blurhash or both, not \(value)")
                }
        case "min-contrast":
            guard let ratio = Double(value), (1...21).contains(ratio) else {
                throw .invalidOption(
                    name: name, reason: "must be a ratio from 1 to 21 (e.g. 3, 4.5 or 7), not \(value)")
            }
            analysis.minimumContrast = ratio
        case "palette":
            guard let count = Int(value), (1...64).contains(count) else {
                throw .invalidOption(name: name, reason: "must be between 1 and 64, not \(value)")
            }
            analysis.paletteSize = count
        case "title-region":
            do {
                analysis.titleRegion = try TitleRegion(parsing: value)
            } catch {
                throw .invalidOption(name: name, reason: error.description)
            }
        case "backdrop":
            guard let color = RGBColor(hex: value) else {
                throw .invalidOption(name: name, reason: "must be a colour like #1d2b3a, not \(value)")
            }
            analysis.backdrop = color
        default:
            throw .invalidOption(
                name: name, reason: "unknown parameter; the options are \(Self.optionNames.joined(separator: ", "))")
        }
    }

    /// The case of `type` spelled `value`, as the CLI's flag takes it.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ value: String, _ type: Choice.Type
    ) throws(ServerError) -> Choice where Choice.RawValue == String {
        guard let choice = Choice(rawValue: value) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidOption(name: name, reason: "must be one of \(names), not \(value)")
        }
        return choice
    }
}
