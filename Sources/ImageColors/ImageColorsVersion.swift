/// The version of the ImageColors package, in one place: the library, the loader, the cache and
/// the CLI (`imagecolors --version`) are released together under it.
///
/// `CHANGELOG.md` lists what changed in each version; while this ends in `-dev`, the changes
/// since the last release are under its `[Unreleased]` heading.
public enum ImageColorsVersion {
    /// The version, as semantic versioning spells it (`0.1.0`, or `0.1.0-dev` between releases).
    public static let current = "0.1.0-dev"
}
