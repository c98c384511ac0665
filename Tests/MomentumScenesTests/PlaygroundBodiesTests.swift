import MomentumTestSupport
import Testing
import MomentumCore
import MomentumLayers
@testable import MomentumScenes

/// The playground's field with more bodies than the tile: a second body (the puck, smaller and lighter) meets the
/// tile through the engine's contact solver and is grabbed and thrown as the tile is.
struct PlaygroundBodiesTests {
    /// An 800x600 field with the tile and the puck (`init(size:kinds:)`), driven as the app drives it.
    static func driver() -> PlaygroundDriver {
        var d = PlaygroundDriver()
        d.scene = PlaygroundScene(size: SIMD2(800, 600), kinds: [.tile, .puck])
        return d
    }

    @Test("the puck thrown head-on at the resting tile: at the frame they meet they touch (not drawn into each other), and their velocities after are the closed form of a 1-D impact of restitution 0.6 between masses by area")
    func thePuckKnocksTheTile() throws {
        var d = Self.driver()
        let tile = d.scene.tilePosition, tileSide = d.scene.bodySide(0), puckSide = d.scene.bodySide(1)
        #expect(tileSide == 88 && puckSide == 64)
        // Level with the tile, 250 px to its right (under the card at home), put down still.
        let start = SIMD2(tile.x + 250, tile.y)
        d.carry(from: d.scene.bodyPosition(1), to: start, frames: 20)
        d.settle()
        #expect((d.scene.bodyPosition(1) - start).length < 1e-9, "put down at \(d.scene.bodyPosition(1))")
        // Thrown left at 1,000 px/s along the line through both centres.
        let thrown = d.flick(from: start, velocity: SIMD2(-1000, 0))
        #expect(thrown.contains { $0.kind == .panEnded && $0.string(.object) == "puck" })
        var impact: SceneEvent?
        for _ in 0..<60 where impact == nil {
            let events = d.wait(1.0 / 60)
            impact = events.first { $0.kind == .collision }
            guard let impact else { continue }
            // The frame they meet, as drawn: the puck's face within half a frame's travel of the tile's (the solver
            // looks half a frame ahead), never past it (a contact found late is drawn overlapping).
            let gap = (d.scene.bodyPosition(1).x - puckSide / 2) - (d.scene.bodyPosition(0).x + tileSide / 2)
            let closing = abs(try #require(impact.vector(.tileVelocityBefore)).x)
            #expect(gap >= -0.5 && gap <= closing / 60 / 2 + 0.5, "gap \(gap) px at the impact, closing at \(closing) px/s")
        }
        let hit = try #require(impact, "they met")
        #expect(hit.string(.object) == "tile+puck")
        let tileBefore = try #require(hit.vector(.velocityBefore)), tileAfter = try #require(hit.vector(.velocityAfter))
        let puckBefore = try #require(hit.vector(.tileVelocityBefore)), puckAfter = try #require(hit.vector(.tileVelocityAfter))
        #expect(tileBefore == .zero && puckBefore.x < -600 && abs(puckBefore.y) < 1e-6, "\(tileBefore) \(puckBefore)")
        // m₁v₁′ = (m₁v₁ + m₂v₂ + m₂e(v₂ − v₁))/(m₁ + m₂), and the same with the two swapped; masses by area.
        let m1 = tileSide * tileSide, m2 = puckSide * puckSide, e = 0.6
        let p = m1 * tileBefore.x + m2 * puckBefore.x
        let tileExpected = (p + m2 * e * (puckBefore.x - tileBefore.x)) / (m1 + m2)
        let puckExpected = (p + m1 * e * (tileBefore.x - puckBefore.x)) / (m1 + m2)
        #expect(abs(tileAfter.x - tileExpected) < 0.01 * abs(puckBefore.x), "tile \(tileAfter.x) vs \(tileExpected)")
        #expect(abs(puckAfter.x - puckExpected) < 0.01 * abs(puckBefore.x), "puck \(puckAfter.x) vs \(puckExpected)")
        #expect(abs(tileAfter.y) < 1 && abs(puckAfter.y) < 1)
        // Both go on from there and come to rest apart, inside the field.
        d.settle()
        #expect(!d.scene.needsFrames)
        let apart = d.scene.bodyPosition(1) - d.scene.bodyPosition(0)
        #expect(max(abs(apart.x), abs(apart.y)) >= (tileSide + puckSide) / 2 - 1, "rest apart: \(apart)")
    }

    @Test("a press on the puck in flight: it goes on at touch-down, is caught where it is drawn with the velocity it had when the press moves, follows the finger, and a flick throws it")
    func thePuckIsGrabbedInFlight() throws {
        var d = Self.driver()
        let home = d.scene.bodyPosition(1)
        // A tap left of its centre flicks it right.
        _ = d.down(home + SIMD2(-12, 0))
        d.wait(0.05)
        #expect(d.up(home + SIMD2(-12, 0)).contains { $0.kind == .push && $0.string(.object) == "puck" })
        for _ in 0..<4 { d.wait(1.0 / 60) }
        let flying = d.scene.bodyVelocity(1)
        #expect(flying.x > 300, "pushed right: \(flying)")
        // Touch-down on it: nothing caught, it goes on.
        let at = d.scene.bodyPosition(1)
        #expect(!d.down(at).contains { $0.kind == .catch })
        d.wait(1.0 / 60)
        #expect(d.scene.bodyPosition(1).x > at.x)
        // The press moves: caught where it is drawn, with the velocity it is drawn with (continuous), then 1:1.
        let drawn = d.scene.bodyPosition(1), drawnVelocity = d.scene.bodyVelocity(1)
        let moved = d.move(at + SIMD2(20, 0))
        let caught = try #require(moved.first { $0.kind == .catch })
        #expect(caught.string(.object) == "puck")
        #expect((try #require(caught.vector(.velocityBefore)) - drawnVelocity).length < 1e-9)
        #expect(d.scene.bodies[1].held && (d.scene.bodyPosition(1) - drawn).length < 1e-9)
        _ = d.move(at + SIMD2(20, -30))
        #expect((d.scene.bodyPosition(1) - (drawn + SIMD2(0, -30))).length < 1e-9)
        // The tile was not touched.
        #expect(!d.scene.tileHeld)
        d.wait(0.2)
        var finger = at + SIMD2(20, -30)
        for _ in 0..<8 {
            d.wait(0.008)
            finger += SIMD2(-900, -300) * 0.008
            _ = d.move(finger)
        }
        _ = d.up(finger)
        let thrown = d.scene.bodyVelocity(1)
        #expect(!d.scene.bodies[1].held && thrown.x < -700 && thrown.y < -200, "\(thrown)")
        d.settle()
        #expect(!d.scene.needsFrames)
    }

    @Test("where the bodies start, at every size: inside the field (under the bar, over the dock), clear of the legend's lines, the hint, the card and each other",
          arguments: [SIMD2(360.0, 720), SIMD2(720.0, 360), SIMD2(568.0, 320), SIMD2(800.0, 600), SIMD2(1920.0, 1080)])
    func theBodiesStartClearOfEverything(size: SIMD2<Double>) {
        // The app's field (the tile and the puck), as made at this size and as the app's window, made at 800x600,
        // is configured to it: the same places (the puck was scaled to 252 px at 360x720, in a throw's path).
        let s = PlaygroundScene(size: size)
        #expect(s.bodies.map(\.name) == ["tile", "puck"])
        var configured = PlaygroundScene(size: SIMD2(800, 600))
        configured.resize(to: size)
        #expect(configured.bodies.indices.map(configured.bodyPosition) == s.bodies.indices.map(s.bodyPosition),
                "\(size): configured \(configured.bodyStates), made \(s.bodyStates)")
        let field = s.fieldRect, card = s.touchTargets[0].rect
        let boxes = s.bodies.indices.map { s.bodyBox($0, at: s.bodyPosition($0)) }
        for (b, box) in boxes.enumerated() {
            let name = s.bodies[b].name
            #expect(box.x >= field.x && box.maxX <= field.maxX && box.y >= field.y && box.maxY <= field.maxY,
                    "\(name) \(box) outside the field \(field) at \(size)")
            #expect(!box.intersects(card), "\(name) \(box) under the card \(card) at \(size)")
            for other in boxes[(b + 1)...] { #expect(!box.intersects(other), "\(name) on another body at \(size)") }
        }
        // The layout check the tours run at rest: no body over the legend's lines, the hint or the chips.
        let problems = s.drawnLayout().problems(width: size.x, height: size.y, atRest: true) {
            Double($0.string.count) * $0.size * 0.56
        }
        let names = Set(s.bodies.map(\.name))
        let bodies = problems.filter { names.contains($0.first) || names.contains($0.second) }
        #expect(bodies.isEmpty, "\(size): \(bodies)")
    }

