import Foundation  // exp, sin, cos, sqrt for the closed-form spring
import MomentumTestSupport
import Testing
import MomentumCore
import MomentumLayers
@testable import MomentumScenes

/// Drives the playground with synthetic touch frames; input time and frame time move on together.
struct PlaygroundDriver {
    var scene: PlaygroundScene
    /// Input clock (s).
    var time = 100.0

    /// A 1600×800 container: the card starts at rest at (800, 400).
    init(backend: PropertyAnimation? = nil, name: String = "spring") {
        scene = PlaygroundScene(size: SIMD2(1600, 800), backend: backend, backendName: name)
    }

    mutating func send(_ changes: [(Int32, TouchPhase, SIMD2<Double>)]) -> [SceneEvent] {
        scene.handle(TouchFrame(changes: changes.map { TouchChange(id: $0.0, phase: $0.1, position: $0.2, time: time) }))
    }
    mutating func down(_ p: SIMD2<Double>, id: Int32 = 0) -> [SceneEvent] { send([(id, .down, p)]) }
    mutating func move(_ p: SIMD2<Double>, id: Int32 = 0) -> [SceneEvent] { send([(id, .motion, p)]) }
    mutating func up(_ p: SIMD2<Double>, id: Int32 = 0) -> [SceneEvent] { send([(id, .up, p)]) }

    /// Time passes: `dt` of input time and one frame of the same length; what the frame decided.
    @discardableResult mutating func wait(_ dt: Double) -> [SceneEvent] {
        time += dt
        return scene.advance(by: dt)
    }

    /// 60 Hz frames until nothing moves; returns how many (at most 1200).
    @discardableResult mutating func settle() -> Int {
        var frames = 0
        while scene.needsFrames && frames < 1200 {
            wait(1.0 / 60)
            frames += 1
        }
        return frames
    }

    /// A one-finger drag from `start` at constant `velocity` (px/s), 8 ms samples, lifted at the last one.
    /// A finger takes what is at `start` to `end` over `frames` frames at 60 Hz, holds it still 0.3 s and lifts.
    mutating func carry(from start: SIMD2<Double>, to end: SIMD2<Double>, frames: Int) {
        _ = down(start)
        for k in 1...frames {
            wait(1.0 / 60)
            _ = move(start + (end - start) * Double(k) / Double(frames))
        }
        wait(0.3)
        _ = up(end)
    }

    mutating func flick(from start: SIMD2<Double>, velocity: SIMD2<Double>, samples: Int = 12) -> [SceneEvent] {
        _ = down(start)
        var p = start
        for _ in 0..<samples {
            wait(0.008)
            p += velocity * 0.008
            _ = move(p)
        }
        return up(p)
    }
}

/// Reads a number field of the first event of `kind`.
func playgroundNumber(_ events: [SceneEvent], _ kind: GestureKind, _ key: EventField) -> Double? {
    events.first { $0.kind == kind }?.number(key)
}

/// Reads a two-number vector field of the first event of `kind`.
func playgroundVector(_ events: [SceneEvent], _ kind: GestureKind, _ key: EventField) -> SIMD2<Double>? {
    events.first { $0.kind == kind }?.vector(key)
}

private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

/// Seed 004's playground: flick, pinch/rotate, retarget and catch, with velocity handed over at every seam.
struct PlaygroundSceneTests {
    /// The card's springs (response 0.5 s, damping ratio 0.8) in closed form: displacement after `t` from (x0, v0).
    private func springDisplacement(x0: SIMD2<Double>, v0: SIMD2<Double>, t: Double) -> SIMD2<Double> {
        ClosedFormOscillator(response: 0.5, dampingRatio: 0.8).state(x0: x0, v0: v0, at: t).x
    }

    @Test func aResizeKeepsTheCardWhereItIsRelativeToTheContainer() {
        // Made at the default 800x600 and configured as a phone: the resting card is in the middle of the phone.
        var scene = PlaygroundScene(size: SIMD2(800, 600))
        scene.resize(to: SIMD2(360, 720))
        #expect(scene.position == SIMD2(180, 360) && !scene.needsFrames)
        // At 1920x1080 its home is the middle of the field below the hint (`PlaygroundDecorTests`), lower than the
        // window's: a card resting at home stays at home.
        scene.resize(to: SIMD2(1920, 1080))
        #expect(scene.position == scene.home && scene.home.x == 960 && scene.home.y > 560, "\(scene.home)")
        scene.resize(to: SIMD2(360, 720))
        #expect(scene.position == SIMD2(180, 360) && !scene.needsFrames)
        // Moving, the motion is retargeted to the same relative place: no jump in position or velocity. Flicked
        // up-right, over the puck (low on the right): flicked down-right, the card struck it after the resize and
        // rested 485 px from the goal.
        var d = PlaygroundDriver()
        _ = d.flick(from: SIMD2(800, 400), velocity: SIMD2(900, -300))
        d.wait(1.0 / 60)
        let (p, v) = (d.scene.position, d.scene.velocity)
        let target = d.scene.target
        // From 1600x800 (home in the middle) to 800x400 (a slim dock under the field: home in the window's middle): where it was going
        // relative to its home, the offset halved.
        let oldHome = d.scene.home
        #expect(oldHome == SIMD2(800, 400))
        d.scene.resize(to: SIMD2(800, 400))
        let goal = d.scene.clamped(d.scene.home + (target - oldHome) / 2)
        #expect(d.scene.position == p && d.scene.velocity == v)
        #expect(length(d.scene.target - goal) < 1e-9)
        d.settle()
        #expect(length(d.scene.position - goal) < 1e-9)
    }

