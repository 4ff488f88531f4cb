import Foundation
import ImageColors

/// How much a download may take, in bytes, time and redirects: every limit a server could
/// otherwise push past, with defaults fit for building feed entries.
///
/// Every limit is enforced by ``RemoteImageLoader`` itself, the same for every
/// ``HTTPTransport``, except ``connectTimeout``, which configures the transport the loader
/// creates (a transport you pass in brings its own).
public struct DownloadLimits: Sendable, Hashable {
    /// The most body bytes read; default 50 MB (50 000 000 bytes). A `Content-Length` over it
    /// fails before any byte is read; without one (or when it lies), reading stops the moment
    /// the count passes it.
    public var maxBodySize: Int
    /// How long establishing a connection (TCP, and TLS for `https`) may take; default 10 s,
    /// and never more than ``timeout``.
    public var connectTimeout: Duration
    /// The total deadline for one URL, from the first connection to the last body byte,
    /// redirects included; default 30 s. Decoding is not counted: it is local and bounded by
    /// the memory budget.
    public var timeout: Duration
    /// The most redirects followed; default 5. One more is
    /// ``RemoteLoadingError/tooManyRedirects(_:limit:)``; a URL visited twice is
    /// ``RemoteLoadingError/redirectLoop(_:target:)`` at once.
    public var maxRedirects: Int
    /// Bodies up to this many bytes stay in memory; larger ones are written to a temporary
    /// file, which is removed after the analysis on every path; default 4 MB (4 000 000 bytes).
    /// The threshold used is never more than a quarter of the analysis' memory budget (see
    /// ``spoolThreshold(within:)``), so the compressed bytes leave most of the budget to the
    /// decoder.
    public var spoolThreshold: Int
    /// Which addresses may be connected to, checked on every connection, redirects included;
    /// default ``AddressPolicy/default`` (loopback and link-local refused, private allowed).
    /// A server on `127.0.0.1` needs ``AddressPolicy/allowingLoopback``.
    public var addressPolicy: AddressPolicy
    /// Whether an `https` URL may redirect to a plain `http` one; default `false`
    /// (``RemoteLoadingError/insecureRedirect(_:target:)``).
    public var allowsDowngrade: Bool

    /// Creates limits.
    /// - Parameters:
    ///   - maxBodySize: Default 50 MB.
    ///   - connectTimeout: Default 10 s.
    ///   - timeout: Total deadline per URL; default 30 s.
    ///   - maxRedirects: Default 5.
    ///   - spoolThreshold: Default 4 MB.
    ///   - addressPolicy: Default ``AddressPolicy/default``: loopback and link-local refused.
    ///   - allowsDowngrade: Default `false`: an https → http redirect is refused.
    public init(
        maxBodySize: Int = 50_000_000,
        connectTimeout: Duration = .seconds(10),
        timeout: Duration = .seconds(30),
        maxRedirects: Int = 5,
        spoolThreshold: Int = 4_000_000,
        addressPolicy: AddressPolicy = .default,
        allowsDowngrade: Bool = false
    ) {
        self.maxBodySize = max(0, maxBodySize)
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maxRedirects = max(0, maxRedirects)
        self.spoolThreshold = max(0, spoolThreshold)
        self.addressPolicy = addressPolicy
        self.allowsDowngrade = allowsDowngrade
    }

    /// The defaults: 50 MB, 10 s to connect, 30 s in all, 5 redirects, spool past 4 MB,
    /// loopback and link-local addresses refused, no https → http redirect.
    public static let `default` = DownloadLimits()

    /// The largest body kept in memory under `budget`: ``spoolThreshold``, capped at a
    /// quarter of the budget.
    /// - Parameter budget: The analysis' memory budget.
    public func spoolThreshold(within budget: MemoryBudget) -> Int {
        min(spoolThreshold, budget.bytes / 4)
    }
}
