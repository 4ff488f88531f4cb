import ArgumentParser
import Foundation
import PropertyBased
import Testing

@testable import imagecolors

/// `analyze`'s fast parser (issue 43) held to argument-parser: for any command line it either
/// declines or reads exactly the settings argument-parser reads.
@Suite("Analyze fast parser")
struct AnalyzeFastParserTests {
    /// Every option of `analyze` that takes a value, with values each accepts (and some it does not).
    static let options: [(name: String, valid: [String])] = [
        ("format", ["json", "text"]), ("appearance", ["light", "dark", "both"]),
        ("thumbnail", ["t.png", "t.jpg", "{name}.jpeg"]), ("thumbnail-size", ["1", "64", "320"]),
        ("input-list", ["list.txt"]), ("jobs", ["1", "4", "100"]),
        ("quality", ["lowest", "low", "high", "highest"]), ("scheme", ["faithful", "classic"]),
        ("min-contrast", ["3", "4.5", "7", "21"]), ("background-from", ["edges", "whole"]),
        ("title-rule", ["brightness", "wcag", "apca"]), ("brightness-threshold", ["0", "125", "255"]),
        ("title-region", ["top", "bottom", "center", "0,0,1,0.5"]), ("color-management", ["on", "off"]),
        ("palette", ["1", "8", "64"]), ("backdrop", ["#1d2b3a", "#FFFFFF"]), ("frames", ["first", "all"]),
        ("placeholder", ["thumbhash", "blurhash", "both"]), ("blurhash-components", ["4x3", "9x1"]),
        ("memory-budget", ["30MB", "64MiB", "1000000"]), ("total-memory", ["1GB", "1"]),
        ("cache", ["cache.sqlite", "postgres://user@host:5432/db"]), ("max-side", ["1", "16384"]),
        ("max-pixels", ["1", "50000000"]), ("decode-timeout", ["0.5", "10"]), ("timeout", ["0.001", "30"]),
        ("max-download-size", ["1", "50MB"]),
    ]

    /// Values that are wrong for most options, odd for all.
    static let oddValues = [
        "", " ", "-", "-1", "-0.5", "0", "1e3", "inf", "nan", "0x10", "9223372036854775808", "abc", "JSON", "#zzz",
        "t.gif", "postgres://", "0,0,2,2", "10x10", "--format", "-h", "help", "a.png",
    ]

    /// Arguments that are not an option with its value: sources, flags, and what only
    /// argument-parser reads.
    static let loose = [
        "a.png", "b.jpg", "https://example.com/x.png", "a=b.png", "analyze", "report", "help", "", " ", "-", "--",
        "-x.png", "--help", "-h", "--version", "--allow-loopback", "--block-private", "--allow-downgrade",
        "--allow-loopback=yes", "--unknown", "--format", "--jobs=", "-j",
    ]

    /// One argument or an option with its value, in either form.
    static let piece = zip(
        Gen.int(in: 0...9), Gen.int(in: 0..<options.count), Gen.int(in: 0...99), Gen.element(of: loose)
    ).map { choice -> [String] in
        let (kind, optionIndex, valueIndex, loose) = choice
        let option = options[optionIndex]
        let values = option.valid + oddValues
        let value =
            kind.isMultiple(of: 2) ? option.valid[valueIndex % option.valid.count] : values[valueIndex % values.count]
        switch kind {
        case 0...3: return ["--\(option.name)", value]
        case 4...5: return ["--\(option.name)=\(value)"]
        default: return [loose ?? ""]
        }
    }

    /// A command line after `analyze`.
    static let commandLine = piece.array(of: 0...7).map { $0.flatMap { $0 } }

    /// What argument-parser reads, or `nil` where it refuses the line (or reads another command).
    static func argumentParserSettings(_ arguments: [String]) -> AnalyzeSettings? {
        (try? ImageColorsCommand.parseAsRoot(arguments) as? AnalyzeCommand)?.settings
    }

    @Test("Given any command line, when the fast parser reads it, then it declines or agrees with argument-parser")
    func agreesWithArgumentParser() async {
        await propertyCheck(count: 3000, input: Self.commandLine) { arguments in
            // Given a command line of sources, options (valid or not, in both forms) and odd arguments
            let line = ["analyze"] + arguments
            // When the fast parser reads it
            guard let fast = AnalyzeFastParser.settings(for: line) else { return }
            // Then argument-parser accepts it too and reads the same settings
            #expect(Self.argumentParserSettings(line) == fast, "\(line)")
        }
    }

    /// A common command line: sources and valid options, each at most once, in either form.
    static let commonLine = zip(
        Gen.shuffled(Array(options.indices)), Gen.int(in: 0...8), Gen.int(in: 0...99), Gen.int(in: 1...3)
    ).map { choice -> [String] in
        let (order, count, seed, sources) = choice
        var line = ["analyze"]
        let chosen = order.prefix(count).map { options[$0] }
        // A thumbnail size is only valid with a thumbnail.
        if chosen.contains(where: { $0.name == "thumbnail-size" }), !chosen.contains(where: { $0.name == "thumbnail" })
        {
            line += ["--thumbnail", "t.png"]
        }
        for (position, option) in chosen.enumerated() {
            let value = option.valid[(seed + position) % option.valid.count]
            line += (seed + position).isMultiple(of: 2) ? ["--\(option.name)", value] : ["--\(option.name)=\(value)"]
            if position == 0 { line += ["a.png"] }
        }
        return line + (1...sources).map { "source\($0).png" }
    }

    @Test("Given a common command line, when the fast parser reads it, then it reads what argument-parser reads")
    func readsCommonLines() async {
        await propertyCheck(count: 200, input: Self.commonLine) { line in
            // Given sources and valid options
            // When the fast parser reads them
            let fast = AnalyzeFastParser.settings(for: line)
            // Then it does not decline, and argument-parser reads the same settings
            #expect(fast != nil, "\(line)")
            #expect(fast == Self.argumentParserSettings(line), "\(line)")
        }
    }

    @Test(
        "Given what argument-parser has a meaning or a message for, then the fast parser declines",
        arguments: [
            ["analyze", "--help"], ["analyze", "-h"], ["analyze", "help"], ["analyze"], ["analyze", "--", "a.png"],
            ["analyze", "a.png", "--format", "json", "--format", "text"], ["analyze", "a.png", "--format", "yaml"],
            ["analyze", "a.png", "--jobs", "0"], ["analyze", "a.png", "--unknown"], ["analyze", "a.png", "--format"],
            ["analyze", "a.png", "--thumbnail", "t.gif"], ["analyze", "-", "a.png"], ["report", "a.png", "-o", "r"],
            ["analyze", "a.png", "--allow-loopback=true"], ["analyze", "a.png", "--version"],
        ])
    func declines(arguments: [String]) {
        // Given a command line argument-parser must answer
        // When the fast parser reads it
        // Then it declines
        #expect(AnalyzeFastParser.settings(for: arguments) == nil)
    }

    @Test("Given sources alone, then the settings are the defaults argument-parser gives")
    func defaults() {
        // Given two sources and no option
        let line = ["analyze", "a.png", "b.png"]
        // When both parsers read them
        let fast = AnalyzeFastParser.settings(for: line)
        // Then they agree on every default
        #expect(fast?.input.sources == ["a.png", "b.png"])
        #expect(fast == Self.argumentParserSettings(line))
    }
}
