import Foundation
import Synchronization

/// The results the service answered lately from a fresh origin response, kept in memory, so a
/// URL asked again while it is fresh is answered without the SQLite cache, the admission queue
/// or a single flight.
///
/// A hit on the SQLite cache is a write transaction (it marks the entry used, for the
/// least-recently-used eviction) and a decode of the stored JSON, and it waited for an analysis
/// slot behind downloads: at 8 connections on 2 cores that made a cached request's p99 11 ms.
/// An answer here is kept for as long as the origin's response stays fresh and at most
/// ``lifetime`` (so the SQLite entry of a URL in use is still marked used at least that often,
/// and a fleet sharing one cache sees another server's replacement within it), and at most
/// ``capacity`` answers are kept, those closest to going stale dropped first.
final class FreshAnswers: Sendable {
    private struct Answer {
        var outcome: AnalysisOutcome
        var until: Date
    }

    /// How long an answer is kept at most, whatever the origin allows.
    let lifetime: TimeInterval
    /// How many answers are kept at most.
    let capacity: Int
    private let answers = Mutex<[FlightKey: Answer]>([:])

    /// - Parameters:
    ///   - capacity: Default 1,024 answers (a few kilobytes each: no thumbnails here).
    ///   - lifetime: Default 60 seconds.
    init(capacity: Int = 1024, lifetime: TimeInterval = 60) {
        self.capacity = max(0, capacity)
        self.lifetime = max(0, lifetime)
    }

    /// The answer kept for `key`, if it is still fresh at `now`, as a fresh cache hit.
    func outcome(for key: FlightKey, at now: Date = Date()) -> AnalysisOutcome? {
        answers.withLock { answers in
            guard let answer = answers[key] else { return nil }
            guard now < answer.until else {
                answers[key] = nil
                return nil
            }
            return answer.outcome
        }
    }

    /// Keeps `outcome` for `key` while its origin's response is fresh (and at most ``lifetime``);
    /// an outcome without a fresh, storable policy is not kept.
    func remember(_ outcome: AnalysisOutcome, for key: FlightKey, at now: Date = Date()) {
        guard capacity > 0, let policy = outcome.policy, policy.isStorable, let freshUntil = policy.freshUntil,
            now < freshUntil
        else { return }
        var kept = outcome
        kept.cacheStatus = .fresh
        kept.shared = false
        kept.bodies = EncodedBodies()
        let answer = Answer(outcome: kept, until: min(freshUntil, now.addingTimeInterval(lifetime)))
        answers.withLock { answers in
            if answers[key] == nil, answers.count >= capacity {
                answers = answers.filter { now < $0.value.until }
                if answers.count >= capacity, let first = answers.min(by: { $0.value.until < $1.value.until }) {
                    answers[first.key] = nil
                }
            }
            answers[key] = answer
        }
    }

    /// How many answers are kept (stale ones included until they are next looked at).
    var count: Int { answers.withLock { $0.count } }
}
