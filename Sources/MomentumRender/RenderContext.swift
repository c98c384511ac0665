import CEGL
import CGLES

/// An EGL display + OpenGL ES context, drawing either into a Wayland window or into an offscreen pbuffer.
///
/// Wayland call order: `init(waylandDisplay:)` → (after the first configure) `WaylandEGLWindow(surface:width:height:)`
/// → `makeWindowSurface(_:)` → `makeCurrent()` (sets swap interval 0) → `Renderer()` → per frame: request
/// `wl_surface.frame` / presentation feedback, `Renderer.draw`, `swapBuffers()` (commits the surface).
/// A context is used from one thread at a time; make it current on the thread that draws.
public final class RenderContext {
    /// The EGLDisplay.
    let display: EGLDisplay
    /// The chosen EGLConfig.
    let config: EGLConfig
    /// The OpenGL ES context.
    let context: EGLContext
    /// The draw surface (window or pbuffer), nil until one is made.
    private var surface: EGLSurface?
    /// Keeps the native window alive for as long as the EGL surface made from it.
    private var window: WaylandEGLWindow?

    /// OpenGL ES major version of the context (3, or 2 as fallback).
    public let glesMajorVersion: Int
    /// Whether this context renders offscreen (surfaceless platform, pbuffer).
    public let isHeadless: Bool
    /// Offscreen target size in px (0×0 for a window context).
    public let headlessSize: (width: Int, height: Int)

