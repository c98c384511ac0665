import Foundation
import MomentumLayers
import MomentumRun
import MomentumScenes
import Testing
@testable import MomentumApp

/// The bench's numbers from a synthetic trace whose answers are known in closed form: a 60 Hz compositor on a
/// presentation clock 0.25 s behind CLOCK_MONOTONIC, frames committed 4 ms after their callback and shown 12 ms after
/// the commit, one frame that took two refreshes, and a finger dragging the panel at 1000 px/s that the panel
/// follows 10 ms late.
struct BenchAnalysisTests {
    static let refresh = 1.0 / 60
    static let startNs = 1_000_000_000_000.0            // the trace's t = 0 on CLOCK_MONOTONIC
    static let presentationBehind = 0.25                 // the presentation clock reads 0.25 s less

    /// Every synthetic trace's first lines: the clock (presentation `presentationBehind` s behind CLOCK_MONOTONIC,
    /// input times on CLOCK_MONOTONIC) and an 800x600 window.
    static let header = [
        TraceLine(t: 0.001, .clock(.init(startNanoseconds: Int64(startNs), presentation: "monotonic_raw",
                                         monotonicNanoseconds: Int64(startNs + 1e6),
                                         presentationNanoseconds: Int64(startNs + 1e6 - presentationBehind * 1e9),
                                         input: "monotonic"))),
        TraceLine(t: 0.01, .configure(.init(width: 800, height: 600, scale: 1, bufferWidth: 800, bufferHeight: 600))),
    ]

    /// The trace's lines.
    /// `panelAt`: the panel is drawn where the finger was (or will be) this long after the commit (−10 ms: 10 ms
    /// before it).
    /// `wholeMs`: the touch events are stamped as mutter stamps remote-desktop touch, when it takes each from the bus
    /// (2 ms after the finger's sample, every third 5 ms), in whole ms.
    /// `secondFrameMicros`: the second frame's CPU (the others' 1000 µs each).
    static func trace(frames: Int = 60, slowFrame: Int = 30, touches: Bool = true, panelAt: Double = -0.010,
                      wholeMs: Bool = false, secondFrameMicros: Double = 1000) -> [TraceLine] {
        var lines = header
        func add(_ t: Double, _ record: TraceRecord) { lines.append(TraceLine(t: t, record)) }
        var msc: UInt64 = 1000
        var t = 0.1
        let fingerStart = 0.14, fingerY0 = 560.0   // after two frames of the panel at rest
        func finger(_ at: Double) -> Double { fingerY0 - 1000 * max(0, at - fingerStart) }
        let grabOffset = 36.0
        var touchIndex = 0
        for k in 1...frames {
            // The finger's samples (120 Hz) received 2 ms after their own time, before this frame's callback.
            if touches {
                while fingerStart + Double(touchIndex) / 120 < t - 0.002 {
                    let at = fingerStart + Double(touchIndex) / 120
                    let taken = at + (wholeMs && touchIndex % 3 == 1 ? 0.005 : 0.002)
                    add(taken, .touch(.init(phase: touchIndex == 0 ? .down : .motion, id: 0, position: SIMD2(400, finger(at)),
                                            time: wholeMs ? ((startNs / 1e9 + taken) * 1000).rounded(.down) / 1000
                                                          : (startNs / 1e9) + at)))
                    touchIndex += 1
                }
            }
            let callback = t, commit = t + 0.004
            // The panel follows the finger as it was 10 ms before the commit.
            // (At rest until the app has the finger's first sample: it cannot draw it ahead before then.)
            let panelY = (commit < fingerStart + 0.002 ? fingerY0 : finger(commit + panelAt)) - grabOffset
            add(commit, .frame(.init(sequence: UInt64(k), callbackMilliseconds: 1, step: Self.refresh, hud: false,
                                     ghosts: 0, tickMicros: 50, renderMicros: 900, damagePixels: nil, drawnPixels: nil,
                                     layerSurface: nil, callbackT: callback, wakeT: nil, commitT: commit,
                                     cpuMicros: k == 2 ? secondFrameMicros : 1000, targetT: nil,
                                     predictMicros: nil)))
            add(commit, .sceneState(.panel(.init(state: k > 2 ? .dragging : .closed, target: .closed, y: panelY, vy: 0,
                                                 rect: DrawRect(x: 80, y: panelY, width: 640, height: 318),
                                                 backend: "spring", controls: ControlCenter()))))
            let steps: UInt64 = k == slowFrame ? 2 : 1
            msc += steps
            let present = commit + 0.012 + (steps == 2 ? refresh : 0)
            add(present, .presented(.init(sequence: UInt64(k),
                                          nanoseconds: UInt64(((startNs / 1e9 + present - presentationBehind) * 1e9).rounded()),
                                          refreshNanoseconds: 16_666_667, msc: msc, flags: [.vsync, .hwClock])))
            t += refresh * Double(steps)
        }
        add(t + 0.01, .rest(cpu: 1.0))
        add(t + 2.01, .exit(.init(code: 0, reason: "quit-after", feedbackUnanswered: 0, feedbackFreed: 0, cpu: 1.05)))
        return lines
    }

