import Foundation
import MomentumApp
import Testing

/// The scene switcher under a real weston with real touch: on a phone in portrait it is a menu, on a wider screen a
/// row of pills; either way every scene is one or two taps away, and the HUD in the corner covers neither.
@Suite(.serialized) struct SwitcherEndToEndTests {
    static let scenes = ["transition", "gallery", "playground", "scroll", "panel"]

    /// Taps every scene in turn through the switcher the app laid out; returns the forms seen.
    private func tapEveryScene(_ c: Compositor) throws -> Set<String> {
        var forms: Set<String> = []
        for name in Self.scenes {
            let mark = c.app.events.count
            guard let layout = c.app.events.last(where: { $0.kind == "switcher" }) else {
                throw TracedClient.Failure(description: "no switcher event in the trace")
            }
            forms.insert(layout.string("form") ?? "?")
            var targets = layout.targets
            if let menu = targets["menu"] {
                try c.play("0 tap 0 \(menu[0] + menu[2] / 2) \(menu[1] + menu[3] / 2)")
                let open = try c.app.waitFor("the scene menu open", after: mark) {
                    $0.kind == "switcher" && $0.fields["open"] as? Bool == true
                }
                targets = open.event.targets
                // Open, it lists every scene inside the screen, one row under another.
                let rows = targets.filter { $0.key.hasPrefix("scene:") }.map(\.value).sorted { $0[1] < $1[1] }
                #expect(rows.count == 5)
                #expect(rows.allSatisfy { $0[0] >= 0 && $0[0] + $0[2] <= c.width && $0[1] + $0[3] <= c.height })
                for (a, b) in zip(rows, rows.dropFirst()) { #expect(a[1] + a[3] <= b[1]) }
            }
            guard let r = targets["scene:\(name)"] else {
                throw TracedClient.Failure(description: "no switcher entry for \(name): \(targets.keys.sorted())")
            }
            try c.play("0 tap 0 \(r[0] + r[2] / 2) \(r[1] + r[3] / 2)")
            let switched = try c.app.waitFor("the switch to \(name)", after: mark) { $0.kind == "scene" }
            #expect(switched.event.string("name") == name)
            // The scene never saw the switcher's taps.
            let gestures = c.app.events[mark..<switched.index].filter { $0.kind == "gesture" }
            #expect(gestures.isEmpty, "gestures from switcher taps: \(gestures)")
        }
        return forms
    }

    /// The HUD's box (top-right, 184×72, 12 px from the edges) against the switcher's targets: no overlap.
    private func hudClearsTheSwitcher(_ c: Compositor) {
        let hud = (x: c.width - 184 - 12, y: 12.0, w: 184.0, h: 72.0)
        for (name, r) in c.switcherTargets() where r[1] < hud.y + hud.h {
            #expect(r[0] + r[2] <= hud.x || r[0] >= hud.x + hud.w, "\(name) \(r) under the HUD at x \(hud.x)")
        }
    }

    @Test func onAPhoneInPortraitEverySceneIsTwoTapsAway() throws {
        let c = try Compositor(output: (360, 720))
        hudClearsTheSwitcher(c)
        #expect(try tapEveryScene(c) == ["menu"])
        // A tap outside the open list closes it and changes nothing else.
        guard let menu = c.switcherTargets()["menu"] else {
            Issue.record("no menu button")
            return
        }
        let mark = c.app.events.count
        try c.play("0 tap 0 \(menu[0] + menu[2] / 2) \(menu[1] + menu[3] / 2)")
        try c.app.waitFor("the scene menu open", after: mark) { $0.kind == "switcher" && $0.fields["open"] as? Bool == true }
        try c.play("0 tap 0 300 650")
        let closed = try c.app.waitFor("the scene menu closed", after: mark) {
            $0.kind == "switcher" && $0.fields["open"] as? Bool == false
        }
        #expect(!c.app.events[mark..<closed.index].contains { $0.kind == "scene" || $0.kind == "gesture" })
    }

    @Test func onALaptopScreenEverySceneIsOneTapAway() throws {
        let c = try Compositor(output: (800, 600))
        hudClearsTheSwitcher(c)
        #expect(try tapEveryScene(c) == ["row"])
    }

    @Test func atScaleTwoOnA1080pScreenTheRowIsThereInLogicalPixels() throws {
        let c = try Compositor(output: (1920, 1080), scale: 2)
        let configure = c.app.events.first { $0.kind == "configure" }
        #expect(configure?.number("scale") == 2 && configure?.number("buffer_width") == 3840)
        hudClearsTheSwitcher(c)
        #expect(try tapEveryScene(c) == ["row"])
    }
}
