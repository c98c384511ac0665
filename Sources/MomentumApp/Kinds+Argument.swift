import ArgumentParser
import MomentumScenes

/// `--scene` takes a `SceneKind`: `--help` lists the scenes and shell completion offers them.
extension SceneKind: ExpressibleByArgument {}

/// `--backend` takes a `BackendKind`: `--help` lists the backends and shell completion offers them.
extension BackendKind: ExpressibleByArgument {}

/// `--predict on|off`.
enum Switch: String, CaseIterable, ExpressibleByArgument {
    case on, off
}

/// `--frame-start`: when a frame is built after its callback.
enum FrameStart: String, CaseIterable, ExpressibleByArgument {
    /// At the deadline learned from presentation feedback (at once without feedback).
    case deadline
    /// At once, as the callback arrives.
    case callback
}

/// `--surface-buffers`: what holds the window's frames.
enum SurfaceBuffersKind: String, CaseIterable, ExpressibleByArgument {
    /// An EGL window surface (the driver's back buffer and its buffers, swapped).
    case egl
    /// The app's own `wl_shm` buffers, drawn through a framebuffer a band of rows high and read back (no full-size
    /// GL buffer); falls back to `egl` where EGL cannot bind a context to no surface or read BGRA back.
    case shm
}

/// `bench --compositor weston|mutter|sway|phoc|kwin`.
extension CompositorKind: ExpressibleByArgument {}
