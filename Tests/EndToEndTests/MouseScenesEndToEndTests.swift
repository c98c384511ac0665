import Foundation
import MomentumApp
import MomentumScenes
import Testing

/// Every scene driven with the mouse (genuine `wl_pointer` from weston, the app's one-finger fallback, touch id -1)
/// under a real headless weston, fullscreen 800×600: what a finger does there, a left click or drag does too.
@Suite(.serialized) struct MouseScenesEndToEndTests {
    // MARK: Transition (card 768×480, presented at y 108, dismissed at y −480)

    static let presentedY = 108.0, cardHeight = 480.0

    /// Clicks the backdrop and waits until the card is part-way in; returns that trace event.
    static func clickAndWaitMidway(_ c: Compositor) throws -> (index: Int, event: TraceEvent) {
        let mark = c.app.events.count
        try c.play("0 click 400 400")
        let tap = try c.app.waitForGesture("tap", after: mark)
        #expect(tap.event.string("on") == "backdrop")
        return try c.app.waitFor("the card part-way in", after: tap.index) {
            $0.kind == "transition" && $0.string("state") == "presenting" && ($0.number("card_y") ?? -999) > -260
        }
    }

    @Test func transitionClickOnTheBackdropPresentsTheCard() throws {
        let c = try Compositor(scene: "transition")
        let mark = c.app.events.count
        #expect(c.app.events.last { $0.kind == "transition" }?.string("state") == "dismissed")
        try c.play("0 click 400 400")
        let presenting = try c.app.waitFor("presenting", after: mark) {
            $0.kind == "transition" && $0.string("state") == "presenting"
        }
        let rest = try c.app.waitFor("presented", after: presenting.index) {
            $0.kind == "transition" && $0.string("state") == "presented"
        }
        #expect(rest.event.number("card_y") == Self.presentedY)
        #expect(rest.event.number("completion") == 1)
    }

    @Test func transitionMouseGrabMidPresentationHoldsTheCardAndFollowsTheCursor() throws {
        let c = try Compositor(scene: "transition")
        let midway = try Self.clickAndWaitMidway(c)
        let y = midway.event.number("card_y") ?? 0
        // Button down near the bottom of the card as drawn, then move down in 120 Hz steps, button still held.
        let cursorY = y + Self.cardHeight - 40
        let moves = (1...6).map { "\(Double($0) * 8.333) pointer 400 \(cursorY + Double($0) * 6)" }
        try c.play((["0 pointer 400 \(cursorY)", "0 button left down"] + moves).joined(separator: "\n"))
        let began = try c.app.waitForGesture("pan-began", after: midway.index)
        #expect(began.event.string("on") == "card")
        let dragging = try c.app.waitFor("a dragging frame", after: began.index) {
            $0.kind == "transition" && $0.string("state") == "dragging"
        }
        // Held where it was shown: the first dragging frame is where the presentation had the card, plus at most
        // the 36 px the cursor moved.
        let beforeGrab = c.app.events[..<began.index].last { $0.kind == "transition" }?.number("card_y") ?? .nan
        let firstDragY = dragging.event.number("card_y") ?? .nan
        #expect(abs(firstDragY - beforeGrab) <= 36 + 1, "shown at \(beforeGrab), first dragging frame at \(firstDragY)")
        // While held it no longer animates: it moves with the cursor, one for one (a fixed card-to-cursor offset
        // on every dragging frame, before and after a further 60 px move).
        let mark = c.app.events.count
        try c.play("0 pointer 400 \(cursorY + 96)")
        let moved = try c.waitPointer("motion", after: mark)
        let follow = try c.app.waitFor("a frame after the move", after: moved.index) { $0.kind == "transition" }
        #expect(follow.event.string("state") == "dragging")
        var cursor: Double?
        var offsets: [Double] = []
        for e in c.app.events[midway.index...follow.index] {
            if e.kind == "touch", e.number("id") == -1 { cursor = e.number("y") }
            if e.kind == "transition", e.string("state") == "dragging", let f = cursor, let cardY = e.number("card_y") {
                offsets.append(cardY - f)
            }
        }
        let spread = (offsets.max() ?? .infinity) - (offsets.min() ?? 0)
        #expect(offsets.count >= 2 && spread <= 1, "card-to-cursor offsets while held: \(offsets)")
        // Let go: the card finishes one way or the other and comes to rest.
        try c.play("0 button left up")
        let rest = try c.app.waitFor("at rest", after: follow.index) {
            $0.kind == "transition" && ["presented", "dismissed"].contains($0.string("state") ?? "")
        }
        #expect([0.0, 1.0].contains(rest.event.number("completion") ?? .nan))
    }

