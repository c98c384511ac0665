import MomentumLayers
import MomentumRender
import MomentumRun
import MomentumText
import WaylandClient

/// The window's EGL surface (or the app's own `wl_shm` buffers holding its frames, `--surface-buffers`) and the
/// renderer drawing into it: made on the first configure, resized on later ones (with `auto`, a configure across the
/// line switches between the two ways), released GL before EGL before the surface.
final class RenderTarget {
    private var context: RenderContext?
    private var eglWindow: WaylandEGLWindow?
    private var renderer: Renderer?
    /// Hears which face text falls back to, or why there is none (one line, at the first text drawn), and the
    /// first problem with the shader programs' cache.
    private let fontLog: @Sendable (String) -> Void
    /// What the window's back buffer held at the last swap, where the driver may keep it; checked before the next
    /// frame draws only its damage there.
    private var keptFrame: KeptFrame?
    /// Set once the back buffer did not hold the last frame: then it is never trusted again.
    private var keptFrameFailed = false
    /// `--surface-buffers`: whether the window's frames go into buffers of the app's where EGL can (`appBuffers`),
    /// chosen at the first configure (`SurfaceBuffersKind.wantsAppBuffers`) and, with `auto`, again at each later
    /// one: a window resized across `SurfaceBuffersKind.appBuffersAbove` changes what holds its frames
    /// (`chooseAgain`).
    var surfaceBuffers = SurfaceBuffersKind.auto
    /// The window's own `wl_shm` buffers, when its frames are drawn without an EGL surface.
    private(set) var appBuffers: ShmBuffers?
    /// What held the window's frames before a resize across the line changed it, or the launch's first frame
    /// written by the CPU (`writeWindow`; taken as the app's buffers by `chooseAgain` when the window then grows past
    /// the line), kept until the first frame of the new way is committed (`retire`): the buffer the compositor shows
    /// now is never destroyed before another replaces it (weston's pixman renderer would show the window empty in
    /// between). The app's buffers the window left for an EGL surface, or (`retiresSurface`) the EGL window surface
    /// it left for the app's buffers (still the context's, and bound, until then: the bands draw through a
    /// framebuffer of their own).
    private var retiringBuffers: ShmBuffers?
    private var retiresSurface = false
    /// The buffer this frame is drawn into (chosen when the renderer asks where to draw).
    private var frameBuffer: ShmBuffers.Buffer?
    /// Whether the GL reads pixels back as BGRA (`Renderer.canReadBGRA`): then a long list's tiles are drawn into
    /// the app's own `wl_shm` buffers (`LayerTiles.appBuffers`).
    private var readsBGRA = false
    /// The window shown as its backdrop's strip and its content's parts (`WindowParts`) instead of a buffer of its
    /// size, while it is (`drawParts`); nil otherwise.
    private var windowParts: WindowParts?
    /// The list, height and scale `drawParts` last found it could not show in parts (drawn whole then): the same
    /// again is not planned again each frame (the gallery's and the playground's windows, a fractional scale).
    private var partsRefused: (list: DrawList, height: Int, scale: Double)?
    /// Parts (or a whole `WindowParts`) the window no longer shows: hidden with the frame's commit, let go right
    /// after it (destroyed before it, a surface would be unmapped, and a buffer the window shows gone, at once).
    private var partsLeft: [AnyObject] = []

    /// A target reporting font fallbacks through `fontLog`.
    init(fontLog: @escaping @Sendable (String) -> Void = { _ in }) {
        self.fontLog = fontLog
    }

    /// True once the first configure made the surface.
    var isReady: Bool { renderer != nil }

    /// How many shader programs have drawn so far (`Renderer.programsDrawn`).
    var programsDrawn: Int { renderer?.programsDrawn ?? 0 }

    /// What the benchmark reports of the GL stack, once ready: vendor, renderer, version, the EGL extensions used.
    var facts: (vendor: String, renderer: String, version: String, eglExtensions: [String])? {
        guard let context, renderer != nil else { return nil }
        let gl = Renderer.glStrings()
        let kept = appBuffers != nil ? [RenderTarget.appBuffersFact]
            : context.mayKeepLastFrame && !keptFrameFailed ? [RenderTarget.keptBackBufferFact] : []
        return (gl.vendor, gl.renderer, gl.version, context.extensionsUsed + kept)
    }

    /// Named among the EGL facts when the window's frames redraw only their damage into a back buffer EGL does
    /// not promise to keep, because this driver keeps it (`RenderContext.mayKeepLastFrame`).
    static let keptBackBufferFact = "no buffer age: swrast's back buffer reused (checked each frame)"

    /// Named among the EGL facts when the window's frames go into the app's own `wl_shm` buffers.
    static let appBuffersFact = "window drawn into the app's wl_shm buffers in bands (EGL_KHR_surfaceless_context)"

    /// The EGL context `begin` made before the first configure (or why it could not), taken by `prepare`.
    private var begun: Result<RenderContext, AppError>?

    /// Starts EGL while the compositor answers the window (its initial commit sent here, as weston-simple-egl
    /// starts EGL before its first configure): llvmpipe's thread count for the buffer size `window` expects
    /// (`Window.expectedBufferSize`), then the EGL display and context, ~25 ms of CPU that no longer wait for the
    /// first configure's round trip. A failure is `prepare`'s, at the first configure, as before.
    func begin(display: Display, window: Window) {
        guard context == nil, begun == nil else { return }
        display.flush()
        begun = Self.startContext(display: display, bufferSize: window.expectedBufferSize)
    }

    /// The EGL display and context, llvmpipe's thread count chosen first for `bufferSize` (it is read when the
    /// display is initialised).
    private static func startContext(display: Display, bufferSize size: ConfigureState.Size)
        -> Result<RenderContext, AppError> {
        RasterThreads.choose(width: Int(size.width), height: Int(size.height))
        do {
            return .success(try RenderContext(waylandDisplay: display.pointer))
        } catch {
            return .failure(AppError("cannot start rendering: \(error)"))
        }
    }

    /// Makes (or resizes) what holds the window's frames for `window`'s buffer size: the EGL window surface, or the
    /// app's buffers (which take each frame's size as it comes); with `--surface-buffers auto` the way is chosen
    /// again at each configure.
    func prepare(display: Display, window: Window) throws(AppError) {
        let size = window.bufferSize
        if let context, renderer != nil {
            defer { sizeBands(window: window) }
            if surfaceBuffers == .auto, chooseAgain(context: context, window: window) { return }
            // The app's buffers take each frame's size as it comes; an EGL window is resized.
            if appBuffers == nil { eglWindow?.resize(width: Int(size.width), height: Int(size.height)) }
            return
        }
        let started = begun ?? Self.startContext(display: display, bufferSize: size)
        begun = nil
        let context = try started.get()
        let wantsAppBuffers = surfaceBuffers.wantsAppBuffers(width: Int(size.width), height: Int(size.height),
                                                             swrast: context.mayKeepLastFrame)
        // Asked for by name (`shm`): a fallback is said; `auto` falls back without a word.
        let says = surfaceBuffers == .shm
        do {
            if wantsAppBuffers, context.canDrawWithoutSurface {
                try context.drawWindowWithoutSurface()
            } else {
                if wantsAppBuffers, says {
                    fontLog("--surface-buffers shm: EGL cannot bind a context to no surface "
                            + "(EGL_KHR_surfaceless_context); drawing into an EGL window surface")
                }
                try makeWindowSurface(context: context, window: window)
            }
            renderer = try Renderer(fontLog: fontLog, programCache: ProgramCacheFolder.path().map {
                ProgramCache(directory: $0, log: fontLog)
            })
            self.context = context
            readsBGRA = Renderer.canReadBGRA()
            if context.drawsWindowWithoutSurface {
                if readsBGRA,
                   let buffers = ShmBuffers(window: window, name: "momentum-window", owner: "the window's") {
                    appBuffers = buffers
                } else {
                    if says {
                        fontLog("--surface-buffers shm: this GL cannot read BGRA back (GL_EXT_read_format_bgra) or "
                                + "the compositor offers no wl_shm; drawing into an EGL window surface")
                    }
                    try makeWindowSurface(context: context, window: window)
                }
            }
            // The window's back buffer is EGL's: the band is only the layer surfaces' and the tiles', kept lower.
            if appBuffers == nil { renderer?.bandRows = Self.layerBandRows }
            // What this GPU draws at most: a configure asking for more is drawn at the largest size that fits.
            if window.limitBuffers(to: BufferLimit.standard.narrowed(toSide: Renderer.maximumBufferSide())) {
                let capped = window.bufferSize
                eglWindow?.resize(width: Int(capped.width), height: Int(capped.height))
            }
            sizeBands(window: window)
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError("cannot start rendering: \(error)")
        }
    }

    /// Tells the renderer the window's size where the window itself is drawn in bands (the app's buffers): its band
    /// framebuffer is then made at that size at once (`Renderer.bandWindow`). Beside an EGL window only layers and
    /// tiles draw in bands, and the band is as large as they need (at 800x600 a band of the window's size made the
    /// list's VmHWM +0.9–1.2 MiB: scenes.md, eighteenth step).
    private func sizeBands(window: Window) {
        let size = window.bufferSize
        renderer?.bandWindow = appBuffers != nil ? (Int(size.width), Int(size.height)) : (0, 0)
    }

