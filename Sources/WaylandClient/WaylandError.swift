/// Why the platform layer stopped or could not start; every case carries a one-line message.
public enum WaylandError: Error, CustomStringConvertible, Equatable {
    /// No compositor could be reached (no `$WAYLAND_DISPLAY`, or nothing listening there).
    case noCompositor(String)
    /// A global the client cannot work without is missing.
    case missingGlobal(String)
    /// The compositor closed the connection or disappeared.
    case compositorGone(String)
    /// The compositor sent a protocol error.
    case protocolError(String)
    /// A terminating signal (named) arrived while waiting for the compositor, before the event loop ran.
    case signalled(String)

    /// The one-line message.
    public var description: String {
        switch self {
        case .noCompositor(let m), .missingGlobal(let m), .compositorGone(let m), .protocolError(let m): m
        case .signalled(let name): "stopped by \(name) while waiting for the compositor"
        }
    }
}
