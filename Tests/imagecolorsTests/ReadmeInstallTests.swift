import Foundation
import Testing

/// The README's first commands must work on a fresh machine: its install line names what CI's
/// fresh-machine script installs for the build and the tests.
@Suite("README: the install line")
struct ReadmeInstallTests {
    /// What `.ci/run` installs for its own extra checks and the benchmarks, not for `swift build`
    /// and `swift test`: valgrind (the shim's leak check), chromium (the report's screenshots),
    /// python3-venv (the PyPI oracles), libvips-tools (the benchmarks' large images), curl (the
    /// service's schemathesis and playground checks), openjdk-17-jre-headless (the Spark sample's
    /// check, Samples/Spark/test-catalogue.sh).
    static let ciOnly: Set<String> = [
        "valgrind", "chromium", "python3-venv", "libvips-tools", "curl", "openjdk-17-jre-headless", "postgresql",
    ]

    /// The package names in `command` (flags and line continuations dropped).
    static func packages(in command: Substring) -> Set<String> {
        Set(
            command.split(whereSeparator: { $0.isWhitespace || $0 == "\\" }).map(String.init)
                .filter { !$0.hasPrefix("-") })
    }

    /// `.ci/run`'s `apt-get install` command: from the marker to the first line that does not end
    /// in a backslash.
    static func ciPackages(_ script: String) -> Set<String> {
        guard let start = script.range(of: "apt-get install -y -qq --no-install-recommends") else { return [] }
        var command = Substring("")
        for line in script[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            command += line + " "
            if !line.hasSuffix("\\") { break }
        }
        return packages(in: command)
    }

    /// The README's `sudo apt-get install -y …` command, up to its closing backtick.
    static func readmePackages(_ readme: String) -> Set<String> {
        guard let start = readme.range(of: "`sudo apt-get install -y ") else { return [] }
        return packages(in: readme[start.upperBound...].prefix { $0 != "`" })
    }

    @Test("Given .ci/run's packages, then the README's apt-get line names each one the build and tests need")
    func readmeNamesCIPackages() throws {
        let readme = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
        let script = try String(contentsOf: CLI.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        // Given the packages .ci/run installs on a fresh machine, and the README's line
        let ci = Self.ciPackages(script)
        let documented = Self.readmePackages(readme)
        #expect(ci.count >= 10 && documented.count >= 10, "ci: \(ci.sorted()), README: \(documented.sorted())")
        // Then every package but CI's own tools is in the README's line
        let missing = ci.subtracting(Self.ciOnly).subtracting(documented)
        #expect(missing.isEmpty, "missing from the README: \(missing.sorted())")
    }
}
