import Foundation

/// A header field: a name and a value.
public struct HTTPHeaderField: Sendable, Hashable {
    /// The field name; compared case-insensitively.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
