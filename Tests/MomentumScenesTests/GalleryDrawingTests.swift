import Foundation
import Testing
import MomentumCore
import MomentumLayers
@testable import MomentumScenes

@Suite("Gallery: what is drawn")
struct GalleryDrawingTests {
    static func shapes(_ scene: GalleryScene, size: SIMD2<Double>) -> [RoundedRect] {
        var list = DrawList()
        scene.draw(into: &list)
        return list.commands.compactMap { command in
            if case .roundedRect(let shape) = command, shape.rect.size == size { return shape }
            return nil
        }
    }

    @Test("each lane shows its timing curve along its track, under the dots, in both ways of drawing")
    func laneCurves() {
        let scene = GalleryScene(size: SIMD2(800, 600))
        var list = DrawList()
        scene.draw(into: &list)
        var apart = DrawList()
        _ = scene.draw(into: &apart, separating: 3)
        func lines(_ list: DrawList) -> [LineSegment] {
            list.commands.compactMap { command -> LineSegment? in
                if case .line(let segment) = command { return segment }
                return nil
            }
        }
        // The field, the satellite and the covers go apart; every line stays in the window.
        #expect(lines(list) == lines(apart))
        let segments = lines(list)
        let layout = scene.layout
        for (i, lane) in GalleryLane.all.enumerated() {
            // The curve's points at t = 0, ¼, ½, ¾, 1 lie on its segments' ends: y = lane − 11 + 22·(1 − f(t)).
            let y = layout.laneY(i)
            for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
                let p = SIMD2(layout.laneStartX + t * (layout.laneEndX - layout.laneStartX),
                              y + 11 - 22 * lane.timingFunction.value(at: t))
                let hit = segments.contains { s in
                    let d1 = s.from - p, d2 = s.to - p
                    return (d1 * d1).sum() < 1e-12 || (d2 * d2).sum() < 1e-12
                }
                #expect(hit, "\(lane.name) at t \(t)")
            }
        }
        // Drawn first, under the lanes: the list opens with the cards, then the curves' 32 segments each.
        let cards = list.commands.prefix { if case .roundedRect = $0 { return true } else { return false } }
        #expect(cards.count == layout.cards.count && cards.count == 4)
        let leading = list.commands.dropFirst(cards.count).prefix { if case .line = $0 { return true } else { return false } }
        #expect(leading.count == GalleryLane.all.count * 32)
    }

    @Test("the satellite is drawn where it is presented, turned to its direction of travel")
    func satelliteDrawnAlongTangent() {
        var driver = GalleryDriver()
        for t in [0.7, 1.9, 3.1] {
            driver.advance(to: t)
            let bodies = Self.shapes(driver.scene, size: SIMD2(24, 12))
            #expect(bodies.count == 1)
            guard let body = bodies.first else { continue }
            let d = body.rect.center - driver.scene.satellitePosition
            #expect((d * d).sum().squareRoot() < 1e-9)
            // Direction of travel from the presented velocity, independently of the stored angle.
            let v = driver.scene.satellite.velocity
            #expect(abs(GalleryOracle.angleDifference(body.rotation, atan2(v.y, v.x))) < 1e-6)
        }
    }

    @Test("covers are drawn back to front in presented z order, at their presented places and rotations")
    func coversDrawnInZOrder() {
        var driver = GalleryDriver()
        _ = driver.tap(.covers)
        driver.advance(to: driver.scene.time + 1.1)
        let cards = Self.shapes(driver.scene, size: SIMD2(repeating: GalleryLayout.cardSize))
        let presented = driver.scene.presentedCovers
        #expect(cards.count == presented.count)
        let byZ = presented.sorted { $0.z < $1.z }
        for (shape, card) in zip(cards, byZ) {
            let d = shape.rect.center - (driver.scene.layout.coversAnchor + card.position)
            #expect((d * d).sum().squareRoot() < 1e-9)
            #expect(shape.rotation == card.rotation)
        }
        #expect(byZ.contains { $0.rotation > 0.1 })  // the swung card is visibly tilted
    }

    @Test("the form field is drawn at its presented shake offset")
    func shakeDrawnAtOffset() {
        var driver = GalleryDriver()
        _ = driver.tap(.shake)
        driver.advance(to: driver.scene.time + 0.4 / 6)
        let fields = Self.shapes(driver.scene, size: driver.scene.layout.shakeField.size)
        #expect(fields.count == 1)
        #expect(abs((fields.first?.rect.x ?? 0) - (driver.scene.layout.shakeField.x + 10)) < 1e-9)
    }
}

/// Key m in seed 003's own scene: what moves in the gallery (nested covers, dots, the satellite) shows its model.
struct GalleryModelGhostTests {
    @Test func everyMovingFrameOfTheGalleryShowsAModelGhost() {
        var scene = GalleryScene(size: SIMD2(800, 600))
        var moving = 0, shown = 0
        for _ in 0..<4 {
            _ = scene.autoplay()
            for _ in 0..<240 {
                _ = scene.advance(by: 1.0 / 60)
                guard scene.needsFrames, scene.layers.isAnimating else { continue }
                moving += 1
                if !scene.layers.modelGhosts().isEmpty { shown += 1 }
            }
        }
        #expect(moving > 100 && shown == moving, "\(shown) of \(moving) moving frames showed a ghost")
    }
}