    /// `auto`'s choice made again for `window`'s buffer size at a later configure: a window made larger than
    /// `SurfaceBuffersKind.appBuffersAbove` buffer px leaves its EGL surface for the app's own buffers, one made
    /// smaller than `SurfaceBuffersKind.appBuffersKeptAbove` (5 % under it: a window resized a few px back and
    /// forth across the line keeps them) leaves them for an EGL surface, as the first configure would have chosen
    /// (where the first could: swrast, `EGL_KHR_surfaceless_context`, BGRA read back, `wl_shm`). The new way's first frame is
    /// drawn whole (the configure's new state invalidates it); what the window leaves goes once that frame is
    /// committed (`retire`). False when the way stays (or no buffer of the app's could be had): the caller resizes.
    /// llvmpipe's thread count stays as chosen at launch (`RasterThreads`: it is read once, when EGL starts).
    private func chooseAgain(context: RenderContext, window: Window) -> Bool {
        let size = window.bufferSize
        let wanted = surfaceBuffers.wantsAppBuffers(width: Int(size.width), height: Int(size.height),
                                                    swrast: context.mayKeepLastFrame,
                                                    holdsAppBuffers: appBuffers != nil)
            && context.canDrawWithoutSurface && readsBGRA
        if wanted, appBuffers == nil {
            guard let buffers = retiringBuffers
                    ?? ShmBuffers(window: window, name: "momentum-window", owner: "the window's") else { return false }
            appBuffers = buffers
            retiringBuffers = nil
            retiresSurface = eglWindow != nil
            keptFrame = nil
            renderer?.bandRows = Renderer.bandRows
            return true
        }
        if !wanted, let buffers = appBuffers {
            do {
                if retiresSurface, let eglWindow {
                    // Back before the surface went: it is the context's still.
                    eglWindow.resize(width: Int(size.width), height: Int(size.height))
                    try context.makeWindowCurrent()
                } else {
                    try makeWindowSurface(context: context, window: window)
                }
            } catch {
                // The app's buffers keep the window's frames: a surface made but not bound goes, and the context
                // is bound to no surface again, as it was.
                if !retiresSurface {
                    context.destroySurface()
                    try? context.drawWindowWithoutSurface()
                }
                return false
            }
            appBuffers = nil
            retiringBuffers = retiresSurface ? nil : buffers
            retiresSurface = false
            keptFrame = nil
            renderer?.bandRows = Self.layerBandRows
            return true
        }
        return false
    }

    /// Lets go of what the window held its frames in before a resize changed the way (`chooseAgain`), once a frame
    /// of the new way is committed: the app's buffers, or the EGL window surface (the context then bound to no
    /// surface, as at a launch into the app's buffers). Throws when EGL cannot bind the context so.
    private func retire(context: RenderContext) throws(AppError) {
        retiringBuffers = nil
        guard retiresSurface else { return }
        retiresSurface = false
        do {
            try context.drawWindowWithoutSurface()
        } catch {
            throw AppError("cannot draw the window without its EGL surface: \(error)")
        }
        eglWindow = nil
    }

    /// Makes the EGL window surface for `window` at its buffer size and binds it.
    private func makeWindowSurface(context: RenderContext, window: Window) throws {
        let size = window.bufferSize
        guard let native = WaylandEGLWindow(surface: window.surface, width: Int(size.width), height: Int(size.height)) else {
            throw AppError("wl_egl_window_create failed")
        }
        try context.makeWindowSurface(native)
        try context.makeCurrent(swapInterval: 0)
        eglWindow = native
    }

    /// Whether layers may be shown on surfaces of their own: asked for, and the compositor (`wl_subcompositor`) and
    /// EGL (an RGBA config usable with the context) can.
    func canSeparate(window: Window) -> Bool {
        allowsLayerSurfaces && context?.canDrawLayerSurfaces == true && window.canMakeSubsurfaces
    }

    /// Draws `list` and swaps (which commits the surface), redrawing only what changed since the last frame: into
    /// the back buffer when its age is known (`EGL_EXT_buffer_age`), else into a persistent offscreen frame copied to
    /// the back buffer when the damage is small, or everything straight into the back buffer when it is large; when
    /// only a layer surface changed, the window is committed without a new buffer. The layers in `separated` are
    /// shown on surfaces of their own above the window (the overlay above the scene's): drawn only when their content
    /// changed, else just moved. The window's damage is also given to the compositor where
    /// `…swap_buffers_with_damage` is offered. `beforeCommit` runs just before the window's commit (the frame callback
    /// and feedback it asks for go with it). With `mayOmitCommit`, a frame that changed no pixel (no damage, no layer
    /// surface drawn, moved, shown or hidden, no window state pending) is not committed at all and nil is returned:
    /// an empty commit would be a frame the compositor shows nothing new for. With `movedOnly` (the run core's
    /// `FramePlan.movedOnly`: only layers drawn apart at rest moved since the last frame), their surfaces are only
    /// placed where they can be (`presentMoved`). Throws when EGL fails.
    @discardableResult
    func present(_ list: DrawList, separated: [SurfaceSlot: SeparateLayer] = [:], window: Window, at now: Double,
                 mayOmitCommit: Bool = false, movedOnly: Bool = false,
                 beforeCommit: () -> Void = {}) throws(AppError) -> FrameDamage? {
        guard let context, let renderer else { return FrameDamage() }
        if movedOnly, let moved = presentMoved(separated, window: window, at: now, mayOmitCommit: mayOmitCommit,
                                               beforeCommit: beforeCommit) {
            return moved
        }
        let size = window.bufferSize
        frameBuffer = nil
        let scale = window.scale
        var frame = FrameDamage()
        // By slot, read from `separated` once (no look-up per slot): kept between frames, emptied after each.
        for (slot, layer) in separated {
            slotLayers[slot.rawValue] = layer
            slotLayerIDs[slot.rawValue] = layer.layer
        }
        defer {
            for slot in separated.keys {
                slotLayers[slot.rawValue] = nil
                slotLayerIDs[slot.rawValue] = nil
            }
        }
        keepSurfacesWithTheirLayers()
        frameTime = now
        // The launch's first frame, where the CPU writes all of it: no GL program draws (and llvmpipe builds none's
        // code) before the first commit; the frames after it are the GL's.
        let byCPU = writesFirstFrame && writesWhole(list, separated: separated, window: window)
        writesFirstFrame = false
        writingByCPU = byCPU
        defer { writingByCPU = false }
        do {
            for slot in SurfaceSlot.allCases {
                if let layer = slotLayers[slot.rawValue] {
                    try show(layer, in: slot, context: context, renderer: renderer, window: window, into: &frame)
                } else {
                    hide(slot, scale: scale, into: &frame)
                }
            }
            let width = Int(size.width), height = Int(size.height)
            // A new window state (a configure acknowledged, a new size or scale) goes with a whole new buffer: mutter
            // 43 applies a fullscreen configure's move only when a buffer follows its acknowledgement.
            if window.hasPendingState { renderer.invalidate() }
            // The window is bound only when it is drawn (its list changed): a frame that only draws layer surfaces
            // leaves the last of them bound.
            var written: (buffers: ShmBuffers, buffer: ShmBuffers.Buffer)?
            var parted: (strip: ShmBuffers.Buffer?, parts: WindowParts)?
            let damage: DamageRegion
            // The window's list as the CPU wrote it at launch, unchanged (the scroll list's background while its list
            // scrolls on its own surface): its buffer stays, and the GL does not draw the window yet.
            let keepsCPUFrame = !byCPU && !window.hasPendingState && cpuFrame.map {
                $0.width == width && $0.height == height && $0.scale == scale && $0.list == list
            } == true
            if byCPU {
                written = try writeWindow(list, width: width, height: height, scale: scale, context: context,
                                          renderer: renderer, window: window)
                damage = .full(width: width, height: height)
                cpuFrame = (list, width, height, scale)
            } else if keepsCPUFrame {
                damage = DamageRegion(width: width, height: height)
            } else if let drawn = try drawParts(list, width: width, height: height, scale: scale, context: context,
                                                renderer: renderer, window: window, into: &frame) {
                cpuFrame = nil
                parted = drawn
                // A new strip repaints the whole window (stretched); the parts' own pixels are counted by `drawParts`.
                damage = drawn.strip != nil ? .full(width: width, height: height)
                    : DamageRegion(width: width, height: height)
            } else {
                cpuFrame = nil
                leaveParts(window: window, renderer: renderer)
                damage = try renderer.render(list, width: width, height: height, scale: scale,
                                             into: try self.windowTarget(context: context, width: width, height: height))
            }
            frame.compositorPixels += damage.area
            if !keepsCPUFrame, parted == nil { frame.drawnPixels += renderer.lastRedrawnPixels }
            if !byCPU, !damage.isEmpty, appBuffers == nil, context.mayKeepLastFrame, !keptFrameFailed {
                keptFrame = KeptFrame(context: context, damage: damage)
            }
            let changed = !damage.isEmpty || frame.compositorPixels > 0
            if mayOmitCommit, !changed, !window.hasPendingState { return nil }
            beforeCommit()
            window.prepareCommit()
            if damage.isEmpty {
                commitWithoutBuffer(window, changed: changed)
            } else if let written {
                written.buffers.attach(written.buffer, to: window, damage: [(0, 0, width, height)])
                window.commit()
            } else if let parted, let strip = parted.strip {
                parted.parts.strip.attach(strip, to: window, damage: [(0, 0, strip.width, strip.height)])
                window.commit()
            } else if let appBuffers {
                guard let frameBuffer else { throw AppError("the window's frame was drawn into no buffer") }
                appBuffers.attach(frameBuffer, to: window,
                                  damage: damage.rects.map { ($0.minX, $0.minY, $0.width, $0.height) })
                window.commit()
            } else if !context.swapBuffers(damage: damage) {
                throw AppError(context.lastEGLError().description)
            }
            // The parts the window no longer shows went with that commit: their surfaces and buffers go now.
            partsLeft.removeAll()
            if !damage.isEmpty, retiringBuffers != nil || retiresSurface { try retire(context: context) }
            // The buffers the CPU wrote the first frame into show until the EGL surface's first frame replaces them
            // (`retire`, as after a resize across the line).
            if let written { retiringBuffers = written.buffers }
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError("cannot render: \(error)")
        }
        frame.layerSurface = layerSurfaces[SurfaceSlot.scene.rawValue]?.frame
        return frame
    }

    /// Whether the next frame is the launch's first, written by the CPU where it can be whole (`writesWhole`):
    /// set until the first `present`. `MOMENTUM_GL_FIRST_FRAME=1` has the GL draw it, as before.
    var writesFirstFrame = true
    /// Set while `present` writes the launch's first frame by the CPU: every layer surface is written too.
    private var writingByCPU = false
    /// The window's list the CPU wrote at launch, at its buffer size and scale, while its buffer still shows: the
    /// frames after it leave the window alone while their list is the same and no new window state wants a buffer;
    /// the first that differs is the GL's, drawn whole into the EGL surface (and the CPU's buffers go once it is
    /// committed). Nil once the GL draws the window.
    private var cpuFrame: (list: DrawList, width: Int, height: Int, scale: Double)?

