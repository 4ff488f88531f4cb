import Foundation
import ImageColors
import ImageColorsRemote
import TestHTTPServer
import Testing

/// The address policy: loopback and link-local refused by default, on every spelling of the
/// address and on redirects, before any connection is made.
@Suite("Remote images: address policy")
struct AddressPolicyTests {
    @Test(
        "addresses are classed as imgproxy classes them",
        arguments: [
            ("127.0.0.1", AddressClass.loopback), ("127.255.0.9", .loopback), ("0.0.0.0", .loopback),
            ("::1", .loopback), ("::", .loopback), ("::ffff:127.0.0.1", .loopback), ("::ffff:0.0.0.0", .loopback),
            ("169.254.169.254", .linkLocal), ("169.254.0.1", .linkLocal), ("fe80::1", .linkLocal),
            ("febf::1", .linkLocal),
            ("::ffff:169.254.169.254", .linkLocal),
            ("10.1.2.3", .private), ("172.16.0.1", .private), ("172.31.255.255", .private), ("192.168.1.1", .private),
            ("fc00::1", .private), ("fd12:3456::1", .private), ("::ffff:10.0.0.1", .private),
            ("172.32.0.1", .public), ("8.8.8.8", .public), ("192.169.0.1", .public), ("2001:db8::1", .public),
            ("fec0::1", .public),
        ])
    func classes(text: String, expected: AddressClass) throws {
        let address = try #require(IPAddress(text))
        #expect(address.addressClass == expected)
    }

    @Test(
        "addresses are named in their canonical text, as error messages show them",
        arguments: [
            ("127.0.0.1", "127.0.0.1"), ("::1", "::1"), ("0:0:0:0:0:0:0:1", "::1"), ("FE80:0::1", "fe80::1"),
            ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"), ("::ffff:169.254.169.254", "::ffff:169.254.169.254"),
        ])
    func descriptions(text: String, expected: String) throws {
        // Given an address in any spelling, When described, Then it is the canonical form
        let address = try #require(IPAddress(text))
        #expect(address.description == expected)
    }

    @Test("the default refuses loopback and link-local, allows private; each can be changed")
    func defaults() throws {
        let loopback = try #require(IPAddress("127.0.0.1"))
        let metadata = try #require(IPAddress("169.254.169.254"))
        let lan = try #require(IPAddress("192.168.0.10"))
        let web = try #require(IPAddress("93.184.216.34"))
        #expect(AddressPolicy.default.refusal(of: loopback) == .loopback)
        #expect(AddressPolicy.default.refusal(of: metadata) == .linkLocal)
        #expect(AddressPolicy.default.refusal(of: lan) == nil)
        #expect(AddressPolicy.default.refusal(of: web) == nil)
        #expect(AddressPolicy.allowingLoopback.refusal(of: loopback) == nil)
        #expect(AddressPolicy(allowsPrivate: false).refusal(of: lan) == .private)
        #expect(AddressPolicy(allowsLinkLocal: true).refusal(of: metadata) == nil)
        #expect(DownloadLimits().addressPolicy == .default)
    }