    @Test func transitionFastUpwardMouseDragMidPresentationDismisses() throws {
        let c = try Compositor(scene: "transition")
        let midway = try Self.clickAndWaitMidway(c)
        let y = midway.event.number("card_y") ?? 0
        let cursorY = y + Self.cardHeight - 30
        try c.play("0 mousedrag 400 \(cursorY) 400 \(cursorY - 150) 60")
        let ended = try c.app.waitForGesture("pan-ended", after: midway.index)
        #expect(ended.event.string("on") == "card")
        #expect((ended.event.numbers("velocity")?[1] ?? 0) < -1000, "150 px up in 60 ms: \(ended.event.line)")
        let decision = try c.app.waitFor("the decision", after: midway.index) {
            $0.kind == "gesture" && ["cancel", "finish"].contains($0.string("kind") ?? "")
        }
        #expect(decision.event.string("kind") == "cancel")
        #expect(decision.event.string("reason") == "velocity")
        let rest = try c.app.waitFor("dismissed", after: decision.index) {
            $0.kind == "transition" && $0.string("state") == "dismissed"
        }
        #expect(rest.event.number("completion") == 0)
    }

    // MARK: Gallery

    @Test func galleryClickOnTheFieldShakesItAndOnTheCoversShufflesThem() throws {
        let c = try Compositor(scene: "gallery")
        var mark = c.app.events.count
        let field = c.centre(of: .shake)
        try c.play("0 click \(field.x) \(field.y)")
        let tap = try c.app.waitForGesture("tap", after: mark)
        #expect(tap.event.string("item") == "shake")
        let finished = try c.app.waitForGesture("finished", item: "shake", after: tap.index)
        let offsets = c.app.events[tap.index...finished.index].compactMap(GalleryEndToEndTests.shake).map(\.offset)
        #expect((offsets.map(abs).max() ?? 0) > 3, "the field visibly shook: \(offsets)")
        let settled = try c.app.waitFor("a frame after the shake", after: finished.index) {
            GalleryEndToEndTests.shake($0) != nil
        }
        #expect(GalleryEndToEndTests.shake(settled.event)?.offset == 0)

        mark = c.app.events.count
        let before = Self.covers(c.app.events.last { Self.covers($0) != nil })
        let covers = c.centre(of: .covers)
        try c.play("0 click \(covers.x) \(covers.y)")
        let shuffle = try c.app.waitForGesture("tap", after: mark)
        #expect(shuffle.event.string("item") == "covers")
        try c.app.waitFor("the covers moving", after: shuffle.index) { Self.covers($0)?.running == true }
        let done = try c.app.waitForGesture("finished", item: "covers", after: shuffle.index)
        let after = try c.app.waitFor("a frame after the shuffle", after: done.index) { Self.covers($0) != nil }
        // The top card went to the bottom: the stack shown at rest is the old one rotated by one.
        let old = before?.order ?? [], new = Self.covers(after.event)?.order ?? []
        #expect(old.count >= 2 && new == Array(old.dropFirst()) + old.prefix(1), "order \(old) → \(new)")
    }

    struct Covers { var order: [Double]; var running: Bool }

    static func covers(_ e: TraceEvent?) -> Covers? {
        guard let e, e.kind == "gallery", let s = e.fields["covers"] as? [String: Any],
              let running = s["running"] as? Bool, let order = s["order"] as? [Any] else { return nil }
        return Covers(order: order.compactMap { ($0 as? Double) ?? ($0 as? Int).map(Double.init) }, running: running)
    }

