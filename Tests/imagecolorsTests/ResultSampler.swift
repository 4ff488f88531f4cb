import ImageColors
import ImageColorsRemote

@testable import imagecolors

/// Random result lines for JSONLineWriterTests: every key set or left out, numbers and strings
/// chosen to reach the edges of `JSONEncoder`'s formatting (exponents, `-0`, long digit runs,
/// control characters, `/`, quotes, non-ASCII).
struct ResultSampler {
    /// SplitMix64: small, and the same values for the same seed on every platform.
    private var state: UInt64
    /// Numbers kept under 10^12 in magnitude, so that none overflows when an encoder rounds it
    /// (`rounded(x, decimals: 2)` multiplies by 100); otherwise any finite number may come.
    var boundedNumbers = false

    /// Creates a sampler.
    /// - Parameter seed: The first state.
    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 to `bound - 1`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// `true` once in `odds` draws.
    mutating func oneIn(_ odds: Int) -> Bool { below(odds) == 0 }

    mutating func element<T>(_ values: [T]) -> T { values[below(values.count)] }

    mutating func optional<T>(_ make: (inout ResultSampler) -> T) -> T? {
        oneIn(3) ? nil : make(&self)
    }

    // MARK: Numbers and strings

    /// Numbers that `description` writes in every form it has.
    static let edgeNumbers: [Double] = [
        0, -0.0, 1, -1, 2, 0.5, 0.1, 0.2 + 0.1, 1.0 / 3, 2.0 / 3, 100, 1e15, 1e16, 1e17, 1e21, 1e22, 1e-4, 1e-5,
        1e-7, 123_456_789_012_345_680, 9_007_199_254_740_991, 5e-324, 2.2250738585072014e-308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne, 4.35, 14.2, 38.6, 0.2313, 21, 125,
    ]

    /// Numbers not finite: `JSONEncoder` throws for them, and so must the writer.
    static let nonFinite: [Double] = [.nan, .infinity, -.infinity, -.nan, .signalingNaN]

    /// A number: a listed edge, a decimal of up to 6 places, or any finite bit pattern.
    /// - Parameter nonFiniteOdds: One draw in this many is not finite; 0: never.
    mutating func double(nonFiniteOdds: Int = 0) -> Double {
        if nonFiniteOdds > 0 && oneIn(nonFiniteOdds) { return element(Self.nonFinite) }
        let value = anyFiniteDouble()
        return boundedNumbers && !(value.magnitude < 1e12) ? value.truncatingRemainder(dividingBy: 1e6) : value
    }

    private mutating func anyFiniteDouble() -> Double {
        switch below(4) {
        case 0: return element(Self.edgeNumbers)
        case 1:
            let scale = [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000][below(7)]
            return Double(Int64(bitPattern: next()) % 100_000_000) / scale
        case 2: return Double(below(2_000_001) - 1_000_000) / 1000
        default:
            let value = Double(bitPattern: next())
            return value.isFinite ? value : element(Self.edgeNumbers)
        }
    }

    mutating func int() -> Int {
        switch below(4) {
        case 0: element([0, 1, -1, .max, .min, 9, 10, 99, 100])
        case 1: Int(bitPattern: UInt(next()))
        default: below(100_000)
        }
    }

    /// Characters JSON escapes or might: controls, quote, backslash, slash, DEL, non-ASCII of
    /// 2, 3 and 4 UTF-8 bytes, line and paragraph separators, a combining accent, a BOM.
    static let oddCharacters: [Unicode.Scalar] =
        (0...0x1F).compactMap(Unicode.Scalar.init) + [
            "\"", "\\", "/", "\u{7F}", "é", "ß", "\u{A0}", "—", "\u{2028}", "\u{2029}", "\u{301}", "\u{FEFF}",
            "漢", "😀", "\u{10FFFF}", "\u{FFFD}",
        ]

