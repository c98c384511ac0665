import RealModule

/// The exact one-step map of the linear damped oscillator over a fixed duration `h`.
///
/// With displacement d = x − target, x'' + 2α·x' + ω₀²·d = 0 where α = c/(2m), ω₀² = k/m. The state
/// (d, v) evolves by the matrix exponential e^{Ah}, A = [[0, 1], [−ω₀², −2α]]. Writing μ = ω₀² − α²,
///   e^{Ah} = e^{−αh}·[C·I + S·(A + αI)],  C = Σ (−z)ⁿ/(2n)!,  S = h·Σ (−z)ⁿ/(2n+1)!,  z = μh²,
/// i.e. C = cos(√μ h), S = sin(√μ h)/√μ when underdamped and cosh/sinh when overdamped. Evaluation is
/// stable in every regime:
/// - |z| ≤ 1 (near critical damping, including exactly ζ = 1 and k = 0): the two entire series, no division by √μ;
/// - underdamped, z > 1: cos and sin directly;
/// - overdamped, z < −1: the two real exponentials e^{r₁h}, e^{r₂h} with r₁ = −ω₀²/(α + s) (the slow root in
///   cancellation-free form), r₂ = −(α + s), s = √−μ; e^{−αh}C = (e^{r₁h} + e^{r₂h})/2, e^{−αh}S = (e^{r₁h} − e^{r₂h})/(2s).
/// The map is exact up to rounding of its four coefficients, so any step length is stable and accurate.
@usableFromInline
struct DampedOscillatorPropagator: Equatable, Sendable {
    /// d ← dd·d + dv·v, v ← vd·d + vv·v.
    @usableFromInline let dd: Double
    @usableFromInline let dv: Double
    @usableFromInline let vd: Double
    @usableFromInline let vv: Double

    init(parameters: SpringParameters, duration h: Double) {
        let alpha = parameters.damping / (2 * parameters.mass)
        let omega2 = parameters.stiffness / parameters.mass
        let mu = omega2 - alpha * alpha
        let z = mu * h * h
        let decayedC: Double        // e^{−αh}·C
        let decayedS: Double        // e^{−αh}·S
        if z.magnitude <= 1 {
            // Horner in (−z) from n = 11 down; the first omitted term is below 1e-24 relative.
            var c = 8.896791392450574e-22              // 1/22!
            var s = 3.8681701706306835e-23             // 1/23!
            for n in stride(from: 10, through: 0, by: -1) {
                c = Self.evenInverseFactorials[n] - z * c
                s = Self.oddInverseFactorials[n] - z * s
            }
            let decay = Double.exp(-alpha * h)
            decayedC = decay * c
            decayedS = decay * s * h
        } else if z > 0 {
            let root = mu.squareRoot()
            let decay = Double.exp(-alpha * h)
            decayedC = decay * Double.cos(root * h)
            decayedS = decay * Double.sin(root * h) / root
        } else {
            let root = (-mu).squareRoot()
            let fast = -(alpha + root)
            let slow = -omega2 / (alpha + root)
            let eSlow = Double.exp(slow * h)
            let eFast = Double.exp(fast * h)
            decayedC = 0.5 * (eSlow + eFast)
            decayedS = (eSlow - eFast) / (2 * root)
        }
        dd = decayedC + alpha * decayedS
        dv = decayedS
        vd = -omega2 * decayedS
        vv = decayedC - alpha * decayedS
    }

    /// The map with the given coefficients (products and powers of propagators).
    @inlinable
    init(dd: Double, dv: Double, vd: Double, vv: Double) {
        self.dd = dd
        self.dv = dv
        self.vd = vd
        self.vv = vv
    }

    /// The identity map (zero steps).
    static let identity = DampedOscillatorPropagator(dd: 1, dv: 0, vd: 0, vv: 1)

    /// The map of `self` followed by `next` (the matrix product next · self).
    @inlinable
    func then(_ next: DampedOscillatorPropagator) -> DampedOscillatorPropagator {
        DampedOscillatorPropagator(dd: next.dd * dd + next.dv * vd, dv: next.dd * dv + next.dv * vv,
                                   vd: next.vd * dd + next.vv * vd, vv: next.vd * dv + next.vv * vv)
    }

    /// `self` applied `n` ≥ 0 times, by binary powering (about log₂ n products, so rounding grows with log n).
    @usableFromInline
    func power(_ n: Int) -> DampedOscillatorPropagator {
        precondition(n >= 0, "negative step count")
        var result = Self.identity
        var base = self
        var remaining = n
        while remaining > 0 {
            if remaining & 1 == 1 { result = result.then(base) }
            remaining >>= 1
            if remaining > 0 { base = base.then(base) }
        }
        return result
    }

    /// 1/(2n)! for n = 0…10.
    private static let evenInverseFactorials: [Double] = [
        1.0, 0.5, 0.041666666666666664, 0.001388888888888889, 2.48015873015873e-05, 2.755731922398589e-07,
        2.08767569878681e-09, 1.1470745597729725e-11, 4.779477332387385e-14, 1.5619206968586225e-16,
        4.110317623312165e-19,
    ]
    /// 1/(2n+1)! for n = 0…10.
    private static let oddInverseFactorials: [Double] = [
        1.0, 0.16666666666666666, 0.008333333333333333, 0.0001984126984126984, 2.7557319223985893e-06,
        2.505210838544172e-08, 1.6059043836821613e-10, 7.647163731819816e-13, 2.8114572543455206e-15,
        8.22063524662433e-18, 1.9572941063391263e-20,
    ]
}
