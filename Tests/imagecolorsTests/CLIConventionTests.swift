import Foundation
import ImageColors
import TestSupport
import Testing

/// What every command-line tool is expected to have: `--version`, shell completions and a
/// manual page (the last from argument-parser's plugin; see the README).
@Suite("CLI conventions")
struct CLIConventionTests {
    @Test("Given --version, when run, then it prints the package's one version constant and exits 0")
    func version() async throws {
        let output = try await CLI.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout == ImageColorsVersion.current + "\n")
        #expect(output.stderr.isEmpty)
    }

    @Test("Given the version constant, then it is semantic versioning and CHANGELOG.md has its section")
    func versionIsDocumented() throws {
        let version = ImageColorsVersion.current
        #expect(version.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?/) != nil, "\(version)")
        let changelog = try String(
            contentsOf: RepositoryPaths.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // A development version collects its changes under [Unreleased]; a release has its own heading.
        let heading = version.hasSuffix("-dev") ? "## [Unreleased]" : "## [\(version)]"
        #expect(
            changelog.contains(heading + "\n") || changelog.contains(heading + " "), "CHANGELOG.md lacks \(heading)")
    }

    /// A word each shell's script must contain to be that shell's, and to complete our commands.
    static let shells: [(shell: String, marker: String)] = [
        ("bash", "complete -o filenames -F"),
        ("zsh", "#compdef imagecolors"),
        ("fish", "complete -c 'imagecolors'"),
    ]

    @Test(
        "Given a shell, when a completion script is asked for, then it completes the subcommands and their options",
        arguments: shells.map(\.shell))
    func completionScript(shell: String) async throws {
        let output = try await CLI.run(["--generate-completion-script", shell])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        let marker = try #require(Self.shells.first { $0.shell == shell }?.marker)
        #expect(output.stdout.contains(marker), "\(shell) script without \(marker)")
        for word in ["analyze", "report", "contrast", "memory-budget", "appearance"] {
            #expect(output.stdout.contains(word), "\(shell) script without \(word)")
        }
    }

    @Test("Given an unknown shell, when a completion script is asked for, then it is a usage error")
    func unknownShell() async throws {
        let output = try await CLI.run(["--generate-completion-script", "tcsh"])
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
    }
}
