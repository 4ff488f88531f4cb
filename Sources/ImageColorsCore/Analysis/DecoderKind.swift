/// Which decoding path gave the analysed pixels (``ColorAnalysis/decoder``, JSON `decoder`).
///
/// The paths read different amounts of the file, so they can give slightly different colours
/// for the same picture: a JPEG's DC coefficients are its 1/8-scale image, and a HEIF's embedded
/// thumbnail is a separately encoded small copy.
public enum DecoderKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// libjpeg, libpng, libwebp, giflib or libheif decoding the whole image (a JPEG possibly
    /// scaled by its DCT), through the C shim.
    case library
    /// The Swift reader of a progressive JPEG's DC scans, at 1/8 scale: a progressive JPEG whose
    /// full decode would not fit the memory budget.
    case progressiveDC = "progressive-dc"
    /// The Swift reader of a sequential (baseline) JPEG's DC coefficients, at 1/8 scale.
    case sequentialDC = "sequential-dc"
    /// libheif decoding a HEIC or AVIF file's embedded thumbnail instead of its image, because
    /// the thumbnail is at least the analysis size.
    case heifThumbnail = "heif-thumbnail"
}
