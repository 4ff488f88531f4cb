import Foundation

extension URL {
    /// The URL for messages and logs: scheme, host, port and path only. User info, query and
    /// fragment are dropped because signed URLs and basic-auth URLs carry secrets there.
    public var displayString: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true) else { return "(URL)" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "(URL)"
    }
}
