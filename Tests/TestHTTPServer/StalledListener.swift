#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A socket on 127.0.0.1 that listens but never accepts, with its accept queue already full,
/// so a new connection attempt hangs in the TCP handshake: a real connect timeout without
/// leaving the machine.
public final class StalledListener {
    /// The port that does not complete connections.
    public let port: Int
    private var descriptors: [Int32] = []

    /// Opens the listener and fills its queue.
    public init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw StalledListenerError.socket(errno) }
        descriptors.append(listener)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && getsockname(listener, socketAddress, &length) == 0
            }
        }
        // A backlog of 0 queues one finished handshake; the kernel drops SYNs past that.
        guard bound, listen(listener, 0) == 0 else { throw StalledListenerError.socket(errno) }
        port = Int(UInt16(bigEndian: address.sin_port))
        // Fill the queue with connections of our own (non-blocking: the later ones never finish).
        for _ in 0..<3 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard filler >= 0 else { throw StalledListenerError.socket(errno) }
            descriptors.append(filler)
            _ = fcntl(filler, F_SETFL, fcntl(filler, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) }
            }
        }
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }
}

/// The listener could not be set up.
public enum StalledListenerError: Error {
    /// A socket call failed with this errno.
    case socket(Int32)
}
