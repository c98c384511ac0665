import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// Seed 002's interactive transition under weston with injected touch (800×600: card 768×480, presented at
/// y 108, dismissed at y −480; completion = (y + 480) / 588).
@Suite(.serialized) struct TransitionEndToEndTests {
    static let presentedY = 108.0, dismissedY = -480.0, cardHeight = 480.0

    func start() throws -> Compositor { try Compositor(scene: .transition) }

    /// Taps the backdrop to present, then waits until the card is part-way in; returns that trace line.
    func presentAndWaitMidway(_ c: Compositor) throws -> (index: Int, event: TraceLine) {
        let midway = try c.presentCardMidway("0 tap 0 400 400")
        return (midway.index, midway.event)
    }

    @Test func completionMatchesTheCardEveryFrameAndAGrabMidPresentationHoldsIt() throws {
        let c = try start()
        let midway = try presentAndWaitMidway(c)
        let y = midway.event.transition?.cardY ?? 0
        // Press near the bottom of the card as drawn and pull down a little: that grabs it mid-presentation.
        let fingerY = y + Self.cardHeight - 40
        try c.play("0 press 0 400 \(fingerY)\n5 moveto 0 400 \(fingerY + 24) 17")
        let began = try c.app.waitForGesture(.panBegan, after: midway.index)
        let dragging = try c.app.waitFor("a dragging frame", after: began.index) { $0.transition?.state == .dragging }
        try c.play("0 release 0")
        try c.waitForCardAtRest(after: dragging.index)
        let records = c.app.events.compactMap(\.transition)
        // Completion is the card's position fraction, exactly, on every frame — animated, dragged or finishing.
        for r in records {
            let cardY = r.cardY, completion = r.completion
            let expected = min(max((cardY - Self.dismissedY) / (Self.presentedY - Self.dismissedY), 0), 1)
            #expect(abs(completion - expected) < 1e-9, "card_y \(cardY): completion \(completion), expected \(expected)")
            #expect(abs(r.backdropFraction - completion) < 1e-9)
        }
        // The grab held the card where it was shown: the first dragging frame is where the presentation had it,
        // plus only what the finger moved after the pan began.
        let beforeGrab = c.app.events[..<began.index].last { $0.transition != nil }?.transition?.cardY ?? .nan
        let firstDragY = dragging.event.transition?.cardY ?? .nan
        #expect(abs(firstDragY - beforeGrab) <= 24 + 1, "grabbed at \(beforeGrab), first dragging frame at \(firstDragY)")
        // The card moves continuously while animated: between two frames it moves no further than its speed
        // allows over the frame's step (the 0.35 s ease-in-ease-out tween peaks near 2800 px/s).
        var previous: (y: Double, vy: Double, state: TransitionScene.State)?
        var step = 0.0
        for e in c.app.events {
            if let frameStep = e.frame?.step ?? e.unchangedStep { step = frameStep }
            guard let card = e.transition else { continue }
            let cardY = card.cardY, vy = card.cardVY, state = card.state
            if let p = previous, p.state != .dragging, state != .dragging {
                let allowed = max(abs(p.vy), abs(vy), 2800) * step + 1
                #expect(abs(cardY - p.y) <= allowed, "card jumped \(abs(cardY - p.y)) px in a \(step) s frame")
            }
            previous = (cardY, vy, state)
        }
    }

    @Test func aFastUpwardFlickMidPresentationCancelsAndTheCardLeaves() throws {
        let c = try start()
        let midway = try presentAndWaitMidway(c)
        let y = midway.event.transition?.cardY ?? 0
        let fingerY = y + Self.cardHeight - 30
        try c.play("0 flick 0 400 \(fingerY) 400 \(fingerY - 150) 60")
        let decision = try c.waitForDecision(after: midway.index)
        #expect(decision.event?.kind == .cancel)
        #expect(decision.event?.string(.reason) == TransitionScene.Decision.velocity.rawValue)
        try c.app.waitForGesture(.leftContainer, after: decision.index)
        let rest = try c.app.waitFor("dismissed", after: decision.index) { $0.transition?.state == .dismissed }
        #expect(rest.event.transition?.completion == 0)
    }

    @Test func aSlowReleasePastHalfwayFinishesByLocation() throws {
        let c = try start()
        let midway = try presentAndWaitMidway(c)
        let y = midway.event.transition?.cardY ?? 0
        let fingerY = y + Self.cardHeight - 30
        // Grab it, pull it down to ~80 % complete, hold still so the release velocity is 0, then lift.
        let target = Self.dismissedY + 0.8 * (Self.presentedY - Self.dismissedY) - y
        try c.play("0 drag 0 400 \(fingerY) 400 \(fingerY + target) 400 150")
        let decision = try c.waitForDecision(after: midway.index)
        #expect(decision.event?.kind == .finish)
        #expect(decision.event?.string(.reason) == TransitionScene.Decision.location.rawValue)
        let rest = try c.app.waitFor("presented", after: decision.index) { $0.transition?.state == .presented }
        #expect(rest.event.transition?.cardY == Self.presentedY)
        #expect(rest.event.transition?.completion == 1)
    }
}
