import Testing
@testable import MomentumCore

/// Every touching pair of a driver's items solved at once (`resolveContacts` over several items, `separate`,
/// `setCollisionGroup`), against closed forms: what the position solver leaves, momentum, a stack on a floor.
@Suite("Dynamics contacts solved together")
struct DynamicsSeparateTests {
    static func box(density: Double = 1) -> DynamicsItemProperties {
        DynamicsItemProperties(density: density, elasticity: 0.6, allowsRotation: false, collidesWithItems: true)
    }

    @Test("two free boxes 10 pt into each other are pushed apart along the line between them, their centre of mass kept (each moves by the other's share of the mass), and end touching: 0 to 1.5 pt apart (Box2D's skins less a slop)")
    func twoFreeBoxesArePartedAboutTheirCentreOfMass() {
        var world = DynamicsWorld()
        let a = world.addItem(center: SIMD2(0, 0), width: 100, height: 100, properties: Self.box())
        let b = world.addItem(center: SIMD2(65, 10), width: 50, height: 50, properties: Self.box())
        let deepest = world.deepestOverlap()
        #expect(abs(deepest - 10) < 1e-9)
        let left = world.separate()
        let pa = world.position(of: a), pb = world.position(of: b)
        let (ma, mb) = (world.mass(of: a), world.mass(of: b))
        #expect(left <= 0, "left \(left) pt in")
        let gap = pb.x - pa.x - 75
        #expect(gap >= 0 && gap <= 1.5, "gap \(gap)")
        // The centre of mass stays: ma·Δa + mb·Δb = 0, and nothing moves across the normal.
        #expect(abs(ma * pa.x + mb * (pb.x - 65)) < 1e-9)
        #expect(pa.y == 0 && pb.y == 10)
        // The lighter moves four times as far (a quarter of the mass).
        #expect(abs((pb.x - 65) / -pa.x - 4) < 1e-9)
    }

    @Test("a stack pressed into an immovable floor (a box 6 pt into it, a smaller one 20 pt into that box): all pushed out together, the floor holding; each rests on the one below, 0 to 1.5 pt apart, none pushed into another")
    func aStackIsPushedOutOfTheFloorTogether() {
        var world = DynamicsWorld()
        let floor = world.addItem(center: SIMD2(0, 1000), width: 2000, height: 1000, properties: Self.box(density: 0))
        let lower = world.addItem(center: SIMD2(0, 500 - 50 + 6), width: 100, height: 100, properties: Self.box())
        let upper = world.addItem(center: SIMD2(10, 456 - 50 - 30 + 20), width: 60, height: 60, properties: Self.box())
        let left = world.separate()
        #expect(left <= 0, "left \(left) pt in")
        #expect(world.position(of: floor) == SIMD2(0, 1000))
        let lowerGap = 500 - (world.position(of: lower).y + 50)
        let upperGap = (world.position(of: lower).y - 50) - (world.position(of: upper).y + 30)
        #expect(lowerGap >= 0 && lowerGap <= 1.5 && upperGap >= 0 && upperGap <= 1.5, "\(lowerGap) \(upperGap)")
        #expect(world.position(of: lower).x == 0 && world.position(of: upper).x == 10)
    }

    @Test("a box squeezed between two immovable walls narrower than it cannot be parted: what is left is said")
    func aSqueezedBoxSaysWhatIsLeft() {
        var world = DynamicsWorld()
        _ = world.addItem(center: SIMD2(-100, 0), width: 100, height: 400, properties: Self.box(density: 0))
        _ = world.addItem(center: SIMD2(100, 0), width: 100, height: 400, properties: Self.box(density: 0))
        _ = world.addItem(center: SIMD2(0, 0), width: 120, height: 50, properties: Self.box())
        #expect(world.separate() >= 9.9)
    }

    @Test("items sharing a negative collision group never meet (a card and the walls it keeps inside on its own); a body meets both")
    func aNegativeGroupDoesNotCollideWithItself() {
        var world = DynamicsWorld()
        let card = world.addItem(center: SIMD2(0, 0), width: 100, height: 100, properties: Self.box())
        let wall = world.addItem(center: SIMD2(80, 0), width: 100, height: 400, properties: Self.box(density: 0))
        let body = world.addItem(center: SIMD2(-80, 0), width: 80, height: 80, properties: Self.box())
        let both = world.overlaps().count
        #expect(both == 2)
        world.setCollisionGroup(-1, for: card)
        world.setCollisionGroup(-1, for: wall)
        let pairs = world.overlaps().map { [$0.0, $0.1] }
        #expect(pairs == [[card, body]])
        world.separate()
        #expect(world.position(of: card).x > 0, "the card parted from the body (pushed right), the wall not in its way")
    }

    @Test("a heavy box driven onto two free boxes in a row (no walls): one solve over both contacts conserves momentum, and no pair is left closing (each contact's normal velocity ≥ 0)")
    func aRowOfThreeMeetsInOneSolve() {
        var world = DynamicsWorld()
        let items = [world.addItem(center: SIMD2(0, 0), width: 160, height: 160, properties: Self.box(density: 100)),
                     world.addItem(center: SIMD2(0, 125), width: 88, height: 88, properties: Self.box(density: 100)),
                     world.addItem(center: SIMD2(0, 202), width: 64, height: 64, properties: Self.box(density: 100))]
        world.setVelocity(SIMD2(0, 2000), for: items[0])
        let momentum = { (w: DynamicsWorld) in items.map { w.mass(of: $0) * w.velocity(of: $0) }.reduce(.zero, +) }
        let before = momentum(world)
        let touched = world.resolveContacts()
        #expect(touched)
        #expect(world.touchingPairs.count == 2)
        #expect(abs((momentum(world) - before).y) < 1e-6 * abs(before.y))
        let v = items.map { world.velocity(of: $0).y }
        #expect(v[1] - v[0] >= -1e-6 && v[2] - v[1] >= -1e-6, "\(v)")
    }

    @Test("the same row against an immovable floor: the floor's push reaches the heavy box in the same solve, so it no longer drives the two into the floor or into each other")
    func aRowAgainstTheFloorStopsInOneSolve() {
        var world = DynamicsWorld()
        let items = [world.addItem(center: SIMD2(0, 0), width: 160, height: 160, properties: Self.box(density: 100)),
                     world.addItem(center: SIMD2(0, 125), width: 88, height: 88, properties: Self.box(density: 100)),
                     world.addItem(center: SIMD2(0, 202), width: 64, height: 64, properties: Self.box(density: 100)),
                     world.addItem(center: SIMD2(0, 734 + 1.5), width: 2000, height: 1000, properties: Self.box(density: 0))]
        world.setVelocity(SIMD2(0, 2000), for: items[0])
        // The playground's (`PlaygroundScene.contactIterations`): Box2D's 8 left the tile closing on the puck at 894
        // px/s, the push of the floor not yet up to the card.
        world.velocityIterations = 40
        let touched = world.resolveContacts()
        #expect(touched)
        #expect(world.touchingPairs.count == 3)
        let v = items.map { world.velocity(of: $0).y }
        // Nothing moves into the floor; each upper one no faster down than the one below it (within 5 % of the
        // throw: 40 iterations leave the tile closing on the puck at 61 px/s, against 894 with 8), and the card
        // bounces back off the stack (a card alone on a fixed tile would at 0.6 × 2,000: the others gave a little).
        #expect(v[2] <= 1e-6 && v[1] - v[2] <= 100 && v[0] - v[1] <= 100 && v[0] < -1000, "\(v)")
    }
}
