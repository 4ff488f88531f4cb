import ImageColors

// The `title` object of a result line and of each card, with the numbers rounded as
// `TitleChoice`, `TitleCandidate` and `RegionTextContrast` round them when they encode.
extension JSONLineWriter {
    /// Writes a title choice as `TitleChoice.encode(to:)` does.
    /// - Parameter title: The choice.
    /// - Throws: As ``number(_:)-(Double)``.
    mutating func title(_ title: TitleChoice) throws {
        try object { line in
            try line.member("brightness", TitleChoice.rounded(title.brightness, decimals: 1))
            try line.member("candidates", title.candidates) { candidates, both in
                try candidates.object {
                    try $0.member("dark", both.dark) { try $0.candidate($1) }
                    try $0.member("light", both.light) { try $0.candidate($1) }
                }
            }
            line.member("color", title.color)
            try line.member("contrastRatio", TitleChoice.rounded(title.contrastRatio, decimals: 2))
            try line.member("region", title.region) { try $0.region($1) }
            line.member("rule", title.rule)
            line.member("text", title.text)
            line.member("warning", title.warning)
        }
    }

    private mutating func candidate(_ candidate: TitleCandidate) throws {
        try object {
            try $0.member("apcaLc", TitleChoice.rounded(candidate.apcaLc, decimals: 1))
            try $0.member("contrastRatio", TitleChoice.rounded(candidate.contrastRatio, decimals: 2))
        }
    }

    private mutating func region(_ region: RegionContrast) throws {
        try object { line in
            line.member("area", region.area.description)
            try line.member("dark", region.dark) { try $0.regionText($1) }
            try line.member("light", region.light) { try $0.regionText($1) }
            line.member("rect", region.rect) { rect, pixels in
                rect.object {
                    $0.member("height", pixels.height)
                    $0.member("width", pixels.width)
                    $0.member("x", pixels.x)
                    $0.member("y", pixels.y)
                }
            }
        }
    }

    private mutating func regionText(_ contrast: RegionTextContrast) throws {
        try object {
            try $0.member("scrimOpacity", TitleChoice.roundedUp(contrast.scrimOpacity, decimals: 2))
            try $0.member("shareUnder3", TitleChoice.rounded(contrast.shareUnder3, decimals: 3))
            try $0.member("shareUnder4_5", TitleChoice.rounded(contrast.shareUnder4_5, decimals: 3))
            try $0.member("worstContrast", TitleChoice.rounded(contrast.worstContrast, decimals: 2))
        }
    }
}
