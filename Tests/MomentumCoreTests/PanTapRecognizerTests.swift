import Testing
@testable import MomentumCore

/// One-finger pan and tap: what a finger on the screen turns into.
struct PanTapRecognizerTests {
    private func change(_ id: Int32, _ phase: TouchPhase, _ x: Double, _ y: Double, _ t: Double) -> TouchChange {
        TouchChange(id: id, phase: phase, position: SIMD2(x, y), time: t)
    }
    private func frame(_ changes: TouchChange...) -> TouchFrame { TouchFrame(changes: changes) }
    private let anywhere: (SIMD2<Double>) -> Bool = { _ in true }

    @Test func movementUnderTheSlopIsNotAPan() {
        var r = PanTapRecognizer(slop: 8)
        #expect(r.handle(frame(change(0, .down, 100, 100, 1.00)), hit: anywhere) == [.pressed(SIMD2(100, 100))])
        #expect(r.handle(frame(change(0, .motion, 105, 100, 1.01)), hit: anywhere).isEmpty)
        #expect(r.handle(frame(change(0, .motion, 105, 105, 1.02)), hit: anywhere).isEmpty)   // 7.07 px away
        #expect(!r.isPanning)
        // The slop is a distance, not a per-axis test: (6, 6) is 8.49 px away.
        #expect(r.handle(frame(change(0, .motion, 106, 106, 1.03)), hit: anywhere) == [.panBegan(SIMD2(106, 106))])
        #expect(r.isPanning)
    }

    @Test func panBeginsChangesAndEndsWithTheReleaseVelocity() {
        var r = PanTapRecognizer()
        _ = r.handle(frame(change(0, .down, 200, 600, 2.000)), hit: anywhere)
        // Upward at a constant 1000 px/s (10 px every 10 ms), with a small sideways drift of 200 px/s.
        var events: [PanTapRecognizer.Event] = []
        for i in 1...10 {
            let t = 2.000 + Double(i) * 0.010
            events += r.handle(frame(change(0, .motion, 200 + 2 * Double(i), 600 - 10 * Double(i), t)), hit: anywhere)
        }
        #expect(events.first == .panBegan(SIMD2(202, 590)))           // 10.2 px: past the slop at once
        #expect(events.count == 10)
        #expect(events.last == .panChanged(SIMD2(220, 500)))
        let end = r.handle(frame(change(0, .up, 220, 500, 2.100)), hit: anywhere)
        guard case .panEnded(let p, let v)? = end.first, end.count == 1 else {
            Issue.record("expected one panEnded, got \(end)")
            return
        }
        #expect(p == SIMD2(220, 500))
        #expect(abs(v.x - 200) < 1e-6)
        #expect(abs(v.y + 1000) < 1e-6)
        #expect(r.owner == nil && !r.isPanning)
    }

    @Test func shortPressIsATapLongPressIsNot() {
        var r = PanTapRecognizer(slop: 8, tapMaxDuration: 0.3)
        _ = r.handle(frame(change(0, .down, 50, 50, 1.0)), hit: anywhere)
        _ = r.handle(frame(change(0, .motion, 53, 52, 1.05)), hit: anywhere)   // a wobble under the slop
        #expect(r.handle(frame(change(0, .up, 53, 52, 1.12)), hit: anywhere) == [.tap(SIMD2(53, 52))])

        _ = r.handle(frame(change(1, .down, 50, 50, 2.0)), hit: anywhere)
        #expect(r.handle(frame(change(1, .up, 50, 50, 2.5)), hit: anywhere) == [.released(SIMD2(50, 50))])
    }

    @Test func panIsNeverATap() {
        var r = PanTapRecognizer()
        _ = r.handle(frame(change(0, .down, 50, 50, 1.0)), hit: anywhere)
        _ = r.handle(frame(change(0, .motion, 70, 50, 1.02)), hit: anywhere)
        _ = r.handle(frame(change(0, .motion, 50, 50, 1.04)), hit: anywhere)   // back where it started
        let end = r.handle(frame(change(0, .up, 50, 50, 1.05)), hit: anywhere)
        #expect(end.count == 1)
        if case .panEnded? = end.first {} else { Issue.record("quick drag back and forth became \(end)") }
    }

    @Test func downOutsideTheTargetStartsNothing() {
        var r = PanTapRecognizer()
        let hit: (SIMD2<Double>) -> Bool = { $0.y > 500 }
        #expect(r.handle(frame(change(0, .down, 10, 100, 1.0)), hit: hit).isEmpty)
        #expect(r.handle(frame(change(0, .motion, 10, 600, 1.02)), hit: hit).isEmpty)
        #expect(r.handle(frame(change(0, .up, 10, 600, 1.05)), hit: hit).isEmpty)
    }

