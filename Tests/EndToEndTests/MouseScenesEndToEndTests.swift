import Foundation
import MomentumApp
import MomentumLayers
import MomentumRun
import MomentumScenes
import Testing

/// Every scene driven with the mouse (genuine `wl_pointer` from weston, the app's one-finger fallback, touch id -1)
/// under a real headless weston, fullscreen 800×600: what a finger does there, a left click or drag does too.
@Suite(.serialized) struct MouseScenesEndToEndTests {
    // MARK: Transition (card 768×480, presented at y 108, dismissed at y −480)

    static let presentedY = 108.0, cardHeight = 480.0

    /// Clicks the backdrop and waits until the card is part-way in; returns that trace line.
    static func clickAndWaitMidway(_ c: Compositor) throws -> (index: Int, event: TraceLine) {
        let midway = try c.presentCardMidway("0 click 400 400")
        #expect(midway.tap?.string(.on) == TransitionScene.PressedOn.backdrop.rawValue)
        return (midway.index, midway.event)
    }

    @Test func transitionClickOnTheBackdropPresentsTheCard() throws {
        let c = try Compositor(scene: .transition)
        let mark = c.app.events.count
        #expect(c.app.events.last { $0.transition != nil }?.transition?.state == .dismissed)
        try c.play("0 click 400 400")
        let presenting = try c.app.waitFor("presenting", after: mark) { $0.transition?.state == .presenting }
        let rest = try c.app.waitFor("presented", after: presenting.index) { $0.transition?.state == .presented }
        #expect(rest.event.transition?.cardY == Self.presentedY)
        #expect(rest.event.transition?.completion == 1)
    }

    @Test func transitionMouseGrabMidPresentationHoldsTheCardAndFollowsTheCursor() throws {
        let c = try Compositor(scene: .transition)
        let midway = try Self.clickAndWaitMidway(c)
        let y = midway.event.transition?.cardY ?? 0
        // Button down near the bottom of the card as drawn, then move down in 120 Hz steps, button still held.
        let cursorY = y + Self.cardHeight - 40
        let moves = (1...6).map { "\(Double($0) * 8.333) pointer 400 \(cursorY + Double($0) * 6)" }
        try c.play((["0 pointer 400 \(cursorY)", "0 button left down"] + moves).joined(separator: "\n"))
        let began = try c.app.waitForGesture(.panBegan, after: midway.index)
        #expect(began.event.gesture?.string(.on) == TransitionScene.PressedOn.card.rawValue)
        let dragging = try c.app.waitFor("a dragging frame", after: began.index) { $0.transition?.state == .dragging }
        // Held where it was shown: the first dragging frame is where the presentation had the card, plus at most
        // the 36 px the cursor moved.
        let beforeGrab = c.app.events[..<began.index].last { $0.transition != nil }?.transition?.cardY ?? .nan
        let firstDragY = dragging.event.transition?.cardY ?? .nan
        #expect(abs(firstDragY - beforeGrab) <= 36 + 1, "shown at \(beforeGrab), first dragging frame at \(firstDragY)")
        // While held it no longer animates: it moves with the cursor, one for one (a fixed card-to-cursor offset
        // on every dragging frame, before and after a further 60 px move).
        let mark = c.app.events.count
        try c.play("0 pointer 400 \(cursorY + 96)")
        let moved = try c.waitPointer(.motion, after: mark)
        let follow = try c.app.waitFor("a frame after the move", after: moved.index) { $0.transition != nil }
        #expect(follow.event.transition?.state == .dragging)
        var cursor: Double?
        var offsets: [Double] = []
        for e in c.app.events[midway.index...follow.index] {
            if let touch = e.touch, touch.id == -1 { cursor = touch.position.y }
            if let card = e.transition, card.state == .dragging, let f = cursor { offsets.append(card.cardY - f) }
        }
        let spread = (offsets.max() ?? .infinity) - (offsets.min() ?? 0)
        #expect(offsets.count >= 2 && spread <= 1, "card-to-cursor offsets while held: \(offsets)")
        // Let go: the card finishes one way or the other and comes to rest.
        try c.play("0 button left up")
        let rest = try c.waitForCardAtRest(after: follow.index)
        #expect([0.0, 1.0].contains(rest.event.transition?.completion ?? .nan))
    }

    @Test func transitionFastUpwardMouseDragMidPresentationDismisses() throws {
        let c = try Compositor(scene: .transition)
        let midway = try Self.clickAndWaitMidway(c)
        let y = midway.event.transition?.cardY ?? 0
        let cursorY = y + Self.cardHeight - 30
        try c.play("0 mousedrag 400 \(cursorY) 400 \(cursorY - 150) 60")
        let ended = try c.app.waitForGesture(.panEnded, after: midway.index)
        #expect(ended.event.gesture?.string(.on) == TransitionScene.PressedOn.card.rawValue)
        #expect((ended.event.gesture?.vector(.velocity)?.y ?? 0) < -1000, "150 px up in 60 ms: \(ended.event.encoded)")
        let decision = try c.waitForDecision(after: midway.index)
        #expect(decision.event?.kind == .cancel)
        #expect(decision.event?.string(.reason) == TransitionScene.Decision.velocity.rawValue)
        let rest = try c.app.waitFor("dismissed", after: decision.index) { $0.transition?.state == .dismissed }
        #expect(rest.event.transition?.completion == 0)
    }

    // MARK: Gallery

