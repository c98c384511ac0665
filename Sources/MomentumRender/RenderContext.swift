import CEGL
import CGLES
import Glibc

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
    /// A config with 8 bits of alpha for translucent window surfaces (layer surfaces with soft shadows), when the
    /// context can draw into surfaces of both configs (`EGL_KHR_no_config_context`).
    let alphaConfig: EGLConfig?
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

    /// The OpenGL ES version `MOMENTUM_GLES_VERSION` asks for (2 or 3), nil when unset: then ES 3 is used where
    /// offered and ES 2 otherwise. Setting 2 runs everything on the ES 2.0 path phone GPUs (Mali-400) have.
    public static var requestedVersion: Int? { requestedVersionSetting.flatMap { Int($0) } }

    /// `MOMENTUM_GLES_VERSION` as set, nil when unset or empty.
    static var requestedVersionSetting: String? {
        getenv("MOMENTUM_GLES_VERSION").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A context on a Wayland display (`struct wl_display *`); make a window surface before drawing. `glesVersion`
    /// (2 or 3) forces that version; nil prefers 3 (or what `MOMENTUM_GLES_VERSION` says).
    public init(waylandDisplay: OpaquePointer, glesVersion: Int? = RenderContext.requestedVersion) throws {
        var display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_WAYLAND_KHR), UnsafeMutableRawPointer(waylandDisplay), nil)
        if display == nil {
            display = eglGetDisplay(waylandDisplay)
        }
        guard let display else { throw RenderError.egl("eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR)") }
        // The window's config has alpha too, as the layer surfaces' have: llvmpipe compiles a shader variant per
        // colour buffer format, so one format for every surface compiles each variant once (the window is opaque
        // all the same: it is cleared opaque, every blend keeps its alpha at 1, and its opaque region says so).
        let setup = try Self.setUp(display: display, surfaceType: EGL_WINDOW_BIT, preferAlpha: true,
                                   version: glesVersion, alphaToo: true)
        self.display = display
        config = setup.config
        alphaConfig = setup.alphaConfig
        context = setup.context
        glesMajorVersion = setup.major
        isHeadless = false
        headlessSize = (0, 0)
    }

    /// An offscreen context of `width`×`height` px on Mesa's surfaceless platform (no compositor, no GPU needed);
    /// `glesVersion` as for a Wayland context.
    public init(headlessWidth width: Int, height: Int, glesVersion: Int? = RenderContext.requestedVersion) throws {
        guard width > 0, height > 0 else { throw RenderError("headless size must be positive, got \(width)x\(height)") }
        let extensions = eglQueryString(nil, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        guard extensions.contains("EGL_MESA_platform_surfaceless") else {
            throw RenderError("eglQueryString(EGL_EXTENSIONS) lacks EGL_MESA_platform_surfaceless (client extensions: \(extensions))")
        }
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw RenderError.egl("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)")
        }
        let setup = try Self.setUp(display: display, surfaceType: EGL_PBUFFER_BIT, preferAlpha: true,
                                   version: glesVersion, alphaToo: false)
        self.display = display
        config = setup.config
        alphaConfig = nil
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

    /// Initializes `display`, chooses an 8-bit RGB config for `surfaceType` and creates an ES 3 (else ES 2) context,
    /// or exactly ES `version` when given. With `alphaToo`, also an RGBA8888 config, and the context made without a
    /// config (`EGL_KHR_no_config_context`) so it can draw into surfaces of either; no alpha config where the display
    /// cannot do that.
    private static func setUp(display: EGLDisplay, surfaceType: EGLint, preferAlpha: Bool, version: Int?,
                              alphaToo: Bool) throws
        -> (config: EGLConfig, alphaConfig: EGLConfig?, context: EGLContext, major: Int) {
        if let value = requestedVersionSetting, value != "2", value != "3" {
            throw RenderError("MOMENTUM_GLES_VERSION=\(value): use 2 or 3 (the OpenGL ES version to ask for)")
        }
        if let version, version != 2, version != 3 {
            throw RenderError("OpenGL ES version \(version) requested: use 2 or 3")
        }
        // Mesa hands out an ES 3.2 context for a request of 2 (it is compatible); only its version override makes
        // the context a genuine ES 2.0 one, without ES 3 calls and formats. It is process-wide, so only when the
        // whole process asked for 2.
        if version == 2, requestedVersion == 2 { setenv("MESA_GLES_VERSION_OVERRIDE", "2.0", 0) }
        _ = try EGLDisplayUsers.acquire(display)
        var succeeded = false
        defer { if !succeeded { EGLDisplayUsers.release(display) } }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw RenderError.egl("eglBindAPI(EGL_OPENGL_ES_API)")
        }
        for (major, renderable) in [(3, EGL_OPENGL_ES3_BIT), (2, EGL_OPENGL_ES2_BIT)] where version ?? major == major {
            guard let config = try chooseConfig(display: display, surfaceType: surfaceType, renderable: renderable,
                                                preferAlpha: preferAlpha) else { continue }
            let attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, EGLint(major), EGL_NONE]
            if alphaToo, displayExtensions(display).contains("EGL_KHR_no_config_context"),
               let alpha = try chooseConfig(display: display, surfaceType: surfaceType, renderable: renderable,
                                            preferAlpha: true),
               attribute(display, alpha, EGL_ALPHA_SIZE) == 8,
               let context = eglCreateContext(display, nil, nil, attributes) {
                succeeded = true
                return (config, alpha, context, major)
            }
            if let context = eglCreateContext(display, config, nil, attributes) {
                succeeded = true
                return (config, nil, context, major)
            }
            if major == 2 || version == major { throw RenderError.egl("eglCreateContext(OpenGL ES \(major))") }
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
        let exact = configs.prefix(Int(count)).compactMap { $0 }.filter {
            attribute(display, $0, EGL_RED_SIZE) == 8 && attribute(display, $0, EGL_GREEN_SIZE) == 8
                && attribute(display, $0, EGL_BLUE_SIZE) == 8
        }
        let preferred = exact.first { (attribute(display, $0, EGL_ALPHA_SIZE) == 8) == preferAlpha }
        return preferred ?? exact.first { [0, 8].contains(attribute(display, $0, EGL_ALPHA_SIZE)) }
    }

    private static func attribute(_ display: EGLDisplay, _ config: EGLConfig, _ name: EGLint) -> EGLint {
        var value: EGLint = 0
        eglGetConfigAttrib(display, config, name, &value)
        return value
    }

    private static func displayExtensions(_ display: EGLDisplay) -> Set<String> {
        guard let list = eglQueryString(display, EGL_EXTENSIONS) else { return [] }
        return Set(String(cString: list).split(separator: " ").map(String.init))
    }

    /// Whether this context can draw translucent window surfaces besides the window's own (`makeLayerSurface`).
    public var canDrawLayerSurfaces: Bool { alphaConfig != nil }

    /// A translucent (RGBA8888) window surface for a raw `struct wl_egl_window *`, drawn with this context.
    public func makeLayerSurface(_ window: WaylandEGLWindow) throws -> LayerSurface {
        guard let alphaConfig else {
            throw RenderError("makeLayerSurface: the display offers no RGBA config usable with this context")
        }
        var created = eglCreatePlatformWindowSurface(display, alphaConfig, UnsafeMutableRawPointer(window.pointer), nil)
        if created == nil { created = eglCreateWindowSurface(display, alphaConfig, window.pointer, nil) }
        guard let created else { throw RenderError.egl("eglCreatePlatformWindowSurface (RGBA)") }
        return LayerSurface(context: self, surface: created, window: window)
    }

    /// Binds the context to `layer`'s surface (swap interval 0) unless it is bound already; `makeWindowCurrent()`
    /// binds the window's again. A layer surface drawn on every frame (something turning) while the window draws
    /// nothing stays bound: no switch there and back (each flushes the context and validates the drawable again).
    public func makeCurrent(_ layer: LayerSurface) throws {
        if isCurrent(layer) { return }
        guard eglMakeCurrent(display, layer.surface, layer.surface, context) == EGLBoolean(EGL_TRUE) else {
            throw RenderError.egl("eglMakeCurrent (layer surface)")
        }
        guard eglSwapInterval(display, 0) == EGLBoolean(EGL_TRUE) else { throw RenderError.egl("eglSwapInterval(0)") }
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

    /// Whether the window is drawn without an EGL surface of its own (`drawWindowWithoutSurface()`): the context
    /// is bound to no surface for it, and the window's frames go into buffers of the app's.
    public private(set) var drawsWindowWithoutSurface = false

    /// Whether the context can be bound to no surface at all (`EGL_KHR_surfaceless_context`).
    public var canDrawWithoutSurface: Bool { !isHeadless && extensions.contains("EGL_KHR_surfaceless_context") }

    /// Binds the context to no surface for the window's frames from now on (`makeWindowCurrent()` does the same):
    /// they are drawn into framebuffers and read back into the app's own buffers. Throws where EGL cannot.
    public func drawWindowWithoutSurface() throws {
        guard canDrawWithoutSurface else {
            throw RenderError("this EGL display cannot bind a context to no surface (no EGL_KHR_surfaceless_context)")
        }
        destroySurface()
        drawsWindowWithoutSurface = true
        try makeCurrent()
    }

    /// Binds the context and surface to the calling thread, then sets the swap interval (0: never block in swap).
    public func makeCurrent(swapInterval: Int32 = 0) throws {
        if surface == nil, drawsWindowWithoutSurface {
            guard eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
                throw RenderError.egl("eglMakeCurrent (no surface)")
            }
            return
        }
        guard let surface else { throw RenderError("makeCurrent: no surface yet (call makeWindowSurface first)") }
        guard eglMakeCurrent(display, surface, surface, context) == EGLBoolean(EGL_TRUE) else {
            throw RenderError.egl("eglMakeCurrent")
        }
        // Only meaningful once a surface is current; Mesa ignores it before.
        guard eglSwapInterval(display, swapInterval) == EGLBoolean(EGL_TRUE) else {
            throw RenderError.egl("eglSwapInterval(\(swapInterval))")
        }
    }

    /// Binds the window's surface unless it is bound already (a layer surface drawn last stays bound until the
    /// window itself is drawn or read).
    public func makeWindowCurrent() throws {
        if let surface, eglGetCurrentSurface(EGL_DRAW) == surface { return }
        if surface == nil, drawsWindowWithoutSurface, eglGetCurrentSurface(EGL_DRAW) == nil,
           eglGetCurrentContext() == context { return }
        try makeCurrent()
    }

    /// Whether `layer`'s surface is the one bound.
    public func isCurrent(_ layer: LayerSurface) -> Bool { eglGetCurrentSurface(EGL_DRAW) == layer.surface }

    /// Presents the frame (on Wayland this attaches and commits the surface); false on failure, see `lastEGLError`.
    @discardableResult
    public func swapBuffers() -> Bool {
        guard let surface else { return false }
        return eglSwapBuffers(display, surface) == EGLBoolean(EGL_TRUE)
    }

    /// The display's EGL extensions.
    public private(set) lazy var extensions: Set<String> = {
        guard let list = eglQueryString(display, EGL_EXTENSIONS) else { return [] }
        return Set(String(cString: list).split(separator: " ").map(String.init))
    }()

    /// `eglSwapBuffersWithDamageKHR` or `…EXT`, when the display offers either.
    private lazy var swapWithDamage: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC? = {
        for (name, function) in [("EGL_KHR_swap_buffers_with_damage", "eglSwapBuffersWithDamageKHR"),
                                 ("EGL_EXT_swap_buffers_with_damage", "eglSwapBuffersWithDamageEXT")]
        where extensions.contains(name) {
            if let address = eglGetProcAddress(function) {
                return unsafeBitCast(address, to: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC.self)
            }
        }
        return nil
    }()

    /// Whether `swapBuffers(damage:)` can tell the compositor the damage (else it reports the whole surface).
    public var canSwapWithDamage: Bool { swapWithDamage != nil }

    /// The EGL extensions Momentum uses that this display offers (swap with damage, buffer age, a context without a
    /// config for alpha layer surfaces), for benchmark reports.
    public var extensionsUsed: [String] {
        ["EGL_KHR_swap_buffers_with_damage", "EGL_EXT_swap_buffers_with_damage", "EGL_EXT_buffer_age",
         "EGL_KHR_no_config_context"].filter { extensions.contains($0) }
    }

    /// Whether the back buffer's age can be queried (`EGL_EXT_buffer_age`).
    public var hasBufferAge: Bool { extensions.contains("EGL_EXT_buffer_age") }

    /// How many frames ago the current back buffer was drawn (0: unknown or undefined); query before drawing.
    public func bufferAge() -> Int {
        guard hasBufferAge, let surface else { return 0 }
        var age: EGLint = 0
        guard eglQuerySurface(display, surface, EGL_BUFFER_AGE_EXT, &age) == EGLBoolean(EGL_TRUE) else { return 0 }
        return Int(max(age, 0))
    }

    /// The EGL driver's name (`EGL_MESA_query_driver`: "swrast", "iris", …), nil where the display does not say.
    public private(set) lazy var driverName: String? = {
        guard extensions.contains("EGL_MESA_query_driver"),
              let address = eglGetProcAddress("eglGetDisplayDriverName") else { return nil }
        let function = unsafeBitCast(address, to: PFNEGLGETDISPLAYDRIVERNAMEPROC.self)
        return function(display).map { String(cString: $0) }
    }()

    /// Whether the window's back buffer may still hold the last frame after a swap although EGL promises nothing
    /// (no `EGL_EXT_buffer_age`, no `EGL_BUFFER_PRESERVED` config): true only for Mesa's software rasteriser on
    /// Wayland (driver "swrast"), which draws into one llvmpipe back buffer and copies it into a `wl_shm` buffer
    /// at each swap, so the back buffer is the last frame. The caller checks it still is, every frame
    /// (`samplePixels`), before drawing only the damage into it.
    public var mayKeepLastFrame: Bool { !isHeadless && !hasBufferAge && driverName == "swrast" }

    /// The RGBA bytes of the bound framebuffer at `points` (buffer px, y from the bottom), one `UInt32` each: a
    /// fingerprint of what the back buffer holds.
    public func samplePixels(_ points: [(x: Int, y: Int)]) -> [UInt32] {
        points.map { point in
            var pixel: UInt32 = 0
            glReadPixels(GLint(point.x), GLint(point.y), 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixel)
            return pixel
        }
    }

    /// Presents the frame telling the compositor only `damage` changed, when the display can (else a plain swap,
    /// which damages the whole surface); false on failure.
    @discardableResult
    public func swapBuffers(damage: DamageRegion) -> Bool {
        guard let surface else { return false }
        guard let swapWithDamage, !damage.isFull else { return swapBuffers() }
        // EGL damage rectangles are x, y, width, height with y from the bottom of the surface.
        var rects: [EGLint] = []
        for rect in damage.rects {
            rects += [EGLint(rect.minX), EGLint(damage.bounds.maxY - rect.maxY), EGLint(rect.width), EGLint(rect.height)]
        }
        if rects.isEmpty { rects = [0, 0, 1, 1] }  // nothing changed: the smallest damage a commit can carry
        return swapWithDamage(display, surface, rects, EGLint(rects.count / 4)) == EGLBoolean(EGL_TRUE)
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

/// A translucent EGL window surface drawn by a `RenderContext` besides the window's own: a layer's surface.
public final class LayerSurface {
    private let context: RenderContext
    let surface: EGLSurface
    /// The native window, kept alive as long as the surface.
    public let window: WaylandEGLWindow

    init(context: RenderContext, surface: EGLSurface, window: WaylandEGLWindow) {
        self.context = context
        self.surface = surface
        self.window = window
    }

    /// Presents what was drawn (attaches and commits the layer's `wl_surface`); false on failure.
    public func swapBuffers() -> Bool { eglSwapBuffers(context.display, surface) == EGLBoolean(EGL_TRUE) }

    deinit {
        // Bound (drawn last): the window's surface is bound instead, or none when there is none any more.
        if eglGetCurrentSurface(EGL_DRAW) == surface, (try? context.makeCurrent()) == nil {
            eglMakeCurrent(context.display, nil, nil, nil)
        }
        eglDestroySurface(context.display, surface)
    }
}
