import Foundation  // exp, sin, cos for the independent closed form
import MomentumTestSupport
import Testing
import MomentumCore
import MomentumLayers
@testable import MomentumScenes

/// Drives a panel scene with one finger and 60 Hz frames, the way the app does.
struct PanelDriver {
    static let frame = 1.0 / 60
    var scene: PanelScene
    /// Input clock (s); advanced by hand so input and frames stay in step.
    var time = 10.0

    /// A 400×800 container: open y = 800 − 480 = 320, closed y = 800 − 72 = 728.
    static let layout = PanelLayout(width: 400, height: 800)
    /// The seed's spring: stiffness 300, damping 20, mass 1.
    static let spring = SpringParameters(stiffness: 300, damping: 20, mass: 1)

    init(layout: PanelLayout = Self.layout) {
        scene = PanelScene(layout: layout, backend: .spring(SpringAnimation(parameters: Self.spring, at: .zero)),
                           backendName: "spring")
    }

    private mutating func send(_ phase: TouchPhase, _ x: Double, _ y: Double) -> [SceneEvent] {
        scene.handle(TouchFrame(changes: [TouchChange(id: 0, phase: phase, position: SIMD2(x, y), time: time)]))
    }
    mutating func down(_ x: Double, _ y: Double) -> [SceneEvent] { send(.down, x, y) }
    mutating func move(_ x: Double, _ y: Double) -> [SceneEvent] { send(.motion, x, y) }
    mutating func up(_ x: Double, _ y: Double) -> [SceneEvent] { send(.up, x, y) }
    mutating func cancel(_ x: Double, _ y: Double) -> [SceneEvent] {
        scene.handle(TouchFrame(changes: [TouchChange(id: 0, phase: .cancel, position: SIMD2(x, y), time: time)],
                                isCancel: true))
    }

    /// One 60 Hz frame: input time and frame time both move on.
    @discardableResult mutating func advanceFrame() -> [SceneEvent] {
        time += Self.frame
        return scene.advance(by: Self.frame)
    }

    /// Frames until nothing moves; returns how many (at most 600).
    @discardableResult mutating func settle() -> Int {
        var frames = 0
        while scene.needsFrames && frames < 600 {
            advanceFrame()
            frames += 1
        }
        return frames
    }

    /// A tap on the panel (down, 80 ms, up, no movement); returns the tap's events.
    mutating func tap() -> [SceneEvent] {
        let y = scene.y + 60
        _ = down(200, y)
        time += 0.08
        return up(200, y)
    }

    /// A drag from the panel at constant finger speed `speed` (px/s, +down), 8 ms samples for `samples` steps,
    /// lifted at the last sample; returns the events of the lift and the finger's y at the lift.
    mutating func fling(speed: Double, samples: Int = 12) -> (events: [SceneEvent], fingerY: Double) {
        let y0 = scene.y + 60
        _ = down(200, y0)
        var y = y0
        for _ in 0..<samples {
            time += 0.008
            y += speed * 0.008
            _ = move(200, y)
        }
        return (up(200, y), y)
    }
}

/// Reads a two-number vector field from a scene event.
func vectorField(_ events: [SceneEvent], kind: GestureKind, key: EventField) -> SIMD2<Double>? {
    events.first { $0.kind == kind }?.vector(key)
}

/// The Control Center panel (seed 000): what the user sees it do under the finger.
struct PanelSceneTests {
    /// 800 − 418: the panel is as tall as its controls (32 + 2 × 56 + 10 + 16 + 84 + 2 × (14 + 56) + 24).
    static let openY = 382.0
    static let closedY = 728.0

    @Test func layoutPositions() {
        #expect(PanelDriver.layout.y(for: .open) == Self.openY)
        #expect(PanelDriver.layout.y(for: .closed) == Self.closedY)
        let d = PanelDriver()
        #expect(d.scene.y == Self.closedY)
        #expect(d.scene.state == .closed)
        #expect(!d.scene.needsFrames)
    }

