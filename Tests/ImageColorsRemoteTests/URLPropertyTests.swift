import Foundation
import ImageColors
import ImageColorsRemote
import PropertyBased
import Testing

/// Random ports, hosts and user information in URLs: a result or a typed error, never a trap
/// (NIO trapped on a port over 65535, and a host name's port wrapped).
@Suite("Remote URLs: result or typed error, never a trap")
struct URLPropertyTests {
    /// Ports as written: the edges, numbers too long for any integer, signs, and random ones.
    static let port = Gen<String>.oneOf(
        Gen.element(of: [
            "", "0", "1", "80", "00080", "65535", "65536", "99999", "-1", "+80", "18446744073709551616",
            "99999999999999999999999", "0000000000000000000001", "8o", "６５５３５",
        ]).map { $0! },
        Gen.int(in: 0...200_000).map { String($0) },
        Gen.int().map { String($0) }
    )

    /// Hosts: every spelling of an address, names, and text that is hardly a host.
    static let host = Gen<String>.oneOf(
        Gen.element(of: [
            "127.0.0.1", "localhost", "[::1]", "[::ffff:127.0.0.1]", "[fe80::1%25eth0]", "0x7f000001", "2130706433",
            "example.invalid", "h", "xn--bcher-kva.invalid", "", "%41", "[::1", "::1]", "a:b", "[]", "ünï.invalid",
        ]).map { $0! },
        Gen.letterOrNumber.string(of: 1...12).map { $0 + ".invalid" }
    )

    /// User information, with its `@`: none, empty, a user, a user and a password, odd ones.
    static let userinfo = Gen.element(of: ["", "@", "u@", "u:p@", ":@", ":p@", "u:@", "%40:x@", "a@b@", "u:p:q@"])
        .map { $0! }

    /// A loader whose transport answers every request with a PNG, with no socket.
    static func loader() -> RemoteImageLoader {
        let transport = StubTransport { _ in StubTransport.Reply(chunks: [Fixtures.png]) }
        return RemoteImageLoader(limits: Fixtures.limits, transport: transport)
    }

    @Test("any port, host and user information: analysed, or refused with a typed error")
    func anyURL() async {
        let loader = Self.loader()
        await propertyCheck(count: 300, input: Self.userinfo, Self.host, Self.port) { userinfo, host, port in
            // Given a URL built from random parts (Foundation may refuse the text outright)
            let text = "http://\(userinfo)\(host)\(port.isEmpty ? "" : ":\(port)")/x.png"
            guard let url = URL(string: text) else { return }
            // When it is analysed
            do {
                _ = try await loader.analyze(url: url)
                // Then a URL that was fetched had no credentials, and no port or one in 1-65535
                #expect(userinfo.isEmpty, "\(text) was fetched with credentials")
                if let value = url.port { #expect((1...65535).contains(value), "\(text) was fetched") }
            } catch let error as RemoteLoadingError {
                // Or it was refused with the loader's own error; credentials and bad ports as invalid-url
                if !userinfo.isEmpty || (Int(port).map { !(1...65535).contains($0) } ?? false) {
                    #expect(["invalid-url", "address-not-allowed"].contains(error.code), "\(text): \(error)")
                }
            } catch let error as any ImageColorsError {
                #expect(!error.code.isEmpty, "\(text): \(error)")
            } catch {
                Issue.record("\(text): untyped \(error)")
            }
        }
    }

    @Test("any port on 127.0.0.1 through the default transport: a result or a typed error, never NIO's trap")
    func anyPortOnLoopback() async throws {
        let limits = DownloadLimits(
            connectTimeout: .seconds(2), timeout: .seconds(5), addressPolicy: .allowingLoopback)
        try await RemoteImageLoader.withLoader(limits: limits) { loader in
            await propertyCheck(count: 40, input: Self.port) { port in
                // Given 127.0.0.1 with a random port (nothing listens on most: refused at once)
                guard let url = URL(string: "http://127.0.0.1:\(port)/x.png") else { return }
                // When it is analysed, Then the error is typed, and a port no socket has is invalid-url
                do {
                    _ = try await loader.analyze(url: url)
                } catch let error as any ImageColorsError {
                    if let value = Int(port), !(1...65535).contains(value) { #expect(error.code == "invalid-url") }
                } catch {
                    Issue.record("\(url): untyped \(error)")
                }
            }
        }
    }
}
