#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The faithful scheme: the picture's salient hues, each shown by its main shade, toned until it
// reads on the background.
extension Quantizer {
    /// A colour cluster considered for a role.
    package struct Candidate {
        package var cluster: ColorCluster
        /// The cluster's share of the opaque pixels.
        package var share: Double
        /// ``Salience/separation(_:from:)`` from the background.
        package var separation: Double

        package var isChromatic: Bool { cluster.lch.chroma >= Salience.chromaticThreshold }
        package var score: Double { Salience.score(share: share, chroma: cluster.lch.chroma) * separation }
    }

    /// The chromatic candidates within 15° of one hue: "the picture's orange", all its shades.
    package struct HueFamily {
        /// The hue of the largest member, the first: the family's.
        package var hue: Double
        /// The members' share of the opaque pixels, summed in member order.
        package var share: Double
        /// The members' chroma weighted by share, summed in member order (the family's chroma
        /// is this over ``share``).
        package var weightedChroma: Double
        /// The member that shows the family: the best scored (the main shade, not its shadow).
        package var representative: Candidate

        /// A family of one candidate.
        package init(_ first: Candidate) {
            hue = first.cluster.lch.hue
            share = first.share
            weightedChroma = first.share * first.cluster.lch.chroma
            representative = first
        }

        /// Adds a member, smaller than those before it: a tie of scores goes to the larger.
        package mutating func add(_ member: Candidate) {
            share += member.share
            weightedChroma += member.share * member.cluster.lch.chroma
            if member.score > representative.score { representative = member }
        }

        package var score: Double {
            Salience.score(share: share, chroma: weightedChroma / share) * representative.separation
        }
    }

    /// How much a colour says about the picture, on the card.
    ///
    /// `score = (50 × share + chromaBonus(C)) × separation`, where `share` is the share of the
    /// image's pixels; `chromaBonus(C) = (C − 0.14) × 34` below OKLCh chroma 0.14 and
    /// `(C − 0.14) × 100` above it — Material Color Utilities' scoring, its CAM16 chroma target
    /// of 48 converted to OKLCh: a vivid colour gains up to 23, a dull one loses up to 3.4, so a
    /// small vivid area can outrank a large dull one; and `separation` is
    /// `min(1, 0.3 + 7 × Δab)` for the distance Δab between the colour and the background in
    /// OKLab's a–b plane (hue and chroma, not lightness, which toning changes anyway): a shade
    /// of the background's own hue says less on that background than a colour of another hue.
    package enum Salience {
        /// OKLCh chroma from which a colour counts as chromatic: 0.04.
        package static let chromaticThreshold = 0.04
        /// Half the width of a hue family: 15°.
        package static let hueFamilyWidth = 15.0
        /// Chroma at which the chroma term is 0 (Material's CAM16 48, in OKLCh).
        package static let targetChroma = 0.14
        /// Clusters at least this chromatic (0.1) are candidates from ``vividNoiseShare``.
        package static let vividChroma = 0.1
        /// The noise floor of vivid clusters: 0.02% of the pixels (8 pixels at 250×156), so a
        /// small vivid detail — a kite in a sky — can take a role.
        package static let vividNoiseShare = 0.0002

        package static func score(share: Double, chroma: Double) -> Double {
            50 * share + (chroma - targetChroma) * (chroma < targetChroma ? 34 : 100)
        }

        package static func separation(_ lab: OKLab, from background: OKLab) -> Double {
            let da = lab.a - background.a
            let db = lab.b - background.b
            return min(1, 0.3 + 7 * (da * da + db * db).squareRoot())
        }
    }

    /// Chromatic roles must differ in hue by at least this much in the first pass (30°):
    /// different colours before shades of one.
    package static let roleHueSeparation = 30.0
    /// How much a hue family's toned colour's contrast target grows per step (15%) when it is
    /// indistinct from a role already taken: two dull hues toned to the same lightness (a
    /// dusky purple and a mauve on navy) can meet in one greyish tint; moved further from the
    /// background, the second keeps its hue and becomes a role of its own instead of leaving
    /// the slot to a fallback. The steps stop at 21:1, or where the colour would lose its
    /// hue (chroma under 0.02, or more than 15° off).
    package static let separatingStep = 1.15

