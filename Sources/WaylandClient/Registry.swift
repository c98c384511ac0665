import CWaylandClient
import CWaylandProtocols

/// The globals Momentum binds, at min(advertised, supported) versions.
public final class Registry {
    /// A bound optional or required global.
    public struct Bound {
        /// The proxy.
        public let proxy: OpaquePointer
        /// The version it was bound at.
        public let version: UInt32
    }

    private let registry: OpaquePointer
    /// The connection (libdecor makes its own registry and objects on it).
    let display: Display
    private let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    /// Called when an output comes or goes after start-up, or changes its scale.
    var outputsChanged: (() -> Void)?
    private let wmBaseListener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
    private let log: (PlatformLogLevel, String) -> Void

    /// `wl_compositor` (required).
    public private(set) var compositor: Bound?
    /// `xdg_wm_base` (required).
    public private(set) var wmBase: Bound?
    /// `wl_subcompositor` (optional: without it every layer is drawn into the window's own surface).
    public private(set) var subcompositor: Bound?
    /// `wl_seat` (optional).
    public private(set) var seat: Bound?
    /// Input from the first `wl_seat`, if there is one.
    public private(set) var input: Seat?
    /// `wp_presentation` (optional).
    public private(set) var presentation: Bound?
    /// `wp_viewporter` (optional).
    public private(set) var viewporter: Bound?
    /// `wp_fractional_scale_manager_v1` (optional).
    public private(set) var fractionalScale: Bound?
    /// `zxdg_decoration_manager_v1` (optional).
    public private(set) var decorationManager: Bound?
    /// `zwp_input_timestamps_manager_v1` (optional).
    public private(set) var inputTimestamps: Bound?
    /// `wl_shm` (optional: without it, and without `cursorShape`, the pointer gets no cursor image of ours).
    public private(set) var shm: Bound?
    /// `wp_cursor_shape_manager_v1` (optional: the cursor is then drawn from the XCursor theme).
    public private(set) var cursorShape: Bound?
    /// `zwp_idle_inhibit_manager_v1` (optional: without it the screen may blank during an autoplay or a benchmark).
    public private(set) var idleInhibit: Bound?
    /// `zwp_pointer_gestures_v1` (optional: a touchpad's pinch zooms the playground's card where offered).
    public private(set) var pointerGestures: Bound?
    /// The window's surface, once there is one: the seat reports input on it alone (not on decorations).
    var windowSurface: OpaquePointer?
    /// `wl_output`s by global name.
    public private(set) var outputs: [UInt32: Output] = [:] { didSet { outputsGeneration &+= 1 } }
    /// Changes whenever an output comes or goes or is told a scale: what is worked out from the outputs' scales holds
    /// while this is the same (`Window`'s scale, read several times a frame).
    private(set) var outputsGeneration: UInt64 = 0
    /// Every global the compositor advertised at start-up: interface and version, in the order announced.
    public private(set) var advertised: [(interface: String, version: UInt32)] = []
    /// The clock `wp_presentation` timestamps are on (`wp_presentation.clock_id`), once the compositor said.
    public private(set) var presentationClock: Int32?
    private let presentationListener = UnsafeMutablePointer<wp_presentation_listener>.allocate(capacity: 1)

