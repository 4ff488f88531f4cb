// swift-tools-version: 6.1
// An app's view of ImageColors when it decodes images itself: it depends on the ImageColorsCore
// product alone, so it builds with none of the C libraries installed (no libjpeg, libpng, LittleCMS,
// libwebp, giflib) and links none of them. `.ci/run` builds it with pkg-config pointed at nothing
// and checks the binary's libraries and symbols (Scripts/check-core.sh).
//
//   swift run --package-path Samples/CoreOnly core-only [IMAGE.ppm]
import PackageDescription

let package = Package(
    name: "CoreOnly",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "ImageColors", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "core-only",
            dependencies: [.product(name: "ImageColorsCore", package: "ImageColors")]
        )
    ]
)