    // MARK: Playground (card at rest at (400, 300), 160×160)

    @Test func playgroundClickOnEmptySpaceSendsTheCardThere() throws {
        let c = try Compositor(scene: "playground")
        let mark = c.app.events.count
        try c.play("0 click 680 480")
        let tap = try c.app.waitForGesture("tap", after: mark)
        #expect(tap.event.fields["on_card"] as? Bool == false)
        let retarget = try c.app.waitForGesture("retarget", after: mark)
        #expect(retarget.event.numbers("to") == [680, 480])
        let rest = try c.app.waitFor("the card idle again", after: retarget.index) {
            $0.kind == "playground" && $0.string("state") == "idle"
        }
        #expect(PlaygroundEndToEndTests.distance(rest.event.numbers("position"), [680, 480]) < 1,
                "came to rest at \(rest.event.numbers("position") ?? [])")
    }

    @Test func playgroundMouseFlickOnTheCardThrowsIt() throws {
        let c = try Compositor(scene: "playground")
        let mark = c.app.events.count
        try c.play("0 mousedrag 400 300 520 300 80")
        let grabbed = try c.app.waitForGesture("catch", after: mark)
        let ended = try c.app.waitForGesture("pan-ended", after: grabbed.index)
        let release = ended.event.numbers("velocity") ?? [0, 0]
        #expect(release[0] > 1000, "120 px in 80 ms releases at ~1500 px/s, got \(release)")
        let goal = ended.event.numbers("target") ?? [0, 0]
        #expect(goal[0] > 520, "thrown on past the release point, toward \(goal)")
        let rest = try c.app.waitFor("the card idle", after: ended.index) {
            $0.kind == "playground" && $0.string("state") == "idle"
        }
        #expect(PlaygroundEndToEndTests.distance(rest.event.numbers("position"), goal) < 1,
                "rest at \(rest.event.numbers("position") ?? []), target \(goal)")
    }

    // MARK: Switcher (a row of pills at 800x600, as its trace event lays them out)

    @Test func clickingEachPillSwitchesTheScene() throws {
        let c = try Compositor(scene: "panel")
        let pills = c.switcherTargets()
        func centre(_ name: String) -> String {
            let r = pills["scene:\(name)"] ?? [0, 0, 0, 0]
            return "\((r[0] + r[2] / 2).rounded()) \((r[1] + r[3] / 2).rounded())"
        }
        #expect(pills.count == 5 && pills["menu"] == nil, "a row of five pills at 800x600: \(pills.keys.sorted())")
        // A click on the pill already shown does nothing; the next one switches: the first scene event is that.
        var mark = c.app.events.count
        try c.play("0 click \(centre("panel"))\n200 click \(centre("transition"))")
        var switched = try c.app.waitFor("a scene switch", after: mark) { $0.kind == "scene" }
        #expect(switched.event.string("name") == "transition")
        for name in ["gallery", "playground", "scroll", "panel"] {
            try c.app.waitFor("a frame after the switch", after: switched.index) { $0.kind == "frame" }
            mark = c.app.events.count
            try c.play("0 click \(centre(name))")
            switched = try c.app.waitFor("the switch to \(name)", after: mark) { $0.kind == "scene" }
            #expect(switched.event.string("name") == name)
            let shown = try c.app.waitFor("a \(name) frame", after: switched.index) {
                ["panel", "transition", "gallery", "playground", "scroll"].contains($0.kind)
            }
            #expect(shown.event.kind == name)
            // The click belonged to the switcher: the scene that was showing saw no gesture from it.
            let gestures = c.app.events[mark..<switched.index].filter { $0.kind == "gesture" }
            #expect(gestures.isEmpty, "the pill click reached the scene: \(gestures)")
        }
        let scenes = c.app.events.filter { $0.kind == "scene" }.compactMap { $0.string("name") }
        #expect(scenes == ["transition", "gallery", "playground", "scroll", "panel"])
    }
}
