// swift-tools-version: 6.2
import PackageDescription

/// Engine benchmarks (package-benchmark), kept in a nested package so the app never depends on the harness.
/// Run from the repository root with `scripts/bench-engine.sh`, or here with `swift package benchmark`.
let package = Package(
    name: "MomentumBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Momentum", path: ".."),
        .package(path: "../Engine"),  // MomentumCore: the engine is a package of its own
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MomentumCore", package: "Engine"),
                .product(name: "MomentumLayers", package: "Momentum"),
                .product(name: "RealModule", package: "swift-numerics"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
