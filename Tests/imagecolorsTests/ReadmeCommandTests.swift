import Foundation
import Testing

/// Every `swift run imagecolors …` command in the README that is followed by an output block
/// prints exactly that output.
@Suite("README commands")
struct ReadmeCommandTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var output: String
        var testDescription: String { "imagecolors " + arguments.joined(separator: " ") }
    }

    /// Commands from ```sh blocks, each paired with the next ```text or ```json block.
    static var examples: [Example] {
        guard let readme = try? String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8) else {
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
                        examples.append(Example(arguments: arguments, output: current.lines.joined(separator: "\n")))
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

    @Test("the README shows commands with their output")
    func found() {
        #expect(Self.examples.count >= 2)
    }

    @Test("prints what the README shows", arguments: examples)
    func printsReadmeOutput(example: Example) async throws {
        let output = try await CLI.run(example.arguments)
        #expect(output.stdout.trimmingCharacters(in: .newlines) == example.output)
    }
}
