/// Where the background colour is looked for.
public enum BackgroundSource: String, Sendable, Codable, CaseIterable {
    /// A band round the image's four edges (see ``ColorHistogram/Region/border``): the colour a
    /// card around the image should continue. The default.
    case edges
    /// The whole image.
    case whole
}

/// Chooses a card's background, primary, secondary and detail colours from a small image.
///
/// One histogram (``ColorHistogram``, 4 bits per channel) is counted: the band round the
/// edges first, which decides the background (`BackgroundChoice`), then the rest of the
/// image. A band without colour structure (uniform noise, a chart of every colour) gives its
/// mean as the background, and the faithful scheme clusters such an image on 64 coarse bins
/// (``ColorHistogram/isStructureless``). The roles are then chosen by the ``RoleScheme``:
/// - ``RoleScheme/faithful`` (the default) ranks the image's colour clusters by salience and
///   tones each chosen colour until it reaches ``minimumContrast`` on the background;
/// - ``RoleScheme/classic`` is Panic's ColorArt (and its Swift port UIImageColors) with its
///   known defects fixed: bins report the mean colour of their pixels; transparent pixels are
///   never counted; a candidate keeps the count of its own bin when its saturation is raised
///   (ColorArt looked up the raised colour, which was absent from the image, so every raised
///   colour counted 0); roles need a WCAG contrast ratio of at least ``minimumContrast``
///   (ColorArt's 1.6 ratio of gamma-encoded luma let pairs of nearly equal luminance through);
///   distinctness is measured in OKLab (``ColorDistance``), not per sRGB channel.
///
/// Both break every tie by bin index, so results never depend on hashing order.
public struct Quantizer: Sendable {
    /// Where the background is looked for.
    public let backgroundSource: BackgroundSource
    /// How the roles are chosen.
    public let scheme: RoleScheme
    /// The WCAG contrast ratio primary, secondary and detail must reach on the background,
    /// 1–21.
    public let minimumContrast: Double
    /// Bits per channel of the histogram bins, 1…6.
    public let binBits: Int

    /// The default contrast target: 3:1, WCAG's minimum for large text and graphics (titles
    /// are large; body text needs 4.5).
    public static let defaultMinimumContrast = 3.0
    /// Bins (classic) or clusters (faithful) holding less than this share of the opaque pixels
    /// (0.05%, at least 1 pixel) are noise and never become a role: at 250×250 that is 32
    /// pixels, a 6×6 patch.
    public static let candidateNoiseShare = 0.0005

    /// Creates a quantizer. Out-of-range values are clamped, never trapped on.
    /// - Parameters:
    ///   - backgroundSource: Where the background is looked for; default ``BackgroundSource/edges``.
    ///   - scheme: How the roles are chosen; default ``RoleScheme/faithful``.
    ///   - minimumContrast: The WCAG ratio roles must reach on the background; default 3.
    ///     Clamped to 1…21; NaN gives the default.
    ///   - binBits: Histogram bits per channel; default 4 (4096 bins). Clamped to 1…6.
    public init(
        backgroundSource: BackgroundSource = .edges, scheme: RoleScheme = .faithful,
        minimumContrast: Double = Quantizer.defaultMinimumContrast, binBits: Int = 4
    ) {
        self.backgroundSource = backgroundSource
        self.scheme = scheme
        self.minimumContrast = minimumContrast.isNaN ? Self.defaultMinimumContrast : min(max(minimumContrast, 1), 21)
        self.binBits = min(max(binBits, 1), 6)
    }

    /// What quantizing an image gives: the four roles (with their reports) and, when asked
    /// for, a palette.
    public struct Result: Sendable, Hashable {
        /// The four colours, which fell back, and how each was chosen.
        public var roles: ColorRoles
        /// The palette, by descending share; empty unless asked for.
        public var palette: [PaletteColor]
    }

    /// One chosen colour and how it was chosen.
    package struct Choice {
        package var color: RGBColor
        package var report: RoleReport
    }

