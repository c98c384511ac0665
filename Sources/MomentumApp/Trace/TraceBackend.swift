import MomentumCore

/// The backend a trace runs, with parameters already validated (see `TraceArguments.configuration()`).
enum TraceBackend: Equatable {
    /// The fixed-step exact-propagator spring.
    case spring(SpringParameters)
    /// The same spring configured as pop configures it: bounciness and speed mapped to tension and friction
    /// (mass 1) through pop's origami conversion.
    case pop(bounciness: Double, speed: Double)
    /// The UIKit-Dynamics-style world: soft attachment (frequency Hz, damping ratio) plus item resistance,
    /// density and size (mass = density × area).
    case dynamics(frequency: Double, dampingRatio: Double, resistance: Double, density: Double,
                  width: Double, height: Double)
    /// A Bézier tween of fixed duration (`timingName` is how the user spelled the timing function); retargets
    /// compose additively (iOS 8), so velocity stays continuous.
    case tween(duration: Double, timing: TimingFunction, timingName: String)
    /// Exponential decay keeping `rate` of the velocity per millisecond; it lands where the velocity takes it.
    case decay(rate: Double)

    /// The name accepted by `--backend`.
    var name: String {
        switch self {
        case .spring: "spring"
        case .pop: "pop"
        case .dynamics: "dynamics"
        case .tween: "tween"
        case .decay: "decay"
        }
    }

    /// A short human description of the parameters, for the plot title.
    var summary: String {
        switch self {
        case .spring(let p):
            "spring k=\(TraceNumber.short(p.stiffness)) c=\(TraceNumber.short(p.damping)) m=\(TraceNumber.short(p.mass))"
                + " (ζ=\(TraceNumber.short(p.dampingRatio)), response \(TraceNumber.short(p.response)) s)"
        case let .pop(bounciness, speed):
            "pop bounciness \(TraceNumber.short(bounciness)) speed \(TraceNumber.short(speed)) ("
                + TraceBackend.spring(SpringParameters(popBounciness: bounciness, speed: speed)).summary
                .dropFirst("spring ".count) + ")"
        case let .dynamics(frequency, dampingRatio, resistance, density, width, height):
            "dynamics f=\(TraceNumber.short(frequency)) Hz ζ=\(TraceNumber.short(dampingRatio))"
                + " resistance \(TraceNumber.short(resistance)) density \(TraceNumber.short(density))"
                + " size \(TraceNumber.short(width))x\(TraceNumber.short(height))"
        case let .tween(duration, _, timingName):
            "tween \(TraceNumber.short(duration)) s \(timingName)"
        case .decay(let rate):
            "decay \(TraceNumber.short(rate))/ms"
        }
    }

    /// A backend at rest at `from` that settles by `threshold` (springs and decays); the simulation starts it.
    func makeBackend(at point: SIMD2<Double>, threshold: RestThreshold) -> any AnimationBackend {
        switch self {
        case .spring(let parameters):
            return SpringAnimation(parameters: parameters, restThreshold: threshold, at: point)
        case let .pop(bounciness, speed):
            return SpringAnimation(parameters: SpringParameters(popBounciness: bounciness, speed: speed),
                                   restThreshold: threshold, at: point)
        case let .dynamics(frequency, dampingRatio, resistance, density, width, height):
            return DynamicsBackend(value: point, frequency: frequency, damping: dampingRatio, length: 0,
                                   properties: DynamicsItemProperties(density: density, resistance: resistance),
                                   itemWidth: width, itemHeight: height)
        case let .tween(duration, timing, _):
            return TweenBackend(duration: duration, timingFunction: timing, at: point)
        case .decay(let rate):
            var decay = DecayAnimation(rate: rate, at: point)
            decay.restThreshold = threshold
            return decay
        }
    }
}
