import MomentumCore
import MomentumLayers
import MomentumScenes
import Testing

/// Drives a transition scene with synthetic touch frames (input timestamps) and explicit frame steps, recording
/// the card, the completion percentage and the scrubbed backdrop after every call.
private struct TransitionRig {
    // Closed-form layout for a 400 × 600 window: card 368 × 480, header 96 (the chrome band), presented top
    // 96 + (600 − 96 − 480)/2.
    static let presentedY = 108.0
    static let dismissedY = -480.0
    static let span = 588.0
    static let cardHeight = 480.0

    var scene = TransitionScene(size: SIMD2(400, 600))
    /// Input time (seconds, arbitrary base).
    var t = 1000.0
    var events: [SceneEvent] = []
    /// (card y, completion, backdrop fraction, dim alpha, header fade) after every call.
    var samples: [(y: Double, completion: Double, fraction: Double, dim: Double, fade: Double)] = []

    static func completion(y: Double) -> Double { min(max((y - dismissedY) / span, 0), 1) }

    mutating func record(_ new: [SceneEvent]) -> [SceneEvent] {
        events += new
        samples.append((scene.cardY, scene.completion, scene.backdrop.fractionComplete, scene.backdrop.dimAlpha,
                        scene.backdrop.headerFade))
        return new
    }

    /// One display frame of `dt` seconds; input time advances with it.
    @discardableResult
    mutating func frame(_ dt: Double = 1.0 / 60) -> [SceneEvent] {
        t += dt
        return record(scene.advance(by: dt))
    }

    /// Frames until an event of `kind` arrives (at most `limit` seconds); returns it and the frames taken.
    mutating func frames(until kind: GestureKind, limit: Double = 3, dt: Double = 1.0 / 60) -> (SceneEvent?, Int) {
        var n = 0
        while Double(n) * dt < limit {
            n += 1
            if let e = frame(dt).first(where: { $0.kind == kind }) { return (e, n) }
        }
        return (nil, n)
    }

    @discardableResult
    mutating func touch(_ phase: TouchPhase, _ p: SIMD2<Double>) -> [SceneEvent] {
        record(scene.handle(TouchFrame(changes: [TouchChange(id: 0, phase: phase, position: p, time: t)])))
    }

    /// Presents by a tap on the backdrop, lets 60 Hz frames pass until the card's bottom shows 30 px below the
    /// header bar (the rest of it is still under the bar) and presses the card 10 px above its bottom edge as shown;
    /// returns the press point.
    mutating func pressMidPresentation() -> SIMD2<Double> {
        tap(SIMD2(200, 590))
        while scene.cardRect.maxY < scene.layout.headerHeight + 30 { frame() }
        let press = SIMD2(200.0, scene.cardRect.maxY - 10)
        touch(.down, press)
        return press
    }

    /// Expects the card at rest in `state` at `y`, with no more frames wanted.
    func expectRest(_ state: TransitionScene.State, y: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(scene.state == state, sourceLocation: sourceLocation)
        #expect(scene.cardY == y, sourceLocation: sourceLocation)
        #expect(!scene.needsFrames, sourceLocation: sourceLocation)
    }

    /// A tap at `p` (down, 50 ms, up), with frames in between.
    @discardableResult
    mutating func tap(_ p: SIMD2<Double>) -> [SceneEvent] {
        var out = touch(.down, p)
        out += frame(0.025)
        out += frame(0.025)
        return out + touch(.up, p)
    }

    /// Moves the finger from `from` with constant vertical velocity `vy` for `duration`, a motion every 1/120 s,
    /// one frame of 1/120 s between motions. Returns the last finger position.
    mutating func drag(from: SIMD2<Double>, vy: Double, duration: Double) -> SIMD2<Double> {
        let dt = 1.0 / 120
        var p = from
        for _ in 0..<Int((duration / dt).rounded()) {
            frame(dt)
            p.y += vy * dt
            touch(.motion, p)
        }
        return p
    }

    /// Taps the backdrop and runs the 0.35 s presentation to its end.
    mutating func presentFully() {
        tap(SIMD2(200, 590))
        _ = frames(until: .completed)
    }

    /// Event fields by key.
    static func field(_ e: SceneEvent?, _ key: EventField) -> TraceValue? { e?.value(key) }
    static func number(_ e: SceneEvent?, _ key: EventField) -> Double? { e?.number(key) }
    static func string(_ e: SceneEvent?, _ key: EventField) -> String? { e?.string(key) }
}

