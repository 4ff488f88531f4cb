import Foundation
import ImageColors
import ImageColorsRemote
import PropertyBased
import TestSupport
import Testing

@testable import imagecolors

/// The hand-written JSON lines (issue 43) held to `JSONEncoder`, through ``ResultJSON`` as
/// `imagecolors serve` and the CLI before them use it: the same bytes for any value, or an
/// error from both.
@Suite("JSON line writer")
struct JSONLineWriterTests {
    /// The result line as the CLI encoded it before the writer: the analysis' keys and these in
    /// one object, through `JSONEncoder`.
    struct EncodedResultLine: Encodable {
        var analysis: ColorAnalysis
        var cache: CacheStatus?
        var thumbnailError: SourceFailure.Details?

        private enum Key: String, CodingKey {
            case cache, thumbnailError
        }

        func encode(to encoder: any Encoder) throws {
            try analysis.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(cache, forKey: .cache)
            try container.encodeIfPresent(thumbnailError, forKey: .thumbnailError)
        }
    }

    /// `JSONEncoder`'s line, or `nil` when it throws.
    static func encoderLine(_ value: some Encodable) -> String? {
        try? ResultJSON.line(for: value)
    }

    /// The writer's text for one value written by `write`, or `nil` when it throws.
    static func writerLine(_ write: (inout JSONLineWriter) throws -> Void) -> String? {
        var writer = JSONLineWriter()
        do { try write(&writer) } catch { return nil }
        return writer.text
    }

    /// Random seeds; each makes one whole value (ResultSampler), reproducible from the seed.
    static let seeds = Gen<UInt64>.value(in: 0...UInt64.max)

    @Test("Given any result, when written, then the line is JSONEncoder's byte for byte, or both refuse it")
    func resultLines() async {
        await propertyCheck(count: 3000, input: Self.seeds) { seed in
            // Given a result with any keys set, any numbers and strings (a few not finite)
            var sampler = ResultSampler(seed: seed)
            let (analysis, cache, thumbnailError) = sampler.resultLine(nonFiniteOdds: 400)
            // When the writer and JSONEncoder write it
            let written = Self.writerLine { try $0.result(analysis, cache: cache, thumbnailError: thumbnailError) }
            let encoded = Self.encoderLine(
                EncodedResultLine(analysis: analysis, cache: cache, thumbnailError: thumbnailError))
            // Then the bytes are the same (both nil: both refused a number that is not finite)
            #expect(written == encoded, "seed \(seed)")
        }
    }