    /// Whether the CPU writes all of a frame (`Renderer.write`): the window's list and every layer shown apart, each
    /// by the route `show` gives it (`LayerRoute.writesWhole`, the same rules) — a plain colour, a layer the writer
    /// draws (`Renderer.canWrite`) no larger than twice the window, or a long list's tiles it draws (`LayerTiles`,
    /// where they go into the app's own buffers) — with `wl_shm` offered, into
    /// a window with an EGL surface: the GL draws the frames after it in one pass, whose background is the writer's
    /// bytes; a window in the app's own buffers is drawn in bands, whose gradient rows come out one step apart from
    /// the writer's in about a third of the rows after the first band (docs/benchmarks/scenes.md, nineteenth step).
    private func writesWhole(_ list: DrawList, separated: [SurfaceSlot: SeparateLayer], window: Window) -> Bool {
        LayerRoute.writesWhole(list, separated: separated, window: routeWindow(window),
                               windowInAppBuffers: appBuffers != nil)
    }

    /// What `window` gives a layer's route (`LayerRoute`).
    private func routeWindow(_ window: Window) -> LayerRoute.Window {
        LayerRoute.Window(size: SIMD2(Double(window.logicalSize.width), Double(window.logicalSize.height)),
                          scale: window.scale, shm: ShmBuffers.areOffered(for: window),
                          layersInAppBuffers: layersInAppBuffers(window: window))
    }

    /// Writes the window's `list` by the CPU into `wl_shm` buffers made for this frame, beside its EGL surface;
    /// returns them and the buffer to attach (kept until the surface's first frame shows, `retire`). The renderer's
    /// first frame into the window is drawn whole.
    private func writeWindow(_ list: DrawList, width: Int, height: Int, scale: Double, context: RenderContext,
                             renderer: Renderer, window: Window)
        throws -> (buffers: ShmBuffers, buffer: ShmBuffers.Buffer) {
        // The glyphs' atlas is the text renderer's: its fonts load with a context current.
        try context.makeWindowCurrent()
        guard let buffers = ShmBuffers(window: window, name: "momentum-window", owner: "the window's") else {
            throw AppError("cannot write the window's first frame (wl_shm is gone)")
        }
        let buffer = try buffers.take(width: width, height: height, for: "the window", remedy: "--surface-buffers egl")
        guard renderer.write(list, width: width, height: height, scale: scale,
                             into: BufferPixels(bgra: buffer.memory, stride: buffer.stride)) else {
            throw AppError("the window's first frame cannot be written (\(width)x\(height), stride \(buffer.stride))")
        }
        renderer.invalidate()
        return (buffers, buffer)
    }

    /// Where the window's frame is drawn: straight into a back buffer whose age is known; into one that still holds
    /// the last frame where the driver keeps it (`RenderContext.mayKeepLastFrame`) and the pixels sampled at the
    /// last swap are still there; else (`.window`) through an offscreen copy or in full.
    private func windowTarget(context: RenderContext, width: Int, height: Int) throws -> Renderer.Target {
        try context.makeWindowCurrent()
        if let appBuffers {
            let buffer = try appBuffers.take(width: width, height: height, for: "the window",
                                             remedy: "--surface-buffers egl")
            frameBuffer = buffer
            let newest = appBuffers.newest(width: width, height: height).map {
                BufferPixels(bgra: $0.memory, stride: $0.stride)
            }
            return .bands(age: appBuffers.age(of: buffer), into: BufferPixels(bgra: buffer.memory, stride: buffer.stride),
                          newest: newest)
        }
        if context.hasBufferAge { return .backBuffer(age: context.bufferAge()) }
        guard context.mayKeepLastFrame, !keptFrameFailed else { return .window }
        guard let kept = keptFrame, kept.width == width, kept.height == height else { return .backBuffer(age: 0) }
        if kept.isStillThere(context: context) { return .backBuffer(age: 1) }
        // Not the last frame after all: never trusted again (this frame is drawn in full by the offscreen path).
        keptFrameFailed = true
        keptFrame = nil
        return .window
    }

    /// Shows the window as its backdrop's strip and its content's parts (`WindowParts`): where it is drawn into the
    /// app's own buffers (`appBuffers`: swrast over `wl_shm`, larger than `SurfaceBuffersKind.appBuffersAbove`) at a
    /// whole scale, layer surfaces can be made (`wp_viewporter` stretches the window's buffer too) and
    /// `WindowParts.plan` finds what is drawn over the backdrop in a few boxes covering little of the window. Draws
    /// the strip again where the backdrop, the window's height or its state changed, and each part whose content
    /// changed (only what changed, as the window's bands); hides the parts no box holds any more. Returns the
    /// strip's buffer to attach (nil inside: the strip shows on) and the parts; nil where the window is drawn as
    /// before (the caller then draws it whole into a buffer of its size: `leaveParts`).
    private func drawParts(_ list: DrawList, width: Int, height: Int, scale: Double, context: RenderContext,
                           renderer: Renderer, window: Window, into frame: inout FrameDamage) throws
        -> (strip: ShmBuffers.Buffer?, parts: WindowParts)? {
        // The same list at the same size and scale as the last frame shown so (only layers changed): nothing to plan,
        // compare or draw (as the renderer's own check of a list drawn again).
        if let windowParts, appBuffers != nil, !window.hasPendingState,
           Self.isDrawing(windowParts.shown, of: list, height: height, scale: scale) {
            return (nil, windowParts)
        }
        guard appBuffers != nil, readsBGRA, allowsLayerSurfaces, window.canMakeSubsurfaces, window.canStretchBuffer,
              scale >= 1, scale == scale.rounded() else { return nil }
        if windowParts == nil, !window.hasPendingState,
           Self.isDrawing(partsRefused, of: list, height: height, scale: scale) {
            return nil
        }
        let size = SIMD2(Double(window.logicalSize.width), Double(window.logicalSize.height))
        // An opaque backdrop only: a part shows the backdrop under its content over the strip's (blended twice
        // where it is translucent).
        guard Double(height) == size.y * scale, let (top, bottom) = WindowParts.backdrop(of: list),
              top.a >= 1, bottom.a >= 1, let boxes = WindowParts.plan(list, size: size) else {
            partsRefused = (list, height, scale)
            return nil
        }
        partsRefused = nil
        let parts: WindowParts
        if let windowParts {
            parts = windowParts
        } else {
            guard let strip = ShmBuffers(window: window, name: "momentum-window", owner: "the window's") else {
                return nil
            }
            parts = WindowParts(strip: strip)
        }
        // Not where the window's size is already a viewport's (a fractional scale): drawn as before.
        guard window.stretchBuffer(true) else { return nil }
        if windowParts == nil {
            windowParts = parts
            // The window's buffers of its size (drawn before) go once the strip shows (`retire`).
            if retiringBuffers == nil, let fresh = ShmBuffers(window: window, name: "momentum-window",
                                                              owner: "the window's") {
                retiringBuffers = appBuffers
                appBuffers = fresh
            }
        }
        try context.makeWindowCurrent()
        let pending = window.hasPendingState
        // The strip: the backdrop's rows, `stripWidth` px wide (at least the buffer scale: a column narrower than it
        // is not shown as its rows stretched), drawn again when the backdrop, the height or the window's state
        // changed (a configure goes with a whole new buffer, as the window's).
        let stripWidth = max(2, Int(scale))
        var stripBuffer: ShmBuffers.Buffer?
        if pending || parts.stripDrawn.map({
            $0.top != top || $0.bottom != bottom || $0.width != stripWidth || $0.height != height
        }) ?? true {
            let buffer = try parts.strip.take(width: stripWidth, height: height, for: "the window",
                                              remedy: "--surface-buffers egl")
            renderer.forget(surface: WindowParts.stripID)
            _ = try renderer.render(DrawList(commands: [.background(top: top, bottom: bottom)]), width: stripWidth,
                                    height: height, scale: scale,
                                    into: .bands(age: 0, into: BufferPixels(bgra: buffer.memory, stride: buffer.stride)),
                                    surface: WindowParts.stripID)
            parts.stripDrawn = (top, bottom, stripWidth, height)
            frame.drawnPixels += stripWidth * height
            stripBuffer = buffer
        }
        // The parts no box holds any more: hidden with this frame's commit, let go after it.
        var kept: [WindowParts.Part] = []
        for part in parts.parts {
            if boxes.contains(part.box) {
                kept.append(part)
                continue
            }
            part.subsurface.hide()
            renderer.forget(surface: part.surfaceID)
            partsLeft.append(part)
            frame.compositorPixels += Self.pixels(part.box, scale: scale).area
        }
        parts.parts = kept
        for box in boxes {
            let part: WindowParts.Part
            if let known = parts.parts.first(where: { $0.box == box }) {
                part = known
            } else {
                guard let subsurface = Subsurface(window: window) else {
                    throw AppError("cannot make a surface for the window's content (wl_subsurface failed)")
                }
                // Over the window's strip, under every layer surface (which are stacked above one another).
                subsurface.placeRightAbove(window)
                part = WindowParts.Part(box: box, subsurface: subsurface,
                                        buffers: try Self.layerBuffers(window: window, name: "momentum-part"),
                                        surfaceID: parts.makeID())
                parts.parts.append(part)
            }
            // Drawn again only where its content or the scale changed: a configure that keeps them wants a new
            // buffer on the window (the strip's), not on its subsurfaces.
            let content = WindowParts.content(of: list, in: box, height: size.y)
            guard part.drawn.map({ $0.content != content || $0.scale != scale }) ?? true
                    || !part.subsurface.isShown else { continue }
            let w = Int(box.width * scale), h = Int(box.height * scale)
            let buffer = try part.buffers.take(width: w, height: h, for: "the window's content",
                                               remedy: "--surface-buffers egl")
            let newest = part.buffers.newest(width: w, height: h).map {
                BufferPixels(bgra: $0.memory, stride: $0.stride)
            }
            _ = try renderer.render(content, width: w, height: h, scale: scale,
                                    into: .bands(age: part.buffers.age(of: buffer),
                                                 into: BufferPixels(bgra: buffer.memory, stride: buffer.stride),
                                                 newest: newest),
                                    surface: part.surfaceID)
            part.drawn = (content, scale)
            part.subsurface.place(source: (x: 0, y: 0, width: Double(w), height: Double(h)), x: Int32(box.x),
                                  y: Int32(box.y), width: Int32(box.width), height: Int32(box.height),
                                  opaque: [Subsurface.Rect(x: 0, y: 0, width: Int32(box.width),
                                                           height: Int32(box.height))])
            part.buffers.attach(buffer, to: part.subsurface)
            frame.drawnPixels += renderer.lastRedrawnPixels
            frame.compositorPixels += w * h
        }
        parts.shown = (list, height, scale)
        return (stripBuffer, parts)
    }

