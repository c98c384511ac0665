import CWaylandClient
import Glibc

/// The connection to the compositor (`wl_display`).
public final class Display {
    /// The `wl_display *`.
    public let pointer: OpaquePointer

    /// Read while a roundtrip waits (`watchingSignals`): the signals `EventLoop.signals`, blocked by the caller.
    private let signalFD: Int32

    /// Connects to `$WAYLAND_DISPLAY` (or `wayland-0`; `socket` instead when given: a name in `$XDG_RUNTIME_DIR` or an
    /// absolute path), or throws `.noCompositor` with a hint for headless use.
    /// `watchingSignals`: a roundtrip ends with `.signalled` when one of `EventLoop.signals` (already blocked by the
    /// caller) arrives while the compositor has not answered (a frozen compositor must not hold a run that is told
    /// to stop).
    public init(watchingSignals: Bool = false, socket: String? = nil) throws {
        guard let display = wl_display_connect(socket) else {
            let name = socket ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            // libwayland takes an absolute WAYLAND_DISPLAY as the socket's path.
            let place: String
            if name.hasPrefix("/") { place = name } else {
                let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "(XDG_RUNTIME_DIR unset)"
                place = runtime.hasSuffix("/") ? runtime + name : runtime + "/" + name
            }
            throw WaylandError.noCompositor(
                "no Wayland compositor at \(place); run inside a Wayland session, or headless with `momentum headless`")
        }
        pointer = display
        signalFD = watchingSignals ? EventLoop.signalDescriptor() : -1
    }

    deinit {
        if signalFD >= 0 { close(signalFD) }
        wl_display_disconnect(pointer)
    }

    /// The connection's file descriptor, for `poll`.
    public var fileDescriptor: Int32 { wl_display_get_fd(pointer) }

    /// Sends the requests made so far without waiting for an answer (what cannot be sent now goes with the event
    /// loop's next flush; a broken connection is found there).
    public func flush() {
        _ = wl_display_flush(pointer)
    }

    /// Blocks until the compositor has processed every request sent so far.
    public func roundtrip() throws {
        guard signalFD >= 0 else {
            if wl_display_roundtrip(pointer) < 0 { throw connectionError() }
            return
        }
        // wl_display_roundtrip, with the signal descriptor polled beside the connection.
        guard let callback = wl_display_sync(pointer) else { throw connectionError() }
        let done = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        done.initialize(to: false)
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_callback_listener(done: { data, _, _ in
            data?.assumingMemoryBound(to: Bool.self).pointee = true
        }))
        defer {
            wl_callback_destroy(callback)
            done.deallocate()
            listener.deallocate()
        }
        wl_callback_add_listener(callback, listener, done)
        while !done.pointee {
            if wl_display_prepare_read(pointer) != 0 {
                if wl_display_dispatch_pending(pointer) < 0 { throw connectionError() }
                continue
            }
            if wl_display_flush(pointer) < 0 && errno != EAGAIN {
                wl_display_cancel_read(pointer)
                throw connectionError()
            }
            var fds = [pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 {
                wl_display_cancel_read(pointer)
                if errno == EINTR { continue }
                throw WaylandError.compositorGone("poll failed: \(String(cString: strerror(errno)))")
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                wl_display_cancel_read(pointer)
                if let name = EventLoop.takeSignal(from: signalFD) { throw WaylandError.signalled(name) }
                continue
            }
            if fds[0].revents != 0 {
                if wl_display_read_events(pointer) < 0 { throw connectionError() }
            } else {
                wl_display_cancel_read(pointer)
            }
            if wl_display_dispatch_pending(pointer) < 0 { throw connectionError() }
        }
    }

    /// The error that broke the connection: a protocol error naming interface, object and code, or the errno.
    public func connectionError() -> WaylandError {
        let code = wl_display_get_error(pointer)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(pointer, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return .protocolError("Wayland protocol error: \(name)@\(id) error \(protocolCode)")
        }
        let reason = code == 0 ? "connection closed" : String(cString: strerror(code))
        return .compositorGone("the compositor went away (\(reason))")
    }
}
