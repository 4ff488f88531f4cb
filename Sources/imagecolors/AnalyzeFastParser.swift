import ArgumentParser
import ImageColors

/// Reads the common forms of `imagecolors analyze` (sources, and each option at most once as
/// `--name value` or `--name=value`) into ``AnalyzeSettings`` without argument-parser.
///
/// Scripts start the CLI once per image, and argument-parser's first parse reflects over every
/// command's properties: its protocol-conformance look-ups each scan the binary's records, 40% of
/// the CPU a 16×16 PNG took (issue 43). This parser declines (returns `nil`) whatever it does not
/// read exactly as argument-parser would: help, `--version`, `--`, short or unknown options,
/// repeated ones, values that are empty or start with `-`, a value argument-parser would refuse,
/// settings that fail validation. Those go to argument-parser, so every message stays its own.
/// Values are read by the same `init?(argument:)` and transforms as the flags';
/// `AnalyzeFastParserTests` holds the two to the same settings.
enum AnalyzeFastParser {
    /// The settings `arguments` (the command line without the program's name) ask for, or `nil`
    /// to leave them to argument-parser.
    static func settings(for arguments: [String]) -> AnalyzeSettings? {
        guard arguments.first == AnalyzeCommand.configuration.commandName else { return nil }
        var settings = AnalyzeSettings()
        var seen: Set<Substring> = []
        var index = arguments.index(after: arguments.startIndex)
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                // argument-parser gives `help` a meaning of its own.
                guard !argument.isEmpty, argument != "help" else { return nil }
                settings.input.sources.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else { return nil }
            var name = argument.dropFirst(2)
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            guard seen.insert(name).inserted else { return nil }
            if value == nil, setFlag(name, in: &settings.analysis) { continue }
            if value == nil, index < arguments.endIndex {
                value = arguments[index]
                index += 1
            }
            guard let value, !value.isEmpty, !value.hasPrefix("-"), assign(name, value, to: &settings) else {
                return nil
            }
        }
        do {
            try settings.validate()
        } catch {
            return nil
        }
        return settings
    }

    /// Sets the option without a value called `name`; `false` when there is none.
    private static func setFlag(_ name: Substring, in settings: inout AnalysisSettings) -> Bool {
        switch name {
        case "allow-loopback": settings.allowLoopback = true
        case "block-private": settings.blockPrivate = true
        case "allow-downgrade": settings.allowDowngrade = true
        default: return false
        }
        return true
    }

    /// Sets the option `name` to `value`; `false` for an unknown option or a value refused.
    private static func assign(_ name: Substring, _ value: String, to settings: inout AnalyzeSettings) -> Bool {
        switch name {
        case "format": read(value, into: &settings.format)
        case "appearance": read(value, into: &settings.appearance)
        case "thumbnail": read(value, into: &settings.thumbnail)
        case "thumbnail-size": read(value, into: &settings.thumbnailSize)
        case "input-list": read(value, into: &settings.input.inputList)
        case "jobs": read(value, into: &settings.input.jobs)
        default: assign(name, value, to: &settings.analysis)
        }
    }

    /// Sets one of ``AnalysisFlags``' options.
    private static func assign(_ name: Substring, _ value: String, to settings: inout AnalysisSettings) -> Bool {
        switch name {
        case "quality": read(value, into: &settings.quality)
        case "scheme": read(value, into: &settings.scheme)
        case "min-contrast": read(value, into: &settings.minimumContrast)
        case "background-from": read(value, into: &settings.backgroundSource)
        case "title-rule": read(value, into: &settings.titleRule)
        case "brightness-threshold": read(value, into: &settings.brightnessThreshold)
        case "title-region": transform(value, into: &settings.titleRegion) { try TitleRegion(parsing: $0) }
        case "color-management": read(value, into: &settings.colorManagement)
        case "palette": read(value, into: &settings.palette)
        case "backdrop": transform(value, into: &settings.backdrop, AnalysisSettings.backdrop)
        case "frames": read(value, into: &settings.frames)
        case "placeholder": read(value, into: &settings.placeholder)
        case "blurhash-components":
            transform(value, into: &settings.blurHashComponents, AnalysisSettings.blurHashComponents)
        case "memory-budget":
            transform(value, into: &settings.memoryBudget) { try MemoryBudget.parsing($0, flag: "--memory-budget") }
        case "total-memory":
            transform(value, into: &settings.totalMemory) { try MemoryBudget.parsing($0, flag: "--total-memory") }
        case "cache": read(value, into: &settings.cache)
        case "max-side": read(value, into: &settings.maxSide)
        case "max-pixels": read(value, into: &settings.maxPixels)
        case "decode-timeout": read(value, into: &settings.decodeTimeout)
        case "timeout": read(value, into: &settings.timeout)
        case "max-download-size":
            transform(value, into: &settings.maxDownloadSize) {
                try MemoryBudget.parsing($0, flag: "--max-download-size")
            }
        default: false
        }
    }

    /// Reads `value` as argument-parser reads an option of type `Value`.
    private static func read<Value: ExpressibleByArgument>(_ value: String, into target: inout Value) -> Bool {
        guard let parsed = Value(argument: value) else { return false }
        target = parsed
        return true
    }

    /// Reads `value` as argument-parser reads an optional option of type `Value`.
    private static func read<Value: ExpressibleByArgument>(_ value: String, into target: inout Value?) -> Bool {
        guard let parsed = Value(argument: value) else { return false }
        target = parsed
        return true
    }

    /// Reads `value` with an option's transform.
    private static func transform<Value>(
        _ value: String, into target: inout Value, _ parse: (String) throws -> Value
    ) -> Bool {
        guard let parsed = try? parse(value) else { return false }
        target = parsed
        return true
    }

    /// Reads `value` with an optional option's transform.
    private static func transform<Value>(
        _ value: String, into target: inout Value?, _ parse: (String) throws -> Value
    ) -> Bool {
        guard let parsed = try? parse(value) else { return false }
        target = parsed
        return true
    }
}