    mutating func string() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<below(14) {
            if oneIn(3) {
                scalars.append(element(Self.oddCharacters))
            } else {
                scalars.append(Unicode.Scalar(UInt8(32 + below(95))))
            }
        }
        return String(scalars)
    }

    mutating func color() -> RGBColor {
        let bits = next()
        return RGBColor(
            red: UInt8(truncatingIfNeeded: bits), green: UInt8(truncatingIfNeeded: bits >> 8),
            blue: UInt8(truncatingIfNeeded: bits >> 16))
    }

    mutating func choice<T: CaseIterable>(_: T.Type) -> T { element(Array(T.allCases)) }

    // MARK: Results

    /// One result line's parts, every optional key set or not.
    mutating func resultLine(nonFiniteOdds: Int) -> (ColorAnalysis, CacheStatus?, SourceFailure.Details?) {
        let odds = nonFiniteOdds
        var analysis = ColorAnalysis(
            source: optional { $0.string() }, format: choice(ImageFormat.self), width: int(), height: int(),
            orientation: choice(Orientation.self), analyzed: ColorAnalysis.Size(width: int(), height: int()),
            roles: roles(nonFiniteOdds: odds), title: title(nonFiniteOdds: odds),
            memory: optional { ColorAnalysis.MemoryReport(budget: $0.int(), accountedPeak: $0.int()) })
        analysis.scheme = optional { $0.choice(RoleScheme.self) }
        analysis.minimumContrast = optional { $0.double(nonFiniteOdds: odds) }
        if oneIn(4) { analysis.roleReports = nil }
        analysis.palette = optional { sampler in
            (0..<sampler.below(9)).map { _ in
                var entry = PaletteColor(color: sampler.color(), share: sampler.double())
                if sampler.oneIn(4) { entry.share = sampler.double(nonFiniteOdds: odds) }
                return entry
            }
        }
        analysis.colorProfile = optional { $0.string() }
        analysis.colorNote = optional { $0.string() }
        analysis.appearances = optional { sampler in
            CardAppearances(
                light: sampler.optional { $0.card(nonFiniteOdds: odds) },
                dark: sampler.optional { $0.card(nonFiniteOdds: odds) })
        }
        analysis.placeholder = optional {
            Placeholders(thumbHash: $0.optional { $0.string() }, blurHash: $0.optional { $0.string() })
        }
        analysis.frames = optional { FrameReport(count: $0.optional { $0.int() }, counted: $0.int()) }
        analysis.decoder = optional { $0.choice(DecoderKind.self) }
        let cache = optional { $0.choice(CacheStatus.self) }
        let thumbnailError = optional { SourceFailure.Details(code: $0.string(), message: $0.string()) }
        return (analysis, cache, thumbnailError)
    }

    mutating func roles(nonFiniteOdds odds: Int) -> ColorRoles {
        let fallback = ColorRole.allCases.filter { _ in oneIn(3) }
        let reports = RoleReports(
            background: report(nonFiniteOdds: odds), primary: report(nonFiniteOdds: odds),
            secondary: report(nonFiniteOdds: odds), detail: report(nonFiniteOdds: odds))
        return ColorRoles(
            background: color(), primary: color(), secondary: color(), detail: color(), fallback: fallback,
            reports: reports)
    }

    /// A report made by its initialiser (rounded) or with any numbers set afterwards.
    mutating func report(nonFiniteOdds odds: Int) -> RoleReport {
        let adjustment = optional { RoleReport.Adjustment(original: $0.color(), deltaL: $0.double()) }
        var report = RoleReport(
            source: choice(ColorOrigin.self), share: optional { $0.double() },
            contrastRatio: optional { $0.double() }, adjustment: adjustment)
        if oneIn(3) {
            report.share = optional { $0.double(nonFiniteOdds: odds) }
            report.contrastRatio = optional { $0.double(nonFiniteOdds: odds) }
            report.adjustment?.deltaL = double(nonFiniteOdds: odds)
        }
        return report
    }

    mutating func title(nonFiniteOdds odds: Int) -> TitleChoice {
        var title: TitleChoice
        if oneIn(2) {
            title = TitleChoice(
                background: color(), rule: choice(TitleRule.self), brightnessThreshold: Double(below(256)))
        } else {
            title = TitleChoice(
                text: choice(TitleText.self), color: color(), brightness: double(nonFiniteOdds: odds),
                contrastRatio: double(nonFiniteOdds: odds))
            title.rule = optional { $0.choice(TitleRule.self) }
            title.candidates = optional { sampler in
                TitleCandidates(
                    light: TitleCandidate(
                        contrastRatio: sampler.double(nonFiniteOdds: odds), apcaLc: sampler.double()),
                    dark: TitleCandidate(contrastRatio: sampler.double(), apcaLc: sampler.double(nonFiniteOdds: odds)))
            }
            title.warning = optional { $0.string() }
        }
        title.region = optional { $0.region(nonFiniteOdds: odds) }
        return title
    }

    mutating func region(nonFiniteOdds odds: Int) -> RegionContrast {
        let area: TitleRegion =
            switch below(4) {
            case 0: .top
            case 1: .bottom
            case 2: .center
            default: .custom(x: double(), y: double(nonFiniteOdds: odds), width: double(), height: double())
            }
        func text(_ sampler: inout ResultSampler) -> RegionTextContrast {
            RegionTextContrast(
                worstContrast: sampler.double(nonFiniteOdds: odds), shareUnder4_5: sampler.double(),
                shareUnder3: sampler.double(), scrimOpacity: sampler.double(nonFiniteOdds: odds))
        }
        return RegionContrast(
            area: area, rect: PixelRect(x: int(), y: int(), width: int(), height: int()), light: text(&self),
            dark: text(&self))
    }

    mutating func card(nonFiniteOdds odds: Int) -> CardColors {
        var card = CardColors(roles: roles(nonFiniteOdds: odds), title: title(nonFiniteOdds: odds))
        // The initialiser drops the region; a card built otherwise may still carry one.
        if oneIn(4) { card.title.region = region(nonFiniteOdds: odds) }
        return card
    }
}
