import Foundation

/// Why a connection was not made: the address it would reach is refused by the
/// ``AddressPolicy``. Thrown before connecting (the name resolved to it) or from a connection
/// just made, before any request is sent on it (the name resolved differently the second time).
struct AddressNotAllowed: Error, Sendable {
    let address: IPAddress
    let addressClass: AddressClass
}

extension IPAddress {
    /// Parses a numeric IPv4 or IPv6 address in its standard form (as NIO prints one); `nil`
    /// for anything else (host names, and inet_aton's other spellings such as `127.1`).
    /// - Parameter text: Such as `127.0.0.1` or `::1`; a zone (`%eth0`) is ignored.
    public init?(_ text: String) {
        let plain = String(text.prefix { $0 != "%" })
        var v4 = in_addr()
        if inet_pton(AF_INET, plain, &v4) == 1 {
            self.init(bytes: withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, plain, &v6) == 1 {
            self.init(bytes: withUnsafeBytes(of: &v6) { Array($0) })
            return
        }
        return nil
    }

    /// Every address `host` resolves to, as the system resolver (and so NIO) sees it: the
    /// spellings inet_aton accepts (`0x7f000001`, `2130706433`, `127.1`, `0177.0.0.1`)
    /// included. Empty when the name does not resolve (connecting will then fail on its own).
    /// Blocks while resolving: call it off Swift's cooperative pool.
    static func resolve(host: String) -> [IPAddress] {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let raw = current.pointee.ai_addr {
                var bytes: [UInt8] = []
                switch Int32(raw.pointee.sa_family) {
                case AF_INET:
                    bytes = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
                    }
                case AF_INET6:
                    bytes = raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
                    }
                default:
                    break
                }
                if let address = IPAddress(bytes: bytes) { addresses.append(address) }
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }
}

extension AddressPolicy {
    /// Throws when any address `host` resolves to is refused: NIO may connect to any of them.
    /// - Throws: ``AddressNotAllowed``.
    func checkBeforeConnecting(to host: String) throws(AddressNotAllowed) {
        for address in IPAddress.resolve(host: host) {
            if let refused = refusal(of: address) { throw AddressNotAllowed(address: address, addressClass: refused) }
        }
    }

    /// Throws when any address `url`'s host resolves to now is refused, as the loader checks
    /// before it answers from a cache (a name may resolve elsewhere than when it was kept).
    /// - Parameter url: The image's URL.
    /// - Throws: ``RemoteLoadingError/addressNotAllowed(_:address:addressClass:)``.
    public func check(hostOf url: URL) throws(RemoteLoadingError) {
        do {
            try checkBeforeConnecting(to: url.host ?? "")
        } catch {
            throw .addressNotAllowed(url, address: error.address, addressClass: error.addressClass)
        }
    }

    /// Throws when the address a connection reached is refused.
    /// - Parameter remote: The peer's numeric address, as NIO gives it; `nil` passes (no IP peer).
    /// - Throws: ``AddressNotAllowed``.
    func checkConnected(to remote: String?) throws {
        guard let remote, let address = IPAddress(remote) else { return }
        if let refused = refusal(of: address) { throw AddressNotAllowed(address: address, addressClass: refused) }
    }
}
