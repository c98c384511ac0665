import RealModule

/// Robert Penner's easing equations (the RBBAnimation / easings.net set) with their exact derivatives.
///
/// Every family is defined by its ease-in curve f(t); ease-out is 1 − f(1 − t) and ease-in-out is f(2t)/2 for
/// t < ½ and 1 − f(2 − 2t)/2 after, as Penner does. Back ease-in-out uses overshoot 1.70158 × 1.525 and elastic
/// ease-in-out period 0.45, matching Penner's ease-in-out variants. (RBBAnimation's own `EaseOutQuart` and
/// `EaseInOutQuart` have bugs — `pow(t − 1, 4) + 1` and an integer `−1 / 2` — this set uses the correct curves.)
public struct EasingCurve: Sendable, Hashable {
    /// The shape of the curve.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        /// t².
        case quad
        /// t³.
        case cubic
        /// t⁴.
        case quart
        /// t⁵.
        case quint
        /// 1 − cos(πt/2).
        case sine
        /// 2^(10(t − 1)), 0 at t = 0.
        case expo
        /// 1 − √(1 − t²).
        case circ
        /// (s + 1)t³ − st², s = 1.70158: pulls back before leaving.
        case back
        /// −2^(10(t − 1)) sin((t − 1 − p/4)·2π/p), p = 0.3: a decaying oscillation.
        case elastic
        /// The mirrored bouncing-ball curve.
        case bounce
    }

    /// Which end the curve eases.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// Slow start.
        case `in`
        /// Slow end.
        case out
        /// Slow start and end.
        case inOut
    }

    /// The shape.
    public var family: Family
    /// The eased end(s).
    public var direction: Direction

    /// Creates an easing curve.
    public init(_ family: Family, _ direction: Direction) {
        self.family = family
        self.direction = direction
    }

    private static let ln2 = 0.6931471805599453
    private static let backOvershoot = 1.70158
    private static let bounceK = 7.5625  // (11/4)²

    /// Output progress for input progress t ∈ [0, 1] (clamped outside).
    public func value(at t: Double) -> Double {
        let t = Swift.min(Swift.max(t, 0), 1)
        switch direction {
        case .in:
            return easeIn(t, inOut: false).value
        case .out:
            return 1 - easeIn(1 - t, inOut: false).value
        case .inOut:
            return t < 0.5 ? easeIn(2 * t, inOut: true).value / 2 : 1 - easeIn(2 - 2 * t, inOut: true).value / 2
        }
    }

    /// The slope d(output)/d(input) at t (zero outside [0, 1], where the value is held).
    public func slope(at t: Double) -> Double {
        guard t >= 0, t <= 1 else { return 0 }
        switch direction {
        case .in:
            return easeIn(t, inOut: false).slope
        case .out:
            return easeIn(1 - t, inOut: false).slope
        case .inOut:
            return t < 0.5 ? easeIn(2 * t, inOut: true).slope : easeIn(2 - 2 * t, inOut: true).slope
        }
    }

    /// The ease-in curve f(t) and f′(t), t ∈ [0, 1].
    private func easeIn(_ t: Double, inOut: Bool) -> (value: Double, slope: Double) {
        switch family {
        case .quad: return (t * t, 2 * t)
        case .cubic: return (t * t * t, 3 * t * t)
        case .quart: return (t * t * t * t, 4 * t * t * t)
        case .quint: return (t * t * t * t * t, 5 * t * t * t * t)
        case .sine:
            let angle = Double.pi / 2 * t
            return (1 - Double.cos(angle), Double.pi / 2 * Double.sin(angle))
        case .expo:
            if t == 0 { return (0, 0) }
            let power = Double.exp((10 * t - 10) * Self.ln2)
            return (power, 10 * Self.ln2 * power)
        case .circ:
            let root = (Swift.max(0, 1 - t * t)).squareRoot()
            return (1 - root, root > 0 ? t / root : Double.greatestFiniteMagnitude)
        case .back:
            let s = inOut ? Self.backOvershoot * 1.525 : Self.backOvershoot
            return ((s + 1) * t * t * t - s * t * t, 3 * (s + 1) * t * t - 2 * s * t)
        case .elastic:
            if t == 0 { return (0, 0) }
            if t == 1 { return (1, 0) }
            let period = inOut ? 0.45 : 0.3
            let omega = 2 * Double.pi / period
            let phase = (t - 1 - period / 4) * omega
            let envelope = Double.exp(10 * (t - 1) * Self.ln2)
            let sine = Double.sin(phase)
            return (-envelope * sine, -envelope * (10 * Self.ln2 * sine + omega * Double.cos(phase)))
        case .bounce:
            let out = Self.bounceOut(1 - t)
            return (1 - out.value, out.slope)
        }
    }

    /// Penner's bounce-out: four parabolas k(t − c)² + d.
    private static func bounceOut(_ t: Double) -> (value: Double, slope: Double) {
        let (c, d): (Double, Double)
        if t < 4.0 / 11.0 {
            (c, d) = (0, 0)
        } else if t < 8.0 / 11.0 {
            (c, d) = (6.0 / 11.0, 0.75)
        } else if t < 10.0 / 11.0 {
            (c, d) = (9.0 / 11.0, 0.9375)
        } else {
            (c, d) = (21.0 / 22.0, 0.984375)
        }
        let u = t - c
        return (bounceK * u * u + d, 2 * bounceK * u)
    }
}