@Suite struct TransitionSceneTests {
    @Test func layoutPresentsFromAboveInTheWindow() {
        let layout = TransitionLayout(width: 400, height: 600)
        #expect(layout.cardSize == SIMD2(368, 480))
        #expect(layout.cardX == 16)
        #expect(layout.presentedY == TransitionRig.presentedY)
        #expect(layout.dismissedY == TransitionRig.dismissedY)
        #expect(layout.completion(y: -480) == 0)
        #expect(layout.completion(y: 108) == 1)
        #expect(layout.completion(y: -186) == 0.5)
        #expect(layout.completion(y: 200) == 1)
        #expect(layout.completion(y: -700) == 0)
    }

    @Test func tapPresentsWithAThreeHundredFiftyMillisecondTweenFromAbove() {
        var rig = TransitionRig()
        #expect(!rig.scene.needsFrames)
        #expect(rig.scene.state == .dismissed)
        #expect(rig.scene.cardY == TransitionRig.dismissedY)
        rig.touch(.down, SIMD2(200, 300))
        let up = rig.touch(.up, SIMD2(200, 300))
        #expect(up.map(\.kind) == [.tap, .present])
        #expect(rig.scene.state == .presenting)
        #expect(rig.scene.driver == .tween)
        #expect(rig.scene.needsFrames)
        // Half way through an ease-in-ease-out (symmetric) tween the card is half way: completion 0.5.
        for _ in 0..<21 { rig.frame(0.175 / 21) }
        #expect(abs(rig.scene.cardY - (TransitionRig.dismissedY + 0.5 * TransitionRig.span)) < 1e-6)
        #expect(rig.scene.cardVY > 0) // moving down, toward presented
        let (done, n) = rig.frames(until: .completed, dt: 0.175 / 21)
        #expect(done != nil)
        #expect(n == 21 || n == 22) // 0.35 s in all
        #expect(rig.scene.state == .presented)
        #expect(rig.scene.cardY == TransitionRig.presentedY)
        #expect(rig.scene.completion == 1)
        #expect(rig.scene.backdrop.dimAlpha == 0.5)
        #expect(!rig.scene.needsFrames)
    }

    @Test func cardGrabbedMidPresentationStopsExactlyWhereItIsShown() {
        var rig = TransitionRig()
        rig.tap(SIMD2(200, 590))
        // Until the card's bottom shows 30 px below the header bar (the rest of it is still under the bar).
        while rig.scene.cardRect.maxY < rig.scene.layout.headerHeight + 30 { rig.frame() }
        let rect = rig.scene.cardRect
        let press = SIMD2(200.0, rect.maxY - 10)
        rig.touch(.down, press)
        // A press alone blocks nothing: the presentation goes on.
        let before = rig.scene.cardY
        rig.frame()
        let shown = rig.scene.cardY
        #expect(shown > before)
        #expect(rig.scene.driver == .tween)
        // Moving past the slop grabs it: it stops exactly where it was presented.
        let began = rig.touch(.motion, press + SIMD2(0, 10))
        #expect(began.map(\.kind) == [.panBegan])
        #expect(TransitionRig.string(began.first, .on) == TransitionScene.PressedOn.card.rawValue)
        #expect(rig.scene.cardY == shown)
        #expect(rig.scene.state == .dragging)
        #expect(rig.scene.driver == .finger)
        #expect(!rig.scene.needsFrames)
        // Frames pass: it stays under the finger; the finger moves it exactly.
        for _ in 0..<10 { rig.frame() }
        #expect(rig.scene.cardY == shown)
        rig.touch(.motion, press + SIMD2(0, 40))
        #expect(rig.scene.cardY == shown + 30)
        rig.touch(.motion, press + SIMD2(25, -20))
        #expect(rig.scene.cardY == shown - 30)
    }

    @Test func completionMatchesThePositionEveryFrameAndScrubsTheBackdrop() {
        var rig = TransitionRig()
        rig.tap(SIMD2(200, 590))
        for _ in 0..<8 { rig.frame() }
        let press = SIMD2(200.0, rig.scene.cardRect.maxY - 30)
        rig.touch(.down, press)
        var p = rig.drag(from: press, vy: 300, duration: 0.2)
        p = rig.drag(from: p, vy: -500, duration: 0.2)
        rig.touch(.up, p)
        _ = rig.frames(until: .completed)
        #expect(rig.samples.count > 80)
        var previous = rig.samples[0].completion
        for s in rig.samples {
            #expect(abs(s.completion - TransitionRig.completion(y: s.y)) < 1e-12)
            #expect(abs(s.fraction - s.completion) < 1e-12)
            #expect(abs(s.dim - 0.5 * s.completion) < 1e-12)
            #expect(abs(s.fade - s.completion) < 1e-12)
            // Continuous: no call moves the card by more than the tween's peak travel per 1/60 s frame (ease-in-
            // ease-out peak slope 1.5 / 0.87 ≈ 1.72, so 1.72 × 588 px / 0.35 s / 60 ≈ 47 px); a jump to either end
            // would be hundreds of px.
            #expect(abs(s.completion - previous) < 50 / TransitionRig.span)
            previous = s.completion
        }
    }

