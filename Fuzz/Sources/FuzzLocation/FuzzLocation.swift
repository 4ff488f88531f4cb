import Foundation

// Bytes as a redirect's `Location` (decoded as UTF-8, as NIO decodes header values), resolved
// against one of a few URLs that answered, then judged by the loader's own checks
// (URLSyntax.swift, the loader's file, linked here so this target builds without NIO or
// AsyncHTTPClient). Whatever the text, a URL that passes must be one a transport can take: http(s),
// a host, no credentials, and a port that Foundation reads as the text says and that fits
// 1-65535 (NIO traps on a larger one; AsyncHTTPClient would take a port Foundation cannot read
// as the scheme's default).
private let bases = [
    "http://example.com/a/b.png", "https://[::1]:8443/x?y=1", "http://127.0.0.1:65535/", "https://u.example:1/p#f",
].compactMap(URL.init(string:))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let location = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let base = bases[size % bases.count]
    guard let target = URLSyntax.resolve(location: location, against: base) else {
        LocationReach.count("not a URL")
        return 0
    }
    guard let problem = URLSyntax.problem(in: target) else {
        check(target)
        LocationReach.count("accepted")
        return 0
    }
    switch problem {
    case .notAbsolute: LocationReach.count("refused: not absolute")
    case .unsupportedScheme: LocationReach.count("refused: scheme")
    case .portOutOfRange: LocationReach.count("refused: port")
    case .credentials: LocationReach.count("refused: credentials")
    }
    return 0
}

/// Traps (a finding) unless `target` is fit to hand to a transport.
private func check(_ target: URL) {
    let scheme = target.scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else { fatalError("accepted scheme \(scheme ?? "nil")") }
    guard let host = target.host, !host.isEmpty else { fatalError("accepted a URL without a host") }
    guard target.user == nil, target.password == nil else { fatalError("accepted credentials") }
    if let port = target.port, !URLSyntax.ports.contains(port) { fatalError("accepted port \(port)") }
    // The port as written is the one Foundation (and so AsyncHTTPClient) will use.
    let written = URLSyntax.authority(of: target.absoluteString).flatMap(URLSyntax.portText(ofHostAndPort:))
    if let written, !written.isEmpty, URLSyntax.number(written) != target.port {
        fatalError("port text \(written) but URL.port \(String(describing: target.port))")
    }
    if target.port != nil { LocationReach.count("accepted with a port") }
}

/// What the inputs reached, printed at exit (`reach:` lines in Fuzz/run.sh's log), as
/// FuzzSupport's Reach does for the image targets (not linked here: it imports ImageColors).
enum LocationReach {
    nonisolated(unsafe) private static var counts: [String: Int] = [:]
    private static let registered: Void = { atexit { LocationReach.report() } }()

    static func count(_ event: String) {
        _ = registered
        counts[event, default: 0] += 1
    }

    static func report() {
        for (event, count) in counts.sorted(by: { $0.key < $1.key }) { print("reach: location \(event): \(count)") }
    }
}
