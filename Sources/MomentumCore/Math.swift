/// Transcendental functions for the engine, written on the standard library alone (no Foundation, no libm).
///
/// Method: range reduction with constants split into an exactly multipliable high part and a low part,
/// then a Taylor/Maclaurin polynomial (Horner form) on the reduced interval, carried far enough that the
/// truncation error is below 1e-18 relative. Measured against 50-digit references (MathTests): ≤ 1e-15
/// relative for exp, expm1, log, sin, cos, atan, atan2 over the tested ranges; `pow` is ≤ (1 + |y·ln x|)·2⁻⁵²
/// relative. sin/cos reduce by π/2 in three 32-bit pieces, exact for |x| < 2²⁰·π/2 ≈ 1.6e6 and progressively
/// less accurate beyond (never needed by the engine: arguments are ω·t over a few seconds).
public enum Math {
    /// π to double precision.
    public static let pi = 3.141592653589793

    // ln 2 split so that k·ln2Hi is exact for |k| < 2²¹.
    private static let ln2Hi = 0.6931471803691238
    private static let ln2Lo = 1.9082149292705877e-10
    private static let invLn2 = 1.4426950408889634
    // π/2 split in three pieces of at most 32 significant bits.
    private static let pio2A = 1.5707963267341256
    private static let pio2B = 6.077100506303966e-11
    private static let pio2C = 2.0222662487959506e-21
    private static let twoOverPi = 0.6366197723675814
    private static let pio2Hi = 1.5707963267948966
    private static let pio2Lo = 6.123233995736766e-17
    private static let piLo = 1.2246467991473532e-16

