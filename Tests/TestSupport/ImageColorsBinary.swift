import Foundation

/// The built `imagecolors` binary, next to the test bundle in the build folder (a test target
/// that depends on the executable gets it built by `swift test`).
public enum ImageColorsBinary {
    /// Its location; stops the run when it is not built.
    public static let url: URL = {
        let candidates =
            [
                Bundle.main.bundleURL,
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            ] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in candidates {
            let url = directory.appendingPathComponent("imagecolors")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("imagecolors binary not found near \(candidates.map(\.path))")
    }()
}
