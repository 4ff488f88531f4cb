import Testing

@testable import ImageColorsServer

@Suite("Allowed sources: prefixes of the URL as given")
struct SourcePolicyTests {
    @Test("Given a bare origin as a prefix, then it allows that host's paths and not a longer host name")
    func bareOrigin() throws {
        let policy = SourcePolicy(prefixes: ["https://img.example.com"])
        try policy.check("https://img.example.com/a.png")
        #expect(throws: ServerError.sourceNotAllowed(url: "https://img.example.com.evil.test/a.png")) {
            try policy.check("https://img.example.com.evil.test/a.png")
        }
        #expect(throws: ServerError.self) { try policy.check("https://img.example.com@evil.test/a.png") }
    }

    @Test("Given a path prefix, then only URLs under it pass, and no prefixes allow every URL")
    func pathPrefix() throws {
        let policy = SourcePolicy(prefixes: ["https://cdn.test/covers/", "http://other.test/x/"])
        try policy.check("https://cdn.test/covers/1.jpg")
        try policy.check("http://other.test/x/y.png")
        #expect(throws: ServerError.self) { try policy.check("https://cdn.test/avatars/1.jpg") }
        try SourcePolicy(prefixes: []).check("http://anything.test/a.png")
    }
}
