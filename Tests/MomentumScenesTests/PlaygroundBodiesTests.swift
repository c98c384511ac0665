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
        let s = PlaygroundScene(size: size, kinds: [.tile, .puck])
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
}