    @Test func secondFingerIsIgnored() {
        var r = PanTapRecognizer()
        let both = r.handle(frame(change(0, .down, 100, 100, 1.0), change(1, .down, 300, 100, 1.0)), hit: anywhere)
        #expect(both == [.pressed(SIMD2(100, 100))])
        #expect(r.owner == 0)
        // The second finger flicks hard; nothing happens and it does not disturb the first one's velocity.
        for i in 1...5 {
            let t = 1.0 + Double(i) * 0.01
            #expect(r.handle(frame(change(1, .motion, 300 + 80 * Double(i), 100, t)), hit: anywhere).isEmpty)
        }
        #expect(r.handle(frame(change(1, .up, 700, 100, 1.06)), hit: anywhere).isEmpty)
        #expect(r.owner == 0)
        var events: [PanTapRecognizer.Event] = []
        for i in 1...5 {
            let t = 1.06 + Double(i) * 0.01
            events += r.handle(frame(change(0, .motion, 100, 100 + 5 * Double(i), t)), hit: anywhere)
        }
        #expect(events.first == .panBegan(SIMD2(100, 110)))
        let end = r.handle(frame(change(0, .up, 100, 125, 1.11)), hit: anywhere)
        guard case .panEnded(_, let v)? = end.first else {
            Issue.record("expected panEnded, got \(end)")
            return
        }
        #expect(abs(v.x) < 1e-6)
        #expect(abs(v.y - 500) < 1e-6)
        // A finger that goes down while another owns the gesture does not take over when the owner lifts.
        _ = r.handle(frame(change(2, .down, 10, 10, 2.0)), hit: anywhere)
        _ = r.handle(frame(change(3, .down, 90, 90, 2.01)), hit: anywhere)
        _ = r.handle(frame(change(2, .up, 10, 10, 2.05)), hit: anywhere)
        #expect(r.handle(frame(change(3, .up, 90, 90, 2.06)), hit: anywhere).isEmpty)
    }

    @Test func cancelMidPanGivesCancelledAndNoFlingOrTap() {
        var r = PanTapRecognizer()
        _ = r.handle(frame(change(0, .down, 100, 100, 1.0)), hit: anywhere)
        for i in 1...5 { _ = r.handle(frame(change(0, .motion, 100, 100 - 20 * Double(i), 1.0 + Double(i) * 0.01)), hit: anywhere) }
        #expect(r.isPanning)
        let cancel = TouchFrame(changes: [change(0, .cancel, 100, 0, 1.06)], isCancel: true)
        #expect(r.handle(cancel, hit: anywhere) == [.cancelled])
        #expect(r.owner == nil && !r.isPanning)
        // Late events of the cancelled finger do nothing.
        #expect(r.handle(frame(change(0, .up, 100, 0, 1.07)), hit: anywhere).isEmpty)
        // A cancel with no gesture reports nothing; the next touch works normally and is a plain tap.
        #expect(r.handle(TouchFrame(changes: [], isCancel: true), hit: anywhere).isEmpty)
        _ = r.handle(frame(change(0, .down, 100, 100, 2.0)), hit: anywhere)
        #expect(r.handle(frame(change(0, .up, 100, 100, 2.1)), hit: anywhere) == [.tap(SIMD2(100, 100))])
    }

    @Test func cancelledPressIsNotATap() {
        var r = PanTapRecognizer()
        _ = r.handle(frame(change(0, .down, 100, 100, 1.0)), hit: anywhere)
        let cancel = TouchFrame(changes: [change(0, .cancel, 100, 100, 1.05)], isCancel: true)
        #expect(r.handle(cancel, hit: anywhere) == [.cancelled])
        #expect(r.handle(frame(change(0, .up, 100, 100, 1.08)), hit: anywhere).isEmpty)
    }

    @Test func newGestureStartsWithFreshVelocity() {
        var r = PanTapRecognizer()
        _ = r.handle(frame(change(0, .down, 0, 0, 1.0)), hit: anywhere)
        for i in 1...5 { _ = r.handle(frame(change(0, .motion, 40 * Double(i), 0, 1.0 + Double(i) * 0.01)), hit: anywhere) }
        _ = r.handle(frame(change(0, .up, 200, 0, 1.05)), hit: anywhere)
        // 10 ms later a new finger drags slowly the other way: only its own motion counts.
        _ = r.handle(frame(change(0, .down, 200, 0, 1.06)), hit: anywhere)
        for i in 1...5 { _ = r.handle(frame(change(0, .motion, 200 - 3 * Double(i), 0, 1.06 + Double(i) * 0.01)), hit: anywhere) }
        let end = r.handle(frame(change(0, .up, 185, 0, 1.11)), hit: anywhere)
        guard case .panEnded(_, let v)? = end.first else {
            Issue.record("expected panEnded, got \(end)")
            return
        }
        #expect(abs(v.x + 300) < 1e-6)
    }
}
