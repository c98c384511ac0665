import MomentumCore
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing

/// The headline number without a compositor: a finger drags the panel at 1000 px/s (the drag benchmark's finger:
/// 120 Hz samples with jittered timestamps, speeding up and slowing down over 60 ms at each turn) under a
/// compositor that repaints as weston headless does, and the grabbed point of the panel as each frame draws it is
/// compared with where the finger really is when that frame is shown. Under weston headless, `momentum bench`
/// measured 0.25 px steady and 0.9 px at every frame (p50) this way, 23.5 px without prediction and 46.7 px with
/// neither prediction nor the late frame start.
struct DragLagTests {
    /// The distance between the finger and the grabbed point at each frame's presentation (px): at steady frames
    /// (the finger at cruising speed for 100 ms and still at it) and at every frame of the drag.
    struct Lag {
        var steady: [Double] = []
        var every: [Double] = []
        /// The share of intervals between consecutive presentations during the drag longer than 1.2 cycles: frames
        /// that missed the repaint they were drawn for.
        var lateShare = 0.0
        /// How far past the stopped finger (along its last motion) the grabbed point was drawn at most (px).
        var pastStop = 0.0
        /// Events handled at a frame's start rather than when they came (`defersEvents`).
        var deferred = 0

        func steady(_ p: Double) -> Double { quantile(steady, p) ?? .nan }
        func every(_ p: Double) -> Double { quantile(every, p) ?? .nan }

        /// What the headline promises, as problems (none when it holds): the panel drawn within 1 px of the finger
        /// at steady frames (p50 and p90), within 2 px at half of all frames.
        var problems: [String] {
            var problems: [String] = []
            if !(steady(0.5) <= 1 && steady(0.9) <= 1) {
                problems.append("steady drag lag p50 \(steady(0.5)) px, p90 \(steady(0.9)) px (at most 1 px)")
            }
            if !(every(0.5) <= 2) { problems.append("drag lag at every frame p50 \(every(0.5)) px (at most 2 px)") }
            return problems
        }

        var summary: String {
            "steady p50 \(steady(0.5)) p90 \(steady(0.9)) px (\(steady.count) frames); every frame p50 \(every(0.5)) "
                + "p90 \(every(0.9)) px (\(every.count) frames); past the stop \(pastStop) px"
        }
    }

    static let size = SIMD2<Double>(800, 600)

