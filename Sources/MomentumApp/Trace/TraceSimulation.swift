import MomentumCore

/// What one simulated trace produced: the per-frame rows and the state on both sides of every retarget.
struct TraceRun: Equatable {
    /// One row per display frame; the first at t = 0.
    var rows: [TraceRow]
    /// Each applied retarget, in time order.
    var retargets: [TraceRetargetEvent]
}

/// A retarget as it happened: the presented state just before and just after it, at the same instant.
struct TraceRetargetEvent: Equatable {
    /// The requested change.
    var retarget: TraceRetarget
    /// Presented state at `retarget.time` before the change.
    var before: TraceRow
    /// Presented state at `retarget.time` after the change (equal to `before` for a velocity-preserving retarget).
    var after: TraceRow
}

/// The offline simulator behind `momentum trace`: pure, deterministic, no I/O.
///
/// Frame times: t₀ = 0 and tₖ₊₁ = tₖ + (1/rate)·(1 + jitter·(2u − 1)), u uniform in [0, 1) from SplitMix64(seed).
/// Each frame the backend advances by the real interval and the presented state is recorded.
/// Retargets are exact in time: within a frame interval the backend advances exactly to T, the target changes
/// there, and the backend then continues to the next frame time (the retarget itself is not a row; it is reported
/// in `TraceRun.retargets`). A retarget at T = 0 is applied before the first row.
/// The run stops after `seconds` (rows at every frame time ≤ seconds), or, when `seconds` is nil, at the first
/// frame where the backend is at rest with no retarget pending, or after `TraceConfiguration.maximumSeconds`.
enum TraceSimulation {
    /// How a retarget is applied.
    enum RetargetMode {
        /// `retarget(to:)`: value and velocity continue (the behaviour under test).
        case preserveVelocity
        /// A fire-and-forget restart: `start(from: presented value, velocity: 0, to: new target)`.
        case restartFromRest
    }

    /// Runs the trace described by `config`, keeping every row.
    static func run(_ config: TraceConfiguration, mode: RetargetMode = .preserveVelocity) -> TraceRun {
        var rows: [TraceRow] = []
        let retargets = run(config, mode: mode) { rows.append($0) }
        return TraceRun(rows: rows, retargets: retargets)
    }

    /// Runs the trace described by `config`, handing each row to `emit` as soon as it is computed; returns the
    /// retargets as they happened.
    static func run(_ config: TraceConfiguration, mode: RetargetMode = .preserveVelocity,
                    emit: (TraceRow) -> Void) -> [TraceRetargetEvent] {
        var backend = config.backend.makeBackend(at: config.from, threshold: config.restThreshold)
        backend.start(from: config.from, velocity: config.velocity, to: config.to)
        var frames = FrameTimes(rate: config.rate, jitter: config.jitter, seed: config.seed)
        let limit = config.seconds ?? TraceConfiguration.maximumSeconds
        let slack = 1e-9 * max(1, limit)
        var pending = config.retargets[...]
        var events: [TraceRetargetEvent] = []
        var now = 0.0

        func apply(_ retarget: TraceRetarget, to backend: inout any AnimationBackend) {
            let before = TraceRow(t: retarget.time, position: backend.presentedValue, velocity: backend.presentedVelocity)
            switch mode {
            case .preserveVelocity: backend.retarget(to: retarget.target)
            case .restartFromRest: backend.start(from: backend.presentedValue, velocity: .zero, to: retarget.target)
            }
            let after = TraceRow(t: retarget.time, position: backend.presentedValue, velocity: backend.presentedVelocity)
            events.append(TraceRetargetEvent(retarget: retarget, before: before, after: after))
        }

        while let first = pending.first, first.time <= 0 {
            apply(first, to: &backend)
            pending.removeFirst()
        }
        emit(TraceRow(t: 0, position: backend.presentedValue, velocity: backend.presentedVelocity))
        while true {
            if config.seconds == nil && backend.isAtRest && pending.isEmpty { break }
            let next = frames.next()
            if next > limit + slack { break }
            while let first = pending.first, first.time <= next {
                backend.advance(by: first.time - now)
                now = first.time
                apply(first, to: &backend)
                pending.removeFirst()
            }
            backend.advance(by: next - now)
            now = next
            emit(TraceRow(t: now, position: backend.presentedValue, velocity: backend.presentedVelocity))
        }
        return events
    }

    /// The display frame times after t = 0, as `run` uses them.
    struct FrameTimes {
        private let interval: Double
        private let jitter: Double
        private var generator: SplitMix64
        private var time = 0.0
        private var count = 0

        init(rate: Double, jitter: Double, seed: UInt64) {
            interval = 1 / rate
            self.jitter = jitter
            generator = SplitMix64(seed: seed)
        }

        /// The next frame time.
        mutating func next() -> Double {
            count += 1
            if jitter == 0 {
                time = Double(count) * interval  // k/rate exactly, no accumulated rounding
            } else {
                time += interval * (1 + jitter * (2 * generator.nextUnit() - 1))
            }
            return time
        }
    }
}
