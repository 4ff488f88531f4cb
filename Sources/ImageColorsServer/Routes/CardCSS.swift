import ImageColors

/// A card's colours as CSS custom properties, with `light-dark()` so one stylesheet serves both
/// appearances: `:root{color-scheme:light dark;--card-background:light-dark(#…,#…);…}`.
enum CardCSS {
    /// The properties of `card`, in their order.
    static func properties(_ card: CardColors) -> [(name: String, color: RGBColor)] {
        [
            ("--card-background", card.background), ("--card-primary", card.primary),
            ("--card-secondary", card.secondary), ("--card-detail", card.detail), ("--card-title", card.title.color),
        ]
    }

    /// The stylesheet for `analysis`: both cards with `light-dark()`, or one card's plain colours
    /// when only one appearance is asked for.
    static func stylesheet(for analysis: ColorAnalysis, appearances: Set<CardAppearance>) -> String {
        let light = analysis.appearances?.light ?? CardColors(roles: analysis.roles, title: analysis.title)
        let declarations: [String]
        switch (appearances.contains(.light), appearances.contains(.dark), analysis.appearances?.dark) {
        case (false, true, let dark?):
            declarations = ["color-scheme:dark"] + properties(dark).map { "\($0.name):\($0.color.hex)" }
        case (true, true, let dark?):
            declarations =
                ["color-scheme:light dark"]
                + zip(properties(light), properties(dark)).map {
                    "\($0.name):light-dark(\($0.color.hex),\($1.color.hex))"
                }
        default:
            declarations = ["color-scheme:light"] + properties(light).map { "\($0.name):\($0.color.hex)" }
        }
        return ":root{" + declarations.joined(separator: ";") + "}\n"
    }
}
