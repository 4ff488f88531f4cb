import Foundation
import TestSupport

/// Runs the built `imagecolors` binary.
enum CLI {
    static let root = RepositoryPaths.root
    static let corpus = RepositoryPaths.corpus

    /// The binary, next to the test bundle in the build folder.
    static let binary = ImageColorsBinary.url

    /// Runs `imagecolors ARGUMENTS…` in the package root with `environment` added.
    /// Suspends while the binary runs (see ``runProcessInBackground``).
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) async throws
        -> ProcessOutput
    {
        try await runProcessInBackground(
            binary, arguments, in: root, environment: environment, input: input.map { Data($0.utf8) })
    }

    /// Parses one JSON line into a dictionary.
    static func object(_ line: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return object
    }

    /// The sample images as relative paths (`Samples/x.jpg`), sorted.
    static var samples: [String] {
        RepositoryPaths.sampleNames.map { "Samples/\($0)" }
    }
}