    @Test func flickHandsTheReleaseVelocityToTheSpring() {
        var d = PlaygroundDriver()
        let finger = SIMD2(1200.0, -500.0)
        let events = d.flick(from: SIMD2(800, 400), velocity: finger)
        // The finger moved at a constant velocity: LSQ2 reports exactly that, and the spring starts with it.
        guard let released = playgroundVector(events, .panEnded, .velocity),
              let target = playgroundVector(events, .panEnded, .target) else {
            Issue.record("no pan-ended in \(events)")
            return
        }
        #expect(length(released - finger) < 1e-6)
        #expect(d.scene.velocity == released)
        #expect(d.scene.state == .animating && d.scene.target == target)
        // Where the flick would coast (0.499 s of velocity), kept inside the container.
        let from = SIMD2(800.0, 400.0) + finger * 0.096
        #expect(length(from - d.scene.position) < 1e-9)
        let coast = from + finger * (0.998 / 0.002 / 1000)
        // Across, where the flick coasts; up, below the chrome band (the card's half, 80, under it) by as much as the
        // spring overshoots its goal on the way: the closed-form path from the release to the target keeps the
        // whole card below the band at every moment, and the goal is moved in no further than that needs (whole px).
        // Across, the right edge (1600 − 80) is past where it coasts (1514) but not past where the spring carries
        // it: moved in there too.
        #expect(coast.y < SceneChrome.bandHeight(for: d.scene.size) + 80 && coast.x < 1520 && target.x < coast.x)
        let path = stride(from: 0.0, through: 3, by: 1.0 / 480).map { t in
            target + springDisplacement(x0: from - target, v0: released, t: t)
        }
        let highest = path.map(\.y).min() ?? 0, rightmost = path.map(\.x).max() ?? .infinity
        #expect(highest >= SceneChrome.bandHeight(for: d.scene.size) + 80 - 0.05, "the card's top reaches \(highest - 80)")
        #expect(rightmost <= 1520 + 0.05, "the card's right side reaches \(rightmost + 80)")
        #expect(highest < SceneChrome.bandHeight(for: d.scene.size) + 80 + 1.5 && rightmost > 1520 - 1.5, "goal \(target)")
        // One frame later the card is where the closed-form spring with that initial velocity puts it.
        d.wait(1.0 / 60)
        let expected = target + springDisplacement(x0: from - target, v0: released, t: 1.0 / 60)
        #expect(length(d.scene.position - expected) < 1e-6)
        d.settle()
        #expect(!d.scene.needsFrames && d.scene.state == .idle && d.scene.position == target)
    }

    /// Sent round its four points (`--autoplay`, flung toward each) on every backend in a phone's window, portrait
    /// and landscape, and a desktop's: the whole card stays in the window at every frame, not only where it comes to
    /// rest (the spring overshot its goal at the edge and put the card's side 13 px off a 360x720 screen; at
    /// 720x360, struck by the tile near the left edge, 1.2 px).
    @Test(arguments: ["spring", "dynamics", "tween", "pop"])
    func theAutoplayedCardStaysOnScreenAtEveryFrame(backend: String) throws {
        for size in [SIMD2(360.0, 720), SIMD2(720.0, 360), SIMD2(800.0, 600), SIMD2(1920.0, 1080)] {
            // The playground's own spring when "spring" (as the app makes it), the seeds' backend otherwise.
            let motion = backend == "spring" ? nil : BackendKind(rawValue: backend)?.make()
            var scene = PlaygroundScene(size: size, backend: motion, backendName: backend)
            var worst = 0.0
            for _ in 0..<8 {
                _ = scene.autoplay()
                for _ in 0..<600 where scene.needsFrames {
                    _ = scene.advance(by: 1.0 / 60)
                    let half = scene.side * scene.scale / 2
                    let low = scene.position - half, high = scene.position + half
                    worst = max(worst, -low.x, -low.y, high.x - size.x, high.y - size.y)
                }
            }
            #expect(worst <= 0.5, "\(backend) at \(size): the card \(worst) px off-screen")
        }
    }