    /// Whether `drawn` (a window list `drawParts` showed or refused, at a buffer height and scale) is `list` at
    /// `height` and `scale`.
    private static func isDrawing(_ drawn: (list: DrawList, height: Int, scale: Double)?, of list: DrawList,
                                  height: Int, scale: Double) -> Bool {
        drawn.map { $0.height == height && $0.scale == scale && $0.list == list } ?? false
    }

    /// Leaves the window's strip and parts (`drawParts`) for a buffer of its size, which the caller draws whole:
    /// the window's buffer no longer stretched and the parts hidden from this frame's commit on, all let go after it.
    private func leaveParts(window: Window, renderer: Renderer) {
        guard let parts = windowParts else { return }
        window.stretchBuffer(false)
        for part in parts.parts {
            part.subsurface.hide()
            renderer.forget(surface: part.surfaceID)
        }
        renderer.forget(surface: WindowParts.stripID)
        renderer.invalidate()
        partsLeft.append(parts)
        windowParts = nil
    }

    /// A layer surface and what it shows. A class: a frame reads and writes it in place (`layerSurfaces[slot]`),
    /// where a struct of this many references was copied out and back, with a retain and release of each, at every
    /// look (~7 k instructions a layer-only frame, perf-layer10).
    private final class LayerSurfaceState {
        // The EGL surface goes before its wl_surface (properties are released in this order). Nil for a surface
        // showing a plain colour (it shows one of `solidBuffers`' one-pixel buffers, nothing is drawn), for one
        // drawn into the app's own buffers (`bands`) and for one whose pixels the CPU writes (`pixels`) until a frame
        // of it is drawn through EGL.
        var egl: LayerSurface?
        /// The buffer size the EGL surface was last drawn at (nil before its first frame).
        var eglSize: (width: Int, height: Int)?
        /// Where the GL reads back BGRA and the compositor offers `wl_shm` (`RenderTarget.layersInAppBuffers`): the
        /// layer's `wl_shm` buffers, drawn through the renderer's band framebuffer (`Renderer.Target.bands`) and
        /// read back, instead of an EGL surface (whose swrast back buffer is held besides Mesa's `wl_shm` buffer);
        /// made at the first frame the GL draws, released before the surface.
        var bands: ShmBuffers?
        /// For a layer that is a few rounded rectangles (the playground's pull line, the gallery's satellite), or a
        /// rasterised face over them turned (the playground's spinning tile): `wl_shm` buffers the CPU writes it into
        /// (`ShapeRaster`, one per buffer, remembering what it wrote there), no GL round trip; made at the first such
        /// frame (a tile at rest is drawn by the GL on the same surface), released before the surface.
        var pixels: ShapeSurface?
        /// For a layer much taller than the window: its tiles, subsurfaces of `subsurface` (which shows one
        /// transparent pixel so that they can be shown); released before it.
        var tiles: LayerTiles?
        /// Where the layer's rows repeat (`SeparateLayer.rowsRepeatFrom`) and its buffer holds only the rows above:
        /// the rest shown as one row stretched by the compositor (`RowStrip`), on a subsurface of `subsurface`;
        /// released before it.
        var strip: RowStrip?
        let subsurface: Subsurface
        /// What was drawn into it last: content, buffer size and scale.
        var drawn: (content: DrawList, band: DrawRect, width: Int, height: Int, scale: Double)?
        /// The part of the window it covers (logical px), nil while hidden.
        var frame: DrawRect?
        /// What the opaque region `place` gave its subsurface last was made from: the layer's opaque rectangles
        /// and the origin of its part shown (nil when the tiles' anchor placed it, or the region could not be made).
        /// The same again, it is not made again.
        var opaqueFrom: (rects: [DrawRect], origin: SIMD2<Double>)?
        /// What its back buffer held at the last swap, where the driver keeps it (`RenderContext.mayKeepLastFrame`).
        var kept: KeptFrame?
        /// The renderer's name for it (its earlier frames are the renderer's, by this name, whichever slot it is in).
        let surfaceID: Int
        /// The layer it showed last.
        var layer: LayerID?
        /// Which of its sets holds the buffer it shows (nil: a plain colour's pixel, tiles, or nothing yet).
        var shows: DrawnSet? {
            didSet { if shows != .cpu { chromeOfLines = false } }
        }
        /// A chrome the CPU wrote because it held stroked segments (the flash ring), or did since: kept on the CPU,
        /// through a frame or two hidden between the ring's frames, until the GL or a plain colour draws it, its
        /// surface is let go (`releaseIdle`) or another scene shows (`sceneSwitched`); not set by a launch's first
        /// frame alone.
        var chromeOfLines = false
        /// When it was hidden (the frame's draw start, s; nil while shown): hidden for `RenderTarget.idleSeconds`,
        /// it is let go with everything it holds (`releaseIdle`).
        var hiddenAt: Double?
        /// When the buffer it showed last came from the CPU's set (`pixels`) and from the GL's (`bands` or `egl`),
        /// s: a set whose buffer has not shown for `RenderTarget.idleSeconds` is let go (the playground's tile at
        /// rest lets its spin buffers go; spinning, its GL buffers).
        var cpuShownAt = 0.0, glShownAt = 0.0

        init(subsurface: Subsurface, surfaceID: Int) {
            self.subsurface = subsurface
            self.surfaceID = surfaceID
        }
    }

    /// Which of a layer surface's sets drew the buffer it shows.
    private enum DrawnSet {
        /// `pixels`, written by the CPU.
        case cpu
        /// `bands` or `egl`, drawn by the GL.
        case gl
    }

    /// How long a layer surface stays hidden, or one of its sets unshown, before what it holds is let go
    /// (`releaseIdle`), s: a sheet hidden for a moment (the transition's card dismissed and presented again) keeps
    /// its buffers; one gone for longer gives its memory back and is made again, drawn whole (as a surface shown
    /// again is drawn anyway), when it shows. The buffers of a hidden surface are RSS, not the run's peak (VmHWM),
    /// unless something larger comes after them.
    static let idleSeconds = 1.0

    /// When `releaseIdle` has something to let go at the earliest (s, on the frames' clock); nil when nothing
    /// waits for it. The run's loop wakes for it (`RunAdapter.afterDispatch`).
    private(set) var releaseTime: Double?

    /// Asks `releaseIdle` to look again at `time` (or earlier, as asked before).
    private func releaseLater(at time: Double) {
        releaseTime = min(releaseTime ?? time, time)
    }

    /// The draw start of the frame `present` draws (s), the time `hide` and `show` stamp.
    private var frameTime = 0.0

    /// A layer surface whose pixels the CPU writes: its buffers and, per buffer, what was written there (a class, so
    /// that a frame's write changes the record in place).
    private final class ShapeSurface {
        let buffers: ShmBuffers
        var rasters: [ShapeRaster]

        init(buffers: ShmBuffers) {
            self.buffers = buffers
            rasters = Array(repeating: ShapeRaster(), count: ShmBuffers.capacity)
        }
    }

    /// Whether layer surfaces drawn by the GL go into the app's own `wl_shm` buffers (`LayerSurfaceState.bands`):
    /// where the GL reads BGRA back and the compositor offers `wl_shm`, as a long list's tiles (`LayerTiles`). Each
    /// then holds one buffer of its size (two while the compositor holds the shown one) instead of swrast's back
    /// buffer besides Mesa's `wl_shm` buffers (docs/benchmarks/scenes.md, fifteenth step).
    private func layersInAppBuffers(window: Window) -> Bool {
        readsBGRA && ShmBuffers.areOffered(for: window)
    }

    /// Rows of the band framebuffer the layer surfaces and tiles are drawn through when the window has an EGL
    /// surface (the window's own bands are `Renderer.bandRows`): half of them, so the band beside the window's
    /// buffers is 400 KiB at 800 px wide (the transition's VmHWM 100.5 → 100.3 MiB), a few more passes for a tall
    /// layer.
    static let layerBandRows = 128

    /// `wl_shm` buffers for a layer, their memfds named `name` (`momentum-pixels`: written by the CPU;
    /// `momentum-layer`: drawn by the GL through the band framebuffer).
    private static func layerBuffers(window: Window, name: String) throws -> ShmBuffers {
        guard let buffers = ShmBuffers(window: window, name: name, owner: "a layer's") else {
            throw AppError("cannot make a surface for a layer (wl_shm is gone)")
        }
        return buffers
    }

    /// An EGL window surface on a layer's `subsurface`.
    private static func layerSurface(on subsurface: Subsurface, context: RenderContext) throws -> LayerSurface {
        guard let native = WaylandEGLWindow(surface: subsurface.surface, width: 1, height: 1) else {
            throw AppError("cannot make a surface for a layer (wl_egl_window_create failed)")
        }
        return try context.makeLayerSurface(native)
    }

    /// The renderer's name for the next surface made (the window is 0).
    private var nextSurfaceID = 1

    /// A layer drawn apart that is in another slot than last frame (a layer before it in drawing order appeared or
    /// went: the transition's card comes into the window, a title's veil goes) keeps its surface: the surfaces are
    /// swapped into the slots their layers are in now and stacked again, so nothing is drawn again for that.
    private func keepSurfacesWithTheirLayers() {
        var moved = false
        for slot in SurfaceSlot.sceneSlots {
            guard let id = slotLayerIDs[slot.rawValue], layerSurfaces[slot.rawValue]?.layer != id,
                  let from = SurfaceSlot.sceneSlots.first(where: { other in
                      other != slot && layerSurfaces[other.rawValue]?.layer == id
                          && slotLayerIDs[other.rawValue] != id
                  }) else { continue }
            layerSurfaces.swapAt(slot.rawValue, from.rawValue)
            moved = true
        }
        if moved { restack() }
    }

    /// Stacks the layer surfaces in slot order.
    private func restack() {
        var below: Subsurface?
        for state in layerSurfaces.compactMap({ $0 }) {
            if let below { state.subsurface.place(above: below) }
            below = state.subsurface
        }
    }