    /// A context on a Wayland display (`struct wl_display *`); make a window surface before drawing.
    public init(waylandDisplay: OpaquePointer) throws {
        var display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_WAYLAND_KHR), UnsafeMutableRawPointer(waylandDisplay), nil)
        if display == nil {
            display = eglGetDisplay(waylandDisplay)
        }
        guard let display else { throw RenderError.egl("eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR)") }
        let setup = try Self.setUp(display: display, surfaceType: EGL_WINDOW_BIT, preferAlpha: false)
        self.display = display
        config = setup.config
        context = setup.context
        glesMajorVersion = setup.major
        isHeadless = false
        headlessSize = (0, 0)
    }

    /// An offscreen context of `width`×`height` px on Mesa's surfaceless platform (no compositor, no GPU needed).
    public init(headlessWidth width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw RenderError("headless size must be positive, got \(width)x\(height)") }
        let extensions = eglQueryString(nil, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        guard extensions.contains("EGL_MESA_platform_surfaceless") else {
            throw RenderError("eglQueryString(EGL_EXTENSIONS) lacks EGL_MESA_platform_surfaceless (client extensions: \(extensions))")
        }
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw RenderError.egl("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)")
        }
        let setup = try Self.setUp(display: display, surfaceType: EGL_PBUFFER_BIT, preferAlpha: true)
        self.display = display
        config = setup.config
        context = setup.context
        glesMajorVersion = setup.major
        isHeadless = true
        headlessSize = (width, height)
        let attributes: [EGLint] = [EGL_WIDTH, EGLint(width), EGL_HEIGHT, EGLint(height), EGL_NONE]
        guard let pbuffer = eglCreatePbufferSurface(display, config, attributes) else {
            throw RenderError.egl("eglCreatePbufferSurface(\(width)x\(height))")
        }
        surface = pbuffer
    }

    /// Initializes `display`, chooses an 8-bit RGB config for `surfaceType` and creates an ES 3 (else ES 2) context.
    private static func setUp(display: EGLDisplay, surfaceType: EGLint, preferAlpha: Bool) throws
        -> (config: EGLConfig, context: EGLContext, major: Int) {
        _ = try EGLDisplayUsers.acquire(display)
        var succeeded = false
        defer { if !succeeded { EGLDisplayUsers.release(display) } }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw RenderError.egl("eglBindAPI(EGL_OPENGL_ES_API)")
        }
        for (major, renderable) in [(3, EGL_OPENGL_ES3_BIT), (2, EGL_OPENGL_ES2_BIT)] {
            guard let config = try chooseConfig(display: display, surfaceType: surfaceType, renderable: renderable,
                                                preferAlpha: preferAlpha) else { continue }
            let attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, EGLint(major), EGL_NONE]
            if let context = eglCreateContext(display, config, nil, attributes) {
                succeeded = true
                return (config, context, major)
            }
            if major == 2 { throw RenderError.egl("eglCreateContext(OpenGL ES 2)") }
        }
        throw RenderError("eglChooseConfig found no RGB888 config for OpenGL ES 3 or 2 (surface type 0x"
                          + String(surfaceType, radix: 16) + ")")
    }

    /// The best config with exactly 8 bits per colour channel; alpha 8 or 0 per `preferAlpha`, the other as fallback.
    private static func chooseConfig(display: EGLDisplay, surfaceType: EGLint, renderable: EGLint,
                                     preferAlpha: Bool) throws -> EGLConfig? {
        let attributes: [EGLint] = [
            EGL_SURFACE_TYPE, surfaceType, EGL_RENDERABLE_TYPE, renderable,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 0, EGL_NONE,
        ]
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, nil, 0, &count) == EGLBoolean(EGL_TRUE) else {
            throw RenderError.egl("eglChooseConfig")
        }
        guard count > 0 else { return nil }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        guard eglChooseConfig(display, attributes, &configs, count, &count) == EGLBoolean(EGL_TRUE) else {
            throw RenderError.egl("eglChooseConfig")
        }
        func attribute(_ config: EGLConfig, _ name: EGLint) -> EGLint {
            var value: EGLint = 0
            eglGetConfigAttrib(display, config, name, &value)
            return value
        }
        let exact = configs.prefix(Int(count)).compactMap { $0 }.filter {
            attribute($0, EGL_RED_SIZE) == 8 && attribute($0, EGL_GREEN_SIZE) == 8 && attribute($0, EGL_BLUE_SIZE) == 8
        }
        let preferred = exact.first { (attribute($0, EGL_ALPHA_SIZE) == 8) == preferAlpha }
        return preferred ?? exact.first { [0, 8].contains(attribute($0, EGL_ALPHA_SIZE)) }
    }

    /// Makes an EGL window surface for a raw `struct wl_egl_window *` (replacing any previous surface).
    public func makeWindowSurface(eglWindow: OpaquePointer) throws {
        guard !isHeadless else { throw RenderError("makeWindowSurface: a headless context has no window") }
        destroySurface()
        var created = eglCreatePlatformWindowSurface(display, config, UnsafeMutableRawPointer(eglWindow), nil)
        if created == nil {
            created = eglCreateWindowSurface(display, config, eglWindow, nil)
        }
        guard let created else { throw RenderError.egl("eglCreatePlatformWindowSurface") }
        surface = created
    }

    /// Makes an EGL window surface for `window`, keeping the window alive as long as the surface.
    public func makeWindowSurface(_ window: WaylandEGLWindow) throws {
        try makeWindowSurface(eglWindow: window.pointer)
        self.window = window
    }

    /// Binds the context and surface to the calling thread, then sets the swap interval (0: never block in swap).
    public func makeCurrent(swapInterval: Int32 = 0) throws {
        guard let surface else { throw RenderError("makeCurrent: no surface yet (call makeWindowSurface first)") }
        guard eglMakeCurrent(display, surface, surface, context) == EGLBoolean(EGL_TRUE) else {
            throw RenderError.egl("eglMakeCurrent")
        }
        // Only meaningful once a surface is current; Mesa ignores it before.
        guard eglSwapInterval(display, swapInterval) == EGLBoolean(EGL_TRUE) else {
            throw RenderError.egl("eglSwapInterval(\(swapInterval))")
        }
    }

    /// Presents the frame (on Wayland this attaches and commits the surface); false on failure, see `lastEGLError`.
    @discardableResult
    public func swapBuffers() -> Bool {
        guard let surface else { return false }
        return eglSwapBuffers(display, surface) == EGLBoolean(EGL_TRUE)
    }

    /// The current EGL error as a message naming `call`, for reporting after a `false` from `swapBuffers()`.
    public func lastEGLError(call: String = "eglSwapBuffers") -> RenderError {
        RenderError.egl(call)
    }

    /// Unbinds (if current here) and destroys the surface, then lets go of the native window.
    public func destroySurface() {
        guard let current = surface else { return }
        if eglGetCurrentSurface(EGL_DRAW) == current {
            eglMakeCurrent(display, nil, nil, nil)
        }
        eglDestroySurface(display, current)
        surface = nil
        window = nil
    }

    deinit {
        if eglGetCurrentContext() == context {
            eglMakeCurrent(display, nil, nil, nil)
        }
        if let surface {
            eglDestroySurface(display, surface)
        }
        eglDestroyContext(display, context)
        eglReleaseThread()
        EGLDisplayUsers.release(display)
    }
}
