/// Touch input as the seat reports it: surface-local logical px, input time in seconds (the app translates it into
/// the engine's touch frames; the platform knows nothing of gestures).
public enum Touch {
    /// What happened to one touch point within a touch frame.
    public enum Phase: String, Sendable, Equatable {
        /// The point went down.
        case down
        /// The point moved.
        case motion
        /// The point lifted.
        case up
        /// The compositor took the touch sequence away.
        case cancel
    }

    /// One change of one touch point.
    public struct Change: Sendable, Equatable {
        /// The touch point id (`TouchFrameAssembler.pointerID` is the pointer acting as a finger).
        public var id: Int32
        /// What happened.
        public var phase: Phase
        /// Surface-local position in logical pixels.
        public var position: SIMD2<Double>
        /// Input timestamp in seconds (monotonic, arbitrary base shared by all input).
        public var time: Double

        /// Creates a change.
        public init(id: Int32, phase: Phase, position: SIMD2<Double>, time: Double) {
            self.id = id
            self.phase = phase
            self.position = position
            self.time = time
        }
    }

    /// The changes that belong together (one `wl_touch.frame`), or a cancel of everything.
    public struct Frame: Sendable, Equatable {
        /// The changes, in the order the compositor sent them.
        public var changes: [Change]
        /// True when the compositor cancelled the whole sequence; `changes` then lists the dropped points.
        public var isCancel: Bool

        /// Creates a frame.
        public init(changes: [Change], isCancel: Bool = false) {
            self.changes = changes
            self.isCancel = isCancel
        }
    }

    /// What a scroll device did within one `wl_pointer.frame` (see `SeatInput.pointerAxis`).
    public struct Scroll: Sendable, Equatable {
        /// The axis source `wl_pointer.axis_source` named (0 wheel, 1 finger, 2 continuous, 3 wheel tilt), or nil.
        public var source: UInt32?
        /// Logical px per axis (x: horizontal, y: vertical), positive toward the end.
        public var delta: SIMD2<Double>
        /// Wheel notches per axis (`axis_discrete`, or `axis_value120` / 120).
        public var steps: SIMD2<Double>
        /// True when `wl_pointer.axis_stop` came for an axis.
        public var stopped: Bool
        /// Input time, s.
        public var time: Double

        /// Creates a scroll.
        public init(source: UInt32?, delta: SIMD2<Double>, steps: SIMD2<Double>, stopped: Bool, time: Double) {
            self.source = source
            self.delta = delta
            self.steps = steps
            self.stopped = stopped
            self.time = time
        }
    }

    /// A touchpad's pinch (`zwp_pointer_gesture_pinch_v1`): its phase, the scale since it began (1 at the start),
    /// the rotation since it began (radians, clockwise) and the input time (s).
    public struct Pinch: Sendable, Equatable {
        /// Where the gesture is.
        public enum Phase: String, Sendable, Equatable { case began, changed, ended, cancelled }
        /// Where the gesture is.
        public var phase: Phase
        /// The scale since the gesture began.
        public var scale: Double
        /// The rotation since the gesture began, radians clockwise.
        public var rotation: Double
        /// Input time, s.
        public var time: Double

        /// Creates a pinch event.
        public init(phase: Phase, scale: Double, rotation: Double, time: Double) {
            self.phase = phase
            self.scale = scale
            self.rotation = rotation
            self.time = time
        }
    }
}