    /// The layer surfaces by slot, made at first use.
    private var layerSurfaces: [LayerSurfaceState?] = Array(repeating: nil, count: SurfaceSlot.allCases.count)
    /// The layers `present` shows, by slot (nil: the slot's surface is hidden); empty between frames.
    private var slotLayers: [SeparateLayer?] = Array(repeating: nil, count: SurfaceSlot.allCases.count)
    /// Their layers, by slot (read without copying a `SeparateLayer` out of `slotLayers` for each look).
    private var slotLayerIDs: [LayerID?] = Array(repeating: nil, count: SurfaceSlot.allCases.count)
    /// A layer surface's opaque rectangles, made again for each surface shown (kept for its capacity).
    private var opaque: [Subsurface.Rect] = []
    /// `--no-subsurfaces` turns layer surfaces off.
    var allowsLayerSurfaces = true
    /// The one-pixel buffers of plain colours (made at the first plain layer; nil inside when `wl_shm` fails).
    private var solidBuffers: SolidBuffers??

    /// The `wl_shm` buffer showing `fill` (premultiplied, rounded to bytes as GL rounds a clear colour), or nil
    /// when there is none to be had (then the layer is drawn through EGL).
    private func solidBuffer(_ fill: RGBA, window: Window) -> OpaquePointer? {
        if solidBuffers == nil { solidBuffers = .some(SolidBuffers(window: window)) }
        guard let pool = solidBuffers ?? nil else { return nil }
        func byte(_ v: Float) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let a = min(max(fill.a, 0), 1)
        return pool.buffer(argb: byte(a) << 24 | byte(fill.r * a) << 16 | byte(fill.g * a) << 8 | byte(fill.b * a))
    }

    /// Shows `layer` on the layer surface of `slot` (made at first use), cropped to the window: draws it when its
    /// content, size or scale changed or it was hidden, else only moves and crops what the compositor already has.
    /// A plain rectangle of one colour (a dimming shade) is one pixel the compositor stretches (a `wl_shm` buffer
    /// kept per colour where it can be had, else drawn through EGL); a layer much taller than the window (a long
    /// list) is shown as tiles (`LayerTiles`), each drawn once as it comes into view or ahead of it; one much wider
    /// is drawn as a band around what is visible, drawn again only when what is visible leaves it.
    private func show(_ layer: SeparateLayer, in slot: SurfaceSlot, context: RenderContext, renderer: Renderer,
                      window: Window, into frame: inout FrameDamage) throws {
        let scale = window.scale
        let windowSize = SIMD2(Double(window.logicalSize.width), Double(window.logicalSize.height))
        let old = layerSurfaces[slot.rawValue]?.frame
        guard let visible = layer.frame.intersection(DrawRect(origin: .zero, size: windowSize)) else {
            hide(slot, scale: scale, into: &frame)  // wholly outside the window: nothing to show
            return
        }
        // The route (`LayerRoute`, the rules `writesWhole` reads too): a plain colour is a one-pixel wl_shm buffer
        // the compositor stretches (no EGL surface to draw and swap); a layer much taller than the window goes in
        // tiles under a surface showing one transparent pixel. No larger than twice the window, where the compositor
        // offers wl_shm, the CPU writes it: the HUD (its box, bars and text), whole (`Renderer.write`, as a list's
        // tiles are), so a redraw four times a second makes no GL pass through the band and no read-back; so is a
        // chrome (what the window draws over a layer, lifted) of what the writer draws that holds stroked segments,
        // and such a chrome after them while it stays on the CPU (`chromeOfLines`): the playground's, where the
        // knock's flash ring reaches the dock's chips and lifts them with it (and leaves them there as it fades). Not
        // a chrome that never held them (the transition's), nor one only written at a launch's first frame: written
        // whole each time it changes, it cost more than the GL's pass over what changed (docs/benchmarks/scenes.md,
        // the nineteenth step). At a launch's first frame written by the CPU (`writingByCPU`) every layer it can
        // write is written so. Else one rounded rectangle (a pull line that turns and stretches every frame) or a few
        // small ones (the gallery's satellite, which turns as it orbits, and its lanes' running dots), stroked
        // segments alone (the knock's flash ring, swelling and fading on the surface above the card, so a flash frame
        // makes no GL pass), or a rasterised face turned over its shadowless background (the playground's tile as it
        // spins: the face's texture, read back once, sampled by the CPU, so a spin frame makes no GL round trip;
        // upright it is drawn by the GL as before) are written by `ShapeRaster`.
        let held = layerSurfaces[slot.rawValue].map { $0.chromeOfLines && $0.layer == layer.layer } ?? false
        let chromeOfLines = LayerRoute.chromeOfLines(layer, in: slot, held: held)
        let route = LayerRoute.of(layer, in: slot, window: routeWindow(window), firstFrame: writingByCPU,
                                  chromeOfLines: chromeOfLines)
        var solid: RGBA?, shapes: [RoundedRect]?, lines: [LineSegment]?, face: (shapes: [RoundedRect], run: RasterRun)?
        var listed = false, tall = false
        switch route {
        case let .plain(colour): solid = colour
        case .tiles: tall = true
        case .listed: listed = true
        case let .shapes(list): shapes = list
        case let .lines(list): lines = list
        case let .face(under, run): face = (under, run)
        case .gl: break
        }
        let plain = solid.flatMap { self.solidBuffer($0, window: window) }
        let anchorPixel = tall ? solidBuffer(.clear, window: window) : nil
        let small = layer.frame.width <= 2 * windowSize.x && layer.frame.height <= 2 * windowSize.y
        // Drawn (by the CPU or the GL) rather than shown as a pixel the compositor stretches; the GL's frames go into
        // the app's own buffers where it can read them back, else into an EGL surface.
        let drawable = plain == nil && anchorPixel == nil
        let banded = drawable && solid == nil && layersInAppBuffers(window: window)
        let drawnByGL = drawable && shapes == nil && lines == nil && face == nil && !listed
        if let state = layerSurfaces[slot.rawValue],
           (state.egl != nil || state.bands != nil || state.pixels != nil) != drawable
            || (state.tiles != nil) != (anchorPixel != nil)
            || drawnByGL && (banded ? state.egl != nil : state.bands != nil) {
            state.tiles?.release(renderer: renderer)
            Self.forgetDrawings(of: state, in: renderer)
            layerSurfaces[slot.rawValue] = nil  // the other kind of surface: made again below
        }
        if layerSurfaces[slot.rawValue] == nil {
            guard let subsurface = Subsurface(window: window) else {
                throw AppError("cannot make a surface for a layer (wl_subsurface failed)")
            }
            // What it is drawn into (CPU buffers, band buffers or an EGL surface) is made by the frame that first
            // draws it that way, below.
            layerSurfaces[slot.rawValue] = LayerSurfaceState(subsurface: subsurface, surfaceID: nextSurfaceID)
            nextSurfaceID += 1
            // Stacked in slot order, whichever was made first.
            restack()
        }
        guard let state = layerSurfaces[slot.rawValue] else { return }
        state.hiddenAt = nil
        // What is visible, in the layer's own coordinates (origin at its frame's top-left corner), logical px.
        let shown = visible.offsetBy(-layer.frame.origin)
        if let anchorPixel {
            if state.tiles?.fits(layerWidth: layer.frame.width, scale: scale) != true {
                state.tiles?.release(renderer: renderer)
                // The tiles' renderer ids negative, apart from the layer surfaces' (which grow as `releaseIdle`'s
                // surfaces are made again).
                state.tiles = LayerTiles(anchor: state.subsurface, layerWidth: layer.frame.width, scale: scale,
                                         firstID: -1000 * state.surfaceID,
                                         appBuffers: layersInAppBuffers(window: window))
            }
            // The anchor: one transparent pixel at the window's corner (the tiles are placed in window coordinates).
            state.subsurface.place(source: (x: 0, y: 0, width: 1, height: 1), x: 0, y: 0, width: 1, height: 1,
                                   opaque: [])
            state.opaqueFrom = nil
            if state.frame == nil { state.subsurface.attach(anchorPixel) }
            let size = window.bufferSize
            try state.tiles?.show(layer, shown: shown, window: window, windowPixels: Int(size.width) * Int(size.height),
                                  context: context, renderer: renderer, into: &frame)
            state.frame = visible
            state.layer = layer.layer
            return
        }
        let whole = DrawRect(origin: .zero, size: layer.frame.size)
        // The same drawing, shown: the band it holds may still serve.
        let sameDrawing = state.frame != nil
            && state.drawn.map { $0.content == layer.content && $0.scale == scale } ?? false
        // Equal but another copy (a drawing made again the same): kept from now on, so that the next frame's
        // comparison finds the very same commands at once instead of comparing them one by one.
        if sameDrawing { state.drawn?.content = layer.content }
        // A layer drawn for the first time with less than half of it in view (the closed panel shows a strip of
        // it at launch) is drawn in view first, so the first frame waits only for the pixels it shows; the next
        // frame draws it whole (`FrameDamage.layerOwed`), before it moves.
        let partFirst = solid == nil && shapes == nil && lines == nil && small && state.drawn == nil
            && 2 * visible.width * visible.height < layer.frame.width * layer.frame.height
        // Where the layer's rows repeat (a sheet's extension): its buffer holds the rows above `cut` (whole logical
        // px, the row just above it in the repeating part) and the rest is that row stretched (`showStrip`). Drawn
        // by the GL into the app's buffers at a whole scale of at least 2, while the rows above it show. Not at
        // scale 1: there it saves little (~0.6 MiB at 800x600) and a frame sliding the sheet past its end would
        // send the strip's new size and draw its row, where it now sends a crop alone (7 requests) and draws nothing.
        let stripCut: Int? = layer.rowsRepeatFrom.flatMap { from in
            let cut = Int(from.rounded(.up)) + 1
            return banded && drawnByGL && !partFirst && small && scale == scale.rounded() && scale >= 2
                && Double(cut) + 1 < layer.frame.height && shown.y < Double(cut) ? cut : nil
        }
        // The part of the layer the buffer holds.
        let band: DrawRect
        if partFirst {
            let low = shown.origin.rounded(.down)
            let high = pointwiseMin((shown.origin + shown.size).rounded(.up), whole.size)
            band = DrawRect(origin: low, size: high - low)
            frame.layerOwed = true
        } else if let cut = stripCut {
            band = DrawRect(origin: .zero, size: SIMD2(whole.width, Double(cut)))
        } else if solid != nil || small {
            band = whole
        } else if sameDrawing, let drawn = state.drawn, drawn.band.intersection(shown) == shown {
            band = drawn.band
        } else {
            let reach = shown.insetBy(-0.5 * max(windowSize.x, windowSize.y))
            let low = pointwiseMax(reach.origin, .zero).rounded(.down)
            let high = pointwiseMin(reach.origin + reach.size, whole.size).rounded(.up)
            band = DrawRect(origin: low, size: high - low)
        }
        var width = solid != nil ? 1 : Int((band.width * scale).rounded(.up))
        var height = solid != nil ? 1 : Int((band.height * scale).rounded(.up))
        if solid == nil, stripCut == nil, state.frame != nil, let drawn = state.drawn, drawn.scale == scale,
           drawn.width >= width, drawn.height >= height, 4 * width * height >= drawn.width * drawn.height {
            // A layer that turns or stretches (a pull line) changes its size on most frames: the buffer it has is
            // kept while it holds the layer and is not four times what it needs (the crop shows the layer's part),
            // so no new buffer is made and only what changed is drawn again.
            width = drawn.width
            height = drawn.height
        }
        // The same buffer as last time (band, size and scale), shown.
        let sameBuffer = state.frame != nil && state.drawn.map {
            $0.width == width && $0.height == height && $0.scale == scale
                && ($0.band == band || (band == whole && $0.band.origin == band.origin))
        } ?? false
        // What the layer's own buffer shows: what is visible, above the strip's rows where it has them.
        let ownRows = stripCut.map { cut in
            DrawRect(x: visible.x, y: visible.y, width: visible.width,
                     height: min(visible.maxY, layer.frame.y + Double(cut)) - visible.y)
        } ?? visible
        let placed = place(state, layer: layer, shown: shown, ownRows: ownRows, band: band, width: width,
                           height: height, scale: scale, solid: solid != nil)
        // The strip's own commit before its parent's, which applies it (the parent is committed below).
        let stripMoved = try showStrip(stripCut, of: layer, in: state, visible: visible, shown: shown, width: width,
                                       context: context, renderer: renderer, window: window, into: &frame)
        if sameDrawing, sameBuffer {
            // Unchanged: the compositor moves and crops what it already has (a new crop of the same place shows
            // other pixels there too). A new position alone is the window's state: no commit of the surface.
            if state.subsurface.needsCommit || stripMoved { state.subsurface.commit() }
            if old != visible || placed || stripMoved {
                frame.compositorPixels += Self.area(old, visible, scale: scale)
            }
        } else if let plain {
            state.subsurface.attach(plain)
            state.shows = nil
            state.drawn = (layer.content, band, width, height, scale)
            frame.compositorPixels += Self.area(old, visible, scale: scale)
        } else if listed || shapes != nil || lines != nil || face != nil {
            // Written by the CPU into a buffer the compositor does not hold, over what that buffer held.
            if state.pixels == nil {
                state.pixels = ShapeSurface(buffers: try Self.layerBuffers(window: window, name: "momentum-pixels"))
            }
            guard let pixels = state.pixels else { throw AppError("a layer's buffers are gone") }
            // The face's texels, read back once while it keeps the same face (drawn with whatever is current).
            let image = try face.flatMap { face in try renderer.rasterImage(face.run, scale: scale) }
            if state.egl != nil || state.bands != nil {
                // Its GL-drawn buffer no longer shows: the next frame the GL draws is drawn whole.
                renderer.forget(surface: state.surfaceID)
                state.kept = nil
            }
            let buffer = try pixels.buffers.take(width: width, height: height, for: "a layer",
                                                 remedy: "--no-subsurfaces")
            // A buffer never attached is new (transparent): what the raster remembers of that slot is gone.
            if pixels.buffers.age(of: buffer) == 0 { pixels.rasters[buffer.index] = ShapeRaster() }
            let drawn: Int
            if listed {
                // Whole, from transparent; the glyphs' atlas is the text renderer's (its fonts load with the
                // window's context current).
                try context.makeWindowCurrent()
                let content = band.origin == .zero ? layer.content : layer.content.offsetBy(-band.origin)
                guard renderer.write(content, width: width, height: height, scale: scale,
                                     into: BufferPixels(bgra: buffer.memory, stride: buffer.stride)) else {
                    throw AppError("a layer's buffer cannot be written (\(width)x\(height), stride \(buffer.stride))")
                }
                // Any pixel may hold something now: a raster drawing into this buffer next clears it all first.
                pixels.rasters[buffer.index] = ShapeRaster(written: width, height)
                drawn = renderer.lastRedrawnPixels
            } else {
                drawn = pixels.rasters[buffer.index].draw(shapes ?? face?.shapes ?? [], lines: lines ?? [],
                                                          face: face.flatMap { face in
                    image.map { (face.run, $0) }
                }, offset: band.origin, scale: scale, into: buffer.pixels, width: width, height: height)
            }
            pixels.buffers.attach(buffer, to: state.subsurface)
            state.shows = .cpu
            // Kept through whichever CPU route writes it next (the chips alone, once the ring has faded, are shapes).
            state.chromeOfLines = chromeOfLines
            state.drawn = (layer.content, band, width, height, scale)
            frame.drawnPixels += drawn
            frame.compositorPixels += Self.area(old, visible, scale: scale)
        } else if banded {
            // Drawn through the band framebuffer into a buffer the compositor does not hold: only what changed since
            // that buffer's frame where it is the same buffer as last time (the rest copied from the newest), else
            // in full. The window's context stays current.
            if state.bands == nil { state.bands = try Self.layerBuffers(window: window, name: "momentum-layer") }
            guard let buffers = state.bands else { throw AppError("a layer's buffers are gone") }
            try context.makeWindowCurrent()
            let buffer = try buffers.take(width: width, height: height, for: "a layer", remedy: "--no-subsurfaces")
            let newest = sameBuffer ? buffers.newest(width: width, height: height).map {
                BufferPixels(bgra: $0.memory, stride: $0.stride)
            } : nil
            let content = band.origin == .zero ? layer.content : layer.content.offsetBy(-band.origin)
            _ = try renderer.render(content, width: width, height: height, scale: scale,
                                    into: .bands(age: sameBuffer ? buffers.age(of: buffer) : 0,
                                                 into: BufferPixels(bgra: buffer.memory, stride: buffer.stride),
                                                 newest: newest),
                                    surface: state.surfaceID, clear: .clear)
            buffers.attach(buffer, to: state.subsurface)
            frame.layerSwaps += 1
            state.shows = .gl
            state.drawn = (layer.content, band, width, height, scale)
            frame.drawnPixels += renderer.lastRedrawnPixels
            frame.compositorPixels += Self.area(old, visible, scale: scale)
        } else {
            if state.egl == nil { state.egl = try Self.layerSurface(on: state.subsurface, context: context) }
            guard let egl = state.egl else { throw AppError("a layer's EGL surface is gone") }
            // Resized before it is made current: Mesa's software path takes the back buffer at make-current time, so
            // a resize after it would only apply a frame later, and this frame's crop would reach past the buffer.
            // A surface still bound from the last frame is let go first when its size changes.
            let resized = state.eglSize.map { $0.width != width || $0.height != height } ?? true
            if resized, context.isCurrent(egl) { try context.makeWindowCurrent() }
            egl.window.resize(width: width, height: height)
            try context.makeCurrent(egl)
            var drawn = width * height
            if let solid {
                renderer.draw(DrawList(), width: 1, height: 1, scale: 1, clear: solid)
                state.kept = nil
            } else {
                // The same buffer as last time, which still holds that drawing (checked as the window's is): only
                // what changed is drawn again (a header's titles cross-fading, not the whole bar).
                let surface = state.surfaceID
                let age = sameBuffer && context.mayKeepLastFrame && state.kept?.isStillThere(context: context) == true
                    ? 1 : 0
                let content = band.origin == .zero ? layer.content : layer.content.offsetBy(-band.origin)
                let damage = try renderer.render(content, width: width, height: height, scale: scale,
                                                 into: .backBuffer(age: age), surface: surface, clear: .clear)
                drawn = renderer.lastRedrawnPixels
                state.kept = context.mayKeepLastFrame && !damage.isEmpty ? KeptFrame(context: context, damage: damage)
                    : nil
            }
            let swapped = egl.swapBuffers()
            if !swapped { throw AppError(context.lastEGLError(call: "eglSwapBuffers (layer surface)").description) }
            frame.layerSwaps += 1
            state.shows = .gl
            state.eglSize = (width, height)
            state.drawn = (layer.content, band, width, height, scale)
            frame.drawnPixels += drawn
            frame.compositorPixels += Self.area(old, visible, scale: scale)
        }
        state.frame = visible
        state.layer = layer.layer
        stampShown(state)
    }