    @Test("Given results with ordinary numbers, then the writer writes them all, as JSONEncoder")
    func finiteResultsAreWritten() async {
        await propertyCheck(count: 500, input: Self.seeds) { seed in
            // Given a result whose numbers are all finite, and stay finite when rounded
            var sampler = ResultSampler(seed: seed)
            sampler.boundedNumbers = true
            let (analysis, cache, thumbnailError) = sampler.resultLine(nonFiniteOdds: 0)
            // When written
            let written = Self.writerLine { try $0.result(analysis, cache: cache, thumbnailError: thumbnailError) }
            // Then there is a line, and it is JSONEncoder's
            #expect(written != nil, "seed \(seed)")
            #expect(
                written
                    == Self.encoderLine(
                        EncodedResultLine(analysis: analysis, cache: cache, thumbnailError: thumbnailError)),
                "seed \(seed)")
        }
    }

    @Test("Given any failure, when written, then the line is JSONEncoder's byte for byte")
    func failureLines() async {
        await propertyCheck(count: 1000, input: Self.seeds) { seed in
            // Given a failure with any source, code and message
            var sampler = ResultSampler(seed: seed)
            var failure = SourceFailure(
                source: sampler.string(), error: CancellationError(),
                limits: SourceFailure.MemoryFlags(memoryBudget: .default, totalMemory: nil))
            failure.error = SourceFailure.Details(code: sampler.string(), message: sampler.string())
            // When written, then it is JSONEncoder's line
            #expect(JSONLines.failure(failure) == Self.encoderLine(failure), "seed \(seed)")
        }
    }

    /// Strings of the characters JSON escapes, or might, among plain ones.
    static let strings = Gen.element(of: ResultSampler.oddCharacters + ["a", "Z", "0", " ", "#", "."])
        .array(of: 0...24).map { String(String.UnicodeScalarView($0.compactMap { $0 })) }

    @Test("Given any string, when written, then it is escaped as JSONEncoder escapes it")
    func stringsEscapeAsJSONEncoder() async {
        await propertyCheck(count: 3000, input: Self.strings) { text in
            // Given a string of controls, quotes, slashes and non-ASCII characters
            // When the writer writes it in an array, then the bytes are JSONEncoder's
            #expect(
                Self.writerLine { $0.array([text]) { $0.string($1) } } == Self.encoderLine([text]),
                "\(text.debugDescription)")
        }
    }

    /// Any bit pattern: finite numbers of every magnitude, subnormals, NaNs and infinities.
    static let bitPatterns = Gen<UInt64>.value(in: 0...UInt64.max).map { Double(bitPattern: $0) }

    /// Decimals of up to 6 places, the numbers results hold.
    static let decimals = zip(Gen.int(in: -10_000_000...10_000_000), Gen.int(in: 0...6)).map { digits, places in
        Double(digits) / pow(10, Double(places))
    }

    @Test("Given any number, when written, then it is JSONEncoder's text for it, or both refuse it")
    func numbersFormatAsJSONEncoder() async {
        await propertyCheck(count: 3000, input: Self.bitPatterns) { value in
            // Given any double, when the writer writes it, then the bytes are JSONEncoder's
            #expect(
                Self.writerLine { try $0.array([value]) { try $0.number($1) } } == Self.encoderLine([value]), "\(value)"
            )
        }
        await propertyCheck(count: 3000, input: Self.decimals) { value in
            #expect(
                Self.writerLine { try $0.array([value]) { try $0.number($1) } } == Self.encoderLine([value]), "\(value)"
            )
        }
    }

    @Test(
        "Given a number, then the writer writes what JSONEncoder wrote",
        arguments: [
            (2.0, "2"), (-0.0, "-0"), (0.5, "0.5"), (1e-5, "1e-05"), (1e16, "1e+16"),
            (0.1 + 0.2, "0.30000000000000004"),
            (14.2, "14.2"), (5e-324, "5e-324"),
        ])
    func knownNumbers(value: Double, text: String) throws {
        // Given a number whose JSON form is known, when written, then it is that form
        #expect(Self.writerLine { try $0.number(value) } == text)
        #expect(Self.encoderLine([value]) == "[\(text)]")
    }

    @Test(
        "Given a string, then the writer escapes it as JSONEncoder did",
        arguments: [
            ("Samples/a b.jpg", #""Samples/a b.jpg""#), ("say \"hi\"\\", #""say \"hi\"\\""#),
            (
                "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{7F}",
                #""\u0000\u0001\b\t\n\u000b\f\r\u001f"# + "\u{7F}\""
            ),
            ("é漢😀\u{2028}", "\"é漢😀\u{2028}\""),
        ])
    func knownStrings(value: String, text: String) {
        // Given a string whose JSON form is known, when written, then it is that form
        #expect(Self.writerLine { $0.string(value) } == text)
        #expect(Self.encoderLine([value]) == "[\(text)]")
    }

    /// A stored property's names, in declaration order.
    static func properties(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label)
    }

    @Test("Given the types a result line is made of, then the writer knows each of their properties")
    func knowsEveryProperty() {
        // Given a value of each type the writer spells out key by key
        var sampler = ResultSampler(seed: 1)
        let (analysis, _, _) = sampler.resultLine(nonFiniteOdds: 0)
        let title = sampler.title(nonFiniteOdds: 0)
        let region = sampler.region(nonFiniteOdds: 0)
        let report = sampler.report(nonFiniteOdds: 0)
        // When their stored properties are listed
        // Then they are the ones the writer was written for: a new one needs its key in JSONLineWriter
        #expect(
            Self.properties(of: analysis) == [
                "source", "format", "width", "height", "orientation", "analyzed", "background", "primary", "secondary",
                "detail", "fallback", "scheme", "minimumContrast", "roleReports", "palette", "title", "memory",
                "colorProfile", "colorNote", "appearances", "placeholder", "frames", "decoder",
            ])
        #expect(Self.properties(of: analysis.analyzed) == ["width", "height"])
        #expect(
            Self.properties(of: ColorAnalysis.MemoryReport(budget: 1, accountedPeak: 1)) == ["budget", "accountedPeak"])
        #expect(
            Self.properties(of: title) == [
                "text", "color", "brightness", "contrastRatio", "rule", "candidates", "warning", "region",
            ])
        #expect(Self.properties(of: TitleCandidates(background: .white)) == ["light", "dark"])
        #expect(Self.properties(of: TitleCandidates(background: .white).light) == ["contrastRatio", "apcaLc"])
        #expect(Self.properties(of: region) == ["area", "rect", "light", "dark"])
        #expect(Self.properties(of: region.rect) == ["x", "y", "width", "height"])
        #expect(Self.properties(of: region.light) == ["worstContrast", "shareUnder4_5", "shareUnder3", "scrimOpacity"])
        #expect(Self.properties(of: report) == ["source", "share", "contrastRatio", "adjustment"])
        #expect(Self.properties(of: RoleReport.Adjustment(original: .white, deltaL: 0)) == ["original", "deltaL"])
        #expect(Self.properties(of: analysis.roles.reports) == ["background", "primary", "secondary", "detail"])
        #expect(Self.properties(of: CardAppearances()) == ["light", "dark"])
        #expect(
            Self.properties(of: sampler.card(nonFiniteOdds: 0)) == [
                "background", "primary", "secondary", "detail", "fallback", "roleReports", "title",
            ])
        #expect(Self.properties(of: PaletteColor(color: .white, share: 1)) == ["color", "share"])
        #expect(Self.properties(of: Placeholders()) == ["thumbHash", "blurHash"])
        #expect(Self.properties(of: FrameReport(count: 1, counted: 1)) == ["count", "counted"])
        #expect(Self.properties(of: SourceFailure.Details(code: "", message: "")) == ["code", "message"])
    }

    @Test("Given the samples analysed with every optional part, then the writer's lines are JSONEncoder's")
    func sampleResults() async throws {
        // Given each sample analysed with a palette, placeholders, a title region and all frames
        let options = AnalysisOptions(
            titleRegion: .custom(x: 0.1, y: 0.2, width: 0.5, height: 0.3), paletteSize: 8, frames: .all,
            placeholders: .both)
        let analyzer = ImageColorAnalyzer(options: options)
        for name in RepositoryPaths.sampleNames {
            let analysis = try await analyzer.analyze(fileAt: RepositoryPaths.samples.appendingPathComponent(name).path)
            // When written, with and without a cache status
            for cache in [nil, CacheStatus.fresh] {
                let written = try JSONLines.result(analysis, cache: cache, thumbnailError: nil)
                // Then the line is JSONEncoder's
                let encoded = try ResultJSON.line(
                    for: EncodedResultLine(analysis: analysis, cache: cache, thumbnailError: nil))
                #expect(written == encoded, "\(name)")
            }
        }
    }
}
