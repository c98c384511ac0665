import Foundation  // exp, sin, cos for the independent closed form
import MomentumTestSupport
import Testing
import MomentumCore
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

    init() {
        scene = PanelScene(layout: Self.layout, backend: .spring(SpringAnimation(parameters: Self.spring, at: .zero)),
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
func vectorField(_ events: [SceneEvent], kind: GestureKind, key: String) -> SIMD2<Double>? {
    guard let event = events.first(where: { $0.kind == kind }),
          let field = event.fields.first(where: { $0.key == key }),
          case .array(let values) = field.value, values.count == 2,
          case .number(let x) = values[0], case .number(let y) = values[1] else { return nil }
    return SIMD2(x, y)
}

/// The Control Center panel (seed 000): what the user sees it do under the finger.
struct PanelSceneTests {
    static let openY = 320.0
    static let closedY = 728.0

    @Test func layoutPositions() {
        #expect(PanelDriver.layout.y(for: .open) == Self.openY)
        #expect(PanelDriver.layout.y(for: .closed) == Self.closedY)
        let d = PanelDriver()
        #expect(d.scene.y == Self.closedY)
        #expect(d.scene.state == .closed)
        #expect(!d.scene.needsFrames)
    }

    @Test func dragFollowsTheFingerExactlyWithNoJumpAtTheGrab() {
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
        for fingerY in [740.0, 700, 612.5, 401, 455, 690] {
            d.time += 0.01
            _ = d.move(213, fingerY)
            #expect(abs((d.scene.y - Self.closedY) - (fingerY - 748)) < 1e-9)
            d.advanceFrame()                          // frames do not move a held panel
            #expect(abs((d.scene.y - Self.closedY) - (fingerY - 748)) < 1e-9)
        }
    }

    @Test func upwardFlingOpensWithTheReleaseVelocity() {
        var d = PanelDriver()
        let (events, fingerY) = d.fling(speed: -1500)
        guard let velocity = vectorField(events, kind: .panEnded, key: "velocity") else {
            Issue.record("no pan-ended velocity in \(events)")
            return
        }
        #expect(abs(velocity.y + 1500) < 1e-6)       // uniform finger motion: the estimate is the finger's speed
        #expect(d.scene.target == .open)
        #expect(d.scene.state == .animating)
        // The animation starts where the finger left the panel, at the finger's speed: no jump, no stall.
        #expect(d.scene.vy == velocity.y)
        let releaseY = Self.closedY + (fingerY - (Self.closedY + 60 - 1500 * 0.008))
        #expect(abs(d.scene.y - releaseY) < 1e-9)
    }

    @Test func downwardFlingCloses() {
        var d = PanelDriver()
        _ = d.tap()
        d.settle()
        #expect(d.scene.state == .open)
        let (events, _) = d.fling(speed: 900)
        #expect(vectorField(events, kind: .panEnded, key: "velocity").map { abs($0.y - 900) < 1e-6 } == true)
        #expect(d.scene.target == .closed)
        #expect(abs(d.scene.vy - 900) < 1e-6)
    }

    @Test func liftAfterHoldingStillClosesFromRest() {
        // The seed's rule is vy ≥ 0 → closed: a panel dragged most of the way up and then held still goes back.
        var d = PanelDriver()
        _ = d.down(200, 780)
        for i in 1...20 {
            d.time += 0.008
            _ = d.move(200, 780 - 18 * Double(i))
        }
        let heldY = d.scene.y
        d.time += 0.060                               // still for 60 ms, no events
        let events = d.up(200, 780 - 18 * 20)
        #expect(vectorField(events, kind: .panEnded, key: "velocity") == .zero)
        #expect(d.scene.target == .closed)
        #expect(d.scene.vy == 0)
        #expect(abs(d.scene.y - heldY) < 1e-9)
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

    @Test func tapDuringTheAnimationReversesWithNoVelocityJump() {
        var d = PanelDriver()
        _ = d.tap()
        for _ in 0..<8 { d.advanceFrame() }           // rising fast toward open
        let fingerY = d.scene.y + 60
        _ = d.down(200, fingerY)
        for _ in 0..<4 { d.advanceFrame() }           // the panel keeps moving under the pressed finger
        let before = (d.scene.y, d.scene.vy)
        #expect(before.1 < -300)                       // really moving up
        let events = d.up(200, fingerY)
        #expect(events.map(\.kind) == [.tap])
        #expect(d.scene.target == .closed)
        #expect(abs(d.scene.y - before.0) < 1e-9)
        #expect(abs(d.scene.vy - before.1) < 1e-9)
        #expect(vectorField(events, kind: .tap, key: "before") == vectorField(events, kind: .tap, key: "after"))
        // The next frame continues from exactly that position and velocity toward closed (closed form), then it
        // lands closed.
        d.advanceFrame()
        let next = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)
            .state(x0: before.0 - Self.closedY, v0: before.1, at: PanelDriver.frame)
        #expect(abs(d.scene.y - (Self.closedY + next.x)) < 1e-3)
        d.settle()
        #expect(d.scene.y == Self.closedY)
    }

    @Test func panGrabDuringTheAnimationHoldsThePanelWhereItIsDrawn() {
        var d = PanelDriver()
        _ = d.tap()
        for _ in 0..<10 { d.advanceFrame() }
        let fingerY = d.scene.y + 60
        _ = d.down(200, fingerY)
        d.advanceFrame()
        d.advanceFrame()
        let presented = d.scene.y
        #expect(d.scene.state == .animating)
        let began = d.move(200, fingerY + 10)
        #expect(began.map(\.kind) == [.panBegan])
        #expect(d.scene.y == presented)                 // held exactly where it was on screen
        #expect(d.scene.state == .dragging)
        for _ in 0..<5 { d.advanceFrame() }
        #expect(d.scene.y == presented)
        _ = d.move(200, fingerY + 35)
        #expect(abs(d.scene.y - (presented + 25)) < 1e-9)
    }

    @Test func pressAndHoldCatchesTheMovingPanelWhereItIs() {
        var free = PanelDriver()
        var held = PanelDriver()
        _ = free.tap()
        _ = held.tap()
        for _ in 0..<3 {
            free.advanceFrame()
            held.advanceFrame()
        }
        _ = held.down(200, held.scene.y + 60)
        var caughtAt: Int?
        for frame in 1...40 {
            free.advanceFrame()
            let events = held.advanceFrame()
            if events.map(\.kind) == [.catch] {
                caughtAt = frame
                break
            }
            #expect(events.isEmpty)
            #expect(held.scene.y == free.scene.y)      // a press alone does not stop it
        }
        guard let frame = caughtAt else {
            Issue.record("never caught")
            return
        }
        // Caught after holding for longer than a tap (0.3 s = 18 frames), within a frame of that.
        #expect(frame >= 18 && frame <= 19)
        #expect(free.scene.state == .animating)         // it really was still moving
        #expect(held.scene.y == free.scene.y)           // caught exactly where it was drawn
        #expect(held.scene.state == .dragging)
        let caughtY = held.scene.y
        for _ in 0..<30 {
            free.advanceFrame()
            held.advanceFrame()
        }
        #expect(held.scene.y == caughtY)                // it stays there while held
        #expect(free.scene.y != caughtY)
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
        guard let velocity = vectorField(events, kind: .panEnded, key: "velocity") else {
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