    @Test func dragTakesUpTheSlopThenKeepsThePressedPointUnderTheFinger() {
        var d = PanelDriver()
        _ = d.down(200, 760)
        d.time += 0.01
        _ = d.move(200, 755)                         // under the slop: nothing moves
        #expect(d.scene.y == Self.closedY)
        d.time += 0.01
        let began = d.move(200, 748)                 // 12 px: the pan begins here
        #expect(began.map(\.kind) == [.panBegan])
        #expect(d.scene.y == Self.closedY)           // no jump by the slop distance
        #expect(d.scene.state == .dragging)
        // Taking up the slop: the panel moves faster than the finger, but never past the pressed point's place.
        var last = d.scene.y
        for fingerY in [746.0, 743, 740, 738] {
            d.time += 0.01
            _ = d.move(200, fingerY)
            #expect(d.scene.y < last)
            #expect(d.scene.y <= Self.closedY + (fingerY - 748) && d.scene.y >= Self.closedY + (fingerY - 760))
            last = d.scene.y
        }
        // 12 px after the pan began, the point pressed at y 760 is under the finger, and stays there.
        for fingerY in [736.0, 700, 612.5, 421, 455, 690] {
            d.time += 0.01
            _ = d.move(213, fingerY)
            #expect(abs((d.scene.y - Self.closedY) - (fingerY - 760)) < 1e-9)
            d.advanceFrame()                          // frames do not move a held panel
            #expect(abs((d.scene.y - Self.closedY) - (fingerY - 760)) < 1e-9)
        }
    }

    @Test func theTakeUpHasNoSpeedStep() {
        // A finger at constant speed in 1 px samples: the panel's step per sample starts at the finger's when the pan
        // begins, changes smoothly (smoothstep) to at most twice the finger's while the 8 px slop is taken up over
        // 12 px, and ends at the finger's again.
        var d = PanelDriver()
        _ = d.down(200, 760)
        var steps: [Double] = []
        var last = d.scene.y
        for i in 1...30 {
            d.time += 0.002
            _ = d.move(200, 760 - Double(i))
            steps.append(d.scene.y - last)
            last = d.scene.y
        }
        #expect(steps[..<8].allSatisfy { $0 == 0 })       // the slop: the pan begins at the 8th sample
        // The take-up's first step: the finger's and 8 px × smoothstep(1/12) ≈ 0.16 px.
        #expect(abs(steps[8] + 1) < 0.2)
        #expect(steps[8...].allSatisfy { $0 < 0 && $0 >= -2 })
        // From one sample to the next the step changes by at most 8 px × max smoothstep'' / 12² = 0.33 px: no step
        // at the start, none at the end, none in between (a linear take-up would jump by 0.67 px at both ends).
        let changes = zip(steps[8...], steps[9...]).map { abs($1 - $0) }
        #expect((changes.max() ?? 1) < 0.34, "step changes \(changes)")
        #expect(steps[20...].allSatisfy { abs($0 + 1) < 1e-9 })    // done: the finger's step exactly
        #expect(abs((d.scene.y - Self.closedY) - (760 - 30 - 760)) < 1e-9)
    }

    /// The sheet says where its rows start to repeat (`PanelLayout.rowsRepeatBelow`): below every control and the
    /// panel's visible part, inside the layer; apart on its surface, nothing but the sheet itself (its paper and
    /// shadow, the first command) reaches those rows, at every screen the scenes are laid out for and after a
    /// resize.
    @Test func theSheetsRowsRepeatBelowItsControls() throws {
        let sizes: [SIMD2<Double>] = [SIMD2(400, 800), SIMD2(360, 720), SIMD2(720, 360), SIMD2(640, 360),
                                      SIMD2(568, 320), SIMD2(640, 480), SIMD2(800, 600), SIMD2(1280, 800),
                                      SIMD2(1920, 1080)]
        for size in sizes {
            var d = PanelDriver(layout: PanelLayout(width: size.x, height: size.y))
            let laidOut = d.scene
            d.scene.resize(PanelLayout(width: size.y, height: size.x))  // turned: laid out again
            for scene in [laidOut, d.scene] {
                var rest = DrawList()
                let separated = scene.layers.draw(into: &rest, separating: 4)
                let apart = try #require(separated.first { $0.layer == scene.panel })
                let from = try #require(apart.rowsRepeatFrom, "\(size)")
                let sheet = scene.layers.presentation(of: scene.panel).frame
                #expect(from > sheet.y - apart.frame.y && from < apart.frame.height, "\(size): \(from)")
                let below = apart.content.commands.dropFirst().map(\.reach.maxY).max() ?? 0
                #expect(below <= from, "\(size): a control reaches row \(below), the rows repeat from \(from)")
            }
        }
    }

