/// The one vector-arithmetic protocol of the engine: a value an animation can move is a vector space over
/// `Double` with a dot product (sums, scaling, lengths for paced keyframes and projections). `Double`,
/// `SIMD2<Double>` and `AnimatableVector` conform.
public protocol VectorArithmetic: Sendable {
    /// Component-wise sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// Component-wise difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Scales every component.
    static func * (lhs: Double, rhs: Self) -> Self
    /// The dot product (its square root is the Euclidean length).
    static func tweenDot(_ lhs: Self, _ rhs: Self) -> Double
}

extension VectorArithmetic {
    /// The Euclidean distance between two values.
    static func tweenDistance(_ lhs: Self, _ rhs: Self) -> Double {
        let delta = lhs - rhs
        return tweenDot(delta, delta).squareRoot()
    }

    /// The zero of the value's space (shaped like `self`).
    @inlinable
    var tweenZero: Self { 0 * self }
}

extension Double: VectorArithmetic {
    /// The product.
    public static func tweenDot(_ lhs: Double, _ rhs: Double) -> Double { lhs * rhs }
}

extension SIMD2: VectorArithmetic where Scalar == Double {
    /// The dot product.
    public static func tweenDot(_ lhs: SIMD2<Double>, _ rhs: SIMD2<Double>) -> Double { (lhs * rhs).sum() }
}

extension AnimatableVector: VectorArithmetic {
    /// The dot product over the used components.
    public static func tweenDot(_ lhs: AnimatableVector, _ rhs: AnimatableVector) -> Double {
        (lhs.storage * rhs.storage).sum()
    }
}