    @Test func relativeVelocityIsTheSeedsNormalisation() {
        // Seed 004: 50 pt/s toward a point 100 pt away is 0.5 units/s; the perpendicular part does not count.
        #expect(PlaygroundScene.relativeSpringVelocity(velocity: SIMD2(50, 30), from: SIMD2(0, 0), to: SIMD2(100, 0)) == 0.5)
        #expect(PlaygroundScene.relativeSpringVelocity(velocity: SIMD2(50, 0), from: SIMD2(5, 5), to: SIMD2(5, 5)) == 0)
    }

    @Test(arguments: ["spring", "tween"])
    func aStillPressOnTheMovingCardChangesNothingAtTouchDownThenCatchesItWhereItIsSeen(backend: String) {
        var d = backend == "tween"
            ? PlaygroundDriver(backend: .tween(TweenBackend(duration: 0.6, at: .zero)), name: "tween")
            : PlaygroundDriver()
        _ = d.flick(from: SIMD2(800, 400), velocity: SIMD2(2500, 0))
        for _ in 0..<6 { d.wait(1.0 / 60) }
        let seen = d.scene.position, velocity = d.scene.velocity
        let target = d.scene.target
        #expect(length(velocity) > 300)
        // Touch the card where it is drawn; at its model position (the target) this point would miss.
        let touch = seen + SIMD2(-60, 30)
        #expect(abs(touch.x - target.x) > d.scene.side / 2)
        let events = d.down(touch)
        // The touch rule: at touch-down the motion is what it was.
        #expect(!events.contains { $0.kind == .catch })
        #expect(d.scene.position == seen && d.scene.velocity == velocity && d.scene.needsFrames)
        // Held still: caught at the hold time, where it is drawn then, with its state at touch-down said.
        var caught: (SIMD2<Double>, SceneEvent)?
        var frames = 0
        while caught == nil && frames < 30 {
            let drawn = d.scene.position
            frames += 1
            if let e = d.wait(1.0 / 60).first(where: { $0.kind == .catch }) { caught = (drawn, e) }
        }
        guard let (drawnBefore, event) = caught else {
            Issue.record("no catch while held still")
            return
        }
        let heldFor = Double(frames) / 60
        #expect(heldFor >= TouchRule.holdTime && heldFor < TouchRule.holdTime + 1.0 / 60 + 1e-9)
        let at = d.scene.position
        // Caught where the frame's own step left it (no jump back to where it was pressed), and held there.
        #expect(length(at - drawnBefore) > 1 && event.value(.atDown) != nil)
        #expect(d.scene.velocity == .zero && d.scene.state == .dragging && !d.scene.needsFrames)
        for _ in 0..<30 { d.wait(1.0 / 60) }
        #expect(d.scene.position == at)
        _ = d.up(touch)
        #expect(d.scene.position == at && d.scene.velocity == .zero && !d.scene.needsFrames && d.scene.state == .idle)
    }

    @Test func aQuickTapOnTheMovingCardLeavesItsMotionAsItWas() {
        var d = PlaygroundDriver()
        _ = d.flick(from: SIMD2(800, 400), velocity: SIMD2(2500, 0))
        for _ in 0..<6 { d.wait(1.0 / 60) }
        var twin = d
        let touch = d.scene.position
        _ = d.down(touch)
        for _ in 0..<4 { d.wait(1.0 / 60); twin.wait(1.0 / 60) }
        let events = d.up(touch)
        #expect(events.contains { $0.kind == .tap } && !events.contains { $0.kind == .catch })
        // The same motion as the card nobody touched, frame after frame.
        for _ in 0..<60 {
            d.wait(1.0 / 60)
            twin.wait(1.0 / 60)
            #expect(d.scene.position == twin.scene.position && d.scene.velocity == twin.scene.velocity)
        }
    }

