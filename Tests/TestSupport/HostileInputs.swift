import Foundation

/// The files the hostile-input sweeps damage, and the damage itself: deterministic, so a
/// failure names a file, a kind and an index that reproduce on every machine.
public enum HostileInputs {
    /// Every JPEG and PNG of the shared corpus (all folders, valid and broken alike), the
    /// samples and the WebP, GIF, HEIC and AVIF fixtures, named `corpus/…`, `Samples/…`,
    /// `WebP/…`, `GIF/…` or `HEIF/…` in test reports.
    public static let files: [HostileFile] = {
        var files: [HostileFile] = []
        let corpus = RepositoryPaths.corpus
        if let walker = FileManager.default.enumerator(atPath: corpus.path) {
            for case let relative as String in walker where isImage(relative) {
                files.append(HostileFile(name: "corpus/\(relative)", url: corpus.appendingPathComponent(relative)))
            }
        }
        for name in RepositoryPaths.sampleNames {
            files.append(
                HostileFile(name: "Samples/\(name)", url: RepositoryPaths.samples.appendingPathComponent(name)))
        }
        return (files + webGIF + heif).sorted { $0.name < $1.name }
    }()

    /// The HEIC and AVIF fixtures (Tests/Fixtures/HEIF).
    public static let heif: [HostileFile] = {
        let directory = RepositoryPaths.root.appendingPathComponent("Tests/Fixtures/HEIF")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        // phone-4032.avif is a 12 MP picture: 64 damaged copies would take minutes in a debug build
        // (grid-8x6.avif holds the same picture in tiles; Fuzz/shim-check.sh checks its heap).
        return names.filter { isImage($0) && $0 != "phone-4032.avif" }.sorted().map {
            HostileFile(name: "HEIF/\($0)", url: directory.appendingPathComponent($0))
        }
    }()

    /// The WebP, GIF and APNG fixtures (Tests/Fixtures/WebP, GIF and APNG), still and animated.
    public static let webGIF: [HostileFile] = {
        ["WebP", "GIF", "APNG"].flatMap { folder in
            let directory = RepositoryPaths.root.appendingPathComponent("Tests/Fixtures/\(folder)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter(isImage).sorted().map {
                HostileFile(name: "\(folder)/\($0)", url: directory.appendingPathComponent($0))
            }
        }
    }()

    public static func isImage(_ path: String) -> Bool {
        ["png", "jpg", "jpeg", "webp", "gif", "heic", "avif"].contains((path as NSString).pathExtension.lowercased())
    }

    /// How many truncations and how many corruptions each file gets.
    public static let variantsPerKind = 32

    /// The file cut at `variantsPerKind` evenly spaced lengths: 0, size/32, 2·size/32, …
    /// (the empty input included, the whole file not).
    public static func truncations(of bytes: Data) -> [(label: String, data: Data)] {
        (0..<variantsPerKind).map { index in
            let length = bytes.count * index / variantsPerKind
            return ("truncated to \(length) of \(bytes.count) bytes", bytes.prefix(length))
        }
    }

    /// The file with one byte changed, `variantsPerKind` times: the i-th change falls in the i-th
    /// of 32 equal slices (so headers, tables and pixel data all get hit) at an offset and with
    /// an XOR mask drawn from a generator seeded by the file's name.
    public static func corruptions(of bytes: Data, name: String) -> [(label: String, data: Data)] {
        guard !bytes.isEmpty else { return [] }
        var random = SplitMix64(seed: fnv1a(name))
        return (0..<variantsPerKind).map { index in
            let start = bytes.count * index / variantsPerKind
            let end = max(start + 1, bytes.count * (index + 1) / variantsPerKind)
            let offset = start + Int(random.next() % UInt64(end - start))
            let mask = UInt8(1 + random.next() % 255) // never 0: the byte always changes
            var damaged = bytes
            let at = damaged.startIndex + offset
            damaged[at] ^= mask
            return ("byte \(offset) of \(bytes.count) xor 0x\(String(mask, radix: 16))", damaged)
        }
    }

    /// FNV-1a of the UTF-8 bytes: a seed that is the same on every machine and run (`Hasher`
    /// is randomly seeded per process).
    public static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

/// One file of the sweep; its name is what the test report shows.
public struct HostileFile: Sendable, CustomStringConvertible {
    public let name: String
    public let url: URL
    public var description: String { name }
}

/// Steele, Lea and Flood's SplitMix64: tiny, fast, and fully determined by its seed (the
/// sweeps and the generated-image tests draw from it, so they are the same on every run).
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
