import CWaylandClient
import CWaylandProtocols

/// The xdg toplevel Momentum draws into: configure handling, scale, decorations, frame callbacks and
/// presentation feedback. EGL draws into `surface` (through a `wl_egl_window` the renderer owns).
public final class Window {
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
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var decoration: OpaquePointer?
    private var viewport: OpaquePointer?
    private var fractionalScale: OpaquePointer?
    private var frameCallback: OpaquePointer?
    /// Presentation feedback asked for and not yet answered, oldest first.
    private var feedback = BoundedQueue<PendingFeedback>(limit: Window.unansweredFeedbackLimit)
    private var configure: ConfigureState
    private var enteredOutputs: Set<UInt32> = []
    private var preferredFractionalScale: Double?
    private var appliedScale: Double = 0
    private var appliedSize = ConfigureState.Size(width: 0, height: 0)

    private let surfaceListener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
    private let xdgSurfaceListener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    private let toplevelListener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
    private let callbackListener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    private let fractionalListener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
    private let feedbackListener = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)

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
    public var logicalSize: ConfigureState.Size { configure.size }
    /// True while a frame callback is outstanding (at most one ever is).
    public var frameIsPending: Bool { frameCallback != nil }
    /// The scale in effect.
    public var scale: Double { currentScale() }
    /// The buffer size in pixels for the current logical size and scale.
    public var bufferSize: ConfigureState.Size {
        let s = currentScale()
        return .init(width: Int32((Double(configure.size.width) * s).rounded()),
                     height: Int32((Double(configure.size.height) * s).rounded()))
    }
    /// Whether the surface's size is set by a viewport (fractional scale) rather than a buffer scale.
    var usesViewport: Bool { viewport != nil }
    /// Whether the compositor can stack surfaces of the app's own over the window and crop them to it
    /// (`wl_subcompositor` and `wp_viewporter`).
    public var canMakeSubsurfaces: Bool { registry.subcompositor != nil && registry.viewporter != nil }
    /// Whether the window is fullscreen now.
    public var isFullscreen: Bool { configure.fullscreen }

    /// Creates the toplevel; `fullscreen` is requested before the first commit; `minimumSize` (logical px) is the
    /// smallest size the compositor should make it (`xdg_toplevel.set_min_size`).
    public init(registry: Registry, title: String, appID: String, size: ConfigureState.Size, fullscreen: Bool,
                minimumSize: ConfigureState.Size? = nil) throws {
        guard let compositor = registry.compositor?.proxy, let wmBase = registry.wmBase?.proxy,
              let surface = wl_compositor_create_surface(compositor),
              let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface),
              let toplevel = xdg_surface_get_toplevel(xdgSurface)
        else { throw WaylandError.missingGlobal("could not create the window surface") }
        self.registry = registry
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
        self.configure = ConfigureState(clientSize: size)
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
            window.surfaceConfigured()
        }))
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, me)

        toplevelListener.initialize(to: xdg_toplevel_listener(
            configure: { data, _, width, height, states in
                guard let data else { return }
                var fullscreen = false
                if let states, states.pointee.size > 0, let base = states.pointee.data {
                    let count = states.pointee.size / MemoryLayout<UInt32>.size
                    let values = base.bindMemory(to: UInt32.self, capacity: count)
                    for i in 0..<count where values[i] == XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue { fullscreen = true }
                }
                Listener.object(Window.self, data)
                    .configure.toplevelConfigure(width: width, height: height, fullscreen: fullscreen)
            },
            close: { data, _ in
                guard let data else { return }
                Listener.object(Window.self, data).onClose?()
            },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))
        xdg_toplevel_add_listener(toplevel, toplevelListener, me)

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

        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        if let minimumSize { xdg_toplevel_set_min_size(toplevel, minimumSize.width, minimumSize.height) }
        if let manager = registry.decorationManager?.proxy,
           let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel) {
            zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
            self.decoration = decoration
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
        if fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) }
        registry.outputsChanged = { [weak self] in self?.scaleMayHaveChanged() }
        wl_surface_commit(surface) // the initial commit, without a buffer, asks for the first configure
    }

    deinit {
        while let unanswered = feedback.removeFirst() { wp_presentation_feedback_destroy(unanswered.proxy) }
        if let frameCallback { wl_callback_destroy(frameCallback) }
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let viewport { wp_viewport_destroy(viewport) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
        for listener in [UnsafeMutableRawPointer(surfaceListener), UnsafeMutableRawPointer(xdgSurfaceListener), UnsafeMutableRawPointer(toplevelListener), UnsafeMutableRawPointer(callbackListener), UnsafeMutableRawPointer(fractionalListener), UnsafeMutableRawPointer(feedbackListener)] { listener.deallocate() }
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

    /// Sets buffer scale, viewport destination and opaque region for the size and scale in effect.
    /// Call before `eglSwapBuffers` (which commits); cheap when nothing changed.
    public func prepareCommit() {
        let s = currentScale()
        let size = configure.size
        guard s != appliedScale || size != appliedSize else { return }
        if let viewport {
            wl_surface_set_buffer_scale(surface, 1)
            wp_viewport_set_destination(viewport, size.width, size.height)
        } else {
            wl_surface_set_buffer_scale(surface, Int32(s))
        }
        // The window is the surface alone: a subsurface reaching past it (a panel sliding off the bottom edge) must
        // not grow the geometry (which would break the configured fullscreen or maximized size).
        xdg_surface_set_window_geometry(xdgSurface, 0, 0, size.width, size.height)
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

    private func currentScale() -> Double {
        if viewport != nil { return (preferredFractionalScale ?? 1).clamped(to: Self.scaleRange) }
        // Before the surface has entered any output, guess the largest output scale so the first frame is sharp.
        let scales = enteredOutputs.isEmpty ? registry.outputs.values.map(\.scale)
                                            : enteredOutputs.compactMap { registry.outputs[$0]?.scale }
        return Double(scales.max() ?? 1).clamped(to: Self.scaleRange)
    }

    private func outputEntered(_ proxy: OpaquePointer, entered: Bool) {
        guard let output = registry.outputs.values.first(where: { $0.proxy == proxy }) else { return }
        if entered { enteredOutputs.insert(output.globalName) } else { enteredOutputs.remove(output.globalName) }
        scaleMayHaveChanged()
    }

    private func scaleMayHaveChanged() {
        guard configure.appliedCount > 0, currentScale() != appliedScale else { return }
        onConfigure?(Configured(size: configure.size, scale: currentScale(), isFirst: false))
    }

    private func surfaceConfigured() {
        _ = configure.surfaceConfigure()
        onConfigure?(Configured(size: configure.size, scale: currentScale(), isFirst: configure.appliedCount == 1))
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
