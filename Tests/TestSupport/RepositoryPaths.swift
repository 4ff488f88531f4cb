import Foundation

/// Where the package, its samples and the shared corpus are, found from this file's location.
public enum RepositoryPaths {
    /// The package root. `Sanitizers/` compiles this file through a symlink
    /// (`Sanitizers/Tests/TestSupport` → `../../Tests/TestSupport`), so this folder's own link,
    /// if it is one, is followed first; nothing above it is resolved.
    public static let root: URL = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let parent = folder.deletingLastPathComponent()
        let real = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)).map { link in
            link.hasPrefix("/") ? URL(fileURLWithPath: link) : parent.appendingPathComponent(link).standardizedFileURL
        }
        return (real ?? folder).deletingLastPathComponent().deletingLastPathComponent()
    }()
    /// `../shared/corpus` beside the checkout, as CI lays it out.
    public static let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    /// `Samples/`.
    public static let samples = root.appendingPathComponent("Samples")

    /// Every file in a corpus folder with one of the extensions, sorted by name.
    public static func corpusFiles(in folder: String, extensions: Set<String> = ["png", "jpg"]) -> [String] {
        imageNames(in: corpus.appendingPathComponent(folder), extensions: extensions)
    }

    /// The sample images' file names, sorted.
    public static var sampleNames: [String] {
        imageNames(in: samples, extensions: ["png", "jpg"])
    }

    private static func imageNames(in directory: URL, extensions: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
    }
}
