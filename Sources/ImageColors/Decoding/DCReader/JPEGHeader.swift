/// A JPEG's header as one walk of its markers found it, from SOI to the first scan's header: the
/// frame (dimensions, SOF kind, precision, components), the tables and restart interval, and
/// the application markers the pipeline uses (JFIF, the EXIF orientation, Adobe's transform;
/// ICC chunks go to an ``ICCChunkCollector`` as they pass).
///
/// Our Swift side walks a JPEG's markers once per decode. The probe only sniffs the first bytes
/// (JPEG has no size at a fixed place, so ``HeaderDimensions`` reads none); this walk checks the
/// frame against `ImageLimits` and decides, from the frame, whether ``JPEGDCDecoder`` takes
/// the file, which then goes on from where the walk stopped with what it parsed; a file it does
/// not take goes to libjpeg, which reads the stream itself. ``walks`` counts the walks for tests.
struct JPEGHeader {
    /// The frame (SOFn).
    let frame: JPEGFrame
    /// The tables, restart interval and application markers seen before the first scan.
    let state: JPEGMarkerState
    /// The first scan's header.
    let firstScan: JPEGScanHeader
    /// The colour space the frame and the markers say.
    let colorSpace: JPEGColorSpace

    /// How a walk ended.
    enum Walk {
        /// Through the first scan's header, with a frame that was accepted.
        case complete(JPEGHeader)
        /// Stopped early: the frame was not accepted, or something in the header was odd or
        /// missing (libjpeg then reports it in its own words).
        case declined
    }

    /// Counts marker walks, for tests: bind one with `JPEGHeader.$walks.withValue(counter)`
    /// around a synchronous decode.
    @TaskLocal static var walks: WalkCounter?

    /// A count of marker walks on one task.
    final class WalkCounter: @unchecked Sendable {
        /// Walks so far.
        private(set) var count = 0

        init() {}

        func add() { count += 1 }
    }

    /// Reads SOI and the segments up to the first scan's header; ICC chunks go to `icc`.
    /// - Parameters:
    ///   - input: The stream, at its first byte; left after the first scan's header when the
    ///     walk is complete.
    ///   - options: The limits (checked on the frame) and the ledger (for the ICC chunks).
    ///   - icc: Collects APP2 ICC chunks.
    ///   - accepts: Whether the frame is wanted; the walk stops there when it is not.
    /// - Returns: ``Walk/complete(_:)``, or ``Walk/declined``.
    /// - Throws: ``ImageDecodingError/tooLarge(_:width:height:limit:)`` for a frame over the
    ///   limits (as the libjpeg path would), reading errors, the deadline.
    static func walk(
        _ input: JPEGByteReader, options: DecodeOptions, icc: inout ICCChunkCollector,
        accepting accepts: (JPEGFrame) -> Bool
    ) throws -> Walk {
        walks?.add()
        guard try input.readByte() == 0xFF, try input.readByte() == JPEGMarker.soi else { return .declined }
        var state = JPEGMarkerState()
        var frame: JPEGFrame?
        while true {
            guard let (code, skipped) = try input.nextMarker(), skipped == 0 else { return .declined }
            if JPEGMarker.isStandalone(code) { continue }
            guard code != JPEGMarker.soi, code != JPEGMarker.eoi,
                let length = try input.readUInt16(), length >= 2
            else { return .declined }
            if code == JPEGMarker.app2 {
                guard try icc.read(input, length: length - 2, ledger: options.ledger) else { return .declined }
                continue
            }
            if JPEGMarker.isSkipped(code) {
                guard try input.skip(length - 2) else { return .declined }
                continue
            }
            guard let body = try input.readBytes(length - 2) else { return .declined }
            switch code {
            case _ where JPEGMarker.isStartOfFrame(code):
                guard frame == nil, let parsed = JPEGFrame(marker: code, segment: body) else { return .declined }
                try options.limits.check(width: parsed.width, height: parsed.height, format: .jpeg)
                guard accepts(parsed) else { return .declined }
                frame = parsed
            case JPEGMarker.dqt: guard (try? state.readDQT(body)) != nil else { return .declined }
            case JPEGMarker.dht: guard (try? state.readDHT(body)) != nil else { return .declined }
            case JPEGMarker.dri: guard (try? state.readDRI(body)) != nil else { return .declined }
            case JPEGMarker.app0, JPEGMarker.app1, JPEGMarker.app14: state.readApplicationSegment(code, body)
            case JPEGMarker.sos:
                guard let frame, let scan = try? state.readSOS(body, frame: frame),
                    let colorSpace = JPEGColorSpace.of(
                        frame, sawJFIF: state.sawJFIF, adobeTransform: state.adobeTransform)
                else { return .declined }
                return .complete(JPEGHeader(frame: frame, state: state, firstScan: scan, colorSpace: colorSpace))
            default: return .declined
            }
        }
    }
}
