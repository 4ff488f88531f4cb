/// The common face of every error ImageColors throws: a stable code for scripts and a
/// human message (its `description`) that names the input and the limit involved.
///
/// Each pipeline layer has its own enum (`LoadingError`, `ImageDecodingError`, ``MemoryBudgetError``, …).
/// The CLI prints the code and the message with the source they concern.
public protocol ImageColorsError: Error, Sendable, CustomStringConvertible {
    /// A stable kebab-case identifier, e.g. `unsupported-format`; the CLI prints it as
    /// `error.code` in JSON.
    var code: String { get }
}