    @Test func caughtCardTakesTheFingersVelocity() {
        var d = PlaygroundDriver()
        _ = d.flick(from: SIMD2(800, 400), velocity: SIMD2(0, 1500))
        for _ in 0..<4 { d.wait(1.0 / 60) }
        _ = d.down(d.scene.position)
        // The finger drags it up at 400 px/s: past the slop the card is caught where it is drawn, then follows 1:1
        // and its velocity is the finger's.
        var p = d.scene.position
        var grab: (card: SIMD2<Double>, finger: SIMD2<Double>)?
        for _ in 0..<10 {
            d.wait(0.008)
            let drawn = d.scene.position
            p.y -= 3.2
            let events = d.move(p)
            if events.contains(where: { $0.kind == .catch }) {
                #expect(d.scene.position == drawn, "caught where it was drawn, no jump")
                grab = (drawn, p)
            }
            if let grab { #expect(length(d.scene.position - (grab.card + p - grab.finger)) < 1e-9) }
        }
        #expect(grab != nil)
        #expect(length(d.scene.velocity - SIMD2(0, -400)) < 1e-6)
    }

    @Test(arguments: ["spring", "tween"])
    func tapElsewhereRetargetsWithoutAJump(backend: String) {
        var d = backend == "tween"
            ? PlaygroundDriver(backend: .tween(TweenBackend(duration: 0.6, at: .zero)), name: "tween")
            : PlaygroundDriver()
        _ = d.flick(from: SIMD2(800, 400), velocity: SIMD2(1800, 600))
        for _ in 0..<5 { d.wait(1.0 / 60) }
        let before = (d.scene.position, d.scene.velocity)
        #expect(length(before.1) > 300)
        let tapPoint = SIMD2(300.0, 200.0)
        _ = d.down(tapPoint)
        d.time += 0.05                                            // no frame between down and up
        let events = d.up(tapPoint)
        #expect(events.map(\.kind) == [.tap, .retarget])
        // At the instant of the retarget, nothing jumps.
        #expect(length(d.scene.position - before.0) < 1e-9)
        #expect(length(d.scene.velocity - before.1) < 1e-6)
        #expect(d.scene.target == tapPoint)
        // The spring carries on from the presented state toward the new target: one frame later the card is
        // where the closed-form spring started from (position, velocity) at the tap puts it.
        if backend == "spring" {
            d.wait(1.0 / 60)
            let expected = tapPoint + springDisplacement(x0: before.0 - tapPoint, v0: before.1, t: 1.0 / 60)
            #expect(length(d.scene.position - expected) < 1e-6)
        }
        d.settle()
        #expect(length(d.scene.position - tapPoint) < 1)
        #expect(!d.scene.needsFrames)
    }

    @Test func tapOnTheCardLeavesItWhereItIs() {
        var d = PlaygroundDriver()
        _ = d.down(SIMD2(810, 390))
        let events = d.up(SIMD2(810, 390))
        #expect(events.map(\.kind) == [.tap])
        #expect(d.scene.position == SIMD2(800, 400) && !d.scene.needsFrames)
    }

    /// Two fingers spread and turn at constant rates on the card; the first one lifts.
    private func pinch(_ d: inout PlaygroundDriver, spanRate: Double, omega: Double)
        -> (events: [SceneEvent], remaining: SIMD2<Double>) {
        let centre = SIMD2(800.0, 400.0), span0 = 100.0
        func ends(_ t: Double) -> (SIMD2<Double>, SIMD2<Double>) {
            let half = (span0 + spanRate * t) / 2
            let u = SIMD2(cos(omega * t), sin(omega * t)) * half
            return (centre - u, centre + u)
        }
        let (a0, b0) = ends(0)
        _ = d.send([(0, .down, a0), (1, .down, b0)])
        for i in 1...12 {
            d.wait(0.008)
            let (a, b) = ends(0.008 * Double(i))
            _ = d.send([(0, .motion, a), (1, .motion, b)])
        }
        let (a, b) = ends(0.096)
        return (d.up(a, id: 0), b)
    }

    @Test func pinchAndRotationReleaseHandTheirVelocitiesToTheSprings() {
        var d = PlaygroundDriver()
        let spanRate = 500.0, omega = 5.0
        let (events, remaining) = pinch(&d, spanRate: spanRate, omega: omega)
        guard let scale = playgroundNumber(events, .pinchEnded, .scale),
              let scaleVelocity = playgroundNumber(events, .pinchEnded, .scaleVelocity),
              let angle = playgroundNumber(events, .rotationEnded, .angle),
              let angular = playgroundNumber(events, .rotationEnded, .angularVelocity) else {
            Issue.record("no pinch-ended/rotation-ended in \(events)")
            return
        }
        // Geometry: span 100 → 148 px; direction turned by ω·t.
        #expect(abs(scale - 1.48) < 1e-9)
        #expect(abs(angle - omega * 0.096) < 1e-9)
        #expect(abs(scaleVelocity - spanRate / 100) < 0.05 * spanRate / 100)
        #expect(abs(angular - omega) < 0.05 * omega)
        // Handed over: the springs start from the fingers' values (to rounding: springs store the displacement
        // from their target) and exactly their velocities.
        #expect(abs(d.scene.scale - scale) < 1e-12 && d.scene.scaleVelocity == scaleVelocity)
        #expect(abs(d.scene.angle - angle) < 1e-12 && d.scene.angularVelocity == angular)
        let detent = PlaygroundScene.rotationDetent(for: angle, velocity: angular)
        #expect(detent == Double.pi / 2)                         // 0.48 + 0.5 rad heads past 45°
        #expect(d.scene.scaleTarget == 1 && d.scene.angleTarget == detent)
        // The remaining finger still holds the card; lifting it without a fling leaves it in place.
        #expect(d.scene.state == .dragging && d.scene.isHeld)
        _ = d.up(remaining, id: 1)
        #expect(!d.scene.isHeld && d.scene.state == .animating)
        // One frame later the scale is where the closed-form spring puts it.
        d.wait(1.0 / 60)
        let expected = 1 + springDisplacement(x0: SIMD2(scale - 1, 0), v0: SIMD2(scaleVelocity, 0), t: 1.0 / 60).x
        #expect(abs(d.scene.scale - expected) < 1e-6)
        d.settle()
        #expect(!d.scene.needsFrames && d.scene.state == .idle)
        #expect(d.scene.scale == 1 && d.scene.angle == detent)
    }

    @Test func aSecondPinchCatchesScaleAndAngleWhereTheyAre() {
        var d = PlaygroundDriver()
        let (_, remaining) = pinch(&d, spanRate: 800, omega: -2)
        _ = d.up(remaining, id: 1)
        #expect(d.scene.position == SIMD2(800, 400))             // a symmetric pinch never moved the card
        for _ in 0..<5 { d.wait(1.0 / 60) }
        let (scale, angle) = (d.scene.scale, d.scene.angle)
        #expect(d.scene.scaleVelocity != 0 && d.scene.angularVelocity != 0)
        let events = d.send([(3, .down, SIMD2(760, 400)), (4, .down, SIMD2(840, 400))])
        #expect(events.map(\.kind) == [.catch, .pinchBegan])
        #expect(d.scene.scale == scale && d.scene.angle == angle)
        #expect(d.scene.scaleVelocity == 0 && d.scene.state == .pinching)
        // The new pinch multiplies what was caught: the span × 1.5 makes the scale 1.5 times (within the field's height).
        d.wait(0.016)
        _ = d.send([(3, .motion, SIMD2(740, 400)), (4, .motion, SIMD2(860, 400))])
        #expect(abs(d.scene.scale - 1.5 * scale) < 1e-12)
    }

    @Test func cancelMidPinchHasNoFlingAndSpringsBackFromRest() {
        var d = PlaygroundDriver()
        _ = d.send([(0, .down, SIMD2(750, 400)), (1, .down, SIMD2(850, 400))])
        for i in 1...6 {
            d.wait(0.008)
            let s = Double(i) * 10
            _ = d.send([(0, .motion, SIMD2(750 - s + 2 * s, 400)), (1, .motion, SIMD2(850 + s + 2 * s, 400))])
        }
        let here = d.scene.position
        #expect(here.x > 800 && d.scene.scale > 1)
        let events = d.scene.handle(TouchFrame(changes: [], isCancel: true))
        #expect(events.map(\.kind) == [.touchCancel])
        #expect(d.scene.position == here && d.scene.velocity == .zero && d.scene.target == here)
        #expect(d.scene.scaleVelocity == 0 && d.scene.scaleTarget == 1)
        d.settle()
        #expect(d.scene.position == here && d.scene.scale == 1 && d.scene.angle == 0)
    }

    @Test func traceRecordsWhoDrivesWhat() {
        var d = PlaygroundDriver()
        func record() -> PlaygroundScene.Record? { d.scene.record.playground }
        #expect(record()?.state == .idle && record()?.driver == "none")
        _ = d.down(SIMD2(800, 400))
        #expect(record()?.state == .dragging && record()?.driver == "finger")
        _ = d.down(SIMD2(900, 400), id: 1)
        #expect(record()?.state == .pinching && record()?.scaleDriver == "fingers")
        d.wait(0.01)
        _ = d.move(SIMD2(950, 400), id: 1)
        _ = d.up(SIMD2(950, 400), id: 1)
        #expect(record()?.scaleDriver == "spring" && record()?.driver == "finger")
        #expect(record()?.position == d.scene.position && record()?.scale == d.scene.scale)
    }
}

/// What the playground draws follows what it presents.
struct PlaygroundDrawingTests {
    @Test func theCardIsDrawnWhereItIsPresentedScaledAndTurned() {
        var d = PlaygroundDriver()
        _ = d.send([(0, .down, SIMD2(760, 400)), (1, .down, SIMD2(840, 400))])
        d.wait(0.016)
        _ = d.send([(0, .motion, SIMD2(740, 380)), (1, .motion, SIMD2(900, 460))])   // span ×2.12, turned, moved
        var list = DrawList()
        d.scene.draw(into: &list)
        // The card is the first 160 px shape drawn (the field, its walls and the hint come before it, under it).
        let shapes = list.commands.compactMap { command -> RoundedRect? in
            if case .roundedRect(let r) = command, r.rect.size == SIMD2(160, 160) { return r }
            return nil
        }
        guard let card = shapes.first else {
            Issue.record("expected the card first, got \(list.commands)")
            return
        }
        #expect(card.rect.center == d.scene.position && card.rect.size == SIMD2(160, 160))
        #expect(card.scale == d.scene.scale && card.rotation == d.scene.angle)
        #expect(abs(card.scale - (160 * 160 + 80 * 80).squareRoot() / 80) < 1e-12)
        #expect(abs(card.rotation - atan2(80.0, 160.0)) < 1e-12)
        // Hit-testing uses that shape: 110 px out along the card's own x axis is beyond the unscaled card (80)
        // but inside the scaled one (≈ 170).
        let axis = SIMD2(cos(card.rotation), sin(card.rotation))
        #expect(card.contains(d.scene.position + 110 * axis))
        #expect(!card.contains(d.scene.position + 180 * axis))
    }
}

/// A touchpad's pinch on the playground's card (`zwp_pointer_gestures_v1`).
struct PlaygroundTouchpadPinchTests {
    private func pinch(_ d: inout PlaygroundDriver, _ phase: PinchInput.Phase, _ scale: Double, _ rotation: Double)
        -> [SceneEvent] {
        d.scene.pinch(PinchInput(phase: phase, scale: scale, rotation: rotation, time: d.time))
    }

