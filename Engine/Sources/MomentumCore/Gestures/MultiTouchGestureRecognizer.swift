/// Pan, pinch, rotation and tap over touch frames, as one pure state machine (times come from the events).
///
/// - The first finger down owns a pan. The pan follows a tracked point: the centroid of the fingers down plus an
///   offset that is re-anchored whenever a finger joins or leaves, so the translation never jumps (lifting back
///   to one finger continues the pan from the remaining finger). Release velocity is LSQ2 (`VelocityTracker`).
/// - A second finger (late or in the same frame) begins a pinch and a rotation of the pair; they end, with their
///   velocities, when either of the two lifts. A later second finger begins a new pinch. Fingers beyond two are
///   ignored until they lift.
/// - A tap is one finger, never past the slop (a distance, default 8 px), lifted within `tapMaxDuration`
///   (default 0.3 s); a second finger rules the tap out.
/// - A cancel ends everything with `.cancelled` only: no tap, no fling, no ended events.
/// - Pointer id −1 is a finger like any other.
/// All changes of one frame are applied before positions are evaluated, so two fingers moving in one frame make
/// one update; a down or an up evaluates what came before it first. Everything is reported at the frame that
/// carries it, so a last up needs no later frame.
public struct MultiTouchGestureRecognizer: Sendable {
    struct Finger: Sendable {
        var id: Int32
        var position: SIMD2<Double>
    }

    /// Movement (px) of the tracked point that turns a press into a pan.
    public var slop: Double
    /// Longest press (s) that still counts as a tap.
    public var tapMaxDuration: Double

    private var fingers: [Finger] = []
    private var ignored: [Int32] = []
    private var downTime = 0.0
    private var startPoint = SIMD2<Double>.zero
    private var anchorOffset = SIMD2<Double>.zero
    private var point = SIMD2<Double>.zero
    private var tapPossible = false
    /// True once the tracked point has moved past the slop in this gesture.
    public private(set) var isPanning = false
    private var panTracker = VelocityTracker()
    /// The two-finger pinch and rotation, while two fingers are down.
    public private(set) var pinch: PinchRotationRecognizer?

    /// Creates a recogniser; slop 8 px and taps up to 0.3 s by default.
    public init(slop: Double = 8, tapMaxDuration: Double = 0.3) {
        self.slop = slop
        self.tapMaxDuration = tapMaxDuration
        fingers.reserveCapacity(2)
    }

    /// True while any tracked finger is down.
    public var isActive: Bool { !fingers.isEmpty }
    /// Number of tracked fingers down (0, 1 or 2).
    public var fingerCount: Int { fingers.count }
    /// True while two fingers pinch and rotate.
    public var isPinching: Bool { pinch != nil }
    /// The pan's translation since the first finger went down (also below the slop), px.
    public var translation: SIMD2<Double> { point - startPoint }

    /// The pan velocity estimate at `time` (px/s), for showing the finger's velocity while it drags.
    public func panVelocity(at time: Double) -> SIMD2<Double> { panTracker.velocity(at: time) }

    /// Feeds one touch frame and returns what was recognised, in order.
    public mutating func handle(_ frame: TouchFrame) -> [GestureEvent] {
        if frame.isCancel || frame.changes.contains(where: { $0.phase == .cancel }) {
            let wasActive = !fingers.isEmpty
            reset()
            return wasActive ? [.cancelled] : []
        }
        var events: [GestureEvent] = []
        var pending: Double?                 // time of moves not yet evaluated
        for change in frame.changes {
            switch change.phase {
            case .motion:
                if move(change) { pending = Swift.max(pending ?? change.time, change.time) }
            case .down:
                flush(&pending, into: &events)
                down(change, into: &events)
            case .up:
                if move(change) { pending = Swift.max(pending ?? change.time, change.time) }
                flush(&pending, into: &events)
                up(change, into: &events)
            case .cancel:
                break
            }
        }
        flush(&pending, into: &events)
        return events
    }

    /// Forgets the gesture without reporting anything.
    public mutating func reset() {
        fingers.removeAll(keepingCapacity: true)
        ignored.removeAll()
        pinch = nil
        isPanning = false
        tapPossible = false
        panTracker.reset()
    }

    // MARK: - Steps

    /// Stores a tracked finger's new position; true when it changed.
    private mutating func move(_ change: TouchChange) -> Bool {
        guard let index = fingers.firstIndex(where: { $0.id == change.id }),
              fingers[index].position != change.position else { return false }
        fingers[index].position = change.position
        return true
    }

    private var centroid: SIMD2<Double> {
        var sum = SIMD2<Double>.zero
        for finger in fingers { sum += finger.position }
        return sum / Double(Swift.max(fingers.count, 1))
    }

    /// Makes the tracked point stay where it is after the set of fingers changed.
    private mutating func reanchor() {
        anchorOffset = point - centroid
    }

    /// Evaluates the positions stored since the last evaluation.
    private mutating func flush(_ pending: inout Double?, into events: inout [GestureEvent]) {
        guard let time = pending else { return }
        pending = nil
        point = centroid + anchorOffset
        panTracker.add(point, time: time)
        let moved = translation
        if isPanning {
            events.append(.panChanged(translation: moved))
        } else if (moved * moved).sum() >= slop * slop {
            isPanning = true
            tapPossible = false
            events.append(.panBegan(translation: moved))
        }
        if var pair = pinch, fingers.count == 2 {
            pair.update(first: fingers[0].position, second: fingers[1].position, time: time)
            pinch = pair
            events.append(.pinchChanged(scale: pair.scale))
            events.append(.rotationChanged(angle: pair.angle))
        }
    }

    private mutating func down(_ change: TouchChange, into events: inout [GestureEvent]) {
        guard !fingers.contains(where: { $0.id == change.id }), !ignored.contains(change.id) else { return }
        switch fingers.count {
        case 0:
            fingers.append(Finger(id: change.id, position: change.position))
            ignored.removeAll()
            downTime = change.time
            startPoint = change.position
            point = change.position
            anchorOffset = .zero
            isPanning = false
            tapPossible = true
            pinch = nil
            panTracker.reset()
            panTracker.add(point, time: change.time)
            events.append(.touchDown(change.position))
        case 1:
            fingers.append(Finger(id: change.id, position: change.position))
            tapPossible = false
            reanchor()
            pinch = PinchRotationRecognizer(first: fingers[0].position, second: fingers[1].position, time: change.time)
            events.append(.pinchBegan(scale: 1))
            events.append(.rotationBegan(angle: 0))
        default:
            ignored.append(change.id)
        }
    }

    private mutating func up(_ change: TouchChange, into events: inout [GestureEvent]) {
        if let index = ignored.firstIndex(of: change.id) {
            ignored.remove(at: index)
            return
        }
        guard let index = fingers.firstIndex(where: { $0.id == change.id }) else { return }
        fingers.remove(at: index)
        if let pair = pinch {
            let velocity = pair.velocity(at: change.time)
            events.append(.pinchEnded(scale: pair.scale, scaleVelocity: velocity.scale))
            events.append(.rotationEnded(angle: pair.angle, angularVelocity: velocity.angular))
            pinch = nil
        }
        if !fingers.isEmpty {
            reanchor()
            return
        }
        if isPanning {
            events.append(.panEnded(translation: translation, velocity: panTracker.velocity(at: change.time)))
        } else if tapPossible && change.time - downTime <= tapMaxDuration {
            events.append(.tap(change.position))
        }
        events.append(.lifted(change.position))
        reset()
    }
}
