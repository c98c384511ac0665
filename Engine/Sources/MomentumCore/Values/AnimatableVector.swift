/// An animatable value of 1–4 components (position, scale, rotation, opacity, colour), stored inline in a
/// `SIMD4<Double>` so arithmetic never allocates. Unused components are kept at zero, so the vector's length
/// (its norm) is the length over the used components only.
public struct AnimatableVector: Equatable, Sendable {
    /// The components; those at index ≥ `count` are zero.
    public private(set) var storage: SIMD4<Double>
    /// How many components are used (1…4).
    public let count: Int

    /// Creates a vector from raw storage, zeroing components at index ≥ `count`.
    public init(storage: SIMD4<Double>, count: Int) {
        precondition((1...4).contains(count), "AnimatableVector has 1 to 4 components")
        var masked = storage
        for index in count..<4 { masked[index] = 0 }
        self.storage = masked
        self.count = count
    }

    /// A one-component value (opacity, rotation, a scalar scale).
    public init(_ x: Double) { self.init(storage: SIMD4(x, 0, 0, 0), count: 1) }
    /// A two-component value (a point, a 2-D scale).
    public init(_ x: Double, _ y: Double) { self.init(storage: SIMD4(x, y, 0, 0), count: 2) }
    /// A two-component value from a SIMD point.
    public init(_ point: SIMD2<Double>) { self.init(storage: SIMD4(point.x, point.y, 0, 0), count: 2) }
    /// A three-component value.
    public init(_ x: Double, _ y: Double, _ z: Double) { self.init(storage: SIMD4(x, y, z, 0), count: 3) }
    /// A four-component value (a colour, a rectangle).
    public init(_ x: Double, _ y: Double, _ z: Double, _ w: Double) { self.init(storage: SIMD4(x, y, z, w), count: 4) }

    /// The zero vector with `count` components.
    public static func zero(count: Int) -> AnimatableVector { AnimatableVector(storage: .zero, count: count) }

    /// Component `index` (0-based, below `count`).
    public subscript(index: Int) -> Double {
        precondition(index >= 0 && index < count, "component index out of range")
        return storage[index]
    }

    /// The first two components as a point (y is 0 for one-component values).
    public var xy: SIMD2<Double> { SIMD2(storage.x, storage.y) }

    /// Euclidean length over the used components.
    public var length: Double { (storage * storage).sum().squareRoot() }

    /// Component-wise sum (counts must match).
    public static func + (lhs: AnimatableVector, rhs: AnimatableVector) -> AnimatableVector {
        precondition(lhs.count == rhs.count, "component counts differ")
        return AnimatableVector(unchecked: lhs.storage + rhs.storage, count: lhs.count)
    }

    /// Component-wise difference (counts must match).
    public static func - (lhs: AnimatableVector, rhs: AnimatableVector) -> AnimatableVector {
        precondition(lhs.count == rhs.count, "component counts differ")
        return AnimatableVector(unchecked: lhs.storage - rhs.storage, count: lhs.count)
    }

    /// Scales every component.
    public static func * (lhs: Double, rhs: AnimatableVector) -> AnimatableVector {
        AnimatableVector(unchecked: lhs * rhs.storage, count: rhs.count)
    }

    /// Storage already known to be zero beyond `count`.
    init(unchecked storage: SIMD4<Double>, count: Int) {
        self.storage = storage
        self.count = count
    }
}
