import MomentumCore
import MomentumScenes

/// The finger of the drag benchmark: pressed on the resting panel's peeking strip, it drags the panel up and down
/// within its travel at `speed` px/s, `legs` legs and one more up, and stops there; it holds still for `hold` (a
/// resting finger sends no samples), then lifts. The legs go as far as the travel allows (20 px short of open), so
/// each cruises as long as it can: at 1000 px/s in an 800x600 window 226 px, 166 ms of cruise, enough for frames
/// whose prediction (50 ms of samples, then up to ~72 ms ahead nested) saw only the cruise. The last leg, the stop's,
/// goes up `stopSpan` (at most 200 px), so the stop is 46 px or more short of open there and a panel drawn past it
/// is not pressed into the rubber band. Like a finger, it never changes speed at once: each leg speeds up
/// from rest over `turnTime` and slows to rest over `turnTime` (constant acceleration, 16 700 px/s² at 1000 px/s),
/// so it turns and stops the way a hand does, and cruises at `speed` in between. The path is a list of straight
/// pieces (the ramps cut into `rampPieces`), so the weston harness (`moveto` per piece) and the in-app workload play
/// the same finger.
public struct DragPath: Sendable {
    /// Legs of the zigzag (the stop's leg not counted), the time to speed up or slow down (s), the hold (s).
    public static let legs = 14, turnTime = 0.060, hold = 0.400
    /// Straight pieces per ramp: one 120 Hz sample each (the harness samples a `moveto` at about 120 Hz, at least
    /// once), so the touchscreen's rate holds while the finger speeds up and slows down.
    public static let rampPieces = Int((turnTime * 120).rounded())
    /// Where the drag runs: x, the press's y, how far up each leg goes, and how far up the stop's leg goes.
    public let x: Double, startY: Double, span: Double, stopSpan: Double
    /// The longest stop leg (px).
    public static let maxStopSpan = 200.0
    /// Finger speed while cruising (px/s).
    public let speed: Double
    /// The straight pieces: from `t0` to `t1` (s after the press) the finger goes from `y0` to `y1`.
    public let pieces: [(t0: Double, t1: Double, y0: Double, y1: Double)]

    /// The drag for a panel laid out in a window `width` × `height`.
    public init(width: Double, height: Double, speed: Double) {
        let layout = PanelLayout(width: width, height: height)
        x = (width / 2).rounded()
        startY = layout.y(for: .closed) + 36
        span = max(0, layout.y(for: .closed) - layout.y(for: .open) - 20)
        stopSpan = min(span, Self.maxStopSpan)
        self.speed = speed
        var pieces: [(Double, Double, Double, Double)] = []
        var t = 0.0
        for k in 0...Self.legs where span > 0 {
            let span = k == Self.legs ? stopSpan : span
            // Ramps of `turnTime`, shortened when the leg is too short to reach the speed.
            let ramp = min(Self.turnTime, span / speed)
            let rampDistance = speed * ramp / 2, cruise = max(0, span - 2 * rampDistance) / speed
            // Every leg starts where the one before ended: up from the press's y, down back to it.
            let (from, to) = k % 2 == 0 ? (startY, startY - span) : (startY - span, startY)
            let direction = to > from ? 1.0 : -1.0
            // Speeding up: s²·speed/(2·ramp); slowing down mirrors it.
            for i in 0..<Self.rampPieces {
                let a = ramp * Double(i) / Double(Self.rampPieces), b = ramp * Double(i + 1) / Double(Self.rampPieces)
                pieces.append((t + a, t + b, from + direction * speed * a * a / (2 * ramp),
                               from + direction * speed * b * b / (2 * ramp)))
            }
            t += ramp
            let cruiseFrom = from + direction * rampDistance
            pieces.append((t, t + cruise, cruiseFrom, cruiseFrom + direction * speed * cruise))
            t += cruise
            for i in 0..<Self.rampPieces {
                let a = ramp * Double(i) / Double(Self.rampPieces), b = ramp * Double(i + 1) / Double(Self.rampPieces)
                func y(_ s: Double) -> Double { to - direction * speed * (ramp - s) * (ramp - s) / (2 * ramp) }
                pieces.append((t + a, t + b, y(a), y(b)))
            }
            t += ramp
        }
        self.pieces = pieces
    }

