import Foundation
import ImageColors
import ImageColorsRemote
import Testing

@testable import ImageColorsServer

/// The in-memory answers that spare a fresh URL the SQLite cache, the queue and the flight.
@Suite("FreshAnswers: fresh results kept in memory")
struct FreshAnswersTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func key(_ name: String) -> FlightKey {
        FlightKey(source: "url:https://example.test/\(name).png", variant: "v")
    }

    static func analysis() async throws -> ColorAnalysis {
        try await ImageColorAnalyzer(options: AnalysisOptions(quality: .lowest)).analyze(
            data: ServerSupport.sample("coffee.png"))
    }

    static func outcome(
        _ analysis: ColorAnalysis, freshFor seconds: TimeInterval?, storable: Bool = true
    ) -> AnalysisOutcome {
        AnalysisOutcome(
            analysis: analysis, cacheStatus: .stored,
            policy: HTTPCachePolicy(
                etag: "\"1\"", freshUntil: seconds.map { now.addingTimeInterval($0) }, isStorable: storable),
            shared: true)
    }

    @Test("Given an answer fresh for 600 s, when asked within them, then it is served as a fresh, unshared hit")
    func servesWhileFresh() async throws {
        let analysis = try await Self.analysis()
        let answers = FreshAnswers()
        answers.remember(Self.outcome(analysis, freshFor: 600), for: Self.key("a"), at: Self.now)
        let found = answers.outcome(for: Self.key("a"), at: Self.now.addingTimeInterval(30))
        #expect(found?.cacheStatus == .fresh)
        #expect(found?.shared == false)
        #expect(found?.analysis == analysis)
        #expect(answers.outcome(for: Self.key("b"), at: Self.now) == nil)
    }

    @Test("Given an answer fresh for 10 s, when asked after them, then it is not served and is forgotten")
    func staleAfterOrigin() async throws {
        let analysis = try await Self.analysis()
        let answers = FreshAnswers()
        answers.remember(Self.outcome(analysis, freshFor: 10), for: Self.key("a"), at: Self.now)
        #expect(answers.outcome(for: Self.key("a"), at: Self.now.addingTimeInterval(10)) == nil)
        #expect(answers.count == 0)
    }

    @Test("Given an answer fresh for an hour, when asked after the lifetime, then it is not served")
    func lifetimeCaps() async throws {
        let analysis = try await Self.analysis()
        let answers = FreshAnswers(lifetime: 60)
        answers.remember(Self.outcome(analysis, freshFor: 3600), for: Self.key("a"), at: Self.now)
        #expect(answers.outcome(for: Self.key("a"), at: Self.now.addingTimeInterval(59)) != nil)
        #expect(answers.outcome(for: Self.key("a"), at: Self.now.addingTimeInterval(61)) == nil)
    }

    /// Outcomes the answers must not keep.
    enum Unkept: CaseIterable, Sendable {
        case mustRevalidate, noStore, alreadyStale, noPolicy
    }

    @Test(
        "Given an outcome to revalidate, not to store, stale or without policy, when remembered, then it is not kept",
        arguments: Unkept.allCases)
    func keepsOnlyFresh(_ kind: Unkept) async throws {
        let analysis = try await Self.analysis()
        let outcome =
            switch kind {
            case .mustRevalidate: Self.outcome(analysis, freshFor: nil)
            case .noStore: Self.outcome(analysis, freshFor: 600, storable: false)
            case .alreadyStale: Self.outcome(analysis, freshFor: -1)
            case .noPolicy: AnalysisOutcome(analysis: analysis)
            }
        let answers = FreshAnswers()
        answers.remember(outcome, for: Self.key("a"), at: Self.now)
        #expect(answers.count == 0)
    }

    @Test("Given a full capacity, when another answer comes, then the one closest to going stale makes room")
    func capacity() async throws {
        let analysis = try await Self.analysis()
        let answers = FreshAnswers(capacity: 2)
        answers.remember(Self.outcome(analysis, freshFor: 30), for: Self.key("soon"), at: Self.now)
        answers.remember(Self.outcome(analysis, freshFor: 50), for: Self.key("later"), at: Self.now)
        answers.remember(Self.outcome(analysis, freshFor: 40), for: Self.key("new"), at: Self.now)
        #expect(answers.count == 2)
        #expect(answers.outcome(for: Self.key("soon"), at: Self.now) == nil)
        #expect(answers.outcome(for: Self.key("later"), at: Self.now) != nil)
        #expect(answers.outcome(for: Self.key("new"), at: Self.now) != nil)
    }

    @Test("Given a kept answer, when its JSON is asked for twice per appearance set, then each is encoded once")
    func bodiesReused() async throws {
        let analysis = try await Self.analysis()
        let answers = FreshAnswers()
        answers.remember(Self.outcome(analysis, freshFor: 600), for: Self.key("a"), at: Self.now)
        let outcome = try #require(answers.outcome(for: Self.key("a"), at: Self.now))
        let both = try ResultResponse.encoded(outcome, appearances: [.light, .dark])
        let light = try ResultResponse.encoded(outcome, appearances: [.light])
        // The same bytes and tag as encoding afresh, and the kept ones are what comes back.
        let fresh = try ResultResponse.json(outcome, appearances: [.light, .dark])
        #expect(both.data == fresh)
        #expect(both.etag == ResultResponse.entityTag(fresh))
        #expect(light.data != both.data)
        let kept = try #require(outcome.bodies)
        let again = kept.body(for: [.light, .dark]) { EncodedBody(data: Data(), etag: "made again") }
        #expect(again.etag == both.etag)
    }
}
