import Foundation
import MomentumApp
import MomentumRun
import Testing
import WaylandClient

/// `--surface-buffers shm`: the window drawn without an EGL surface, band by band into the app's own `wl_shm`
/// buffers, under a real weston (pixman) with real touch: what weston shows is read back and compared with the EGL
/// window surface's frames, and the protocol log shows which buffers were attached while the compositor held them.
@Suite(.serialized) struct SurfaceBuffersEndToEndTests {
    /// The panel drawn into the window (`--no-subsurfaces`, so every frame of its slide redraws part of the window
    /// into a buffer of some age) opened with a tap, at `scale`; what weston shows once it rests.
    static func openPanel(_ buffers: String, scale: Int = 1, environment: [String: String] = [:]) throws
        -> (image: PPM, compositor: Compositor, mark: Int) {
        try LayerSurfaceEndToEndTests.openAndCapture(["--no-hud", "--no-subsurfaces", "--surface-buffers", buffers],
                                                     scale: scale, environment: environment)
    }

    @Test(arguments: [1, 2])
    func theAppsBuffersShowWhatTheEGLSurfaceShows(scale: Int) throws {
        let (shm, c, mark) = try Self.openPanel("shm", scale: scale)
        let facts = c.app.events.compactMap { $0.system?.gl?.eglExtensions }.first ?? []
        #expect(facts.contains { $0.hasPrefix("window drawn into the app's wl_shm buffers") }, "EGL facts: \(facts)")
        // The slide redrew part of the window on every frame it moved: the band path with buffers of known age.
        let frames = c.app.events.dropFirst(mark).compactMap(\.frame)
        let partial = frames.filter { ($0.drawnPixels ?? 0) > 0 && ($0.drawnPixels ?? 0) < 800 * 600 * scale * scale }
        #expect(partial.count >= 5, "frames that redrew part of the window: \(partial.count) of \(frames.count)")
        let (egl, d, _) = try Self.openPanel("egl", scale: scale)
        let eglFacts = d.app.events.compactMap { $0.system?.gl?.eglExtensions }.first ?? []
        #expect(!eglFacts.contains { $0.hasPrefix("window drawn into the app's") }, "EGL facts: \(eglFacts)")
        #expect(shm.width == egl.width && shm.height == egl.height)
        // The same frame to a unit of rounding: a band's rows lie elsewhere in its framebuffer than in a window's
        // back buffer (a framebuffer object is not turned over as a window is), so llvmpipe's fixed-point
        // interpolation of a varying across a quad (the background gradient's colour, a glyph's texture
        // coordinate) rounds the other way at some pixels: a third of the gradient's pixels by one unit.
        let difference = shm.largestDifference(from: egl)
        #expect(difference.value <= 2, "largest channel difference \(difference.value) at \(difference.at)")
        // And it is the panel at rest, open: its sheet colour inside.
        let sheet = shm.pixel(x: 90 * scale, y: Int(c.openY + 30) * scale)
        #expect(max(abs(sheet.0 - 0xF4), abs(sheet.1 - 0xF5), abs(sheet.2 - 0xF8)) <= 2, "\(sheet)")
    }

    @Test func noBufferIsAttachedAgainBeforeTheCompositorReleasesIt() throws {
        let (_, c, _) = try Self.openPanel("shm", environment: ["WAYLAND_DEBUG": "client"])
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
        let lines = c.app.stderr.split(separator: "\n")
        let surface = try #require(Self.windowSurface(in: lines), "no xdg surface in the log")
        let (attaches, attached, early) = Self.attachesWhileHeld(lines, surface: surface)
        #expect(attaches >= 5, "window buffers attached: \(attaches)")
        #expect(early.isEmpty, "attached while the compositor held them: \(early.prefix(3))")
        // weston (pixman) holds the buffer shown until another is attached, so a window drawn again needs a second
        // buffer; never more than that while each is released in turn.
        #expect(attached.count == 2, "distinct window buffers: \(attached.count)")
    }

    /// The playground's pull line (the line from the card's target to the card while it flies there) is written by
    /// the CPU into buffers of the same kind, a set of its own: a tap sends the card off, the line turns and
    /// stretches on every frame, and no buffer is attached again while weston still holds it.
    @Test func thePullLinesBuffersAreNeverWrittenWhileTheCompositorHoldsThem() throws {
        let c = try Compositor(scene: .playground, arguments: ["--no-hud"], environment: ["WAYLAND_DEBUG": "client"])
        // Three flights, each to rest: the card sent right, up left, back to the middle. While it flies, the line's
        // buffers are mapped: the app's own, not Mesa's.
        var mapped = 0
        for tap in ["680 480", "150 150", "400 300"] {
            let mark = c.app.events.count
            try c.play("0 tap 0 \(tap)")
            let flying = try c.app.waitFor("the card on its way to \(tap)", after: mark) {
                $0.playground?.state == .animating
            }
            let maps = try String(contentsOfFile: "/proc/\(c.app.processIdentifier)/maps", encoding: .utf8)
            if maps.contains("memfd:momentum-pixels") { mapped += 1 }
            try c.app.waitFor("rest at \(tap)", after: flying.index) { $0.playground?.state == .idle }
        }
        #expect(mapped >= 2, "the pull line's buffers mapped in \(mapped) of 3 flights")
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
        let lines = c.app.stderr.split(separator: "\n")
        let (attaches, _, early) = Self.attachesWhileHeld(lines, surface: nil)
        let window = try #require(Self.windowSurface(in: lines), "no xdg surface in the log")
        // What is attached to other surfaces than the window while the card flies is the line (the card's own
        // surface is drawn once and moved).
        let line = attaches - Self.attachesWhileHeld(lines, surface: window).attaches
        #expect(line >= 10, "buffers attached to layer surfaces: \(line) (\(attaches) in all)")
        #expect(early.isEmpty, "attached while the compositor held them: \(early.prefix(3))")
    }

