#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The way back from OKLab to sRGB (Ottosson's inverse matrices), and the gamut test that
// tone adjustment needs: OKLab covers colours that no sRGB display can show.
extension OKLab {
    /// The colour in linear-light sRGB, each channel nominally 0–1; outside that range when the
    /// colour is out of the sRGB gamut.
    public var linearSRGB: SIMD3<Double> {
        let l = lightness + 0.3963377774 * a + 0.2158037573 * b
        let m = lightness - 0.1055613458 * a - 0.0638541728 * b
        let s = lightness - 0.0894841775 * a - 1.2914855480 * b
        let l3 = l * l * l
        let m3 = m * m * m
        let s3 = s * s * s
        return SIMD3(
            4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
            -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
            -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3)
    }

    /// Whether the colour lies in the sRGB gamut (every linear channel within 0–1, give or take
    /// 0.0001: the published matrices are rounded, so an sRGB colour with a channel at 0 can
    /// come back at −0.00004; one 8-bit step near black is 0.0003).
    public var isInSRGBGamut: Bool {
        let rgb = linearSRGB
        let tolerance = 1e-4
        return rgb.min() >= -tolerance && rgb.max() <= 1 + tolerance
    }

    /// The nearest 8-bit sRGB colour: each linear channel clamped to 0–1, encoded with the sRGB
    /// transfer function and rounded. Exact for in-gamut colours up to that rounding.
    public var rgbColor: RGBColor {
        let rgb = linearSRGB
        func encode(_ linear: Double) -> UInt8 {
            let c = min(max(linear, 0), 1)
            let encoded = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
            return UInt8((encoded * 255).rounded())
        }
        return RGBColor(red: encode(rgb.x), green: encode(rgb.y), blue: encode(rgb.z))
    }
}

extension OKLCh {
    /// The colour with its chroma reduced, hue and lightness kept, only as far as needed to
    /// lie in the sRGB gamut (unchanged when it already does). Found by bisection to within
    /// 0.0005 of chroma, well under what 8-bit rounding can show.
    public var clampedToSRGB: OKLCh {
        clampedToSRGB(HueDirection(hue))
    }

    /// ``clampedToSRGB`` with the cosine and sine of ``hue`` given.
    package func clampedToSRGB(_ direction: HueDirection) -> OKLCh {
        guard !direction.lab(lightness: lightness, chroma: chroma).isInSRGBGamut else { return self }
        // A grey of any lightness in 0–1 is in gamut, so the search always has a lower end.
        let l = min(max(lightness, 0), 1)
        // The colours tried are made by `init(lightness:chroma:hue:)`, which normalises the hue
        // (360° becomes 0°): their direction is this one unless that changed it.
        let tried = direction.forHue(OKLCh(lightness: l, chroma: 0, hue: hue).hue)
        var inside = 0.0
        var outside = chroma
        while outside - inside > 0.0005 {
            let middle = (inside + outside) / 2
            if tried.lab(lightness: l, chroma: middle).isInSRGBGamut { inside = middle } else { outside = middle }
        }
        return OKLCh(lightness: l, chroma: inside, hue: hue)
    }

    /// The cosine and sine of a hue, as ``lab`` computes them: computed once for the many colours
    /// of one hue that a gamut or tone search tries, which then come out exactly as ``lab``
    /// would make them, without two trigonometric calls each.
    package struct HueDirection {
        /// The hue, degrees.
        package let hue: Double
        package let cos: Double
        package let sin: Double

        package init(_ hue: Double) {
            let radians = hue * .pi / 180
            self.hue = hue
            cos = cosine(radians)
            sin = sine(radians)
        }

        /// ``OKLCh/lab`` of the colour of this hue with `lightness` and `chroma`.
        @inline(__always)
        package func lab(lightness: Double, chroma: Double) -> OKLab {
            OKLab(lightness: lightness, a: chroma * cos, b: chroma * sin)
        }

        /// The direction of `other`: this one when it is the same hue, to the bit.
        package func forHue(_ other: Double) -> HueDirection {
            other.bitPattern == hue.bitPattern ? self : HueDirection(other)
        }
    }
}

// The C library's cos and sin, under names a `cos` or `sin` property does not hide.
private func cosine(_ radians: Double) -> Double { cos(radians) }

private func sine(_ radians: Double) -> Double { sin(radians) }
