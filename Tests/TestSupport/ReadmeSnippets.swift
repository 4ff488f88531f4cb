import Foundation

/// Keeps the README's code examples and the tests that compile them identical.
public enum ReadmeSnippets {
    /// The README's text.
    public static func readme() throws -> String {
        try String(contentsOf: RepositoryPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The lines of `file` between `// NAME begins` and `// NAME ends`, with the indentation
    /// of the `begins` line removed: the example as the README shows it.
    /// - Parameters:
    ///   - name: The marker's name, e.g. `README example`.
    ///   - file: The test file's path (pass `#filePath`).
    public static func example(named name: String, in file: String) throws -> String {
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// \(name) begins" }),
            let end = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// \(name) ends" }),
            begin < end
        else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: file])
        }
        let indent = lines[begin].prefix { $0 == " " }.count
        return lines[(begin + 1)..<end].map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
            .joined(separator: "\n")
    }
}
