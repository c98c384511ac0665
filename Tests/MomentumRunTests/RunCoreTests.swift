import MomentumCore
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing

/// The run core's decisions on a manual clock, under a compositor played as weston headless behaves: when frames
/// are drawn and when not, when they start after their callback, what the trace says of them.
struct RunCoreTests {
    /// The trace's frame records, in order.
    static func frames(_ driver: RunCoreDriver) -> [TraceRecord.Frame] {
        driver.lines.compactMap { if case .frame(let frame) = $0.record { frame } else { nil } }
    }

    /// Frames drawn after a callback that missed the repaint after it (shown a cycle later than they could be).
    static func late(_ driver: RunCoreDriver, after: Double = 0) -> Int {
        frames(driver).filter { frame in
            guard let callback = frame.callbackT.map({ $0 + driver.core.start }), callback >= after,
                  let commit = driver.commits[frame.sequence] else { return false }
            return commit.repaint > callback + driver.compositor.cycle * 1.5
        }.count
    }

    /// The wait from each callback to its frame's start (s).
    static func waits(_ driver: RunCoreDriver) -> [Double] {
        frames(driver).compactMap { frame in frame.wakeT.flatMap { wake in frame.callbackT.map { wake - $0 } } }
    }

    static func autoplay(_ scene: SceneKind = .panel, compositor: SimulatedCompositor = SimulatedCompositor())
        -> RunCoreDriver {
        var configuration = RunConfiguration()
        configuration.scene = scene
        configuration.autoplay = true
        return RunCoreDriver(configuration: configuration, compositor: compositor)
    }

    @Test("a scene switch is told to the platform layer with the trace off (no `scene` line to tell it by): the chrome a playground knock left on the CPU is let go in a run without --trace too")
    func aSceneSwitchIsToldUntraced() {
        var configuration = RunConfiguration()
        configuration.scene = .playground
        #expect(!configuration.tracing)
        var core = RunCore(configuration: configuration, start: 0)
        var effects: [RunEffect] = []
        core.handle(.configured(WindowConfiguration(width: 800, height: 600, scale: 1, bufferWidth: 800,
                                                    bufferHeight: 600, canSeparate: true)), at: 0, into: &effects)
        core.handle(.dispatched, at: 0, into: &effects)
        #expect(core.sceneSwitches == 0)
        core.handle(.key(.nextScene), at: 0.5, into: &effects)
        #expect(core.sceneSwitches == 1, "switches told: \(core.sceneSwitches)")
        #expect(!(core.scene is PlaygroundScene), "the scene after the switch: \(type(of: core.scene))")
        let traced = effects.filter { if case .trace = $0 { true } else { false } }
        #expect(traced.isEmpty, "an untraced run traced \(traced.count) lines")
    }

    @Test("at rest nothing is drawn and nothing asked for: one frame after the configure, one for its callback, then idle")
    func idleIsIdle() {
        var driver = RunCoreDriver(configuration: RunConfiguration())
        driver.run(until: 10)
        #expect(driver.framesDrawn == 1, "\(driver.framesDrawn) frames for a window nobody touched")
        #expect(driver.isIdle)
        #expect(driver.lines.contains { if case .rest = $0.record { true } else { false } })
        let before = driver.framesDrawn
        driver.run(until: 60)
        #expect(driver.framesDrawn == before)
    }

    @Test("every scene's autoplay wakes the process about once a frame (the callback is read at the frame's learned start), as the C client does, not twice; the frames stay on time",
          arguments: SceneKind.allCases)
    func oneWakeUpAFrame(scene: SceneKind) {
        var configuration = RunConfiguration()
        configuration.scene = scene
        configuration.autoplay = true
        var driver = RunCoreDriver(configuration: configuration)
        driver.defersEvents = true
        driver.run(until: 2)
        let (wakes, frames) = (driver.wakeUps, driver.framesDrawn)
        driver.run(until: 6)
        let perFrame = Double(driver.wakeUps - wakes) / Double(driver.framesDrawn - frames)
        #expect(driver.framesDrawn - frames >= 150)
        // One in 32 callbacks is read when it comes (the clocks' offset is learned from those): 1.03 a frame.
        #expect(perFrame < 1.1, "\(scene): \(perFrame) wake-ups a frame")
        #expect(Self.late(driver, after: 2) == 0)
    }

