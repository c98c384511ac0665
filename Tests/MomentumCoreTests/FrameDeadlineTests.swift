import Testing
@testable import MomentumCore

/// The late frame start: how long after a frame callback the app may wait, learned from presentation feedback of
/// a simulated compositor that repaints every `cycle` s, latches commits up to `latch` s after its callback and
/// shows a repaint `shown` s after the callback that preceded it.
struct FrameDeadlineTests {
    struct Compositor {
        var cycle = 0.025, latch = 0.0245, shown = 0.041
        /// Extra delay of one frame's presentation (a compositor hitch), by frame number.
        var hitches: Set<Int> = []
    }

    struct Outcome {
        var late = 0
        var lateAfter = 0
        var waits: [Double] = []
        var learner = FrameDeadline()
    }

    /// Runs `frames` frames: each callback, the learner's wake time, a render of `render` s (±10 % jitter), the
    /// commit, and the presentation the compositor would give it. Counts frames shown a cycle late (`lateAfter`:
    /// those after frame `settle`).
    static func run(_ compositor: (Int) -> Compositor, frames: Int, render: Double = 0.0015, settle: Int = 100,
                    learner start: FrameDeadline = FrameDeadline(), seed: UInt64 = 1) -> Outcome {
        var outcome = Outcome(learner: start)
        var random = SplitMix64(seed: seed)
        var callback = 1.0
        var pending: [(seq: UInt64, at: Double)] = []
        for k in 0..<frames {
            let c = compositor(k)
            // Feedback due by this callback arrives first.
            while let first = pending.first, first.at <= callback {
                outcome.learner.presented(sequence: first.seq, at: first.at)
                pending.removeFirst()
            }
            let wake = outcome.learner.wake(afterCallback: callback)
            let commit = wake + render * (1 + random.symmetric(0.1))
            let seq = UInt64(k + 1)
            outcome.learner.drew(sequence: seq, callback: callback, wake: wake, commit: commit)
            var present = callback + c.shown
            let late = commit - callback > c.latch
            if late { present += c.cycle }
            if c.hitches.contains(k) { present += c.cycle }
            if late {
                outcome.late += 1
                if k >= settle { outcome.lateAfter += 1 }
            }
            outcome.waits.append(wake - callback)
            pending.append((seq, present))
            callback += c.cycle
        }
        return outcome
    }

    @Test("on weston headless's cadence the start moves to within a few ms of the latch, at the cost of a few frames")
    func learnsTheDeadline() {
        let outcome = Self.run({ _ in Compositor() }, frames: 1000)
        let wait = outcome.waits.last ?? 0
        // Latch 24.5 ms after the callback, render ~1.5 ms: waiting ~20 ms is safe, and 23 ms would be too close.
        #expect(wait > 0.018 && wait < 0.0235, "waits \(wait)")
        #expect(outcome.late <= 4, "\(outcome.late) late frames while learning")
        #expect(outcome.lateAfter <= 1, "\(outcome.lateAfter) late frames after the first 100")
        #expect(outcome.learner.cycle.map { abs($0 - 0.025) < 1e-9 } == true)
        #expect(outcome.learner.presentation(afterCallback: 2).map { abs($0 - 2.041) < 1e-9 } == true)
    }

    @Test("a compositor that latches right after its callback keeps the app rendering at once, or nearly")
    func earlyLatch() {
        // Latched 2.5 ms after the callback, a 1.5 ms render leaves at most 1 ms to wait.
        let outcome = Self.run({ _ in Compositor(cycle: 0.0167, latch: 0.0025, shown: 0.0167) }, frames: 600)
        #expect(outcome.waits.suffix(400).allSatisfy { $0 < 0.001 }, "\(outcome.waits.suffix(10))")
        #expect(outcome.lateAfter <= 2, "\(outcome.lateAfter) late after learning")
    }

    @Test("the refresh changes from 40 to 60 Hz: what was learned is dropped and the new deadline found")
    func refreshChange() {
        let outcome = Self.run({ k in
            k < 300 ? Compositor(cycle: 0.025, latch: 0.0245, shown: 0.041)
                    : Compositor(cycle: 0.0167, latch: 0.0160, shown: 0.030)
        }, frames: 900)
        let wait = outcome.waits.last ?? 0
        #expect(wait > 0.010 && wait < 0.0155, "waits \(wait) at 60 Hz")
        #expect(outcome.late <= 10, "\(outcome.late) late frames across the change")
        #expect(outcome.learner.cycle.map { abs($0 - 0.0167) < 1e-6 } == true)
    }

    @Test("a compositor hitch on one frame costs at most an eighth of a cycle of waiting, and it is won back")
    func hitch() {
        let outcome = Self.run({ _ in Compositor(hitches: [400]) }, frames: 400 + FrameDeadline.ceilingMemory + 100)
        let before = outcome.waits[399], after = outcome.waits[420]
        #expect(before - after <= 0.025 / 8 + 0.0025, "before \(before), after \(after)")
        #expect((outcome.waits.last ?? 0) >= before - 0.001, "won back: \(outcome.waits.last ?? 0) vs \(before)")
    }

    @Test("without presentation feedback frames start at the callback")
    func noFeedback() {
        var learner = FrameDeadline()
        for k in 0..<100 {
            let callback = Double(k) * 0.016
            #expect(learner.wake(afterCallback: callback) == callback)
            learner.drew(sequence: UInt64(k + 1), callback: callback, wake: callback, commit: callback + 0.001)
        }
        // Shown about one callback interval later, as far as the app can tell.
        #expect(!learner.hasFeedback && learner.presentation(afterCallback: 1).map { abs($0 - 1.016) < 1e-9 } == true)
    }
}
