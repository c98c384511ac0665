/// Vector helpers on the engine's one 2-D vector type, `SIMD2<Double>` (positions in points, velocities in pt/s,
/// forces and impulses).
extension SIMD2 where Scalar == Double {
    /// Euclidean length.
    @inlinable
    public var length: Double { lengthSquared.squareRoot() }

    /// Squared length.
    @inlinable
    public var lengthSquared: Double { x * x + y * y }

    /// Dot product.
    @inlinable
    public func dot(_ o: SIMD2<Double>) -> Double { x * o.x + y * o.y }

    /// 2-D cross product (z component of self × o).
    @inlinable
    public func cross(_ o: SIMD2<Double>) -> Double { x * o.y - y * o.x }

    /// Linear interpolation from self (t = 0) to o (t = 1).
    @inlinable
    public func lerp(to o: SIMD2<Double>, _ t: Double) -> SIMD2<Double> {
        SIMD2(x + (o.x - x) * t, y + (o.y - y) * t)
    }
}