    @Test func fastUpwardFlickCancelsThePresentationEvenPastTheThreshold() {
        var rig = TransitionRig()
        rig.tap(SIMD2(200, 590))
        for _ in 0..<10 { rig.frame() }
        let press = SIMD2(200.0, rig.scene.cardRect.maxY - 30)
        rig.touch(.down, press)
        var p = rig.drag(from: press, vy: 400, duration: 0.25)
        p = rig.drag(from: p, vy: -1200, duration: 0.1)
        #expect(rig.scene.completion > 0.5) // location alone would finish
        rig.t += 1.0 / 120
        p.y -= 10
        let up = rig.touch(.up, p)
        let ended = up.first { $0.kind == .panEnded }
        #expect(ended != nil)
        let decision = up.first { $0.kind == .cancel }
        #expect(decision != nil)
        #expect(TransitionRig.string(decision, .reason) == TransitionScene.Decision.velocity.rawValue)
        #expect(TransitionRig.string(decision, .target) == TransitionScene.Target.dismissed.rawValue)
        #expect(abs((TransitionRig.number(decision, .velocity) ?? 0) + 1200) < 1e-6)
        #expect(rig.scene.state == .dismissing)
        let (left, _) = rig.frames(until: .leftContainer)
        #expect(left != nil)
        #expect(rig.scene.state == .dismissed)
        #expect(rig.scene.cardY == TransitionRig.dismissedY)
        #expect(rig.scene.completion == 0)
        #expect(!rig.scene.needsFrames)
    }

    @Test func fastDownwardFlickFinishesEvenBeforeTheThreshold() {
        var rig = TransitionRig()
        let press = rig.pressMidPresentation()
        let p = rig.drag(from: press, vy: 300, duration: 0.1)
        #expect(rig.scene.completion < 0.5) // location alone would cancel
        rig.t += 1.0 / 120
        let up = rig.touch(.up, p + SIMD2(0, 2.5))
        let decision = up.first { $0.kind == .finish }
        #expect(TransitionRig.string(decision, .reason) == TransitionScene.Decision.velocity.rawValue)
        #expect(TransitionRig.string(decision, .target) == TransitionScene.Target.presented.rawValue)
        let (done, _) = rig.frames(until: .completed)
        #expect(done != nil)
        rig.expectRest(.presented, y: TransitionRig.presentedY)
    }

    @Test func slowReleasePastTheThresholdFinishesByLocation() {
        var rig = TransitionRig()
        let press = rig.pressMidPresentation()
        let start = rig.scene.cardY
        // Drag to completion 0.7, then hold still for 50 ms (the finger has stopped: release velocity 0).
        let goalY = TransitionRig.dismissedY + 0.7 * TransitionRig.span
        let p = rig.drag(from: press, vy: (goalY - start - 10) / 0.3, duration: 0.3)
        rig.frame(0.05)
        let up = rig.touch(.up, p)
        #expect(abs(rig.scene.completion - 0.7) < 0.05)  // past the half way threshold, clearly
        let decision = up.first { $0.kind == .finish }
        #expect(TransitionRig.string(decision, .reason) == TransitionScene.Decision.location.rawValue)
        #expect(TransitionRig.number(decision, .velocity) == 0)
        let (done, n) = rig.frames(until: .completed)
        #expect(done != nil)
        #expect(Double(n) / 60 < 1.2)
        rig.expectRest(.presented, y: TransitionRig.presentedY)
    }