    /// Stamps `state`'s surface shown at `frameTime` by the set it shows (`shows`): its other set is let go a while
    /// after (`releaseIdle`).
    private func stampShown(_ state: LayerSurfaceState) {
        switch state.shows {
        case .cpu:
            state.cpuShownAt = frameTime
            if state.egl != nil || state.bands != nil { releaseLater(at: state.glShownAt + Self.idleSeconds) }
        case .gl:
            state.glShownAt = frameTime
            if state.pixels != nil { releaseLater(at: state.cpuShownAt + Self.idleSeconds) }
        case nil: break
        }
    }

    /// Places `state`'s surface showing `layer` (the part `shown`, its own coordinates, of which the surface's buffer
    /// shows `ownRows`, window coordinates): the crop of its buffer (`width` x `height` px holding the layer's part
    /// `band`; a plain colour's one pixel with `solid`), position, size and opaque region; whether anything changed.
    private func place(_ state: LayerSurfaceState, layer: SeparateLayer, shown: DrawRect, ownRows: DrawRect,
                       band: DrawRect, width: Int, height: Int, scale: Double, solid: Bool) -> Bool {
        // The crop: the visible part of the band, in the buffer's px and in the window's logical px.
        let inset = shown.origin - band.origin
        let source = solid ? (x: 0.0, y: 0.0, width: 1.0, height: 1.0)
            : (x: min(inset.x * scale, Double(width)), y: min(inset.y * scale, Double(height)),
               width: min(ownRows.width * scale, Double(width) - inset.x * scale),
               height: min(ownRows.height * scale, Double(height) - inset.y * scale))
        // The opaque region in the surface's coordinates, not cut to it (the compositor ignores what lies outside
        // the surface): while the crop keeps its top-left corner (a layer cut by the window's bottom or right edge
        // only, as the sliding panel), it is the same on every frame and is not sent again — nor made again, when
        // the layer's rectangles (the same storage, compared at once) and that corner are what it was made from.
        // Whole px inside each rect. Into an array kept between frames (none made a frame).
        if let from = state.opaqueFrom, from.origin == shown.origin, from.rects == layer.opaque {
            return state.subsurface.place(source: source, x: Int32(ownRows.x), y: Int32(ownRows.y),
                                          width: Int32(ownRows.width), height: Int32(ownRows.height), opaque: nil)
        }
        opaque.removeAll(keepingCapacity: true)
        for rect in layer.opaque {
            let moved = rect.offsetBy(-shown.origin)
            let low = pointwiseMax(moved.origin.rounded(.up), SIMD2(repeating: -65536))
            let high = pointwiseMin((moved.origin + moved.size).rounded(.down), SIMD2(repeating: 65536))
            guard high.x > low.x, high.y > low.y else { continue }
            opaque.append(Subsurface.Rect(x: Int32(low.x), y: Int32(low.y), width: Int32(high.x - low.x),
                                          height: Int32(high.y - low.y)))
        }
        let changed = state.subsurface.place(source: source, x: Int32(ownRows.x), y: Int32(ownRows.y),
                                             width: Int32(ownRows.width), height: Int32(ownRows.height), opaque: opaque)
        // Remembered only once the surface has it (a region that could not be made is made again next frame).
        state.opaqueFrom = state.subsurface.hasOpaque(opaque) ? (layer.opaque, shown.origin) : nil
        return changed
    }

