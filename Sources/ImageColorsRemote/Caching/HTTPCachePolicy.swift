import Foundation

/// What a response says about reusing it (RFC 9111, as a private cache): its validators, how
/// long it stays fresh, and whether it may be stored at all.
///
/// Freshness comes from `Cache-Control: max-age` (less `Age`), else `Expires` (less `Date`),
/// else, for a response with `Last-Modified`, a tenth of its age at the time (at most a day),
/// the heuristic RFC 9111 §4.2.2 suggests. `no-cache` keeps the entry but revalidates it before
/// every use; `no-store` keeps nothing.
public struct HTTPCachePolicy: Sendable, Hashable, Codable {
    /// The `ETag`, sent back as `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified`, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// Until when the entry may be used without asking the server; `nil` to ask every time.
    public var freshUntil: Date?
    /// `false` when the response said `no-store`.
    public var isStorable: Bool

    /// The longest heuristic lifetime given to a response without an explicit one.
    public static let heuristicLimit: TimeInterval = 24 * 60 * 60

    /// Creates a policy.
    /// - Parameters:
    ///   - etag: Default `nil`.
    ///   - lastModified: Default `nil`.
    ///   - freshUntil: Default `nil` (revalidate every time).
    ///   - isStorable: Default `true`.
    public init(etag: String? = nil, lastModified: String? = nil, freshUntil: Date? = nil, isStorable: Bool = true) {
        self.etag = etag
        self.lastModified = lastModified
        self.freshUntil = freshUntil
        self.isStorable = isStorable
    }

    /// Reads the policy of a response.
    /// - Parameters:
    ///   - headers: The response's header fields.
    ///   - receivedAt: When it arrived (the clock freshness is counted on).
    public init(headers: [HTTPHeaderField], receivedAt: Date) {
        let fields = HeaderLookup(headers)
        let control = CacheControl(fields["Cache-Control"])
        self.init(
            etag: fields["ETag"], lastModified: fields["Last-Modified"],
            freshUntil: Self.freshUntil(control: control, fields: fields, receivedAt: receivedAt),
            isStorable: !control.noStore)
    }

    /// The policy after a `304 Not Modified` with `headers`: its fields replace the stored ones
    /// (RFC 9111 §4.3.4), and freshness is counted again from `receivedAt`.
    /// - Parameters:
    ///   - headers: The `304`'s header fields.
    ///   - receivedAt: When it arrived.
    public func refreshed(with headers: [HTTPHeaderField], receivedAt: Date) -> HTTPCachePolicy {
        var fields = HeaderLookup(headers)
        // A 304 need not repeat the validators; the stored ones still hold.
        if fields["ETag"] == nil, let etag { fields.add("ETag", etag) }
        if fields["Last-Modified"] == nil, let lastModified { fields.add("Last-Modified", lastModified) }
        return HTTPCachePolicy(headers: fields.fields, receivedAt: receivedAt)
    }

    /// Whether the entry may be used at `date` without asking the server.
    public func isFresh(at date: Date) -> Bool {
        freshUntil.map { date < $0 } ?? false
    }

    /// `If-None-Match` and `If-Modified-Since` for a conditional request (empty without validators).
    public var conditionalHeaders: [HTTPHeaderField] {
        var headers: [HTTPHeaderField] = []
        if let etag { headers.append(HTTPHeaderField(name: "If-None-Match", value: etag)) }
        if let lastModified { headers.append(HTTPHeaderField(name: "If-Modified-Since", value: lastModified)) }
        return headers
    }

    /// `receivedAt` plus `lifetime`, at most ``DeltaSeconds/maximum`` later (an `Expires` in the
    /// year 9999 is not a reason to keep a result longer, and a caller turning the freshness into
    /// an integer, such as a `max-age` of its own, must not overflow); `nil` when not positive.
    private static func expiry(after lifetime: TimeInterval, from receivedAt: Date) -> Date? {
        lifetime > 0 ? receivedAt.addingTimeInterval(min(lifetime, DeltaSeconds.maximum)) : nil
    }

    private static func freshUntil(control: CacheControl, fields: HeaderLookup, receivedAt: Date) -> Date? {
        if control.noCache { return nil }
        // An invalid Age (not digits: "-5", "nan", "1e400") is ignored, as RFC 9111 §5.1 says.
        let age = fields["Age"].flatMap { DeltaSeconds.parse($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        if let maxAge = control.maxAge {
            let lifetime = maxAge - age
            return expiry(after: lifetime, from: receivedAt)
        }
        let date = fields["Date"].flatMap(HTTPDate.parse) ?? receivedAt
        if let expiresField = fields["Expires"] {
            // An invalid Expires (such as "0") means already expired.
            guard let expires = HTTPDate.parse(expiresField) else { return nil }
            let lifetime = expires.timeIntervalSince(date) - age
            return expiry(after: lifetime, from: receivedAt)
        }
        if let lastModified = fields["Last-Modified"].flatMap(HTTPDate.parse) {
            let lifetime = min(heuristicLimit, date.timeIntervalSince(lastModified) / 10) - age
            return expiry(after: lifetime, from: receivedAt)
        }
        return nil
    }
}

/// Header fields by name, case-insensitively; the first field of a name wins.
private struct HeaderLookup {
    private(set) var fields: [HTTPHeaderField]

    init(_ fields: [HTTPHeaderField]) {
        self.fields = fields
    }

    subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    mutating func add(_ name: String, _ value: String) {
        fields.append(HTTPHeaderField(name: name, value: value))
    }
}

/// The `Cache-Control` directives a private cache of responses to GET acts on.
struct CacheControl {
    var maxAge: TimeInterval?
    var noCache = false
    var noStore = false

    init(_ value: String?) {
        for directive in (value ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            guard let name = parts.first?.lowercased() else { continue }
            switch name {
            // A malformed max-age is treated as stale (RFC 9111 §4.2.1).
            case "max-age": maxAge = parts.count == 2 ? DeltaSeconds.parse(parts[1]) ?? 0 : 0
            case "no-cache": noCache = true
            case "no-store": noStore = true
            default: break
            }
        }
    }
}

/// `delta-seconds` (RFC 9111 §1.2.2): one or more ASCII digits, nothing else (no sign, point,
/// exponent, `inf` or `nan`, all of which `TimeInterval(_:)` would take); a value past 2^31
/// counts as 2^31, as the RFC says, so no header gives an infinite or negative lifetime.
enum DeltaSeconds {
    /// The largest value kept: 2^31 seconds, about 68 years.
    static let maximum: TimeInterval = 2_147_483_648

    /// The seconds `text` spells, or `nil` when it is not delta-seconds.
    static func parse(_ text: String) -> TimeInterval? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let significant = text.drop { $0 == "0" }
        // 11 digits are over 2^31 already; longer text is not read as a number at all.
        guard significant.count <= 10, let value = TimeInterval(significant.isEmpty ? "0" : String(significant))
        else { return maximum }
        return min(value, maximum)
    }
}

/// HTTP dates (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ]

    static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text.trimmingCharacters(in: .whitespaces)) { return date }
        }
        return nil
    }

    /// `date` as an IMF-fixdate, e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = formats[0]
        return formatter.string(from: date)
    }
}