    /// `toned`, or, while it is indistinct from a role already taken, the same image colour toned
    /// further from `background` (a target ``separatingStep`` higher each step, up to 21:1) as
    /// long as it keeps its hue: chroma 0.02 or more, within 15° of `hue`; a neutral grey
    /// (chroma under 0.02), which has no hue, at every step. The last step that kept the hue,
    /// distinct or not.
    /// - Parameters:
    ///   - toned: The image colour toned to the contrast target.
    ///   - hue: The image colour's hue (OKLCh degrees), which every step keeps.
    ///   - background: The background the roles are read on.
    ///   - isDistinctFromTaken: Whether a colour (in OKLab) is distinct from every role taken
    ///     (``isDistinct(_:_:)``); a closure, so that callers keep their own lists unallocated.
    package static func separating(
        _ toned: ToneAdjustment, hue: Double, on background: RGBColor, isDistinctFromTaken: (OKLab) -> Bool
    ) -> ToneAdjustment {
        var toned = toned
        var target = toned.contrastRatio
        // A neutral grey has no hue to lose: it is moved along lightness alone. (The dark card
        // tones the light card's grey role to the dark background, where it could meet a dull
        // colour toned to the same lightness: 10 such pairs on the seen evaluation sets.)
        let isGrey = OKLCh(toned.original).chroma < ColorDistance.greyChromaThreshold
        while !isDistinctFromTaken(OKLab(toned.color)), target < 21 {
            target = min(21, target * separatingStep)
            guard let further = ToneAdjustment(toned.original, reaching: target, on: background) else { break }
            let lch = OKLCh(further.color)
            guard
                isGrey
                    || (lch.chroma >= ColorDistance.greyChromaThreshold
                        && OKLCh.hueDistance(lch.hue, hue) <= Salience.hueFamilyWidth)
            else { break }
            toned = further
        }
        return toned
    }

