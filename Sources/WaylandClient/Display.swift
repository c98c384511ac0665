import CWaylandClient
import Glibc

/// The connection to the compositor (`wl_display`).
public final class Display {
    /// The `wl_display *`.
    public let pointer: OpaquePointer

    /// Connects to `$WAYLAND_DISPLAY` (or `wayland-0`), or throws `.noCompositor` with a hint for headless use.
    public init() throws {
        guard let display = wl_display_connect(nil) else {
            let name = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "(XDG_RUNTIME_DIR unset)"
            throw WaylandError.noCompositor(
                "no Wayland compositor at \(runtime)/\(name); run inside a Wayland session, or headless with `momentum headless`")
        }
        pointer = display
    }

    deinit { wl_display_disconnect(pointer) }

    /// The connection's file descriptor, for `poll`.
    public var fileDescriptor: Int32 { wl_display_get_fd(pointer) }

    /// Blocks until the compositor has processed every request sent so far.
    public func roundtrip() throws {
        if wl_display_roundtrip(pointer) < 0 { throw connectionError() }
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
