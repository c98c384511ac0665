import RealModule
import Benchmark
import MomentumCore
import MomentumLayers

/// N springs advanced by one frame: as the app drives them (`MultiAnimator<Int>` of `PropertyAnimation`, the layer
/// tree's driver), through an animator of the concrete backend (`Animator<Int, SpringAnimation>`; parameters k 300, c 20,
/// m 1), as a bare `ContiguousArray<SpringAnimation>` (the floor without the driver), and as
/// one `SpringField` (structure-of-arrays, shared parameters: the batch type for particle and list demos); and
/// end to end as the app ticks them: a `LayerTree` of N layers whose positions spring (`tree.advance(by:)`, which
/// also removes settled animations).
enum SpringBenchmarks {
    static let count = 100_000
    /// Every 20 ticks (1/3 s) all springs restart: with ζ ≈ 0.58 (decay rate 10/s) the shortest move (100 px) is
    /// still 3.6 px from its target then, so every measured tick advances all N springs (checked on a sample).
    static let restartInterval = 20
    static let parameters = SpringParameters(stiffness: 300, damping: 20, mass: 1)

    /// Start and target of spring `i` (a deterministic scatter over a 1000 × 1000 pt area).
    static func endpoints() -> [(from: SIMD2<Double>, to: SIMD2<Double>)] {
        var random = Lcg(seed: 1)
        return (0..<count).map { _ in
            let from = SIMD2(random.next() * 1000, random.next() * 1000)
            let angle = random.next() * 2 * Double.pi
            let distance = 100 + random.next() * 500
            return (from, from + distance * SIMD2(Double.cos(angle), Double.sin(angle)))
        }
    }

    static func register() {
        let ends = endpoints()

        var animator = Animator<Int, SpringAnimation>()
        for i in 0..<count { animator.add(SpringAnimation(parameters: parameters, at: ends[i].from), for: i) }
        Workload(animator).register(
            "Springs100k.Animator", every: restartInterval,
            prepare: { animator, _ in
                for i in 0..<count { animator.start(i, from: ends[i].from, velocity: .zero, to: ends[i].to) }
            },
            tick: { $0.advance(by: frameInterval) },
            check: { animator in
                for i in stride(from: 0, to: count, by: 97) {
                    precondition(animator[i]?.isAtRest == false, "a spring settled inside the measured window")
                }
            })

        // The app's path: the layer tree's driver, a MultiAnimator of PropertyAnimation.
        var properties = MultiAnimator<Int>()
        for i in 0..<count { properties.add(.spring(SpringAnimation(parameters: parameters, at: ends[i].from)), for: i) }
        Workload(properties).register(
            "Springs100k.PropertyAnimation", every: restartInterval,
            prepare: { animator, _ in
                for i in 0..<count { animator.start(i, from: ends[i].from, velocity: .zero, to: ends[i].to) }
            },
            tick: { $0.advance(by: frameInterval) },
            check: { animator in
                for i in stride(from: 0, to: count, by: 97) {
                    precondition(animator.contains(i), "a spring settled inside the measured window")
                }
            })

        // End to end: a layer tree of `count` layers, each position on a spring; the tick is the tree's advance
        // (the animator's advance, then its walk for settled animations to remove).
        var tree = LayerTree(size: SIMD2(1000, 1000))
        let layers = (0..<count).map { i in
            tree.add(Layer(frame: DrawRect(origin: ends[i].from - 5, size: SIMD2(10, 10)), backgroundColor: .white))
        }
        let template = SpringAnimation(parameters: parameters, at: .zero)
        Workload(tree).register(
            "Springs100k.LayerTree", every: restartInterval,
            prepare: { tree, _ in
                for i in 0..<count {
                    var spring = template
                    spring.start(from: ends[i].from, velocity: .zero, to: ends[i].to)
                    tree.animate(.position, of: layers[i], with: .spring(spring))
                }
            },
            tick: { $0.advance(by: frameInterval) },
            check: { tree in
                for i in stride(from: 0, to: count, by: 97) {
                    precondition(tree.animation(.position, of: layers[i]) != nil,
                                 "a spring settled inside the measured window")
                }
            })

        let springs = ContiguousArray((0..<count).map { SpringAnimation(parameters: parameters, at: ends[$0].from) })
        Workload(springs).register(
            "Springs100k.Array", every: restartInterval,
            prepare: { springs, _ in
                for i in 0..<count { springs[i].start(from: ends[i].from, velocity: .zero, to: ends[i].to) }
            },
            tick: { advanceAll(&$0) },
            check: { springs in
                for i in stride(from: 0, to: count, by: 97) {
                    precondition(!springs[i].isAtRest, "a spring settled inside the measured window")
                }
            })

        Workload(SpringField(parameters: parameters, positions: ends.map(\.from))).register(
            "Springs100k.Field", every: restartInterval,
            prepare: { field, _ in
                for i in 0..<count { field.start(i, from: ends[i].from, velocity: .zero, to: ends[i].to) }
            },
            tick: { $0.advance(by: frameInterval) },
            check: { precondition($0.movingCount == count, "a spring settled inside the measured window") })
    }

    static func advanceAll(_ springs: inout ContiguousArray<SpringAnimation>) {
        for i in springs.indices where !springs[i].isAtRest {
            springs[i].advance(by: frameInterval)
        }
    }
}