    @Test func slowReleaseBeforeTheThresholdGoesBack() {
        var rig = TransitionRig()
        let press = rig.pressMidPresentation()
        let start = rig.scene.cardY
        let goalY = TransitionRig.dismissedY + 0.3 * TransitionRig.span
        let p = rig.drag(from: press, vy: (goalY - start + 10) / 0.2, duration: 0.2)
        #expect(rig.scene.completion < 0.45)
        rig.frame(0.05)
        let up = rig.touch(.up, p)
        let decision = up.first { $0.kind == .cancel }
        #expect(TransitionRig.string(decision, .reason) == TransitionScene.Decision.location.rawValue)
        #expect(TransitionRig.string(decision, .target) == TransitionScene.Target.dismissed.rawValue)
        let (left, _) = rig.frames(until: .leftContainer)
        #expect(left != nil)
        #expect(rig.scene.state == .dismissed)
        #expect(!rig.scene.needsFrames)
    }

    @Test func releaseVelocityIsHandedToTheDynamicsBackendExactly() {
        var rig = TransitionRig()
        rig.presentFully()
        let press = SIMD2(200.0, 300)
        rig.touch(.down, press)
        var p = rig.drag(from: press, vy: 900, duration: 0.12)
        rig.t += 1.0 / 120
        p.y += 7.5
        let yBefore = rig.scene.cardY + 7.5
        let up = rig.touch(.up, p)
        let ended = up.first { $0.kind == .panEnded }
        guard case .array(let v)? = TransitionRig.field(ended, .velocity), case .number(let vy) = v[1] else {
            Issue.record("pan-ended carries no velocity")
            return
        }
        #expect(abs(vy - 900) < 1e-6) // constant-speed drag: LSQ2 is exact
        #expect(rig.scene.driver == .dynamics)
        #expect(rig.scene.cardVY == vy) // exactly the release velocity
        #expect(abs(rig.scene.cardY - yBefore) < 1e-9)
        // Moving down past the presented rest: velocity toward presented → a cancel of the dismissal.
        #expect(up.contains { $0.kind == .cancel })
        // The motion continues the gesture: although the card is heading back up, it first keeps moving down.
        rig.frame(1.0 / 120)
        #expect(rig.scene.cardY > yBefore)
        // And it is the seed's finishing behaviour: an independent world with attachment 3.5 Hz / damping 0.6,
        // resistance 25, density 100, started from the same state, follows the same path.
        var peer = DynamicsWorld(stepRate: 60)
        let item = peer.addItem(center: SIMD2<Double>(x: 200, y: yBefore + 240), width: 368, height: 480,
                                properties: DynamicsItemProperties(density: 100, resistance: 25, allowsRotation: false))
        peer.setVelocity(SIMD2<Double>(x: 0, y: vy), for: item)
        _ = peer.attach(item, to: SIMD2<Double>(x: 200, y: TransitionRig.presentedY + 240), length: 0, frequency: 3.5,
                        damping: 0.6)
        peer.advance(by: 1.0 / 120)
        for _ in 0..<20 {
            #expect(abs(rig.scene.cardY - (peer.presentedPosition(of: item).y - 240)) < 1e-6)
            rig.frame(1.0 / 60)
            peer.advance(by: 1.0 / 60)
        }
    }

    @Test func dismissalCompletesAsSoonAsTheCardLeavesTheContainer() {
        var rig = TransitionRig()
        rig.presentFully()
        #expect(rig.scene.state == .presented)
        let press = SIMD2(200.0, 400)
        rig.touch(.down, press)
        let p = rig.drag(from: press, vy: -900, duration: 0.1)
        rig.t += 1.0 / 120
        let up = rig.touch(.up, p - SIMD2(0, 7.5))
        let decision = up.first { $0.kind == .finish } // a grabbed presented card starts a dismissal
        #expect(TransitionRig.string(decision, .reason) == TransitionScene.Decision.velocity.rawValue)
        #expect(TransitionRig.string(decision, .target) == TransitionScene.Target.dismissed.rawValue)
        var lastBottom = rig.scene.cardY + TransitionRig.cardHeight
        var left: SceneEvent?
        for _ in 0..<120 {
            let events = rig.frame()
            if let e = events.first(where: { $0.kind == .leftContainer }) { left = e; break }
            lastBottom = rig.scene.cardY + TransitionRig.cardHeight
        }
        #expect(left != nil)
        // Still inside the frame before; at the event, at (or one step's travel from) the top edge, still moving
        // fast: it did not wait to settle on its anchor beyond the edge.
        #expect(lastBottom > 0)
        let y = TransitionRig.number(left, .y) ?? 0, vy = TransitionRig.number(left, .vy) ?? 0
        #expect(vy < -100)
        #expect(y + TransitionRig.cardHeight < abs(vy) / 60 + 1e-9)
        #expect(rig.scene.state == .dismissed)
        #expect(rig.scene.completion == 0)
        #expect(!rig.scene.needsFrames)
    }

