import ArgumentParser
import Foundation
import ImageColors

/// Every file a run will write, checked before any work against every file it reads and against
/// each other, so that no output can replace an input: `--thumbnail '{name}.jpg' a.jpg` would
/// otherwise turn the photo into its thumbnail, and `report -o in.png in.png` into a page.
///
/// An output may not be a source, the cache file (or its `-wal`, `-shm` and `-journal` files),
/// the input list or another output. Two names are one file when they have the same device and
/// inode (hard and symbolic links, `./a.jpg` and `a.jpg`); a name that does not exist yet is
/// compared by its resolved path (its directory's real path and its last component). A URL
/// reads no file. `-` (standard output) is no file. An output that does not exist may not be
/// made in /dev or /proc, where only devices and descriptors belong.
struct OutputPlan {
    /// A file the run will write, and the flag that named it.
    struct Output {
        /// The path as given (after `{name}` and `{index}` are filled in).
        var path: String
        /// `--thumbnail` or `-o`.
        var flag: String
    }

    /// What each file the run reads is, by identity: "the source a.jpg", "the cache file c.sqlite".
    private var read: [FileIdentity: String] = [:]
    /// What each planned output is, by identity: "--thumbnail out/a.jpg".
    private var written: [FileIdentity: String] = [:]

    /// Plans `outputs` against the files other than sources that the run reads.
    /// - Parameters:
    ///   - outputs: Every file the run writes.
    ///   - cache: `--cache`, or `nil`.
    ///   - inputList: `--input-list`, or `nil` (`-`, standard input, is no file).
    /// - Throws: `ValidationError` (a usage error) naming the output and what it would replace,
    ///   or an output that is a directory.
    init(outputs: [Output], cache: String?, inputList: String?) throws {
        if let cache {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                remember(cache + suffix, as: "the cache file \(cache + suffix)")
            }
        }
        if let inputList, inputList != "-" {
            remember(inputList, as: "the input list \(inputList)")
        }
        for output in outputs where output.path != "-" {
            let identity = FileIdentity(path: output.path)
            let named = "\(output.flag) \(output.path)"
            if identity.isDirectory {
                throw Self.refusal("\(named) is a directory: name a file in it")
            }
            if case .path(let resolved) = identity,
                Self.isDeviceDirectory((resolved as NSString).deletingLastPathComponent)
            {
                // `--thumbnail /dev/stdout.png` is no device: as root it would become a regular
                // file in /dev. Devices and descriptors are written only where they exist.
                throw Self.refusal("\(named) does not exist, and no new file is made in /dev or /proc")
            }
            if let what = read[identity] { throw Self.refusal("\(named) would replace \(what)") }
            if let other = written[identity] { throw Self.refusal("\(named) and \(other) are the same file") }
            written[identity] = named
        }
    }

    /// Plans `outputs` and checks every source against them.
    /// - Throws: As ``init(outputs:cache:inputList:)``, and when an output is one of `sources`.
    init(outputs: [Output], sources: [String], cache: String?, inputList: String?) throws {
        try self.init(outputs: outputs, cache: cache, inputList: inputList)
        for source in sources { try check(source: source) }
    }

    /// Checks one more source (a line of a list read while the run goes on) against the outputs.
    /// - Throws: `ValidationError` naming the output the source is.
    func check(source: String) throws {
        guard !written.isEmpty, !SourceDisplay.isURL(source) else { return }
        if let output = written[FileIdentity(path: source)] {
            throw Self.refusal("\(output) would replace the source \(source)")
        }
    }

    /// Whether `directory` (resolved) holds devices or descriptors, not files: /dev itself
    /// (not /dev/shm) and /proc.
    private static func isDeviceDirectory(_ directory: String) -> Bool {
        directory == "/dev" || directory == "/proc" || directory.hasPrefix("/proc/")
    }

    /// Records a file the run reads; the first description of a file stays.
    private mutating func remember(_ path: String, as description: String) {
        let identity = FileIdentity(path: path)
        if read[identity] == nil { read[identity] = description }
    }

    private static func refusal(_ message: String) -> ValidationError {
        ValidationError(SourceDisplay.escapingControlCharacters(message))
    }
}

/// Which file a path names: its device and inode when it exists (following links), else its
/// resolved path.
enum FileIdentity: Hashable {
    case inode(device: UInt64, inode: UInt64, directory: Bool)
    case path(String)

    init(path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            self = .inode(
                device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
                directory: (info.st_mode & S_IFMT) == S_IFDIR)
        } else {
            self = .path(Self.resolved(path))
        }
    }

    /// Whether the path names an existing directory.
    var isDirectory: Bool {
        if case .inode(_, _, true) = self { true } else { false }
    }

    /// `path` made absolute, with its directory's links and `..` resolved (the directory's real
    /// path when it exists) and its last component as given.
    static func resolved(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        guard let real = realpath(directory.path, nil) else {
            return directory.standardizedFileURL.appendingPathComponent(url.lastPathComponent).path
        }
        defer { free(real) }
        return URL(fileURLWithPath: String(cString: real)).appendingPathComponent(url.lastPathComponent).path
    }
}
