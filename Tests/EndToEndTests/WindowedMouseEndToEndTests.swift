import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// Momentum as an ordinary window on weston's desktop (desktop-shell, not fullscreen), driven with a real mouse:
/// desktop-shell places the 640×480 toplevel somewhere on the 800×600 output, and every pointer event the app sees
/// is the global injection point minus that window origin.
@Suite(.serialized) struct WindowedMouseEndToEndTests {
    /// wl_fixed_t carries 1/256 px.
    static let fixed = 1.0 / 256

    /// Finds the window's origin from a click at a global point any placement covers, and checks it is a real
    /// desktop placement (whole pixels, window fully on the output, not simply the output origin of a fullscreen).
    static func locate(_ c: Compositor) throws -> (x: Double, y: Double) {
        // desktop-shell keeps a window that fits on the output: its origin is within [0, 160] × [0, 120], so the
        // global point (400, 300) is inside it, above the closed panel (which starts 408 px down the window).
        let mark = c.app.events.count
        let probe = try c.clickLocal(400, 300)
        let origin = (x: 400 - probe.x, y: 300 - probe.y)
        #expect(origin.x == origin.x.rounded() && origin.y == origin.y.rounded(), "origin \(origin)")
        #expect(origin.x >= 0 && origin.x + c.width <= c.outputWidth, "window x \(origin.x) on an 800 px output")
        #expect(origin.y >= 0 && origin.y + c.height <= c.outputHeight, "window y \(origin.y) on a 600 px output")
        // desktop-shell's placement (weston 10: a pseudo-random spot that keeps the window on the output) is not
        // the output origin, so a missing translation could not pass unnoticed.
        #expect(origin.x > 0 || origin.y > 0, "window placed at the output origin")
        let gestures = c.app.events[mark...probe.index].filter { $0.gesture != nil }
        #expect(gestures.isEmpty, "a click above the panel is not on it: \(gestures.map(\.encoded))")
        return origin
    }

    @Test func clicksLandAtTheGlobalPointMinusTheWindowOrigin() throws {
        let c = try Compositor(window: (640, 480))
        let origin = try Self.locate(c)
        // Other points, spread over the window: the same translation, no scaling.
        for (x, y) in [(560.0, 120.0), (30.0, 300.0), (600.0, 470.0), (1.0, 1.0)] {
            let seen = try c.clickLocal(origin.x + x, origin.y + y)
            #expect(seen.x == x && seen.y == y, "clicked window point (\(x), \(y)), the app saw (\(seen.x), \(seen.y))")
        }
    }

