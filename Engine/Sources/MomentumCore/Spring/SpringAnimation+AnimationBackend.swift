/// A spring drives 2-D points for the app through the common backend contract.
extension Spring: AnimationBackend where Vector == SIMD2<Double> {
    /// A spring for a 2-D point at rest at `point`.
    public init(parameters: SpringParameters = SpringParameters(), restThreshold: RestThreshold = .position,
                at point: SIMD2<Double>) {
        self.init(parameters: parameters, restThreshold: restThreshold, value: point)
    }

    /// The point and its velocity now, from one Hermite evaluation (the protocol's default evaluates it twice).
    @inlinable
    public var presentedState: PresentedState<SIMD2<Double>> {
        let state = presentedStorage
        return PresentedState(value: state.value, velocity: state.velocity)
    }

    /// Stops the motion and returns the presented point and velocity at this instant.
    public mutating func interrupt() -> PresentedState<SIMD2<Double>> {
        let state = interruptState()
        return PresentedState(value: state.value, velocity: state.velocity)
    }
}