    /// Drags the resting panel at `speed` px/s with prediction and the late frame start as given; input events are
    /// stamped `clockOffset` s off the host clock (a wrapped u32 ms clock).
    static func drag(speed: Double = 1000, predict: Bool = true, lateStart: Bool = true,
                     compositor: SimulatedCompositor = SimulatedCompositor(), clockOffset: Double = 0,
                     seed: UInt64 = 1, wakeLatency: @escaping @Sendable (inout SplitMix64) -> Double = { _ in 0 },
                     defersEvents: Bool = false) -> Lag {
        var configuration = RunConfiguration()
        configuration.predict = predict
        configuration.lateFrameStart = lateStart
        var driver = RunCoreDriver(configuration: configuration, compositor: compositor, size: size)
        driver.wakeLatency = wakeLatency
        driver.defersEvents = defersEvents
        // Every frame committed, as before frames that change nothing were left uncommitted: these numbers are the
        // deadline's and the prediction's (RunCoreTests.noEmptyCommits checks the uncommitted frames). With them, the
        // two still frames at the press are not shown, the deadline learns from two frames fewer while the drag
        // starts, and seed 3's steady p90 moves from under 1 px to 1.0006 px.
        driver.omitsUnchanged = false
        driver.run(until: 1.0)
        // The deadline is learned while the finger drags: its first frames are counted too, as the bench counts them.
        let press = 1.3
        let path = DragPath(width: size.x, height: size.y, speed: speed)
        let finger = FingerSamples.drag(width: size.x, height: size.y, speed: speed, start: press, seed: seed)
        var stamped = finger
        stamped.samples = finger.samples.map { ($0.time + clockOffset, $0.position) }
        driver.play(stamped, arrivalOffset: -clockOffset, liftAt: press + clockOffset + path.liftAt)
        driver.run(until: press + path.liftAt + 1)
        // The grabbed point: where the finger pressed, from the panel's top edge then (it rested closed).
        let grab = path.startY - PanelLayout(width: size.x, height: size.y).y(for: .closed)
        var lag = Lag()
        lag.deferred = driver.deferred
        func speedAt(_ t: Double) -> Double { abs(path.y(at: t + 0.001) - path.y(at: t - 0.001)) / 0.002 }
        for frame in driver.panelFrames where frame.state == .dragging {
            guard let shown = driver.shown[frame.sequence] else { continue }
            let t = shown - press
            guard t > 0.1, t < path.stopAt else { continue }
            let error = abs(frame.y + grab - finger.path(shown).y)
            lag.every.append(error)
            if [t, t - 0.05, t - 0.1].allSatisfy({ abs(speedAt($0) - speed) < 0.01 * speed }) { lag.steady.append(error) }
        }
        // Past the stop: frames shown after the finger stopped, while it holds still before it lifts.
        let stopY = path.y(at: path.stopAt), heading = (stopY - path.y(at: path.stopAt - 0.05)).sign == .minus ? -1.0 : 1.0
        for frame in driver.panelFrames where frame.state == .dragging {
            guard let shown = driver.shown[frame.sequence], shown - press > path.stopAt, shown - press < path.liftAt else {
                continue
            }
            lag.pastStop = max(lag.pastStop, (frame.y + grab - stopY) * heading)
        }
        // Intervals between frames shown one after the other, not across a frame left uncommitted (a finger still at
        // a turn changes no pixel: its frame is no frame, and the next is shown a cycle later on time).
        let shown = driver.shown.filter { $0.value > press + 0.1 && $0.value < press + path.stopAt }
            .sorted { $0.key < $1.key }
        let intervals = zip(shown, shown.dropFirst())
            .filter { pair in !driver.uncommitted.contains { $0 > pair.0.key && $0 < pair.1.key } }
            .map { $1.value - $0.value }
        lag.lateShare = Double(intervals.filter { $0 > 1.2 * compositor.cycle }.count) / Double(max(intervals.count, 1))
        return lag
    }

    @Test("the dragged panel is drawn within 1 px of a 1000 px/s finger at its presentation",
          arguments: [1, 2, 3] as [UInt64])
    func withinOnePixel(seed: UInt64) {
        let lag = Self.drag(seed: seed)
        #expect(lag.steady.count >= 20 && lag.every.count >= 120, "\(lag.summary)")
        #expect(lag.problems.isEmpty, "\(lag.problems) — \(lag.summary)")
    }

    @Test("both parts are needed: without prediction, or with frames started at the callback, the promise breaks")
    func bothPartsAreNeeded() {
        let unpredicted = Self.drag(predict: false)
        #expect(!unpredicted.problems.isEmpty, "\(unpredicted.summary)")
        // The finger's travel in the frame's age: more than half a 25 ms cycle at 1000 px/s.
        #expect(unpredicted.steady(0.5) > 12, "\(unpredicted.summary)")
        let atCallback = Self.drag(lateStart: false)
        #expect(!atCallback.problems.isEmpty, "\(atCallback.summary)")
    }

    @Test("feedback and touches left unread while a frame is owed (read at its start, as the app's loop does) draw the panel as close to the finger", arguments: [1, 2, 3] as [UInt64])
    func eventsReadAtTheFrameStart(seed: UInt64) {
        let onArrival = Self.drag(seed: seed)
        let deferred = Self.drag(seed: seed, defersEvents: true)
        #expect(deferred.deferred > 100, "only \(deferred.deferred) events came while a frame was owed")
        #expect(deferred.problems.isEmpty, "\(deferred.problems): \(deferred.summary)")
        #expect(deferred.steady(0.5) <= onArrival.steady(0.5) + 0.1, "\(deferred.summary) against \(onArrival.summary)")
        #expect(deferred.lateShare <= onArrival.lateShare + 0.005, "late \(deferred.lateShare) against \(onArrival.lateShare)")
    }

    @Test("the late start alone shows the finger's travel of at most one cycle (25 px), not two")
    func lateStartAloneHalvesTheLag() {
        let late = Self.drag(predict: false)
        let atCallback = Self.drag(predict: false, lateStart: false)
        #expect(late.steady(0.5) <= 25.5, "\(late.summary)")
        #expect(atCallback.steady(0.5) > 40, "\(atCallback.summary)")
    }

