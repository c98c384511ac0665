/// A presented value and its velocity at one instant: what an interrupted animation hands back.
public struct PresentedState: Equatable, Sendable {
    /// The value that was on screen.
    public var value: SIMD2<Double>
    /// Its velocity in units per second.
    public var velocity: SIMD2<Double>

    /// Creates a presented state.
    public init(value: SIMD2<Double>, velocity: SIMD2<Double>) {
        self.value = value
        self.velocity = velocity
    }
}
