/// What the module reported when it accepted a script: `ok <events> <duration_ms>`.
public struct PlayResult: Equatable, Sendable {
    /// Number of low-level events (down, motion, up, frame, cancel) the script expanded to.
    public var events: Int
    /// Timestamp of the last event, in milliseconds since the script started.
    public var durationMs: Double

    /// Creates a result from the module's numbers.
    public init(events: Int, durationMs: Double) {
        self.events = events
        self.durationMs = durationMs
    }

    /// Parses an `ok <events> <duration_ms>` reply line; nil if it is not one.
    public init?(okLine line: String) {
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "ok", let events = Int(parts[1]),
              let duration = Double(parts[2]) else { return nil }
        self.init(events: events, durationMs: duration)
    }
}