    @Test func frameTimingFromPresentationFeedback() throws {
        let a = BenchAnalysis(lines: Self.trace())
        #expect(a.frames.count == 60 && a.presented.count == 60 && a.hasPresentation)
        let stats = a.statistics
        #expect(stats.missed == 1, "one frame took two refreshes")
        let refresh = try #require(stats.refresh)
        #expect(refresh.source == .retraces && abs(refresh.ms - 1000 * Self.refresh) < 1e-3)
        #expect(stats.intervals.count == 59)
        // The chart's intervals are the statistics' (to the ns the statistics round presentation times to).
        let charted = a.intervalsOverTime.map(\.ms)
        #expect(charted.count == 59 && zip(charted, stats.intervals).allSatisfy { abs($0 - $1) < 1e-5 })
        #expect(stats.intervals.filter { abs($0 - 2000 * Self.refresh) < 1e-3 }.count == 1)
        #expect(a.callbackToCommit.allSatisfy { abs($0 - 4) < 1e-6 })
        // Commit → present through the clock relation: 12 ms, and one refresh more for the slow frame.
        let c2p = a.commitToPresent
        #expect(c2p.filter { abs($0 - 12) < 1e-3 }.count == 59)
        #expect(c2p.filter { abs($0 - 12 - 1000 * Self.refresh) < 1e-3 }.count == 1)
        // 1000 µs a frame; the first frame (the launch's share) left out: all 59 others are the launch's first second
        // (the last one committed at 1.087 s, before 0.116 + 1 s), and none is counted after it.
        #expect(abs((a.cpuPerPresentedFrameAtLaunch ?? 0) - 1000) < 1e-9)
        #expect(a.cpuPerPresentedFrame == nil, "no frame committed a second after the first shown")
        let rest = try #require(a.atRest)
        #expect(rest.commits == 0 && abs((rest.cpuSeconds ?? 0) - 0.05) < 1e-9 && abs(rest.seconds - 2) < 1e-9)
        #expect(abs((a.firstFrameMs ?? 0) - 116) < 1e-3, "first frame shown at 0.1 + 0.004 + 0.012 s")
        // Pacing after the launch's first second: the slow frame at 0.5 s is the launch's; none is late after it.
        let run = BenchReport.run("panel-spring", scene: "panel", backend: "spring", workload: "autoplay", analysis: a)
        #expect(run["late_interval_share"] is JSONNull, "no interval starts a second after the first frame of 1 s")
        let longer = BenchAnalysis(lines: Self.trace(frames: 120, slowFrame: 90))
        let paced = BenchReport.run("panel-spring", scene: "panel", backend: "spring", workload: "autoplay",
                                    analysis: longer)
        // Frames every 1/60 s from 0.116 s, frame 90 a refresh late: of the 59 intervals starting at or after
        // 1.116 s (frames 60…119), the one ending at frame 90 is late.
        #expect(abs((paced["late_interval_share"] as? Double ?? -1) - 0.017) < 1e-9, "1 / 59 rounded to 0.017")
        #expect(BenchReport.lateIntervalShare([16, 16, 16, 20, 33]) == 0.4, "20 and 33 are over 1.2 × 16")
        #expect(BenchReport.lateIntervalShare([Double]()) == nil)
    }

