import Benchmark
import MomentumCore

/// N springs advanced by one frame, as the app drives them (`Animator<Int, SpringAnimation>`, the spring backend's
/// parameters k 300, c 20, m 1), as a bare `ContiguousArray<SpringAnimation>` (the floor without the driver), and as
/// one `SpringField` (structure-of-arrays, shared parameters: the batch type for particle and list demos).
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
            return (from, from + distance * SIMD2(cosine(angle), sine(angle)))
        }
    }

    static func register() {
        let ends = endpoints()

        var animator = Animator<Int, SpringAnimation>()
        for i in 0..<count { animator.add(SpringAnimation(parameters: parameters, at: ends[i].from), for: i) }
        let driven = Workload(animator)
        Benchmark("Springs100k.Animator") { benchmark in
            if driven.ticks % restartInterval == 0 {
                for i in 0..<count { driven.state.start(i, from: ends[i].from, velocity: .zero, to: ends[i].to) }
            }
            benchmark.startMeasurement()
            driven.state.advance(by: frameInterval)
            benchmark.stopMeasurement()
            driven.ticks += 1
            for i in stride(from: 0, to: count, by: 97) {
                precondition(driven.state[i]?.isAtRest == false, "a spring settled inside the measured window")
            }
        }

        let bare = Workload(ContiguousArray((0..<count).map { SpringAnimation(parameters: parameters, at: ends[$0].from) }))
        Benchmark("Springs100k.Array") { benchmark in
            if bare.ticks % restartInterval == 0 {
                for i in 0..<count { bare.state[i].start(from: ends[i].from, velocity: .zero, to: ends[i].to) }
            }
            benchmark.startMeasurement()
            advanceAll(&bare.state)
            benchmark.stopMeasurement()
            bare.ticks += 1
            for i in stride(from: 0, to: count, by: 97) {
                precondition(!bare.state[i].isAtRest, "a spring settled inside the measured window")
            }
        }

        registerField(ends)
    }

    static func registerField(_ ends: [(from: SIMD2<Double>, to: SIMD2<Double>)]) {
        let field = Workload(SpringField(parameters: parameters, positions: ends.map(\.from)))
        Benchmark("Springs100k.Field") { benchmark in
            if field.ticks % restartInterval == 0 {
                for i in 0..<count { field.state.start(i, from: ends[i].from, velocity: .zero, to: ends[i].to) }
            }
            benchmark.startMeasurement()
            field.state.advance(by: frameInterval)
            benchmark.stopMeasurement()
            field.ticks += 1
            precondition(field.state.movingCount == count, "a spring settled inside the measured window")
        }
    }

    static func advanceAll(_ springs: inout ContiguousArray<SpringAnimation>) {
        for i in springs.indices where !springs[i].isAtRest {
            springs[i].advance(by: frameInterval)
        }
    }
}

/// Series cos/sin for set-up only (MomentumCore has no public trig; Foundation is not needed here).
func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }

func sine(_ x: Double) -> Double {
    // Reduce to [−π, π], then a 15-term series: set-up precision only.
    var r = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if r > Double.pi { r -= 2 * Double.pi }
    if r < -Double.pi { r += 2 * Double.pi }
    var term = r
    var sum = r
    for n in 1..<15 {
        term *= -r * r / Double((2 * n) * (2 * n + 1))
        sum += term
    }
    return sum
}