    @Test func theCardFollowsThePinchOneToOneThenSpringsBackWithItsVelocity() {
        var d = PlaygroundDriver()
        #expect(pinch(&d, .began, 1, 0).contains { $0.kind == .pinchBegan })
        #expect(d.scene.state == .pinching)
        // 1 → 1.5 over 100 ms (5/s) while turning 0.3 rad (3 rad/s).
        for k in 1...10 {
            d.time += 0.01
            _ = pinch(&d, .changed, 1 + 0.05 * Double(k), 0.03 * Double(k))
            #expect(abs(d.scene.scale - (1 + 0.05 * Double(k))) < 1e-12 && abs(d.scene.angle - 0.03 * Double(k)) < 1e-12)
        }
        #expect(abs(d.scene.scaleVelocity - 5) < 1e-9 && abs(d.scene.angularVelocity - 3) < 1e-9)
        let ended = pinch(&d, .ended, 1.5, 0.3)
        let scaleEnd = ended.first { $0.kind == .pinchEnded }, turnEnd = ended.first { $0.kind == .rotationEnded }
        #expect(abs((scaleEnd?.number(.scaleVelocity) ?? 0) - 5) < 1e-9)
        #expect(abs((turnEnd?.number(.angularVelocity) ?? 0) - 3) < 1e-9)
        // No jump at the hand-off: the springs start where the pinch left the card, at its speed.
        #expect(abs(d.scene.scale - 1.5) < 1e-12 && abs(d.scene.scaleVelocity - 5) < 1e-9)
        #expect(abs(d.scene.angularVelocity - 3) < 1e-9)
        d.settle()
        #expect(d.scene.scale == 1 && d.scene.angle == 0 && d.scene.state == .idle)
    }

