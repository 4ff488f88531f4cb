// swift-tools-version: 6.1
// The library's, the loader's and the server's suites (ImageColorsTests, ImageColorsRemoteTests,
// ImageColorsServerTests) and the CLI's batch suite (imagecolorsTests' BatchCommandTests, against
// the binary built here) built with -O, for CI's release-mode step (`.ci/run`): Swift 6.3.1
// miscompiled a task-group shape at -O that debug builds got right, and release builds are what
// users ship.
//
// Our code is built as a release build builds it: every Swift target here with `-O -wmo`, the
// C shim with `-O2`. The dependencies (swift-nio, async-http-client and what it pulls in,
// BoringSSL's C among it) are not: this package is built in the debug configuration, with the
// main package's scratch path, so it reuses the dependencies `swift test` has just built there
// and compiles only our targets. `swift test -c release` in the main package built every
// dependency with -O as well: 15.5 minutes cold on this project's 2-core machine (10.5 with
// only these two suites' graph), most of it BoringSSL's C and swift-nio's Swift, neither of
// which can show this bug.
//
//   swift test            # the main package, debug: builds the dependencies in .build
//   Release/test.sh       # then this package's suites, in the same scratch path
//
// Run it through Release/test.sh: whole-module builds keep no incremental build record, and
// these targets' module names are the main package's, so in the shared scratch path the main
// package's next debug build would trust its old record and link the optimised objects. The
// script removes these targets' build folders when it ends, and the main package rebuilds them.
// SwiftPM takes no target outside the package root, so `Sources/…` and `Tests/…` here are
// symlinks to the main package's folders: the same files; the targets' dependencies below must
// follow the main manifest's.
import Foundation
import PackageDescription

/// What `-c release` gives a Swift target: optimised, whole module, one LLVM thread per core.
/// (The driver then says that it ignores batch mode and incremental builds: expected.)
let releaseSwift: [SwiftSetting] = [
    .unsafeFlags(["-O", "-wmo", "-num-threads", "\(ProcessInfo.processInfo.activeProcessorCount)"])
]

let package = Package(
    name: "ImageColorsRelease",
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.2"),
        // For the CLI, whose batch (`--jobs`) runs through the same ordered batcher: its suite
        // runs the binary built here at -O.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // For the server (`imagecolors serve`'s binary) and its suite, as the main manifest.
        .package(
            url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // The loader's suite has a property-based test of URL parsing (URLPropertyTests).
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        // Headers only, as in the main package: the shim opens these libraries on first use.
        .systemLibrary(name: "CHEIF", path: "Sources/CHEIF", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CAOM", path: "Sources/CAOM", providers: [.apt(["libaom-dev"])]),
        .systemLibrary(name: "CDE265", path: "Sources/CDE265", providers: [.apt(["libde265-dev"])]),
        .systemLibrary(name: "CLCMS", path: "Sources/CLCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .target(
            name: "CImageCodecs",
            dependencies: ["CJPEG", "CPNG", "CWebP", "CGIF", "CHEIF", "CAOM", "CDE265"],
            path: "Sources/CImageCodecs",
            cSettings: [.unsafeFlags(["-O2"])]
        ),
        .target(
            name: "ImageColorsCore",
            path: "Sources/ImageColorsCore",
            swiftSettings: releaseSwift
        ),
        .target(
            name: "ImageColors",
            dependencies: ["ImageColorsCore", "CImageCodecs", "CLCMS"],
            path: "Sources/ImageColors",
            swiftSettings: releaseSwift
        ),
        .target(
            name: "ImageColorsRemote",
            dependencies: [
                "ImageColors",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Sources/ImageColorsRemote",
            swiftSettings: releaseSwift
        ),
        .target(
            name: "ImageColorsCache",
            dependencies: ["ImageColors", "ImageColorsRemote", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Sources/ImageColorsCache",
            swiftSettings: releaseSwift
        ),
        .target(
            name: "ImageColorsPostgres",
            dependencies: [
                "ImageColors", "ImageColorsRemote", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/ImageColorsPostgres",
            swiftSettings: releaseSwift
        ),
        .target(
            name: "ImageColorsServer",
            dependencies: [
                "ImageColors", "ImageColorsRemote", "ImageColorsCache", "ImageColorsPostgres",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/ImageColorsServer",
            resources: [
                .embedInCode("Resources/openapi.json"),
                .embedInCode("Resources/playground.html"),
                .embedInCode("Resources/playground.js"),
                .embedInCode("Resources/playground.css"),
            ],
            swiftSettings: releaseSwift
        ),
        .executableTarget(
            name: "imagecolors",
            dependencies: [
                "ImageColors", "ImageColorsRemote", "ImageColorsCache", "ImageColorsPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/imagecolors",
            swiftSettings: releaseSwift
        ),
        // `imagecolors serve`'s binary: the server's suite runs it (and the CLI's launcher).
        .executableTarget(
            name: "imagecolors-server",
            dependencies: [
                "ImageColors", "ImageColorsRemote", "ImageColorsCache", "ImageColorsServer", "ImageColorsPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/imagecolors-server",
            swiftSettings: releaseSwift
        ),
        .target(
            name: "CTestPNGWriter", path: "Tests/CTestPNGWriter", cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("png16")]),
        .target(
            name: "TestSupport", dependencies: ["CTestPNGWriter"], path: "Tests/TestSupport",
            swiftSettings: releaseSwift),
        .target(
            name: "TestHTTPServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/TestHTTPServer",
            swiftSettings: releaseSwift
        ),
        .testTarget(
            name: "ImageColorsTests",
            dependencies: ["ImageColorsCore", "ImageColors", "TestSupport"],
            path: "Tests/ImageColorsTests",
            swiftSettings: releaseSwift
        ),
        // The CLI's batch suite, run against the binary above (built at -O): files and failures
        // mixed, in input order, at several `--jobs`. Only the suites that need nothing but the
        // binary and the samples.
        .testTarget(
            name: "imagecolorsTests",
            dependencies: ["imagecolors", "TestSupport"],
            path: "Tests/imagecolorsTests",
            sources: ["CLI.swift", "BatchCommandTests.swift"],
            swiftSettings: releaseSwift
        ),
        // The server's suite: its single flight, queue and batch are task groups and continuations,
        // the shapes the -O miscompilation touched.
        .testTarget(
            name: "ImageColorsServerTests",
            dependencies: [
                "ImageColorsServer", "ImageColors", "ImageColorsRemote", "ImageColorsPostgres", "imagecolors",
                "imagecolors-server", "TestSupport", "TestHTTPServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ImageColorsServerTests",
            swiftSettings: releaseSwift
        ),
        .testTarget(
            name: "ImageColorsRemoteTests",
            dependencies: [
                "ImageColorsRemote", "TestSupport", "TestHTTPServer",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/ImageColorsRemoteTests",
            swiftSettings: releaseSwift
        ),
        .testTarget(
            name: "ImageColorsCacheTests",
            dependencies: [
                "ImageColorsCache", "TestSupport", "TestHTTPServer", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/ImageColorsCacheTests",
            swiftSettings: releaseSwift
        ),
    ]
)