    /// A late interval is counted by one rule (`BenchReport.lateRule`, as `scripts/bench-load-latch.py` counts it):
    /// an interval across n frames the app built and left uncommitted because they changed no pixel (an animation's
    /// sub-pixel steps) is n + 1 intervals, n on time and one of the rest — so a frame shown late after such a frame
    /// is late, and one shown on time is not. A 25.7 ms cadence (weston headless's), 120 frames from 0.116 s: frame
    /// 60 left unchanged and 61 shown on time; 80 and 81 left unchanged and 82 shown a cadence late; 100 shown a
    /// cadence late. Before the twenty-second step an interval across an unchanged frame was left out whole: the
    /// frame after 80 and 81, late, was not counted (1 late of 75, not 2 of 80).
    @Test func anIntervalAcrossFramesLeftUnchangedCountsThoseOnTimeAndTheRestAsAnyInterval() throws {
        let cadence = 0.0257
        var lines = Self.header
        var slot = 0.0
        for k in 1...120 {
            if k == 82 || k == 100 { slot += 1 }   // shown a cadence late
            let callback = 0.1 + slot * cadence, commit = callback + 0.004
            slot += 1
            if [60, 80, 81].contains(k) {
                lines.append(TraceLine(t: commit, .unchanged(sequence: UInt64(k), step: cadence)))
                continue
            }
            lines.append(TraceLine(t: commit, .frame(.init(
                sequence: UInt64(k), callbackMilliseconds: 1, step: cadence, hud: false, ghosts: 0, tickMicros: 50,
                renderMicros: 900, damagePixels: nil, drawnPixels: nil, layerSurface: nil, callbackT: callback,
                wakeT: nil, commitT: commit, cpuMicros: 1000, targetT: nil, predictMicros: nil))))
            let present = commit + 0.012
            let shownNs = ((Self.startNs / 1e9 + present - Self.presentationBehind) * 1e9).rounded()
            lines.append(TraceLine(t: present, .presented(.init(
                sequence: UInt64(k), nanoseconds: UInt64(shownNs), refreshNanoseconds: 16_666_667, msc: 0,
                flags: [.vsync]))))
        }
        let a = BenchAnalysis(lines: lines)
        // From 1.116 s (a second after the first frame shown): frames 40…120 shown but 60, 80 and 81 — 77
        // intervals, 80 counted with the 3 frames held; late the one across 80 and 81 (4 cadences, 2 over the 2
        // held) and the one ending at 100.
        let paced = BenchReport.afterLaunch(a)
        #expect(paced.count == 77 && paced.reduce(0) { $0 + $1.held } == 3)
        let run = BenchReport.run("panel-spring", scene: "panel", backend: "spring", workload: "autoplay", analysis: a)
        #expect(run["late_interval_share"] as? Double == 0.025, "2 / 80, not 1 / 75 (0.013)")
        // The intervals the statistics and the chart keep still break across a frame left unchanged: the count before
        // (what `late_interval_share` was made of) is 1 late of 75.
        let broken = a.intervals(from: 1.116)
        #expect(broken.count == 75 && BenchReport.lateIntervalShare(broken).map { abs($0 - 1.0 / 75) < 1e-12 } == true)
        // The rule alone: an interval of two cadences across one frame held is on time, one of three is late; the
        // median is that of the intervals with no frame held.
        typealias P = BenchAnalysis.PacedInterval
        #expect(BenchReport.lateIntervalShare([P(ms: 16), P(ms: 16), P(ms: 33, held: 1), P(ms: 16)]) == 0)
        #expect(BenchReport.lateIntervalShare([P(ms: 16), P(ms: 16), P(ms: 50, held: 1), P(ms: 16)]) == 0.2)
        #expect(BenchReport.lateIntervalShare([P(ms: 16), P(ms: 50, held: 2)]) == 0)
        // The report's legend states it.
        let report = BenchReport(command: "momentum bench", compositor: ["name": "weston"], host: [:],
                                 runs: [("panel-spring", "panel", "spring", "autoplay", a)])
        #expect(BenchSummary.markdown(report).contains("Late: " + BenchReport.lateRule))
    }

    /// The CPU per presented frame counts the frames a second after the first one shown, as `--versus` counts
    /// weston-simple-egl's after its warm-up; the launch's first second (a second frame of 40 ms: the GL's programs
    /// built there) is a number of its own beside it, not mixed in.
    @Test func theCPUPerFrameIsCountedAfterTheLaunchsFirstSecondAndThatSecondApart() throws {
        let a = BenchAnalysis(lines: Self.trace(frames: 120, slowFrame: 90, secondFrameMicros: 40_000))
        // Frames committed from 1.116 s on (the first shown at 0.116 s): frames 62…120, 1000 µs each, all shown.
        #expect(abs((a.cpuPerPresentedFrame ?? 0) - 1000) < 1e-9, "\(a.cpuPerPresentedFrame ?? -1)")
        // Frames 2…61 (committed 0.121…1.104 s): 40 000 + 59 × 1000 µs over 60 frames.
        let launch = try #require(a.cpuPerPresentedFrameAtLaunch)
        #expect(abs(launch - (40_000 + 59 * 1000) / 60.0) < 1e-9, "\(launch)")
        let run = BenchReport.run("panel-spring", scene: "panel", backend: "spring", workload: "autoplay", analysis: a)
        #expect(run["cpu_per_presented_frame_us"] as? Double == 1000)
        #expect(run["cpu_per_presented_frame_launch_us"] as? Double == 1650)
    }

