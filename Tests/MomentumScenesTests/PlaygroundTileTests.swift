import MomentumTestSupport
import Testing
import MomentumCore
import MomentumLayers
@testable import MomentumScenes

/// The playground's second body: the tile a user throws the card at (or throws), colliding with the card through the
/// engine's contact solver, on every backend.
struct PlaygroundTileTests {
    /// The card's and the tile's masses (the same density): their areas.
    static let cardMass = 160.0 * 160, tileMass = 88.0 * 88

    /// Frames at 60 Hz until both rest (at most 10 s), checking at each that neither body jumps: it moves at most
    /// what its speed before or after allows over the frame (plus a bounded acceleration). Returns the events.
    static func run(_ d: inout PlaygroundDriver, seconds: Double = 10) -> [SceneEvent] {
        var events: [SceneEvent] = []
        var frames = 0
        while d.scene.needsFrames && Double(frames) < seconds * 60 {
            let (p0, v0, t0, w0) = (d.scene.position, d.scene.velocity, d.scene.tilePosition, d.scene.tileVelocity)
            let (angle0, spin0) = (d.scene.tileAngle, d.scene.tileAngularVelocity)
            let step = 1.0 / 60
            let frameEvents = d.wait(step)
            events += frameEvents
            // The tile's angle never jumps; its spin changes only at an impact.
            let alpha = InterruptibilityCheck.maxTileAngularAcceleration
            let turn = max(abs(spin0), abs(d.scene.tileAngularVelocity)) * step + alpha * step * step / 2 + 1e-3
            #expect(abs(d.scene.tileAngle - angle0) <= turn, "tile's angle jumped at frame \(frames + 1)")
            // (A wall struck by a turned corner is an impact too.)
            if !frameEvents.contains(where: { $0.kind == .collision || $0.kind == .wallStrike }) {
                #expect(abs(d.scene.tileAngularVelocity - spin0) <= alpha * step + 0.01, "tile's spin jumped at frame \(frames + 1)")
            }
            frames += 1
            let a = InterruptibilityCheck.maxAcceleration(.playground)
            let cardReach = max(v0.length, d.scene.velocity.length) * step + a * step * step / 2 + 0.5
            let tileReach = max(w0.length, d.scene.tileVelocity.length) * step + a * step * step / 2 + 0.5
            #expect((d.scene.position - p0).length <= cardReach, "card jumped at frame \(frames)")
            #expect((d.scene.tilePosition - t0).length <= tileReach, "tile jumped at frame \(frames)")
        }
        return events
    }

    /// Whether the two bodies as they rest overlap by more than `slack` px.
    static func overlap(_ s: PlaygroundScene, slack: Double = 2) -> Bool {
        let d: SIMD2<Double> = s.position - s.tilePosition
        let reach: Double = (s.side + s.tileSide) / 2
        return abs(d.x) - reach < -slack && abs(d.y) - reach < -slack
    }

    @Test("a card thrown at the tile knocks it away: momentum kept at the impact, the card slowed, no jump, both rest apart",
          arguments: ["spring", "dynamics", "tween", "pop"])
    func throwAtTheTile(backend: String) throws {
        // The playground's own spring when "spring" (as the app makes it), the seeds' backend otherwise.
        let motion = backend == "spring" ? nil : BackendKind(rawValue: backend)?.make()
        var d = PlaygroundDriver(backend: motion, name: backend)
        let home = d.scene.tilePosition
        #expect(!Self.overlap(d.scene, slack: 0), "they start apart")
        let toward = home - d.scene.position
        _ = d.flick(from: d.scene.position, velocity: toward / toward.length * 2000)
        let events = Self.run(&d)
        let hit = try #require(events.first { $0.kind == .collision }, "they collided")
        let cardBefore = try #require(hit.vector(.velocityBefore)), cardAfter = try #require(hit.vector(.velocityAfter))
        let tileBefore = try #require(hit.vector(.tileVelocityBefore)), tileAfter = try #require(hit.vector(.tileVelocityAfter))
        // Momentum across the impact (friction and restitution keep it; only the push-out could add some).
        let before = Self.cardMass * cardBefore + Self.tileMass * tileBefore
        let after = Self.cardMass * cardAfter + Self.tileMass * tileAfter
        #expect((after - before).length < 0.02 * before.length, "\(before) → \(after)")
        // The tile flies off the way the card came, faster than the card goes on; the card slowed.
        #expect(tileAfter.dot(toward) > 0 && tileAfter.length > cardAfter.length)
        #expect(cardAfter.length < cardBefore.length)
        // It went somewhere, and both came to rest, apart.
        #expect((d.scene.tilePosition - home).length > 60, "the tile moved \((d.scene.tilePosition - home).length) px")
        #expect(!d.scene.needsFrames && !Self.overlap(d.scene))
    }