    /// Chooses the four colours of an image.
    ///
    /// - The background: see `BackgroundChoice`. When the band has no opaque pixel (a logo on
    ///   transparency) the background is white, or black if the image's most common colour is
    ///   light, so the logo stays visible on it. An image with no opaque pixel at all gets a
    ///   white background.
    /// - The roles: see ``RoleScheme``. A role without a candidate falls back to white or black
    ///   and is listed in ``ColorRoles/fallback``.
    /// - Parameter image: The image, typically already downscaled (e.g. 250 px long side).
    /// - Returns: The four colours and which roles fell back.
    public func roles(of image: RGBAImage) -> ColorRoles {
        quantize(image).roles
    }

    /// Chooses the four colours of an image (see ``roles(of:)``) and, when `paletteSize` is
    /// above 0, its palette from the same histogram (see ``PaletteColor``).
    /// - Parameters:
    ///   - image: The image, typically already downscaled.
    ///   - paletteSize: How many palette colours, 0…64 (clamped); default 0 (no palette).
    public func quantize(_ image: RGBAImage, paletteSize: Int = 0) -> Result {
        colors(of: image, paletteSize: min(max(paletteSize, 0), ColorPalette.maximumCount), chromaMedianRadius: 0)
    }

    /// Chooses the four colours of an image downscaled from a larger picture (see
    /// ``roles(of:)``) and, when `paletteSize` is above 0, its palette. The faithful scheme's roles
    /// then see the picture's chroma as a re-encode keeps it: colour detail under about
    /// ``chromaDetailSide`` of the picture's pixels is left out
    /// (``chromaMedianRadius(sourceLongSide:analysedLongSide:)``), so a JPEG copy of the same
    /// picture gets the same card more often (issue 41). The background and the palette come from
    /// the image as it is.
    /// - Parameters:
    ///   - image: The image, downscaled from the picture.
    ///   - paletteSize: How many palette colours, 0…64 (clamped); default 0 (no palette).
    ///   - sourceLongSide: The picture's long side in its own pixels. 0 or less: unknown, as
    ///     ``quantize(_:paletteSize:)``.
    public func quantize(_ image: RGBAImage, paletteSize: Int = 0, sourceLongSide: Int) -> Result {
        colors(
            of: image, paletteSize: min(max(paletteSize, 0), ColorPalette.maximumCount),
            chromaMedianRadius: Self.chromaMedianRadius(
                sourceLongSide: sourceLongSide, analysedLongSide: max(image.width, image.height)))
    }

    /// Chooses the four colours of an image on another image of the same picture, the canonical
    /// image (``AnalysisDownscaler``), when there is one; the palette, when asked for, still
    /// comes from `image`.
    ///
    /// Why: the card then belongs to the picture, not to the preset's size (issue 41). The
    /// background's band was the first thing a preset's size moved (item 1); the roles were the
    /// next: a near-tie between two clusters' shares, or a vivid cluster of 8–25 pixels, is
    /// decided differently by each size's box filter. On the canonical image the shares, the
    /// salience and every noise floor are measured on the same pixels at `lowest`, `low` and
    /// `high` (which decode at the same size), and on nearly the same at `highest`.
    /// - Parameters:
    ///   - image: The preset's image: the palette's, and the roles' when `canonical` is `nil`.
    ///   - paletteSize: How many palette colours, 0…64 (clamped).
    ///   - canonical: The image the background and the roles are chosen on; `nil`: `image`.
    ///   - sourceLongSide: The picture's long side in its own pixels, which sets the chroma
    ///     medians the roles are clustered on (see ``quantize(_:paletteSize:sourceLongSide:)``); 0:
    ///     unknown, none.
    package func quantize(
        _ image: RGBAImage, paletteSize: Int, backgroundFrom canonical: RGBAImage?, sourceLongSide: Int = 0
    ) -> Result {
        let size = min(max(paletteSize, 0), ColorPalette.maximumCount)
        let rolesImage = canonical ?? image
        let radius = Self.chromaMedianRadius(
            sourceLongSide: sourceLongSide, analysedLongSide: max(rolesImage.width, rolesImage.height))
        guard let canonical else { return colors(of: image, paletteSize: size, chromaMedianRadius: radius) }
        var result = colors(of: canonical, paletteSize: 0, chromaMedianRadius: radius)
        if size > 0 {
            // The canonical count is dropped by now: one histogram at a time, as the reservation
            // allows.
            let histogram = ColorHistogram(image: image, region: .whole, bitsPerChannel: binBits)
            result.palette = ColorPalette.colors(in: histogram, count: size)
        }
        return result
    }

