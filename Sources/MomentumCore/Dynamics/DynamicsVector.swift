/// A 2-D vector in UIKit points (positions, velocities in pt/s, or UIKit force/impulse magnitudes).
public struct DynamicsVector: Equatable, Hashable, Sendable {
    /// Horizontal component (x grows to the right).
    public var x: Double
    /// Vertical component (y grows downwards, as in UIKit).
    public var y: Double

    /// Creates a vector from its components.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The zero vector.
    public static let zero = DynamicsVector(x: 0, y: 0)

    /// Euclidean length.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Squared length.
    var lengthSquared: Double { x * x + y * y }

    /// Component-wise sum.
    public static func + (a: DynamicsVector, b: DynamicsVector) -> DynamicsVector {
        DynamicsVector(x: a.x + b.x, y: a.y + b.y)
    }

    /// Component-wise difference.
    public static func - (a: DynamicsVector, b: DynamicsVector) -> DynamicsVector {
        DynamicsVector(x: a.x - b.x, y: a.y - b.y)
    }

    /// Scalar multiple.
    public static func * (s: Double, v: DynamicsVector) -> DynamicsVector {
        DynamicsVector(x: s * v.x, y: s * v.y)
    }

    /// Negation.
    public static prefix func - (v: DynamicsVector) -> DynamicsVector {
        DynamicsVector(x: -v.x, y: -v.y)
    }

    /// Dot product.
    func dot(_ o: DynamicsVector) -> Double { x * o.x + y * o.y }

    /// 2-D cross product (z component of self × o).
    func cross(_ o: DynamicsVector) -> Double { x * o.y - y * o.x }

    /// Linear interpolation from self (t = 0) to o (t = 1).
    func lerp(to o: DynamicsVector, _ t: Double) -> DynamicsVector {
        DynamicsVector(x: x + (o.x - x) * t, y: y + (o.y - y) * t)
    }
}

extension DynamicsVector {
    /// Creates a vector from a SIMD pair (the `AnimationBackend` value type).
    public init(_ v: SIMD2<Double>) {
        self.init(x: v.x, y: v.y)
    }

    /// The vector as a SIMD pair.
    public var simd: SIMD2<Double> { SIMD2(x, y) }
}