    @Test func dragPastTheEndsRubberBandsAndComesBack() {
        var d = PanelDriver()
        _ = d.down(200, 760)
        var y = 760.0
        // Up 700 px: 408 to the open position, then 292 past it.
        for _ in 0..<70 {
            d.time += 0.008
            y -= 10
            _ = d.move(200, y)
        }
        let past = (y - 760) + Self.closedY - Self.openY    // −292
        let expected = Self.openY + RubberBand.offset(past, dimension: 800)
        #expect(abs(d.scene.y - expected) < 1e-9)
        #expect(d.scene.y > Self.openY + past * 0.55)         // resisted: less than the finger's travel past open
        #expect(d.scene.vy < 0 && d.scene.vy > -1250 * 0.55)  // and slower than the finger (1250 px/s)
        // The layer reaches below the screen edge: no gap under the panel.
        #expect(d.scene.layers.presentation(of: d.scene.panel).frame.maxY > 800)
        let events = d.up(200, y)
        let panelVelocity = vectorField(events, kind: .panEnded, key: .panelVelocity)?.y ?? 0
        #expect(panelVelocity < 0 && panelVelocity > -1250 * 0.55)
        #expect(d.scene.target == .open)
        #expect(abs(d.scene.vy - panelVelocity) < 1e-9)      // the release hands over the panel's own velocity
        d.settle()
        #expect(d.scene.y == Self.openY)

        // Down past the closed position: the same resistance the other way; a slow release closes.
        _ = d.down(200, Self.openY + 40)
        y = Self.openY + 40
        for _ in 0..<60 {
            d.time += 0.008
            y += 10
            _ = d.move(200, y)
        }
        #expect(d.scene.y > Self.closedY && d.scene.y < Self.closedY + (y - (Self.openY + 40) - 408))
        d.time += 0.1
        _ = d.up(200, y)
        #expect(d.scene.target == .closed)
        d.settle()
        #expect(d.scene.y == Self.closedY)
    }

    @Test func aHardFlingNeverShowsAGapUnderThePanel() {
        for backend in [PropertyAnimation.spring(SpringAnimation(parameters: PanelDriver.spring, at: .zero))] {
            var d = PanelDriver()
            d.scene = PanelScene(layout: PanelDriver.layout, backend: backend, backendName: "spring")
            _ = d.fling(speed: -6000, samples: 8)
            var highest = d.scene.y
            while d.scene.needsFrames {
                d.advanceFrame()
                highest = min(highest, d.scene.y)
                #expect(d.scene.layers.presentation(of: d.scene.panel).frame.maxY >= 800)
            }
            #expect(highest < Self.openY - 20)             // it did overshoot
        }
    }

    @Test func upwardFlingOpensWithTheReleaseVelocity() {
        var d = PanelDriver()
        let (events, fingerY) = d.fling(speed: -1500)
        guard let velocity = vectorField(events, kind: .panEnded, key: .velocity) else {
            Issue.record("no pan-ended velocity in \(events)")
            return
        }
        #expect(abs(velocity.y + 1500) < 1e-6)       // uniform finger motion: the estimate is the finger's speed
        #expect(d.scene.target == .open)
        #expect(d.scene.state == .animating)
        // The animation starts where the finger left the panel, at the finger's speed: no jump, no stall.
        #expect(abs(d.scene.vy - velocity.y) < 1e-6)
        // The slop was taken up on the way: the point pressed 60 px below the top edge is under the finger.
        #expect(abs(d.scene.y - (fingerY - 60)) < 1e-9)
    }