    @Test func galleryClickOnTheFieldShakesItAndOnTheCoversShufflesThem() throws {
        let c = try Compositor(scene: .gallery)
        var mark = c.app.events.count
        let field = c.centre(of: .shake)
        try c.play("0 click \(field.x) \(field.y)")
        let tap = try c.app.waitForGesture(.tap, after: mark)
        #expect(tap.event.gesture?.item == .shake)
        let finished = try c.app.waitForGesture(.finished, item: .shake, after: tap.index)
        let offsets = c.app.events[tap.index...finished.index].compactMap { $0.gallery?.shake.offset }
        #expect((offsets.map(abs).max() ?? 0) > 3, "the field visibly shook: \(offsets)")
        let settled = try c.app.waitFor("a frame after the shake", after: finished.index) { $0.gallery != nil }
        #expect(settled.event.gallery?.shake.offset == 0)

        mark = c.app.events.count
        let before = c.app.events.last { $0.gallery != nil }?.gallery?.covers
        let covers = c.centre(of: .covers)
        try c.play("0 click \(covers.x) \(covers.y)")
        let shuffle = try c.app.waitForGesture(.tap, after: mark)
        #expect(shuffle.event.gesture?.item == .covers)
        try c.app.waitFor("the covers moving", after: shuffle.index) { $0.gallery?.covers.running == true }
        let done = try c.app.waitForGesture(.finished, item: .covers, after: shuffle.index)
        let after = try c.app.waitFor("a frame after the shuffle", after: done.index) { $0.gallery != nil }
        // The top card went to the bottom: the stack shown at rest is the old one rotated by one.
        let old = before?.order ?? [], new = after.event.gallery?.covers.order ?? []
        #expect(old.count >= 2 && new == Array(old.dropFirst()) + old.prefix(1), "order \(old) → \(new)")
    }

    // MARK: Playground (card at rest at (400, 300), 160×160)

    @Test func playgroundClickOnEmptySpaceSendsTheCardThere() throws {
        let c = try Compositor(scene: .playground)
        let mark = c.app.events.count
        // Inside where the card can rest (its top under the bar, at 96), up-right of home, above the puck (low on the
        // right, from y 400): sent to (680, 440) it struck the puck and rested 155 px from the click.
        try c.play("0 click 680 230")
        let tap = try c.app.waitForGesture(.tap, after: mark)
        #expect(tap.event.gesture?.bool(.onCard) == false)
        let retarget = try c.app.waitForGesture(.retarget, after: mark)
        #expect(retarget.event.gesture?.vector(.to) == SIMD2(680, 230))
        let rest = try c.app.waitFor("the card idle again", after: retarget.index) { $0.playground?.state == .idle }
        let position = rest.event.playground?.position
        #expect(distance(position, SIMD2(680, 230)) < 1, "came to rest at \(String(describing: position))")
    }

    @Test func playgroundMouseFlickOnTheCardThrowsIt() throws {
        let c = try Compositor(scene: .playground)
        let mark = c.app.events.count
        try c.play("0 mousedrag 400 300 520 300 80")
        let grabbed = try c.app.waitForGesture(.catch, after: mark)
        let ended = try c.app.waitForGesture(.panEnded, after: grabbed.index)
        let release = ended.event.gesture?.vector(.velocity) ?? .zero
        #expect(release.x > 1000, "120 px in 80 ms releases at ~1500 px/s, got \(release)")
        let goal = ended.event.gesture?.vector(.target) ?? .zero
        #expect(goal.x > 520, "thrown on past the release point, toward \(goal)")
        let rest = try c.app.waitFor("the card idle", after: ended.index) { $0.playground?.state == .idle }
        let position = rest.event.playground?.position
        #expect(distance(position, goal) < 1, "rest at \(String(describing: position)), target \(goal)")
    }

    // MARK: Switcher (a row of pills at 800x600, as its trace line lays them out)

    @Test func clickingEachPillSwitchesTheScene() throws {
        let c = try Compositor(scene: .panel)
        let pills = c.switcherTargets()
        func centre(_ scene: SceneKind) -> String {
            let r = pills["scene:\(scene.rawValue)"] ?? DrawRect(x: 0, y: 0, width: 0, height: 0)
            return "\(r.center.x.rounded()) \(r.center.y.rounded())"
        }
        #expect(pills.count == 5 && pills["menu"] == nil, "a row of five pills at 800x600: \(pills.keys.sorted())")
        // A click on the pill already shown does nothing; the next one switches: the first scene line is that.
        var mark = c.app.events.count
        try c.play("0 click \(centre(.panel))\n200 click \(centre(.transition))")
        var switched = try c.app.waitFor("a scene switch", after: mark) { $0.sceneSwitch != nil }
        #expect(switched.event.sceneSwitch == .transition)
        for scene in [SceneKind.gallery, .playground, .scroll, .panel] {
            try c.app.waitFor("a frame after the switch", after: switched.index) { $0.frame != nil }
            mark = c.app.events.count
            try c.play("0 click \(centre(scene))")
            switched = try c.app.waitFor("the switch to \(scene.rawValue)", after: mark) { $0.sceneSwitch != nil }
            #expect(switched.event.sceneSwitch == scene)
            let shown = try c.app.waitFor("a \(scene.rawValue) frame", after: switched.index) { $0.sceneState != nil }
            #expect(shown.event.sceneState?.kind == scene)
            // The click belonged to the switcher: the scene that was showing saw no gesture from it.
            let gestures = c.app.events[mark..<switched.index].filter { $0.gesture != nil }
            #expect(gestures.isEmpty, "the pill click reached the scene: \(gestures.map(\.encoded))")
        }
        let scenes = c.app.events.compactMap(\.sceneSwitch)
        #expect(scenes == [.transition, .gallery, .playground, .scroll, .panel])
    }
}
