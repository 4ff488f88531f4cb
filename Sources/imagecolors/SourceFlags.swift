import ArgumentParser
import Foundation

/// Which images to analyse and how many at once: the sources `analyze` and `report` share.
struct SourceFlags: ParsableArguments {
    @Argument(
        help: ArgumentHelp("Image files or http(s) URLs (JPEG, PNG, WebP, GIF, HEIC or AVIF).", valueName: "source"))
    var sources: [String] = []

    @Option(
        name: .customLong("input-list"),
        help: ArgumentHelp(
            """
            Also read sources from this file, one per line (- for standard input); blank lines and lines starting \
            with # are skipped.
            """,
            valueName: "file"))
    var inputList: String?

    @Option(
        help: ArgumentHelp("How many images to analyse at once. Each may use the whole memory budget.", valueName: "n"))
    var jobs: Int = 4

    func validate() throws {
        if sources.isEmpty && inputList == nil {
            throw ValidationError("give at least one image file or URL, or --input-list")
        }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
    }

    /// The arguments, then the list's lines, in order.
    /// - Throws: `ValidationError` when the list cannot be read.
    func resolve() throws -> [String] {
        guard let inputList else { return sources }
        let text: String
        if inputList == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            guard let data = FileManager.default.contents(atPath: inputList) else {
                throw ValidationError("cannot read the input list \(inputList)")
            }
            text = String(decoding: data, as: UTF8.self)
        }
        let listed = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let all = sources + listed
        if all.isEmpty { throw ValidationError("the input list \(inputList) names no sources") }
        return all
    }
}