    @Test func downwardFlingCloses() {
        var d = PanelDriver()
        _ = d.tap()
        d.settle()
        #expect(d.scene.state == .open)
        let (events, _) = d.fling(speed: 900)
        #expect(vectorField(events, kind: .panEnded, key: .velocity).map { abs($0.y - 900) < 1e-6 } == true)
        #expect(d.scene.target == .closed)
        #expect(abs(d.scene.vy - 900) < 1e-6)
    }

    @Test func aReleaseWithLittleVelocityGoesToTheNearerState() {
        // Seed 002's rule, shared with the transition: faster than 50 px/s the direction decides, else the position.
        for (travel, expected) in [(360.0, PanelScene.Target.open), (150, .closed)] {
            var d = PanelDriver()
            _ = d.down(200, 780)
            for i in 1...20 {
                d.time += 0.008
                _ = d.move(200, 780 - travel / 20 * Double(i))
            }
            let heldY = d.scene.y
            d.time += 0.060                               // still for 60 ms, no events
            let events = d.up(200, 780 - travel)
            #expect(vectorField(events, kind: .panEnded, key: .velocity) == .zero)
            #expect(d.scene.target == expected, "held \(travel) px up")
            #expect(d.scene.vy == 0)
            #expect(abs(d.scene.y - heldY) < 1e-9)
        }
        // A slow drift downward (40 px/s) at 90 % open still opens; a faster one (60 px/s) closes.
        for (speed, expected) in [(40.0, PanelScene.Target.open), (60, .closed)] {
            var d = PanelDriver()
            _ = d.tap()
            d.settle()
            let y0 = Self.openY + 30
            _ = d.down(200, y0)
            var y = y0
            for _ in 0..<12 {                               // past the slop and the take-up
                d.time += 0.008
                y += 2
                _ = d.move(200, y)
            }
            for _ in 0..<20 {
                d.time += 0.01
                y += speed * 0.01
                _ = d.move(200, y)
            }
            _ = d.up(200, y)
            #expect(d.scene.target == expected, "released drifting down at \(speed) px/s")
        }
    }

    @Test func tapTogglesAndTheSettledPanelLandsExactly() {
        var d = PanelDriver()
        #expect(d.tap().map(\.kind) == [.tap])
        #expect(d.scene.target == .open)
        #expect(d.scene.state == .animating)
        #expect(d.settle() < 600)
        #expect(d.scene.state == .open)
        #expect(d.scene.y == Self.openY)
        #expect(d.scene.vy == 0)
        #expect(d.tap().map(\.kind) == [.tap])
        #expect(d.scene.target == .closed)
        #expect(d.settle() < 600)
        #expect(d.scene.state == .closed)
        #expect(d.scene.y == Self.closedY)
        #expect(d.scene.vy == 0)
    }

    /// The panel rising fast toward open after a tap, 8 frames in.
    private static func rising() -> PanelDriver {
        var d = PanelDriver()
        _ = d.tap()
        for _ in 0..<8 { d.advanceFrame() }
        return d
    }