    @Test("a tap flicks the tile; a press on it in flight holds it only when the press moves, then it follows the finger and a flick throws it")
    func grabTheTileInFlight() throws {
        var d = PlaygroundDriver()
        let home = d.scene.tilePosition
        _ = d.down(home + SIMD2(-20, 0))
        d.wait(0.05)
        let pushed = d.up(home + SIMD2(-20, 0))
        #expect(pushed.contains { $0.kind == .push })
        for _ in 0..<6 { d.wait(1.0 / 60) }
        let flying = d.scene.tileVelocity
        #expect(flying.x > 300, "pushed right: \(flying)")
        // Press on it: nothing caught at touch-down, it goes on.
        let at = d.scene.tilePosition
        let down = d.down(at)
        #expect(!down.contains { $0.kind == .catch })
        d.wait(1.0 / 60)
        #expect(d.scene.tilePosition.x > at.x)
        // The press moves: caught where it is drawn, then it follows the finger 1:1.
        let drawn = d.scene.tilePosition
        var finger = at + SIMD2(30, 0)
        let moved = d.move(finger)
        #expect(moved.contains { $0.kind == .catch && $0.string(.object) == "tile" })
        #expect(d.scene.tileHeld && (d.scene.tilePosition - drawn).length < 1e-9)
        finger += SIMD2(0, -40)
        _ = d.move(finger)
        #expect((d.scene.tilePosition - (drawn + SIMD2(0, -40))).length < 1e-9)
        // A flick up and to the left: it goes that way at the finger's speed.
        d.wait(0.2)
        for _ in 0..<8 {
            d.wait(0.008)
            finger += SIMD2(-1200, -600) * 0.008
            _ = d.move(finger)
        }
        _ = d.up(finger)
        let thrown = d.scene.tileVelocity
        #expect(!d.scene.tileHeld && thrown.x < -900 && thrown.y < -400, "\(thrown)")
        _ = Self.run(&d)
        #expect(!d.scene.needsFrames)
    }

    @Test("a tile put down over the legend's lines covers them (the layout check says so at rest), then glides up clear of them")
    func theTileRestsClearOfTheLegend() {
        var d = PlaygroundDriver()
        // A window too narrow for the dock (there the legend is under the field's floor, out of the tile's reach).
        d.scene = PlaygroundScene(size: SIMD2(320, 580))
        #expect(d.scene.dock == nil)
        // About the width a line of Inter takes (the app's checks use the shaper's).
        func covered() -> [LayoutProblem] {
            d.scene.drawnLayout().problems(width: 320, height: 580, atRest: true) { Double($0.string.count) * $0.size * 0.56 }
                .filter { $0.kind == .covers }
        }
        #expect(covered().isEmpty, "\(covered())")
        // Dragged down onto the legend (bottom left, under where the tile starts), held still, put down.
        let home = d.scene.tilePosition, onLegend = SIMD2(home.x, 560)
        d.carry(from: home, to: onLegend, frames: 20)
        let over = covered()
        #expect(over.contains { $0.first.hasPrefix("tile") && $0.second.contains("spring to the ring") }, "\(over)")
        d.settle()
        #expect(!d.scene.needsFrames && covered().isEmpty, "at rest at \(d.scene.tilePosition), card \(d.scene.position), home \(d.scene.home): \(covered())")
        // On whole px, as its surface is placed.
        #expect(d.scene.tilePosition == d.scene.tilePosition.rounded(.toNearestOrAwayFromZero), "\(d.scene.tilePosition)")
    }

    @Test("a tile put down on the hint (a knock left it on the title at 360x720) covers it (the layout check says so at rest), then glides clear of it and of the card",
          arguments: [SIMD2<Double>(360, 720), SIMD2(800, 600), SIMD2(1920, 1080)])
    func theTileRestsClearOfTheHint(size: SIMD2<Double>) throws {
        var d = PlaygroundDriver()
        d.scene = PlaygroundScene(size: size)
        func covered() -> [LayoutProblem] {
            d.scene.drawnLayout().problems(width: size.x, height: size.y, atRest: true) { Double($0.string.count) * $0.size * 0.56 }
                .filter { $0.kind == .covers }
        }
        #expect(covered().isEmpty, "\(covered())")
        // Carried onto the hint's title, held still, put down: where the tour's knock left it at 360x720.
        let title = try #require(d.scene.drawnLayout().texts.first { $0.run.string == "Playground" }?.run)
        let onTitle = SIMD2(title.position.x - 40, title.position.y)
        d.carry(from: d.scene.tilePosition, to: onTitle, frames: 20)
        let over = covered()
        #expect(over.contains { $0.first.hasPrefix("tile") && $0.second.contains("Playground") }, "\(over)")
        d.settle()
        #expect(!d.scene.needsFrames && covered().isEmpty, "at rest at \(d.scene.tilePosition), card \(d.scene.position), home \(d.scene.home): \(covered())")
        #expect(!Self.overlap(d.scene, slack: 0), "onto the card")
        #expect(d.scene.tilePosition == d.scene.tilePosition.rounded(.toNearestOrAwayFromZero), "\(d.scene.tilePosition)")
    }