    @Test func tapOnTheBackdropDismissesAndATapOnTheCardDoesNot() {
        var rig = TransitionRig()
        rig.presentFully()
        let onCard = rig.tap(SIMD2(200, 300))
        #expect(onCard.map(\.kind) == [.tap])
        #expect(rig.scene.state == .presented)
        #expect(!rig.scene.needsFrames)
        let onBackdrop = rig.tap(SIMD2(200, 590))
        #expect(onBackdrop.map(\.kind) == [.tap, .dismiss])
        #expect(rig.scene.state == .dismissing)
        #expect(rig.scene.driver == .tween)
        let (done, n) = rig.frames(until: .completed)
        #expect(done != nil)
        #expect(n == 21 || n == 22) // the mirrored 0.35 s tween
        rig.expectRest(.dismissed, y: TransitionRig.dismissedY)
    }

    @Test func backdropTapMidPresentationTurnsAroundWithoutAJump() {
        var rig = TransitionRig()
        rig.tap(SIMD2(200, 590))
        for _ in 0..<4 { rig.frame() }
        rig.touch(.down, SIMD2(200, 590))
        rig.frame(0.05)
        // What is on screen just before the tap takes effect (at the lift, between frames).
        let y = rig.scene.cardY, vy = rig.scene.cardVY
        #expect(vy > 500)
        let events = rig.touch(.up, SIMD2(200, 590))
        #expect(events.map(\.kind) == [.tap, .dismiss])
        #expect(TransitionRig.string(events.last, .driver) == TransitionScene.Driver.dynamics.rawValue)
        #expect(rig.scene.driver == .dynamics)
        #expect(rig.scene.target == .dismissed)
        #expect(abs(rig.scene.cardY - y) < 1e-9)
        #expect(rig.scene.cardVY == vy)
        let (left, _) = rig.frames(until: .leftContainer)
        #expect(left != nil)
        #expect(rig.scene.state == .dismissed)
    }

    @Test func cardGrabbedDuringTheFinishingMotionStopsWhereItIsShown() {
        var rig = TransitionRig()
        rig.presentFully()
        rig.touch(.down, SIMD2(200, 300))
        let p = rig.drag(from: SIMD2(200, 300), vy: -700, duration: 0.1)
        rig.t += 1.0 / 120
        rig.touch(.up, p - SIMD2(0, 700.0 / 120))
        #expect(rig.scene.driver == .dynamics)
        for _ in 0..<5 { rig.frame(1.0 / 144) } // between fixed steps: interpolated presentation
        let shown = rig.scene.cardY
        let press = SIMD2(200.0, shown + 300)
        rig.touch(.down, press)
        rig.touch(.motion, press + SIMD2(0, 12))
        #expect(rig.scene.driver == .finger)
        #expect(rig.scene.cardY == shown)
    }

    @Test func pressAndHoldCatchesTheMovingCard() {
        var rig = TransitionRig()
        rig.presentFully()
        // Drag the presented card up to completion ≈ 0.6 and let go still: it heads back down (a slow motion).
        rig.touch(.down, SIMD2(200, 500))
        let p = rig.drag(from: SIMD2(200, 500), vy: -1000, duration: 0.227)
        rig.frame(0.05)
        rig.touch(.up, p)
        #expect(rig.scene.target == .presented)
        #expect(rig.scene.driver == .dynamics)
        rig.frame()
        // Press on it and hold still: after the touch rule's hold time it is caught where it is shown.
        rig.touch(.down, SIMD2(200, 250))
        var caught: SceneEvent?
        var shown = rig.scene.cardY
        var frames = 0
        for _ in 0..<30 {
            shown = rig.scene.cardY
            frames += 1
            let events = rig.frame()
            if let e = events.first(where: { $0.kind == .catch }) { caught = e; break }
        }
        #expect(caught != nil)
        #expect(frames == Int((TouchRule.holdTime * 60).rounded(.up)), "caught after \(frames) frames")
        let y = rig.scene.cardY
        #expect(y > shown) // it moved until the catch (nothing blocked it)…
        #expect(y < TransitionRig.presentedY - 1) // …and was caught before it arrived
        #expect(TransitionRig.number(caught, .y) == y)
        #expect(rig.scene.state == .dragging)
        #expect(!rig.scene.needsFrames)
        rig.frame()
        #expect(rig.scene.cardY == y)
    }

