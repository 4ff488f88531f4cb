// swift-tools-version: 6.1
// The ImageColorsTests target again, on its own, for CI's AddressSanitizer step (`.ci/run`):
// `swift test --sanitize=address` in the main package builds every test target, so every
// dependency (swift-nio, async-http-client, BoringSSL, swift-argument-parser) gets instrumented
// though only ImageColorsTests' suites run under ASan. Here the graph is the ImageColors library
// (the core and the C shim), TestSupport and ImageColorsTests; the other packages are resolved, never built.
//
// SwiftPM takes no target outside the package root, so `Tests/ImageColorsTests` and
// `Tests/TestSupport` here are symlinks to the main package's folders (the same files; only the
// targets' dependencies below must follow the main manifest's); TestSupport follows its folder's
// link to find the repository root.
import PackageDescription

let package = Package(
    name: "ImageColorsSanitizers",
    dependencies: [
        .package(name: "ImageColors", path: "..")
    ],
    targets: [
        .target(name: "CTestPNGWriter", path: "Tests/CTestPNGWriter", linkerSettings: [.linkedLibrary("png16")]),
        .target(name: "TestSupport", dependencies: ["CTestPNGWriter"], path: "Tests/TestSupport"),
        .testTarget(
            name: "ImageColorsTests",
            dependencies: [
                .product(name: "ImageColorsCore", package: "ImageColors"),
                .product(name: "ImageColors", package: "ImageColors"), "TestSupport",
            ],
            path: "Tests/ImageColorsTests"
        ),
    ]
)
