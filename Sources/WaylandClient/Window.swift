import CDecor
import CWaylandClient
import CWaylandProtocols

/// The xdg toplevel Momentum draws into: configure handling, scale, decorations, frame callbacks and
/// presentation feedback. EGL draws into `surface` (through a `wl_egl_window` the renderer owns).
///
/// Decorations (`Decorations.choose`): where the compositor offers `zxdg_decoration_manager_v1` (sway, KWin) the
/// toplevel asks it for server-side ones, as always. A window that is not fullscreen on a compositor without it
/// (weston, mutter) is made through libdecor instead: libdecor creates the `xdg_surface` and `xdg_toplevel` itself,
/// draws a title bar and borders on subsurfaces of `surface` (move, resize, maximise, close), and hands the
/// configure over with the content size, decorations excluded. A fullscreen window without the manager gets none.
public final class Window {
    /// Who draws the window's title bar and borders.
    public enum Decorations: String, Sendable, CaseIterable {
        /// Nobody: fullscreen on a compositor without `zxdg_decoration_manager_v1`, or libdecor failed.
        case none
        /// The compositor, asked through `zxdg_decoration_manager_v1`.
        case server
        /// libdecor, on the client's side.
        case client

        /// Server-side wherever the compositor offers them; else client-side for a window that is not fullscreen.
        public static func choose(fullscreen: Bool, serverSideOffered: Bool) -> Decorations {
            if serverSideOffered { return .server }
            return fullscreen ? .none : .client
        }
    }

    /// What a configure changed, handed to `onConfigure` after it was acked.
    public struct Configured: Sendable {
        /// Logical size.
        public var size: ConfigureState.Size
        /// Scale from logical to buffer pixels (fractional when the compositor offers it).
        public var scale: Double
        /// True for the first configure (the window may now be drawn).
        public var isFirst: Bool
    }

    /// The `wl_surface *`.
    public let surface: OpaquePointer
    let registry: Registry
    /// Who draws the decorations (`.client` only once libdecor has taken the surface).
    public private(set) var decorations = Decorations.none
    /// The xdg objects when the window made them itself (not through libdecor).
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private var decoration: OpaquePointer?
    /// libdecor's context and frame (`struct libdecor *`, `struct libdecor_frame *`) for a client-side decorated window.
    private var decor: OpaquePointer?
    private var decorFrame: OpaquePointer?
    private var viewport: OpaquePointer? { didSet { scaleMemo = nil } }
    private var fractionalScale: OpaquePointer?
    /// The viewport stretching the window's buffer over its size (`stretchBuffer`), made at its first use; apart
    /// from `viewport`, whose being there means a fractional scale.
    private var stretchViewport: OpaquePointer?
    /// The destination applied to `stretchViewport`: (-1, -1) while unset (the buffer shown at its own size).
    private var appliedStretch: (width: Int32, height: Int32) = (-1, -1)
    private var frameCallback: OpaquePointer?
    /// The `zwp_idle_inhibitor_v1` on the surface while the screen is kept from blanking.
    private var idleInhibitor: OpaquePointer?
    /// Presentation feedback asked for and not yet answered, oldest first.
    private var feedback = BoundedQueue<PendingFeedback>(limit: Window.unansweredFeedbackLimit)
    private var configure: ConfigureState
    private var enteredOutputs: Set<UInt32> = [] { didSet { scaleMemo = nil } }
    private var preferredFractionalScale: Double? { didSet { scaleMemo = nil } }
    /// `currentScale()` as last worked out, with the registry's `outputsGeneration` then; nil when what it is worked
    /// out from in the window changed since (a viewport, an output entered or left, a preferred fractional scale).
    private var scaleMemo: (scale: Double, outputs: UInt64)?
    private var appliedScale: Double = 0
    private var appliedSize = ConfigureState.Size(width: 0, height: 0)

    private let surfaceListener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
    private let xdgSurfaceListener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    private let toplevelListener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
    private let callbackListener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    private let fractionalListener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
    private let feedbackListener = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
    private let decorListener = UnsafeMutablePointer<libdecor_interface>.allocate(capacity: 1)
    private let decorFrameListener = UnsafeMutablePointer<libdecor_frame_interface>.allocate(capacity: 1)

