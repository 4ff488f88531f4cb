// swift-tools-version: 6.1
// libFuzzer targets for ImageColors. A package of its own, so that the main package's
// `swift build` and `swift test` never build them: they have no `main` of their own and link
// only with `--sanitize=fuzzer`, which supplies libFuzzer's. Build and run them with
// `Fuzz/run.sh` (see the README's "Security" section), which also passes `-enable-testing`:
// the harness calls the analyzer's synchronous `analyzeNow` through `@testable import`.
import PackageDescription

let package = Package(
    name: "ImageColorsFuzz",
    dependencies: [
        .package(name: "ImageColors", path: "..")
    ],
    targets: [
        // Runs one analysis synchronously and turns every broken promise into a crash.
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "ImageColorsCore", package: "ImageColors"),
                .product(name: "ImageColors", package: "ImageColors"),
            ]
        ),
        // Arbitrary bytes: sniffing, every decoder, downscaling, quantization, title region.
        .executableTarget(name: "FuzzAnalyze", dependencies: ["FuzzSupport"]),
        // Bytes that always sniff as JPEG: libjpeg through the shim at every DCT scale,
        // strict and lenient, with the default and a small memory budget.
        .executableTarget(name: "FuzzJPEG", dependencies: ["FuzzSupport"]),
        // Bytes that always sniff as PNG: libpng through the shim, every quality, with the
        // default and a small memory budget.
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzSupport"]),
        // Bytes that always sniff as JPEG, decoded at 1/8 whatever their size: the progressive
        // DC reader (and libjpeg for what it leaves), with colour management on.
        .executableTarget(name: "FuzzDC", dependencies: ["FuzzSupport"]),
        // Bytes as an embedded ICC profile: LittleCMS through the colour-managed sink.
        .executableTarget(name: "FuzzICC", dependencies: ["FuzzSupport"]),
        // Bytes that always sniff as WebP: libwebp's demuxer and decoders through the shim, the
        // first frame or every frame, whole analyses and balanced decodes.
        .executableTarget(name: "FuzzWebP", dependencies: ["FuzzSupport"]),
        // Bytes that always sniff as WebP, frame 0 when lossless through the library's streamed
        // VP8L decoder and libwebp (the oracle): the same pixels, or both refuse.
        .executableTarget(name: "FuzzVP8L", dependencies: ["FuzzSupport"]),
        // Bytes that always sniff as GIF: giflib through the shim, streamed first frames and
        // composited animations.
        .executableTarget(name: "FuzzGIF", dependencies: ["FuzzSupport"]),
        // Bytes that always sniff as HEIC or AVIF: libheif's box parser, libde265 and libaom
        // through the shim, whole analyses and balanced decodes (thumbnail path included).
        .executableTarget(name: "FuzzHEIF", dependencies: ["FuzzSupport"]),
        // Arbitrary bytes analysed with a thumbnail: the thumbnail's downscaler and the shim's
        // JPEG and PNG encoders, each thumbnail decoded back.
        .executableTarget(name: "FuzzThumbnail", dependencies: ["FuzzSupport"]),
        // Bytes as a redirect's Location: resolution and the loader's URL checks (scheme, host,
        // credentials, a port in 1-65535). No dependency: its URLSyntax.swift is a link to the
        // loader's file, so it builds without AsyncHTTPClient, NIO and BoringSSL under ASan
        // (seconds instead of their whole build); `--product FuzzLocation` builds it alone.
        .executableTarget(name: "FuzzLocation"),
    ]
)
