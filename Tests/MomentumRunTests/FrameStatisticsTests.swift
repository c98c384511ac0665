import Testing
import MomentumRun

/// The HUD's numbers: presented intervals against the compositor's real refresh.
struct FrameStatisticsTests {
    @Test func aFortyHertzCompositorIsNotAllMissesAndADoubleIntervalIsOne() {
        var s = FrameStatistics()
        var ns: UInt64 = 1_000_000_000
        for i in 0..<40 {
            // 25 ms frames, one of them 50 ms (a refresh missed), presented by a 40 Hz output.
            ns += i == 20 ? 50_000_000 : 25_000_000
            s.presented(ns: ns, refreshNs: 25_000_000)
        }
        #expect(s.isPresented && s.intervals.count == 39)
        #expect(s.refresh?.ms == 25 && s.refresh?.source == .reported)
        #expect(s.missed == 1)
        #expect(s.percentile(0.5) == 25 && s.percentile(0.99) == 50)
        let lines = HUD.lines(statistics: s, backend: "spring")
        #expect(lines.interval == "p50 25.0 · p99 50.0 ms")
        #expect(lines.facts == "40.0 Hz · 1 missed" && lines.backend == "spring")
        #expect(lines.fps == "39 fps")                       // 30 intervals, one of them double: 30 / 0.775 s
    }

    @Test func tooFewIntervalsShowDashesNotARate() {
        var s = FrameStatistics()
        // Start-up: one slow first frame (52 ms), then 26 ms frames. Two intervals read 25 fps; nothing is shown
        // until ten intervals are in.
        var ns: UInt64 = 1_000_000_000
        s.presented(ns: ns, refreshNs: 0)
        for i in 0..<12 {
            ns += i == 0 ? 52_000_000 : 26_000_000
            s.presented(ns: ns, refreshNs: 0)
            let lines = HUD.lines(statistics: s, backend: "-")
            if i + 1 < HUD.minimumIntervals {
                #expect(lines.fps == "-- fps" && lines.interval == "p50 -- · p99 -- ms", "after \(i + 1)")
            } else {
                #expect(lines.fps != "-- fps", "after \(i + 1)")
            }
        }
    }

    @Test func withoutPresentationFeedbackCallbacksAndAnEstimatedRefresh() {
        var s = FrameStatistics()
        var ms: UInt32 = 4_294_967_000                        // wraps through zero
        for i in 0..<20 {
            ms &+= i % 5 == 4 ? 34 : 17
            s.callback(ms)
        }
        #expect(!s.isPresented && s.intervals.count == 19)
        #expect(s.refresh?.ms == 17 && s.refresh?.source == .estimated)
        #expect(s.missed == 4)                                // 34 ms is two 17 ms refreshes
        #expect(HUD.lines(statistics: s, backend: "-").facts == "≈58.8 Hz · 4 missed")
        #expect(HUD.lines(statistics: s, backend: "-").backend == "")
    }

    @Test func theRetraceCounterGivesTheRealRefreshAndTheMisses() {
        // A compositor that reports 60 Hz but retraces every 25 ms (weston headless): one MSC step per 25 ms, and a
        // frame that came two retraces late.
        var s = FrameStatistics()
        var ns: UInt64 = 1_000_000_000, msc: UInt64 = 100
        for i in 0..<30 {
            let steps: UInt64 = i == 10 ? 3 : 1
            ns += 25_000_000 * steps
            msc += steps
            s.presented(ns: ns, refreshNs: 16_666_666, msc: msc)
        }
        #expect(s.refresh?.ms == 25 && s.refresh?.source == .retraces)
        #expect(s.missed == 2)
        #expect(HUD.lines(statistics: s, backend: "spring").facts == "40.0 Hz · 2 missed")
    }

    /// Statistics of frames presented `intervals` (ns) apart by a compositor reporting `refreshNs`, no MSC and no
    /// vsync flag (weston headless).
    private static func unsynchronised(_ intervals: [UInt64], refreshNs: UInt32) -> FrameStatistics {
        var s = FrameStatistics()
        var ns: UInt64 = 1_000_000_000
        for interval in intervals {
            ns += interval
            s.presented(ns: ns, refreshNs: refreshNs, msc: 0, vsync: false)
        }
        return s
    }

    @Test func anUnsynchronisedCompositorsNominalRefreshIsNotTheRefresh() {
        // weston headless: 60 Hz reported, no MSC, no vsync flag, a repaint every ~25 ms.
        let s = Self.unsynchronised((0..<30).map { $0 == 12 ? 50_000_000 : UInt64(25_000_000 + ($0 % 3) * 300_000) },
                                    refreshNs: 16_666_666)
        #expect(s.refresh?.source == .estimated && s.refresh?.ms == 25)
        #expect(s.missed == 1)
        #expect(HUD.lines(statistics: s, backend: "spring").facts == "≈40.0 Hz · 1 missed")
    }

    @Test func callbacksAnsweredAtOnceAreNotTheRefresh() {
        // KWin answers a frame callback at once after a commit that only moved a subsurface: one interval in eight
        // is 0.6 ms. The refresh stays 16.7 ms and nothing counts as missed.
        var s = FrameStatistics(capacity: .max)
        var ms: UInt32 = 1000
        for k in 0..<80 {
            ms &+= k % 8 == 7 ? 1 : 17
            s.callback(ms)
        }
        #expect(s.refresh?.source == .estimated && s.refresh?.ms == 17, "\(String(describing: s.refresh))")
        #expect(s.missed == 0)
    }

    @Test func aLongHitchKeepsTheLineShort() {
        let s = Self.unsynchronised((0..<11).map { $0 == 5 ? 145_900_000 : 50_200_000 }, refreshNs: 0)
        #expect(HUD.lines(statistics: s, backend: "dynamics").interval == "p50 50.2 · p99 146 ms")
    }

    @Test func anIdlePauseIsNotAnInterval() {
        var s = FrameStatistics()
        s.presented(ns: 1_000_000_000, refreshNs: 16_666_667)
        s.presented(ns: 1_016_666_667, refreshNs: 16_666_667)
        s.idle()
        s.presented(ns: 9_000_000_000, refreshNs: 16_666_667)
        s.presented(ns: 9_016_666_667, refreshNs: 16_666_667)
        #expect(s.intervals.count == 2 && s.missed == 0)
        #expect(HUD.lines(statistics: FrameStatistics(), backend: "pop").fps == "-- fps")
    }
}