    @Test func touchToPresentAndDragLag() throws {
        let a = BenchAnalysis(lines: Self.trace())
        // Each sample: input time → the first frame committed after it arrived (2 ms later) → presented.
        let latencies = a.touchToPresent
        #expect(latencies.count == a.touches.count && !latencies.isEmpty)
        #expect(latencies.allSatisfy { $0 > 2 && $0 < 2 + 1000 * Self.refresh * 2 + 16 })
        // Drag lag at each presentation: the panel shows the finger as it was 10 ms before the commit, and the
        // frame is shown 12 ms after its commit: 22 ms of finger travel at 1000 px/s = 22 px (one frame took a
        // refresh more: 22 + 16.7 px).
        let lag = a.dragLag()
        #expect(lag.count >= 40)
        #expect(lag.allSatisfy { abs($0.speed - 1000) < 1e-6 })
        let usual = lag.filter { abs($0.px - 22) < 1e-6 }.count
        #expect(usual >= lag.count - 1, "lags: \(lag.map(\.px))")
    }

    /// Touch events stamped in whole ms when the compositor took them (mutter's remote-desktop touch): their
    /// sample-to-sample speed never holds within 15 % of its cruise, so no frame counts as steady. With the finger
    /// as its injector recorded it (each sample's CLOCK_MONOTONIC ns and position), the lag is the closed form's
    /// again: 22 px at every frame (the slow one 22 + 16.67), steady after 100 ms of cruise, in the report too.
    @Test func theInjectorsRecordOfTheFingerGivesTheSteadyLagWhereEventTimesAreCoarse() throws {
        let coarse = BenchAnalysis(lines: Self.trace(wholeMs: true))
        let seen = coarse.dragLagSamples()
        #expect(seen.count >= 40 && !seen.contains(where: \.steady), "\(seen.map(\.speed))")

        var a = coarse
        let fingerStart = 0.14, fingerY0 = 560.0
        let lift = Int64(Self.startNs + (fingerStart + 79.5 / 120) * 1e9)
        a.useInjectedFinger((0..<80).map { k in
            let at = fingerStart + Double(k) / 120
            return InjectedTouch(nanoseconds: Int64(Self.startNs + at * 1e9), phase: k == 0 ? .down : .motion, id: 0,
                                 x: 400, y: fingerY0 - 1000 * (at - fingerStart))
        } + [InjectedTouch(nanoseconds: lift, phase: .up, id: 0, x: 0, y: 0)])
        // The lift (an up carries no position) is where the finger last was.
        let lifted = try #require(a.drags().first?.samples.last)
        #expect(lifted.phase == .up && abs(lifted.y - (fingerY0 - 1000.0 * 79 / 120)) < 1e-9, "\(lifted)")
        let samples = a.dragLagSamples()
        let steady = samples.filter(\.steady)
        #expect(samples.count >= 35 && steady.count >= 25, "\(samples.count) frames, \(steady.count) steady")
        #expect(steady.filter { abs($0.px - 22) < 1e-6 }.count >= steady.count - 1, "\(steady.map(\.px))")
        #expect(samples.filter { $0.t < Double(lift) / 1e9 - Self.startNs / 1e9 - 0.5 / 120 }
            .allSatisfy { abs($0.speed - 1000) < 1e-3 }, "\(samples.map { ($0.t, $0.speed) })")
        // Touch → present is still the events' (what the app was given).
        #expect(a.touchToPresent == coarse.touchToPresent)
        let run = BenchReport.run("panel-drag-1000", scene: "panel", backend: "spring", workload: "drag", analysis: a)
        #expect(run["finger"] as? String == "injector")
        #expect(ReportJSON.number(((run["drag_lag"] as? [String: Any])?["px"] as? [String: Any])?["p50"]) == 22)
        let plain = BenchReport.run("panel-drag-1000", scene: "panel", backend: "spring", workload: "drag", analysis: coarse)
        #expect(plain["finger"] as? String == "input events" && plain["drag_lag"] is JSONNull)
    }

    /// A finger that speeds up from rest and then cruises, and frames drawn as a nested compositor shows them: each
    /// from the newest sample the app had at its start, predicted 72.5 ms ahead and shown exactly then. The finger:
    /// samples every 8 ms from 0.1 s, speeding up at a constant rate to 1000 px/s over its first 48 ms (6 samples'
    /// intervals), then cruising up the screen for 400 ms. The predictor: the secant through the newest sample and
    /// the oldest within 50 ms of it (6 intervals back), extrapolated 72.5 ms. Closed form: a frame whose newest sample
    /// is sample n used samples n − 6…n; they all lie on the cruise iff n − 6 ≥ 6 (the cruise starts at sample 6),
    /// and then it is drawn exactly where the finger is (0 px); a frame whose fit reached into the speeding up is
    /// drawn (1000 − v)·72.5 ms behind, v the secant's speed. Steady frames are exactly those with n ≥ 12 (and shown
    /// before the finger's last sample). The former rule (100 ms of cruise before the presentation) also counted
    /// n = 10 and 11 (shown at 0.2525 and 0.2605 s), drawn 4.0 and 1.0 px behind.
    static func acceleratingFinger() -> (lines: [TraceLine], finger: [InjectedTouch], y: (Double) -> Double,
                                          newest: [Int]) {
        var lines = header
        func add(_ t: Double, _ record: TraceRecord) { lines.append(TraceLine(t: t, record)) }
        let start = 0.1, interval = 0.008, ramp = 0.048, speed = 1000.0, y0 = 560.0, grabOffset = 36.0
        let count = 56   // samples 0…56: 48 ms speeding up, 400 ms of cruise
        func y(_ t: Double) -> Double {
            let s = max(0, t - start)
            return y0 - (s < ramp ? speed * s * s / (2 * ramp) : speed * ramp / 2 + speed * (s - ramp))
        }
        func sampleT(_ k: Int) -> Double { start + Double(k) * interval }
        var seq: UInt64 = 0
        func frame(at t: Double, panelTop: Double, state: PanelScene.State, predict: Double?, shown: Double) {
            seq += 1
            add(t, .frame(.init(sequence: seq, callbackMilliseconds: 1, step: 0.025, hud: false, ghosts: 0,
                                tickMicros: 50, renderMicros: 900, damagePixels: nil, drawnPixels: nil,
                                layerSurface: nil, callbackT: t, wakeT: nil, commitT: t, cpuMicros: 1000,
                                targetT: nil, predictMicros: predict.map { $0 * 1e6 })))
            add(t, .sceneState(.panel(.init(state: state, target: .closed, y: panelTop, vy: 0,
                                            rect: DrawRect(x: 80, y: panelTop, width: 640, height: 318),
                                            backend: "spring", controls: ControlCenter()))))
            add(shown, .presented(.init(sequence: seq,
                                        nanoseconds: UInt64(((startNs / 1e9 + shown - presentationBehind) * 1e9).rounded()),
                                        refreshNanoseconds: 25_000_000, msc: seq, flags: [.vsync])))
        }
        // The panel at rest before the press (where the finger grabs it: 36 px below its top edge).
        frame(at: 0.05, panelTop: y0 - grabOffset, state: .closed, predict: nil, shown: 0.07)
        var next = 0, newest: [Int] = []
        for m in 0..<20 {
            let build = start + 0.0035 + 0.025 * Double(m)
            // Each sample reaches the app 1 ms after it was taken.
            while next <= count, sampleT(next) + 0.001 <= build {
                add(sampleT(next) + 0.001, .touch(.init(phase: next == 0 ? .down : .motion, id: 0,
                                                        position: SIMD2(400, y(sampleT(next))),
                                                        time: startNs / 1e9 + sampleT(next))))
                next += 1
            }
            let n = next - 1, h = 0.0725
            let used = max(0, n - 6)
            let v = n > used ? (y(sampleT(n)) - y(sampleT(used))) / (sampleT(n) - sampleT(used)) : 0
            newest.append(n)
            frame(at: build, panelTop: y(sampleT(n)) + v * h - grabOffset, state: .dragging, predict: h,
                  shown: sampleT(n) + h)
        }
        let upT = sampleT(count) + 0.004
        add(upT + 0.001, .touch(.init(phase: .up, id: 0, position: SIMD2(400, y(sampleT(count))), time: startNs / 1e9 + upT)))
        let finger = (0...count).map { k in
            InjectedTouch(nanoseconds: Int64((startNs + sampleT(k) * 1e9).rounded()), phase: k == 0 ? .down : .motion,
                          id: 0, x: 400, y: y(sampleT(k)))
        } + [InjectedTouch(nanoseconds: Int64((startNs + upT * 1e9).rounded()), phase: .up, id: 0, x: 0, y: 0)]
        return (lines, finger, y, newest)
    }

    @Test func aFrameIsSteadyOnlyWhenItsPredictionSawTheFingerCruise() throws {
        let trace = Self.acceleratingFinger()
        var a = BenchAnalysis(lines: trace.lines)
        a.useInjectedFinger(trace.finger)
        let samples = a.dragLagSamples()
        let start = 0.1, interval = 0.008, last = start + 56 * interval
        // Each dragging frame is shown at its newest sample + 72.5 ms.
        var expectedSteady: [Double] = []
        for n in trace.newest {
            let shown = start + Double(n) * interval + 0.0725
            let travel = trace.y(start) - trace.y(start + Double(n) * interval)
            guard travel >= 24, shown <= last, shown > start else { continue }
            let sample = try #require(samples.first { abs($0.t - shown) < 1e-6 }, "the frame shown at \(shown)")
            if n >= 12 {
                expectedSteady.append(shown)
                #expect(sample.steady && sample.px < 1e-6, "n = \(n): \(sample)")
            } else {
                // The closed form: drawn (1000 − v)·72.5 ms behind, v the secant through samples n − 6 and n.
                let v = (trace.y(start + Double(n - 6) * interval) - trace.y(start + Double(n) * interval)) / 0.048
                #expect(!sample.steady && abs(sample.signed + (1000 - v) * 0.0725) < 1e-6, "n = \(n): \(sample), v \(v)")
            }
        }
        #expect(samples.filter(\.steady).map(\.t).count == expectedSteady.count && expectedSteady.count >= 10,
                "\(samples.filter(\.steady).map(\.t)) against \(expectedSteady)")
        // In the report: steady p50 0 px and its definition; every frame (speeding up included) beside it.
        let run = BenchReport.run("panel-drag-1000", scene: "panel", backend: "spring", workload: "drag", analysis: a)
        let lag = try #require(run["drag_lag"] as? [String: Any])
        #expect(ReportJSON.number((lag["px"] as? [String: Any])?["p50"]) == 0)
        #expect(lag["steady"] as? String == BenchAnalysis.steadyDefinition)
        let every = try #require(((run["drag_lag_all"] as? [String: Any])?["px"] as? [String: Any])?["max"])
        #expect((ReportJSON.number(every) ?? 0) > 1, "the frames fitted into the speeding up are drawn behind")
    }

    /// An injector's record is read line by line; a line that is not one event is refused by its number.
    @Test func anInjectorsRecordIsReadOrRefusedByLine() throws {
        let touches = try InjectedTouch.parse("100 down 0 400.000 560.000\n108 motion 0 400.000 551.667\n120 up 0 0 0\n",
                                              what: "rec")
        #expect(touches == [InjectedTouch(nanoseconds: 100, phase: .down, id: 0, x: 400, y: 560),
                            InjectedTouch(nanoseconds: 108, phase: .motion, id: 0, x: 400, y: 551.667),
                            InjectedTouch(nanoseconds: 120, phase: .up, id: 0, x: 0, y: 0)])
        #expect(throws: SessionError("rec:2: expected `<ns> <down|motion|up> <id> <x> <y>`, got `108 wiggle 0 1 2`")) {
            try InjectedTouch.parse("100 down 0 1 2\n108 wiggle 0 1 2\n", what: "rec")
        }
        #expect(throws: SessionError("rec:2: time goes backwards (90 < 100)")) {
            try InjectedTouch.parse("100 down 0 1 2\n90 motion 0 1 3\n", what: "rec")
        }
    }

    /// Chromium's input-prediction metrics in closed form. The finger moves up at 1000 px/s; each frame is shown
    /// 12 ms after its commit (one, a refresh later). Drawn where the finger was 10 ms before the commit: 22 px behind
    /// it at presentation (under-prediction 22, 38.67 for the slow frame), no over-prediction, and the error changes
    /// only into and out of the slow frame (jitter 16.67 px twice, else 0). Drawn where it will be 19 ms after the
    /// commit: 7 px ahead (over-prediction 7; the slow frame, 9.67 px behind).
    @Test func overAndUnderPredictionAndJitterAsChromiumMeasuresThem() throws {
        let refreshPx = 1000 * Self.refresh
        let behind = BenchAnalysis(lines: Self.trace())
        let samples = behind.dragLagSamples()
        #expect(samples.count >= 40)
        let late = BenchAnalysis.PredictionQuality(samples)
        #expect(late.over.isEmpty, "\(late.over)")
        #expect(late.under.count == samples.count)
        #expect(late.under.filter { abs($0 - 22) < 1e-6 }.count == samples.count - 1, "\(late.under)")
        #expect(late.under.filter { abs($0 - 22 - refreshPx) < 1e-6 }.count == 1)
        #expect(late.jitter.count == samples.count - 1)
        #expect(late.jitter.filter { abs($0 - refreshPx) < 1e-6 }.count == 2, "\(late.jitter)")
        #expect(late.jitter.filter { abs($0) < 1e-6 }.count == late.jitter.count - 2)
        // In the report: p50 and p95 beside the lag.
        let run = BenchReport.run("panel-drag-1000", scene: "panel", backend: "spring", workload: "drag", analysis: behind)
        let quality = try #require(run["prediction_quality"] as? [String: Any])
        #expect(quality["over_px"] is JSONNull && ReportJSON.number((quality["under_px"] as? [String: Any])?["p50"]) == 22)
        #expect(ReportJSON.number((quality["jitter_px"] as? [String: Any])?["p50"]) == 0)
        #expect(BenchMetric.named("under_prediction_p50")?.value(run) == 22)

        let ahead = BenchAnalysis.PredictionQuality(BenchAnalysis(lines: Self.trace(panelAt: 0.019)).dragLagSamples())
        #expect(ahead.over.count == samples.count - 1 && ahead.over.allSatisfy { abs($0 - 7) < 1e-6 }, "\(ahead.over)")
        #expect(ahead.under.count == 1 && abs((ahead.under.first ?? 0) - (refreshPx - 7)) < 1e-6, "\(ahead.under)")
    }

    @Test func eachDragRunIsDescribedAtItsOwnSpeedAndPrediction() {
        let a = BenchAnalysis(lines: Self.trace())
        let fast = BenchHTML.intro(["workload": "drag", "drag_speed_px_s": 3000, "predict": false], a)
        let slow = BenchHTML.intro(["workload": "scripted-drag", "drag_speed_px_s": 250, "predict": true], a)
        #expect(fast.contains("at 3000 px/s, no prediction") && !fast.contains("1000"), "\(fast)")
        #expect(slow.contains("at 250 px/s, drawn where the finger is predicted to be"), "\(slow)")
    }

    @Test func theReportAndTheBenchAgreeOnTheRefresh() throws {
        for lines in [Self.trace(), Self.trace().filter { $0.presented == nil }] {
            let bench = try #require(BenchAnalysis(lines: lines).statistics.refresh)
            let report = try #require(RunAnalysis(RunTrace(path: "t", lines: lines, cutLastLine: false)).refresh)
            #expect(bench.ms == report.ms && bench.source == report.source, "bench \(bench), report \(report)")
        }
    }

    @Test func withoutPresentationFeedbackTheCallbacksTime() {
        let events = Self.trace().filter { $0.presented == nil }
        let a = BenchAnalysis(lines: events)
        #expect(!a.hasPresentation)
        #expect(a.statistics.intervals.count == 59 && !a.statistics.isPresented)
        #expect(a.touchToPresent.isEmpty && a.dragLag().isEmpty)
        let run = BenchReport.run("x", scene: "panel", backend: "spring", workload: "autoplay", analysis: a)
        #expect(run["timing_source"] as? String == "callback")
    }

    @Test func theReportReadsBackAndRefusesWhatIsNotOne() throws {
        let a = BenchAnalysis(lines: Self.trace())
        let report = BenchReport(command: "momentum bench", compositor: ["name": "test"], host: [:],
                                 runs: [("panel-spring", "panel", "spring", "autoplay", a)])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-test-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("report.json").path
        try OutputFile.write(try report.encoded(), to: path, what: "report")
        let back = try BenchReport.read(path)
        #expect(back.runs.count == 1 && BenchCompareCommand.number(back.runs[0]["missed_vblanks"]) == 1)
        // Not a report, a newer schema, not JSON.
        let other = dir.appendingPathComponent("other.json").path
        try OutputFile.write(Array("{\"runs\": []}".utf8), to: other, what: "x")
        #expect(throws: AppError.self) { try BenchReport.read(other) }
        let newer = dir.appendingPathComponent("newer.json").path
        try OutputFile.write(Array("{\"schema\":\"momentum-bench\",\"version\":99,\"runs\":[]}".utf8), to: newer, what: "x")
        do {
            _ = try BenchReport.read(newer)
            Issue.record("a version 99 report was read")
        } catch {
            #expect(error.description.contains("schema version 99 is newer"))
        }
        let csv = BenchReport.framesCSV(a)
        #expect(csv.split(separator: "\n").count == 61)
    }
}

