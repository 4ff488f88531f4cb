import Synchronization

/// A run's sources in order: the arguments, then `--input-list`'s lines as they are read, each
/// checked as it comes (against the run's outputs, ``OutputPlan/check(source:)``).
final class SourceFeed: Sendable {
    /// The sources given as arguments.
    let arguments: [String]
    /// The list read as the run goes, or `nil`.
    let list: InputListReader?
    private let check: @Sendable (String) throws -> Void
    private let cursor = Mutex(0)

    /// - Parameters:
    ///   - arguments: The sources known up front.
    ///   - list: The list to read after them, or `nil`.
    ///   - check: Refuses a source (by throwing) before it is analysed; default none.
    init(
        arguments: [String], list: InputListReader? = nil, check: @escaping @Sendable (String) throws -> Void = { _ in }
    ) {
        self.arguments = arguments
        self.list = list
        self.check = check
    }

    /// The name a failure to read the list is reported under: the list's (`-` for standard input).
    var listName: String { list?.name ?? "" }

    /// The next source, or `nil` after the last. Called by one task at a time.
    /// - Throws: ``InputListError`` from the list, or what `check` threw.
    func next() async throws -> String? {
        let index = cursor.withLock { position in
            defer { position += 1 }
            return position
        }
        let source = index < arguments.count ? arguments[index] : try await list?.next()
        if let source { try check(source) }
        return source
    }
}