    /// A frame in which only the scene's layers drawn apart at rest moved (`FramePlan.movedOnly`: the window's list
    /// and every other slot are the last frame's, those layers' drawings too): their surfaces are placed anew and
    /// the window committed, nothing else looked at (no route chosen, no list compared, nothing drawn; a moved
    /// layer's drawing is compared with its surface's, the same storage when unchanged: cheap).
    /// Nil when a moved layer's surface does not show it whole as it was last drawn (a new buffer, a band, tiles or
    /// a strip would be needed, or it left the window) or the window has state pending: `present` shows the frame
    /// the usual way then, nothing having been changed. Else the frame's damage, nil inside when `mayOmitCommit`
    /// and no surface moved (not committed).
    private func presentMoved(_ separated: [SurfaceSlot: SeparateLayer], window: Window, at now: Double,
                              mayOmitCommit: Bool, beforeCommit: () -> Void) -> FrameDamage?? {
        guard !writesFirstFrame, !window.hasPendingState else { return nil }
        let scale = window.scale
        let logical = window.logicalSize  // computed at each read (the buffer limit's cap)
        let bounds = DrawRect(origin: .zero, size: SIMD2(Double(logical.width), Double(logical.height)))
        // Looked at whole first: a frame that must go the usual way has changed nothing.
        for (slot, layer) in separated where layer.shownFrom != nil {
            guard let state = layerSurfaces[slot.rawValue], state.layer == layer.layer, state.frame != nil,
                  state.shows != nil, state.tiles == nil, state.strip == nil, layer.rowsRepeatFrom == nil || scale < 2,
                  let drawn = state.drawn, drawn.scale == scale, drawn.band.origin == .zero,
                  drawn.band.size == layer.frame.size, drawn.content == layer.content,
                  // A plain colour's one pixel is cropped whole and stretched (`place`'s `solid`), not cut.
                  drawn.width > 1 || drawn.height > 1,
                  layer.frame.intersects(bounds) else { return nil }
        }
        frameTime = now
        var frame = FrameDamage()
        for (slot, layer) in separated where layer.shownFrom != nil {
            guard let state = layerSurfaces[slot.rawValue], let drawn = state.drawn,
                  let visible = layer.frame.intersection(bounds) else { continue }
            let old = state.frame
            let placed = place(state, layer: layer, shown: visible.offsetBy(-layer.frame.origin), ownRows: visible,
                               band: drawn.band, width: drawn.width, height: drawn.height, scale: scale, solid: false)
            if state.subsurface.needsCommit { state.subsurface.commit() }
            if old != visible || placed { frame.compositorPixels += Self.area(old, visible, scale: scale) }
            state.frame = visible
        }
        // Every surface that stays shown (the moved ones, the chromes, the HUD) stamped as `show` stamps it.
        for case let state? in layerSurfaces where state.hiddenAt == nil { stampShown(state) }
        let changed = frame.compositorPixels > 0
        if mayOmitCommit, !changed { return .some(nil) }
        beforeCommit()
        window.prepareCommit()
        commitWithoutBuffer(window, changed: changed)
        frame.layerSurface = layerSurfaces[SurfaceSlot.scene.rawValue]?.frame
        return frame
    }

    /// Commits the window without a new buffer (what changed is on layer surfaces, or nothing did); committed though
    /// nothing changed (a frame started by touch), one pixel is damaged: the compositor must still repaint.
    private func commitWithoutBuffer(_ window: Window, changed: Bool) {
        if !changed { window.damageOnePixel() }
        window.commit()
    }

    /// Shows the rows of `layer` from `cut` down (logical px of the layer's surface) that `visible` reaches below
    /// the layer's own buffer, as one row stretched (`RowStrip`, made at first use; its row drawn again when the
    /// layer's drawing or scale changed since), or hides them; lets the strip go where the layer has none (`cut`
    /// nil). Commits the strip's surface where it changed; returns whether its parent, `state.subsurface`, must be
    /// committed for that to show (the strip's position and commits are the parent's state).
    private func showStrip(_ cut: Int?, of layer: SeparateLayer, in state: LayerSurfaceState, visible: DrawRect,
                           shown: DrawRect, width: Int, context: RenderContext, renderer: Renderer, window: Window,
                           into frame: inout FrameDamage) throws -> Bool {
        guard let cut else {
            guard let strip = state.strip else { return false }
            // Destroyed, its surface is unmapped at once; the renderer's record of its row goes with it.
            let wasShown = strip.subsurface.isShown
            state.strip = nil
            renderer.forget(surface: RowStrip.surfaceID(of: state.surfaceID))
            return wasShown
        }
        let scale = window.scale
        let top = layer.frame.y + Double(cut)
        guard visible.maxY > top else {
            guard let strip = state.strip, strip.subsurface.isShown else { return false }
            strip.subsurface.hide()
            return true
        }
        if state.strip == nil {
            guard let subsurface = Subsurface(window: window, parent: state.subsurface) else {
                throw AppError("cannot make a surface for a layer's rows (wl_subsurface failed)")
            }
            state.strip = RowStrip(subsurface: subsurface,
                                   buffers: try Self.layerBuffers(window: window, name: "momentum-strip"))
        }
        guard let strip = state.strip else { return false }
        // The row at `cut - 1` (the repeating part's), `scale` buffer rows high: a strip as high as the scale is shown
        // stretched byte for byte (`scripts/check-stretch-strip.py`; one row high at scale 2 is not).
        let rows = Int(scale)
        let redraw = strip.drawn.map { $0.content != layer.content || $0.scale != scale || $0.width != width } ?? true
        // An equal drawing that arrived as a new copy: kept in its place, so the next frames compare it at once (as
        // `show` keeps the layer's own), not command by command while the sheet slides.
        if !redraw { strip.drawn?.content = layer.content }
        var changed = false
        if redraw || !strip.subsurface.isShown {
            try context.makeWindowCurrent()
            let buffer = try strip.buffers.take(width: width, height: rows, for: "a layer's rows",
                                                remedy: "--no-subsurfaces")
            let pixels = BufferPixels(bgra: buffer.memory, stride: buffer.stride)
            _ = try renderer.render(layer.content.offsetBy(SIMD2(0, -Double(cut - 1))), width: width, height: rows,
                                    scale: scale, into: .bands(age: 0, into: pixels),
                                    surface: RowStrip.surfaceID(of: state.surfaceID), clear: .clear)
            strip.drawn = (layer.content, scale, width)
            frame.drawnPixels += width * rows
            // Placed first: `attach` commits the crop and size with the buffer.
            strip.place(visible: visible, top: top, shown: shown, width: width, rows: rows, scale: scale)
            strip.buffers.attach(buffer, to: strip.subsurface)
            changed = true
        } else if strip.place(visible: visible, top: top, shown: shown, width: width, rows: rows, scale: scale) {
            if strip.subsurface.needsCommit { strip.subsurface.commit() }
            changed = true
        }
        return changed
    }

    /// The rows of a layer that repeat one row (`SeparateLayer.rowsRepeatFrom`: a sheet's extension), shown as that
    /// row `scale` buffer px high stretched down by the compositor (`wp_viewporter`) on a subsurface of the layer's
    /// surface, instead of as many rows of the layer's buffer (~13.5 MiB of the panel's sheet at 1920x1080@2).
    private final class RowStrip {
        // The subsurface before the buffers it shows (released in this order).
        let subsurface: Subsurface
        let buffers: ShmBuffers
        /// What its row was drawn from: the layer's content, the scale and the buffer's width.
        var drawn: (content: DrawList, scale: Double, width: Int)?

        init(subsurface: Subsurface, buffers: ShmBuffers) {
            self.subsurface = subsurface
            self.buffers = buffers
        }

        /// The renderer's name for the strip of the layer surface `id` (apart from the surfaces', the tiles' and the
        /// snapshot's).
        static func surfaceID(of id: Int) -> Int { stripIDs + id }
        private static let stripIDs = 1 << 40

        /// Places the strip under the layer's own rows: from `top` (window coordinates) to the bottom of `visible`,
        /// its columns those `shown` (the layer's own coordinates) of a buffer `width` px wide; the position is in its
        /// parent's coordinates (the parent shows the layer from `shown`'s top-left corner). Returns whether anything
        /// changed.
        @discardableResult
        func place(visible: DrawRect, top: Double, shown: DrawRect, width: Int, rows: Int, scale: Double) -> Bool {
            let x = min(shown.x * scale, Double(width))
            return subsurface.place(source: (x: x, y: 0, width: min(visible.width * scale, Double(width) - x),
                                             height: Double(rows)),
                                    x: 0, y: Int32(top - visible.y), width: Int32(visible.width),
                                    height: Int32(visible.maxY - top), opaque: [])
        }
    }

