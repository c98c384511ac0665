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
    /// `shm` for a window larger than `appBuffersAbove` buffer px drawn by Mesa's software rasteriser over `wl_shm`
    /// (swrast: no buffer age, every swap copies the whole back buffer into a buffer of Mesa's), else `egl`.
    case auto
    /// An EGL window surface (the driver's back buffer and its buffers, swapped).
    case egl
    /// The app's own `wl_shm` buffers, drawn through a framebuffer a band of rows high and read back (no full-size
    /// GL buffer); falls back to `egl` where EGL cannot bind a context to no surface or read BGRA back.
    case shm

    /// The largest window, in buffer px, whose frames `auto` leaves in an EGL surface: at 1920x1080@2 the window's
    /// swrast back buffer beside Mesa's `wl_shm` buffer is 63 MiB, the app's own buffer 32 (VmHWM −26 to −31 MiB in
    /// every scene: docs/benchmarks/scenes.md, sixteenth step). Below it the pixels stay the EGL surface's exactly
    /// (a band rounds a gradient a unit the other way at some pixels) and llvmpipe rasterises on the drawing
    /// thread (`RasterThreads.callingThreadLimit`, the same line).
    static let appBuffersAbove = 1280 * 1024

    /// The line under which a window already in the app's own buffers leaves them
    /// (`wantsAppBuffers(…, holdsAppBuffers: true)`): 5 % under `appBuffersAbove` (at 1280 px wide, 973 rows keep
    /// them, 972 do not). A window resized back and forth a few px across the line changes what holds its frames
    /// once, not at each crossing (each change draws a whole frame and maps a buffer of the window's size); one made
    /// clearly smaller (1280x960, 6.25 % under) goes back to its EGL surface.
    static let appBuffersKeptAbove = appBuffersAbove - appBuffersAbove / 20

    /// Whether a window of `width`×`height` buffer px goes into the app's own buffers, asked for this way, where
    /// the driver is swrast over `wl_shm` (`swrast`: `RenderContext.mayKeepLastFrame`). `auto` chooses by size
    /// only there; a GPU driver keeps its EGL surface (its buffers are not copied at each swap). A window already
    /// in the app's buffers (`holdsAppBuffers`) keeps them down to `appBuffersKeptAbove`: the line has hysteresis.
    func wantsAppBuffers(width: Int, height: Int, swrast: Bool, holdsAppBuffers: Bool = false) -> Bool {
        switch self {
        case .egl: false
        case .shm: true
        case .auto: swrast && width * height > (holdsAppBuffers ? Self.appBuffersKeptAbove : Self.appBuffersAbove)
        }
    }
}

/// `bench --compositor weston|mutter|sway|phoc|kwin`.
extension CompositorKind: ExpressibleByArgument {}
