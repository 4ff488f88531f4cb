import Foundation

/// A response body as a single-pass sequence of byte chunks.
///
/// Wraps whatever the transport streams (NIO buffers, URLSession bytes, a test's chunks);
/// the loader iterates it once, counting bytes as they arrive, and stops early when a
/// limit is passed.
public struct HTTPResponseBody: AsyncSequence {
    /// One chunk of the body, in arrival order.
    public typealias Element = Data

    /// Reads the next chunk; `nil` at the end of the body.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let nextChunk: () async throws -> Data?

        /// The next chunk, or `nil` at the end of the body.
        /// - Throws: The transport's error when the body could not be read to its end, or
        ///   `CancellationError`.
        public mutating func next() async throws -> Data? {
            try await nextChunk()
        }
    }

    private let makeIterator: () -> AsyncIterator

    /// Wraps a sequence of chunks of any element type.
    /// - Parameters:
    ///   - chunks: The body as the transport streams it; iterated once.
    ///   - transform: Turns one element into bytes, e.g. a NIO `ByteBuffer` into `Data`.
    public init<Chunks: AsyncSequence>(_ chunks: Chunks, transform: @escaping (Chunks.Element) -> Data) {
        makeIterator = {
            var iterator = chunks.makeAsyncIterator()
            return AsyncIterator { try await iterator.next().map(transform) }
        }
    }

    /// Wraps a sequence of `Data` chunks.
    /// - Parameter chunks: The body; iterated once.
    public init<Chunks: AsyncSequence>(_ chunks: Chunks) where Chunks.Element == Data {
        self.init(chunks) { $0 }
    }

    /// A body read by calling `nextChunk` until it returns `nil`.
    /// - Parameter nextChunk: Returns the next chunk, `nil` at the end; called from one task.
    public init(nextChunk: @escaping () async throws -> Data?) {
        makeIterator = { AsyncIterator(nextChunk: nextChunk) }
    }

    /// A body given as chunks already in memory.
    /// - Parameter chunks: The chunks, in order.
    public init(chunks: [Data]) {
        makeIterator = {
            var remaining = chunks[...]
            return AsyncIterator { remaining.popFirst() }
        }
    }

    /// An empty body.
    public static var empty: HTTPResponseBody { HTTPResponseBody(chunks: []) }

    /// Starts reading the body. Iterate once only.
    public func makeAsyncIterator() -> AsyncIterator { makeIterator() }
}
