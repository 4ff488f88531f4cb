import Foundation

/// The Python virtual environment holding the PyPI reference implementations the tests use as
/// oracles (thumbhash-python, blurhash, materialyoucolor): `.build-venv` at the package root,
/// made by `Tests/Oracles/make-venv.sh` (CI's `.ci/run` runs it before `swift test`).
public enum OracleEnvironment {
    /// The environment's folder.
    public static let folder = RepositoryPaths.root.appendingPathComponent(".build-venv")
    /// Its Python interpreter, when the environment exists.
    public static var python: URL? {
        let python = folder.appendingPathComponent("bin/python")
        return FileManager.default.isExecutableFile(atPath: python.path) ? python : nil
    }
    /// The oracle scripts' folder, `Tests/Oracles`.
    public static let scripts = RepositoryPaths.root.appendingPathComponent("Tests/Oracles")
    /// Whether oracle tests run: when the environment exists, and always on CI (`CI` set), where
    /// a missing environment must fail the run instead of skipping it.
    public static let enabled = python != nil || ProcessInfo.processInfo.environment["CI"] != nil
    /// What to do about a missing environment.
    public static let setupHint =
        "the oracle tests need the Python environment .build-venv: run Tests/Oracles/make-venv.sh (CI's .ci/run does)"

    /// Runs `script` (in `Tests/Oracles`) with the environment's Python, `input` on stdin.
    /// - Throws: `OracleError` when the environment is missing or the script fails.
    public static func run(_ script: String, input: Data) async throws -> Data {
        guard let python else { throw OracleError(message: setupHint) }
        let output = try await runProcessInBackground(
            python, [scripts.appendingPathComponent(script).path], input: input)
        guard output.status == 0 else {
            throw OracleError(message: "\(script) exited with \(output.status): \(output.stderr)")
        }
        return output.stdoutData
    }
}

/// An oracle that could not be run.
public struct OracleError: Error, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    public var description: String { message }
}