    /// ``RoleScheme/faithful``: primary, secondary and detail, in the order they were taken (the
    /// card shows them in ``putInReadingOrder(_:on:)``).
    ///
    /// Candidates are the image's clusters of at least ``candidateNoiseShare`` of its pixels
    /// (``Salience/vividNoiseShare`` for vivid ones), other than those indistinct from the
    /// background (ΔE_OK under 0.08: they are the background). Chromatic candidates (OKLCh
    /// chroma ≥ 0.04) are grouped into hue families (within 15° of the family's largest
    /// member). Roles are filled in four passes, each candidate toned to reach
    /// ``minimumContrast`` on the background (``ToneAdjustment``) and taken only if distinct
    /// (ΔE_OK ≥ 0.08) from the roles already taken:
    /// 1. hue families by ``Salience`` score (the family's share and share-weighted chroma),
    ///    each shown by its best scored member, 30° of hue or more from the chromatic roles
    ///    taken; a member toned into an indistinct colour is toned further, to more contrast,
    ///    until it is distinct (``separatingStep``);
    /// 2. any chromatic candidate by score: further shades of a hue already shown;
    /// 3. the greys, largest first, that are distinct: two neutral greys (chroma under 0.02)
    ///    never are, so at most one of those, but a tinted grey (a blue-grey, a teal shadow:
    ///    chroma 0.02–0.04) is distinct from another colour ΔE_OK 0.08 away. A greyish photo
    ///    keeps its casts instead of falling back.
    /// 4. when a slot is still open, the hues of at least 1.5% of the pixels that no role or the
    ///    background carries, counted on `histogram`'s bins (``uncarriedHues(in:carried:limit:)``):
    ///    a pale picture's hue can lie within ΔE_OK 0.08 of its background in every cluster.
    package func faithfulRoles(
        in clusters: [ColorCluster], pixelCount total: Int, background: RGBColor, histogram: ColorHistogram? = nil
    ) -> [Choice] {
        guard total > 0 else { return [] }
        let floor = max(1, Self.smallestCount(reaching: Self.candidateNoiseShare, of: total))
        let vividFloor = max(1, Self.smallestCount(reaching: Salience.vividNoiseShare, of: total))
        let backgroundLab = OKLab(background)
        // Each list allocated once, at its largest: families' first hues lie more than 15° apart,
        // so there are at most 24.
        var chromatic: [Candidate] = []
        var greys: [Candidate] = []
        var families: [HueFamily] = []
        chromatic.reserveCapacity(clusters.count)
        greys.reserveCapacity(clusters.count)
        families.reserveCapacity(24)
        // Clusters come largest first, so each family's first member is its largest.
        for cluster in clusters where cluster.count >= vividFloor {
            let lab = cluster.lch.lab
            guard cluster.count >= floor || cluster.lch.chroma >= Salience.vividChroma,
                lab.distance(to: backgroundLab) >= ColorDistance.distinctThreshold
            else { continue }
            let candidate = Candidate(
                cluster: cluster, share: Double(cluster.count) / Double(total),
                separation: Salience.separation(lab, from: backgroundLab))
            guard candidate.isChromatic else {
                greys.append(candidate)
                continue
            }
            chromatic.append(candidate)
            let hue = cluster.lch.hue
            if let index = families.firstIndex(where: { OKLCh.hueDistance($0.hue, hue) <= Salience.hueFamilyWidth }) {
                families[index].add(candidate)
            } else {
                families.append(HueFamily(candidate))
            }
        }
        func byScore(_ x: Double, _ y: Double, _ xSeed: Int, _ ySeed: Int) -> Bool { x != y ? x > y : xSeed < ySeed }
        families.sort { byScore($0.score, $1.score, $0.representative.cluster.seed, $1.representative.cluster.seed) }

        var chosen: [Choice] = []
        var taken: [(lab: OKLab, hue: Double?, seed: Int)] = []
        chosen.reserveCapacity(3)
        taken.reserveCapacity(3)
        /// Tones `candidate` and takes it if distinct; `false` when no colour can reach the
        /// target on this background at all, which ends the search. With `separating`, a toned
        /// colour indistinct from a role taken is moved further from the background first (see
        /// ``separatingStep``).
        func take(_ candidate: Candidate, separating: Bool = false) -> Bool {
            guard !taken.contains(where: { $0.seed == candidate.cluster.seed }) else { return true }
            guard var toned = ToneAdjustment(candidate.cluster.color, reaching: minimumContrast, on: background) else {
                return false
            }
            if separating {
                toned = Self.separating(toned, hue: candidate.cluster.lch.hue, on: background) { lab in
                    taken.allSatisfy { Self.isDistinct($0.lab, lab) }
                }
            }
            let lab = OKLab(toned.color)
            guard taken.allSatisfy({ Self.isDistinct($0.lab, lab) }) else { return true }
            chosen.append(
                Choice(
                    color: toned.color,
                    report: RoleReport(
                        source: .image, share: candidate.share, contrastRatio: toned.contrastRatio,
                        adjustment: toned.isAdjusted ? .init(original: toned.original, deltaL: toned.deltaL) : nil)))
            taken.append((lab, candidate.isChromatic ? candidate.cluster.lch.hue : nil, candidate.cluster.seed))
            return true
        }
        // Each pass stops once three roles are taken: a fourth could only be refused.
        for family in families where chosen.count < 3 {
            let hue = family.representative.cluster.lch.hue
            guard taken.allSatisfy({ $0.hue.map { OKLCh.hueDistance($0, hue) >= Self.roleHueSeparation } ?? true })
            else { continue }
            guard take(family.representative, separating: true) else { return chosen }
        }
        guard chosen.count < 3 else { return chosen }
        chromatic.sort { byScore($0.score, $1.score, $0.cluster.seed, $1.cluster.seed) }
        for candidate in chromatic where chosen.count < 3 { guard take(candidate) else { return chosen } }
        // Two neutral greys are never distinct, so after one only tinted ones can be taken.
        for grey in greys where chosen.count < 3 {
            guard take(grey) else { return chosen }
        }
        guard chosen.count < 3, let histogram else { return chosen }
        // A hue the background shows is carried: its shades are the background, not a role.
        var carried = taken.compactMap(\.hue)
        if backgroundLab.chroma >= ColorDistance.greyChromaThreshold { carried.append(OKLCh(backgroundLab).hue) }
        for cluster in Self.uncarriedHues(in: histogram, carried: carried, limit: 3 - chosen.count) {
            let candidate = Candidate(
                cluster: cluster, share: Double(cluster.count) / Double(total),
                separation: Salience.separation(cluster.lch.lab, from: backgroundLab))
            guard take(candidate, separating: true) else { return chosen }
        }
        return chosen
    }
}
