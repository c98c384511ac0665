// swift-tools-version: 6.2
import PackageDescription

/// Swift 6 language mode everywhere; every warning is an error.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "Momentum",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "momentum", targets: ["momentum"]),
        .library(name: "MomentumCore", targets: ["MomentumCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Engine: standard library only. No Foundation, no C, no clock reads.
        .target(name: "MomentumCore", swiftSettings: strict),
        // Scenes: pure state + layout over the engine, shared by app, tests and benchmarks.
        .target(name: "MomentumScenes", dependencies: ["MomentumCore"], swiftSettings: strict),

        // C shims: module maps + shim headers, libraries found by pkg-config.
        .systemLibrary(name: "CWaylandClient", path: "Sources/CShims/CWaylandClient", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandEGL", path: "Sources/CShims/CWaylandEGL", pkgConfig: "wayland-egl",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CEGL", path: "Sources/CShims/CEGL", pkgConfig: "egl",
                       providers: [.apt(["libegl-dev", "libegl1-mesa-dev"])]),
        .systemLibrary(name: "CGLES", path: "Sources/CShims/CGLES", pkgConfig: "glesv2",
                       providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CXKBCommon", path: "Sources/CShims/CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CLinux", path: "Sources/CShims/CLinux"),
        // wayland-scanner output for protocols/*.xml (scripts/gen-protocols.sh; CI checks it is current).
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),

        // Platform: the only Swift module that imports Wayland C.
        .target(name: "WaylandClient",
                dependencies: ["MomentumCore", "CWaylandClient", "CWaylandProtocols", "CXKBCommon", "CLinux"],
                swiftSettings: strict),
        // Renderer: EGL + OpenGL ES.
        .target(name: "MomentumRender", dependencies: ["MomentumCore", "CEGL", "CGLES", "CWaylandEGL"],
                swiftSettings: strict),
        // App: CLI, wiring, trace writer, headless runner.
        .target(name: "MomentumApp",
                dependencies: ["MomentumCore", "MomentumScenes", "WaylandClient", "MomentumRender",
                               .product(name: "ArgumentParser", package: "swift-argument-parser")],
                swiftSettings: strict),
        .executableTarget(name: "momentum", dependencies: ["MomentumApp"], swiftSettings: strict),

        .testTarget(name: "MomentumCoreTests", dependencies: ["MomentumCore"], swiftSettings: strict),
        .testTarget(name: "MomentumScenesTests", dependencies: ["MomentumScenes", "MomentumCore"],
                    swiftSettings: strict),
        .testTarget(name: "WaylandClientTests", dependencies: ["WaylandClient", "MomentumCore"],
                    swiftSettings: strict),
        .testTarget(name: "MomentumRenderTests", dependencies: ["MomentumRender"], swiftSettings: strict),
        .testTarget(name: "MomentumAppTests", dependencies: ["MomentumApp"], swiftSettings: strict),
        // End to end: starts weston headless with the touch-injection module, runs the real binary.
        .testTarget(name: "EndToEndTests", dependencies: ["momentum", "MomentumApp"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
