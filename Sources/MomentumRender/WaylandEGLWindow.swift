import CWaylandEGL

/// Owns a `wl_egl_window` for a `wl_surface`: the native window an EGL window surface draws into.
public final class WaylandEGLWindow {
    /// The `struct wl_egl_window *`.
    public let pointer: OpaquePointer

    /// Creates a window of `width`×`height` buffer px for a `struct wl_surface *`; nil if wl_egl_window_create fails.
    public init?(surface: OpaquePointer, width: Int, height: Int) {
        guard width > 0, height > 0,
              let window = wl_egl_window_create(surface, Int32(clamping: width), Int32(clamping: height))
        else { return nil }
        pointer = window
    }

    /// Resizes the buffers (buffer px); takes effect at the next eglSwapBuffers. `dx`/`dy` move the surface origin.
    public func resize(width: Int, height: Int, dx: Int = 0, dy: Int = 0) {
        wl_egl_window_resize(pointer, Int32(clamping: width), Int32(clamping: height),
                             Int32(clamping: dx), Int32(clamping: dy))
    }

    /// The size of the buffer currently attached to the surface, buffer px.
    public var attachedSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        wl_egl_window_get_attached_size(pointer, &width, &height)
        return (Int(width), Int(height))
    }

    deinit {
        wl_egl_window_destroy(pointer)
    }
}
