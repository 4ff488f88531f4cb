// The core needs from Foundation only what FoundationEssentials has (Data, Codable, JSON), and
// the C library's maths (pow, cbrt, cos, atan2…). On Linux, FoundationEssentials keeps the ICU
// data (about 30 MB) that full Foundation loads out of every program that links only the core;
// the platform's libc is re-exported here once for the maths, as Foundation does.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#elseif canImport(Android)
    @_exported import Android
#elseif canImport(WASILibc)
    @_exported import WASILibc
#endif