    @Test("a touchscreen whose samples take 8 ms to arrive is predicted from when they were taken, not when they came")
    func slowTouchscreen() {
        var compositor = SimulatedCompositor()
        compositor.inputDelay = 0.008
        let lag = Self.drag(compositor: compositor)
        // Steady frames are drawn where the finger is; turns are predicted 8 ms further ahead, so they miss by more.
        #expect(lag.steady(0.5) <= 1 && lag.steady(0.9) <= 1 && lag.every(0.5) <= 3, "\(lag.summary)")
    }

    @Test("input times on a clock of their own (u32 ms wrapped after 49.7 days) are put on the host clock")
    func inputClockWithAnotherBase() {
        let lag = Self.drag(clockOffset: -4_294_967.296)
        // The base is learned from arrivals, which also hold the 2 ms transport: at most 2 px more.
        #expect(lag.steady(0.5) <= 3 && lag.every(0.5) <= 4, "\(lag.summary)")
    }

    @Test("nested (a frame shown ~75 ms after its finger): the horizon follows the latency past 60 ms, capped at 100")
    func nested() {
        // sway or phoc nested in weston headless: the inner compositor composites at the parent's frame callback and
        // the parent shows that at its next repaint, so a frame is shown about 75 ms after the finger's sample it
        // was drawn from. With the horizon capped at 60 ms and no correction (before), the steady lag was 4.4 px p50
        // here (seeds 1 and 2) and the panel was drawn 32 px past the stop.
        var compositor = SimulatedCompositor()
        compositor.presentDelay = 0.056
        for seed: UInt64 in 1...3 {
            let lag = Self.drag(compositor: compositor, seed: seed)
            #expect(lag.steady.count >= 20 && lag.steady(0.5) <= 1, "\(lag.summary)")
            // Drawn past the stopped finger by at most its travel in the horizon less the braking its samples show
            // in time: the finger brakes over 60 ms, less than the latency, so a frame shown as it stops was drawn
            // from samples taken before it braked (36 px here).
            #expect(lag.pastStop <= 45, "\(lag.summary)")
        }
    }

    @Test("at 60 Hz with the latch 2 ms before the repaint the promise holds too")
    func sixtyHertz() {
        var compositor = SimulatedCompositor()
        compositor.cycle = 1.0 / 60
        compositor.latchMargin = 0.002
        compositor.presentDelay = 1.0 / 60
        let lag = Self.drag(compositor: compositor)
        #expect(lag.problems.isEmpty, "\(lag.problems) — \(lag.summary)")
    }
}

/// The late frame start on a loaded machine (`stress-ng --cpu 2` beside it): the process runs late after many of its
/// wake-ups. The start keeps enough slack for them, so it misses no more repaints than starting every frame at the
/// callback does, and the dragged panel stays within a pixel of the finger.
struct DeadlineUnderLoadTests {
    /// A fifth of the wake-ups run 1–10 ms late, the rest 0–0.3 ms, as a busy two-core machine's scheduler does.
    static let busy: @Sendable (inout SplitMix64) -> Double = { random in
        random.nextUnit() < 0.2 ? 0.001 + 0.009 * random.nextUnit() : 0.0003 * random.nextUnit()
    }

    @Test("under load the late start misses no more repaints than the callback start, and the lag stays ≤ 1 px")
    func lateStartHoldsUnderLoad() {
        // Four drags of 3.7 s each (about 580 intervals) with the late start and four at the callback, same seeds.
        var late = (share: 0.0, lag: [Double]()), atCallback = 0.0
        for seed: UInt64 in 1...4 {
            let drag = DragLagTests.drag(seed: seed, wakeLatency: Self.busy)
            #expect(drag.every.count >= 120, "\(drag.summary)")
            late.share += drag.lateShare / 4
            late.lag += drag.steady
            atCallback += DragLagTests.drag(lateStart: false, seed: seed, wakeLatency: Self.busy).lateShare / 4
        }
        #expect(late.share <= atCallback + 0.005, "late intervals \(late.share) with the late start, \(atCallback) at the callback")
        #expect((quantile(late.lag, 0.5) ?? .nan) <= 1, "steady drag lag p50 \(quantile(late.lag, 0.5) ?? .nan) px")
    }

