import MomentumLayers
import MomentumRender
import WaylandClient

/// The window's EGL surface and the renderer drawing into it: made on the first configure, resized on later ones,
/// released GL before EGL before the surface.
final class RenderTarget {
    private var context: RenderContext?
    private var eglWindow: WaylandEGLWindow?
    private var renderer: Renderer?
    /// Hears which face text falls back to, or why there is none (one line, at the first text drawn).
    private let fontLog: @Sendable (String) -> Void

    /// A target reporting font fallbacks through `fontLog`.
    init(fontLog: @escaping @Sendable (String) -> Void = { _ in }) {
        self.fontLog = fontLog
    }

    /// True once the first configure made the surface.
    var isReady: Bool { renderer != nil }

    /// Makes (or resizes) the EGL window surface for `window`'s buffer size.
    func prepare(display: Display, window: Window) throws(AppError) {
        let size = window.bufferSize
        if let eglWindow {
            eglWindow.resize(width: Int(size.width), height: Int(size.height))
            return
        }
        do {
            let context = try RenderContext(waylandDisplay: display.pointer)
            guard let native = WaylandEGLWindow(surface: window.surface, width: Int(size.width), height: Int(size.height)) else {
                throw AppError("wl_egl_window_create failed")
            }
            try context.makeWindowSurface(native)
            try context.makeCurrent(swapInterval: 0)
            renderer = try Renderer(fontLog: fontLog)
            self.context = context
            eglWindow = native
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError("cannot start rendering: \(error)")
        }
    }

    /// Draws `list` and swaps (which commits the surface), redrawing only what changed since the last frame: into
    /// the back buffer when its age is known (`EGL_EXT_buffer_age`), else into a persistent offscreen frame copied to
    /// the back buffer when the damage is small, or everything straight into the back buffer when it is large. Returns the damage (also given to the compositor where `…swap_buffers_with_damage` is
    /// offered); throws when EGL fails.
    @discardableResult
    func present(_ list: DrawList, window: Window) throws(AppError) -> DamageRegion? {
        guard let context, let renderer else { return nil }
        let size = window.bufferSize
        let target: Renderer.Target = context.hasBufferAge ? .backBuffer(age: context.bufferAge()) : .window
        let damage: DamageRegion
        do {
            damage = try renderer.render(list, width: Int(size.width), height: Int(size.height), scale: window.scale,
                                         into: target)
        } catch {
            throw AppError("cannot render: \(error)")
        }
        if !context.swapBuffers(damage: damage) { throw AppError(context.lastEGLError().description) }
        return damage
    }

    /// How frames reach the window, for the log: the damage strategy and what the display offers.
    var strategy: String {
        guard let context else { return "no context" }
        let age = context.hasBufferAge ? "the back buffer (buffer age)"
            : "an offscreen frame copied to the window, or in full when large (no EGL_EXT_buffer_age)"
        let swap = context.canSwapWithDamage ? "swap with damage" : "full-surface swap (no swap_buffers_with_damage)"
        return "OpenGL ES \(context.glesMajorVersion), redraw damage into \(age), \(swap)"
    }

    /// Draws `list` off the window and returns it as PNG bytes (nil before the first configure).
    func snapshot(_ list: DrawList, window: Window) -> [UInt8]? {
        guard let renderer else { return nil }
        let size = window.bufferSize
        renderer.draw(list, width: Int(size.width), height: Int(size.height), scale: window.scale)
        renderer.invalidate()  // the back buffer now holds this drawing, not the last presented frame
        let pixels = renderer.readPixels(width: Int(size.width), height: Int(size.height))
        return PNG.encode(rgba: pixels, width: Int(size.width), height: Int(size.height))
    }

    /// Releases GL before EGL and EGL before the surface.
    func tearDown() {
        renderer = nil
        context = nil
        eglWindow = nil
    }
}
