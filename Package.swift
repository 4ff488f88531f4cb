// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ImageColors",
    products: [
        .library(name: "ImageColors", targets: ["ImageColors"]),
        .executable(name: "imagecolors", targets: ["imagecolors"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
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
        // The only code that calls libjpeg/libpng: every call sits behind a C function that
        // owns its own setjmp, so a longjmp never crosses a Swift frame.
        .target(
            name: "CImageCodecs",
            dependencies: ["CJPEG", "CPNG"]
        ),
        .target(
            name: "ImageColors",
            dependencies: ["CImageCodecs"]
        ),
        .executableTarget(
            name: "imagecolors",
            dependencies: [
                "ImageColors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Paths and a process runner shared by both test targets.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "ImageColorsTests",
            dependencies: ["ImageColors", "TestSupport"]
        ),
        .testTarget(
            name: "imagecolorsTests",
            // Depending on the executable makes `swift test` build the binary these tests run.
            dependencies: ["imagecolors", "TestSupport"]
        ),
    ]
)
