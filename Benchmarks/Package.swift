// swift-tools-version: 6.1
// The benchmarks: their own package, so that the library's users never build the benchmark
// dependencies (the way swift-nio keeps its Benchmarks/). It depends on the main package by path.
//
//   cd Benchmarks && swift package benchmark                     # run everything
//   swift package benchmark --target Quantization                # one suite
//   ./thresholds.sh check                                        # malloc counts vs Thresholds/
//
// See README.md in this folder for the scripts (growth.sh, compare.sh, instructions.sh, memory.sh).
import PackageDescription

// A package found by path is known by its folder's name (`ImageColors` in CI's clone, `main`
// in a work tree of that name), so the products below name it by the folder this one sits in.
let main = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "ImageColors")

let package = Package(
    name: "ImageColorsBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Test images made at run time (libvips for large files, code for synthetic ones) and
        // the pipeline's own small images; shared by the suites and the tools below.
        .target(
            name: "BenchmarkImages",
            dependencies: [.product(name: "ImageColors", package: main)]
        ),
        // ordo-one/benchmark suites (the plugin finds them under Benchmarks/).
        .executableTarget(
            name: "Quantization",
            dependencies: [
                "BenchmarkImages",
                .product(name: "ImageColors", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Quantization",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Pipeline",
            dependencies: [
                "BenchmarkImages",
                .product(name: "ImageColors", package: main),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Pipeline",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The Quantization suite's 250 px rows for builds of several commits run alternately
        // (quantize-times.sh).
        .executableTarget(
            name: "imagecolors-quantize-times",
            dependencies: ["BenchmarkImages", .product(name: "ImageColors", package: main)]
        ),
        // How cost grows with the pixel count: a table and a CSV (growth.sh draws the plot).
        .executableTarget(
            name: "imagecolors-growth",
            dependencies: ["BenchmarkImages", .product(name: "ImageColors", package: main)]
        ),
        // Colour quality: how stable each role is across quality presets, re-encoding and a
        // 1-pixel crop, over Samples/ and the shared corpus (quality-report.sh prints the table).
        .executableTarget(
            name: "imagecolors-quality",
            dependencies: [.product(name: "ImageColors", package: main)]
        ),
        // A 10 ms ticker's worst gap while large images are analysed (ticker.sh).
        .executableTarget(
            name: "imagecolors-ticker",
            dependencies: ["BenchmarkImages", .product(name: "ImageColors", package: main)]
        ),
        // One workload, a fixed number of times, nothing else: for callgrind (instructions.sh).
        .executableTarget(
            name: "imagecolors-probe",
            dependencies: ["BenchmarkImages", .product(name: "ImageColors", package: main)]
        ),
    ]
)