    /// Called after each applied and acked configure.
    public var onConfigure: ((Configured) -> Void)?
    /// Called when the compositor asks the window to close.
    public var onClose: (() -> Void)?
    /// Called when the outstanding frame callback fires, with its millisecond timestamp.
    public var onFrame: ((UInt32) -> Void)?
    /// Called when a frame was presented.
    public var onPresented: ((Presentation) -> Void)?
    /// Called with the sequence of a frame that was never shown.
    public var onDiscarded: ((UInt64) -> Void)?

    /// How many unanswered presentation feedback objects are kept; older ones are freed unanswered.
    public static let unansweredFeedbackLimit = 16
    /// Feedback objects freed because the compositor never answered them.
    public private(set) var droppedFeedbackCount = 0
    /// Feedback objects waiting for the compositor's answer (at most `unansweredFeedbackLimit`).
    public var unansweredFeedbackCount: Int { feedback.count }

    /// The logical size in effect.
    public var logicalSize: ConfigureState.Size { drawnSize }
    /// The logical size the compositor (or `--size`) asks for; larger than `logicalSize` when its buffer would pass
    /// `bufferLimit`.
    public var askedSize: ConfigureState.Size { configure.size }
    /// The largest buffer drawn (see `BufferLimit`); narrowed with `limitBuffers(to:)` once the GPU's limits are
    /// known.
    public private(set) var bufferLimit = BufferLimit.standard

    /// Sets the largest buffer drawn; returns true when that changes the size in effect (then libdecor's frame is
    /// committed again with it; the caller resizes what it draws into, and nothing is reported through
    /// `onConfigure`).
    @discardableResult
    public func limitBuffers(to limit: BufferLimit) -> Bool {
        let before = drawnSize
        bufferLimit = limit
        guard configure.appliedCount > 0, drawnSize != before else { return false }
        if let decorFrame, let state = libdecor_state_new(drawnSize.width, drawnSize.height) {
            libdecor_frame_commit(decorFrame, state, nil)
            libdecor_state_free(state)
        }
        return true
    }
    /// The asked size capped so its buffer fits `bufferLimit` at the scale in effect.
    private var drawnSize: ConfigureState.Size { bufferLimit.cap(configure.size, scale: currentScale()) }
    /// True while a frame callback is outstanding (at most one ever is).
    public var frameIsPending: Bool { frameCallback != nil }
    /// The scale in effect.
    public var scale: Double { currentScale() }
    /// The buffer size in pixels for the current logical size and scale.
    public var bufferSize: ConfigureState.Size {
        let s = currentScale()
        let size = drawnSize
        return .init(width: Int32((Double(size.width) * s).rounded()),
                     height: Int32((Double(size.height) * s).rounded()))
    }
    /// The buffer size the first configure is expected to bring, asked before it comes: a fullscreen window on the
    /// one output gets that output's mode, any other the size asked for at the scale guessed now (`bufferSize`).
    /// What is chosen from it before the compositor answers (llvmpipe's thread count) needs only its order of size.
    public var expectedBufferSize: ConfigureState.Size {
        if configure.appliedCount == 0, asksFullscreen, registry.outputs.count == 1,
           let mode = registry.outputs.values.first?.modeSize, mode.width > 0, mode.height > 0 {
            return .init(width: mode.width, height: mode.height)
        }
        return bufferSize
    }
    /// Whether the window asked to be fullscreen when it was made.
    private let asksFullscreen: Bool
    /// Whether the surface's size is set by a viewport (fractional scale) rather than a buffer scale.
    var usesViewport: Bool { viewport != nil }
    /// Whether the compositor can stack surfaces of the app's own over the window and crop them to it
    /// (`wl_subcompositor` and `wp_viewporter`).
    public var canMakeSubsurfaces: Bool { registry.subcompositor != nil && registry.viewporter != nil }
    /// Whether the window is fullscreen now.
    public var isFullscreen: Bool { configure.fullscreen }