    @Test func aPressOnTheHeaderOverTheCardUnderItDoesNotGrabTheCard() {
        var rig = TransitionRig()
        rig.tap(SIMD2(200, 590))                       // presenting: the card comes down from under the header
        for _ in 0..<6 { rig.frame() }
        let press = SIMD2(200.0, 40)
        #expect(rig.scene.cardRect.contains(press))    // the card's top is under the opaque header bar there
        let before = rig.scene.cardY
        rig.touch(.down, press)
        _ = rig.drag(from: press, vy: 600, duration: 0.1)
        #expect(rig.scene.driver != .finger)           // not grabbed: a finger on the bar moves no card
        #expect(rig.scene.cardY > before)              // it went on presenting
        #expect(!rig.events.contains { $0.kind == .catch })
    }

    @Test func aQuickTapOnTheMovingCardTurnsItWithItsVelocity() {
        var rig = TransitionRig()
        rig.tap(SIMD2(200, 590))                       // presenting (the tween)
        for _ in 0..<6 { rig.frame() }
        let atDown = SIMD2(rig.scene.cardY, rig.scene.cardVY)
        #expect(atDown.y > 100)                        // moving down into view
        let p = SIMD2(200.0, rig.scene.cardRect.maxY - 20)
        let events = rig.tap(p)                        // on the card: down, 50 ms of frames, up
        #expect(!events.contains { $0.kind == .catch })
        let turn = events.first { $0.kind == .dismiss }
        #expect(turn != nil, "\(events.map(\.kind))")
        // It turned from where it was drawn at the lift, with its velocity then: no stop.
        let y = TransitionRig.number(turn, .y) ?? .nan, vy = TransitionRig.number(turn, .vy) ?? .nan
        #expect(vy > 100 && y > atDown.x, "turned at y \(y), vy \(vy)")
        #expect(events.first { $0.kind == .tap }?.vector(.atDown) == atDown)
        #expect(rig.scene.driver == .dynamics && rig.scene.target == .dismissed)
        #expect(abs(rig.scene.cardVY - vy) < 1e-9 && abs(rig.scene.cardY - y) < 1e-9)
        let (done, _) = rig.frames(until: .completed)
        #expect(done != nil)
        rig.expectRest(.dismissed, y: TransitionRig.dismissedY)
    }

    @Test func drawsTheScrubbedDimmingAndTheCardWhereItIsShown() {
        var rig = TransitionRig()
        rig.tap(SIMD2(200, 590))
        for _ in 0..<9 { rig.frame() }
        let c = rig.scene.completion
        #expect(c > 0.2 && c < 0.9)
        var list = DrawList()
        rig.scene.draw(into: &list)
        let dims = list.commands.compactMap { command -> RGBA? in
            if case .rect(let r, let fill) = command, r == DrawRect(x: 0, y: 0, width: 400, height: 600) { return fill }
            return nil
        }
        #expect(dims.count == 1)
        #expect(abs(Double(dims.first?.a ?? 0) - 0.5 * c) < 1e-6)
        let card = DrawRect(x: 16, y: rig.scene.cardY, width: 368, height: 480)
        let cards = list.commands.filter { command in
            if case .roundedRect(let shape) = command { return shape.rect == card }
            return false
        }
        #expect(cards.count == 1)
        // Dismissed: the card is off-screen and not drawn; the backdrop is not dimmed.
        let idle = TransitionRig()
        var empty = DrawList()
        idle.scene.draw(into: &empty)
        #expect(!empty.commands.contains { command in
            if case .roundedRect(let shape) = command { return shape.rect.width == 368 && shape.rect.height == 480 }
            return false
        })
        #expect(empty.commands.contains { command in
            if case .rect(let r, let fill) = command { return r.width == 400 && r.height == 600 && fill.a == 0 }
            return false
        })
    }

    @Test func touchCancelReturnsWithoutAFling() {
        var rig = TransitionRig()
        rig.presentFully()
        rig.touch(.down, SIMD2(200, 300))
        _ = rig.drag(from: SIMD2(200, 300), vy: -1500, duration: 0.1)
        let cancel = rig.scene.handle(TouchFrame(changes: [], isCancel: true))
        #expect(cancel.map(\.kind) == [.touchCancel])
        #expect(rig.scene.cardVY == 0)
        #expect(rig.scene.target == .presented)
        _ = rig.frames(until: .completed)
        #expect(rig.scene.state == .presented)
        #expect(rig.scene.cardY == TransitionRig.presentedY)
    }
}
