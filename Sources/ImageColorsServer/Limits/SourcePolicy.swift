import Foundation

/// `--allowed-sources PREFIX…`: the URLs a request may name, by prefix of the URL as given.
struct SourcePolicy: Sendable {
    /// The prefixes; empty allows every URL.
    let prefixes: [String]

    /// - Parameter prefixes: A prefix naming only a scheme and host (`https://img.example.com`)
    ///   is read as that host's root (`https://img.example.com/`), so it cannot match
    ///   `https://img.example.com.evil.test/`.
    init(prefixes: [String]) {
        self.prefixes = prefixes.map(Self.rooted)
    }

    /// Throws unless `url` starts with one of the prefixes.
    /// - Throws: ``ServerError/sourceNotAllowed(url:)``, naming the URL without credentials or query.
    func check(_ url: String) throws(ServerError) {
        guard !prefixes.isEmpty else { return }
        if prefixes.contains(where: { url.hasPrefix($0) }) { return }
        throw .sourceNotAllowed(url: URL(string: url)?.displayString ?? "the URL")
    }

    private static func rooted(_ prefix: String) -> String {
        guard let components = URLComponents(string: prefix), components.host != nil, components.path.isEmpty,
            components.query == nil, components.fragment == nil
        else { return prefix }
        return prefix + "/"
    }
}