    @Test func aQuickTapOnTheMovingPanelTurnsItWithItsVelocity() {
        // Seed 000: "if you tap the panel while it's animating to the opened state, it should animate back to the
        // closed state from its current position … without abruptly reversing its movement".
        var d = Self.rising()
        let atDown = (d.scene.y, d.scene.vy)
        #expect(atDown.1 < -300)                       // really moving up
        let fingerY = d.scene.y + 60
        var free = d                                   // the same motion, untouched
        #expect(d.down(200, fingerY).isEmpty)         // nothing happens at touch-down
        #expect(d.scene.y == atDown.0 && d.scene.vy == atDown.1 && d.scene.state == .animating)
        for _ in 0..<5 {                               // 83 ms held: the motion goes on as if untouched
            d.advanceFrame()
            free.advanceFrame()
            #expect(d.scene.y == free.scene.y && d.scene.vy == free.scene.vy)
        }
        let atLift = (d.scene.y, d.scene.vy)
        let events = d.up(200, fingerY)
        #expect(events.map(\.kind) == [.tap])
        #expect(d.scene.target == .closed)             // back toward the state it was not heading for
        // Position and velocity the same just before and just after: it turns, it does not stop.
        #expect(vectorField(events, kind: .tap, key: .before) == SIMD2(atLift.0, atLift.1))
        #expect(vectorField(events, kind: .tap, key: .after) == SIMD2(atLift.0, atLift.1))
        #expect(vectorField(events, kind: .tap, key: .atDown) == SIMD2(atDown.0, atDown.1))
        // From there the seed's spring toward closed, from the state at the lift (closed form).
        let spring = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)
        for k in 1...30 {
            d.advanceFrame()
            let expected = spring.state(x0: atLift.0 - Self.closedY, v0: atLift.1, at: Double(k) * PanelDriver.frame)
            #expect(abs(d.scene.y - (Self.closedY + expected.x)) < 1e-3, "frame \(k)")
            #expect(abs(d.scene.vy - expected.v) < 1e-2, "frame \(k)")
        }
        d.settle()
        #expect(d.scene.y == Self.closedY)
    }

    @Test(arguments: BackendKind.allCases)
    func aQuickTapKeepsPositionAndVelocityOnEveryBackend(backend: BackendKind) {
        var d = PanelDriver()
        d.scene = PanelScene(layout: PanelDriver.layout, backend: backend.make(), backendName: backend.rawValue)
        _ = d.tap()
        for _ in 0..<8 { d.advanceFrame() }
        #expect(d.scene.vy < -100, "\(backend): moving up")
        let fingerY = d.scene.y + 60
        _ = d.down(200, fingerY)
        for _ in 0..<4 { d.advanceFrame() }
        let atLift = SIMD2(d.scene.y, d.scene.vy)
        let events = d.up(200, fingerY)
        #expect(d.scene.target == .closed)
        let after = vectorField(events, kind: .tap, key: .after) ?? .zero
        #expect(abs(after.x - atLift.x) < 1e-9 && abs(after.y - atLift.y) < 1e-6, "\(backend): \(atLift) → \(after)")
        // The next frame moves on from there: no jump (at most the frame's own travel at the speeds involved).
        d.advanceFrame()
        #expect(abs(d.scene.y - atLift.x) <= (abs(atLift.y) + abs(d.scene.vy)) * PanelDriver.frame + 1, "\(backend)")
        d.settle()
        #expect(d.scene.y == Self.closedY, "\(backend)")
    }

    @Test func aStillPressHeldForTheHoldTimeCatchesTheMovingPanel() {
        var d = Self.rising()
        let fingerY = d.scene.y + 60
        _ = d.down(200, fingerY)
        var caught: (frame: Int, y: Double)?
        var last = d.scene.y
        for k in 1...20 {
            let events = d.advanceFrame()
            if caught == nil, events.map(\.kind) == [.catch] {
                caught = (k, d.scene.y)
                // Caught where it was drawn: the frame's own motion, then no more.
                #expect(vectorField(events, kind: .catch, key: .position)?.y == d.scene.y + PanelDriver.layout.layerSize.y / 2)
            } else if caught == nil {
                #expect(d.scene.y != last, "frame \(k): still moving before the hold time")
            } else {
                #expect(d.scene.y == caught?.y && d.scene.vy == 0, "frame \(k): held")
            }
            last = d.scene.y
        }
        // 0.13 s at 60 Hz: the 8th frame after the press.
        #expect(caught?.frame == Int((PanelScene.holdTime / PanelDriver.frame).rounded(.up)))
        #expect(d.scene.state == .dragging)
        // Lifted long after (not a tap): it goes to the nearer state, from rest.
        d.time += 0.4
        _ = d.up(200, fingerY)
        #expect(d.scene.vy == 0 && d.scene.state == .animating)
        d.settle()
        #expect(d.scene.state == .open || d.scene.state == .closed)
    }

    @Test func aPanThatStartsOnTheMovingPanelCatchesItWhereItIsThenFollowsOneToOne() {
        var d = Self.rising()
        let fingerY = d.scene.y + 60
        _ = d.down(200, fingerY)
        d.advanceFrame()
        d.advanceFrame()                               // still moving: nothing caught it
        #expect(d.scene.state == .animating)
        let drawn = d.scene.y
        let began = d.move(200, fingerY + 10)          // past the slop: caught where it is drawn now
        #expect(began.map(\.kind) == [.catch, .panBegan])
        #expect(abs(d.scene.y - drawn) < 1e-9 && d.scene.state == .dragging)
        for _ in 0..<5 { d.advanceFrame() }
        #expect(abs(d.scene.y - drawn) < 1e-9)
        _ = d.move(200, fingerY + 35)                   // 1:1 from the catch (through the band past open)
        let layout = PanelDriver.layout
        #expect(abs(d.scene.y - layout.banded(layout.unbanded(drawn) + 25)) < 1e-9)
    }

    @Test func aPanCatchesTheOvershootingPanelWithoutAJump() {
        // Caught while the spring carries it past open (in the rubber band's range), then dragged: it continues
        // from where it is drawn, through the band.
        var d = PanelDriver()
        _ = d.fling(speed: -4000, samples: 8)
        var frames = 0
        while d.scene.y > Self.openY - 10 && frames < 120 {
            d.advanceFrame()
            frames += 1
        }
        let drawn = d.scene.y
        #expect(drawn < Self.openY - 10)
        _ = d.down(200, drawn + 60)
        #expect(d.scene.y == drawn)
        _ = d.move(200, drawn + 70)
        #expect(abs(d.scene.y - drawn) < 1e-9)
        _ = d.move(200, drawn + 90)
        #expect(d.scene.y > drawn && d.scene.y <= Self.openY + 30)
    }

    @Test func cancelMidDragReturnsToThePreGrabTargetFromRest() {
        var d = PanelDriver()
        _ = d.tap()                                      // heading open
        for _ in 0..<8 { d.advanceFrame() }
        let fingerY = d.scene.y + 60
        _ = d.down(200, fingerY)
        var y = fingerY
        for _ in 0..<10 {                                // a fast downward drag that would fling it closed
            d.time += 0.008
            y += 12
            _ = d.move(200, y)
        }
        #expect(d.scene.state == .dragging)
        let dragY = d.scene.y
        let events = d.cancel(200, y)
        #expect(events.map(\.kind) == [.touchCancel])
        #expect(d.scene.target == .open)
        #expect(d.scene.vy == 0)                         // from rest: no fling
        #expect(abs(d.scene.y - dragY) < 1e-9)           // and no jump
        // The late lift of the cancelled finger is neither a fling nor a tap.
        #expect(d.up(200, y).isEmpty)
        d.settle()
        #expect(d.scene.state == .open)
        #expect(d.scene.y == Self.openY)
    }

    @Test func releaseMotionMatchesTheClosedFormSpring() {
        var d = PanelDriver()
        let (events, _) = d.fling(speed: -1800, samples: 15)
        guard let velocity = vectorField(events, kind: .panEnded, key: .velocity) else {
            Issue.record("no pan-ended velocity in \(events)")
            return
        }
        #expect(d.scene.target == .open)
        let reference = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)
        let x0 = d.scene.y - Self.openY
        let v0 = velocity.y
        var frames = 0
        var worst = 0.0
        var highest = d.scene.y
        while d.scene.needsFrames && frames < 600 {
            d.advanceFrame()
            frames += 1
            highest = min(highest, d.scene.y)
            let exact = reference.state(x0: x0, v0: v0, at: Double(frames) * PanelDriver.frame)
            if d.scene.state == .animating {
                worst = max(worst, abs(d.scene.y - (Self.openY + exact.x)))
                #expect(abs(d.scene.vy - exact.v) < 1e-2)
            } else {
                // Settled: the final snap to the open position is too small to see.
                #expect(abs(exact.x) < 0.75)
            }
        }
        #expect(worst < 1e-3, "worst deviation from the closed form \(worst) px")
        #expect(frames > 20 && frames < 600)
        #expect(d.scene.y == Self.openY)                 // lands exactly on the layout's open y
        // Underdamped: it visibly overshoots past the open position before settling.
        #expect(highest < Self.openY - 5)
    }
}