    @Test("a touch while idle is drawn at once (step 0, no callback); while a callback is awaited it waits for it")
    func touchWhileIdleDrawsAtOnce() {
        var driver = RunCoreDriver(configuration: RunConfiguration())
        driver.run(until: 2)
        let down = TouchChange(id: 0, phase: .down, position: SIMD2(400, 560), time: 2.5)
        driver.schedule(.touch(TouchFrame(changes: [down])), at: 2.5)
        driver.run(until: 2.5)
        let drawn = Self.frames(driver).last
        #expect(drawn?.callbackMilliseconds == nil && drawn?.step == 0)
        #expect(drawn.map { abs($0.commitT + driver.core.start - 2.5) < 0.003 } == true, "\(String(describing: drawn))")
        // Another touch 1 ms later, while the callback for that frame is awaited: no frame until it comes.
        let motion = TouchChange(id: 0, phase: .motion, position: SIMD2(400, 550), time: 2.501)
        driver.schedule(.touch(TouchFrame(changes: [motion])), at: 2.501)
        let count = driver.framesDrawn
        driver.run(until: 2.502)
        #expect(driver.framesDrawn == count)
        #expect(driver.core.frameState.isDirty)
    }

    @Test("autoplay under weston's timing: the frame start moves within a few ms of the latch, at the cost of a few late frames")
    func learnsTheDeadline() {
        var driver = Self.autoplay()
        driver.run(until: 6)
        let waits = Self.waits(driver)
        // Latch 24.5 ms after the callback, render ~1.5 ms (+ the core's own part): a wait of 18–23.5 ms is safe.
        let settled = Array(waits.suffix(50))
        #expect(settled.count == 50)
        #expect(settled.allSatisfy { $0 > 0.016 && $0 < 0.0235 }, "\(settled.suffix(8))")
        #expect(Self.late(driver) <= 4, "\(Self.late(driver)) late frames")
        #expect(Self.late(driver, after: 2) <= 1)
        // Each frame says when it expects to be shown: the repaint after the callback, 16 ms on.
        for frame in Self.frames(driver).suffix(50) {
            guard let target = frame.targetT, let shown = driver.shown[frame.sequence] else { continue }
            #expect(abs(target + driver.core.start - shown) < 0.002, "frame \(frame.sequence)")
        }
    }

    @Test("a compositor hitch costs a late frame or two, and the deadline holds")
    func hitch() {
        var compositor = SimulatedCompositor()
        compositor.hitch = (after: 4, duration: 0.040)
        var driver = Self.autoplay(compositor: compositor)
        driver.run(until: 8)
        #expect(Self.late(driver, after: 2) <= 2, "\(Self.late(driver, after: 2)) late frames")
        #expect(Self.waits(driver).count > 200)
        #expect(Self.waits(driver).suffix(20).allSatisfy { $0 > 0.016 }, "\(Self.waits(driver).suffix(20))")
    }

    @Test("the refresh changes from 40 to 60 Hz: the cadence is learned again")
    func refreshChange() {
        var compositor = SimulatedCompositor()
        compositor.cycleChange = (at: 4, cycle: 1.0 / 60)
        var driver = Self.autoplay(compositor: compositor)
        driver.run(until: 10)
        let waits = Self.waits(driver).suffix(50)
        #expect(waits.count == 50)
        #expect(waits.allSatisfy { $0 < 1.0 / 60 - 0.001 }, "\(waits.suffix(8))")
        #expect(waits.contains { $0 > 0.008 }, "\(waits.suffix(8)): not learned again")
    }

    @Test("without presentation feedback frames start at the callback and a finger is predicted one callback ahead")
    func noFeedback() {
        var compositor = SimulatedCompositor()
        compositor.sendsFeedback = false
        var driver = Self.autoplay(compositor: compositor)
        driver.run(until: 4)
        #expect(Self.waits(driver).count > 100)
        #expect(Self.waits(driver).allSatisfy { $0 == 0 })
        for frame in Self.frames(driver).suffix(20) {
            guard let callback = frame.callbackT, let target = frame.targetT else { continue }
            #expect(abs(target - callback - compositor.cycle) < 0.0015, "frame \(frame.sequence)")
        }
    }

    @Test("every scene's autoplay keeps a frame every cycle and none late once learned", arguments: SceneKind.allCases)
    func everySceneAutoplays(scene: SceneKind) {
        var driver = Self.autoplay(scene)
        driver.run(until: 8)
        let frames = Self.frames(driver)
        // 7.5 s at 40 Hz, less the rests between the loop's motions.
        #expect(frames.count > 150, "\(frames.count) frames")
        #expect(Self.late(driver, after: 3) <= 1, "\(Self.late(driver, after: 3)) late frames")
    }