    @Test("weston's hitches under load (5 % of repaints show their frame a cycle late whatever its commit) cost the late start no more late frames than the callback start, and the lag stays ≤ 1 px")
    func hitchesAreNotTheDeadline() {
        // The same repaints hitch in both runs. (The learner before passed this too: in a drag this short the
        // prediction covers the earlier start a hitch caused; FrameDeadlineTests.hitchesAtEveryOffset shows the start.)
        var compositor = SimulatedCompositor()
        compositor.hitchChance = 0.05
        var late = (share: 0.0, lag: [Double]()), atCallback = 0.0
        for seed: UInt64 in 1...4 {
            let drag = DragLagTests.drag(compositor: compositor, seed: seed, wakeLatency: Self.busy)
            #expect(drag.every.count >= 120, "\(drag.summary)")
            late.share += drag.lateShare / 4
            late.lag += drag.steady
            atCallback += DragLagTests.drag(lateStart: false, compositor: compositor, seed: seed,
                                            wakeLatency: Self.busy).lateShare / 4
        }
        #expect(late.share <= atCallback + 0.005, "late intervals \(late.share) with the late start, \(atCallback) at the callback")
        #expect((quantile(late.lag, 0.5) ?? .nan) <= 1, "steady drag lag p50 \(quantile(late.lag, 0.5) ?? .nan) px")
    }
}

/// A fresh run's first frames of a drag: before, the learner knew nothing until four intervals between presented
/// frames were timed and then probed from the callback at a sixteenth of a cycle a frame, so the first ~20 frames of
/// a drag started at (or near) the callback and each touch sample in them was shown up to a cycle later than
/// needed: touch → present's p99 (`scripts/bench-touch-floor.py`) was set by them. Now they start from a guess.
struct FreshDragTests {
    /// Touch → present (s) of the finger's samples that the first `frames` frames after the press drew: each
    /// sample's time to the presentation of the first frame committed after it arrived that was shown, the
    /// benchmark's rule. Also the late share of the drag's intervals.
    static func firstFrames(_ frames: Int = 20, lateStart: Bool, seed: UInt64 = 1,
                            memory: FrameDeadline.Memory? = nil, refresh: Double? = nil, hitches: Set<Int> = [],
                            wakeLatency: @escaping @Sendable (inout SplitMix64) -> Double = { _ in 0 })
        -> (latencies: [Double], lateShare: Double, memory: FrameDeadline.Memory?, starts: [Double]) {
        let size = DragLagTests.size
        var configuration = RunConfiguration()
        configuration.lateFrameStart = lateStart
        configuration.deadlineMemory = memory
        var compositor = SimulatedCompositor()
        compositor.refresh = refresh
        // The drag's frame k (its first drawn at once on the press, at 1.3: repaint 12) is shown at repaint 13 + k.
        compositor.hitchedRepaints = Set(hitches.map { 13 + $0 })
        var driver = RunCoreDriver(configuration: configuration, compositor: compositor, size: size)
        driver.wakeLatency = wakeLatency
        driver.omitsUnchanged = false
        driver.run(until: 1.0)
        let press = 1.3
        let path = DragPath(width: size.x, height: size.y, speed: 1000)
        let finger = FingerSamples.drag(width: size.x, height: size.y, speed: 1000, start: press, seed: seed)
        driver.play(finger, liftAt: press + path.liftAt)
        driver.run(until: press + path.liftAt + 1)
        let committed = driver.commits.filter { $0.value.commit >= press }.sorted { $0.value.commit < $1.value.commit }
        let first = committed.prefix(frames)
        guard let end = first.last?.value.commit else { return ([], 0, nil, []) }
        let shown = committed.compactMap { frame in driver.shown[frame.key].map { (frame.value.commit, $0) } }
        var latencies: [Double] = []
        for sample in finger.samples {
            let arrived = sample.time + compositor.inputDelay
            guard arrived <= end, let frame = shown.first(where: { $0.0 >= arrived }) else { continue }
            latencies.append(frame.1 - sample.time)
        }
        let times = shown.map(\.1).filter { $0 > press + 0.1 && $0 < press + path.stopAt }.sorted()
        let intervals = zip(times, times.dropFirst()).map { $1 - $0 }
        let late = Double(intervals.filter { $0 > 1.2 * compositor.cycle }.count) / Double(max(intervals.count, 1))
        // Each frame's start after its callback (s), the drag's frames drawn after a callback in order (the trace's
        // times are from the run's start).
        let since = press - driver.core.start
        let starts = driver.lines.compactMap(\.frame).filter { $0.commitT >= since }.compactMap { frame in
            frame.wakeT.flatMap { wake in frame.callbackT.map { wake - $0 } }
        }
        return (latencies, late, driver.core.deadline.memory, starts)
    }

