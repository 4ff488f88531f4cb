import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, inside the test process.
///
/// Requests are parsed by NIO; responses are written as raw bytes, so a test can serve what a
/// well-behaved server never would (lying lengths, bodies cut off, dripping bytes). It runs on
/// NIO's event loop only, never on Swift's concurrency threads, so it keeps answering while
/// other tests block those (the CLI tests wait for child processes). Each server has an event
/// loop thread of its own, not NIO's shared group, which the in-process HTTP clients of other
/// suites also use: nothing another test runs there can hold up this server's answers.
/// Use ``with(_:isolation:_:)``, which always stops the server.
public final class TestHTTPServer: Sendable {
    /// Chooses the answer to a request path (with its query).
    public typealias Routes = @Sendable (String) -> TestResponse
    /// Chooses the answer to a whole request: its path and header fields (for conditional
    /// requests, say).
    public typealias RequestRoutes = @Sendable (TestRequest) -> TestResponse

    /// The port the server listens on.
    public let port: Int
    private let channel: any Channel
    private let log: ServerLog
    private let group: MultiThreadedEventLoopGroup

    /// `http://127.0.0.1:PORT/path`.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path.hasPrefix("/") ? path : "/" + path)")!
    }

    /// Every path requested so far, in order.
    public var requests: [String] { log.withLock { $0.requests } }

    /// Every request so far with the status it was answered with, in order.
    public var exchanges: [TestExchange] { log.withLock { $0.exchanges } }

    /// How many connections clients opened so far.
    public var connectionCount: Int { log.withLock { $0.connections.count } }

    /// How many requests there were for `path`.
    public func requestCount(_ path: String) -> Int { log.withLock { $0.requests.filter { $0 == path }.count } }

    /// How many body bytes the server has written for `path` (all requests for it together).
    public func bytesSent(_ path: String) -> Int { log.withLock { $0.sent[path, default: 0] } }

    /// The most responses that were being written at the same time.
    public var peakConcurrentResponses: Int { log.withLock { $0.peakInFlight } }

    /// When the client went away from a response to `path` before the server had written it
    /// all, or `nil`.
    public func abandoned(_ path: String) -> ContinuousClock.Instant? { log.withLock { $0.abandoned[path] } }

    /// Starts a server, runs `body` with it and stops it, whether `body` returned or threw.
    public static func with<Value>(
        _ routes: @escaping Routes,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TestHTTPServer) async throws -> Value
    ) async throws -> Value {
        try await with(requests: { routes($0.path) }, body)
    }

    /// Starts a server that answers whole requests, runs `body` with it and stops it, whether
    /// `body` returned or threw.
    public static func with<Value>(
        requests routes: @escaping RequestRoutes,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TestHTTPServer) async throws -> Value
    ) async throws -> Value {
        let server = try await TestHTTPServer(routes: routes)
        do {
            let value = try await body(server)
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }

    private init(routes: @escaping RequestRoutes) async throws {
        let log = ServerLog()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            channel = try await Self.bind(group: group, routes: routes, log: log)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        port = channel.localAddress?.port ?? 0
        self.log = log
        self.group = group
    }

    private static func bind(
        group: MultiThreadedEventLoopGroup, routes: @escaping RequestRoutes, log: ServerLog
    ) async throws -> any Channel {
        try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                log.withLock { $0.connections.append(child) }
                return child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder()))
                    try child.pipeline.syncOperations.addHandler(Responder(routes: routes, log: log))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    /// Stops listening, closes every connection (ending responses under way) and waits for it.
    public func stop() async {
        try? await channel.close()
        for connection in log.withLock({ $0.connections }) {
            try? await connection.close()
        }
        try? await group.shutdownGracefully()
    }
}

/// What the server saw, shared by its connections.
final class ServerLog: Sendable {
    struct State {
        var requests: [String] = []
        var exchanges: [TestExchange] = []
        var abandoned: [String: ContinuousClock.Instant] = [:]
        var sent: [String: Int] = [:]
        var inFlight = 0
        var peakInFlight = 0
        var connections: [any Channel] = []
    }

    private let state = Mutex(State())

    func withLock<Value>(_ body: (inout State) -> Value) -> Value {
        state.withLock { body(&$0) }
    }
}

