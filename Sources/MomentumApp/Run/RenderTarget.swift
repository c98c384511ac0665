import MomentumLayers
import MomentumRender
import WaylandClient

/// The window's EGL surface and the renderer drawing into it: made on the first configure, resized on later ones,
/// released GL before EGL before the surface.
final class RenderTarget {
    private var context: RenderContext?
    private var eglWindow: WaylandEGLWindow?
    private var renderer: Renderer?

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
            renderer = try Renderer()
            self.context = context
            eglWindow = native
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError("cannot start rendering: \(error)")
        }
    }

    /// Draws `list` into the back buffer and swaps (which commits the surface); throws when EGL fails.
    func present(_ list: DrawList, window: Window) throws(AppError) {
        guard let context, let renderer else { return }
        let size = window.bufferSize
        renderer.draw(list, width: Int(size.width), height: Int(size.height), scale: window.scale)
        if !context.swapBuffers() { throw AppError(context.lastEGLError().description) }
    }

    /// Draws `list` off the window and returns it as PNG bytes (nil before the first configure).
    func snapshot(_ list: DrawList, window: Window) -> [UInt8]? {
        guard let renderer else { return nil }
        let size = window.bufferSize
        renderer.draw(list, width: Int(size.width), height: Int(size.height), scale: window.scale)
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
