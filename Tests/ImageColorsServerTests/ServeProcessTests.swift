import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import TestHTTPServer
import TestSupport
import Testing

/// A running `imagecolors serve` process and its output.
final class ServeProcess: Sendable {
    /// What the process wrote, as it arrives.
    final class Output: Sendable {
        let text = Mutex("")
        func append(_ data: Data) { text.withLock { $0 += String(decoding: data, as: UTF8.self) } }
    }

    private let process: Process
    private let output = Output()
    private let errors = Output()

    /// Starts `imagecolors serve ARGUMENTS…`.
    init(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = ImageColorsBinary.url
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = RepositoryPaths.root
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        self.process = process
        let output = self.output
        let errors = self.errors
        stdout.fileHandleForReading.readabilityHandler = { handle in
            output.append(handle.availableData)
        }
        stderr.fileHandleForReading.readabilityHandler = { handle in
            errors.append(handle.availableData)
        }
        try process.run()
    }

    /// What the process wrote on stdout and stderr so far.
    var stdout: String { output.text.withLock { $0 } }
    var stderr: String { errors.text.withLock { $0 } }

    /// The port from the "listening on" line, once it is printed.
    func port(within limit: Duration = .seconds(60)) async -> Int? {
        _ = await eventually(within: limit) { self.stdout.contains("\n") || !self.process.isRunning }
        guard let line = stdout.split(separator: "\n").first,
            let match = line.firstMatch(of: /^imagecolors: listening on http:\/\/127\.0\.0\.1:(\d+)$/)
        else { return nil }
        return Int(match.1)
    }

    /// Sends SIGTERM.
    func terminate() {
        process.terminate()
    }

    /// The exit status, once the process has ended (killed after `limit`).
    func exitStatus(within limit: Duration = .seconds(60)) async -> Int32? {
        if await eventually(within: limit, { !self.process.isRunning }) { return process.terminationStatus }
        kill(process.processIdentifier, SIGKILL)
        return nil
    }
}

@Suite("imagecolors serve: the real process")
struct ServeProcessTests {
    @Test(
        "Given serve --port 0 and a slow origin, when SIGTERM comes mid-request, then it completes and exits 0"
    )
    func gracefulShutdown() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute(delay: .seconds(2))) { origin in
            let server = try ServeProcess([
                "--port", "0", "--allow-loopback", "--shutdown-timeout", "30", "--jobs", "1",
            ])
            let port = try #require(await server.port(), "\(server.stdout)\(server.stderr)")
            let client = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(60)))
            client.connect()
            let health = try await client.get("/healthz")
            #expect(health.status == .ok)
            let url = ServerSupport.query(origin.url("/coffee.png").absoluteString)
            async let response = client.get("/v1/colors?url=\(url)")
            #expect(await eventually(within: .seconds(30)) { origin.requests.count == 1 })
            server.terminate()
            let answered = try await response
            #expect(answered.status == .ok)
            let body = String(buffer: try #require(answered.body))
            #expect(body.contains(#""format":"png""#))
            #expect(await server.exitStatus() == 0, "\(server.stderr)")
            try? await client.shutdown()
            // One log line per request, with the route and never the query.
            #expect(server.stderr.contains("GET /v1/colors 200"), "\(server.stderr)")
            #expect(!server.stderr.contains("coffee.png"))
        }
    }
}
