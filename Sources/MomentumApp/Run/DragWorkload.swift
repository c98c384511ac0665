import MomentumCore
import MomentumScenes

/// `--workload drag`: a scripted finger for benchmarks under any compositor (no input injection needed). Once the
/// panel first rests, a finger presses on its peeking strip and drags it up and down within its travel at
/// `speed` px/s for `legs` legs, then lifts. Its samples are a 120 Hz touchscreen's, each stamped with its own time
/// on CLOCK_MONOTONIC (the clock input timestamps use), and handed to the scene like real touch: the ones due by
/// each frame, before the frame is built. The trace records them (`touch` with `time`), so the bench measures the
/// drag lag from them as from real touch.
struct DragWorkload {
    /// Finger speed (px/s), legs of the zigzag, sample rate (Hz).
    static let speed = 1000.0, legs = 14, rate = 120.0
    /// Where the drag runs: x, the press's y, and how far up each leg goes.
    let x: Double, startY: Double, span: Double
    /// When the press happens (CLOCK_MONOTONIC s), nil until the panel first rests.
    private(set) var start: Double?
    /// Samples handed over so far.
    private var sent = 0
    /// True once the finger lifted.
    private(set) var isDone = false

    /// The drag for a panel laid out in a window `width` × `height`.
    init(width: Double, height: Double) {
        let layout = PanelLayout(width: width, height: height)
        x = (width / 2).rounded()
        startY = layout.y(for: .closed) + 36
        span = max(0, min(200, layout.y(for: .closed) - layout.y(for: .open) - 20))
    }

    /// The panel came to rest at `now`: the finger goes down on the next frame.
    mutating func arm(now: Double) { if start == nil { start = now } }

    /// True while the drag is armed and not finished: frames must keep coming to feed it.
    var isRunning: Bool { start != nil && !isDone }

    /// The finger's y `t` seconds after the press.
    func y(at t: Double) -> Double {
        let leg = span / Self.speed
        guard leg > 0 else { return startY }
        let k = min(Int(t / leg), Self.legs - 1)
        let into = min(t - Double(k) * leg, leg) / leg
        // Even legs go up, odd legs come back down.
        return k % 2 == 0 ? startY - span * into : startY - span * (1 - into)
    }

    /// The touch frames due by `now` (one per sample, in order): the press, the motion, the lift.
    mutating func due(now: Double) -> [TouchFrame] {
        guard let start, !isDone else { return [] }
        let total = Double(Self.legs) * span / Self.speed
        let count = Int((total * Self.rate).rounded(.up))
        var frames: [TouchFrame] = []
        while sent <= count {
            let t = min(Double(sent) / Self.rate, total)
            guard start + t <= now else { break }
            let phase: TouchPhase = sent == 0 ? .down : (sent == count ? .up : .motion)
            frames.append(TouchFrame(changes: [TouchChange(id: 0, phase: phase, position: SIMD2(x, y(at: t)),
                                                           time: start + t)]))
            sent += 1
        }
        if sent > count { isDone = true }
        return frames
    }
}