/// Answers each request on one connection, writing the response piece by piece from the
/// event loop (timers for pauses, write completions for pacing).
private final class Responder: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    private let routes: TestHTTPServer.RequestRoutes
    private let log: ServerLog
    private var path = "/"
    private var headers: [(String, String)] = []
    /// The response being written, and how much of its body is out.
    private var current: (response: TestResponse, path: String, offset: Int)?
    private var timer: Scheduled<Void>?

    init(routes: @escaping TestHTTPServer.RequestRoutes, log: ServerLog) {
        self.routes = routes
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            path = head.uri
            headers = head.headers.map { ($0.name, $0.value) }
        case .body: break
        case .end:
            let request = TestRequest(path: path, headers: headers)
            let response = routes(request)
            log.withLock {
                $0.requests.append(path)
                $0.exchanges.append(TestExchange(request: request, status: response.status))
            }
            start(response, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        if let current { abandon(current.path) }
        current = nil
        context.fireChannelInactive()
    }

    private func start(_ response: TestResponse, context: ChannelHandlerContext) {
        current = (response, path, 0)
        log.withLock {
            $0.inFlight += 1
            $0.peakInFlight = max($0.peakInFlight, $0.inFlight)
        }
        response.gate?.arrive()
        after(response.headDelay, context: context) { self.writeHeadWhenOpen(context: context) }
    }

    /// Writes the head once the response's gate (if any) is open.
    private func writeHeadWhenOpen(context: ChannelHandlerContext) {
        guard let (response, _, _) = current else { return }
        if let gate = response.gate, !gate.isOpen {
            return after(.milliseconds(5), context: context) { self.writeHeadWhenOpen(context: context) }
        }
        writeHead(context: context)
    }

    private func writeHead(context: ChannelHandlerContext) {
        guard let (response, _, _) = current else { return }
        var head = "HTTP/1.1 \(response.status) \(HTTPResponseStatus(statusCode: response.status).reasonPhrase)\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        switch response.framing {
        case .contentLength: head += "Content-Length: \(response.body.count)\r\n"
        case .declaredLength(let length): head += "Content-Length: \(length)\r\nConnection: close\r\n"
        case .chunked: head += "Transfer-Encoding: chunked\r\n"
        case .untilClose: head += "Connection: close\r\n"
        }
        head += "\r\n"
        write(ByteBuffer(string: head), context: context) { self.writeNextChunk(context: context) }
    }

    private func writeNextChunk(context: ChannelHandlerContext) {
        guard let (response, path, offset) = current else { return }
        guard offset < response.body.count else { return finish(context: context) }
        let chunk = response.body[offset..<min(offset + response.chunkSize, response.body.count)]
        current?.offset += chunk.count
        var buffer = ByteBuffer()
        if case .chunked = response.framing {
            buffer.writeString(String(chunk.count, radix: 16) + "\r\n")
            buffer.writeBytes(chunk)
            buffer.writeString("\r\n")
        } else {
            buffer.writeBytes(chunk)
        }
        write(buffer, context: context) {
            self.log.withLock { $0.sent[path, default: 0] += chunk.count }
            let more = offset + chunk.count < response.body.count
            self.after(more ? response.interval : .zero, context: context) { self.writeNextChunk(context: context) }
        }
    }

    private func finish(context: ChannelHandlerContext) {
        guard let (response, _, _) = current else { return }
        current = nil
        log.withLock { $0.inFlight -= 1 }
        switch response.framing {
        case .chunked:
            write(ByteBuffer(string: "0\r\n\r\n"), context: context) {}
        case .declaredLength, .untilClose:
            context.close(promise: nil)
        case .contentLength:
            break
        }
    }

    private func abandon(_ path: String) {
        log.withLock {
            $0.abandoned[path] = $0.abandoned[path] ?? ContinuousClock.now
            $0.inFlight -= 1
        }
    }

    /// Writes and flushes `buffer`, then calls `next` (on the event loop) if it was written.
    private func write(_ buffer: ByteBuffer, context: ChannelHandlerContext, then next: @escaping () -> Void) {
        context.writeAndFlush(wrapOutboundOut(buffer)).assumeIsolated().whenComplete { result in
            if case .success = result { next() }
            // On failure the connection is closing; channelInactive records it.
        }
    }

    /// Runs `task` on the event loop after `delay`.
    private func after(_ delay: Duration, context: ChannelHandlerContext, _ task: @escaping () -> Void) {
        // Even without a delay, go through the loop: a write can complete synchronously, and
        // calling on directly would nest one stack frame per chunk.
        guard delay > .zero else { return context.eventLoop.assumeIsolated().execute(task) }
        let (seconds, attoseconds) = delay.components
        timer = context.eventLoop.assumeIsolated().scheduleTask(
            in: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000), task)
    }
}
