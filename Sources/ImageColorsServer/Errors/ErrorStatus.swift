/// The one table from an error `code` to its HTTP status: every code the service, the download
/// and the analysis can give, each under exactly one status.
///
/// `openapi.json` lists the same codes per response (a test compares them). A code missing here
/// (added to a layer later) answers 500, so an unlisted code is found rather than guessed.
public enum ErrorStatus {
    /// The statuses and their codes, in status order.
    public static let table: [(status: Int, codes: [String])] = [
        // The request itself: its options, its URL, its body.
        (400, ["invalid-option", "invalid-url", "unsupported-scheme", "invalid-batch", "url-too-long"]),
        // Refused by policy: the address, the signature, the allowed sources, a downgrade.
        (
            403,
            [
                "address-not-allowed", "signature-missing", "signature-invalid", "source-not-allowed",
                "insecure-redirect",
            ]
        ),
        (404, ["not-found"]),
        (405, ["method-not-allowed"]),
        // Too large: the request, the download, the image, its frames, its memory.
        (
            413,
            [
                "upload-too-large", "body-too-large", "batch-too-large", "image-too-large", "too-many-frames",
                "over-memory-budget", "over-limit",
            ]
        ),
        (415, ["unsupported-format"]),
        // An image that is damaged or uses what the decoders do not support.
        (
            422,
            [
                "corrupt-image", "truncated-image", "unsupported-feature", "empty-image", "decode-failed",
                "color-management", "decoder-out-of-memory", "decode-timeout", "placeholder-empty-image",
                "invalid-title-region",
            ]
        ),
        (429, ["busy"]),
        // The service's own failures: the spool file, a configuration the flags let through, a
        // request cancelled under it (shutdown past its timeout).
        (
            500,
            [
                "internal-error", "spool-failed", "unreadable-file", "file-not-found", "not-a-file",
                "placeholder-components-out-of-range", "placeholder-invalid-hash", "encoding-failed",
                "encoder-out-of-memory", "image-too-large-to-encode", "invalid-pixel-buffer",
                "incomplete-pixel-buffer", "cancelled",
            ]
        ),
        // The origin failed.
        (
            502,
            [
                "http-status", "connection-refused", "connection-failed", "invalid-redirect", "too-many-redirects",
                "redirect-loop", "body-truncated", "invalid-response",
            ]
        ),
        // The origin or the request ran out of time.
        (504, ["timed-out", "connect-timed-out", "deadline-exceeded", "batch-deadline-exceeded"]),
    ]

    private static let statusByCode: [String: Int] = {
        var statuses: [String: Int] = [:]
        for (status, codes) in table {
            for code in codes { statuses[code] = status }
        }
        return statuses
    }()

    /// The HTTP status for `code`: the table's, or 500 for a code it does not list.
    /// - Parameter code: An error's stable kebab-case code.
    public static func status(for code: String) -> Int {
        statusByCode[code] ?? 500
    }

    /// Every code the table lists.
    public static var codes: Set<String> { Set(statusByCode.keys) }
}
