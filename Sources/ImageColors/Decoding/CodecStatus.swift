import CImageCodecs

extension ic_status {
    /// The one place where shim status codes become thrown errors.
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
        switch self {
        case IC_OK: return false
        case IC_DONE: return true
        case IC_ERR_UNSUPPORTED: throw .unsupportedFeature(format, detail: message())
        case IC_ERR_TRUNCATED: throw .truncated(format, detail: message())
        case IC_ERR_NO_MEMORY: throw .outOfMemory(format, detail: message())
        case IC_ERR_IO: throw .unreadable(format, detail: message())
        case IC_ERR_LIMIT: throw .overLimit(format, detail: message())
        case IC_ERR_STATE: throw .corrupt(format, detail: "decoder used out of order (\(message()))")
        case IC_ERR_DEADLINE: throw .timedOut(format, after: timeout)
        default: throw .corrupt(format, detail: message())
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
