import Foundation
import GRDB
import ImageColors
import ImageColorsRemote

/// How an entry is laid out in the `entry` table.
enum CacheRow {
    /// One row per URL (or file) and variant. `source` is ``source(of:)``, a hash: a URL's
    /// query may carry a token, which must not sit in the file in clear. `size` is what the
    /// row's payload costs, counted against the size limit; `fresh_until` is `NULL` when the
    /// entry must be revalidated before every use.
    static let schema = """
        CREATE TABLE entry (
            source TEXT NOT NULL,
            variant TEXT NOT NULL,
            etag TEXT,
            last_modified TEXT,
            fresh_until REAL,
            stored_at REAL NOT NULL,
            accessed_at REAL NOT NULL,
            analysis BLOB NOT NULL,
            thumbnail_format TEXT,
            thumbnail_width INTEGER,
            thumbnail_height INTEGER,
            thumbnail BLOB,
            size INTEGER NOT NULL,
            PRIMARY KEY (source, variant)
        );
        CREATE INDEX entry_accessed ON entry (accessed_at);
        """

    static let insert = """
        INSERT OR REPLACE INTO entry (source, variant, etag, last_modified, fresh_until, stored_at, accessed_at,
            analysis, thumbnail_format, thumbnail_width, thumbnail_height, thumbnail, size)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// What the `source` column holds for `key`: `sha256:` and the SHA-256 of the whole
    /// ``AnalysisStoreKey/source`` (the full URL, query included, or the file's key), in hex.
    static func source(of key: AnalysisStoreKey) -> String {
        "sha256:" + SHA256.hex(key.source)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// The values for ``insert``, or `nil` when the analysis cannot be encoded.
    static func arguments(for entry: CachedAnalysis, key: AnalysisStoreKey, now: Date) -> StatementArguments? {
        guard let analysis = try? encoder.encode(entry.analysis) else { return nil }
        let thumbnail = entry.thumbnail
        let source = source(of: key)
        let size = source.utf8.count + key.variant.utf8.count + analysis.count + (thumbnail?.data.count ?? 0)
        let time = now.timeIntervalSince1970
        return [
            source, key.variant, entry.policy.etag, entry.policy.lastModified,
            entry.policy.freshUntil?.timeIntervalSince1970, time, time,
            analysis, thumbnail?.format.rawValue, thumbnail?.width, thumbnail?.height, thumbnail?.data, size,
        ]
    }

    /// The entry in `row`, or `nil` when its analysis or thumbnail no longer decodes. Every
    /// column is read without trapping: another writer (another version, a hand edit) may have
    /// left a `NULL`, a text or a number out of range in any of them.
    static func entry(from row: Row) -> CachedAnalysis? {
        guard let json = value(Data.self, "analysis", in: row),
            let analysis = try? JSONDecoder().decode(ColorAnalysis.self, from: json)
        else { return nil }
        var thumbnail: Thumbnail?
        if let data = value(Data.self, "thumbnail", in: row) {
            guard let name = value(String.self, "thumbnail_format", in: row),
                let format = ThumbnailRequest.Format(rawValue: name),
                let width = value(Int.self, "thumbnail_width", in: row),
                let height = value(Int.self, "thumbnail_height", in: row),
                (1...ThumbnailRequest.maximumLongSide).contains(width),
                (1...ThumbnailRequest.maximumLongSide).contains(height)
            else { return nil }
            thumbnail = Thumbnail(width: width, height: height, format: format, data: data)
        }
        // A time that is not a finite number is no time: revalidate.
        let freshUntil = value(Double.self, "fresh_until", in: row).flatMap { $0.isFinite ? $0 : nil }
        let policy = HTTPCachePolicy(
            etag: value(String.self, "etag", in: row), lastModified: value(String.self, "last_modified", in: row),
            freshUntil: freshUntil.map(Date.init(timeIntervalSince1970:)))
        return CachedAnalysis(analysis: analysis, thumbnail: thumbnail, policy: policy)
    }

    /// The column's value as `type`; `nil` when it is `NULL`, missing or does not convert
    /// (GRDB's subscript traps on that last one).
    private static func value<Value: DatabaseValueConvertible>(_ type: Value.Type, _ column: String, in row: Row)
        -> Value?
    {
        guard let stored: DatabaseValue = row[column] else { return nil }
        return Value.fromDatabaseValue(stored)
    }
}