    @Test func aCancelledPinchSpringsBackFromRestAndFingersOnTheScreenComeFirst() {
        var d = PlaygroundDriver()
        _ = pinch(&d, .began, 1, 0)
        d.time += 0.01
        _ = pinch(&d, .changed, 0.7, -0.2)
        _ = pinch(&d, .cancelled, 0.7, -0.2)
        #expect(d.scene.scaleVelocity == 0 && d.scene.angularVelocity == 0 && d.scene.state == .animating)
        d.settle()
        // A finger on the card: the touchpad's pinch is not taken.
        _ = d.down(d.scene.position)
        #expect(pinch(&d, .began, 1, 0).isEmpty)
        #expect(pinch(&d, .changed, 2, 0).isEmpty && d.scene.scale == 1)
    }
}

/// A card pinched past 1× never reaches over the playground's dock (issue 29): growing at the dock, the dock's top
/// edge pushes it up as a wall would, turned or not, with fingers or a touchpad; it grows no taller than the field, and
/// springs back from there without growing on or jumping.
struct PlaygroundPinchLimitTests {
    /// The lowest point of the card as drawn now (turned and scaled as it is).
    private static func lowestY(_ s: PlaygroundScene) -> Double {
        let shape = s.card, half = shape.scaledHalfSize
        let c = abs(cos(shape.rotation)), sn = abs(sin(shape.rotation))
        return shape.rect.center.y + sn * half.x + c * half.y
    }

    /// The highest point of the card as drawn now.
    private static func highestY(_ s: PlaygroundScene) -> Double {
        2 * s.card.rect.center.y - lowestY(s)
    }