    @Test("gravity on (dynamics backend): the card and the tile fall, and both come to rest on the floor or on each other, apart")
    func gravityDropsBoth() {
        var d = PlaygroundDriver(backend: PlaygroundScene.cardDynamics(), name: "dynamics")
        // The card over the tile first, so it lands on it.
        _ = d.down(d.scene.position)
        for _ in 0..<30 {
            d.wait(1.0 / 60)
            _ = d.move(d.scene.position + (SIMD2(d.scene.tilePosition.x, 200) - d.scene.position) / 10)
        }
        d.wait(0.3)
        _ = d.up(d.scene.position)
        let on = d.scene.toggleGravity()
        #expect(on)
        _ = Self.run(&d, seconds: 15)
        #expect(!d.scene.needsFrames, "both rest")
        #expect(!Self.overlap(d.scene, slack: 3))
        // The tile on the floor; the card on the floor or on the tile.
        let floor = d.scene.floor  // the dock's top edge (the window is 1600 px wide)
        #expect(abs(d.scene.tilePosition.y + d.scene.tileSide / 2 - floor) < 1, "tile at \(d.scene.tilePosition)")
        let onFloor = abs(d.scene.position.y + d.scene.side / 2 - floor) < 1
        let onTile = abs(d.scene.position.y + d.scene.side / 2 - (d.scene.tilePosition.y - d.scene.tileSide / 2)) < 6
            && abs(d.scene.position.x - d.scene.tilePosition.x) < (d.scene.side + d.scene.tileSide) / 2
        #expect(onFloor || onTile, "card at \(d.scene.position)")
    }

    @Test("a card thrown past the tile's centre clips it off-centre: the tile spins, drawn turned, and settles upright",
          arguments: ["spring", "dynamics"])
    func anOffCentreHitSpinsTheTile(backend: String) throws {
        let motion = backend == "spring" ? nil : BackendKind(rawValue: backend)?.make()
        var d = PlaygroundDriver(backend: motion, name: backend)
        let home = d.scene.tilePosition
        // Aimed 70 px above the tile's centre: the card's lower edge catches the tile's upper half.
        let toward = home + SIMD2(0, -70) - d.scene.position
        _ = d.flick(from: d.scene.position, velocity: toward / toward.length * 2000)
        var fastest = 0.0, turnedDrawn = false
        var frames = 0
        while d.scene.needsFrames && frames < 600 {
            _ = Self.run(&d, seconds: 1.0 / 60)
            frames += 1
            fastest = max(fastest, abs(d.scene.tileAngularVelocity))
            // Drawn as turned as it spins: the tile's layer as presented carries the angle.
            let drawn = d.scene.layers.presentation(of: d.scene.tileLayer).rotation
            #expect(abs(drawn - d.scene.tileAngle) < 1e-9)
            if abs(d.scene.tileAngle.remainder(dividingBy: Double.pi / 2)) > 0.1 { turnedDrawn = true }
        }
        #expect(fastest > 1, "the tile spun at most \(fastest) rad/s")
        #expect(turnedDrawn, "it was drawn turned")
        // At rest: upright (a whole number of turns: the icon reads as it did), still, apart from the card.
        #expect(!d.scene.needsFrames)
        #expect(abs(d.scene.tileAngle.remainder(dividingBy: 2 * Double.pi)) < 1e-9, "rests at \(d.scene.tileAngle) rad")
        #expect(d.scene.tileAngularVelocity == 0 && !Self.overlap(d.scene))
    }

    /// The tile's four corners as drawn (its layer's presented frame turned by its presented rotation, clockwise on
    /// screen), computed corner by corner.
    static func drawnCorners(_ s: PlaygroundScene) -> [SIMD2<Double>] {
        let layer = s.layers.presentation(of: s.tileLayer)
        let centre = layer.frame.center, half = layer.frame.size / 2
        let c = Double.cos(layer.rotation), n = Double.sin(layer.rotation)
        return [SIMD2(-half.x, -half.y), SIMD2(half.x, -half.y), SIMD2(half.x, half.y), SIMD2(-half.x, half.y)].map {
            centre + SIMD2(c * $0.x - n * $0.y, n * $0.x + c * $0.y)
        }
    }

