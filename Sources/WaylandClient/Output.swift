import CWaylandClient

/// A `wl_output`: its integer scale, name and refresh, tracked so the window can pick its buffer scale.
public final class Output {
    /// The `wl_output *`.
    public let proxy: OpaquePointer
    /// The global name it was bound from.
    public let globalName: UInt32
    /// The integer scale the compositor advertises (1 until told otherwise).
    public private(set) var scale: Int32 = 1 { didSet { scaleSet?() } }
    /// The refresh rate of the current mode in mHz (0 when unknown).
    public private(set) var refreshMilliHertz: Int32 = 0
    /// The current mode's size in pixels (0 × 0 until told).
    public private(set) var modeSize: (width: Int32, height: Int32) = (0, 0)
    /// The output's name (v4), if any.
    public private(set) var name: String?
    /// Called after an atomic group of changes (`wl_output.done`).
    var changed: (() -> Void)?
    /// Called when the compositor tells the scale (before its `done`, and with a `wl_output` of version 1, which has
    /// none).
    var scaleSet: (() -> Void)?
    private let version: UInt32
    private let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)

    init(proxy: OpaquePointer, globalName: UInt32, version: UInt32) {
        self.proxy = proxy
        self.globalName = globalName
        self.version = version
        listener.initialize(to: wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { data, _, flags, width, height, refresh in
                guard let data, flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
                let output = Listener.object(Output.self, data)
                output.refreshMilliHertz = refresh
                output.modeSize = (width, height)
            },
            done: { data, _ in
                guard let data else { return }
                Listener.object(Output.self, data).changed?()
            },
            scale: { data, _, factor in
                guard let data else { return }
                Listener.object(Output.self, data).scale = max(1, factor)
            },
            name: { data, _, name in
                guard let data, let name else { return }
                Listener.object(Output.self, data).name = String(cString: name)
            },
            description: { _, _, _ in }))
        wl_output_add_listener(proxy, listener, Listener.data(self))
    }

    deinit {
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
        listener.deallocate()
    }
}
