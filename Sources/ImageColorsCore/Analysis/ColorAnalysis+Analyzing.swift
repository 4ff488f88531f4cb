extension AnalysisOptions {
    /// The quantizer these options ask for. Entry points make it before decoding, to reserve its
    /// memory first (see ``Quantizer/reserveMemory(in:)``).
    package var quantizer: Quantizer {
        Quantizer(backgroundSource: backgroundSource, scheme: scheme, minimumContrast: minimumContrast)
    }
}

extension ColorAnalysis {
    /// The colours of an image that is already downscaled, upright and in sRGB: every step after
    /// decoding (backdrop, quantization, title, title region, dark card, placeholders).
    ///
    /// Both entry points end here, the codecs' `ImageColorAnalyzer` and the core's
    /// ``PixelAnalyzer``, so the same downscaled pixels and options give the same answer.
    /// - Parameters:
    ///   - images: The analysis image, which the palette, the title region and the placeholders
    ///     are taken from, and the canonical image, which the background and the roles are
    ///     chosen on (``AnalysisDownscaler``); both composited onto
    ///     ``AnalysisOptions/backdrop`` in place when there is one.
    ///   - description: The result's descriptive fields.
    ///   - options: The options.
    ///   - quantizer: `options.quantizer`, whose memory is already reserved in `ledger`.
    ///   - ledger: Where the placeholders reserve their memory; its budget and peak are reported.
    /// - Throws: ``TitleRegionError`` when ``AnalysisOptions/titleRegion`` cannot be measured on
    ///   the image; ``PlaceholderError`` or ``MemoryBudgetError`` from the placeholders.
    package init(
        analyzing images: inout AnalysisImages, described description: ImageDescription, options: AnalysisOptions,
        quantizer: Quantizer, ledger: MemoryLedger
    ) throws {
        if let backdrop = options.backdrop {
            // In place: the images are already accounted and no longer shared.
            images.image.composite(onto: backdrop)
            images.canonical?.composite(onto: backdrop)
        }
        let image = images.image
        let shown = description.orientation.displayedSize(width: description.width, height: description.height)
        // The picture's own size sets how fine a chroma detail the roles see
        // (Quantizer.chromaDetailSide).
        let quantized = quantizer.quantize(
            image, paletteSize: options.paletteSize, backgroundFrom: images.canonical,
            sourceLongSide: description.sourceLongSide)
        let roles = quantized.roles
        var title = TitleChoice(
            background: roles.background, rule: options.titleRule,
            brightnessThreshold: options.brightnessThreshold)
        if let area = options.titleRegion {
            title.region = try RegionContrast(image: image, area: area, background: roles.background)
        }
        self.init(
            source: description.source, format: description.format, width: shown.width, height: shown.height,
            orientation: description.orientation,
            analyzed: .init(width: image.width, height: image.height), roles: roles, title: title,
            memory: .init(budget: ledger.budget.bytes, accountedPeak: ledger.peak))
        scheme = quantizer.scheme
        minimumContrast = quantizer.minimumContrast
        colorProfile = description.colorProfile
        colorNote = description.colorNote
        frames = description.frames
        decoder = description.decoder
        if options.paletteSize > 0 { palette = quantized.palette }
        var lightTitle = title
        lightTitle.region = nil
        let light = CardColors(roles: roles, title: lightTitle)
        appearances = CardAppearances(
            light: light,
            dark: DarkScheme.card(
                from: light, scheme: quantizer.scheme, minimumContrast: quantizer.minimumContrast,
                titleRule: options.titleRule, brightnessThreshold: options.brightnessThreshold))
        if !options.placeholders.isEmpty {
            // From the analysed pixels: no second decode, and the colours above are already fixed.
            placeholder = try Placeholders(
                of: image, kinds: options.placeholders,
                components: options.blurHashComponents,
                backdrop: roles.background, ledger: ledger)
            memory?.accountedPeak = ledger.peak
        }
    }
}
