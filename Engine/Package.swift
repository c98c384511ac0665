// swift-tools-version: 6.2
import PackageDescription

/// The engine alone: springs, decay, tweens, the dynamics world, gesture recognisers, touch prediction and frame
/// timing, over the standard library and swift-numerics' RealModule. No Foundation, no C, no clock reads, nothing
/// about drawing or Wayland. A package of its own so that a package depending on `MomentumCore` resolves
/// swift-numerics and nothing else; the Momentum app (the package one folder up) depends on it by path.
let package = Package(
    name: "MomentumEngine",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "MomentumCore", targets: ["MomentumCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        .target(name: "MomentumCore",
                dependencies: [.product(name: "RealModule", package: "swift-numerics")],
                // Swift 6 language mode; every warning is an error.
                swiftSettings: [.treatAllWarnings(as: .error)]),
    ],
    swiftLanguageModes: [.v6]
)

// `swift package generate-documentation` (swift-docc-plugin) only when asked for, so that a package that depends on
// the engine still resolves swift-numerics alone: MOMENTUM_DOCC_PLUGIN=1 swift package --package-path Engine
// generate-documentation --target MomentumCore. scripts/docs.sh needs no plugin: it runs the toolchain's docc.
if Context.environment["MOMENTUM_DOCC_PLUGIN"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
