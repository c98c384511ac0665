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
