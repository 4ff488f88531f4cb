/// For an animated GIF, WebP or PNG (APNG): how many frames it has and how many the colours came from
/// (JSON key `frames` of a result; absent for still images).
public struct FrameReport: Sendable, Hashable, Codable {
    /// The frames in the file; `nil` when they were not all read: a GIF analysed for its first
    /// frame is read only as far as the second frame's header.
    public var count: Int?
    /// The frames the colours were counted from: 1 with ``FramePolicy/first``, every frame with
    /// ``FramePolicy/all``.
    public var counted: Int

    /// Creates a report.
    public init(count: Int?, counted: Int) {
        self.count = count
        self.counted = counted
    }
}
