import Benchmark
import MomentumCore

/// N dynamics items, each hanging from its own anchor by a soft attachment (UIKit `UIAttachmentBehavior`,
/// Box2D soft constraint), in one `DynamicsWorld` stepped at its default 60 Hz with 8 velocity iterations.
enum BodyBenchmarks {
    static let count = 10_000
    /// Gravity flips between down and up every 60 ticks (1 s), moving every equilibrium by ±25 pt so no item sleeps.
    static let flipInterval = 60

    static func makeWorld() -> DynamicsWorld {
        var world = DynamicsWorld()
        var random = Lcg(seed: 2)
        for _ in 0..<count {
            let anchor = SIMD2<Double>(x: random.next() * 1000, y: random.next() * 1000)
            let offset = SIMD2<Double>(x: random.next() * 400 - 200, y: random.next() * 400 - 200)
            let item = world.addItem(center: anchor + offset, width: 50, height: 50,
                                     properties: DynamicsItemProperties(density: 1, resistance: 0.5))
            _ = world.attach(item, to: anchor, length: 0, frequency: 1, damping: 0.1)
        }
        return world
    }

    static func register() {
        Workload(makeWorld()).register(
            "Bodies10k.World", every: flipInterval,
            prepare: { world, tick in
                let down = (tick / flipInterval) % 2 == 0
                world.gravity = SIMD2<Double>(x: 0, y: down ? 1 : -1)
            },
            tick: { $0.advance(by: frameInterval) },
            check: { precondition(!$0.isIdle, "bodies fell asleep inside the measured window") })
    }
}
