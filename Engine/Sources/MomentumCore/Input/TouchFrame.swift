/// What happened to one touch point within a touch frame.
public enum TouchPhase: String, Sendable, Equatable {
    /// The point went down.
    case down
    /// The point moved.
    case motion
    /// The point lifted.
    case up
    /// The compositor took the touch sequence away (no tap, no fling).
    case cancel
}

/// One change of one touch point, in surface-local logical pixels, with its input time in seconds.
public struct TouchChange: Sendable, Equatable {
    /// The touch point id (`-1` is the pointer acting as a finger).
    public var id: Int32
    /// What happened.
    public var phase: TouchPhase
    /// Surface-local position in logical pixels.
    public var position: SIMD2<Double>
    /// Input timestamp in seconds (monotonic, arbitrary base shared by all input).
    public var time: Double

    /// Creates a change. Positions and times must be finite (the platform clamps what it receives; a debug build
    /// traps on anything else, so a NaN is caught where it enters, not frames later in an animation).
    public init(id: Int32, phase: TouchPhase, position: SIMD2<Double>, time: Double) {
        assert(position.x.isFinite && position.y.isFinite && time.isFinite,
               "touch input must be finite: position \(position), time \(time)")
        self.id = id
        self.phase = phase
        self.position = position
        self.time = time
    }
}

/// A set of touch changes that belong together (one `wl_touch.frame`), or a cancel of everything.
public struct TouchFrame: Sendable, Equatable {
    /// The changes, in the order the compositor sent them (a point appears at most once per phase).
    public var changes: [TouchChange]
    /// True when the compositor cancelled the whole sequence; `changes` then lists the dropped points.
    public var isCancel: Bool

    /// Creates a frame.
    public init(changes: [TouchChange], isCancel: Bool = false) {
        self.changes = changes
        self.isCancel = isCancel
    }
}
