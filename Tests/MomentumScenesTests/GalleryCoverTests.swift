import Foundation
import Testing
import MomentumCore
@testable import MomentumScenes

@Suite("Gallery: cover shuffle group")
struct GalleryCoverTests {
    typealias Card = GalleryCoverStack.Card

    static func distance(_ a: Card, _ b: Card) -> Double {
        let d = a.position - b.position
        return max((d * d).sum().squareRoot(), abs(a.rotation - b.rotation), abs(a.z - b.z))
    }

    @Test("nothing moves before the 0.5 s begin time; at 1.7 s the cards rest on their new model values")
    func beginTimeAndEnd() {
        var driver = GalleryDriver()
        driver.advance(to: 0.3)
        let before = driver.scene.presentedCovers
        let backCard = driver.scene.coverOrder.first ?? -1
        let events = driver.tap(.covers)
        #expect(events.map(\.kind) == [.tap] && events.first?.item == "covers")
        let t0 = driver.scene.time
        let model = driver.scene.covers.model
        // The back card's model is now the front: highest z, lowest on screen.
        #expect(model[backCard].z == model.map(\.z).max())
        #expect(model[backCard].position.y == model.map(\.position.y).max())
        // Before the begin time: exactly the old values (fill mode backwards), although the models moved.
        for t in [0.0, 0.1, 0.25, 0.4, 0.5 - 1e-9] {
            driver.advance(to: t0 + t)
            #expect(driver.scene.needsFrames)
            for (now, old) in zip(driver.scene.presentedCovers, before) {
                #expect(Self.distance(now, old) <= 1e-9, "card \(now.id) moved before the begin time, at +\(t) s")
            }
        }
        // Half-way through the group (+0.5 + 0.6 s): the keyframes' middle values, the z ramps half-way.
        driver.advance(to: t0 + 0.5 + 0.6)
        for (card, (old, new)) in zip(driver.scene.presentedCovers, zip(before, model)) {
            let halfway = 0.5 * (old.position + new.position)
            if card.id == backCard {
                let swing = halfway + SIMD2(110, -20)
                #expect(abs(card.position.x - swing.x) <= 1e-9 && abs(card.position.y - swing.y) <= 1e-9)
                #expect(abs(card.rotation - 0.14) <= 1e-12)
            } else {
                // Ease-in-out is symmetric: half the time is half the way.
                #expect(abs(card.position.x - halfway.x) <= 1e-5 && abs(card.position.y - halfway.y) <= 1e-5)
                #expect(card.rotation == 0)
            }
            #expect(abs(card.z - 0.5 * (old.z + new.z)) <= 1e-12)
        }
        // Just before the end it is already (almost) there; at 1.7 s it is exactly the model and the group is gone.
        driver.advance(to: t0 + 1.7 - 1e-6)
        // (z is linear: 3 slots in 1.2 s leave 2.5e-6 a microsecond before the end; positions ease in.)
        for (card, new) in zip(driver.scene.presentedCovers, model) { #expect(Self.distance(card, new) <= 1e-5) }
        #expect(driver.scene.isAnimating(.covers))
        let end = driver.advance(to: t0 + 1.7)
        #expect(end.contains { $0.kind == .finished && $0.item == "covers" })
        #expect(!driver.scene.isAnimating(.covers))
        #expect(driver.scene.presentedCovers == model)
        #expect(driver.scene.coverOrder.last == backCard)
        #expect(driver.scene.coverOrder == driver.scene.covers.order)
    }

    @Test("the moving card passes in front of the others while it is swung out")
    func zOrderChangesMidFlight() {
        var driver = GalleryDriver()
        let backCard = driver.scene.coverOrder.first ?? -1
        _ = driver.tap(.covers)
        let t0 = driver.scene.time
        var frontAt: Double?
        var t = 0.0
        while t < 1.7 {
            driver.advance(to: t0 + t)
            if frontAt == nil, driver.scene.coverOrder.last == backCard { frontAt = t }
            t += 1.0 / 60
        }
        let front = frontAt ?? .infinity
        #expect(front > 0.5 && front < 1.7)
    }
}