    /// Whether the boxes of bodies `a` and `b` as drawn share more than `slack` px.
    static func overlapping(_ s: PlaygroundScene, _ a: Int, _ b: Int, slack: Double = 0.5) -> Bool {
        let gap = s.bodyPosition(a) - s.bodyPosition(b), reach = (s.bodySide(a) + s.bodySide(b)) / 2 - slack
        return abs(gap.x) < reach && abs(gap.y) < reach
    }

    @Test("two bodies left at rest over each other (a window made narrower pressed them together against its wall) are parted: the one under glides out beside the other, which stays where it was")
    func twoRestingBodiesOverEachOtherAreParted() {
        var d = PlaygroundDriver()
        d.scene = PlaygroundScene(size: SIMD2(800, 600))
        // The puck put down against the right wall, the tile 12 px left of it, both still (nothing touches).
        d.carry(from: d.scene.bodyPosition(1), to: SIMD2(768, 432), frames: 20)
        d.settle()
        d.carry(from: d.scene.bodyPosition(0), to: SIMD2(680, 432), frames: 30)
        d.settle()
        #expect(!Self.overlapping(d.scene, 0, 1), "apart before: \(d.scene.bodyStates)")
        // Half as wide: each keeps its place relative to the window, and the wall holds the puck in: 48 px over the
        // tile.
        d.scene.resize(to: SIMD2(400, 600))
        let puck = d.scene.bodyPosition(1)
        #expect(Self.overlapping(d.scene, 0, 1, slack: 40), "pressed together: \(d.scene.bodyStates)")
        d.settle()
        #expect(!d.scene.needsFrames)
        #expect(!Self.overlapping(d.scene, 0, 1), "at rest: \(d.scene.bodyStates)")
        #expect(d.scene.bodyPosition(1) == puck, "the puck stays: \(d.scene.bodyPosition(1)) against \(puck)")
    }

