import CWaylandClient
import CWaylandProtocols
import Glibc

/// A connection that only watches a compositor's first `wl_seat`: which devices it offers now, and waiting, on the
/// compositor's events and not on a clock, until it offers one (a nested compositor's touch, once its parent's touch
/// device was plugged in again).
public final class SeatWatch {
    private let display: OpaquePointer
    private var registry: OpaquePointer?
    private var seat: OpaquePointer?
    /// The seat's last `capabilities` (`WL_SEAT_CAPABILITY_*` bits).
    private var capabilities: UInt32 = 0
    private let registryListener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    private let seatListener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)

    /// Connects to the compositor at `socket` (an absolute path) and binds its first `wl_seat`.
    public init(socket: String) throws(WaylandError) {
        guard let display = wl_display_connect(socket) else {
            throw .noCompositor("cannot connect to the Wayland socket \(socket): \(String(cString: strerror(errno)))")
        }
        self.display = display
        registryListener.initialize(to: wl_registry_listener(
            global: { data, registry, name, interface, _ in
                guard let data, let interface, String(cString: interface) == "wl_seat" else { return }
                let watch = Listener.object(SeatWatch.self, data)
                guard watch.seat == nil, let bound = wl_registry_bind(registry, name, mo_wl_seat_interface(), 1) else { return }
                watch.seat = OpaquePointer(bound)
                wl_seat_add_listener(watch.seat, watch.seatListener, data)
            },
            global_remove: { _, _, _ in }))
        seatListener.initialize(to: wl_seat_listener(
            capabilities: { data, _, caps in
                guard let data else { return }
                Listener.object(SeatWatch.self, data).capabilities = caps
            },
            name: { _, _, _ in }))
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, Listener.data(self))
        // The globals, then the seat's first capabilities.
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            throw .compositorGone("the compositor at \(socket) closed the connection")
        }
    }

    deinit {
        if let seat { wl_seat_destroy(seat) }
        if let registry { wl_registry_destroy(registry) }
        wl_display_disconnect(display)
        registryListener.deallocate()
        seatListener.deallocate()
    }

    /// Whether the seat offers touch now (as last announced).
    public var hasTouch: Bool { capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0 }

    /// Whether the compositor has a seat at all.
    public var hasSeat: Bool { seat != nil }

    /// Reads the compositor's events until the seat offers touch (true) or `timeout` passes (false).
    public func waitForTouch(timeout: Duration) throws(WaylandError) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !hasTouch {
            let left = deadline - ContinuousClock.now
            if left <= .zero { return false }
            if wl_display_prepare_read(display) != 0 {
                if wl_display_dispatch_pending(display) < 0 { throw .compositorGone("the compositor closed the connection") }
                continue
            }
            _ = wl_display_flush(display)
            var fd = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&fd, 1, milliseconds)
            if ready <= 0 {
                wl_display_cancel_read(display)
                if ready < 0 && errno != EINTR { throw .compositorGone("poll failed: \(String(cString: strerror(errno)))") }
                continue
            }
            if wl_display_read_events(display) < 0 || wl_display_dispatch_pending(display) < 0 {
                throw .compositorGone("the compositor closed the connection")
            }
        }
        return true
    }
}
