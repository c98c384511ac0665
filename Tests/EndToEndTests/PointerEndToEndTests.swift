import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// The mouse as a one-finger fallback, under a real compositor: weston headless + momentum-touch's pointer
/// (genuine `wl_pointer` motion, button and frame events) + the momentum binary.
@Suite(.serialized) struct PointerEndToEndTests {
    @Test func mouseDragMovesThePanelWithTheCursorWithinOnePixel() throws {
        let c = try Compositor(arguments: Compositor.unpredicted)
        let mark = c.app.events.count
        // Button down on the peeking strip, move up slowly, hold still, then let go.
        try c.play("0 mousedrag 400 560 400 400 600 200")
        let up = try c.waitPointer(.up, after: mark)
        let events = Array(c.app.events[mark..<up.index])
        var cursorY: Double?
        var pairs: [(cursor: Double, panel: Double)] = []
        var before: Double?
        for e in events {
            if let touch = e.touch, touch.id == -1 { cursorY = touch.position.y }
            if let panel = e.panel {
                if panel.state == .dragging, let f = cursorY { pairs.append((f, panel.y)) }
                else if pairs.isEmpty { before = panel.y }
            }
        }
        let downs = events.compactMap(\.touch).filter { $0.id == -1 && $0.phase == .down }
        #expect(downs.count == 1 && downs.first?.position.y == 560, "pointer downs: \(downs)")
        // Past the slop (8 px) and its take-up (12 px), the point pressed is under the cursor.
        let offsets = pairs.filter { $0.cursor <= 560 - 8 - PanelScene.takeUp }.map { $0.panel - $0.cursor }
        #expect(offsets.count >= 10, "expected many dragging frames, got \(offsets.count)")
        let worst = offsets.map { abs($0 - (c.closedY - 560)) }.max() ?? .infinity
        #expect(worst <= 1, "the pressed point was up to \(worst) px from the cursor while dragging")
        #expect(before == c.closedY)
        // Followed all the way: the last frame before the release shows the cursor at its end point and the
        // panel moved up with it, by the drag's 160 px (the slop taken up on the way).
        let last = pairs.last
        #expect(last?.cursor == 400, "last dragging frame drawn with the cursor at \(String(describing: last?.cursor))")
        let moved = c.closedY - (last?.panel ?? c.closedY)
        #expect(abs(moved - 160) <= 1, "the panel moved \(moved) px for a 160 px drag")
    }

    @Test func mouseFlickUpOpensAndFlickDownCloses() throws {
        let c = try Compositor()
        var mark = c.app.events.count
        try c.play("0 mousedrag 400 560 400 430 80")
        let ended = try c.app.waitForGesture(.panEnded, after: mark)
        let vy = ended.event.gesture?.vector(.velocity)?.y ?? 0
        #expect(vy < -1000, "an upward mouse flick of 130 px in 80 ms should release at about -1600 px/s, got \(vy)")
        let open = try c.waitRest(.open, after: ended.index)
        #expect(c.app.events[open].panel?.y == c.openY)

        mark = c.app.events.count
        try c.play("0 mousedrag 400 \(c.openY + 30) 400 \(c.openY + 180) 80")
        let closed = try c.waitRest(.closed, after: mark)
        #expect(c.app.events[closed].panel?.y == c.closedY)
    }

    @Test func clickTogglesThePanel() throws {
        let c = try Compositor()
        var mark = c.app.events.count
        try c.play("0 click 400 560")
        let tap = try c.app.waitForGesture(.tap, after: mark)
        let open = try c.waitRest(.open, after: tap.index)
        #expect(c.app.events[open].panel?.y == c.openY)
        let gestures = c.app.events[mark..<open].compactMap { $0.gesture?.kind }
        #expect(gestures == [.tap], "a click is one tap, not a pan: \(gestures)")

        mark = c.app.events.count
        try c.play("0 click 400 \(c.openY + 40)")
        let second = try c.app.waitForGesture(.tap, after: mark)
        let closed = try c.waitRest(.closed, after: second.index)
        #expect(c.app.events[closed].panel?.y == c.closedY)
    }

    @Test func rightClickIsNotAFinger() throws {
        let c = try Compositor()
        let mark = c.app.events.count
        // Only button 1 acts as a finger: a right click on the panel does nothing, a left click then toggles it.
        try c.play("0 pointer 400 560\n10 button right down\n70 button right up\n100 click 400 560")
        let tap = try c.app.waitForGesture(.tap, after: mark)
        let downs = c.app.events[mark..<tap.index].compactMap(\.touch).filter { $0.phase == .down }
        #expect(downs.count == 1, "one finger down (the left click), got \(downs)")
        let gestures = c.app.events[mark..<tap.index].compactMap(\.gesture)
        #expect(gestures.isEmpty, "the right click made gestures: \(gestures)")
        try c.waitRest(.open, after: tap.index)
    }
}
