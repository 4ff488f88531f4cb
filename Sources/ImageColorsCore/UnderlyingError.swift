/// An error from a layer below ImageColors (the network stack, the file system), kept whole
/// inside an ImageColors error so that a caller can still inspect it, with the words the
/// ImageColors message uses for it.
///
/// ```swift
/// if case .connectionFailed(_, let underlying) = error, let nio = underlying.error as? IOError {
///     log(nio.errnoCode)
/// }
/// ```
///
/// Two are equal when they wrap errors of the same type with the same words, so the errors that
/// carry one stay `Equatable`.
public struct UnderlyingError: Error, Hashable, CustomStringConvertible {
    /// The error as the lower layer threw it.
    public let error: any Error
    /// The words a message uses for it ("connection refused"); never the stack's own text where
    /// that could carry paths, secrets or server bytes.
    public let description: String

    /// Wraps `error`.
    /// - Parameters:
    ///   - error: What the lower layer threw.
    ///   - description: The words for it; default `String(describing: error)`.
    public init(_ error: any Error, description: String? = nil) {
        self.error = error
        self.description = description ?? String(describing: error)
    }

    /// The wrapped error's type, fully qualified: part of equality.
    private var typeName: String { String(reflecting: type(of: error)) }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.description == rhs.description && lhs.typeName == rhs.typeName
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
        hasher.combine(typeName)
    }
}
