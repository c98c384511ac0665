/// A presented value and its velocity (units per second) at one instant: what every animation presents and what an
/// interrupted one hands back — the engine's one value-plus-velocity type.
public struct PresentedState<Value: VectorArithmetic>: Sendable {
    /// The value.
    public var value: Value
    /// Its rate of change, units per second.
    public var velocity: Value

    /// Creates a state.
    @inlinable
    public init(value: Value, velocity: Value) {
        self.value = value
        self.velocity = velocity
    }

    /// A value standing still.
    @inlinable
    public init(resting value: Value) {
        self.value = value
        self.velocity = value.tweenZero
    }
}

extension PresentedState: Equatable where Value: Equatable {}
