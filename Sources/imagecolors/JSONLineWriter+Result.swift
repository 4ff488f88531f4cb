import ImageColors
import ImageColorsRemote

// The result and failure lines, key by key as the types' `Codable` conformances write them,
// each object's keys in sorted order. A key added to one of these types must be added here:
// JSONLineWriterTests lists the properties each type had when this was written, and fails
// when one is added.
extension JSONLineWriter {
    /// Writes a result line: the analysis' keys with `cache` and `thumbnailError` in one object,
    /// as `ResultJSON` wrote `JSONLines.CachedResult`.
    /// - Parameters:
    ///   - analysis: The result.
    ///   - cache: How `--cache` served it; `nil` (no key) without a cache.
    ///   - thumbnailError: Why the thumbnail asked for was not written; `nil` (no key) otherwise.
    /// - Throws: As ``number(_:)-(Double)``, for a number that is not finite.
    mutating func result(
        _ analysis: ColorAnalysis, cache: CacheStatus?, thumbnailError: SourceFailure.Details?
    ) throws {
        try object { line in
            line.key("analyzed")
            line.size(analysis.analyzed)
            try line.member("appearances", analysis.appearances) { try $0.appearances($1) }
            line.member("background", analysis.background)
            line.member("cache", cache)
            line.member("colorNote", analysis.colorNote)
            line.member("colorProfile", analysis.colorProfile)
            line.member("decoder", analysis.decoder)
            line.member("detail", analysis.detail)
            line.member("fallback", analysis.fallback) { $0.fallback($1) }
            line.member("format", analysis.format)
            line.member("frames", analysis.frames) { frames, report in
                frames.object {
                    $0.member("count", report.count)
                    $0.member("counted", report.counted)
                }
            }
            line.member("height", analysis.height)
            line.member("memory", analysis.memory) { memory, report in
                memory.object {
                    $0.member("accountedPeak", report.accountedPeak)
                    $0.member("budget", report.budget)
                }
            }
            try line.member("minimumContrast", analysis.minimumContrast)
            line.member("orientation", analysis.orientation.rawValue)
            try line.member("palette", analysis.palette) { try $0.palette($1) }
            line.member("placeholder", analysis.placeholder) { placeholder, hashes in
                placeholder.object {
                    $0.member("blurhash", hashes.blurHash)
                    $0.member("thumbhash", hashes.thumbHash)
                }
            }
            line.member("primary", analysis.primary)
            try line.member("roles", analysis.roleReports) { try $0.roleReports($1) }
            line.member("scheme", analysis.scheme)
            line.member("secondary", analysis.secondary)
            line.member("source", analysis.source)
            line.member("thumbnailError", thumbnailError) { $0.details($1) }
            line.key("title")
            try line.title(analysis.title)
            line.member("width", analysis.width)
        }
    }

    /// Writes a failure line: `{"error":{"code","message"},"source"}`.
    /// - Parameter failure: The source and why it failed.
    mutating func failure(_ failure: SourceFailure) {
        object {
            $0.key("error")
            $0.details(failure.error)
            $0.member("source", failure.source)
        }
    }

    /// Writes `"name":"#rrggbb"` unless `color` is `nil`.
    mutating func member(_ name: StaticString, _ color: RGBColor?) {
        guard let color else { return }
        key(name)
        self.color(color)
    }

    /// Writes a colour as `RGBColor` encodes it: `"#rrggbb"`, lower-case.
    mutating func color(_ color: RGBColor) {
        ascii(UInt8(ascii: "\""))
        ascii(UInt8(ascii: "#"))
        hexByte(color.red)
        hexByte(color.green)
        hexByte(color.blue)
        ascii(UInt8(ascii: "\""))
    }

    private mutating func size(_ size: ColorAnalysis.Size) {
        object {
            $0.member("height", size.height)
            $0.member("width", size.width)
        }
    }

    private mutating func details(_ details: SourceFailure.Details) {
        object {
            $0.member("code", details.code)
            $0.member("message", details.message)
        }
    }

    private mutating func fallback(_ roles: [ColorRole]) {
        array(roles) { $0.string($1.rawValue) }
    }

    private mutating func palette(_ palette: [PaletteColor]) throws {
        try array(palette) { line, entry in
            try line.object {
                $0.member("color", entry.color)
                try $0.member("share", entry.share)
            }
        }
    }

    private mutating func appearances(_ appearances: CardAppearances) throws {
        try object {
            try $0.member("dark", appearances.dark) { try $0.card($1) }
            try $0.member("light", appearances.light) { try $0.card($1) }
        }
    }

    private mutating func card(_ card: CardColors) throws {
        try object { line in
            line.member("background", card.background)
            line.member("detail", card.detail)
            line.member("fallback", card.fallback) { $0.fallback($1) }
            line.member("primary", card.primary)
            line.key("roles")
            try line.roleReports(card.roleReports)
            line.member("secondary", card.secondary)
            line.key("title")
            try line.title(card.title)
        }
    }

    private mutating func roleReports(_ reports: RoleReports) throws {
        try object {
            try $0.member("background", reports.background) { try $0.roleReport($1) }
            try $0.member("detail", reports.detail) { try $0.roleReport($1) }
            try $0.member("primary", reports.primary) { try $0.roleReport($1) }
            try $0.member("secondary", reports.secondary) { try $0.roleReport($1) }
        }
    }

    /// As `RoleReport.encode(to:)`: `adjusted` only for a colour from the image with a ratio.
    private mutating func roleReport(_ report: RoleReport) throws {
        try object { line in
            if report.source == .image && report.contrastRatio != nil {
                line.member("adjusted", report.adjustment != nil)
            }
            try line.member("contrastRatio", report.contrastRatio)
            try line.member("deltaL", report.adjustment?.deltaL)
            line.member("original", report.adjustment?.original)
            try line.member("share", report.share)
            line.member("source", report.source)
        }
    }
}