    @Test("the tile put down under the card glides out beside it, and not onto the puck lying where it would have gone: no frame of its glide has it over the puck")
    func aBodyMakingWayGoesNotOntoAnother() {
        var d = PlaygroundDriver()
        d.scene = PlaygroundScene(size: SIMD2(800, 600))
        let card = d.scene.position
        #expect(card == SIMD2(400, 300))
        // The nearest place beside the card for a tile put down 60 px right of its centre is right of it, 532 px
        // (the card's edge, 8 px and the tile's half side): the puck put down there first, still.
        d.carry(from: d.scene.bodyPosition(1), to: SIMD2(540, 300), frames: 20)
        d.settle()
        d.carry(from: d.scene.bodyPosition(0), to: card + SIMD2(60, 0), frames: 30)
        var frames = 0, over: [String] = []
        while d.scene.needsFrames && frames < 600 {
            d.wait(1.0 / 60)
            frames += 1
            if Self.overlapping(d.scene, 0, 1) { over.append("frame \(frames): \(d.scene.bodyStates)") }
        }
        #expect(frames > 0 && !d.scene.needsFrames)
        #expect(over.isEmpty, "the tile over the puck in \(over.count) frames: \(over.prefix(3))")
        // Clear of the card as well (its box widened by 8 px, as making way leaves it).
        let tile = d.scene.bodyBox(0, at: d.scene.bodyPosition(0))
        #expect(!tile.intersects(DrawRect(origin: card - 88, size: SIMD2(176, 176))), "\(tile)")
    }
}