    /// A compositor that releases none of a set's buffers: four attached to a window that is never committed (so
    /// weston never takes them, and never releases them). The fifth frame waits for a release on the set's own queue
    /// for `ShmBuffers.releaseWait`, not for ever, and fails with the run's one line; nothing is overwritten.
    @Test func aSetTheCompositorNeverReleasesEndsWithOneLineAfterTheWait() throws {
        let (weston, environment) = try startWeston()
        defer { weston.stop() }
        let runtime = try #require(environment["XDG_RUNTIME_DIR"]), name = try #require(environment["WAYLAND_DISPLAY"])
        let display = try Display(socket: name.hasPrefix("/") ? name : runtime + "/" + name)
        let registry = try Registry(display: display) { _, _ in }
        let window = try Window(registry: registry, title: "held", appID: "dev.momentum.test",
                                size: ConfigureState.Size(width: 64, height: 48), fullscreen: false)
        let buffers = try #require(ShmBuffers(window: window, name: "momentum-test", owner: "the window's"))
        var taken: [Int] = []
        for _ in 0..<ShmBuffers.capacity {
            let buffer = try buffers.acquire(width: 64, height: 48)
            taken.append(buffer.index)
            buffers.attach(buffer, to: window, damage: [(0, 0, 64, 48)])  // never committed
        }
        #expect(taken == [0, 1, 2, 3], "four buffers, each new: \(taken)")
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var failure: ShmBuffers.Failure?
        do throws(ShmBuffers.Failure) {
            _ = try buffers.acquire(width: 64, height: 48)
        } catch {
            failure = error
        }
        clock_gettime(CLOCK_MONOTONIC, &end)
        let waited = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
        #expect(failure == .neverReleased("the compositor holds all 4 of the window's wl_shm buffers and released "
                                          + "none in 2 s (a frame of 64x48 px waits for one)"))
        #expect(waited >= ShmBuffers.releaseWait && waited < ShmBuffers.releaseWait + 1, "waited \(waited) s")
    }

    /// The window's `wl_surface` id in a `WAYLAND_DEBUG=client` log (the one given an xdg surface).
    static func windowSurface(in lines: [Substring]) -> Substring? {
        lines.lazy.compactMap { line -> Substring? in
            guard let call = line.range(of: "-> xdg_wm_base@"), line[call.upperBound...].contains(".get_xdg_surface("),
                  let surface = line.range(of: "wl_surface@") else { return nil }
            return line[surface.upperBound...].prefix { $0.isNumber }
        }.first
    }

    /// From a `WAYLAND_DEBUG=client` log: the attaches of a buffer to `surface` (any surface when nil), the buffers
    /// attached, and the attaches of a buffer the compositor still held (attached and neither released nor
    /// destroyed since). One-pixel buffers are left out: a plain colour's is never written after it is made, so it
    /// is attached again while held by design. Lines: "[time]  -> wl_surface@3.attach(wl_buffer@25, 0, 0)",
    /// "[time] wl_buffer@25.release()", "[time]  -> wl_shm_pool@9.create_buffer(new id wl_buffer@25, 0, 1, 1, 4, 0)".
    static func attachesWhileHeld(_ lines: [Substring], surface: Substring?)
        -> (attaches: Int, buffers: Set<Substring>, early: [Substring]) {
        func id(after range: Range<Substring.Index>, in line: Substring) -> Substring {
            line[range.upperBound...].prefix { $0.isNumber }
        }
        var held = Set<Substring>(), attached = Set<Substring>(), onePixel = Set<Substring>()
        var attaches = 0, early: [Substring] = []
        for line in lines {
            if let call = line.range(of: ".create_buffer(new id wl_buffer@") {
                let buffer = id(after: call, in: line)
                let size = line[call.upperBound...].split(separator: ",").dropFirst(2).prefix(2)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                if size == ["1", "1"] { onePixel.insert(buffer) } else { onePixel.remove(buffer) }
            } else if let call = line.range(of: "-> wl_surface@"), let attach = line.range(of: ".attach(wl_buffer@"),
                      surface.map({ line[call.upperBound...].hasPrefix("\($0).attach(") }) ?? true {
                let buffer = id(after: attach, in: line)
                guard !onePixel.contains(buffer) else { continue }
                if held.contains(buffer) { early.append(line) }
                held.insert(buffer)
                attached.insert(buffer)
                attaches += 1
            } else if let call = line.range(of: "-> wl_buffer@"), line[call.upperBound...].contains(".destroy(") {
                held.remove(id(after: call, in: line))
            } else if !line.contains(" -> "), let event = line.range(of: "wl_buffer@"),
                      line[event.upperBound...].drop(while: \.isNumber).hasPrefix(".release(") {
                held.remove(id(after: event, in: line))
            }
        }
        return (attaches, attached, early)
    }
}
