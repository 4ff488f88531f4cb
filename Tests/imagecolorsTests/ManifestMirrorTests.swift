import Foundation
import Testing

/// `Release/Package.swift` rebuilds the main package's targets at -O for CI's release-mode step;
/// it cannot depend on the main manifest, so it repeats its C modules, which must stay the same.
@Suite("Release/Package.swift mirrors the main manifest")
struct ManifestMirrorTests {
    /// The names of the system-library targets a manifest declares.
    static func systemLibraries(in manifest: String) throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #"\.systemLibrary\(\s*name:\s*"(\w+)""#)
        let range = NSRange(manifest.startIndex..., in: manifest)
        return Set(
            pattern.matches(in: manifest, range: range).compactMap { match in
                Range(match.range(at: 1), in: manifest).map { String(manifest[$0]) }
            })
    }

    /// The dependencies of the `CImageCodecs` target, as written.
    static func shimDependencies(in manifest: String) -> String? {
        guard let name = manifest.range(of: #"name: "CImageCodecs""#),
            let open = manifest[name.upperBound...].range(of: "dependencies: ["),
            let close = manifest[open.upperBound...].firstIndex(of: "]")
        else { return nil }
        return String(manifest[open.upperBound..<close])
    }

    @Test("Given both manifests, then they declare the same C libraries and link the shim to the same ones")
    func sameSystemLibraries() throws {
        let main = try String(contentsOf: CLI.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let release = try String(
            contentsOf: CLI.root.appendingPathComponent("Release/Package.swift"), encoding: .utf8)
        let libraries = try Self.systemLibraries(in: main)
        #expect(libraries.count >= 7, "\(libraries.sorted())")
        #expect(try Self.systemLibraries(in: release) == libraries)
        #expect(Self.shimDependencies(in: main) != nil)
        #expect(Self.shimDependencies(in: release) == Self.shimDependencies(in: main))
    }
}