    /// e raised to `x`.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        let k = (x * invLn2).rounded()
        let r = (x - k * ln2Hi) - k * ln2Lo        // |r| ≤ ln2/2
        // e^r = 1 + (r + r²·(1/2 + r/6 + …)): the small tail is summed first so the final rounding dominates.
        var q = 1.1470745597729725e-11
        q = 1.6059043836821613e-10 + r * q
        q = 2.08767569878681e-09 + r * q
        q = 2.505210838544172e-08 + r * q
        q = 2.755731922398589e-07 + r * q
        q = 2.7557319223985893e-06 + r * q
        q = 2.48015873015873e-05 + r * q
        q = 0.0001984126984126984 + r * q
        q = 0.001388888888888889 + r * q
        q = 0.008333333333333333 + r * q
        q = 0.041666666666666664 + r * q
        q = 0.16666666666666666 + r * q
        q = 0.5 + r * q
        let p = 1 + (r + r * r * q)
        return Double(sign: .plus, exponent: Int(k), significand: p)
    }

    /// e raised to `x`, minus one, accurate for small `x` (no cancellation).
    public static func expm1(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x.magnitude > 0.34657359027997264 { return exp(x) - 1 }
        let r = x
        var p = 7.647163731819816e-13
        p = 1.1470745597729725e-11 + r * p
        p = 1.6059043836821613e-10 + r * p
        p = 2.08767569878681e-09 + r * p
        p = 2.505210838544172e-08 + r * p
        p = 2.755731922398589e-07 + r * p
        p = 2.7557319223985893e-06 + r * p
        p = 2.48015873015873e-05 + r * p
        p = 0.0001984126984126984 + r * p
        p = 0.001388888888888889 + r * p
        p = 0.008333333333333333 + r * p
        p = 0.041666666666666664 + r * p
        p = 0.16666666666666666 + r * p
        p = 0.5 + r * p
        p = 1.0 + r * p
        return x * p
    }

    /// Natural logarithm of `x` (NaN for negative `x`, −∞ at zero).
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        var k = Double(x.exponent)
        var m = x.significand                      // [1, 2)
        if m > 1.4142135623730951 { m *= 0.5; k += 1 }
        // log(m) = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.1716; m − 1 is exact (Sterbenz).
        let s = (m - 1) / (m + 1)
        let z = s * s
        var p = 0.04
        p = 0.043478260869565216 + z * p
        p = 0.047619047619047616 + z * p
        p = 0.05263157894736842 + z * p
        p = 0.058823529411764705 + z * p
        p = 0.06666666666666667 + z * p
        p = 0.07692307692307693 + z * p
        p = 0.09090909090909091 + z * p
        p = 0.1111111111111111 + z * p
        p = 0.14285714285714285 + z * p
        p = 0.2 + z * p
        p = 0.3333333333333333 + z * p
        p = 1.0 + z * p
        return k * ln2Hi + (2 * s * p + k * ln2Lo)
    }

    /// `x` raised to `y` as exp(y·ln x), with the usual special cases for zero, one and negative bases.
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 || x == 1 { return 1 }
        if x.isNaN || y.isNaN { return .nan }
        if x == 0 { return y > 0 ? 0 : .infinity }
        if y == y.rounded() && y.magnitude <= 64 { return integerPower(x, Int(y)) }
        if x < 0 {
            guard y == y.rounded() else { return .nan }
            let magnitude = exp(y * log(-x))
            let isOdd = y.magnitude < 9.007199254740992e15 && (y * 0.5) != (y * 0.5).rounded()
            return isOdd ? -magnitude : magnitude
        }
        return exp(y * log(x))
    }

    /// `x` raised to a small integer power by binary powering (exact for exactly representable results).
    private static func integerPower(_ x: Double, _ n: Int) -> Double {
        var base = n < 0 ? 1 / x : x
        var remaining = n.magnitude
        var result = 1.0
        while remaining > 0 {
            if remaining & 1 == 1 { result *= base }
            base *= base
            remaining >>= 1
        }
        return result
    }

    /// Sine of `x` (radians).
    public static func sin(_ x: Double) -> Double {
        let (q, r) = reduceQuarterTurns(x)
        switch q & 3 {
        case 0: return sinKernel(r)
        case 1: return cosKernel(r)
        case 2: return -sinKernel(r)
        default: return -cosKernel(r)
        }
    }

    /// Cosine of `x` (radians).
    public static func cos(_ x: Double) -> Double {
        let (q, r) = reduceQuarterTurns(x)
        switch q & 3 {
        case 0: return cosKernel(r)
        case 1: return -sinKernel(r)
        case 2: return -cosKernel(r)
        default: return sinKernel(r)
        }
    }

    /// Arctangent of `x`, in (−π/2, π/2).
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        let a = x.magnitude
        let result: Double
        if a < 0.4375 {
            result = atanKernel(a)
        } else if a < 0.6875 {                     // atan(a) = atan(1/2) + atan((2a − 1)/(2 + a))
            result = 0.4636476090008061 + (2.2698777452961687e-17 + atanKernel((2 * a - 1) / (2 + a)))
        } else if a < 1.1875 {                     // atan(a) = π/4 + atan((a − 1)/(a + 1))
            result = 0.7853981633974483 + (3.061616997868383e-17 + atanKernel((a - 1) / (a + 1)))
        } else if a < 2.4375 {                     // atan(a) = atan(3/2) + atan((a − 1.5)/(1 + 1.5a))
            result = 0.982793723247329 + (1.3903311031230998e-17 + atanKernel((a - 1.5) / (1 + 1.5 * a)))
        } else if a.isInfinite {
            result = pio2Hi
        } else {                                   // atan(a) = π/2 − atan(1/a)
            result = pio2Hi + (pio2Lo - atanKernel(1 / a))
        }
        return x < 0 ? -result : result
    }

    /// Angle of the point (`x`, `y`) from the positive x axis, in (−π, π].
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if y == 0 {
            if x > 0 || (x == 0 && x.sign == .plus) { return y }
            return y.sign == .minus ? -pi : pi
        }
        if x == 0 { return y > 0 ? pio2Hi : -pio2Hi }
        if x.isInfinite && y.isInfinite {
            let quarter = 0.7853981633974483
            let angle = x > 0 ? quarter : 3 * quarter
            return y > 0 ? angle : -angle
        }
        let base: Double
        if x.isInfinite { base = 0 } else if y.isInfinite { base = pio2Hi } else { base = atan((y / x).magnitude) }
        let angle = x > 0 ? base : (pi - base) + piLo
        return y > 0 ? angle : -angle
    }

    /// Reduces `x` to `r` in [−π/4, π/4] with `x = q·π/2 + r`.
    private static func reduceQuarterTurns(_ x: Double) -> (Int, Double) {
        if !x.isFinite { return (0, .nan) }
        var value = x
        if value.magnitude > 1.0e6 {
            // Far outside the engine's range: fold by 2π first (absolute error grows with |x|).
            value = value.remainder(dividingBy: 2 * pi)
        }
        let n = (value * twoOverPi).rounded()
        let r = ((value - n * pio2A) - n * pio2B) - n * pio2C
        return (Int(n), r)
    }

    private static func sinKernel(_ r: Double) -> Double {
        let z = r * r
        var p = 1.9572941063391263e-20
        p = -8.22063524662433e-18 + z * p
        p = 2.8114572543455206e-15 + z * p
        p = -7.647163731819816e-13 + z * p
        p = 1.6059043836821613e-10 + z * p
        p = -2.505210838544172e-08 + z * p
        p = 2.7557319223985893e-06 + z * p
        p = -0.0001984126984126984 + z * p
        p = 0.008333333333333333 + z * p
        p = -0.16666666666666666 + z * p
        p = 1.0 + z * p
        return r * p
    }

    private static func cosKernel(_ r: Double) -> Double {
        let z = r * r
        var p = -8.896791392450574e-22
        p = 4.110317623312165e-19 + z * p
        p = -1.5619206968586225e-16 + z * p
        p = 4.779477332387385e-14 + z * p
        p = -1.1470745597729725e-11 + z * p
        p = 2.08767569878681e-09 + z * p
        p = -2.755731922398589e-07 + z * p
        p = 2.48015873015873e-05 + z * p
        p = -0.001388888888888889 + z * p
        p = 0.041666666666666664 + z * p
        p = -0.5 + z * p
        p = 1.0 + z * p
        return p
    }

    /// atan for |t| ≤ 0.4375 by its Maclaurin series.
    private static func atanKernel(_ t: Double) -> Double {
        let z = t * t
        var p = -0.0196078431372549
        p = 0.02040816326530612 + z * p
        p = -0.02127659574468085 + z * p
        p = 0.022222222222222223 + z * p
        p = -0.023255813953488372 + z * p
        p = 0.024390243902439025 + z * p
        p = -0.02564102564102564 + z * p
        p = 0.02702702702702703 + z * p
        p = -0.02857142857142857 + z * p
        p = 0.030303030303030304 + z * p
        p = -0.03225806451612903 + z * p
        p = 0.034482758620689655 + z * p
        p = -0.037037037037037035 + z * p
        p = 0.04 + z * p
        p = -0.043478260869565216 + z * p
        p = 0.047619047619047616 + z * p
        p = -0.05263157894736842 + z * p
        p = 0.058823529411764705 + z * p
        p = -0.06666666666666667 + z * p
        p = 0.07692307692307693 + z * p
        p = -0.09090909090909091 + z * p
        p = 0.1111111111111111 + z * p
        p = -0.14285714285714285 + z * p
        p = 0.2 + z * p
        p = -0.3333333333333333 + z * p
        p = 1.0 + z * p
        return t * p
    }
}
