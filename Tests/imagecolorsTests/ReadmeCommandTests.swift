import Foundation
import Testing

/// Every `swift run imagecolors …` command in the README and the DocC articles that is followed
/// by an output block prints exactly that output.
@Suite("README and DocC commands")
struct ReadmeCommandTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var document: String
        var arguments: [String]
        var output: String
        var testDescription: String { "\(document): imagecolors " + arguments.joined(separator: " ") }
    }

    /// The README and every DocC article, as paths from the package root.
    static var documents: [String] {
        let catalogs = ["ImageColorsCore", "ImageColors", "ImageColorsRemote", "ImageColorsCache"].map {
            "Sources/\($0)/Documentation.docc"
        }
        return ["README.md"]
            + catalogs.flatMap { catalog in
                let folder = CLI.root.appendingPathComponent(catalog).path
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                return names.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
            }
    }

    static var examples: [Example] { documents.flatMap { examples(in: $0) } }

    /// Commands from ```sh blocks, each paired with the next ```text or ```json block.
    static func examples(in document: String) -> [Example] {
        guard let readme = try? String(contentsOf: CLI.root.appendingPathComponent(document), encoding: .utf8) else {
            return []
        }
        var examples: [Example] = []
        var pending: [String]?
        var block: (kind: String, lines: [String])?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var current = block {
                if line == "```" {
                    if current.kind == "sh" {
                        pending = current.lines.last { $0.hasPrefix("swift run imagecolors ") }
                            .map { $0.split(separator: " ").dropFirst(3).map(String.init) }
                    } else if let arguments = pending, current.kind == "text" || current.kind == "json" {
                        examples.append(
                            Example(
                                document: document, arguments: arguments, output: current.lines.joined(separator: "\n"))
                        )
                        pending = nil
                    }
                    block = nil
                } else {
                    current.lines.append(line)
                    block = current
                }
            } else if line.hasPrefix("```") {
                block = (String(line.dropFirst(3)), [])
            }
        }
        return examples
    }

    @Test("Given the README and the DocC articles, then they show commands with their output")
    func found() {
        // The two in the README (text and JSON), the dark card's, the title region's and the
        // contrast command's in the articles "Light and dark cards" and "Title rules".
        #expect(Self.examples(in: "README.md").count >= 2)
        #expect(Self.examples.count >= 5)
    }

    @Test("Given a documented command, when run, then it prints what the document shows", arguments: examples)
    func printsReadmeOutput(example: Example) async throws {
        let output = try await CLI.run(example.arguments)
        #expect(output.stdout.trimmingCharacters(in: .newlines) == example.output)
    }
}