    /// Lists the globals (one roundtrip), binds what Momentum uses, and fails on a missing required one. Reports
    /// through `log`: each bound global at `.debug`, each missing optional one once (at `.info` for `wl_seat`,
    /// which leaves the client without input; at `.debug` for the rest, which only lose a refinement).
    public init(display: Display, log: @escaping (PlatformLogLevel, String) -> Void) throws {
        guard let registry = wl_display_get_registry(display.pointer) else {
            throw display.connectionError()
        }
        self.registry = registry
        self.display = display
        self.log = log
        wmBaseListener.initialize(to: xdg_wm_base_listener(ping: { _, wmBase, serial in
            xdg_wm_base_pong(wmBase, serial) // the compositor checks we are alive
        }))
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let data, let interface else { return }
                Listener.object(Registry.self, data)
                    .announce(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { data, _, name in
                guard let data else { return }
                Listener.object(Registry.self, data).remove(name: name)
            }))
        presentationListener.initialize(to: wp_presentation_listener(clock_id: { data, _, clock in
            guard let data else { return }
            Listener.object(Registry.self, data).presentationClock = Int32(bitPattern: clock)
        }))
        wl_registry_add_listener(registry, listener, Listener.data(self))
        try display.roundtrip()
        try display.roundtrip() // the outputs' scale and mode events answer the binds
        guard let compositor else { throw WaylandError.missingGlobal("the compositor offers no wl_compositor") }
        guard let wmBase else {
            throw WaylandError.missingGlobal("the compositor offers no xdg_wm_base (xdg-shell); Momentum needs it")
        }
        log(.debug, "bound wl_compositor version \(compositor.version)")
        log(.debug, "bound xdg_wm_base version \(wmBase.version)")
        let optional: [(name: String, without: String, bound: Bound?, level: PlatformLogLevel)] = [
            ("wl_seat", "no touch, pointer or keyboard input", seat, .info),
            ("wl_subcompositor", "no layer surfaces: moving layers are drawn by the client", subcompositor, .debug),
            ("wp_presentation", "frame timing from callbacks only", presentation, .debug),
            ("wp_viewporter", "no fractional scaling", viewporter, .debug),
            ("wp_fractional_scale_manager_v1", "integer scale only", fractionalScale, .debug),
            ("zxdg_decoration_manager_v1", "no server-side decorations: a window is decorated by libdecor",
             decorationManager, .debug),
            ("zwp_input_timestamps_manager_v1", "millisecond input timestamps", inputTimestamps, .debug),
            ("wp_cursor_shape_manager_v1", "the cursor comes from the XCursor theme", cursorShape, .debug),
            ("wl_shm", "no cursor theme images", shm, .debug),
            ("zwp_idle_inhibit_manager_v1", "the screen may blank while autoplaying", idleInhibit, .debug),
            ("zwp_pointer_gestures_v1", "no touchpad pinch", pointerGestures, .debug),
        ]
        for global in optional {
            if let bound = global.bound {
                log(.debug, "bound \(global.name) version \(bound.version)")
            } else {
                log(global.level, "the compositor offers no \(global.name) (\(global.without))")
            }
        }
        if outputs.isEmpty {
            log(.debug, "the compositor offers no wl_output (buffer scale 1)")
        } else {
            log(.debug, "bound \(outputs.count) wl_output(s)")
        }
    }

    /// Releases in reverse order of use: the seat's devices, the seat, the outputs, then every bound global.
    deinit {
        input = nil
        if let seat { if seat.version >= 5 { wl_seat_release(seat.proxy) } else { wl_seat_destroy(seat.proxy) } }
        outputs.removeAll()
        if let inputTimestamps { zwp_input_timestamps_manager_v1_destroy(inputTimestamps.proxy) }
        if let cursorShape { wp_cursor_shape_manager_v1_destroy(cursorShape.proxy) }
        if let idleInhibit { zwp_idle_inhibit_manager_v1_destroy(idleInhibit.proxy) }
        if let pointerGestures { zwp_pointer_gestures_v1_destroy(pointerGestures.proxy) }
        if let shm { wl_shm_destroy(shm.proxy) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager.proxy) }
        if let fractionalScale { wp_fractional_scale_manager_v1_destroy(fractionalScale.proxy) }
        if let viewporter { wp_viewporter_destroy(viewporter.proxy) }
        if let presentation { wp_presentation_destroy(presentation.proxy) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor.proxy) }
        if let wmBase { xdg_wm_base_destroy(wmBase.proxy) }
        if let compositor { wl_compositor_destroy(compositor.proxy) }
        wl_registry_destroy(registry)
        listener.deallocate()
        wmBaseListener.deallocate()
        presentationListener.deallocate()
    }

    private func bind(_ name: UInt32, _ global: Global, _ advertised: UInt32) -> Bound? {
        let version = min(advertised, global.supportedVersion)
        guard let raw = wl_registry_bind(registry, name, global.interface, version) else { return nil }
        return Bound(proxy: OpaquePointer(raw), version: version)
    }

    private func announce(name: UInt32, interface: String, version: UInt32) {
        advertised.append((interface, version))
        guard let global = Global(rawValue: interface) else { return }
        switch global {
        case .compositor: compositor = bind(name, global, version)
        case .wmBase:
            wmBase = bind(name, global, version)
            if let wmBase { xdg_wm_base_add_listener(wmBase.proxy, wmBaseListener, nil) }
        case .seat:
            guard seat == nil else { return }
            seat = bind(name, global, version)
            if let seat { input = Seat(proxy: seat.proxy, version: seat.version, registry: self, log: log) }
        case .subcompositor: subcompositor = bind(name, global, version)
        case .presentation:
            presentation = bind(name, global, version)
            if let presentation { wp_presentation_add_listener(presentation.proxy, presentationListener, Listener.data(self)) }
        case .viewporter: viewporter = bind(name, global, version)
        case .fractionalScale: fractionalScale = bind(name, global, version)
        case .decorationManager: decorationManager = bind(name, global, version)
        case .inputTimestamps: inputTimestamps = bind(name, global, version)
        case .shm: shm = bind(name, global, version)
        case .cursorShape: cursorShape = bind(name, global, version)
        case .idleInhibit: idleInhibit = bind(name, global, version)
        case .pointerGestures: pointerGestures = bind(name, global, version)
        case .output:
            if let bound = bind(name, global, version) {
                let output = Output(proxy: bound.proxy, globalName: name, version: bound.version)
                output.changed = { [weak self] in self?.outputsChanged?() }
                output.scaleSet = { [weak self] in self?.outputsGeneration &+= 1 }
                outputs[name] = output
            }
        }
    }

    private func remove(name: UInt32) {
        if outputs.removeValue(forKey: name) != nil { outputsChanged?() }
    }
}
