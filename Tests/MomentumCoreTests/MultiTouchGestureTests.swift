import Testing
@testable import MomentumCore

/// Pan, tap, pinch and rotation from one state machine over synthetic touch frames.
struct MultiTouchGestureTests {
    private func change(_ id: Int32, _ phase: TouchPhase, _ x: Double, _ y: Double, _ t: Double) -> TouchChange {
        TouchChange(id: id, phase: phase, position: SIMD2(x, y), time: t)
    }
    private func frame(_ changes: TouchChange...) -> TouchFrame { TouchFrame(changes: changes) }

    private func panEnded(_ events: [GestureEvent]) -> (SIMD2<Double>, SIMD2<Double>)? {
        for case .panEnded(let translation, let velocity) in events { return (translation, velocity) }
        return nil
    }

    @Test func onePanBeginsPastTheSlopAndEndsAtTheLastUpWithItsVelocity() {
        var r = MultiTouchGestureRecognizer()
        #expect(r.handle(frame(change(0, .down, 100, 400, 5.000))) == [.touchDown(SIMD2(100, 400))])
        #expect(r.handle(frame(change(0, .motion, 103, 396, 5.008))).isEmpty)      // 5 px: under the slop
        #expect(r.translation == SIMD2(3, -4))                                      // but the translation is live
        #expect(r.handle(frame(change(0, .motion, 106, 392, 5.016))) == [.panBegan(translation: SIMD2(6, -8))])
        // Constant 375 px/s right, 500 px/s up, sampled every 8 ms.
        for i in 3...12 {
            let t = 5.000 + Double(i) * 0.008
            #expect(r.handle(frame(change(0, .motion, 100 + 3 * Double(i), 400 - 4 * Double(i), t)))
                    == [.panChanged(translation: SIMD2(3 * Double(i), -4 * Double(i)))])
        }
        // The up is the last frame: everything is reported with it.
        let end = r.handle(frame(change(0, .up, 136, 352, 5.096)))
        guard let (translation, velocity) = panEnded(end) else {
            Issue.record("no panEnded in \(end)")
            return
        }
        #expect(translation == SIMD2(36, -48))
        #expect(abs(velocity.x - 375) < 1e-6 && abs(velocity.y + 500) < 1e-6)
        #expect(end.last == .lifted(SIMD2(136, 352)))
        #expect(!r.isActive && !r.isPanning)
    }

    @Test func tapNeedsOneFingerWithinSlopAndTime() {
        var r = MultiTouchGestureRecognizer(slop: 8, tapMaxDuration: 0.3)
        _ = r.handle(frame(change(0, .down, 50, 50, 1.0)))
        _ = r.handle(frame(change(0, .motion, 55, 55, 1.05)))                  // 7.07 px wobble
        #expect(r.handle(frame(change(0, .up, 55, 55, 1.29))) == [.tap(SIMD2(55, 55)), .lifted(SIMD2(55, 55))])

        _ = r.handle(frame(change(0, .down, 50, 50, 2.0)))
        #expect(r.handle(frame(change(0, .up, 50, 50, 2.31))) == [.lifted(SIMD2(50, 50))])   // too long

        _ = r.handle(frame(change(0, .down, 50, 50, 3.0)))
        _ = r.handle(frame(change(0, .motion, 60, 50, 3.02)))                  // past the slop …
        _ = r.handle(frame(change(0, .motion, 50, 50, 3.04)))                  // … and back
        let back = r.handle(frame(change(0, .up, 50, 50, 3.10)))
        #expect(!back.contains(.tap(SIMD2(50, 50))))
        #expect(back.last == .lifted(SIMD2(50, 50)))
    }

    @Test func pointerWorksForPanAndTap() {
        var r = MultiTouchGestureRecognizer()
        _ = r.handle(frame(change(-1, .down, 10, 10, 1.0)))
        #expect(r.handle(frame(change(-1, .up, 10, 10, 1.1))) == [.tap(SIMD2(10, 10)), .lifted(SIMD2(10, 10))])
        _ = r.handle(frame(change(-1, .down, 10, 10, 2.0)))
        for i in 1...10 { _ = r.handle(frame(change(-1, .motion, 10 + 10 * Double(i), 10, 2.0 + 0.01 * Double(i)))) }
        let end = r.handle(frame(change(-1, .up, 110, 10, 2.1)))
        guard let (translation, velocity) = panEnded(end) else {
            Issue.record("no panEnded in \(end)")
            return
        }
        #expect(translation == SIMD2(100, 0))
        #expect(abs(velocity.x - 1000) < 1e-6 && abs(velocity.y) < 1e-9)
    }

    @Test func secondFingerArrivingLateStartsPinchAndRotationWithoutMovingThePan() {
        var r = MultiTouchGestureRecognizer()
        _ = r.handle(frame(change(0, .down, 100, 100, 1.00)))
        _ = r.handle(frame(change(0, .motion, 120, 100, 1.02)))
        #expect(r.isPanning && r.translation == SIMD2(20, 0))
        // Second finger 0.1 s later, 100 px to the right of the first.
        #expect(r.handle(frame(change(1, .down, 220, 100, 1.10))) == [.pinchBegan(scale: 1), .rotationBegan(angle: 0)])
        #expect(r.translation == SIMD2(20, 0))                                     // centroid jumped, pan did not
        #expect(r.isPinching && r.fingerCount == 2)
        // Second finger moves to (120, 200): span 100 → 100, direction 0 → 90°. The centroid moves by (−50, 50).
        let events = r.handle(frame(change(1, .motion, 120, 200, 1.12)))
        #expect(events.contains(.panChanged(translation: SIMD2(-30, 50))))
        #expect(events.contains(.pinchChanged(scale: 1)))
        #expect(events.contains { if case .rotationChanged(let a) = $0 { return abs(a - Double.pi / 2) < 1e-12 }; return false })
        // A second finger rules out a tap, even when everything lifts quickly.
        _ = r.handle(frame(change(1, .up, 120, 200, 1.14)))
        let end = r.handle(frame(change(0, .up, 120, 100, 1.16)))
        #expect(!end.contains { if case .tap = $0 { return true }; return false })
    }

    @Test func liftingBackToOneFingerEndsThePinchAndContinuesThePanWithoutAJump() {
        var r = MultiTouchGestureRecognizer()
        // Both fingers in the same frame.
        #expect(r.handle(frame(change(0, .down, 100, 300, 1.00), change(1, .down, 300, 300, 1.00)))
                == [.touchDown(SIMD2(100, 300)), .pinchBegan(scale: 1), .rotationBegan(angle: 0)])
        // Both move apart in one frame: one update, scale 300/200.
        let apart = r.handle(frame(change(0, .motion, 50, 300, 1.05), change(1, .motion, 350, 300, 1.05)))
        #expect(apart.filter { if case .pinchChanged = $0 { return true }; return false } == [.pinchChanged(scale: 1.5)])
        #expect(r.translation == .zero)                                           // symmetric: centroid still
        // The first finger lifts: pinch and rotation end; the pan stays where it was.
        let lift = r.handle(frame(change(0, .up, 50, 300, 1.06)))
        #expect(lift.count == 2)
        guard case .pinchEnded(let scale, _)? = lift.first else {
            Issue.record("expected pinchEnded first, got \(lift)")
            return
        }
        #expect(scale == 1.5)
        #expect(r.translation == .zero && !r.isPinching && r.isActive)
        // The remaining finger now drives the pan 1:1 from there.
        _ = r.handle(frame(change(1, .motion, 362, 305, 1.08)))
        #expect(r.translation == SIMD2(12, 5))
        // A finger landing again begins a new pinch at scale 1.
        _ = r.handle(frame(change(2, .down, 462, 305, 1.10)))
        _ = r.handle(frame(change(2, .motion, 562, 305, 1.12)))
        #expect(r.pinch?.scale == 2)
    }

    @Test func aThirdFingerIsIgnored() {
        var r = MultiTouchGestureRecognizer()
        _ = r.handle(frame(change(0, .down, 0, 0, 1.0), change(1, .down, 100, 0, 1.0)))
        #expect(r.handle(frame(change(2, .down, 50, 50, 1.01))).isEmpty)
        #expect(r.handle(frame(change(2, .motion, 90, 90, 1.02))).isEmpty)
        #expect(r.handle(frame(change(2, .up, 90, 90, 1.03))).isEmpty)
        #expect(r.fingerCount == 2 && r.translation == .zero)
    }

    @Test func cancelMidGestureEndsEverythingWithoutTapOrFling() {
        var r = MultiTouchGestureRecognizer()
        _ = r.handle(frame(change(0, .down, 0, 0, 1.00)))
        for i in 1...6 { _ = r.handle(frame(change(0, .motion, 20 * Double(i), 0, 1.0 + 0.01 * Double(i)))) }
        _ = r.handle(frame(change(1, .down, 300, 0, 1.07)))
        let cancel = r.handle(TouchFrame(changes: [change(0, .cancel, 120, 0, 1.08), change(1, .cancel, 300, 0, 1.08)],
                                         isCancel: true))
        #expect(cancel == [.cancelled])
        #expect(!r.isActive && !r.isPanning && !r.isPinching)
        // Late ups of the dropped fingers report nothing; nothing is pending.
        #expect(r.handle(frame(change(0, .up, 120, 0, 1.09))).isEmpty)
        #expect(r.handle(TouchFrame(changes: [], isCancel: true)).isEmpty)
        // A quick press right after is a plain tap again.
        _ = r.handle(frame(change(0, .down, 5, 5, 1.20)))
        #expect(r.handle(frame(change(0, .up, 5, 5, 1.25))) == [.tap(SIMD2(5, 5)), .lifted(SIMD2(5, 5))])
    }

    @Test func cancelBeforeTheTapLiftsIsNoTap() {
        var r = MultiTouchGestureRecognizer()
        _ = r.handle(frame(change(0, .down, 5, 5, 1.0)))
        #expect(r.handle(TouchFrame(changes: [change(0, .cancel, 5, 5, 1.05)], isCancel: true)) == [.cancelled])
        #expect(r.handle(frame(change(0, .up, 5, 5, 1.1))).isEmpty)
    }

    /// Timestamps with millisecond resolution, just past 2³² ms (as the assembler unwraps a u32 ms counter):
    /// doubles keep sub-µs resolution there, so the release velocity is as exact as anywhere else.
    @Test func millisecondTimestampsPastTheU32WrapGiveTheSameVelocity() {
        var r = MultiTouchGestureRecognizer()
        let base = 4_294_967.290                                   // 2³² ms − 6 ms, in seconds
        _ = r.handle(frame(change(0, .down, 0, 0, base)))
        for i in 1...12 {                                          // 8 ms frames straddle the wrap
            _ = r.handle(frame(change(0, .motion, 6 * Double(i), 2 * Double(i), base + 0.008 * Double(i))))
        }
        let end = r.handle(frame(change(0, .up, 72, 24, base + 0.096)))
        guard let (_, velocity) = panEnded(end) else {
            Issue.record("no panEnded in \(end)")
            return
        }
        #expect(abs(velocity.x - 750) < 750 * 1e-6 && abs(velocity.y - 250) < 250 * 1e-6)
    }

    @Test func stopThenLiftHasNoFling() {
        var r = MultiTouchGestureRecognizer()
        _ = r.handle(frame(change(0, .down, 0, 0, 1.0)))
        for i in 1...10 { _ = r.handle(frame(change(0, .motion, 15 * Double(i), 0, 1.0 + 0.008 * Double(i)))) }
        let end = r.handle(frame(change(0, .up, 150, 0, 1.08 + 0.050)))          // held 50 ms, then lifted
        #expect(panEnded(end)?.1 == .zero)
    }
}
