// swift-tools-version: 6.1
import PackageDescription

#if os(Linux)
    // confstr, for `releaseRelocationFlags`.
    import Glibc
#endif

/// The release CLI's relative relocations packed (`-z pack-relative-relocs`, DT_RELR), where the
/// glibc building it is 2.36 or later; none elsewhere.
///
/// A static build carries about 138,000 relative relocations (one per pointer in the runtime's,
/// Foundation's and ICU's tables): 3.3 MB of `.rela.dyn` that the loader reads at every start,
/// against 27 KB packed. Same objects relinked, static `--version`: peak RSS 15.4-15.9 → 13.6-13.8 MB
/// (issue 43; Benchmarks/README.md, start-up). gold, Swift's default linker on Linux, cannot pack
/// them; the toolchain's lld can. A packed binary needs the loader of glibc 2.36 or later (it says
/// so by a `GLIBC_ABI_DT_RELR` version need, so an older loader refuses it by name), hence the
/// check of the glibc the manifest runs on, which is the one the CLI is linked against and, for
/// the README's install build, the one it runs on.
let releaseRelocationFlags: [String] = {
    #if os(Linux)
        // "glibc 2.36"; nothing where the C library is not glibc.
        var name = [CChar](repeating: 0, count: 64)
        guard confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0 else { return [] }
        let text = String(decoding: name.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
        let version = text.split(separator: " ").last.map { $0.split(separator: ".").compactMap { Int($0) } } ?? []
        guard version.count >= 2, (version[0], version[1]) >= (2, 36) else { return [] }
        return ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
    #else
        return []
    #endif
}()

/// The release CLI's code laid out in the order start-up and analyses run it, where lld links it
/// (with `releaseRelocationFlags`); nothing elsewhere.
///
/// The kernel maps 64 KB of the binary around each page a process touches (fault-around), and
/// peak RSS counts those pages: the few thousand functions an analysis runs were spread over the
/// static binary's 31 MB of code. Listed first (`Scripts/startup-order.txt`, written by
/// `Scripts/startup-order.sh` from callgrind runs of `--version` and analyses of every format),
/// their sections come together (lld moves whole sections, so a listed function's neighbours in a
/// module built without function sections come too). Static build, same objects, peak RSS
/// median of 5: `--version` 10.6 → 8.5 MB, a 16×16 PNG 21.4 → 15.9 MB, the 12 MP AVIF of
/// memory.sh 42.1 → 38.2 MB (issue 40). A function missing from the list keeps its place, so a
/// stale list costs memory, never correctness; lld's warnings for listed names that no longer
/// exist are off. The path is absolute, whatever folder the linker runs in.
let startupOrderFlags: [String] = {
    guard !releaseRelocationFlags.isEmpty else { return [] }
    let root = String(#filePath.dropLast("Package.swift".count))
    return [
        "-Xlinker", "--symbol-ordering-file=\(root)Scripts/startup-order.txt",
        "-Xlinker", "--no-warn-symbol-ordering",
    ]
}()

let package = Package(
    name: "ImageColors",
    // What the code needs: Synchronization's Mutex (the core's MemoryPool) and task executors
    // (ImageColors) came with macOS 15 and iOS 18; nothing else used is newer. CI builds on Linux
    // only: these are declared from the APIs, not from a build on each platform.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // The colour science alone, pure Swift: what an app with its own decoder links.
        .library(name: "ImageColorsCore", targets: ["ImageColorsCore"]),
        .library(name: "ImageColors", targets: ["ImageColors"]),
        // Apple platforms: ImageIO decodes, the core counts. Not compiled by CI (empty on Linux).
        .library(name: "ImageColorsImageIO", targets: ["ImageColorsImageIO"]),
        .library(name: "ImageColorsRemote", targets: ["ImageColorsRemote"]),
        .library(name: "ImageColorsCache", targets: ["ImageColorsCache"]),
        .library(name: "ImageColorsPostgres", targets: ["ImageColorsPostgres"]),
        .library(name: "ImageColorsServer", targets: ["ImageColorsServer"]),
        .executable(name: "imagecolors", targets: ["imagecolors"]),
        // `imagecolors serve` runs this binary, installed beside the CLI.
        .executable(name: "imagecolors-server", targets: ["imagecolors-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // `swift package generate-documentation` for the DocC catalogs; a plugin, not linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // Already in async-http-client's graph; named here for the tests' in-process HTTP server,
        // which needs byte-level control (dripping, cut-off bodies, lying Content-Length).
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.2"),
        // Property-based tests of the CLI's option parsing, the public option types and URL parsing.
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        // SQLite for the result cache (ImageColorsCache only; needs libsqlite3-dev).
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // PostgreSQL for a fleet's shared result cache (ImageColorsPostgres only).
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // The HTTP service (ImageColorsServer only): the server, its start and stop, its metrics,
        // request signing and its request log. The configuration trait is left out: the flags
        // configure the server.
        .package(
            url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // Already in Hummingbird's graph (as resolved); named for HTTPField, which it does not re-export.
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: [
        // System libraries, found through pkg-config; the providers tell a user what to install.
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // libwebp 1.2 and its demuxer (the RIFF container: animation, ICCP, EXIF); errors are
        // return codes, never longjmp, but every call still goes through the shim.
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        // giflib 5; errors are return codes, and every call goes through the shim too.
        .systemLibrary(
            name: "CGIF",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]
        ),
        // libheif 1.15 (the container; HEIC through libde265; AVIF through dav1d, which the shim
        // loads and calls itself, ic_heif_dav1d.c, or libaom where libheif still decodes an AV1
        // picture: overlays, transformed tiles), and the two codecs the shim's own libheif plugins
        // call: libaom 3.6 (ic_heif_av1.c; libheif 1.15 would hand a grid's tiles and
        // alpha planes to dav1d, which prints to stderr) and libde265 1.0.11 (ic_heif_hevc.c;
        // libheif's leaves a damaged picture's undecoded areas uninitialised). Headers only: the
        // shim opens the libraries with dlopen on the first HEIC or AVIF (ic_dynlib.c), so that
        // `--version` or a JPEG never pays their load (libde265's tables, libheif's encoders), and a
        // missing library fails that file, not the process. No pkgConfig on purpose: SwiftPM links
        // a system library's pkg-config `Libs` into every product, and the headers are where
        // Debian's -dev packages (and Homebrew's, under its include folder) put them.
        .systemLibrary(
            name: "CHEIF",
            providers: [.apt(["libheif-dev"]), .brew(["libheif"])]
        ),
        .systemLibrary(
            name: "CAOM",
            providers: [.apt(["libaom-dev"]), .brew(["aom"])]
        ),
        .systemLibrary(
            name: "CDE265",
            providers: [.apt(["libde265-dev"]), .brew(["libde265"])]
        ),
        // LittleCMS 2: ICC colour management (ImageColors/Decoding/ColorManagement). It reports errors
        // through a log handler, never longjmp, so Swift calls it directly.
        .systemLibrary(
            name: "CLCMS",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
        ),
        // The only code that calls libjpeg/libpng/libwebp/giflib/libheif: every call sits behind a C
        // function that returns a status code (and, for libjpeg/libpng, owns its own setjmp, so a
        // longjmp never crosses a Swift frame).
        .target(
            name: "CImageCodecs",
            dependencies: ["CJPEG", "CPNG", "CWebP", "CGIF", "CHEIF", "CAOM", "CDE265"]
        ),
        // Pixels in, colours out: the downscaler, the memory ledger, quantization, the schemes,
        // contrast and placeholders. Pure Swift (no C module, no networking), so it builds
        // wherever Swift does; an app hands it pixels its platform's decoder made.
        .target(name: "ImageColorsCore"),
        // The recipe for Apple platforms (PixelAnalyzer.analyze(imageAt:) through ImageIO and Core
        // Graphics). Its one file is inside `#if canImport(ImageIO)`: on Linux, where CI runs, the
        // target builds empty and the recipe is never compiled. See the README's "Apple platforms".
        .target(name: "ImageColorsImageIO", dependencies: ["ImageColorsCore"]),
        // The codecs around the core (everything that needs C: libjpeg, libpng, libwebp, giflib,
        // LittleCMS), re-exporting it: `import ImageColors` gives both.
        .target(
            name: "ImageColors",
            dependencies: ["ImageColorsCore", "CImageCodecs", "CLCMS"]
        ),
        // The only module that does networking: http(s) downloads, bounded, then the core.
        .target(
            name: "ImageColorsRemote",
            dependencies: [
                "ImageColors",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // NIOConnectionError: a refused connection is told apart from other failures.
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Results kept in SQLite between runs and revalidated with HTTP's validators: its own
        // module, so the core and the loader never link SQLite.
        .target(
            name: "ImageColorsCache",
            dependencies: [
                "ImageColors",
                "ImageColorsRemote",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Results kept in PostgreSQL, shared by a fleet of servers, with a lease per analysis so
        // the fleet analyses an image once: its own module, so the core, the loader and the
        // SQLite cache never link PostgresNIO.
        .target(
            name: "ImageColorsPostgres",
            dependencies: [
                "ImageColors",
                "ImageColorsRemote",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The HTTP service behind `imagecolors serve`: routes, errors, signing, limits, metrics. Its
        // own module, so the core, the loader and the cache never link the server stack.
        .target(
            name: "ImageColorsServer",
            dependencies: [
                "ImageColors",
                "ImageColorsRemote",
                "ImageColorsCache",
                "ImageColorsPostgres",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [
                .embedInCode("Resources/openapi.json"),
                .embedInCode("Resources/playground.html"),
                .embedInCode("Resources/playground.js"),
                .embedInCode("Resources/playground.css"),
            ]
        ),
        .executableTarget(
            name: "imagecolors",
            dependencies: [
                "ImageColors",
                "ImageColorsRemote",
                "ImageColorsCache",
                "ImageColorsPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Scripts start the CLI once per file, so its start-up is paid per image (issue 43;
            // Benchmarks/startup.sh). With --static-swift-stdlib, Swift's link file exports every
            // symbol of our objects (-export-dynamic, 32,000 of them): ld.so's look-ups for the C
            // libraries start in that table, and the runtime's dladdr at start walks it all.
            // Nothing looks them up. The binary stays position-independent: linked at a fixed
            // address (-no-pie) it would start faster still (no 120,000 relative relocations), but
            // its own code, the shim that handles untrusted files included, would lose ASLR.
            // Release only: the test products link this target's objects too, and debug builds
            // are not what users run.
            // Measured and not done (relinking the same static objects, callgrind): libstdc++ and
            // SQLite linked from their archives take `--version` from 6.2 M to 3.1 M instructions
            // and 16.3 to 13.6 MB (the loader's symbol relocations inside libstdc++.so, 4,300, and
            // libsqlite3.so, 1,600, are gone). A target cannot ask for it: gold takes -lsqlite3
            // from GRDB's autolink entries, inside the objects' group, from the first -L folder
            // holding libsqlite3.so (/usr/lib/x86_64-linux-gnu, from pkg-config, before any flag
            // of ours), and the plain build's libswiftCore.so loads libstdc++.so.6 anyway, so a
            // second, static copy in the executable is only safe with --static-swift-stdlib,
            // which no manifest condition tells apart (issue 43).
            // With a glibc of 2.36 or later it is also linked by lld with packed relative
            // relocations (DT_RELR, `releaseRelocationFlags` at the top), which keeps it
            // position-independent, and its code laid out in the order an analysis runs it
            // (`startupOrderFlags` at the top).
            linkerSettings: [
                .unsafeFlags(
                    ["-Xlinker", "--no-export-dynamic"] + releaseRelocationFlags + startupOrderFlags,
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // `imagecolors serve`, a binary of its own so that the CLI does not link the server stack
        // (see ServerMain.swift). The flags it shares with `analyze` are the CLI's files, linked
        // into its folder.
        .executableTarget(
            name: "imagecolors-server",
            dependencies: [
                "ImageColors",
                "ImageColorsRemote",
                "ImageColorsCache",
                "ImageColorsServer",
                "ImageColorsPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A row-by-row PNG file writer (libpng, setjmp-guarded) that the tests make their large and
        // interlaced images with; test support, never linked into the library. It links libpng
        // itself rather than through CPNG, so the Release/ and Sanitizers/ packages can declare it
        // again without declaring CPNG.
        .target(
            name: "CTestPNGWriter",
            path: "Tests/CTestPNGWriter",
            linkerSettings: [.linkedLibrary("png16")]
        ),
        // Paths, a process runner and the PNG writer, shared by the test targets.
        .target(
            name: "TestSupport",
            dependencies: ["CTestPNGWriter"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "ImageColorsTests",
            dependencies: ["ImageColorsCore", "ImageColors", "TestSupport"]
        ),
        // A real HTTP server on 127.0.0.1 inside the test process, for the remote and CLI tests.
        .target(
            name: "TestHTTPServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/TestHTTPServer"
        ),
        .testTarget(
            name: "ImageColorsRemoteTests",
            dependencies: [
                "ImageColorsRemote", "TestSupport", "TestHTTPServer",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ImageColorsCacheTests",
            dependencies: [
                "ImageColorsCache", "TestSupport", "TestHTTPServer", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Needs a PostgreSQL server (Tests/Postgres/cluster.sh); skipped without one.
        .testTarget(
            name: "ImageColorsPostgresTests",
            dependencies: ["ImageColorsPostgres", "ImageColorsRemote", "ImageColors", "TestSupport", "TestHTTPServer"]
        ),
        .testTarget(
            name: "ImageColorsServerTests",
            // The executables, so `swift test` builds the binaries the process and parity tests run.
            dependencies: [
                "ImageColorsServer", "ImageColors", "ImageColorsRemote", "ImageColorsPostgres", "imagecolors",
                "imagecolors-server",
                "TestSupport", "TestHTTPServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "imagecolorsTests",
            // Depending on the executable makes `swift test` build the binary these tests run.
            dependencies: [
                "imagecolors", "ImageColors", "TestSupport", "TestHTTPServer",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // The goldens are read by path (GoldenTests), from the source tree a re-record writes
            // to, not from a bundle copy.
            exclude: ["Goldens"]
        ),
    ]
)
