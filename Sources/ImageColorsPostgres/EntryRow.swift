import Foundation
import ImageColors
import ImageColorsRemote
import NIOCore
import PostgresNIO

/// How an entry is laid out in `imagecolors_entry`, and the queries on it.
enum EntryRow {
    /// The results revision rows are written with and read at.
    static let revision = AnalysisStoreKey.resultsRevision

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    static func select(source: String, variant: String) -> PostgresQuery {
        """
        SELECT etag, last_modified, fresh_until, analysis, thumbnail_format, thumbnail_width, thumbnail_height,
            thumbnail, accessed_at < now() - interval '1 hour'
        FROM imagecolors_entry WHERE source = \(source) AND variant = \(variant) AND revision = \(revision)
        """
    }

    /// Marks an entry used; done at most once an hour per entry, so a hit is a read.
    static func touch(source: String, variant: String) -> PostgresQuery {
        "UPDATE imagecolors_entry SET accessed_at = now() WHERE source = \(source) AND variant = \(variant)"
    }

    static func delete(source: String, variant: String) -> PostgresQuery {
        "DELETE FROM imagecolors_entry WHERE source = \(source) AND variant = \(variant)"
    }

    static func count() -> PostgresQuery {
        "SELECT count(*)::bigint FROM imagecolors_entry WHERE revision = \(revision)"
    }

    /// The insert (or replacement) of `entry`, or `nil` when its analysis does not encode.
    static func upsert(_ entry: CachedAnalysis, source: String, variant: String) -> PostgresQuery? {
        guard let analysis = try? encoder.encode(entry.analysis) else { return nil }
        let thumbnail = entry.thumbnail
        // As buffers: PostgresNIO binds `Data` through its throwing interpolation.
        let analysisBytes = ByteBuffer(bytes: analysis)
        let thumbnailBytes = thumbnail.map { ByteBuffer(bytes: $0.data) }
        let freshUntil = entry.policy.freshUntil?.timeIntervalSince1970
        return """
            INSERT INTO imagecolors_entry (source, variant, revision, etag, last_modified, fresh_until, analysis,
                thumbnail_format, thumbnail_width, thumbnail_height, thumbnail)
            VALUES (\(source), \(variant), \(revision), \(entry.policy.etag), \(entry.policy.lastModified), \
            \(freshUntil), \(analysisBytes), \(thumbnail?.format.rawValue), \(thumbnail?.width), \
            \(thumbnail?.height), \(thumbnailBytes))
            ON CONFLICT (source, variant) DO UPDATE SET revision = EXCLUDED.revision, etag = EXCLUDED.etag,
                last_modified = EXCLUDED.last_modified, fresh_until = EXCLUDED.fresh_until,
                analysis = EXCLUDED.analysis, thumbnail_format = EXCLUDED.thumbnail_format,
                thumbnail_width = EXCLUDED.thumbnail_width, thumbnail_height = EXCLUDED.thumbnail_height,
                thumbnail = EXCLUDED.thumbnail, stored_at = now(), accessed_at = now()
            """
    }

    /// The entry in `row` (`nil` when a column does not decode: another writer's, a hand edit)
    /// and whether it is due to be marked used.
    static func entry(from row: PostgresRow) -> (entry: CachedAnalysis?, touch: Bool) {
        typealias Columns = (String?, String?, Double?, Data, String?, Int?, Int?, Data?, Bool?)
        guard let columns = try? row.decode(Columns.self),
            let analysis = try? JSONDecoder().decode(ColorAnalysis.self, from: columns.3)
        else { return (nil, false) }
        let (etag, lastModified, freshUntil, _, format, width, height, data, touch) = columns
        var thumbnail: Thumbnail?
        if let data {
            let sides = 1...ThumbnailRequest.maximumLongSide
            guard let name = format, let format = ThumbnailRequest.Format(rawValue: name),
                let width, let height, sides.contains(width), sides.contains(height)
            else { return (nil, false) }
            thumbnail = Thumbnail(width: width, height: height, format: format, data: data)
        }
        // A time that is not a finite number is no time: revalidate.
        let fresh = freshUntil.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
        let policy = HTTPCachePolicy(etag: etag, lastModified: lastModified, freshUntil: fresh)
        return (CachedAnalysis(analysis: analysis, thumbnail: thumbnail, policy: policy), touch ?? false)
    }
}
