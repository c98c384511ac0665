import Foundation
import MomentumApp
import MomentumRun
import Testing

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
        // WAYLAND_DEBUG lines: "[time]  -> wl_surface@3.attach(wl_buffer@25, 0, 0)", "[time] wl_buffer@25.release()".
        let lines = c.app.stderr.split(separator: "\n")
        let window = lines.lazy.compactMap { line -> Substring? in
            guard let call = line.range(of: "-> xdg_wm_base@"), line[call.upperBound...].contains(".get_xdg_surface("),
                  let surface = line.range(of: "wl_surface@") else { return nil }
            return line[surface.upperBound...].prefix { $0.isNumber }
        }.first
        let surface = try #require(window, "no xdg surface in the log")
        var held = Set<Substring>(), attached = Set<Substring>(), attaches = 0, early: [Substring] = []
        for line in lines {
            if let call = line.range(of: "-> wl_surface@\(surface).attach(wl_buffer@") {
                let buffer = line[call.upperBound...].prefix { $0.isNumber }
                if held.contains(buffer) { early.append(line) }
                held.insert(buffer)
                attached.insert(buffer)
                attaches += 1
            } else if !line.contains(" -> "), let event = line.range(of: "wl_buffer@"),
                      line[event.upperBound...].drop(while: \.isNumber).hasPrefix(".release(") {
                held.remove(line[event.upperBound...].prefix { $0.isNumber })
            }
        }
        #expect(attaches >= 5, "window buffers attached: \(attaches)")
        #expect(early.isEmpty, "attached while the compositor held them: \(early.prefix(3))")
        // weston (pixman) holds the buffer shown until another is attached, so a window drawn again needs a second
        // buffer; never more than that while each is released in turn.
        #expect(attached.count == 2, "distinct window buffers: \(attached.count)")
    }
}