    /// The compositor's floor for the same finger: each sample shown at the first repaint after it arrived (a client
    /// that commits on every touch, `tools/touch-commit`).
    static func floor(seed: UInt64, samples count: Int) -> [Double] {
        let compositor = SimulatedCompositor(), size = DragLagTests.size
        let finger = FingerSamples.drag(width: size.x, height: size.y, speed: 1000, start: 1.3, seed: seed)
        return finger.samples.prefix(count).map { sample in
            compositor.repaint(forCommitAt: sample.time + compositor.inputDelay) + compositor.presentDelay - sample.time
        }
    }

    @Test("a run after another on the same compositor (the first run's deadline remembered): its drag's first 64 frames (1.6 s, as bench-touch-floor's) show the finger's samples sooner than a fresh run's (touch → present p99), idle and loaded")
    func rememberedRunReachesTheFloor() throws {
        let machines: [(String, @Sendable (inout SplitMix64) -> Double)] = [("idle", { _ in 0 }),
                                                                            ("loaded", DeadlineUnderLoadTests.busy)]
        for (name, latency) in machines {
            var again: [Double] = [], fresh: [Double] = [], floor: [Double] = []
            var lateShare = 0.0, freshShare = 0.0, lines: [String] = []
            for seed: UInt64 in 1...4 {
                // The first run: a drag with another finger, as the benchmark's warm-up round.
                let memory = try #require(Self.firstFrames(64, lateStart: true, seed: seed + 10, refresh: 1.0 / 60,
                                                           wakeLatency: latency).memory)
                lines.append(memory.line)
                let remembered = Self.firstFrames(64, lateStart: true, seed: seed, memory: memory, refresh: 1.0 / 60,
                                                  wakeLatency: latency)
                let first = Self.firstFrames(64, lateStart: true, seed: seed, refresh: 1.0 / 60, wakeLatency: latency)
                again += remembered.latencies
                fresh += first.latencies
                floor += Self.floor(seed: seed, samples: remembered.latencies.count)
                lateShare += remembered.lateShare / 4
                freshShare += first.lateShare / 4
            }
            let p99 = (quantile(again, 0.99) ?? .nan, quantile(fresh, 0.99) ?? .nan, quantile(floor, 0.99) ?? .nan)
            let summary = "\(name): touch → present p99 \(p99.0 * 1000) ms remembered, \(p99.1 * 1000) fresh, floor "
                + "\(p99.2 * 1000) (p50 \((quantile(again, 0.5) ?? .nan) * 1000), \((quantile(fresh, 0.5) ?? .nan) * 1000), "
                + "\((quantile(floor, 0.5) ?? .nan) * 1000)); late intervals \(lateShare) against \(freshShare); memories \(lines)"
            #expect(again.count >= 4 * 40, "\(summary)")
            // Idle: p99 48.9 ms against 57.7 fresh and the floor's 41.5 (1.18× against 1.39×; 49.5 while the young
            // allowance kept an eighth of a period more in the first frames whatever the wake-ups): the learned start
            // stays 3.5 ms before this model's latch (a margin below the cycle, less the slack), so a sample that
            // came just after it waits that much more than a cycle. Loaded, the first run's slack (11.6 ms) is over
            // a fifth of the cycle: its memory is not used, and the run starts as a fresh one (58.1 both).
            if name == "idle" {
                #expect(p99.0 <= p99.1 - 0.008 && p99.0 <= 1.2 * p99.2, "\(summary)")
            } else {
                #expect(p99.0 <= p99.1, "\(summary)")
            }
            #expect(lateShare <= freshShare + 0.005, "\(summary)")
        }
    }

    @Test("a fresh run's drag whose frame 4, 5 or 6 a compositor hitch shows late: its frames still climb to 13–18 ms after their callbacks, and the samples are shown as soon as without the hitch",
          arguments: [4, 5, 6])
    func hitchAtTheGuess(frame: Int) {
        // bench-touch-floor (perf-touch8's base rounds, load 9–15): weston showed frames of a fresh run's first dozen
        // 5–15 ms late though committed well before its latch. Before, one such frame of the guess dropped it: the
        // drag's frames started 2.5–7 ms after their callbacks for the next ~35 frames (the ceiling it set held until
        // `suspectMemory`), p50 / p90 49.2 / 57.9 ms against 40.7 / 49.5 without the hitch.
        var hitched: [Double] = [], clean: [Double] = [], lines: [String] = []
        var climbed = true
        for seed: UInt64 in 1...4 {
            let run = Self.firstFrames(64, lateStart: true, seed: seed, refresh: 1.0 / 60, hitches: [frame])
            let without = Self.firstFrames(64, lateStart: true, seed: seed, refresh: 1.0 / 60)
            hitched += run.latencies
            clean += without.latencies
            // The climb as without the hitch, one frame later (the hitch's frame held it): 13–18 ms from frame 24.
            climbed = climbed && run.starts.count >= 60 && run.starts[24..<40].allSatisfy { $0 >= 0.013 && $0 <= 0.018 }
            lines.append("seed \(seed): \(run.starts.prefix(64).map { ($0 * 10_000).rounded() / 10 }) against "
                         + "\(without.starts.prefix(64).map { ($0 * 10_000).rounded() / 10 })")
        }
        let p50 = (quantile(hitched, 0.5) ?? .nan, quantile(clean, 0.5) ?? .nan)
        let p90 = (quantile(hitched, 0.9) ?? .nan, quantile(clean, 0.9) ?? .nan)
        let summary = "touch → present p50 / p90 \(p50.0 * 1000) / \(p90.0 * 1000) ms with the hitch, "
            + "\(p50.1 * 1000) / \(p90.1 * 1000) without; starts \(lines)"
        #expect(climbed, "\(summary)")
        // The p99 is the hitch's own frame's samples (shown a cycle late whatever the start: 74 ms against 57.7).
        #expect(p50.0 <= p50.1 + 0.0005 && p90.0 <= p90.1 + 0.0005, "\(summary)")
    }

    @Test("a fresh run's first 20 frames of a drag show the finger's samples sooner than frames started at the callback (p50 and p99), idle and loaded")
    func firstFramesStartLate() {
        let machines: [(String, @Sendable (inout SplitMix64) -> Double)] = [("idle", { _ in 0 }),
                                                                            ("loaded", DeadlineUnderLoadTests.busy)]
        for (name, latency) in machines {
            var late: [Double] = [], atCallback: [Double] = []
            var lateShare = 0.0, callbackShare = 0.0
            for seed: UInt64 in 1...4 {
                let deadline = Self.firstFrames(lateStart: true, seed: seed, wakeLatency: latency)
                let callback = Self.firstFrames(lateStart: false, seed: seed, wakeLatency: latency)
                late += deadline.latencies
                atCallback += callback.latencies
                lateShare += deadline.lateShare / 4
                callbackShare += callback.lateShare / 4
            }
            let p50 = (quantile(late, 0.5) ?? .nan, quantile(atCallback, 0.5) ?? .nan)
            let p99 = (quantile(late, 0.99) ?? .nan, quantile(atCallback, 0.99) ?? .nan)
            let summary = "\(name): touch → present p50 \(p50.0 * 1000) ms against \(p50.1 * 1000) at the callback, "
                + "p99 \(p99.0 * 1000) against \(p99.1 * 1000) (\(late.count) samples); late intervals \(lateShare) "
                + "against \(callbackShare)"
            #expect(late.count >= 4 * 40, "\(summary)")
            // The first frames start from the guess (half a cycle less the slack) and climb, keeping room for the
            // late wake-ups not yet seen: p50 41.0 / 41.2 ms against 57.6 / 57.3 at the callback (idle / loaded),
            // p99 57.6 / 57.9 against 66.4 / 66.3, no late interval.
            #expect(p50.0 <= p50.1 - 0.008 && p99.0 <= p99.1 - 0.005, "\(summary)")
            #expect(lateShare <= callbackShare + 0.005, "\(summary)")
        }
    }
}