extension PlaygroundBodiesTests {
    @Test("the card pinched to 2.4× over the tile and the puck lying side by side or one above the other (the 360x720@2 tour's last gesture): the bodies pushed out from under it are pushed out together, not into each other or across each other's glide; no frame draws one more than 0.5 px into the other, and all comes to rest",
          arguments: [SIMD2(84.0, 8.0), SIMD2(-84.0, 8.0), SIMD2(84.0, -8.0), SIMD2(-84.0, -8.0), SIMD2(0.0, 84.0), SIMD2(0.0, -84.0)])
    func bodiesPushedFromUnderThePinchedCardStayApart(puckFromTile: SIMD2<Double>) {
        // The tile put down still low in the field (60 ≤ x ≤ 300, 560 ≤ y ≤ 650, as the walls let it), the puck
        // 8 px beside it (`puckFromTile`), the card put down above them where the tour's tap leaves it.
        var runs = 0
        for x in stride(from: 60.0, through: 300.0, by: 20) {
            for y in stride(from: 560.0, through: 650.0, by: 30) {
                var d = PlaygroundDriver()
                d.scene = PlaygroundScene(size: SIMD2(360, 720))
                d.carry(from: d.scene.bodyPosition(0), to: SIMD2(x, y), frames: 20)
                d.settle()
                d.carry(from: d.scene.bodyPosition(1), to: d.scene.clampedBody(1, SIMD2(x, y) + puckFromTile), frames: 20)
                d.settle()
                d.carry(from: d.scene.position, to: SIMD2(279, 468), frames: 20)
                d.settle()
                // A place where they were put over each other (against a wall) is not this case.
                guard !Self.overlapping(d.scene, 0, 1) else { continue }
                runs += 1
                let before = d.scene.bodyStates, c = d.scene.position
                // Two fingers 60 px apart spread to 140 px over 120 ms (the tour's pinch: 2.4×), and let go.
                _ = d.send([(0, .down, c + SIMD2(-30, 0)), (1, .down, c + SIMD2(30, 0))])
                var over: [String] = []
                for k in 1...12 {
                    d.wait(0.01)
                    let t = Double(k) / 12
                    _ = d.send([(0, .motion, c + SIMD2(-30 - 40 * t, -20 * t)), (1, .motion, c + SIMD2(30 + 40 * t, 20 * t))])
                    if Self.overlapping(d.scene, 0, 1) { over.append("pinch \(k): \(d.scene.bodyStates)") }
                }
                #expect(d.scene.scale > 2.3, "pinched to \(d.scene.scale)")
                d.wait(0.02)
                _ = d.send([(0, .up, c + SIMD2(-70, -20)), (1, .up, c + SIMD2(70, 20))])
                var frames = 0
                while d.scene.needsFrames && frames < 600 {
                    d.wait(1.0 / 60)
                    frames += 1
                    if Self.overlapping(d.scene, 0, 1) { over.append("frame \(frames): \(d.scene.bodyStates)") }
                }
                #expect(!d.scene.needsFrames, "at rest, from \(before)")
                #expect(over.isEmpty, "from \(before): one body over the other in \(over.count) frames: \(over.prefix(2))")
            }
        }
        // Of the 52 places most are such a case: a harness putting the bodies over each other everywhere tests nothing.
        #expect(runs >= 26, "cases run: \(runs) of 52")
    }
}

