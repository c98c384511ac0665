import Benchmark

/// Benchmark state carried from one measured tick to the next.
///
/// package-benchmark calls a benchmark's closure once per iteration on one thread, so the state lives in a
/// reference the closure captures; it is never shared between threads (hence the unchecked conformance).
final class Workload<State>: @unchecked Sendable {
    /// The state (animator, world, animations) advanced by the ticks.
    var state: State
    /// Ticks taken so far.
    var ticks = 0

    init(_ state: State) {
        self.state = state
    }
}

extension Workload {
    /// Registers benchmark `name` over this state: each iteration runs `prepare` (untimed, given the tick number)
    /// every `interval` ticks, then the one measured `tick`, then `check` (untimed) on the state it left.
    func register(_ name: String, every interval: Int = 1,
                  prepare: @escaping @Sendable (inout State, Int) -> Void = { _, _ in },
                  tick: @escaping @Sendable (inout State) -> Void,
                  check: @escaping @Sendable (State) -> Void = { _ in }) {
        Benchmark(name) { benchmark in
            if self.ticks % interval == 0 { prepare(&self.state, self.ticks) }
            benchmark.startMeasurement()
            tick(&self.state)
            benchmark.stopMeasurement()
            self.ticks += 1
            check(self.state)
        }
    }
}

/// A deterministic stream of numbers in [0, 1) (64-bit LCG, top 53 bits), the same as `CReference/common.h`.
struct Lcg {
    private var seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
    }

    mutating func next() -> Double {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(seed >> 11) * 0x1p-53
    }
}

/// The frame interval of every tick: 60 Hz.
let frameInterval = 1.0 / 60