/// weston-simple-egl's frame timing from its WAYLAND_DEBUG log, as libwayland 1.21 writes it.
struct WaylandDebugLogTests {
    @Test func framesAreCommitsThatAskForTheNextCallbackAndCallbacksAreTheirDones() {
        // Spawned at 4294967.000 ms on a 32-bit µs clock: the stamps wrap past 2^32 µs during the log.
        let spawn: UInt64 = (1 << 32) * 5 + 4_294_967_000
        let log = """
        [4294967.100]  -> wl_compositor@4.create_surface(new id wl_surface@3)
        [4294967.200] xdg_toplevel@9.configure(250, 250, array[0])
        [4294967.900]  -> wl_subcompositor@5.get_subsurface(new id wl_subsurface@12, wl_surface@11, wl_surface@3)
        [4294968.000]  -> wl_surface@3.frame(new id wl_callback@20)
        [4294968.010]  -> wl_surface@3.attach(wl_buffer@30, 0, 0)
        [4294968.020]  -> wl_surface@3.commit()
        [      0.500]  -> wl_surface@11.attach(wl_buffer@31, 0, 0)
        [      0.600]  -> wl_surface@11.commit()
        [     16.000] wl_callback@20.done(123)
        [     18.000]  -> wl_surface@3.frame(new id wl_callback@21)
        [     18.500]  -> wl_surface@3.commit()
        [     33.000] wl_callback@21.done(140)
        [     34.000]  -> wl_surface@3.attach(wl_buffer@30, 0, 0)
        [     34.250]  -> wl_surface@3.commit()
        not a log line
        """
        let parsed = WaylandDebugLog(text: log, spawnMicros: spawn)
        // Commits: the first (frame + buffer), the one asking for a frame with no buffer, the buffer on the
        // toplevel; not the subsurface's own commit.
        // 2^32 µs wraps 296 µs after the spawn's 4294967000: the later stamps are 296 µs more than they read.
        #expect(parsed.commits == [1020, 18_796, 34_546])
        #expect(parsed.dones.count == 2)
        #expect(parsed.configures.count == 1 && parsed.configures.first?.width == 250)
        let gaps = parsed.intervals(from: 0, to: 1e9)
        #expect(gaps.count == 2 && abs(gaps[0] - 17.776) < 1e-9 && abs(gaps[1] - 15.75) < 1e-9, "\(gaps)")
        // Callback → commit: 16.296 → 18.796 (2.5 ms); 33.296 → 34.546 (1.25 ms).
        #expect(parsed.callbackToCommit(from: 0, to: 1e9) == [2.5, 1.25])
    }

