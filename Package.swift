// swift-tools-version: 6.2
import PackageDescription

/// The order `momentum`'s functions are linked in (see the executable target).
let linkOrder = Context.packageDirectory + "/data/link-order.txt"

/// Swift 6 language mode everywhere; every warning is an error.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let realModule: Target.Dependency = .product(name: "RealModule", package: "swift-numerics")
/// The engine is a package of its own (`Engine/`), so that depending on it resolves swift-numerics alone.
let core: Target.Dependency = .product(name: "MomentumCore", package: "Engine")

let package = Package(
    name: "Momentum",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "momentum", targets: ["momentum"]),
        .library(name: "MomentumLayers", targets: ["MomentumLayers"]),
        .library(name: "MomentumText", targets: ["MomentumText"]),
    ],
    dependencies: [
        .package(path: "Engine"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The engine (MomentumCore: standard library and swift-numerics' RealModule only) is the package in Engine/.
        // Layers and drawing primitives over the engine.
        .target(name: "MomentumLayers", dependencies: [core, realModule], swiftSettings: strict),
        // Scenes: pure state + layout over the engine and layers, shared by app, tests and benchmarks.
        .target(name: "MomentumScenes", dependencies: [core, "MomentumLayers", realModule],
                swiftSettings: strict),
        // The run core: every decision of `momentum run` (when to draw, input, prediction, the frame's stages, the
        // trace's records) as a pure state machine over timed events. No Wayland, GL, Foundation or clock reads.
        .target(name: "MomentumRun", dependencies: [core, "MomentumLayers", "MomentumScenes"],
                swiftSettings: strict),

        // C shims: module maps + shim headers, libraries found by pkg-config.
        .systemLibrary(name: "CWaylandClient", path: "Sources/CShims/CWaylandClient", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        // Client-side decorations (title bar, move, resize, close, maximise) where the compositor draws none.
        .systemLibrary(name: "CDecor", path: "Sources/CShims/CDecor", pkgConfig: "libdecor-0",
                       providers: [.apt(["libdecor-0-dev"])]),
        // Cursor images from the XCursor theme, where the compositor offers no wp_cursor_shape_v1.
        .systemLibrary(name: "CWaylandCursor", path: "Sources/CShims/CWaylandCursor", pkgConfig: "wayland-cursor",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandEGL", path: "Sources/CShims/CWaylandEGL", pkgConfig: "wayland-egl",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CEGL", path: "Sources/CShims/CEGL", pkgConfig: "egl",
                       providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES", path: "Sources/CShims/CGLES", pkgConfig: "glesv2",
                       providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CXKBCommon", path: "Sources/CShims/CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CLinux", path: "Sources/CShims/CLinux"),
        .systemLibrary(name: "CZlib", path: "Sources/CShims/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CShims/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CShims/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/CShims/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        // wayland-scanner output for protocols/*.xml (scripts/gen-protocols.sh; CI checks it is current).
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),

        // Platform: the only Swift module that imports Wayland C. Imports nothing of the engine.
        .target(name: "WaylandClient",
                dependencies: ["CWaylandClient", "CWaylandProtocols", "CDecor", "CWaylandCursor", "CXKBCommon", "CLinux"],
                swiftSettings: strict),
        // Text: fontconfig finds the face, HarfBuzz shapes, FreeType rasterises into a coverage atlas. No GL, no
        // Wayland, no Foundation.
        .target(name: "MomentumText", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig"], swiftSettings: strict),
        // Whole-file reads and writes, atomic replacement, folders: what the app's files and the renderer's program
        // cache share (Glibc only).
        .target(name: "FileIO", swiftSettings: strict),
        // Renderer: EGL + OpenGL ES; zlib for the PNG writer.
        .target(name: "MomentumRender",
                dependencies: ["MomentumLayers", "MomentumText", "FileIO", realModule, "CEGL", "CGLES", "CWaylandEGL",
                               "CZlib"],
                swiftSettings: strict),
        // App: CLI, wiring, trace writer, headless runner.
        .target(name: "MomentumApp",
                dependencies: [core, "MomentumLayers", "MomentumScenes", "MomentumRun", "WaylandClient",
                               "MomentumRender", "MomentumText", "FileIO", "CLinux",
                               .product(name: "ArgumentParser", package: "swift-argument-parser"),
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: strict, plugins: ["BuildID"]),
        // `git describe` of the checkout, for --version and every report (BuildID.swift, generated each build).
        .plugin(name: "BuildID", capability: .buildTool()),
        // Linked by lld with packed relative relocations (DT_RELR, glibc 2.36+): the loader reads a few kB of them
        // instead of ~2 MB of RELA entries, which stayed resident in every run (docs/benchmarks/scenes.md). The
        // functions `run` executes come first, in data/link-order.txt's order (scripts/gen-link-order.py): the
        // kernel maps code in 64 kB blocks around each page first run, so scattered over the whole binary they kept
        // ~7 MiB of it resident, together well under 1 MiB (a function missing from the list is placed as before).
        .executableTarget(name: "momentum", dependencies: ["MomentumApp"], swiftSettings: strict,
                          linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker",
                                                         "pack-relative-relocs",
                                                         "-Xlinker", "--symbol-ordering-file=\(linkOrder)",
                                                         "-Xlinker", "--no-warn-symbol-ordering"],
                                                        .when(platforms: [.linux]))]),

        // Oracles shared by several test targets (closed forms written independently of the engine).
        .target(name: "MomentumTestSupport", dependencies: ["MomentumRun", "MomentumScenes", core],
                path: "Tests/MomentumTestSupport", swiftSettings: strict),
        .testTarget(name: "MomentumCoreTests", dependencies: [core, "MomentumTestSupport", realModule],
                    swiftSettings: strict),
        // The getting-started article's listings (Engine/Sources/MomentumCore/MomentumCore.docc), run through the
        // engine's public API only, and checked to be the article's code and to print what it says.
        .testTarget(name: "MomentumCoreDocTests", dependencies: [core], swiftSettings: strict),
        .testTarget(name: "MomentumScenesTests",
                    dependencies: ["MomentumScenes", "MomentumLayers", core, "MomentumTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "MomentumLayersTests",
                    dependencies: ["MomentumLayers", core, "MomentumTestSupport", realModule],
                    swiftSettings: strict),
        // The test binary's malloc, counting a thread's allocations (a frame that must make none).
        .target(name: "MallocCounter", path: "Tests/MallocCounter"),
        .testTarget(name: "MomentumRunTests",
                    dependencies: ["MomentumRun", "MomentumScenes", "MomentumLayers", core,
                                   "MomentumTestSupport", "MallocCounter"],
                    swiftSettings: strict),
        .testTarget(name: "WaylandClientTests", dependencies: ["WaylandClient"], swiftSettings: strict),
        // MomentumRun for the HUD's drawing (the CPU-written HUD against the GL's).
        .testTarget(name: "MomentumRenderTests",
                    dependencies: ["MomentumRender", "MomentumLayers", "MomentumText", "MomentumRun", realModule,
                                   "CGLES", "CZlib", "MomentumTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "MomentumTextTests", dependencies: ["MomentumText"], swiftSettings: strict),
        .testTarget(name: "MomentumAppTests",
                    dependencies: ["MomentumApp", "MomentumRun", "MomentumScenes", "MomentumLayers", "MomentumTestSupport"],
                    swiftSettings: strict),
        // Random and hostile input through timestamps, touch assembly, the switcher, every scene and both
        // recognisers (`swift test --filter Fuzz`; MOMENTUM_FUZZ_SCRIPTS and MOMENTUM_FUZZ_SEED for longer runs).
        .testTarget(name: "FuzzTests",
                    dependencies: ["MomentumApp", "MomentumRun", "WaylandClient", "MomentumScenes", core,
                                   "MomentumLayers"],
                    swiftSettings: strict),
        // End to end: starts weston headless with the touch-injection module, runs the real binary.
        .testTarget(name: "EndToEndTests", dependencies: ["momentum", "MomentumApp", "MomentumRun", core,
                                                            "MomentumLayers", "MomentumScenes", "WaylandClient",
                                                            "MomentumTestSupport"],
                    swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
