import Foundation
@_spi(Benchmarks) import ImageColors

/// Which hues a picture holds, and how much of each: what the needless-fallback measure asks
/// of an image independently of any scheme.
struct HueProfile {
    /// The share of all opaque pixels that are chromatic (OKLCh chroma ≥ 0.04), per 1° of hue.
    var shares: [Double]

    /// The chroma from which a pixel, or a role, has a hue worth carrying: 0.04.
    static let chromatic = 0.04
    /// A role carries the hues within 30° of its own.
    static let carriedWidth = 30.0

    /// The profile of the image the analysis sees at `high` (250 px long side), without colour
    /// management, as the quality runs are.
    init(fileAt path: String) throws {
        var downscaler = BenchmarkHooks.Downscaler(targetLongSide: 250)
        try BenchmarkHooks.decode(fileAt: path, minimumLongSide: 500, into: &downscaler)
        let image = downscaler.finish()
        var shares = [Double](repeating: 0, count: 360)
        var opaque = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] >= 128 {
            opaque += 1
            let lch = OKLCh(RGBColor(red: image.pixels[i], green: image.pixels[i + 1], blue: image.pixels[i + 2]))
            if lch.chroma >= Self.chromatic { shares[Int(lch.hue) % 360] += 1 }
        }
        self.shares = shares.map { $0 / Double(max(1, opaque)) }
    }

    /// The largest share of pixels within ±15° of one hue, counting only hues farther than
    /// 30° from every carried hue: a chromatic colour of the picture that no role shows.
    func largestUncarried(carried: [Double]) -> Double {
        let free = (0..<360).map { hue in
            carried.allSatisfy { OKLCh.hueDistance(Double(hue), $0) > Self.carriedWidth } ? shares[hue] : 0
        }
        var best = 0.0
        for center in 0..<360 {
            var sum = 0.0
            for offset in -15...15 { sum += free[(center + offset + 360) % 360] }
            best = max(best, sum)
        }
        return best
    }
}