    @Test func aReportThatIsNotAFileOrWhoseVersionIsNotANumberIsRefusedByName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-read-test-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func refusal(_ path: String) -> String? {
            do {
                _ = try BenchReport.read(path)
                return nil
            } catch {
                return error.description
            }
        }
        // Not a file: the reason, not a stale errno ("cannot read (Success)"). A folder stands for its report.json.
        #expect(refusal(dir) == "\(dir)/report.json: cannot read: No such file or directory")
        #expect(refusal("/dev/zero") == "/dev/zero: cannot read: not a file (a device or a socket)")
        #expect(refusal(dir + "/none.json") == "\(dir)/none.json: cannot read: No such file or directory")
        // A pipe is read to its end.
        let fifo = dir + "/report.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        Thread {
            let fd = open(fifo, O_WRONLY)
            _ = OutputFile.writeAll(fd, Array("{\"schema\":\"momentum-bench\",\"version\":1,\"runs\":[]}".utf8))
            close(fd)
        }.start()
        // Read to its end: what is wrong is in its content (a report this short lacks the compositor).
        #expect(refusal(fifo) == "\(fifo): \"compositor\" is missing")
        // "version" as written: true (which Foundation hands over as 1), a string, a fraction, null, missing.
        for (version, reason) in [("true", "is true, not an integer"), ("\"1\"", "is \"1\", not an integer"),
                                  ("1.5", "is 1.5, not an integer")] {
            let path = dir + "/v.json"
            try OutputFile.write(Array("{\"schema\":\"momentum-bench\",\"version\":\(version),\"runs\":[]}".utf8), to: path, what: "x")
            #expect(refusal(path) == "\(path): \"version\" \(reason)")
        }
        for document in ["{\"schema\":\"momentum-bench\",\"version\":null,\"runs\":[]}", "{\"schema\":\"momentum-bench\",\"runs\":[]}"] {
            let path = dir + "/none.json"
            try OutputFile.write(Array(document.utf8), to: path, what: "x")
            #expect(refusal(path) == "\(path): \"version\" is missing")
        }
    }
}