    @Test("--workload drag: once the panel rests the scripted finger drags it, and its samples are traced")
    func scriptedDrag() {
        var configuration = RunConfiguration()
        configuration.dragWorkload = true
        var driver = RunCoreDriver(configuration: configuration)
        driver.run(until: 8)
        let touches = driver.lines.filter { if case .touch = $0.record { true } else { false } }.count
        #expect(touches > 300, "\(touches) samples")
        #expect(driver.panelFrames.filter { $0.state == .dragging }.count > 100)
        #expect(driver.core.drag?.isDone == true)
        #expect(driver.isIdle)
    }
}

extension RunCoreTests {
    @Test("the HUD's intervals leave out the pause while the app rested, however late the last feedback comes")
    func idleGapsAreNotIntervals() {
        for late in [false, true] {
            var compositor = SimulatedCompositor()
            // Feedback after the frame start that finds nothing to do (a compositor slower to present than weston).
            if late { compositor.presentDelay = 0.040 }
            var driver = RunCoreDriver(configuration: RunConfiguration(), compositor: compositor)
            for (k, at) in [1.0, 3.0, 5.0].enumerated() {
                // A tap on the closed panel (then on the open one): it moves for ~0.5 s, then rests ~1.5 s.
                let layout = PanelLayout(width: 800, height: 600)
                let y = k % 2 == 0 ? layout.y(for: .closed) + 36 : layout.y(for: .open) + 12  // the strip, the grabber
                driver.schedule(.touch(TouchFrame(changes: [TouchChange(id: 0, phase: .down, position: SIMD2(400, y),
                                                                        time: at)])), at: at)
                driver.schedule(.touch(TouchFrame(changes: [TouchChange(id: 0, phase: .up, position: SIMD2(400, y),
                                                                        time: at + 0.06)])), at: at + 0.06)
            }
            driver.run(until: 7)
            let intervals = driver.core.statistics.intervals
            #expect(intervals.count > 30 && driver.core.statistics.isPresented, "late \(late)")
            #expect(intervals.allSatisfy { $0 < 60 }, "late \(late): \(intervals.filter { $0 >= 60 }) ms")
            #expect(driver.core.statistics.missed == 0, "late \(late)")
        }
    }
}

extension RunCoreTests {
    /// The frames drawn as the trace records them (committed) and the ones it records as `unchanged`.
    static func unchanged(_ driver: RunCoreDriver) -> [UInt64] { driver.lines.compactMap(\.unchanged) }

    @Test("a frame that changes nothing is not committed, and the display link goes on a period later from its own clock")
    func noEmptyCommits() {
        // The scripted finger holds still for 0.4 s before it lifts: the frames of the hold draw the same panel.
        var configuration = RunConfiguration()
        configuration.dragWorkload = true
        var driver = RunCoreDriver(configuration: configuration)
        driver.run(until: 8)
        let uncommitted = Self.unchanged(driver)
        #expect(driver.emptyCommits.isEmpty, "empty commits: \(driver.emptyCommits)")
        #expect(uncommitted.count > 5 && uncommitted == driver.uncommitted, "\(uncommitted)")
        // Nothing stalled: the drag ended, the panel settled and the run rests.
        #expect(driver.core.drag?.isDone == true)
        #expect(driver.isIdle)
        // The frame after uncommitted ones starts a period after the last of them (the callback the compositor would
        // have sent): no frame was lost, none came early.
        let cycle = driver.compositor.cycle
        let frames = Self.frames(driver)
        for sequence in uncommitted {
            guard let next = frames.first(where: { $0.sequence > sequence }), let step = next.callbackMilliseconds,
                  let before = frames.last(where: { $0.sequence < sequence }),
                  let from = before.callbackMilliseconds else { continue }
            let skipped = uncommitted.filter { $0 > before.sequence && $0 < next.sequence }.count
            let gap = Double(Int32(bitPattern: step &- from)) / 1000
            #expect(abs(gap - Double(skipped + 1) * cycle) < 0.003,
                    "frame \(next.sequence): \(gap) s after frame \(before.sequence), \(skipped) uncommitted between")
        }
        // The uncommitted frames are neither intervals nor missed refreshes.
        #expect(driver.core.statistics.missed == 0)
        #expect(driver.core.statistics.intervals.allSatisfy { $0 < cycle * 1000 * 1.5 },
                "\(driver.core.statistics.intervals.filter { $0 >= cycle * 1000 * 1.5 })")
    }
}
