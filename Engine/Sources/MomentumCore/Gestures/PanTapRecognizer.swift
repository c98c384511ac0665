/// One-finger pan and tap over touch frames: the first finger down owns the gesture, later fingers are ignored
/// (two-finger gestures come with their own recognisers). Pure: times come from the events, not a clock.
public struct PanTapRecognizer: Sendable {
    /// What the recogniser reports.
    public enum Event: Sendable, Equatable {
        /// The owning finger went down at a point.
        case pressed(SIMD2<Double>)
        /// Movement passed the slop: the pan began at this finger position.
        case panBegan(SIMD2<Double>)
        /// The finger moved while panning.
        case panChanged(SIMD2<Double>)
        /// The finger lifted while panning, with the release velocity (px/s).
        case panEnded(SIMD2<Double>, velocity: SIMD2<Double>)
        /// A short press without movement.
        case tap(SIMD2<Double>)
        /// The finger lifted after a long press without movement (neither tap nor pan).
        case released(SIMD2<Double>)
        /// The compositor cancelled: no tap, no fling.
        case cancelled
    }

    /// Movement (px) that turns a press into a pan.
    public var slop: Double
    /// Longest press (s) that still counts as a tap.
    public var tapMaxDuration: Double
    /// The finger that owns the gesture, if one is down.
    public private(set) var owner: Int32?
    /// True once the press has become a pan.
    public private(set) var isPanning = false
    private var downPoint = SIMD2<Double>.zero
    private var downTime = 0.0
    private var lastPoint = SIMD2<Double>.zero
    /// The release-velocity estimator fed by the owning finger.
    public private(set) var tracker = VelocityTracker()

    /// Creates a recogniser; slop 8 px and taps up to 0.3 s by default.
    public init(slop: Double = 8, tapMaxDuration: Double = 0.3) {
        self.slop = slop
        self.tapMaxDuration = tapMaxDuration
    }

    /// The current position of the owning finger.
    public var position: SIMD2<Double> { lastPoint }

    /// The velocity estimate right now (px/s), for showing while dragging.
    public func currentVelocity(at time: Double) -> SIMD2<Double> { tracker.velocity(at: time) }

    /// Feeds one touch frame; `hit` says whether a down at a point may start this gesture.
    public mutating func handle(_ frame: TouchFrame, hit: (SIMD2<Double>) -> Bool) -> [Event] {
        if frame.isCancel {
            guard owner != nil else { return [] }
            owner = nil
            isPanning = false
            tracker.reset()
            return [.cancelled]
        }
        var events: [Event] = []
        for change in frame.changes {
            switch change.phase {
            case .down:
                guard owner == nil, hit(change.position) else { continue }
                owner = change.id
                isPanning = false
                downPoint = change.position
                downTime = change.time
                lastPoint = change.position
                tracker.reset()
                tracker.add(change.position, time: change.time)
                events.append(.pressed(change.position))
            case .motion:
                guard change.id == owner else { continue }
                lastPoint = change.position
                tracker.add(change.position, time: change.time)
                if !isPanning {
                    let d = change.position - downPoint
                    if (d * d).sum() >= slop * slop {
                        isPanning = true
                        events.append(.panBegan(change.position))
                    }
                } else {
                    events.append(.panChanged(change.position))
                }
            case .up:
                guard change.id == owner else { continue }
                owner = nil
                lastPoint = change.position
                if isPanning {
                    events.append(.panEnded(change.position, velocity: tracker.velocity(at: change.time)))
                } else if change.time - downTime <= tapMaxDuration {
                    events.append(.tap(change.position))
                } else {
                    events.append(.released(change.position))
                }
                isPanning = false
            case .cancel:
                break
            }
        }
        return events
    }
}
