import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// The scene switcher under a real weston with real touch: on a phone in portrait it is a menu, on a wider screen a
/// row of pills; either way every scene is one or two taps away, and the HUD in the corner covers neither.
@Suite(.serialized) struct SwitcherEndToEndTests {
    static let scenes: [SceneKind] = [.transition, .gallery, .playground, .scroll, .panel]

    /// Taps every scene in turn through the switcher the app laid out; returns the forms seen.
    private func tapEveryScene(_ c: Compositor) throws -> Set<SceneSwitcher.Form?> {
        var forms: Set<SceneSwitcher.Form?> = []
        for scene in Self.scenes {
            let mark = c.app.events.count
            guard let layout = c.app.events.last(where: { $0.switcher != nil })?.switcher else {
                throw TracedClient.Failure(description: "no switcher line in the trace")
            }
            forms.insert(SceneSwitcher.Form(rawValue: layout.form))
            var targets = layout.targetsByName
            if let menu = targets["menu"] {
                try c.play("0 tap 0 \(menu.x + menu.width / 2) \(menu.y + menu.height / 2)")
                let open = try c.app.waitFor("the scene menu open", after: mark) { $0.switcher?.isOpen == true }
                targets = open.event.switcher?.targetsByName ?? [:]
                // Open, it lists every scene inside the screen, one row under another.
                let rows = targets.filter { $0.key.hasPrefix("scene:") }.map(\.value).sorted { $0.y < $1.y }
                #expect(rows.count == 5)
                #expect(rows.allSatisfy { $0.x >= 0 && $0.x + $0.width <= c.width && $0.y + $0.height <= c.height })
                for (a, b) in zip(rows, rows.dropFirst()) { #expect(a.y + a.height <= b.y) }
            }
            guard let r = targets["scene:\(scene.rawValue)"] else {
                throw TracedClient.Failure(description: "no switcher entry for \(scene.rawValue): \(targets.keys.sorted())")
            }
            try c.play("0 tap 0 \(r.x + r.width / 2) \(r.y + r.height / 2)")
            let switched = try c.app.waitFor("the switch to \(scene.rawValue)", after: mark) { $0.sceneSwitch != nil }
            #expect(switched.event.sceneSwitch == scene)
            // The scene never saw the switcher's taps.
            let gestures = c.app.events[mark..<switched.index].filter { $0.gesture != nil }
            #expect(gestures.isEmpty, "gestures from switcher taps: \(gestures.map(\.encoded))")
        }
        return forms
    }

    /// The HUD's box (top-right, 184×72, 12 px from the edges) against the switcher's targets: no overlap.
    private func hudClearsTheSwitcher(_ c: Compositor) {
        let hud = (x: c.width - 184 - 12, y: 12.0, w: 184.0, h: 72.0)
        for (name, r) in c.switcherTargets() where r.y < hud.y + hud.h {
            #expect(r.x + r.width <= hud.x || r.x >= hud.x + hud.w, "\(name) \(r) under the HUD at x \(hud.x)")
        }
    }

    @Test func onAPhoneInPortraitEverySceneIsTwoTapsAway() throws {
        let c = try Compositor(output: (360, 720))
        hudClearsTheSwitcher(c)
        #expect(try tapEveryScene(c) == [.menu])
        // A tap outside the open list closes it and changes nothing else.
        guard let menu = c.switcherTargets()["menu"] else {
            Issue.record("no menu button")
            return
        }
        let mark = c.app.events.count
        try c.play("0 tap 0 \(menu.x + menu.width / 2) \(menu.y + menu.height / 2)")
        try c.app.waitFor("the scene menu open", after: mark) { $0.switcher?.isOpen == true }
        try c.play("0 tap 0 300 650")
        let closed = try c.app.waitFor("the scene menu closed", after: mark) { $0.switcher?.isOpen == false }
        #expect(!c.app.events[mark..<closed.index].contains { $0.sceneSwitch != nil || $0.gesture != nil })
    }

    @Test func onALaptopScreenEverySceneIsOneTapAway() throws {
        let c = try Compositor(output: (800, 600))
        hudClearsTheSwitcher(c)
        #expect(try tapEveryScene(c) == [.row])
    }

    @Test func atScaleTwoOnA1080pScreenTheRowIsThereInLogicalPixels() throws {
        let c = try Compositor(output: (1920, 1080), scale: 2)
        let configure = c.app.events.first { $0.configure != nil }?.configure
        #expect(configure?.scale == 2 && configure?.bufferWidth == 3840)
        hudClearsTheSwitcher(c)
        #expect(try tapEveryScene(c) == [.row])
    }
}
