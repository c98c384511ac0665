/// A presented value and its velocity (units per second) at one instant.
public struct TweenSample<Value: TweenValue>: Sendable {
    /// The value.
    public var value: Value
    /// Its rate of change per second of the parent (layer) time.
    public var velocity: Value

    /// Creates a sample.
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
