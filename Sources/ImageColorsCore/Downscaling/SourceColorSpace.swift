#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a file says about the colours of its pixels, as its decoder found it: handed to the sink
/// once, before ``PixelSink/begin(width:height:rowsInOrder:)``, through
/// ``PixelSink/colorSpace(_:)``.
package enum SourceColorSpace: Sendable, Hashable {
    /// Nothing said, or sRGB said outright (a PNG sRGB chunk): the pixels are taken as sRGB.
    case sRGB
    /// An embedded ICC profile (JPEG APP2 chunks, PNG iCCP) for RGB or grey pixels.
    case icc(Data)
    /// A PNG gAMA chunk without iCCP or sRGB: the samples are `linear^gamma` (0.45455 for 1/2.2).
    case gamma(Double)
    /// CMYK or YCCK JPEG, with its ICC profile when it has one. `adobeInverted`: an Adobe APP14
    /// marker says the samples are stored inverted (0 = full ink).
    case cmyk(profile: Data?, adobeInverted: Bool)
    /// The file carries a profile its decoder could not read (libjpeg found the ICC chunks
    /// inconsistent, libpng dropped the iCCP chunk); the pixels are treated as `fallback`.
    indirect case unreadableProfile(reason: String, fallback: SourceColorSpace)
}
