import Testing
@testable import WaylandClient

/// `wl_touch` event grouping: what the gesture layer receives, and when.
struct TouchFrameAssemblerTests {
    private func p(_ x: Double, _ y: Double) -> SIMD2<Double> { SIMD2(x, y) }

    @Test func eventsAreBufferedUntilTheFrame() {
        var a = TouchFrameAssembler()
        #expect(a.down(id: 3, position: p(10, 20), time: 1.000) == nil)
        #expect(a.motion(id: 3, position: p(12, 24), time: 1.000) == nil)
        let frame = a.frame()
        #expect(frame == Touch.Frame(changes: [
            Touch.Change(id: 3, phase: .down, position: p(10, 20), time: 1.000),
            Touch.Change(id: 3, phase: .motion, position: p(12, 24), time: 1.000),
        ]))
        // Nothing is buffered any more: a second frame is not an empty frame, it is no frame.
        #expect(a.frame() == nil)
    }

    @Test func lastUpFlushesAtOnceWithoutAFrame() {
        // weston ≤ 11 sends no wl_touch.frame after the last up: the lift must not wait for the next gesture.
        var a = TouchFrameAssembler()
        _ = a.down(id: 0, position: p(50, 60), time: 2.000)
        _ = a.frame()
        _ = a.motion(id: 0, position: p(55, 70), time: 2.016)
        let lifted = a.up(id: 0, time: 2.020)
        #expect(lifted == Touch.Frame(changes: [
            Touch.Change(id: 0, phase: .motion, position: p(55, 70), time: 2.016),
            Touch.Change(id: 0, phase: .up, position: p(55, 70), time: 2.020),
        ]))
        #expect(a.points.isEmpty)
        // A compositor that does send the frame afterwards produces nothing more.
        #expect(a.frame() == nil)
    }

    @Test func oneOfTwoFingersLiftingWaitsForTheFrame() {
        var a = TouchFrameAssembler()
        _ = a.down(id: 0, position: p(10, 10), time: 1)
        _ = a.down(id: 1, position: p(90, 10), time: 1)
        #expect(a.frame()?.changes.map(\.id) == [0, 1])
        #expect(a.up(id: 1, time: 1.1) == nil)          // finger 0 still down: no flush
        #expect(a.points.keys.sorted() == [0])
        #expect(a.frame() == Touch.Frame(changes: [Touch.Change(id: 1, phase: .up, position: p(90, 10), time: 1.1)]))
        // The last finger's up flushes at once again.
        #expect(a.up(id: 0, time: 1.2)?.changes == [Touch.Change(id: 0, phase: .up, position: p(10, 10), time: 1.2)])
    }

    @Test func repeatedMotionWithinAFrameCoalescesToTheNewest() {
        var a = TouchFrameAssembler()
        _ = a.down(id: 0, position: p(0, 0), time: 1)
        _ = a.down(id: 1, position: p(100, 0), time: 1)
        _ = a.frame()
        _ = a.motion(id: 0, position: p(1, 1), time: 1.001)
        _ = a.motion(id: 1, position: p(101, 1), time: 1.002)
        _ = a.motion(id: 0, position: p(3, 4), time: 1.003)
        _ = a.motion(id: 0, position: p(5, 9), time: 1.004)
        let frame = a.frame()
        #expect(frame?.changes == [
            Touch.Change(id: 0, phase: .motion, position: p(5, 9), time: 1.004),
            Touch.Change(id: 1, phase: .motion, position: p(101, 1), time: 1.002),
        ])
        // A point that is not down does not move.
        #expect(a.motion(id: 7, position: p(1, 1), time: 1.01) == nil)
        #expect(a.frame() == nil)
    }

    @Test func cancelDropsEveryPointAndReportsThem() {
        var a = TouchFrameAssembler()
        _ = a.down(id: 2, position: p(20, 20), time: 1)
        _ = a.down(id: 1, position: p(10, 10), time: 1)
        _ = a.frame()
        _ = a.motion(id: 1, position: p(15, 12), time: 1.01)   // buffered, then cancelled
        let cancel = a.cancel(time: 1.02)
        #expect(cancel.isCancel)
        #expect(cancel.changes == [
            Touch.Change(id: 1, phase: .cancel, position: p(15, 12), time: 1.02),
            Touch.Change(id: 2, phase: .cancel, position: p(20, 20), time: 1.02),
        ])
        #expect(a.points.isEmpty)
        #expect(a.frame() == nil)                             // the buffered motion is gone
        #expect(a.motion(id: 1, position: p(0, 0), time: 1.03) == nil)
        #expect(a.frame() == nil)                             // cancelled points no longer move
        // The next touch sequence works normally.
        _ = a.down(id: 4, position: p(30, 30), time: 2)
        #expect(a.frame() == Touch.Frame(changes: [Touch.Change(id: 4, phase: .down, position: p(30, 30), time: 2)]))
        #expect(a.up(id: 4, time: 2.1)?.changes.map(\.phase) == [.up])
    }

    @Test func pointerActsAsFingerMinusOne() {
        var a = TouchFrameAssembler()
        let id = TouchFrameAssembler.pointerID
        #expect(id == -1)
        #expect(a.pointerMotion(position: p(1, 1), time: 0.5) == nil)     // hovering is not dragging
        #expect(a.pointerDown(position: p(5, 5), time: 1) ==
                Touch.Frame(changes: [Touch.Change(id: id, phase: .down, position: p(5, 5), time: 1)]))
        #expect(a.pointerMotion(position: p(7, 9), time: 1.01) ==
                Touch.Frame(changes: [Touch.Change(id: id, phase: .motion, position: p(7, 9), time: 1.01)]))
        #expect(a.pointerUp(time: 1.02) ==
                Touch.Frame(changes: [Touch.Change(id: id, phase: .up, position: p(7, 9), time: 1.02)]))
        #expect(a.pointerUp(time: 1.03) == nil)
        #expect(a.pointerMotion(position: p(8, 8), time: 1.04) == nil)
        #expect(a.points.isEmpty)
    }

    @Test func pointerIsIgnoredWhileAFingerIsDown() {
        var a = TouchFrameAssembler()
        _ = a.down(id: 0, position: p(10, 10), time: 1)
        _ = a.frame()
        #expect(a.fingerIsDown)
        #expect(a.pointerDown(position: p(50, 50), time: 1.01) == nil)
        #expect(a.pointerMotion(position: p(60, 60), time: 1.02) == nil)
        #expect(a.pointerUp(time: 1.03) == nil)
        #expect(a.points.keys.sorted() == [0])
        _ = a.up(id: 0, time: 1.04)
        // With the finger gone the pointer works again.
        #expect(a.pointerDown(position: p(50, 50), time: 1.05)?.changes.map(\.id) == [-1])
    }

    @Test func lastFingerUpFlushesEvenWhileThePointerIsHeld() {
        // The pointer is not a touch point: weston ≤ 11 still sends no frame after the last finger's up.
        var a = TouchFrameAssembler()
        _ = a.pointerDown(position: p(5, 5), time: 1)
        _ = a.down(id: 0, position: p(10, 10), time: 1.01)
        _ = a.frame()
        #expect(a.up(id: 0, time: 1.02)?.changes == [Touch.Change(id: 0, phase: .up, position: p(10, 10), time: 1.02)])
        #expect(a.pointerUp(time: 1.03)?.changes.map(\.phase) == [.up])
    }
}
