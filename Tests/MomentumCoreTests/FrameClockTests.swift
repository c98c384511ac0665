import Testing
@testable import MomentumCore

/// The display-link clock: how far animations advance per frame callback.
struct FrameClockTests {
    @Test func stepsEqualCallbackDeltas() {
        var clock = FrameClock()
        #expect(clock.tick(callbackMilliseconds: 1000, hostTime: 0) == 0)   // nothing earlier to subtract
        var expected = 0.0
        for (ms, delta) in [(1017, 0.017), (1033, 0.016), (1050, 0.017), (1083, 0.033)] as [(UInt32, Double)] {
            let step = clock.tick(callbackMilliseconds: ms, hostTime: 123)     // host time plays no part
            #expect(abs(step - delta) < 1e-12)
            expected += delta
        }
        #expect(abs(clock.animationTime - expected) < 1e-12)
    }

    @Test func callbackMillisecondsWrapAround() {
        var clock = FrameClock()
        _ = clock.tick(callbackMilliseconds: 4_294_967_290, hostTime: 0)
        #expect(abs(clock.tick(callbackMilliseconds: 10, hostTime: 0) - 0.016) < 1e-12)
        #expect(abs(clock.tick(callbackMilliseconds: 27, hostTime: 0) - 0.017) < 1e-12)
    }

    @Test func aHitchIsReportedWholeForTheAnimatorToClamp() {
        var clock = FrameClock()
        _ = clock.tick(callbackMilliseconds: 1000, hostTime: 0)
        #expect(abs(clock.tick(callbackMilliseconds: 1750, hostTime: 0) - 0.75) < 1e-12)  // a 750 ms stall
        #expect(abs(clock.tick(callbackMilliseconds: 1766, hostTime: 0) - 0.016) < 1e-12)
        #expect(abs(clock.animationTime - 0.766) < 1e-12)
        // The animator takes it as one clamped step (0.1 s), the only clamp on the frame path.
        var animator = MultiAnimator<Int>()
        #expect(animator.advance(by: 0.75) == 0.1)
    }

    @Test func timeNeverRunsBackwards() {
        var clock = FrameClock()
        _ = clock.tick(callbackMilliseconds: 2000, hostTime: 0)
        #expect(clock.tick(callbackMilliseconds: 1990, hostTime: 0) == 0)
        #expect(clock.animationTime == 0)
    }

    @Test func resumeAfterIdleMeasuresTheFirstCallbackWithHostTime() {
        var clock = FrameClock()
        _ = clock.tick(callbackMilliseconds: 1000, hostTime: 10.0)
        _ = clock.tick(callbackMilliseconds: 1016, hostTime: 10.016)
        // Idle for minutes; the first frame after idle is drawn at once with step 0.
        #expect(clock.resume(hostTime: 300.000) == 0)
        // Its callback arrives 12 ms later by the host clock; the callback ms gap (~290 s) must not be used.
        #expect(abs(clock.tick(callbackMilliseconds: 291_000, hostTime: 300.012) - 0.012) < 1e-12)
        // From then on callback deltas again, whatever the host time says.
        #expect(abs(clock.tick(callbackMilliseconds: 291_017, hostTime: 999) - 0.017) < 1e-12)
        #expect(abs(clock.animationTime - (0.016 + 0.012 + 0.017)) < 1e-12)
    }

    @Test func presentationFeedbackRemovesMillisecondQuantisation() {
        // 60 Hz output: refresh 16 666 667 ns. Last presentation at 5 000.4 ms (fraction 0.4 ms).
        let refresh: UInt64 = 16_666_667
        let presented: UInt64 = 5_000_400_000
        var clock = FrameClock()
        _ = clock.tick(callbackMilliseconds: 5000, hostTime: 0)
        clock.presented(nanoseconds: presented, refreshNanoseconds: refresh)
        // Callback 5017: 16.6 ms after the presentation, 0.07 ms from one refresh → predicted presented + 1·R.
        // The previous callback had no prediction, so this step is the plain callback delta.
        #expect(abs(clock.tick(callbackMilliseconds: 5017, hostTime: 0) - 0.017) < 1e-12)
        // Callback 5033: 32.6 ms, 0.73 ms from 2·R → presented + 2·R. Callbacks say 16 ms, the prediction says
        // exactly one refresh (16.666667 ms); they agree within 1.5 ms, so the step is one refresh.
        #expect(abs(clock.tick(callbackMilliseconds: 5033, hostTime: 0) - 0.016_666_667) < 1e-12)
        // Callback 5050: 49.6 ms, 0.4 ms from 3·R → again exactly one refresh (callbacks say 17 ms).
        #expect(abs(clock.tick(callbackMilliseconds: 5050, hostTime: 0) - 0.016_666_667) < 1e-12)
        #expect(abs(clock.animationTime - (0.017 + 2 * 0.016_666_667)) < 1e-12)
    }

    @Test func predictionIsNotUsedWhenItDisagreesOrMissesTheGrid() {
        let refresh: UInt64 = 16_666_667
        // Presented at 5 000.1 ms. Callback 5016 is 0.77 ms before 1·R, callback 5051 is 0.9 ms after 3·R:
        // both are predicted, but 2·R = 33.33 ms and the callbacks' 35 ms differ by 1.67 ms > 1.5 ms.
        var clock = FrameClock()
        clock.presented(nanoseconds: 5_000_100_000, refreshNanoseconds: refresh)
        _ = clock.tick(callbackMilliseconds: 5016, hostTime: 0)
        #expect(abs(clock.tick(callbackMilliseconds: 5051, hostTime: 0) - 0.035) < 1e-12)

        // A callback 8 ms after a presentation is nowhere near the refresh grid: plain callback delta.
        var offGrid = FrameClock()
        offGrid.presented(nanoseconds: 5_000_000_000, refreshNanoseconds: refresh)
        _ = offGrid.tick(callbackMilliseconds: 5000, hostTime: 0)
        #expect(abs(offGrid.tick(callbackMilliseconds: 5008, hostTime: 0) - 0.008) < 1e-12)
    }
}