    /// Two fingers 40 px apart at `centre` spread to 12 times that and turn an eighth of a turn over 24 frames at 60 Hz,
    /// checking at each that the card as drawn is not over the dock, then lift together; returns the scale the card
    /// was held at and whether its foot lay on the dock's edge at some moment.
    private static func spread(_ d: inout PlaygroundDriver, at centre: SIMD2<Double>) -> (scale: Double, onDock: Bool) {
        let floor = d.scene.floor
        func ends(_ k: Int) -> (SIMD2<Double>, SIMD2<Double>) {
            let f = Double(k) / 24, half = 40 * (1 + 11 * f) / 2, turn = f * Double.pi / 4
            let u = SIMD2(cos(turn), sin(turn)) * half
            return (centre - u, centre + u)
        }
        let (a0, b0) = ends(0)
        _ = d.send([(0, .down, a0), (1, .down, b0)])
        var onDock = false
        for k in 1...24 {
            d.wait(1.0 / 60)
            let (a, b) = ends(k)
            _ = d.send([(0, .motion, a), (1, .motion, b)])
            // At the moment of the pinch: not a px over the dock's top edge.
            #expect(lowestY(d.scene) <= floor + 1e-9, "over the dock at \(d.scene.size) frame \(k): \(lowestY(d.scene)) > \(floor)")
            if abs(lowestY(d.scene) - floor) < 1e-9 { onDock = true }
        }
        let held = d.scene.scale
        let (a, b) = ends(24)
        let before = d.scene.position
        _ = d.send([(0, .up, a), (1, .up, b)])
        // Let go where it was held: no jump, and no outward speed to carry it on over the dock.
        #expect(abs(d.scene.scale - held) < 1e-12 && d.scene.scaleVelocity <= 0)
        #expect((d.scene.position - before).length < 1e-9)
        var frames = 0
        while d.scene.needsFrames && frames < 600 {
            d.wait(1.0 / 60)
            frames += 1
            #expect(lowestY(d.scene) <= floor + 1e-9, "over the dock at \(d.scene.size) \(frames) frames after the lift")
        }
        #expect(d.scene.scale == 1)
        return (held, onDock)
    }

    @Test(arguments: [SIMD2(1920.0, 1080), SIMD2(800, 600), SIMD2(360, 720), SIMD2(720, 360), SIMD2(568, 320)])
    func fingersSpreadingOnTheCardAtHomeNeverTakeItOverTheDock(size: SIMD2<Double>) {
        var d = PlaygroundDriver()
        d.scene = PlaygroundScene(size: size)
        #expect(Self.lowestY(d.scene) < d.scene.floor, "the card starts clear of the dock")
        let (held, onDock) = Self.spread(&d, at: d.scene.position)
        // Spread 12×, it grew until it was as tall as the field (turned an eighth, its box √2 its side) and no more,
        // its foot on the dock's edge.
        let tallest = d.scene.fieldRect.height / (2.squareRoot() * d.scene.side)
        #expect(abs(held - max(1, tallest)) < 1e-9, "held at \(held), the field allows \(tallest)")
        #expect(onDock || tallest <= 1, "its foot met the dock at \(size)")
    }

    @Test func aCardRestingOnTheDockGrowsUpFromIt() {
        var d = PlaygroundDriver()
        d.scene = PlaygroundScene(size: SIMD2(1920, 1080))
        let floor = d.scene.floor
        // Put down by a finger with its foot on the dock's edge: a pinch on it grows it upward, the foot kept there.
        d.carry(from: d.scene.position, to: SIMD2(d.scene.position.x, d.scene.floor - d.scene.side / 2), frames: 20)
        #expect(abs(Self.lowestY(d.scene) - floor) < 1e-9)
        let top = Self.highestY(d.scene)
        let (held, onDock) = Self.spread(&d, at: d.scene.position)
        #expect(onDock && held > 1.5, "grew to \(held)")
        // It grew up the field and stays where the floor pushed it, clear of the dock, when let go.
        #expect(Self.highestY(d.scene) < top)
    }

