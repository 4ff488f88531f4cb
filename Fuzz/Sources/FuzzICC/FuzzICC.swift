import FuzzSupport
import ImageColors

// Bytes as an embedded ICC profile, through colour management (LittleCMS parsing, the
// transform to sRGB, the identity check, a row converted). The input's length picks how the
// image announces it (RGB or grey pixels, CMYK, Adobe-inverted CMYK, after an unreadable-profile
// note) and the default 30 MB or a 200 kB budget (LittleCMS's allocations refused part-way).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let uses = ProfileHarness.Use.allCases
    let budget: MemoryBudget = (size / uses.count) % 4 == 3 ? MemoryBudget(bytes: 200_000) : .megabytes(30)
    return ProfileHarness.run(data, size, use: uses[size % uses.count], budget: budget)
}
