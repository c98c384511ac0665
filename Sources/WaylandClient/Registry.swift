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
    private let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    /// Called when an output comes or goes after start-up, or changes its scale.
    var outputsChanged: (() -> Void)?
    private let wmBaseListener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)

    /// `wl_compositor` (required).
    public private(set) var compositor: Bound?
    /// `xdg_wm_base` (required).
    public private(set) var wmBase: Bound?
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
    /// `wl_output`s by global name.
    public private(set) var outputs: [UInt32: Output] = [:]

    /// Highest versions this client speaks.
    static let supported: [String: UInt32] = [
        "wl_compositor": 5, "xdg_wm_base": 5, "wl_seat": 7, "wp_presentation": 1, "wp_viewporter": 1,
        "wp_fractional_scale_manager_v1": 1, "zxdg_decoration_manager_v1": 1,
        "zwp_input_timestamps_manager_v1": 1, "wl_output": 4,
    ]

    /// Lists the globals (one roundtrip), binds what Momentum uses, and fails on a missing required one. Reports
    /// through `log`: each bound global at `.debug`, each missing optional one once (at `.info` for `wl_seat`,
    /// which leaves the client without input; at `.debug` for the rest, which only lose a refinement).
    public init(display: Display, log: @escaping (PlatformLogLevel, String) -> Void) throws {
        guard let registry = wl_display_get_registry(display.pointer) else {
            throw display.connectionError()
        }
        self.registry = registry
        wmBaseListener.initialize(to: xdg_wm_base_listener(ping: { _, wmBase, serial in
            xdg_wm_base_pong(wmBase, serial) // the compositor checks we are alive
        }))
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let data, let interface else { return }
                Unmanaged<Registry>.fromOpaque(data).takeUnretainedValue()
                    .announce(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { data, _, name in
                guard let data else { return }
                Unmanaged<Registry>.fromOpaque(data).takeUnretainedValue().remove(name: name)
            }))
        wl_registry_add_listener(registry, listener, Unmanaged.passUnretained(self).toOpaque())
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
            ("wp_presentation", "frame timing from callbacks only", presentation, .debug),
            ("wp_viewporter", "no fractional scaling", viewporter, .debug),
            ("wp_fractional_scale_manager_v1", "integer scale only", fractionalScale, .debug),
            ("zxdg_decoration_manager_v1", "no server-side decorations", decorationManager, .debug),
            ("zwp_input_timestamps_manager_v1", "millisecond input timestamps", inputTimestamps, .debug),
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

    deinit {
        wl_registry_destroy(registry)
        listener.deallocate()
        wmBaseListener.deallocate()
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, _ id: String, _ advertised: UInt32) -> Bound? {
        let version = min(advertised, Self.supported[id] ?? 1)
        guard let raw = wl_registry_bind(registry, name, interface, version) else { return nil }
        return Bound(proxy: OpaquePointer(raw), version: version)
    }

    private func announce(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor": compositor = bind(name, mo_wl_compositor_interface(), interface, version)
        case "xdg_wm_base":
            wmBase = bind(name, mo_xdg_wm_base_interface(), interface, version)
            if let wmBase { xdg_wm_base_add_listener(wmBase.proxy, wmBaseListener, nil) }
        case "wl_seat" where seat == nil:
            seat = bind(name, mo_wl_seat_interface(), interface, version)
            if let seat { input = Seat(proxy: seat.proxy, registry: self) }
        case "wp_presentation": presentation = bind(name, mo_wp_presentation_interface(), interface, version)
        case "wp_viewporter": viewporter = bind(name, mo_wp_viewporter_interface(), interface, version)
        case "wp_fractional_scale_manager_v1":
            fractionalScale = bind(name, mo_wp_fractional_scale_manager_v1_interface(), interface, version)
        case "zxdg_decoration_manager_v1":
            decorationManager = bind(name, mo_zxdg_decoration_manager_v1_interface(), interface, version)
        case "zwp_input_timestamps_manager_v1":
            inputTimestamps = bind(name, mo_zwp_input_timestamps_manager_v1_interface(), interface, version)
        case "wl_output":
            if let bound = bind(name, mo_wl_output_interface(), interface, version) {
                let output = Output(proxy: bound.proxy, globalName: name, version: bound.version)
                output.changed = { [weak self] in self?.outputsChanged?() }
                outputs[name] = output
            }
        default: break
        }
    }

    private func remove(name: UInt32) {
        if outputs.removeValue(forKey: name) != nil { outputsChanged?() }
    }
}