    /// The four colours of `image` and, when `paletteSize` is above 0, its palette; the faithful
    /// roles clustered on the chroma medians of radius `chromaMedianRadius` (0: none).
    private func colors(of image: RGBAImage, paletteSize size: Int, chromaMedianRadius: Int) -> Result {
        var histogram: ColorHistogram
        let background: Choice
        let chosen: [Choice]
        do {
            // Both clusterings share one workspace, freed at the end of this scope, before any
            // palette is made (the memory reserved for quantization holds one or the other).
            var workspace = ClusteringWorkspace(bitsPerChannel: binBits)
            let region: ColorHistogram.Region = backgroundSource == .edges ? .border : .whole
            // With chroma medians the roles' clusters are grown first, on a count of the medians
            // in the tables that the image's own count then takes over: both counts at once would
            // need a second histogram, and counting the image again afterwards cost more than
            // the band does.
            var medianClusters: [ColorCluster]?
            if scheme == .faithful && chromaMedianRadius >= 1 {
                histogram = ColorHistogram(chromaMediansOf: image, radius: chromaMedianRadius, bitsPerChannel: binBits)
                medianClusters = histogram.clustering(
                    minimumCount: vividFloor(histogram), radius: ColorHistogram.clusterRadius, workspace: &workspace)
                histogram.recount(image, region: region)
            } else {
                // One histogram: the band first, then the rest of the image added to the same
                // tables, so every pixel is read once and nothing is allocated or cleared twice.
                histogram = ColorHistogram(image: image, region: region, bitsPerChannel: binBits)
            }
            background = chooseBackground(image, &histogram, &workspace)
            chosen = chooseRoles(
                histogram, medianClusters: medianClusters, background: background, workspace: &workspace)
        }
        let fallbackColor =
            scheme == .classic
            ? (Self.isDark(background.color) ? RGBColor.white : .black)
            : Self.strongerNeutral(on: background.color)
        let fallback = Choice(
            color: fallbackColor,
            report: RoleReport(
                source: .fallback, contrastRatio: Contrast.contrastRatio(fallbackColor, background.color)))
        func role(_ i: Int) -> Choice { i < chosen.count ? chosen[i] : fallback }
        let roles = ColorRoles(
            background: background.color, primary: role(0).color, secondary: role(1).color, detail: role(2).color,
            fallback: Array(ColorRole.allCases[chosen.count...]),
            reports: RoleReports(
                background: background.report, primary: role(0).report,
                secondary: role(1).report, detail: role(2).report))
        let palette = size > 0 ? ColorPalette.colors(in: histogram, count: size) : []
        return Result(roles: roles, palette: palette)
    }

    /// The background, from a histogram of the band (or of the whole image) that this completes
    /// to a count of the whole image.
    ///
    /// A count without colour structure (``ColorHistogram/isStructureless``: noise, a chart of
    /// every colour) has no clusters worth growing: a structureless band gives its mean colour
    /// as the background (with either scheme).
    private func chooseBackground(
        _ image: RGBAImage, _ histogram: inout ColorHistogram, _ workspace: inout ClusteringWorkspace
    ) -> Choice {
        // The band decides the background: its clusters are grown before the interior is added.
        let bandPixels = histogram.pixelCount
        let bandMean = histogram.isStructureless ? histogram.meanColor : nil
        let band =
            bandMean != nil
            ? []
            : histogram.clustering(
                minimumCount: max(1, Self.smallestCount(reaching: BackgroundChoice.clusterFloorShare, of: bandPixels)),
                radius: BackgroundChoice.clusterRadius, workspace: &workspace)
        if backgroundSource == .edges { histogram.countInterior(of: image) }
        let origin: ColorOrigin = backgroundSource == .edges ? .edges : .image
        let background: Choice
        if let bandMean {
            background = Choice(color: bandMean, report: RoleReport(source: origin, share: 1))
        } else if let fromRegion = BackgroundChoice(
            band: band, bandPixels: bandPixels, whole: histogram, workspace: workspace, image: image)
        {
            background = Choice(color: fromRegion.color, report: RoleReport(source: origin, share: fromRegion.share))
        } else if let dominant = histogram.mostCommonBin {
            // Transparent edges say nothing about the card; pick the neutral that contrasts with
            // what is drawn, so the image (e.g. a dark logo) does not vanish into its card.
            background = Choice(
                color: Self.isDark(dominant.meanColor) ? .white : .black, report: RoleReport(source: .fallback))
        } else {
            // Nothing opaque anywhere: there is no colour to continue; white is the neutral card.
            background = Choice(color: .white, report: RoleReport(source: .fallback))
        }
        return background
    }