    /// Creates the toplevel; `fullscreen` is requested before the first commit; `minimumSize` (logical px) is the
    /// smallest size the compositor should make it (`xdg_toplevel.set_min_size`; the content's with libdecor).
    /// `log` hears what libdecor reports and a fall-back to no decorations.
    public init(registry: Registry, title: String, appID: String, size: ConfigureState.Size, fullscreen: Bool,
                minimumSize: ConfigureState.Size? = nil,
                log: @escaping (PlatformLogLevel, String) -> Void = { _, _ in }) throws {
        guard let compositor = registry.compositor?.proxy, registry.wmBase != nil,
              let surface = wl_compositor_create_surface(compositor)
        else { throw WaylandError.missingGlobal("could not create the window surface") }
        self.registry = registry
        self.surface = surface
        self.configure = ConfigureState(clientSize: size)
        asksFullscreen = fullscreen
        registry.windowSurface = surface
        let me = Listener.data(self)

        surfaceListener.initialize(to: wl_surface_listener(
            enter: { data, _, output in
                guard let data, let output else { return }
                Listener.object(Window.self, data).outputEntered(output, entered: true)
            },
            leave: { data, _, output in
                guard let data, let output else { return }
                Listener.object(Window.self, data).outputEntered(output, entered: false)
            }))
        wl_surface_add_listener(surface, surfaceListener, me)

        xdgSurfaceListener.initialize(to: xdg_surface_listener(configure: { data, xdgSurface, serial in
            guard let data else { return }
            let window = Listener.object(Window.self, data)
            xdg_surface_ack_configure(xdgSurface, serial)
            window.ackedSinceCommit = true
            window.surfaceConfigured()
        }))

        toplevelListener.initialize(to: xdg_toplevel_listener(
            configure: { data, _, width, height, states in
                guard let data else { return }
                var fullscreen = false, maximized = false
                let fixed: Set<UInt32> = [XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue, XDG_TOPLEVEL_STATE_TILED_LEFT.rawValue,
                                          XDG_TOPLEVEL_STATE_TILED_RIGHT.rawValue, XDG_TOPLEVEL_STATE_TILED_TOP.rawValue,
                                          XDG_TOPLEVEL_STATE_TILED_BOTTOM.rawValue]
                if let states, states.pointee.size > 0, let base = states.pointee.data {
                    let count = states.pointee.size / MemoryLayout<UInt32>.size
                    let values = base.bindMemory(to: UInt32.self, capacity: count)
                    for i in 0..<count {
                        if values[i] == XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue { fullscreen = true }
                        if fixed.contains(values[i]) { maximized = true }
                    }
                }
                Listener.object(Window.self, data).configure
                    .toplevelConfigure(width: width, height: height, fullscreen: fullscreen, maximized: maximized)
            },
            close: { data, _ in
                guard let data else { return }
                Listener.object(Window.self, data).onClose?()
            },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))

        callbackListener.initialize(to: wl_callback_listener(done: { data, callback, time in
            guard let data else { return }
            let window = Listener.object(Window.self, data)
            if let callback { wl_callback_destroy(callback) }
            window.frameCallback = nil
            window.onFrame?(time)
        }))

        feedbackListener.initialize(to: wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, feedback, secHi, secLo, nsec, refresh, mscHi, mscLo, flags in
                guard let data, let feedback else { return }
                let window = Listener.object(Window.self, data)
                guard let sequence = window.answered(feedback) else { return }
                // Seconds past 2^64 ns (year 2554) saturate instead of trapping.
                let seconds = (UInt64(secHi) << 32) | UInt64(secLo)
                let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                let (sum, carry) = scaled.addingReportingOverflow(UInt64(nsec))
                let ns = overflow || carry ? UInt64.max : sum
                window.onPresented?(Presentation(sequence: sequence, nanoseconds: ns, refreshNanoseconds: refresh,
                                                 msc: (UInt64(mscHi) << 32) | UInt64(mscLo), flags: flags))
            },
            discarded: { data, feedback in
                guard let data, let feedback else { return }
                let window = Listener.object(Window.self, data)
                guard let sequence = window.answered(feedback) else { return }
                window.onDiscarded?(sequence)
            }))

        decorListener.initialize(to: libdecor_interface(
            error: { _, _, message in
                // libdecor's error event carries its context only: the one decorated window's log hears it.
                let text = message.map { String(cString: $0) } ?? "unknown error"
                Window.decorErrorLog?(.warning, "libdecor: \(text)")
            },
            reserved0: nil, reserved1: nil, reserved2: nil, reserved3: nil, reserved4: nil, reserved5: nil,
            reserved6: nil, reserved7: nil, reserved8: nil, reserved9: nil))
        decorFrameListener.initialize(to: libdecor_frame_interface(
            configure: { frame, configuration, data in
                guard let frame, let configuration, let data else { return }
                Listener.object(Window.self, data).decorConfigured(frame: frame, configuration: configuration)
            },
            close: { _, data in
                guard let data else { return }
                Listener.object(Window.self, data).onClose?()
            },
            commit: { _, data in
                guard let data else { return }
                // The decorations are synchronised subsurfaces: what libdecor drew shows with the window's commit.
                Listener.object(Window.self, data).commit()
            },
            dismiss_popup: { _, _, _ in },
            reserved0: nil, reserved1: nil, reserved2: nil, reserved3: nil, reserved4: nil, reserved5: nil,
            reserved6: nil, reserved7: nil, reserved8: nil, reserved9: nil))

        let wanted = Decorations.choose(fullscreen: fullscreen, serverSideOffered: registry.decorationManager != nil)
        if wanted == .client {
            Window.decorErrorLog = log
            if !makeDecoratedFrame(title: title, appID: appID, minimumSize: minimumSize) {
                log(.warning, "libdecor could not decorate the window; it has no title bar")
            }
        }
        if decorFrame == nil {
            try makeToplevel(title: title, appID: appID, minimumSize: minimumSize, fullscreen: fullscreen)
        }
        if let viewporter = registry.viewporter?.proxy, let manager = registry.fractionalScale?.proxy,
           let viewport = wp_viewporter_get_viewport(viewporter, surface),
           let fractional = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface) {
            self.viewport = viewport
            self.fractionalScale = fractional
            fractionalListener.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
                guard let data else { return }
                let window = Listener.object(Window.self, data)
                window.preferredFractionalScale = Double(scale) / 120
                window.scaleMayHaveChanged()
            }))
            wp_fractional_scale_v1_add_listener(fractional, fractionalListener, me)
        } else {
            fractionalListener.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { _, _, _ in }))
        }
        registry.outputsChanged = { [weak self] in self?.scaleMayHaveChanged() }
        if let decorFrame {
            // libdecor commits once its xdg objects exist (after its registry roundtrip, in the event loop).
            libdecor_frame_map(decorFrame)
        } else {
            wl_surface_commit(surface) // the initial commit, without a buffer, asks for the first configure
        }
    }

    /// Where libdecor's error event reports (it carries no user data; only one window is decorated at a time).
    nonisolated(unsafe) private static var decorErrorLog: ((PlatformLogLevel, String) -> Void)?

    /// The plain xdg toplevel: title, app id, minimum size, server-side decorations where offered, fullscreen.
    private func makeToplevel(title: String, appID: String, minimumSize: ConfigureState.Size?, fullscreen: Bool) throws {
        guard let wmBase = registry.wmBase?.proxy, let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        else { throw WaylandError.missingGlobal("could not create the window surface") }
        self.xdgSurface = xdgSurface
        guard let toplevel = xdg_surface_get_toplevel(xdgSurface) else {
            throw WaylandError.missingGlobal("could not create the window surface")
        }
        self.toplevel = toplevel
        let me = Listener.data(self)
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, me)
        xdg_toplevel_add_listener(toplevel, toplevelListener, me)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        if let minimumSize { xdg_toplevel_set_min_size(toplevel, minimumSize.width, minimumSize.height) }
        if let manager = registry.decorationManager?.proxy,
           let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel) {
            zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
            self.decoration = decoration
            decorations = .server
        }
        if fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) }
    }

    /// The toplevel through libdecor (`decorations == .client`); false when libdecor cannot make one.
    private func makeDecoratedFrame(title: String, appID: String, minimumSize: ConfigureState.Size?) -> Bool {
        guard let context = libdecor_new(registry.display.pointer, decorListener) else { return false }
        // libdecor's plugin binds its globals (wl_shm, wl_compositor, …) from a registry of its own when those events
        // are dispatched; libdecor 0.1.1 destroys them unchecked, so freeing the context before that dispatch (an
        // exit before the first event: --quit-after 0.001, a trace on a full disk, a signal) crashed in
        // wl_shm_destroy(NULL). One round trip here gives it its globals before anything can end the run.
        _ = wl_display_roundtrip(registry.display.pointer)
        guard let frame = libdecor_decorate(context, surface, decorFrameListener, Listener.data(self)) else {
            libdecor_unref(context)
            return false
        }
        decor = context
        decorFrame = frame
        decorations = .client
        libdecor_frame_set_title(frame, title)
        libdecor_frame_set_app_id(frame, appID)
        // The content's minimum: libdecor adds the title bar to it for xdg_toplevel.set_min_size.
        if let minimumSize { libdecor_frame_set_min_content_size(frame, minimumSize.width, minimumSize.height) }
        return true
    }

    /// libdecor's configure: the content size it reports (decorations excluded; none means the client chooses),
    /// applied, then committed to the frame with that size (which acks the configure and redraws the title bar).
    private func decorConfigured(frame: OpaquePointer, configuration: OpaquePointer) {
        var width: Int32 = 0, height: Int32 = 0
        if !libdecor_configuration_get_content_size(configuration, frame, &width, &height) { width = 0; height = 0 }
        var state = LIBDECOR_WINDOW_STATE_NONE
        if !libdecor_configuration_get_window_state(configuration, &state) { state = LIBDECOR_WINDOW_STATE_NONE }
        let fixed = LIBDECOR_WINDOW_STATE_MAXIMIZED.rawValue | LIBDECOR_WINDOW_STATE_TILED_LEFT.rawValue
            | LIBDECOR_WINDOW_STATE_TILED_RIGHT.rawValue | LIBDECOR_WINDOW_STATE_TILED_TOP.rawValue
            | LIBDECOR_WINDOW_STATE_TILED_BOTTOM.rawValue
        configure.toplevelConfigure(width: width, height: height,
                                    fullscreen: state.rawValue & LIBDECOR_WINDOW_STATE_FULLSCREEN.rawValue != 0,
                                    maximized: state.rawValue & fixed != 0)
        _ = configure.surfaceConfigure()
        let size = drawnSize
        guard let committed = libdecor_state_new(size.width, size.height) else { return }
        libdecor_frame_commit(frame, committed, configuration)
        libdecor_state_free(committed)
        ackedSinceCommit = true
        onConfigure?(Configured(size: size, scale: currentScale(), isFirst: configure.appliedCount == 1))
    }

    /// libdecor's own events when they do not come through the connection (its plugin's file descriptor is not the
    /// display's): the loop polls `fd` and calls `dispatch`, which returns false when libdecor failed. Nil for the
    /// cairo plugin, whose objects live on the display's default queue and are dispatched with the app's.
    public var decorationEvents: EventLoop.Source? {
        guard let decor else { return nil }
        let fd = libdecor_get_fd(decor)
        guard fd >= 0, fd != registry.display.fileDescriptor else { return nil }
        return EventLoop.Source(name: "libdecor's event dispatch", fd: fd) { [weak self] in
            guard let context = self?.decor else { return true }
            return libdecor_dispatch(context, 0) >= 0
        }
    }

    deinit {
        while let unanswered = feedback.removeFirst() { wp_presentation_feedback_destroy(unanswered.proxy) }
        if let frameCallback { wl_callback_destroy(frameCallback) }
        if let idleInhibitor { zwp_idle_inhibitor_v1_destroy(idleInhibitor) }
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let viewport { wp_viewport_destroy(viewport) }
        if let stretchViewport { wp_viewport_destroy(stretchViewport) }
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        // libdecor's frame destroys its toplevel, xdg_surface and decoration subsurfaces; its context its globals.
        if let decorFrame { libdecor_frame_unref(decorFrame) }
        if registry.windowSurface == surface { registry.windowSurface = nil }
        wl_surface_destroy(surface)
        if let decor {
            libdecor_unref(decor)
            Window.decorErrorLog = nil
        }
        for listener in [UnsafeMutableRawPointer(surfaceListener), UnsafeMutableRawPointer(xdgSurfaceListener), UnsafeMutableRawPointer(toplevelListener), UnsafeMutableRawPointer(callbackListener), UnsafeMutableRawPointer(fractionalListener), UnsafeMutableRawPointer(feedbackListener), UnsafeMutableRawPointer(decorListener), UnsafeMutableRawPointer(decorFrameListener)] { listener.deallocate() }
    }

    /// Whether the window keeps the screen from blanking (`zwp_idle_inhibitor_v1` on its surface).
    public var isIdleInhibited: Bool { idleInhibitor != nil }

    /// Keeps the screen from blanking and locking while the window is visible (`inhibited`), or lets it again, by
    /// making or destroying an idle inhibitor on the surface. False when the compositor offers no
    /// `zwp_idle_inhibit_manager_v1` (or refused one): then nothing changes.
    @discardableResult
    public func inhibitIdle(_ inhibited: Bool) -> Bool {
        guard inhibited != isIdleInhibited else { return true }
        if let idleInhibitor {
            zwp_idle_inhibitor_v1_destroy(idleInhibitor)
            self.idleInhibitor = nil
            return true
        }
        guard let manager = registry.idleInhibit?.proxy,
              let inhibitor = zwp_idle_inhibit_manager_v1_create_inhibitor(manager, surface) else { return false }
        idleInhibitor = inhibitor
        return true
    }

    /// Asks for the next `wl_surface.frame` callback, unless one is outstanding. Call before `eglSwapBuffers`.
    public func requestFrame() {
        guard frameCallback == nil, let callback = wl_surface_frame(surface) else { return }
        frameCallback = callback
        wl_callback_add_listener(callback, callbackListener, Listener.data(self))
    }

    /// Asks for presentation feedback for the next commit, reported with `sequence`; false when not offered.
    @discardableResult
    public func requestPresentationFeedback(sequence: UInt64) -> Bool {
        guard let presentation = registry.presentation?.proxy,
              let feedback = wp_presentation_feedback(presentation, surface) else { return false }
        wp_presentation_feedback_add_listener(feedback, feedbackListener, Listener.data(self))
        if let dropped = self.feedback.append(.init(proxy: feedback, sequence: sequence)) {
            // Never answered (sway 1.7 headless answers none): freed, so they cannot pile up frame after frame.
            wp_presentation_feedback_destroy(dropped.proxy)
            droppedFeedbackCount += 1
        }
        return true
    }

    /// Frees an answered feedback object; its frame's sequence, or nil when it was already dropped.
    private func answered(_ proxy: OpaquePointer) -> UInt64? {
        wp_presentation_feedback_destroy(proxy)
        return feedback.remove { $0.proxy == proxy }?.sequence
    }

    /// Commits the surface without a new buffer: what its subsurfaces committed and where they were placed take
    /// effect, and the frame callback and presentation feedback asked for are attached to this commit.
    public func commit() {
        prepareCommit()
        wl_surface_commit(surface)
    }

    /// Damages the window's top-left pixel, its buffer unchanged: a commit that must be made though no pixel changed
    /// (a frame started by touch) still has the compositor repaint, and so answer its frame callback and feedback
    /// at the next refresh; mutter repaints nothing for a commit without damage and answers neither until something
    /// else is repainted (~150 ms into a drag, its feedback then discarded).
    public func damageOnePixel() {
        if wl_surface_get_version(surface) >= 4 {
            wl_surface_damage_buffer(surface, 0, 0, 1, 1)
        } else {
            wl_surface_damage(surface, 0, 0, 1, 1)
        }
    }

    /// A configure was acknowledged and no commit has carried the acknowledgement yet.
    private var ackedSinceCommit = false

    /// Whether the next commit carries state that is not applied yet (an acknowledged configure, a new scale or
    /// size): then it must be made even when no pixel changed.
    public var hasPendingState: Bool {
        ackedSinceCommit || currentScale() != appliedScale || drawnSize != appliedSize
    }

    /// Stretches the buffers the window is committed with from now on over its logical size (`on`: a strip a few
    /// buffer px wide holding rows that are each one colour, shown as the window by `wp_viewporter`), or shows them
    /// at their own size again (`off`); applied at the next commit, and sized again to the window's size at each
    /// call. False, and nothing done, when the compositor offers no `wp_viewporter` or the window's size is already
    /// a viewport's (a fractional scale).
    @discardableResult
    public func stretchBuffer(_ on: Bool) -> Bool {
        guard viewport == nil else { return false }
        if stretchViewport == nil {
            guard on, let viewporter = registry.viewporter?.proxy,
                  let made = wp_viewporter_get_viewport(viewporter, surface) else { return !on }
            stretchViewport = made
        }
        guard let stretchViewport else { return false }
        let size = on ? (drawnSize.width, drawnSize.height) : (Int32(-1), Int32(-1))
        if appliedStretch != size {
            wp_viewport_set_destination(stretchViewport, size.0, size.1)
            appliedStretch = size
        }
        return true
    }

    /// Whether `stretchBuffer(true)` can stretch the window's buffer: the compositor offers `wp_viewporter` and the
    /// window's size is not already a viewport's (a fractional scale).
    public var canStretchBuffer: Bool { viewport == nil && registry.viewporter != nil }

    /// Sets buffer scale, viewport destination and opaque region for the size and scale in effect.
    /// Call before `eglSwapBuffers` (which commits); cheap when nothing changed.
    public func prepareCommit() {
        ackedSinceCommit = false
        let s = currentScale()
        let size = drawnSize
        guard s != appliedScale || size != appliedSize else { return }
        if let viewport {
            wl_surface_set_buffer_scale(surface, 1)
            wp_viewport_set_destination(viewport, size.width, size.height)
        } else {
            wl_surface_set_buffer_scale(surface, Int32(s))
        }
        // The window is the surface alone: a subsurface reaching past it (a panel sliding off the bottom edge) must
        // not grow the geometry (which would break the configured fullscreen or maximized size). libdecor sets the
        // geometry itself (the content and its title bar) when it commits a configure.
        if let xdgSurface { xdg_surface_set_window_geometry(xdgSurface, 0, 0, size.width, size.height) }
        if let compositor = registry.compositor?.proxy, let region = wl_compositor_create_region(compositor) {
            wl_region_add(region, 0, 0, size.width, size.height)
            wl_surface_set_opaque_region(surface, region)
            wl_region_destroy(region)
        }
        appliedScale = s
        appliedSize = size
    }

    /// The scales the window draws at: a compositor's preferred or output scale outside it is clamped (0 would
    /// make an empty buffer, 1000 one no GPU can allocate).
    public static let scaleRange = 0.25...8.0

    /// The scale in effect. Read several times a frame (the buffer size, the pending state, the commit): worked out
    /// again only when something it is worked out from changed (`scaleMemo`, `Registry.outputsGeneration`).
    private func currentScale() -> Double {
        if let scaleMemo, scaleMemo.outputs == registry.outputsGeneration { return scaleMemo.scale }
        let scale = workedOutScale()
        scaleMemo = (scale, registry.outputsGeneration)
        return scale
    }

    /// The scale in effect, from the fractional scale asked for, else the outputs the surface is on (no array made).
    private func workedOutScale() -> Double {
        if viewport != nil { return (preferredFractionalScale ?? 1).clamped(to: Self.scaleRange) }
        // Before the surface has entered any output, guess the largest output scale so the first frame is sharp.
        var largest: Int32?
        if enteredOutputs.isEmpty {
            for output in registry.outputs.values { largest = max(largest ?? output.scale, output.scale) }
        } else {
            for name in enteredOutputs {
                if let scale = registry.outputs[name]?.scale { largest = max(largest ?? scale, scale) }
            }
        }
        return Double(largest ?? 1).clamped(to: Self.scaleRange)
    }

    private func outputEntered(_ proxy: OpaquePointer, entered: Bool) {
        guard let output = registry.outputs.values.first(where: { $0.proxy == proxy }) else { return }
        if entered { enteredOutputs.insert(output.globalName) } else { enteredOutputs.remove(output.globalName) }
        scaleMayHaveChanged()
    }

    private func scaleMayHaveChanged() {
        guard configure.appliedCount > 0, currentScale() != appliedScale else { return }
        onConfigure?(Configured(size: drawnSize, scale: currentScale(), isFirst: false))
    }

    private func surfaceConfigured() {
        _ = configure.surfaceConfigure()
        onConfigure?(Configured(size: drawnSize, scale: currentScale(), isFirst: configure.appliedCount == 1))
    }
}

/// A presentation feedback object and the frame it reports on.
private struct PendingFeedback {
    let proxy: OpaquePointer
    let sequence: UInt64
}

extension Double {
    /// The value limited to `range`.
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