    @Test func clickTogglesThePanelAndAMouseDragMovesItWithTheCursor() throws {
        let c = try Compositor(arguments: Compositor.unpredicted, window: (640, 480))
        let origin = try Self.locate(c)

        // Click the peeking strip (window point (320, 444)): the panel opens.
        var mark = c.app.events.count
        try c.play("0 click \(origin.x + 320) \(origin.y + c.closedY + 36)")
        let tap = try c.app.waitForGesture(.tap, after: mark)
        let down = c.app.events[mark..<tap.index].compactMap(\.touch).first { $0.id == -1 && $0.phase == .down }
        #expect(down?.position.x == 320 && down?.position.y == c.closedY + 36)
        let open = try c.waitRest(.open, after: tap.index)
        #expect(c.app.events[open].panel?.y == c.openY)

        // Drag the open panel down 150 px slowly, hold still, let go: it follows the cursor and then closes.
        mark = c.app.events.count
        let startY = c.openY + 40, endY = startY + 150
        try c.play("0 mousedrag \(origin.x + 320) \(origin.y + startY) \(origin.x + 320) \(origin.y + endY) 600 200")
        let up = try c.waitPointer(.up, after: mark)
        let events = Array(c.app.events[mark...up.index])
        // Every motion sample the app received is where the mouse was put, in window coordinates: the harness
        // moves at constant speed in 72 samples (600 ms at 120 Hz).
        let samples = (0...72).map { startY + (endY - startY) * Double($0) / 72 }
        let motions = events.compactMap(\.touch).filter { $0.id == -1 && $0.phase == .motion }
        #expect(motions.count >= 60, "motion samples seen: \(motions.count)")
        for m in motions {
            let y = m.position.y
            #expect(m.position.x == 320, "motion at window x \(m.position.x)")
            #expect(samples.contains { abs($0 - y) <= Self.fixed }, "window y \(y) is no injected sample minus \(origin.y)")
        }
        #expect(abs((motions.last?.position.y ?? .nan) - endY) <= Self.fixed)
        // Past the slop and its take-up, the point pressed is under the cursor.
        var cursorY: Double?
        var offsets: [Double] = []
        var lastPanel: Double?
        for e in events {
            if let touch = e.touch, touch.id == -1 { cursorY = touch.position.y }
            if let panel = e.panel, panel.state == .dragging, let f = cursorY {
                if f >= startY + 8 + PanelScene.takeUp { offsets.append(panel.y - f) }
                lastPanel = panel.y
            }
        }
        #expect(offsets.count >= 10, "dragging frames: \(offsets.count)")
        let worst = offsets.map { abs($0 - (c.openY - startY)) }.max() ?? .infinity
        #expect(worst <= 1, "the pressed point was up to \(worst) px from the cursor")
        let moved = (lastPanel ?? c.openY) - c.openY
        #expect(abs(moved - 150) <= 1, "the panel moved \(moved) px for a 150 px drag")
        // Let go still, past halfway down: the nearer state, closed.
        let closed = try c.waitRest(.closed, after: up.index)
        #expect(c.app.events[closed].panel?.y == c.closedY)
    }

    /// Clicks window point (`x`, `y`) and checks the app saw the button go down exactly there.
    static func click(_ c: Compositor, at origin: (x: Double, y: Double), _ x: Double, _ y: Double) throws {
        let seen = try c.clickLocal(origin.x + x, origin.y + y)
        #expect(seen.x == x && seen.y == y, "clicked window point (\(x), \(y)), the app saw (\(seen.x), \(seen.y))")
    }

    /// Clicks the switcher's entry for `name` (its pill, or the menu button and then its row, as the switcher's
    /// trace event lays them out) and waits for the switch to `name`.
    static func switchScene(_ c: Compositor, at origin: (x: Double, y: Double), to scene: SceneKind) throws -> Int {
        let mark = c.app.events.count
        let name = "scene:\(scene.rawValue)"
        var targets = c.switcherTargets()
        if targets[name] == nil, let menu = targets["menu"] {
            try click(c, at: origin, (menu.x + menu.width / 2).rounded(), (menu.y + menu.height / 2).rounded())
            targets = try c.app.waitFor("the scene menu open", after: mark) {
                $0.switcher?.isOpen == true
            }.event.switcher?.targetsByName ?? [:]
        }
        guard let r = targets[name] else {
            throw TracedClient.Failure(description: "no switcher entry for \(scene.rawValue): \(targets.keys.sorted())")
        }
        try click(c, at: origin, (r.x + r.width / 2).rounded(), (r.y + r.height / 2).rounded())
        let switched = try c.app.waitFor("the switch to \(scene.rawValue)", after: mark) { $0.sceneSwitch != nil }
        #expect(switched.event.sceneSwitch == scene)
        return switched.index
    }

