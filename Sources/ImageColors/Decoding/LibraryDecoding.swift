import CImageCodecs
import Foundation

/// The setup every decoder that drives a C library through the shim shares (libjpeg and libpng
/// today): the deadline, the library's decoder (destroyed on every path), its message for
/// errors, the bytes reserved in the budget (released on every path), and the shim's view of
/// the source.
struct LibraryDecoding {
    /// The library's decoder, as the shim created it.
    let decoder: OpaquePointer
    /// The shim's view of the source.
    let descriptor: ic_source_desc
    /// When decoding must stop.
    let deadline: DecodeDeadline
    /// The library's words for its last failure.
    let message: () -> String

    /// Creates the decoder with `create`, opens `source` and runs `body`; whatever `body` adds
    /// to its `reserved` argument is released from the ledger when it returns or throws.
    /// - Parameters:
    ///   - format: The format, for the error when `create` fails.
    ///   - source: The file or bytes.
    ///   - options: The ledger and the decode timeout.
    ///   - deadline: The decode's deadline when it began before this library's part of it (a PNG's
    ///     chunks were walked first); by default, the decode timeout from now.
    ///   - create: Makes the library's decoder, which may stop itself at the deadline; `nil` when
    ///     it cannot be allocated.
    ///   - destroy: Frees it.
    ///   - message: The shim's message of a decoder.
    ///   - body: The decode.
    /// - Throws: ``ImageDecodingError/outOfMemory(_:detail:)`` when `create` fails, or what `body` throws.
    static func run<R>(
        _ format: ImageFormat, _ source: ImageSource, options: DecodeOptions, deadline: DecodeDeadline? = nil,
        create: (DecodeDeadline) -> OpaquePointer?, destroy: (OpaquePointer?) -> Void,
        message: @escaping (OpaquePointer?) -> UnsafePointer<CChar>?,
        _ body: (LibraryDecoding, _ reserved: inout Int) throws -> R
    ) throws -> R {
        let deadline = deadline ?? DecodeDeadline(timeout: options.limits.decodeTimeout)
        guard let decoder = create(deadline) else {
            throw ImageDecodingError.outOfMemory(format, detail: "cannot allocate the decoder")
        }
        defer { destroy(decoder) }
        var reserved = 0
        defer { options.ledger?.release(reserved) }
        return try withSourceDescriptor(source) { descriptor in
            let decoding = LibraryDecoding(
                decoder: decoder, descriptor: descriptor, deadline: deadline,
                message: { shimMessage(message(decoder)) })
            return try body(decoding, &reserved)
        }
    }
}

extension DecodeOptions {
    /// Reserves `bytes` for `purpose` when there is a ledger, and adds them to `reserved` (which
    /// the decoder releases when it ends); without a ledger, does nothing.
    /// - Throws: `MemoryBudgetError` when they do not fit.
    func reserve(_ bytes: Int, for purpose: @autoclosure () -> String, adding reserved: inout Int)
        throws(MemoryBudgetError)
    {
        guard let ledger else { return }
        try ledger.reserve(bytes, for: purpose())
        reserved += bytes
    }

    /// The whole encoded image in memory, for the libraries that take one buffer (libwebp's
    /// demuxer, libheif): bytes in memory as they are (the analyzer reserved them when it took
    /// them), a file read whole once its size is reserved and added to `reserved`.
    ///
    /// The file is read through one descriptor (`fstat` for its size, then `pread`) into one
    /// buffer: `FileManager.attributesOfItem` and `Data(contentsOf:)` took 27 allocations per
    /// analysis for what two system calls answer.
    /// - Throws: ``ImageDecodingError/unreadable(_:detail:)`` when the file cannot be read;
    ///   ``ImageDecodingError/truncated(_:detail:)`` when it shrinks while it is read;
    ///   `MemoryBudgetError` when its bytes do not fit.
    func wholeEncodedImage(_ source: ImageSource, format: ImageFormat, adding reserved: inout Int) throws -> Data {
        switch source {
        case .data(let data):
            return data
        case .file(let path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Self.unreadable(format, errno: errno) }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw Self.unreadable(format, errno: errno) }
            // A size the file system reports below zero is read as empty, never trapped on.
            let size = Int(clamping: max(0, status.st_size))
            try reserve(
                size, for: "the \(format.displayName) file's compressed bytes (\(size) bytes)", adding: &reserved)
            var bytes = Data(count: size)
            let failure: Int32? = bytes.withUnsafeMutableBytes { buffer in
                var got = 0
                while got < size {
                    let read = pread(descriptor, buffer.baseAddress! + got, size - got, off_t(got))
                    if read > 0 {
                        got += read
                    } else if read == 0 {
                        return 0
                    } else if errno != EINTR {
                        return errno
                    }
                }
                return nil
            }
            switch failure {
            case nil: return bytes
            case 0: throw ImageDecodingError.truncated(format, detail: "the file ended early (it shrank while read)")
            case let code?: throw Self.unreadable(format, errno: code)
            }
        }
    }

    /// The error for a file that cannot be opened or read, naming the system's reason.
    private static func unreadable(_ format: ImageFormat, errno code: Int32) -> ImageDecodingError {
        .unreadable(format, detail: "cannot read the file: \(String(cString: strerror(code)))")
    }
}
