import ArgumentParser
import Foundation

/// Which images to analyse and how many at once, as plain values: what ``SourceFlags`` parses,
/// and what ``AnalyzeFastParser`` fills without argument-parser's reflection (issue 43).
struct SourceSettings: Sendable, Equatable {
    var sources: [String] = []
    var inputList: String?
    var jobs = 4

    /// Refuses a run without sources, or with fewer than one job.
    func validate() throws {
        if sources.isEmpty && inputList == nil {
            throw ValidationError("give at least one image file or URL, or --input-list")
        }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
    }

    /// The most analyses at once, whatever `--jobs` says: each may use the whole memory budget,
    /// and more than this only adds tasks waiting for the same cores and connections.
    static let maximumJobs = 64

    /// How many analyses run at once: `--jobs`, at most ``maximumJobs`` (the batch never starts
    /// more than there are sources).
    var workers: Int { min(jobs, Self.maximumJobs) }

    /// The sources, read as the run goes: the arguments, then the list's lines.
    /// - Parameter check: Refuses a source from the list before it is analysed.
    /// - Throws: `ValidationError` when the list cannot be opened.
    func feed(check: @escaping @Sendable (String) throws -> Void = { _ in }) throws -> SourceFeed {
        SourceFeed(arguments: sources, list: try openList(), check: check)
    }

    /// Every source, the list read to its end first (a run whose outputs are named after its
    /// sources plans them all before any work).
    /// - Throws: `ValidationError` when the list cannot be read or names no sources, or
    ///   ``InputListError/tooLarge(_:limit:)``.
    func allSources() async throws -> [String] {
        guard let list = try openList() else { return sources }
        let all = sources + (try await list.readAll())
        try Self.checkNotEmpty(count: all.count, list: list.name)
        return all
    }

    /// Refuses a run that had no source at all (an empty list and no arguments).
    static func checkNotEmpty(count: Int, list: String?) throws {
        if count == 0 {
            throw ValidationError(
                "the input list \(SourceDisplay.escapingControlCharacters(list ?? "")) names no sources")
        }
    }

    private func openList() throws -> InputListReader? {
        guard let inputList else { return nil }
        do throws(InputListError) {
            return try InputListReader(name: inputList)
        } catch {
            throw ValidationError(SourceDisplay.escapingControlCharacters(error.description))
        }
    }
}