    /// The roles the scheme chose (at most three, in the slots' order: the faithful scheme's by
    /// ``putInReadingOrder(_:on:)``, the classic scheme's by count) on `background`, from a count of
    /// the whole image. The faithful scheme clusters a structureless image
    /// (``ColorHistogram/isStructureless``) on a coarse grid (``ColorHistogram/structurelessBits``),
    /// whose bins are its colours; the classic scheme's roles come from the histogram's bins
    /// either way.
    ///
    /// With `medianClusters` (the clusters of a count of the image's chroma medians,
    /// ``ColorHistogram/init(chromaMediansOf:radius:bitsPerChannel:)``) the faithful scheme's roles
    /// come from those clusters, unless the count is structureless; the fourth pass's hues and the
    /// palette are the image's own either way, so a hue of 2% still takes an open slot.
    private func chooseRoles(
        _ histogram: ColorHistogram, medianClusters: [ColorCluster]?, background: Choice,
        workspace: inout ClusteringWorkspace
    ) -> [Choice] {
        switch scheme {
        case .faithful:
            let clusters: [ColorCluster]
            let coarseBits = ColorHistogram.structurelessBits
            if histogram.isStructureless, histogram.canCoarsen(toBits: coarseBits) {
                let coarse = ColorHistogram(coarsening: histogram, toBits: coarseBits)
                var coarseWorkspace = ClusteringWorkspace(bitsPerChannel: coarseBits)
                clusters = coarse.clustering(
                    minimumCount: vividFloor(histogram), radius: ColorHistogram.clusterRadius,
                    workspace: &coarseWorkspace)
            } else if let medianClusters {
                clusters = medianClusters
            } else {
                clusters = histogram.clustering(
                    minimumCount: vividFloor(histogram), radius: ColorHistogram.clusterRadius, workspace: &workspace)
            }
            var roles = faithfulRoles(
                in: clusters, pixelCount: histogram.pixelCount, background: background.color, histogram: histogram)
            Self.putInReadingOrder(&roles, on: background.color)
            return roles
        case .classic:
            return classicRoles(in: histogram, background: background.color)
        }
    }

    /// The fewest pixels a cluster of the faithful scheme needs: ``Salience/vividNoiseShare`` of
    /// the count's pixels, at least 1.
    private func vividFloor(_ histogram: ColorHistogram) -> Int {
        max(1, Self.smallestCount(reaching: Salience.vividNoiseShare, of: histogram.pixelCount))
    }

    /// White or black, whichever has the higher WCAG ratio on `background` (white on a tie);
    /// at least 4.58:1 either way.
    package static func strongerNeutral(on background: RGBColor) -> RGBColor {
        Contrast.contrastRatio(.black, background) > Contrast.contrastRatio(.white, background) ? .black : .white
    }

    /// ``ColorDistance/isDistinct(_:_:threshold:)`` at the default threshold, on colours already
    /// in OKLab: the same comparisons in the same order, so the same answers.
    package static func isDistinct(_ labX: OKLab, _ labY: OKLab) -> Bool {
        if labX.chroma < ColorDistance.greyChromaThreshold && labY.chroma < ColorDistance.greyChromaThreshold {
            return false
        }
        return labX.distance(to: labY) >= ColorDistance.distinctThreshold
    }
}