    /// When the finger comes to rest (s after the press) and when it lifts.
    public var stopAt: Double { pieces.last?.t1 ?? 0 }
    public var liftAt: Double { stopAt + Self.hold }
    /// Where it rests.
    public var stopY: Double { pieces.last?.y1 ?? startY }

    /// The finger's y `t` seconds after the press.
    public func y(at t: Double) -> Double {
        guard let piece = pieces.first(where: { t < $0.t1 }) else { return stopY }
        guard t > piece.t0 else { return piece.y0 }
        return piece.y0 + (piece.y1 - piece.y0) * (t - piece.t0) / (piece.t1 - piece.t0)
    }

    /// The path as a weston harness script (ms after its start): press, one `moveto` per piece, hold, lift.
    public var script: String {
        var script = "0 press 0 \(x) \(startY)\n"
        // Times in ms with µs decimals: whole milliseconds would change the speed piece by piece.
        func ms(_ seconds: Double) -> String { "\((seconds * 1e6).rounded() / 1000)" }
        let offset = 0.010
        for piece in pieces where piece.t1 > piece.t0 {
            script += "\(ms(offset + piece.t0)) moveto 0 \(x) \(piece.y1) \(ms(piece.t1 - piece.t0))\n"
        }
        script += "\(ms(offset + liftAt)) release 0\n"
        return script
    }
}

/// `--workload drag`: the drag benchmark's finger (`DragPath`) under any compositor, no input injection needed.
/// Once the panel first rests, the finger goes down; its samples are a 120 Hz touchscreen's, each stamped with its
/// own time on CLOCK_MONOTONIC (the clock input timestamps use), and handed to the scene like real touch: the ones
/// due by each frame's start, before the frame is built. A still finger sends nothing. The trace records them
/// (`touch` with `time`), so the bench measures drag lag and overshoot from them as from real touch.
public struct DragWorkload: Sendable {
    /// Finger speed by default (px/s) and sample rate (Hz).
    public static let defaultSpeed = 1000.0, rate = 120.0
    public let path: DragPath
    /// When the press happens (CLOCK_MONOTONIC s), nil until the panel first rests.
    public private(set) var start: Double?
    /// Samples handed over so far.
    private var sent = 0
    /// True once the finger lifted.
    public private(set) var isDone = false

    /// The drag for a panel laid out in a window `width` × `height`, at `speed` px/s.
    public init(width: Double, height: Double, speed: Double = defaultSpeed) {
        path = DragPath(width: width, height: height, speed: speed)
    }

    /// The panel came to rest at `now`: the finger goes down on the next frame.
    public mutating func arm(now: Double) { if start == nil { start = now } }

    /// True while the drag is armed and not finished: frames must keep coming to feed it.
    public var isRunning: Bool { start != nil && !isDone }

    /// The touch frames due by `now` (one per sample, in order): the press, the motion, the lift.
    public mutating func due(now: Double) -> [TouchFrame] {
        guard let start, !isDone else { return [] }
        let moving = Int((path.stopAt * Self.rate).rounded(.up))
        var frames: [TouchFrame] = []
        while !isDone {
            // Samples 0…moving while it moves (the last one where it rests), then the lift after the hold.
            let lift = sent > moving
            let t = lift ? path.liftAt : min(Double(sent) / Self.rate, path.stopAt)
            guard start + t <= now else { break }
            let phase: TouchPhase = sent == 0 ? .down : (lift ? .up : .motion)
            frames.append(TouchFrame(changes: [TouchChange(id: 0, phase: phase, position: SIMD2(path.x, path.y(at: t)),
                                                           time: start + t)]))
            sent += 1
            if lift { isDone = true }
        }
        return frames
    }
}
