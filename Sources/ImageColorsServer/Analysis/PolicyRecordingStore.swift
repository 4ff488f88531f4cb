import Foundation
import ImageColorsCache
import ImageColorsRemote
import Synchronization

/// The store the service gives every loader: the cache (SQLite or PostgreSQL) when there is
/// one, and always a note of the origin's HTTP cache policy for the request under way, which
/// `Cache-Control` follows. The loader tells a store the policy of each response it keeps; without `--cache`,
/// the note is all that is kept.
struct PolicyRecordingStore: AnalysisStore {
    /// The cache behind it, or `nil`.
    let cache: ResultCache?

    /// Where the current request's policy is noted; set around one loader call.
    @TaskLocal static var note: PolicyNote?

    func entry(for key: AnalysisStoreKey) async -> CachedAnalysis? {
        let entry = await cache?.store.entry(for: key)
        if let entry { Self.note?.record(entry.policy) }
        return entry
    }

    func store(_ entry: CachedAnalysis, for key: AnalysisStoreKey) async {
        Self.note?.record(entry.policy)
        await cache?.store.store(entry, for: key)
    }

    /// Closes the cache, if any (the service stops).
    func close() async {
        await cache?.close()
    }

    func removeEntry(for key: AnalysisStoreKey) async {
        // A response the loader does not keep (no-store) leaves no policy to follow.
        Self.note?.record(nil)
        await cache?.store.removeEntry(for: key)
    }
}

/// The last policy a store saw during one request.
final class PolicyNote: Sendable {
    private let policy = Mutex<HTTPCachePolicy?>(nil)

    func record(_ policy: HTTPCachePolicy?) {
        self.policy.withLock { $0 = policy }
    }

    /// The policy of the response the result came from, or `nil` (not storable).
    var recorded: HTTPCachePolicy? { policy.withLock { $0 } }
}
