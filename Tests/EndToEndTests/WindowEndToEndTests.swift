import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// The window and the headless run under a real weston.
@Suite(.serialized) struct WindowEndToEndTests {
    /// EGL starts while the compositor answers the window, as weston-simple-egl's does, instead of after its first
    /// configure: Mesa's registry (the connection's second `get_registry`, made as the EGL display is initialised)
    /// is asked for before the window's first configure is handled, and the window's first frame follows that
    /// configure (drawn at the size it gave). In a fullscreen run at 800x600 and at 1920x1080@2.
    @Test(arguments: [1, 2])
    func eglStartsBeforeTheFirstConfigureIsHandled(scale: Int) throws {
        let output = scale == 1 ? (width: 800, height: 600) : (width: 1920, height: 1080)
        let c = try Compositor(arguments: ["--no-hud"], output: output, scale: scale,
                               environment: ["WAYLAND_DEBUG": "client"])
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
        let lines = c.app.stderr.split(separator: "\n")
        let registries = lines.indices.filter { lines[$0].contains("-> wl_display@1.get_registry(") }
        let configure = try #require(lines.firstIndex {
            !$0.contains("->") && $0.contains("xdg_surface@") && $0.contains(".configure(")
        }, "no xdg_surface.configure in the log")
        #expect(registries.count >= 2, "get_registry requests: \(registries.count)")
        #expect(registries.dropFirst().first.map { $0 < configure } == true,
                "EGL's registry at line \(registries.dropFirst().first ?? -1), the first configure at \(configure)")
        let window = try #require(SurfaceBuffersEndToEndTests.windowSurface(in: lines), "no xdg surface in the log")
        let attach = lines.firstIndex { $0.contains("-> wl_surface@\(window).attach(wl_buffer@") }
        #expect(attach.map { $0 > configure } == true, "the window's first attach at line \(attach ?? -1)")
        // A buffer of the window's size, or, where the window is shown as its backdrop's strip and its content's
        // parts (`WindowParts`: at 1920x1080@2, drawn into the app's own buffers), the strip: max(2, scale) px wide
        // and the window's height.
        let whole = ", \(output.width * scale), \(output.height * scale), "
        let strip = ", \(max(2, scale)), \(output.height * scale), "
        let sized = lines.contains { $0.contains(".create_buffer(") && ($0.contains(whole) || $0.contains(strip)) }
        #expect(sized, "no \(output.width * scale)x\(output.height * scale) buffer (nor its strip) made")
    }

    @Test func windowedRunKeepsItsRequestedSize() throws {
        let (weston, env) = try startWeston(width: 1024, height: 768)
        defer { weston.stop() }
        let app = try TracedClient(executable: try Compositor.momentumBinary(), arguments: ["--size", "640x400"],
                                   environment: env)
        let configure = try app.waitFor("configure") { $0.configure != nil }.event.configure
        #expect(configure?.width == 640 && configure?.height == 400)
        let panel = try app.waitFor("the panel laid out") { $0.panel != nil }.event.panel
        #expect(panel?.rect.y == Double(400 - 72), "closed panel peeks 72 px above the bottom of a 400 px window")
        app.signal()
        #expect(try app.waitExit() == 0)
    }

    @Test func outputScaleTwoDrawsDoubleSizedBuffers() throws {
        let (weston, env) = try startWeston(width: 800, height: 600, extraArguments: ["--scale=2"])
        defer { weston.stop() }
        let app = try TracedClient(executable: try Compositor.momentumBinary(), arguments: ["--fullscreen"],
                                   environment: env)
        // Weston's --width/--height are logical: the output is 1600×1200 pixels at scale 2. The window stays
        // 800×600 logical px and draws 1600×1200 buffers, from its very first frame (scale guessed from the outputs).
        let first = try app.waitFor("the first configure") { $0.configure != nil }.event.configure
        #expect(first?.scale == 2 && first?.bufferWidth == 1600)
        let scaled = try app.waitFor("a fullscreen configure at scale 2") {
            $0.configure.map { $0.scale == 2 && $0.width == 800 } ?? false
        }
        let size = scaled.event.configure
        #expect(size?.height == 600)
        #expect(size?.bufferWidth == 1600 && size?.bufferHeight == 1200)
        try app.waitFor("a frame presented after the scale change", after: scaled.index) { $0.presented != nil }
        app.signal()
        #expect(try app.waitExit() == 0)
    }

    /// What each scene's tour must have done, read from its trace: gestures seen and the scene's final state.
    static func tour(_ scene: SceneKind) -> (gestures: [GestureKind], final: (SceneRecord) -> Bool) {
        // (Taps: at least 3, 2 in the playground, 1 in the scroll scene; see `taps`.)
        switch scene {
        case .panel: ([.tap, .panEnded], {
            if case .panel(let panel) = $0 { panel.state == .open } else { false } })
        case .transition: ([.present, .cancel, .finish, .leftContainer, .completed], {
            if case .transition(let card) = $0 { card.state == .presented } else { false } })
        case .gallery: ([.restart, .finished], {
            if case .gallery(let gallery) = $0 { !gallery.shake.running } else { false } })
        case .playground: ([.retarget, .panEnded, .pinchEnded], {
            if case .playground(let card) = $0 { card.state == .idle && card.scale == 1 } else { false } })
        case .scroll: ([.panEnded, .catch], {
            if case .scroll(let list) = $0 { list.state == .idle && list.offset == 0 } else { false } })
        }
    }

    @Test(arguments: SceneKind.allCases)
    func headlessRunPlaysTheSceneTourAndLeavesTraceAndScreenshot(scene: SceneKind) throws {
        let out = FileManager.default.temporaryDirectory
            .appendingPathComponent("momentum-headless-\(getpid())-\(scene.rawValue)")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Compositor.momentumBinary())
        process.arguments = ["headless", "--scene", scene.rawValue, "--out", out.path]
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = TracedClient.readToEnd(pipe.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        let lines = try traceLines(atPath: out.appendingPathComponent("trace.jsonl").path)
        let gestures = lines.compactMap { $0.gesture?.kind }
        let tour = Self.tour(scene)
        let taps: [SceneKind: Int] = [.playground: 2, .scroll: 1]
        #expect(gestures.filter { $0 == .tap }.count >= taps[scene, default: 3], "\(gestures)")
        for g in tour.gestures { #expect(gestures.contains(g), "\(scene.rawValue) tour: no \(g) in \(gestures)") }
        #expect(lines.last?.exit?.code == 0)
        let last = lines.last { $0.sceneState?.kind == scene }
        #expect(last?.sceneState.map(tour.final) == true,
                "\(scene.rawValue) ends as expected: \(last?.encoded ?? "no record")")
        let png = try Data(contentsOf: out.appendingPathComponent("screenshot.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
        #expect(output.contains("screenshot: ") && output.contains("trace: "))
    }
}
