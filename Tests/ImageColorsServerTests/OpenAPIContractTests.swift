import Foundation
import Hummingbird
import HummingbirdTesting
import ImageColors
import TestSupport
import Testing

@testable import ImageColorsServer

/// `openapi.json` against the server it describes: the error table, the routes, the options and
/// their values. schemathesis (Tests/Oracles/schemathesis.sh) holds live answers to the document;
/// these keep the document's lists from drifting from the code's.
@Suite("OpenAPI document: the same codes, routes and options as the server")
struct OpenAPIContractTests {
    /// The served document, parsed.
    static func document() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(PackageResources.openapi_json))
        return try #require(object as? [String: Any])
    }

    /// `value[keys[0]][keys[1]]…`, or `nil` where a key is missing.
    static func lookup(_ value: Any?, _ keys: [String]) -> Any? {
        keys.reduce(value) { current, key in (current as? [String: Any])?[key] }
    }

    /// `value[keys[0]][keys[1]]…` as a dictionary.
    static func dictionary(_ value: Any?, _ keys: String...) throws -> [String: Any] {
        try #require(lookup(value, keys) as? [String: Any], "no object at \(keys)")
    }

    /// The error responses' code enums by status, following `$ref`s into `components`.
    static func documentedCodes(_ document: [String: Any]) throws -> [Int: Set<String>] {
        let responses = try dictionary(document, "components", "responses")
        let schemas = try dictionary(document, "components", "schemas")
        var codes: [Int: Set<String>] = [:]
        for (name, response) in responses {
            // Error responses are JSON with a schema; 304 has no body.
            guard let reference = lookup(response, ["content", "application/json", "schema", "$ref"]) as? String,
                let schemaName = reference.split(separator: "/").last
            else { continue }
            let code = try dictionary(schemas[String(schemaName)], "properties", "error", "properties", "code")
            let status = try #require(Self.statuses[name], "\(name) is not a known error response")
            codes[status] = Set(try #require(code["enum"] as? [String]))
        }
        return codes
    }

    static let statuses = [
        "BadRequest": 400, "Forbidden": 403, "NotFound": 404, "MethodNotAllowed": 405, "TooLarge": 413,
        "UnsupportedMediaType": 415, "UnprocessableImage": 422, "Busy": 429, "InternalError": 500,
        "BadGateway": 502, "GatewayTimeout": 504,
    ]

    @Test("Given the document, then each error status lists exactly the codes ErrorStatus.table gives it")
    func errorCodes() throws {
        let documented = try Self.documentedCodes(try Self.document())
        let table = Dictionary(uniqueKeysWithValues: ErrorStatus.table.map { ($0.status, Set($0.codes)) })
        #expect(documented == table)
    }

    @Test("Given the document, then the batch's failure lines may carry every code of the table")
    func batchFailureCodes() throws {
        let schemas = try Self.dictionary(try Self.document(), "components", "schemas")
        let code = try Self.dictionary(schemas["BatchFailure"], "properties", "error", "properties", "code")
        #expect(Set(try #require(code["enum"] as? [String])) == ErrorStatus.codes)
    }

    @Test("Given the routes' options, then the document names the same query parameters with the CLI's values")
    func options() throws {
        let document = try Self.document()
        let parameters = try Self.dictionary(document, "components", "parameters")
        let operation = try Self.dictionary(document, "paths", "/v1/colors", "get")
        let names = try #require(operation["parameters"] as? [[String: String]]).compactMap { reference in
            reference["$ref"].flatMap { $0.split(separator: "/").last.map(String.init) }
        }
        #expect(Set(names) == Set(RequestOptions.optionNames + ["url", "signature", "If-None-Match"]))
        func values(_ name: String) throws -> [String] {
            try #require(try Self.dictionary(parameters[name], "schema")["enum"] as? [String], "\(name)")
        }
        #expect(try values("quality") == Quality.allCases.map(\.rawValue))
        #expect(try values("scheme") == RoleScheme.allCases.map(\.rawValue))
        #expect(try values("title-rule") == TitleRule.allCases.map(\.rawValue))
        #expect(try values("frames") == FramePolicy.allCases.map(\.rawValue))
        #expect(try values("appearance") == ["light", "dark", "both"])
        #expect(try values("placeholder") == ["thumbhash", "blurhash", "both"])
    }

    @Test("Given every operation in the document, when asked with its method, then the router knows the route")
    func routesExist() async throws {
        let paths = try Self.dictionary(try Self.document(), "paths")
        let operations = try paths.flatMap { path, item in try Self.dictionary(item).keys.map { (path, $0) } }
        #expect(operations.count == 10)
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            for (path, method) in operations {
                let response = try await client.execute(
                    uri: path, method: try #require(HTTPRequest.Method(rawValue: method.uppercased())),
                    body: method == "post" ? ByteBuffer(string: "[]") : nil)
                #expect(![404, 405].contains(response.status.code), "\(method) \(path): \(response.status)")
            }
        }
    }
}