    @Test func everySceneWorksWithTheMouseInAWindow() throws {
        let c = try Compositor(window: (640, 480))
        let origin = try Self.locate(c)

        // Transition: a click on the backdrop presents the card.
        var mark = try Self.switchScene(c, at: origin, to: .transition)
        try Self.click(c, at: origin, 320, 300)
        let tap = try c.app.waitForGesture(.tap, after: mark)
        #expect(tap.event.gesture?.string(.on) == TransitionScene.PressedOn.backdrop.rawValue)
        let presented = try c.app.waitFor("the card presented", after: tap.index) { $0.transition?.state == .presented }
        #expect(presented.event.transition?.completion == 1)

        // Gallery: a click on the field shakes it.
        mark = try Self.switchScene(c, at: origin, to: .gallery)
        let field = c.centre(of: .shake)
        try Self.click(c, at: origin, field.x, field.y)
        let shake = try c.app.waitForGesture(.tap, after: mark)
        #expect(shake.event.gesture?.item == .shake)
        let shaken = try c.app.waitForGesture(.finished, item: .shake, after: shake.index)
        let offsets = c.app.events[shake.index...shaken.index].compactMap { $0.gallery?.shake.offset }
        #expect((offsets.map(abs).max() ?? 0) > 3, "the field visibly shook: \(offsets)")

        // Playground: the card starts at its home in the 640x480 window; a fast mouse drag from there throws it.
        let home = PlaygroundScene(size: SIMD2(640, 480)).position
        mark = try Self.switchScene(c, at: origin, to: .playground)
        try c.play("0 mousedrag \(origin.x + home.x) \(origin.y + home.y) \(origin.x + home.x + 120) \(origin.y + home.y) 80")
        let grabbed = try c.app.waitForGesture(.catch, after: mark)
        #expect(distance(grabbed.event.gesture?.vector(.position), home) < 1e-9)
        let thrown = try c.app.waitForGesture(.panEnded, after: grabbed.index)
        #expect((thrown.event.gesture?.vector(.velocity)?.x ?? 0) > 1000, "\(thrown.event.encoded)")
        try c.app.waitFor("the card idle", after: thrown.index) { $0.playground?.state == .idle }

        // Back to the panel: a click on its strip opens it.
        mark = try Self.switchScene(c, at: origin, to: .panel)
        try Self.click(c, at: origin, 320, c.closedY + 36)
        let toggled = try c.app.waitForGesture(.tap, after: mark)
        let opened = try c.waitRest(.open, after: toggled.index)
        #expect(c.app.events[opened].panel?.y == c.openY)
    }

    @Test func aMouseDragThatLeavesTheWindowKeepsDrivingThePanel() throws {
        let c = try Compositor(window: (640, 480))
        let origin = try Self.locate(c)
        var mark = c.app.events.count
        try Self.click(c, at: origin, 320, c.closedY + 36)
        try c.waitRest(.open, after: mark)
        // Button down on the open panel, then drag down and sideways out through the window's edge on the side
        // with more desktop (the two sides share 160 px), hold, release outside: the window keeps the pointer
        // while the button is held (weston's implicit grab).
        mark = c.app.events.count
        let rightRoom = c.outputWidth - origin.x - c.width
        let endX = origin.x >= rightRoom ? -origin.x / 2 : c.width + rightRoom / 2
        let start = (x: 320.0, y: c.openY + 40), end = (x: endX, y: c.openY + 190)
        try c.play("0 mousedrag \(origin.x + start.x) \(origin.y + start.y) \(origin.x + end.x) \(origin.y + end.y) 400 150")
        let up = try c.waitPointer(.up, after: mark)
        let outside = c.app.events[mark..<up.index].compactMap(\.touch).filter {
            $0.id == -1 && !(0...c.width).contains($0.position.x)
        }
        #expect(!outside.isEmpty, "no motion reported outside the window")
        let released = up.event.touch?.position ?? SIMD2(.nan, .nan)
        #expect(abs(released.x - end.x) <= Self.fixed && abs(released.y - end.y) <= Self.fixed,
                "released at window point \(end), the app saw (\(released.x), \(released.y))")
        let last = c.app.events[mark..<up.index].last { $0.panel?.state == .dragging }?.panel
        let moved = (last?.y ?? c.openY) - c.openY
        #expect(moved > 130 && moved <= 150, "the panel moved \(moved) px for a 150 px drag")
        let closed = try c.waitRest(.closed, after: up.index)
        #expect(c.app.events[closed].panel?.y == c.closedY)
    }
}