    @Test(arguments: [(SIMD2(800.0, 600), 0.0, 2.5), (SIMD2(360.0, 720), 0.0, 2.5), (SIMD2(360.0, 720), 0.6, 2.25)])
    func aQuickSpreadLetGoShortOfTheLimitGrowsOnNoFurtherThanTheField(size: SIMD2<Double>, twist: Double,
                                                                      spread: Double) {
        var d = PlaygroundDriver()
        d.scene = PlaygroundScene(size: size)
        let floor = d.scene.floor, top = d.scene.fieldRect.y, c = d.scene.position
        // Still growing when let go, short of the field's height.
        let released = Self.spreadAndTwist(&d, spread: spread, twist: twist)
        if twist > 0 { #expect(d.scene.angleTarget == Double.pi / 2) }
        let rate = playgroundNumber(released, .pinchEnded, .scaleVelocity) ?? 0
        #expect(abs(d.scene.scale - spread) < 1e-9 && abs(d.scene.position.y - c.y) < 1e-9)
        // It grows on after the fingers let go (their speed handed over, less what the field has no room for)...
        #expect(rate > 0 && d.scene.scaleVelocity == rate)
        var grew = false
        for frame in 1...120 {
            d.wait(1.0 / 60)
            grew = grew || d.scene.scale > spread
            // ...but never over the dock or the bar.
            #expect(Self.lowestY(d.scene) <= floor + 1e-6, "over the dock at \(size), frame \(frame) after the lift")
            #expect(Self.highestY(d.scene) >= top - 1e-6, "over the bar at \(size), frame \(frame) after the lift")
        }
        #expect(grew)
    }

    /// Two fingers 40 px apart at the card's centre spread to `spread` times that in four frames at 60 Hz (2.5: 22.5/s)
    /// and lift together; with `twist`, turning that far (rad) as well, quickly enough to carry on past the diagonal to
    /// the next quarter turn (the card's box widest on the way). Returns what the lift decided.
    private static func spreadAndTwist(_ d: inout PlaygroundDriver, spread: Double, twist: Double) -> [SceneEvent] {
        let c = d.scene.position
        func ends(_ k: Int) -> (SIMD2<Double>, SIMD2<Double>) {
            let half = 20 * (1 + (spread - 1) * Double(k) / 4), turn = twist * Double(k) / 4
            let u = SIMD2(cos(turn), sin(turn)) * half
            return (c - u, c + u)
        }
        let (a0, b0) = ends(0)
        _ = d.send([(0, .down, a0), (1, .down, b0)])
        for k in 1...4 {
            d.wait(1.0 / 60)
            let (a, b) = ends(k)
            _ = d.send([(0, .motion, a), (1, .motion, b)])
        }
        let (a4, b4) = ends(4)
        return d.send([(0, .up, a4), (1, .up, b4)])
    }

    /// Held at the limit (its foot on the dock's edge, its top at the bar's foot where the field is that short) and let
    /// go with a twist that carries it on across the diagonal to the next quarter turn: its box widens as it turns, so
    /// its scale must shrink at least as fast. Before, it passed the dock's edge and the bar's foot by 1.5 px at
    /// 800x600. Checked at every frame after the lift, at 60 Hz and at an uneven 47 Hz. (Not at 568x320: there the
    /// unpinched card turned an eighth is taller than the field, its limit 1×.)
    @Test(arguments: [SIMD2(800.0, 600), SIMD2(360, 720), SIMD2(720, 360), SIMD2(1920, 1080)],
          [1.0 / 60, 1.0 / 47])
    func aCardLetGoAtTheLimitWithATwistAcrossTheDiagonalStaysInTheField(size: SIMD2<Double>, frame: Double) {
        var d = PlaygroundDriver()
        d.scene = PlaygroundScene(size: size)
        let floor = d.scene.floor, top = d.scene.fieldRect.y
        // 40 → 400 px and 0.6 rad: past what the field allows at every size, so it is held at the limit.
        let released = Self.spreadAndTwist(&d, spread: 10, twist: 0.6)
        let held = d.scene.scale, position = d.scene.position
        #expect(held > 1 && held < 10, "held at the limit at \(size): \(held)")
        #expect(d.scene.angleTarget == Double.pi / 2, "the twist carries it on to the next quarter turn")
        // Let go where it was held (no jump), with no outward speed.
        #expect(abs((playgroundNumber(released, .pinchEnded, .scale) ?? 0) - held) < 1e-12)
        #expect(d.scene.scaleVelocity <= 0)
        var passedDiagonal = false, frames = 0
        while d.scene.needsFrames && frames < 600 {
            d.wait(frame)
            frames += 1
            passedDiagonal = passedDiagonal || d.scene.angle > Double.pi / 4
            #expect(Self.lowestY(d.scene) <= floor + 1e-6,
                    "over the dock at \(size), \(frames) frames of \(frame) s after the lift: \(Self.lowestY(d.scene) - floor) px")
            #expect(Self.highestY(d.scene) >= top - 1e-6,
                    "over the bar at \(size), \(frames) frames of \(frame) s after the lift: \(top - Self.highestY(d.scene)) px")
        }
        #expect(passedDiagonal && d.scene.scale == 1 && abs(d.scene.angle - Double.pi / 2) < 1e-9)
        #expect((d.scene.position - position).length < 1e-9, "it shrinks where it was let go")
    }

    @Test func aTouchpadPinchGrowsTheCardUpFromTheDock() {
        var d = PlaygroundDriver()
        d.scene = PlaygroundScene(size: SIMD2(1920, 1080))
        let floor = d.scene.floor
        _ = d.scene.pinch(PinchInput(phase: .began, scale: 1, rotation: 0, time: d.time))
        for k in 1...10 {
            d.time += 0.01
            _ = d.scene.pinch(PinchInput(phase: .changed, scale: 1 + 0.3 * Double(k), rotation: 0, time: d.time))
            #expect(Self.lowestY(d.scene) <= floor + 1e-9, "over the dock at step \(k)")
        }
        // 4× asked; as tall as the field given, its foot on the dock's edge.
        #expect(abs(d.scene.scale - d.scene.fieldRect.height / d.scene.side) < 1e-9)
        #expect(abs(Self.lowestY(d.scene) - floor) < 1e-9)
        let ended = d.scene.pinch(PinchInput(phase: .ended, scale: 4, rotation: 0, time: d.time))
        // The release is reported where it was held, with no outward speed.
        #expect(abs((playgroundNumber(ended, .pinchEnded, .scale) ?? 0) - d.scene.scale) < 1e-12)
        #expect((playgroundNumber(ended, .pinchEnded, .scaleVelocity) ?? 1) <= 0)
        d.wait(1.0 / 60)
        #expect(Self.lowestY(d.scene) < floor)
    }
}
