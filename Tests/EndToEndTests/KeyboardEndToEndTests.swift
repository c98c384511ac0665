import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing

/// Keys under a real compositor: momentum-touch's keyboard sends evdev codes through weston (keymap, focus,
/// modifiers are weston's own), the app turns them into keysyms with xkbcommon.
@Suite(.serialized) struct KeyboardEndToEndTests {
    @Test func digitKeysSwitchTheBackend() throws {
        let c = try Compositor(arguments: ["--backend", BackendKind.spring.rawValue])
        #expect(c.panels().last?.backendKind == .spring)
        for (key, backend) in [("2", BackendKind.dynamics), ("3", .tween), ("4", .pop), ("1", .spring)] {
            let mark = c.app.events.count
            try c.type(key)
            let switched = try c.app.waitFor("backend \(backend.rawValue)", after: mark) { $0.backendSwitch != nil }
            #expect(switched.event.backendSwitch == backend, "key \(key) switched to \(switched.event.encoded)")
            // The next frame drawn shows the panel on the new backend, still where it was.
            let panel = try c.waitPanelBackend(backend, after: switched.index)
            #expect(panel.event.panel?.y == c.closedY)
        }
    }

    @Test(arguments: [("2", BackendKind.dynamics), ("4", .pop)])
    func switchingBackendMidAnimationKeepsTheMotion(key: String, backend: BackendKind) throws {
        let c = try Compositor(arguments: ["--backend", BackendKind.spring.rawValue])
        let mark = c.app.events.count
        try c.play("0 tap 0 400 560")
        let fast = try c.app.waitFor("the panel moving up fast", after: mark) {
            guard let panel = $0.panel else { return false }
            return panel.state == .animating && panel.vy < -800
        }
        try c.type(key)
        let switched = try c.app.waitFor("backend \(backend.rawValue)", after: fast.index) { $0.backendSwitch != nil }
        #expect(switched.event.backendSwitch == backend)
        guard let last = c.app.events[..<switched.index].last(where: { $0.panel != nil })?.panel else {
            Issue.record("no panel frame before the switch"); return
        }
        let (nextIndex, nextLine) = try c.waitPanelBackend(backend, after: switched.index)
        guard let next = nextLine.panel else { Issue.record("no panel record"); return }
        let step = c.app.events[..<nextIndex].last { $0.frame != nil }?.frame?.step ?? 0.1
        let y0 = last.y, v0 = last.vy
        let y1 = next.y, v1 = next.vy
        // Handed over, not restarted: still heading open, still moving up, and in the one frame between the two
        // it moved no further than its speed allows (a restart from the closed position or a jump would).
        #expect(next.state == .animating && next.target == .open, "\(next)")
        #expect(v0 < -300 && v1 < -300, "vy before \(v0), after \(v1)")
        // (1.3×: the speed can peak between the two frames; a restart from closed would be hundreds of px off.)
        #expect(y1 <= y0 && y0 - y1 <= 1.3 * max(abs(v0), abs(v1)) * step + 1,
                "position went from \(y0) to \(y1) in a \(step) s step at vy \(v0)…\(v1)")
        if backend == .pop {
            // pop's spring (bounciness 6, speed 15: k 405.82, c 29.98, m 1) carries the handed-over state across the
            // step exactly (closed form); a restart or a velocity jump would not match.
            let pop = ClosedFormOscillator(stiffness: 405.8232352941177, damping: 29.978726156705463, mass: 1)
                .state(x0: y0 - c.openY, v0: v0, at: step)
            #expect(abs(pop.x + c.openY - y1) < 0.01 && abs(pop.v - v1) < 0.1,
                    "(\(y1), \(v1)) vs closed form (\(pop.x + c.openY), \(pop.v)) after \(step) s")
        }
        let rest = try c.waitRest(.open, after: switched.index)
        let atRest = c.app.events[rest].panel
        #expect(atRest?.y == c.openY && atRest?.backendKind == backend,
                "at rest: \(c.app.events[rest].encoded)")
    }

    @Test func sSwitchesToTheNextScene() throws {
        let c = try Compositor()
        var mark = c.app.events.count
        for scene in [SceneKind.transition, .gallery, .playground, .scroll, .panel] {
            try c.type("s")
            let switched = try c.app.waitFor("scene \(scene.rawValue)", after: mark) { $0.sceneSwitch != nil }
            #expect(switched.event.sceneSwitch == scene)
            mark = switched.index + 1
        }
    }

    @Test func tabSwitchesToTheNextScene() throws {
        let c = try Compositor()
        let mark = c.app.events.count
        try c.type("tab")
        let scene = try c.app.waitFor("scene after Tab", after: mark) { $0.sceneSwitch != nil }
        #expect(scene.event.sceneSwitch == .transition)
    }

    @Test func hTogglesTheHUDWithOneFrameAtRestAndAnIgnoredKeyDrawsNothing() throws {
        let c = try Compositor()
        #expect(c.app.events.last { $0.frame != nil }?.frame?.hud == true, "the HUD starts shown")
        try c.waitIdle()
        let mark = c.app.events.count
        try c.type("x")
        try c.type("h")
        let frame = try c.app.waitFor("a frame after h", after: mark) { $0.frame != nil }
        #expect(frame.event.frame?.hud == false, "h hid the HUD")
        let panel = try c.app.waitFor("the panel drawn after h", after: frame.index) { $0.panel != nil }
        #expect(panel.event.panel?.state == .closed && panel.event.panel?.y == c.closedY)
        try c.type("h")
        let shown = try c.app.waitFor("a frame after the second h", after: panel.index) { $0.frame != nil }
        #expect(shown.event.frame?.hud == true, "a second h showed it again")
        // Keys are delivered in order, so any frame for `x`, or a HUD that kept redrawing at rest, would sit
        // between these two: exactly one frame per `h`, none for `x`.
        let frames = c.app.events[mark...shown.index].compactMap(\.frame)
        #expect(frames.count == 2, "\(frames.count) frames for x, h, h at rest")
        // Only the HUD changed in those frames, so only the HUD was redrawn: its 184×72 px box and the 1 px
        // anti-aliasing margin of its edges, out of 800×600.
        for frame in frames { #expect(frame.damagePixels == 186 * 74, "\(frame)") }
    }

    @Test func mShowsWhereTheMovingPanelIsHeadingAndAgainHidesIt() throws {
        let c = try Compositor()
        var mark = c.app.events.count
        try c.type("m")
        try c.play("0 tap 0 400 560")
        let rest = try c.waitRest(.open, after: mark)
        let moving = c.app.events[mark..<rest].compactMap(\.frame)
        // While it moved, each frame drew one ghost (the panel's model, already at open) and its velocity arrow.
        #expect(moving.filter { $0.ghosts == 1 }.count >= 5, "\(moving.map(\.ghosts))")
        mark = c.app.events.count
        try c.type("m")
        try c.play("0 tap 0 400 \(c.openY + 40)")
        let closed = try c.waitRest(.closed, after: mark)
        #expect(c.app.events[mark..<closed].compactMap(\.frame).allSatisfy { $0.ghosts == 0 })
    }

    @Test(arguments: ["esc", "q"]) func quitKeyExitsZeroWithAFlushedExitEvent(key: String) throws {
        let c = try Compositor()
        try c.type(key)
        let status = try c.app.waitExit()
        #expect(status == 0)
        let last = c.app.events.last
        #expect(last?.exit?.code == 0 && last?.exit?.reason == "quit key", "last line: \(last?.encoded ?? "none")")
    }
}
