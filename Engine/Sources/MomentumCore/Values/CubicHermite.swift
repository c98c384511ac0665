/// Cubic Hermite interpolation between two states (value, velocity) one step `h` apart: C¹ and exact for
/// any cubic motion, with error h⁴·max|x⁗|/384 in value.
@usableFromInline
enum CubicHermite {
    /// Value and velocity at fraction `u` ∈ [0, 1] of the step from (x0, v0) to (x1, v1).
    @inlinable @inline(__always)
    static func interpolate<Vector: SIMD>(
        x0: Vector, v0: Vector, x1: Vector, v1: Vector, step h: Double, fraction u: Double
    ) -> (value: Vector, velocity: Vector) where Vector.Scalar == Double {
        let u2 = u * u
        let u3 = u2 * u
        let h10 = u3 - 2 * u2 + u
        let h01 = 3 * u2 - 2 * u3
        let h11 = u3 - u2
        // h00·x0 + h01·x1 written as x0 + h01·(x1 − x0) (h00 = 1 − h01): a state held still (x0 = x1, no velocity)
        // is reproduced exactly rather than to within an ulp.
        let value = x0 + h01 * (x1 - x0) + (h10 * h) * v0 + (h11 * h) * v1
        // d/dt = (1/h)·d/du.
        let d00 = (6 * u2 - 6 * u) / h
        let d10 = 3 * u2 - 4 * u + 1
        let d11 = 3 * u2 - 2 * u
        let velocity = d00 * (x0 - x1) + d10 * v0 + d11 * v1
        return (value, velocity)
    }
}
