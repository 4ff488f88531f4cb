import Foundation
import ImageColorsRemote
import Testing

/// What a response says about reusing it (RFC 9111, as a private cache).
@Suite("HTTPCachePolicy")
struct HTTPCachePolicyTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func policy(_ fields: [(String, String)]) -> HTTPCachePolicy {
        HTTPCachePolicy(headers: fields.map { HTTPHeaderField(name: $0.0, value: $0.1) }, receivedAt: now)
    }

    /// Response header fields and the lifetime they give.
    struct Lifetime: Sendable, CustomTestStringConvertible {
        var fields: [Field]
        var seconds: TimeInterval
        var testDescription: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "; ") }
    }

    /// One header field.
    struct Field: Sendable {
        var name: String
        var value: String
    }

    static let lifetimes: [Lifetime] = [
        ([("Cache-Control", "max-age=600")], 600.0),
        ([("Cache-Control", "public, max-age=600"), ("Age", "100")], 500),
        ([("cache-control", "MAX-AGE=\"60\"")], 60),
        ([("Date", "Fri, 15 Jan 2027 08:00:00 GMT"), ("Expires", "Fri, 15 Jan 2027 09:00:00 GMT")], 3600),
        ([("Date", "Fri, 15 Jan 2027 08:00:00 GMT"), ("Last-Modified", "Fri, 15 Jan 2027 06:00:00 GMT")], 720),
        ([("Date", "Fri, 15 Jan 2027 08:00:00 GMT"), ("Last-Modified", "Sat, 01 Jan 2000 00:00:00 GMT")], 86_400),
    ].map { fields, seconds in Lifetime(fields: fields.map { Field(name: $0.0, value: $0.1) }, seconds: seconds) }

    @Test(
        "freshness: max-age less Age, else Expires less Date, else a tenth of Last-Modified's age up to a day",
        arguments: lifetimes)
    func lifetime(_ case: Lifetime) throws {
        let freshUntil = try #require(Self.policy(`case`.fields.map { ($0.name, $0.value) }).freshUntil)
        #expect(abs(freshUntil.timeIntervalSince(Self.now) - `case`.seconds) < 0.001)
    }

    static let staleFromStart: [Lifetime] = [
        [("Cache-Control", "no-cache, max-age=600")],
        [("Cache-Control", "max-age=0")],
        [("Cache-Control", "max-age=60"), ("Age", "120")],
        [("Expires", "0")],
        [("ETag", "\"x\"")],
    ].map { Lifetime(fields: $0.map { Field(name: $0.0, value: $0.1) }, seconds: 0) }

    @Test(
        "stale from the start: no-cache, max-age=0, an Age past max-age, Expires: 0, nothing at all",
        arguments: staleFromStart)
    func stale(_ case: Lifetime) {
        let policy = Self.policy(`case`.fields.map { ($0.name, $0.value) })
        #expect(policy.freshUntil == nil && !policy.isFresh(at: Self.now) && policy.isStorable)
    }

    @Test("no-store is not storable")
    func noStore() {
        #expect(!Self.policy([("Cache-Control", "private, no-store")]).isStorable)
    }

    @Test("validators go back as If-None-Match and If-Modified-Since")
    func conditionalHeaders() {
        let policy = Self.policy([("ETag", "W/\"abc\""), ("Last-Modified", "Fri, 15 Jan 2027 06:00:00 GMT")])
        #expect(
            policy.conditionalHeaders == [
                HTTPHeaderField(name: "If-None-Match", value: "W/\"abc\""),
                HTTPHeaderField(name: "If-Modified-Since", value: "Fri, 15 Jan 2027 06:00:00 GMT"),
            ])
        #expect(Self.policy([]).conditionalHeaders.isEmpty)
    }

    @Test("after a 304 the new fields replace the old, the validators it omits are kept, freshness starts again")
    func refreshed() throws {
        let stored = Self.policy([("ETag", "\"1\""), ("Cache-Control", "max-age=60")])
        let later = Self.now.addingTimeInterval(1000)
        let refreshed = stored.refreshed(
            with: [HTTPHeaderField(name: "Cache-Control", value: "max-age=120")], receivedAt: later)
        #expect(refreshed.etag == "\"1\"")
        let freshUntil = try #require(refreshed.freshUntil)
        #expect(abs(freshUntil.timeIntervalSince(later) - 120) < 0.001)
    }
}

/// Header values a server controls reach number conversions: none may give an infinite,
/// negative or trapping lifetime.
@Suite("HTTPCachePolicy: hostile numbers")
struct HTTPCachePolicyNumberTests {
    static let now = HTTPCachePolicyTests.now

    @Test(
        "max-age beyond 2^31 (or not digits) never gives an unbounded or NaN lifetime",
        arguments: ["max-age=1e400", "max-age=inf", "max-age=nan", "max-age=99999999999999999999999999", "max-age=-1"])
    func maxAge(value: String) {
        // Given a Cache-Control with an extreme or malformed max-age
        let policy = HTTPCachePolicyTests.policy([("Cache-Control", value)])
        // When its freshness is read
        // Then it is either stale or at most 2^31 s away
        if let freshUntil = policy.freshUntil {
            let lifetime = freshUntil.timeIntervalSince(Self.now)
            #expect(lifetime.isFinite && lifetime > 0 && lifetime <= 2_147_483_648)
        }
    }

    @Test("a far Expires is kept to 2^31 s")
    func farExpires() throws {
        // Given an Expires in the year 9999
        let policy = HTTPCachePolicyTests.policy([("Expires", "Fri, 31 Dec 9999 23:59:59 GMT")])
        // When its freshness is read, Then it is at most 2^31 s away
        let freshUntil = try #require(policy.freshUntil)
        #expect(freshUntil.timeIntervalSince(Self.now) <= 2_147_483_648)
    }

    @Test("a negative or non-numeric Age is ignored, not added to the lifetime", arguments: ["-100000", "-inf", "nan"])
    func age(value: String) throws {
        // Given max-age=60 and an Age that would lengthen it
        let policy = HTTPCachePolicyTests.policy([("Cache-Control", "max-age=60"), ("Age", value)])
        // When its freshness is read, Then the lifetime is max-age's
        let freshUntil = try #require(policy.freshUntil)
        #expect(freshUntil.timeIntervalSince(Self.now) == 60)
    }
}
