import Foundation

/// Which network addresses the loader may connect to: checked on every address a host name
/// resolves to, before connecting, and again on the address each connection actually reached
/// (redirects included), so a name that resolves differently the second time (DNS rebinding)
/// cannot slip past it.
///
/// The defaults follow imgproxy's: loopback (`127.0.0.0/8`, `::1`, `0.0.0.0`, `::` and their
/// IPv4-mapped forms) and link-local (`169.254.0.0/16`, where cloud metadata services such as
/// `169.254.169.254` live, and `fe80::/10`) are refused; private ranges (`10.0.0.0/8`,
/// `172.16.0.0/12`, `192.168.0.0/16`, `fc00::/7`) are allowed. A refused address fails with
/// ``RemoteLoadingError/addressNotAllowed(_:address:addressClass:)`` before any byte is sent to it.
///
/// Every textual form of an address is refused alike (`localhost`, `[::1]`,
/// `[::ffff:127.0.0.1]`, `0x7f000001`, `2130706433`, `127.1`, `0177.0.0.1`): the check looks at
/// the addresses the host resolves to, not at its spelling.
public struct AddressPolicy: Sendable, Hashable {
    /// Whether loopback and unspecified addresses may be fetched; default `false`.
    public var allowsLoopback: Bool
    /// Whether link-local addresses (`169.254.0.0/16`, `fe80::/10`) may be fetched; default `false`.
    public var allowsLinkLocal: Bool
    /// Whether private addresses (`10/8`, `172.16/12`, `192.168/16`, `fc00::/7`) may be
    /// fetched; default `true`.
    public var allowsPrivate: Bool

    /// Creates a policy.
    /// - Parameters:
    ///   - allowsLoopback: Default `false`.
    ///   - allowsLinkLocal: Default `false`.
    ///   - allowsPrivate: Default `true`.
    public init(allowsLoopback: Bool = false, allowsLinkLocal: Bool = false, allowsPrivate: Bool = true) {
        self.allowsLoopback = allowsLoopback
        self.allowsLinkLocal = allowsLinkLocal
        self.allowsPrivate = allowsPrivate
    }

    /// The defaults: loopback and link-local refused, private allowed.
    public static let `default` = AddressPolicy()

    /// The defaults with loopback allowed: for a server on `127.0.0.1` (tests, local tools).
    public static let allowingLoopback = AddressPolicy(allowsLoopback: true)

    /// Whether `address` may be connected to; `nil` when it may, else its class.
    /// - Parameter address: The address's bytes: 4 for IPv4, 16 for IPv6.
    public func refusal(of address: IPAddress) -> AddressClass? {
        let kind = address.addressClass
        switch kind {
        case .loopback where !allowsLoopback: return kind
        case .linkLocal where !allowsLinkLocal: return kind
        case .private where !allowsPrivate: return kind
        default: return nil
        }
    }
}

/// What kind of address an IP address is, as ``AddressPolicy`` sees it.
public enum AddressClass: String, Sendable, Hashable, CaseIterable {
    /// `127.0.0.0/8`, `::1`, and the unspecified `0.0.0.0/8` and `::` (which reach this host).
    case loopback
    /// `169.254.0.0/16` and `fe80::/10`.
    case linkLocal = "link-local"
    /// `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16` and `fc00::/7`.
    case `private`
    /// Anything else.
    case `public`

    /// The class's name with its article, for messages ("a loopback address").
    public var phrase: String {
        switch self {
        case .loopback: "a loopback address"
        case .linkLocal: "a link-local address"
        case .private: "a private address"
        case .public: "a public address"
        }
    }
}

/// An IPv4 or IPv6 address as bytes, printed in its usual form.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// An address from its bytes; `nil` unless there are 4 or 16.
    /// - Parameter bytes: The address in network order.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or IPv4-compatible
    /// (`::a.b.c.d`) IPv6 address, else the address itself.
    var unmapped: IPAddress {
        guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }) else { return self }
        let tail = Array(bytes[12..<16])
        if bytes[10] == 0xFF, bytes[11] == 0xFF { return IPAddress(bytes: tail)! }
        // ::a.b.c.d (deprecated "compatible" form), but not :: and ::1 themselves.
        if bytes[10] == 0, bytes[11] == 0, tail[0] != 0 { return IPAddress(bytes: tail)! }
        return self
    }

    /// The address's class; IPv4-mapped addresses are classed by their IPv4 address.
    public var addressClass: AddressClass {
        let address = unmapped
        let b = address.bytes
        if b.count == 4 {
            switch (b[0], b[1]) {
            case (127, _), (0, _): return .loopback
            case (169, 254): return .linkLocal
            case (10, _), (192, 168): return .private
            case (172, 16...31): return .private
            default: return .public
            }
        }
        if b[0..<15].allSatisfy({ $0 == 0 }), b[15] <= 1 { return .loopback } // :: and ::1
        if b[0] == 0xFE, b[1] & 0xC0 == 0x80 { return .linkLocal } // fe80::/10
        if b[0] == 0xFF, b[1] & 0x0F == 0x02 { return .linkLocal } // ff02::/16 link-local multicast
        if b[0] & 0xFE == 0xFC { return .private } // fc00::/7
        return .public
    }

    public var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        if let v4 = unmapped.bytes.count == 4 ? unmapped : nil, bytes[10] == 0xFF {
            return "::ffff:" + v4.description
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var raw = in6_addr()
        withUnsafeMutableBytes(of: &raw) { $0.copyBytes(from: bytes) }
        guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { return "(IPv6 address)" }
        // inet_ntop wrote a NUL-terminated ASCII string into `text`.
        let length = text.firstIndex(of: 0) ?? text.count
        return String(decoding: text[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