extension PlaygroundBodiesTests {
    /// How far two turned boxes (centre, half size, angle) are drawn into each other: the least push along their
    /// four face normals that parts them (separating axes; ≤ 0 apart).
    static func depth(_ boxes: [(SIMD2<Double>, SIMD2<Double>, Double)]) -> Double {
        var least = Double.infinity
        for (_, _, turn) in boxes {
            for axis in [SIMD2(Double.cos(turn), Double.sin(turn)), SIMD2(-Double.sin(turn), Double.cos(turn))] {
                let reach = boxes.map { box in
                    let u = SIMD2(Double.cos(box.2), Double.sin(box.2)), v = SIMD2(-u.y, u.x)
                    return abs((u * axis).sum()) * box.1.x + abs((v * axis).sum()) * box.1.y
                }
                least = min(least, reach[0] + reach[1] - abs(((boxes[0].0 - boxes[1].0) * axis).sum()))
            }
        }
        return least
    }

    /// Body `b` as drawn: centre, half size, angle.
    static func drawn(_ s: PlaygroundScene, _ b: Int) -> (SIMD2<Double>, SIMD2<Double>, Double) {
        (s.bodyPosition(b), SIMD2(repeating: s.bodySide(b) / 2), s.bodyAngle(b))
    }

    @Test("the card flicked straight down at 800–2,000 px/s onto the puck lying 8 px above the tile on the floor (the 360x720@2 tour's throws drove one body onto the other against the floor): every touching pair is solved together, so no frame draws one body more than 0.5 px into the other, nor the card into either, and all comes to rest",
          arguments: [800.0, 1200.0, 1600.0, 2000.0])
    func theCardDrivingOneBodyOntoTheOtherAgainstTheFloorDrawsNeitherInTheOther(speed: Double) {
        var runs = 0
        for x in stride(from: 100.0, through: 260.0, by: 32) {
            for across in [-20.0, 0, 20] {
                var d = PlaygroundDriver()
                d.scene = PlaygroundScene(size: SIMD2(360, 720))
                // The tile on the floor, the puck 8 px above it, the card put down 80 px above the puck, all still.
                let tile = d.scene.clampedBody(0, SIMD2(x, d.scene.floor))
                d.carry(from: d.scene.bodyPosition(0), to: tile, frames: 20)
                d.settle()
                let puck = d.scene.clampedBody(1, SIMD2(x + across, tile.y - 44 - 8 - 32))
                d.carry(from: d.scene.bodyPosition(1), to: puck, frames: 20)
                d.settle()
                let card = d.scene.clamped(SIMD2(x, puck.y - 32 - 80 - d.scene.side / 2))
                d.carry(from: d.scene.position, to: card, frames: 20)
                d.settle()
                let before = d.scene.bodyStates
                guard d.scene.bodyPosition(0) == tile, d.scene.bodyPosition(1) == puck, d.scene.position == card else {
                    Issue.record("not put down where asked: \(before), card \(d.scene.position)")
                    continue
                }
                runs += 1
                // Flicked straight down (four 8 ms samples, lifted 64 px on at most: 16 px short of the puck).
                _ = d.flick(from: card, velocity: SIMD2(0, speed), samples: 4)
                var over: [String] = [], frames = 0
                while d.scene.needsFrames && frames < 600 {
                    d.wait(1.0 / 60)
                    frames += 1
                    let s = d.scene, card = (s.card.rect.center, s.card.scaledHalfSize, s.card.rotation)
                    let depths = [Self.depth([Self.drawn(s, 0), Self.drawn(s, 1)]), Self.depth([card, Self.drawn(s, 0)]),
                                  Self.depth([card, Self.drawn(s, 1)])]
                    if depths.contains(where: { $0 > 0.5 }) {
                        over.append("frame \(frames): tile/puck, card/tile, card/puck \(depths) px, \(s.bodyStates)")
                    }
                }
                #expect(!d.scene.needsFrames, "at rest, from \(before)")
                #expect(over.isEmpty, "x \(x), across \(across): \(over.count) frames: \(over.prefix(3))")
            }
        }
        #expect(runs == 18)
    }
}