    /// Another scene shows from the next frame: a chrome surface the CPU wrote because the last scene's chrome held
    /// stroked segments (`chromeOfLines`: the playground's flash ring) no longer keeps that route. A chrome has no
    /// layer of its own to tell it by, so the next scene's chrome in the same slot was taken for it while the surface
    /// was kept (hidden for up to `idleSeconds`, or shown on): the list's header after a knock was written whole by
    /// the CPU instead of drawn by the GL.
    func sceneSwitched() {
        for state in layerSurfaces { state?.chromeOfLines = false }
    }

    /// Hides the surface of `slot` if it shows anything (it disappears with the window's next commit).
    private func hide(_ slot: SurfaceSlot, scale: Double, into frame: inout FrameDamage) {
        guard let state = layerSurfaces[slot.rawValue] else { return }
        if state.hiddenAt == nil {
            state.hiddenAt = frameTime
            releaseLater(at: frameTime + Self.idleSeconds)
        }
        guard state.subsurface.isShown else { return }
        state.subsurface.hide()
        if let last = state.frame { frame.compositorPixels += Self.pixels(last, scale: scale).area }
        state.frame = nil
    }

    /// Lets go of what the layer surfaces hold and no longer show, as of `now` (s, on the frames' clock; between
    /// frames, at `releaseTime`): a surface hidden for `idleSeconds` goes whole (its buffers, EGL surface, tiles,
    /// the renderer's record of its frames, its `wl_surface`; made again, drawn whole, when its slot shows a
    /// layer); of one shown, the set (the CPU's or the GL's) whose buffer it has not shown for `idleSeconds`. The
    /// compositor released those buffers long before: the hidden surface's null buffer, and the buffer that
    /// replaced the other set's, went with the window's commit of their frame. Throws when EGL fails.
    func releaseIdle(now: Double) throws(AppError) {
        releaseTime = nil
        guard let context, let renderer else { return }
        for index in layerSurfaces.indices {
            guard let state = layerSurfaces[index] else { continue }
            if let hiddenAt = state.hiddenAt {
                guard now >= hiddenAt + Self.idleSeconds else {
                    releaseLater(at: hiddenAt + Self.idleSeconds)
                    continue
                }
                try letGoOfEGL(state, context: context)
                state.tiles?.release(renderer: renderer)
                Self.forgetDrawings(of: state, in: renderer)
                layerSurfaces[index] = nil
                continue
            }
            if state.pixels != nil, state.shows != .cpu {
                if now >= state.cpuShownAt + Self.idleSeconds {
                    state.pixels = nil
                } else {
                    releaseLater(at: state.cpuShownAt + Self.idleSeconds)
                }
            }
            if state.egl != nil || state.bands != nil, state.shows != .gl {
                if now >= state.glShownAt + Self.idleSeconds {
                    try letGoOfEGL(state, context: context)
                    state.egl = nil
                    state.eglSize = nil
                    state.bands = nil
                    state.strip = nil
                    state.kept = nil
                    Self.forgetDrawings(of: state, in: renderer)
                } else {
                    releaseLater(at: state.glShownAt + Self.idleSeconds)
                }
            }
        }
    }

    /// Forgets what `renderer` remembers of what it drew on `state`'s surface and on its row strip (the next
    /// drawing there is drawn whole): every per-surface record the renderer keeps for a layer's surface goes here.
    private static func forgetDrawings(of state: LayerSurfaceState, in renderer: Renderer) {
        renderer.forget(surface: state.surfaceID)
        renderer.forget(surface: RowStrip.surfaceID(of: state.surfaceID))
    }

    /// Binds the window (or no surface) instead of `state`'s EGL surface where that is current, so that it can be
    /// destroyed.
    private func letGoOfEGL(_ state: LayerSurfaceState, context: RenderContext) throws(AppError) {
        guard let egl = state.egl, context.isCurrent(egl) else { return }
        do {
            try context.makeWindowCurrent()
        } catch {
            throw AppError("cannot let a hidden layer's EGL surface go: \(error)")
        }
    }

    /// The buffer px of `old` (where a surface was; nil when hidden) and `new` (where it is) together, each pixel once.
    private static func area(_ old: DrawRect?, _ new: DrawRect, scale: Double) -> Int {
        let b = pixels(new, scale: scale)
        guard let old else { return b.area }
        let a = pixels(old, scale: scale)
        return a.area + b.area - a.intersection(b).area
    }

    /// `rect` (logical px) in whole buffer px at `scale`.
    private static func pixels(_ rect: DrawRect, scale: Double) -> PixelRect {
        PixelRect(minX: Int((rect.x * scale).rounded(.down)), minY: Int((rect.y * scale).rounded(.down)),
                  maxX: Int((rect.maxX * scale).rounded(.up)), maxY: Int((rect.maxY * scale).rounded(.up)))
    }

    /// How frames reach the window, for the log: the damage strategy and what the display offers.
    var strategy: String {
        guard let context else { return "no context" }
        if appBuffers != nil {
            return "OpenGL ES \(context.glesMajorVersion), the window drawn in bands of \(Renderer.bandRows) rows into "
                + "the app's own wl_shm buffers (their ages tracked), damage_buffer for the damage"
        }
        let age = context.hasBufferAge ? "the back buffer (buffer age)"
            : context.mayKeepLastFrame ? "the back buffer, which swrast keeps (no EGL_EXT_buffer_age; checked each frame)"
            : "an offscreen frame copied to the window, or in full when large (no EGL_EXT_buffer_age)"
        let swap = context.canSwapWithDamage ? "swap with damage" : "full-surface swap (no swap_buffers_with_damage)"
        return "OpenGL ES \(context.glesMajorVersion), redraw damage into \(age), \(swap)"
    }

    /// Draws `list` off the window and reads it back: RGBA, bottom row first (as GL reads), in buffer px (nil
    /// before the first configure). Turning it over and encoding it is `ScreenshotWriter`'s, off the run loop.
    func snapshot(_ list: DrawList, window: Window) -> (bottomUp: [UInt8], width: Int, height: Int)? {
        guard let renderer, (try? context?.makeWindowCurrent()) != nil else { return nil }
        let size = window.bufferSize
        if appBuffers != nil { return snapshotInBands(list, renderer: renderer, window: window) }
        renderer.draw(list, width: Int(size.width), height: Int(size.height), scale: window.scale)
        renderer.invalidate()  // the back buffer now holds this drawing, not the last presented frame
        keptFrame = nil  // so the next frame is drawn in full there (and sampled afresh)
        let pixels = renderer.readPixelsBottomUp(width: Int(size.width), height: Int(size.height))
        return (pixels, Int(size.width), Int(size.height))
    }

    /// `snapshot` where the window has no EGL surface: `list` drawn in bands into memory of its own (the surface's
    /// earlier frames left alone), turned into RGBA bottom row first.
    private func snapshotInBands(_ list: DrawList, renderer: Renderer, window: Window)
        -> (bottomUp: [UInt8], width: Int, height: Int)? {
        let width = Int(window.bufferSize.width), height = Int(window.bufferSize.height)
        let rowBytes = width * 4
        var bgra = [UInt8](repeating: 0, count: rowBytes * height)
        let drawn: Bool = bgra.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return false }
            defer { renderer.forget(surface: Self.snapshotSurface) }
            return (try? renderer.render(list, width: width, height: height, scale: window.scale,
                                         into: .bands(age: 0, into: BufferPixels(bgra: base, stride: rowBytes)),
                                         surface: Self.snapshotSurface)) != nil
        }
        guard drawn else { return nil }
        var bottomUp = [UInt8](repeating: 0, count: rowBytes * height)
        for row in 0..<height {
            let from = row * rowBytes, to = (height - 1 - row) * rowBytes
            for x in stride(from: 0, to: rowBytes, by: 4) {
                bottomUp[to + x] = bgra[from + x + 2]
                bottomUp[to + x + 1] = bgra[from + x + 1]
                bottomUp[to + x + 2] = bgra[from + x]
                bottomUp[to + x + 3] = bgra[from + x + 3]
            }
        }
        return (bottomUp, width, height)
    }

    /// The renderer's name for the frames `snapshotInBands` draws (no surface's).
    private static let snapshotSurface = -1

    /// Releases GL before EGL and EGL before the surface.
    func tearDown() {
        windowParts = nil
        partsLeft.removeAll()
        layerSurfaces = layerSurfaces.map { _ in nil }
        solidBuffers = nil  // the buffers before the display they were made on
        frameBuffer = nil
        appBuffers = nil  // the buffers before the display they were made on
        retiringBuffers = nil
        renderer = nil
        context = nil
        begun = nil
        eglWindow = nil
    }
}

/// A fingerprint of the frame left in the window's back buffer at a swap: pixels where this frame changed (the
/// middle and corners of its damage, which an older or fresh buffer would not hold) and the window's corners.
struct KeptFrame {
    let width: Int
    let height: Int
    /// Buffer px, y from the bottom (as `glReadPixels` reads).
    let points: [(x: Int, y: Int)]
    let pixels: [UInt32]

    /// Samples the bound framebuffer of `context` after drawing a frame with `damage`, before its swap.
    init(context: RenderContext, damage: DamageRegion) {
        width = damage.bounds.width
        height = damage.bounds.height
        var points: [(x: Int, y: Int)] = []
        func add(_ x: Int, _ y: Int) { points.append((x, damage.bounds.maxY - 1 - y)) }
        for rect in damage.rects.prefix(4) {
            add((rect.minX + rect.maxX) / 2, (rect.minY + rect.maxY) / 2)
            add(rect.minX, rect.minY)
            add(rect.maxX - 1, rect.maxY - 1)
        }
        add(0, 0)
        add(width - 1, height - 1)
        self.points = points
        pixels = context.samplePixels(points)
    }

    /// Whether the bound framebuffer of `context` still holds these pixels: the frame left there at the swap.
    func isStillThere(context: RenderContext) -> Bool { context.samplePixels(points) == pixels }
}

extension ShmBuffers {
    /// `acquire` with the run's error line: `what` names whose buffer it is, `remedy` the option that avoids these
    /// buffers when the compositor never releases them.
    func take(width: Int, height: Int, for what: String, remedy: String) throws(AppError) -> Buffer {
        do throws(Failure) {
            return try acquire(width: width, height: height)
        } catch .neverReleased(let message) {
            throw AppError("\(message): run with \(remedy)")
        } catch {
            throw AppError("\(error) for \(what)")
        }
    }
}
