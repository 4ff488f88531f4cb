import CImageCodecs

/// What a failing shim status says, before a layer turns it into its own error.
enum ShimFailure: Sendable, Equatable {
    /// `IC_ERR_UNSUPPORTED`: valid, but a feature not decoded.
    case unsupported
    /// `IC_ERR_TRUNCATED`: the data ended early.
    case truncated
    /// `IC_ERR_NO_MEMORY`: an allocation failed or would pass the library's cap.
    case outOfMemory
    /// `IC_ERR_IO`: the file could not be opened or read.
    case unreadable
    /// `IC_ERR_LIMIT`: over a configured limit.
    case overLimit
    /// `IC_ERR_STATE`: a shim function called out of order.
    case misuse
    /// `IC_ERR_DEADLINE`: the deadline passed.
    case deadline
    /// `IC_ERR_CORRUPT` or any unknown code: the library rejected the data.
    case corrupt

    /// A few words for when the library left no message of its own.
    var summary: String {
        switch self {
        case .unsupported: "a feature the library does not support"
        case .truncated: "the data ended early"
        case .outOfMemory: "out of memory"
        case .unreadable: "the file could not be read or written"
        case .overLimit: "over a configured limit"
        case .misuse: "the library was called out of order"
        case .deadline: "the deadline passed"
        case .corrupt: "the library rejected the data"
        }
    }
}

extension ic_status {
    /// What a failing status says; `nil` for `IC_OK` and `IC_DONE`.
    var failure: ShimFailure? {
        switch self {
        case IC_OK, IC_DONE: return nil
        case IC_ERR_UNSUPPORTED: return .unsupported
        case IC_ERR_TRUNCATED: return .truncated
        case IC_ERR_NO_MEMORY: return .outOfMemory
        case IC_ERR_IO: return .unreadable
        case IC_ERR_LIMIT: return .overLimit
        case IC_ERR_STATE: return .misuse
        case IC_ERR_DEADLINE: return .deadline
        default: return .corrupt
        }
    }

    /// The one place where shim status codes are read: `IC_OK` and `IC_DONE` pass, every other
    /// code becomes the caller's error through `error`.
    /// - Returns: `true` for `IC_DONE`, `false` for `IC_OK`.
    @discardableResult
    func check<Failure: Error>(_ error: (ShimFailure) -> Failure) throws(Failure) -> Bool {
        if let failure { throw error(failure) }
        return self == IC_DONE
    }

    /// A decoder's status as an ``ImageDecodingError``.
    ///
    /// Row loops call this once a row (giflib's), so the passing path forms no closure: passing
    /// one to the generic `check(_:)` above cost a heap allocation a row in release builds
    /// (Analyze-GIF-4MP's mallocs went from 46 to 1,691).
    ///
    /// - Parameters:
    ///   - format: The format being decoded, for the message.
    ///   - timeout: The decode timeout, for the message of `IC_ERR_DEADLINE`.
    ///   - message: The shim's message for the failure (read only on failure).
    /// - Returns: `true` for `IC_DONE`, `false` for `IC_OK`.
    /// - Throws: ``ImageDecodingError`` for every failure status.
    @discardableResult
    func check(_ format: ImageFormat, timeout: Duration = .zero, message: () -> String) throws(ImageDecodingError)
        -> Bool
    {
        guard let failure else { return self == IC_DONE }
        switch failure {
        case .unsupported: throw .unsupportedFeature(format, detail: message())
        case .truncated: throw .truncated(format, detail: message())
        case .outOfMemory: throw .outOfMemory(format, detail: message())
        case .unreadable: throw .unreadable(format, detail: message())
        case .overLimit: throw .overLimit(format, detail: message())
        case .misuse: throw .corrupt(format, detail: "decoder used out of order (\(message()))")
        case .deadline: throw .timedOut(format, after: timeout)
        case .corrupt: throw .corrupt(format, detail: message())
        }
    }
}

/// Calls `body` with the shim's view of `source`, valid for the duration of the call.
func withSourceDescriptor<R>(_ source: ImageSource, _ body: (ic_source_desc) throws -> R) throws -> R {
    switch source {
    case .file(let path):
        return try path.withCString { try body(ic_source_desc(data: nil, size: 0, path: $0)) }
    case .data(let data):
        return try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return try body(ic_source_desc(data: bytes.baseAddress, size: bytes.count, path: nil))
        }
    }
}

/// The message of a C string the shim owns, tidied for humans ("Premature end of JPEG file"
/// becomes "premature end of JPEG file").
func shimMessage(_ text: UnsafePointer<CChar>?) -> String {
    guard let text else { return "unknown error" }
    let message = String(cString: text)
    guard let first = message.first else { return "unknown error" }
    // Keep acronyms such as "JPEG" or "IDAT" as they are.
    if message.count > 1, message.dropFirst().first!.isUppercase { return message }
    return first.lowercased() + message.dropFirst()
}