    @Test(
        "every spelling of loopback is refused by default, and no connection reaches the server",
        arguments: [
            "127.0.0.1", "localhost", "[::1]", "[::ffff:127.0.0.1]", "0x7f000001", "2130706433", "127.1", "0177.0.0.1",
            "0.0.0.0",
        ])
    func loopbackSpellings(host: String) async throws {
        try await TestHTTPServer.with({ _ in .ok(Fixtures.png, contentType: "image/png") }) { server in
            // Given the local server reached through one spelling of loopback
            let url = try #require(URL(string: "http://\(host):\(server.port)/coffee.png"))
            // When it is analysed with the default policy
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await RemoteImageLoader.withLoader(
                    limits: DownloadLimits(connectTimeout: .seconds(30), timeout: .seconds(60))
                ) {
                    try await $0.analyze(url: url)
                }
            }
            // Then it is refused as loopback, naming the address, and nothing reached the server
            #expect(error.code == "address-not-allowed")
            guard case .addressNotAllowed(_, let address, let kind) = error else {
                Issue.record("expected address-not-allowed, got \(error)")
                return
            }
            #expect(kind == .loopback)
            #expect(error.description.hasPrefix("\(address) is a loopback address; refused: http://"))
            #expect(server.connectionCount == 0 && server.requests.isEmpty)
        }
    }

    @Test("the message names the address and its class, and no CLI flag")
    func message() async throws {
        try await TestHTTPServer.with({ _ in .status(200) }) { server in
            let url = server.url("/a.png?token=secret")
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await ImageColorAnalyzer().analyze(url: url)
            }
            #expect(error == .addressNotAllowed(url, address: IPAddress("127.0.0.1")!, addressClass: .loopback))
            #expect(
                error.description == "127.0.0.1 is a loopback address; refused: http://127.0.0.1:\(server.port)/a.png")
            #expect(server.connectionCount == 0)
        }
    }

    @Test("a redirect to loopback is refused before connecting to it")
    func redirectToLoopback() async throws {
        try await TestHTTPServer.with({ _ in .ok(Fixtures.png, contentType: "image/png") }) { server in
            // Given a (stub) public server that redirects to the local one
            let target = "http://localhost:\(server.port)/coffee.png"
            let transport = StubTransport { request in
                request.url.host == "images.example"
                    ? .init(status: 302, headers: [.init(name: "Location", value: target)]) : .init(status: 500)
            }
            // When it is analysed with the default policy
            let error = try await #require(throws: RemoteLoadingError.self) {
                try await RemoteImageLoader(limits: Fixtures.defaultPolicyLimits, transport: transport)
                    .analyze(url: URL(string: "http://images.example/a.png")!)
            }
            // Then the redirect is refused: the transport was asked once, the server never
            #expect(error.code == "address-not-allowed")
            #expect(transport.requests.count == 1)
            #expect(server.connectionCount == 0)
        }
    }

    @Test("the transport checks the address each connection reached, before sending a request")
    func connectionCheck() async throws {
        try await TestHTTPServer.with({ _ in .ok(Fixtures.png, contentType: "image/png") }) { server in
            // Given the transport alone (as when a name resolves to a public address for the
            // loader's check and to loopback when the transport connects: DNS rebinding)
            let transport = AsyncHTTPClientTransport(connectTimeout: .seconds(30))
            // When it is asked for the local server
            let url = server.url("/coffee.png")
            await #expect(
                throws: RemoteLoadingError.addressNotAllowed(
                    url, address: IPAddress("127.0.0.1")!, addressClass: .loopback)
            ) {
                try await transport.send(HTTPTransportRequest(url: url)) { $0.status }
            }
            // Then the connection it made was refused before any request was sent on it
            #expect(server.requests.isEmpty)
            try await transport.shutdown()
        }
    }

    @Test("an https → http redirect is refused by default and followed when allowed")
    func downgrade() async throws {
        let png = Fixtures.png
        let transport = StubTransport { request in
            request.url.scheme == "https"
                ? .init(status: 301, headers: [.init(name: "Location", value: "http://images.example/b.png")])
                : .init(chunks: [png])
        }
        let url = URL(string: "https://images.example/a.png")!
        let error = try await #require(throws: RemoteLoadingError.self) {
            try await RemoteImageLoader(limits: Fixtures.defaultPolicyLimits, transport: transport).analyze(url: url)
        }
        #expect(error == .insecureRedirect(url, target: URL(string: "http://images.example/b.png")!))
        #expect(error.code == "insecure-redirect")
        #expect(transport.requests.count == 1)
        var allowing = Fixtures.defaultPolicyLimits
        allowing.allowsDowngrade = true
        let analysis = try await RemoteImageLoader(limits: allowing, transport: transport).analyze(url: url)
        #expect(analysis.format == .png)
        #expect(transport.requests.map(\.url.scheme) == ["https", "https", "http"])
    }
}