    @Test("a spinning tile thrown into a wall: no drawn frame has a turned corner past the wall, and it bounces off it",
          arguments: [-70.0, -40.0, 40.0, 70.0])
    func aSpinningTileStaysInsideTheWalls(aim: Double) {
        var d = PlaygroundDriver()
        let field = d.scene.fieldRect
        let home = d.scene.tilePosition
        // Off-centre, hard, toward the lower left: the tile flies spinning into the left wall or the floor.
        let toward = home + SIMD2(0, aim) - d.scene.position
        _ = d.flick(from: d.scene.position, velocity: toward / toward.length * 3000)
        var frames = 0, turnedAtWall = false, worst = 0.0
        while d.scene.needsFrames && frames < 600 {
            _ = Self.run(&d, seconds: 1.0 / 60)
            frames += 1
            let corners = Self.drawnCorners(d.scene)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let past = [field.x - (xs.min() ?? 0), (xs.max() ?? 0) - field.maxX,
                        field.y - (ys.min() ?? 0), (ys.max() ?? 0) - field.maxY].max() ?? 0
            worst = max(worst, past)
            let turned = abs(d.scene.tileAngle.remainder(dividingBy: Double.pi / 2)) > 0.1
            if turned && past > -1 { turnedAtWall = true }
        }
        #expect(worst <= 1e-6, "a turned corner was drawn \(worst) px past a wall")
        #expect(turnedAtWall, "the tile met a wall while turned (the throw tests the walls)")
        #expect(!d.scene.needsFrames && !Self.overlap(d.scene))
    }

    /// How far the body on top sits into the one below (negative: above it, a gap) when the card rests on the tile
    /// (`cardOnTop`) or the tile on the card.
    static func sink(_ s: PlaygroundScene, cardOnTop: Bool) -> Double {
        let cardBottom = s.position.y + s.side / 2, cardTop = s.position.y - s.side / 2
        let tileTop = s.tilePosition.y - s.tileSide / 2, tileBottom = s.tilePosition.y + s.tileSide / 2
        return cardOnTop ? cardBottom - tileTop : tileBottom - cardTop
    }

    @Test("gravity on: a body that lands on the other rests on it, not in it (within half a px), as soon as both rest",
          arguments: [true, false])
    func restingContactHasNoOverlap(cardOnTop: Bool) {
        var d = PlaygroundDriver(backend: PlaygroundScene.cardDynamics(), name: "dynamics")
        // The upper body carried high over the other's middle, held still, put down.
        let lower = cardOnTop ? d.scene.tilePosition : d.scene.position
        let grab = cardOnTop ? d.scene.position : d.scene.tilePosition
        d.carry(from: grab, to: SIMD2(lower.x, 200.0), frames: 30)
        let on = d.scene.toggleGravity()
        #expect(on)
        _ = Self.run(&d, seconds: 15)
        // The moment a user sees them at rest: the one on top lies on the other, no deeper than half a px, no gap.
        #expect(!d.scene.needsFrames, "both rest")
        let floor = d.scene.floor  // the dock's top edge (the window is 1600 px wide)
        let lowerBottom = cardOnTop ? d.scene.tilePosition.y + d.scene.tileSide / 2 : d.scene.position.y + d.scene.side / 2
        #expect(abs(lowerBottom - floor) < 0.5, "the lower body on the floor: its bottom at \(lowerBottom)")
        let sink = Self.sink(d.scene, cardOnTop: cardOnTop)
        #expect(abs(sink) <= 0.5, "the body on top sits \(sink) px into the other")
        #expect(abs(d.scene.position.x - d.scene.tilePosition.x) < (d.scene.side + d.scene.tileSide) / 2, "one on the other")
    }

    @Test("the card dragged into the tile shoves it: the card stays under the finger, the tile gets out of its way")
    func dragTheCardIntoTheTile() {
        var d = PlaygroundDriver()
        let home = d.scene.tilePosition
        var finger = d.scene.position
        _ = d.down(finger)
        let toward = (home - finger) / (home - finger).length
        var shoved = false
        for _ in 0..<60 {
            d.wait(1.0 / 60)
            finger += toward * 400 / 60
            let events = d.move(finger)
            _ = events
            #expect((d.scene.position - finger).length < 1e-6 + 400, "the card is the finger's")
            if (d.scene.tilePosition - home).length > 5 { shoved = true }
        }
        #expect(shoved, "the tile moved out of the card's way")
        _ = d.up(finger)
        _ = Self.run(&d)
        #expect(!Self.overlap(d.scene, slack: 4))
    }
}
