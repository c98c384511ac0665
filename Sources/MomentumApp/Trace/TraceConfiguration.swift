import MomentumCore
import MomentumLayers

/// A validated `momentum trace` request: what to simulate, how to sample it and where the output goes.
struct TraceConfiguration: Equatable {
    /// The longest a trace runs when `--seconds` is not given (it stops earlier once the animation is done).
    static let maximumSeconds = 10.0

    /// Backend and its parameters.
    var backend: TraceBackend
    /// Start value (`--from`).
    var from: SIMD2<Double>
    /// Initial target (`--to`); for decay, the landing point of the flick.
    var to: SIMD2<Double>
    /// Initial velocity in units per second (`--velocity`, default zero).
    var velocity: SIMD2<Double> = .zero
    /// Display frames per second (`--rate`).
    var rate: Double = 60
    /// Each frame interval is drawn uniformly within ±`jitter` of 1/rate (`--jitter`, in [0, 1)).
    var jitter: Double = 0
    /// Seed of the jitter generator (`--seed`).
    var seed: UInt64 = 1
    /// Fixed length of the trace (`--seconds`); nil means until done, at most `maximumSeconds`.
    var seconds: Double?
    /// Target changes, sorted by time (`--retarget T:X,Y`).
    var retargets: [TraceRetarget] = []
    /// Output format for stdout.
    var format: TraceFormat = .csv
    /// Where to write the SVG plot (`--plot`).
    var plotPath: String?
    /// Also simulate and draw a restart with zero velocity at each retarget (`--compare-abrupt`).
    var compareAbrupt = false
    /// When a spring or a decay counts as settled (`--property`, `--scale`, `--threshold`).
    var restThreshold = LayerProperty.position.restThreshold(outputScale: 1)
}

/// A `--retarget T:X,Y`: at time `time` the target becomes `target`.
struct TraceRetarget: Equatable {
    /// Seconds since the start of the trace.
    var time: Double
    /// The new target.
    var target: SIMD2<Double>
}

/// `--format`: what `trace` prints on stdout.
enum TraceFormat: String, Equatable, CaseIterable {
    /// `t,x,y,vx,vy` with a header line.
    case csv
    /// A JSON array of `{"t","x","y","vx","vy"}` objects.
    case json
}
