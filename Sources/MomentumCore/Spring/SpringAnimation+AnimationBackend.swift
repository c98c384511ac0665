/// A spring drives 2-D points for the app through the common backend contract (x, y are components 0 and 1).
extension SpringAnimation: AnimationBackend {
    /// A spring for a 2-D point at rest at `point`.
    public init(parameters: SpringParameters = SpringParameters(), restThreshold: RestThreshold = .position,
                at point: SIMD2<Double>) {
        self.init(parameters: parameters, restThreshold: restThreshold, value: AnimatableVector(point))
    }

    /// Where the point is heading.
    public var target: SIMD2<Double> { targetVector.xy }
    /// The point to draw now.
    public var presentedValue: SIMD2<Double> { presented.value.xy }
    /// The point's velocity now.
    public var presentedVelocity: SIMD2<Double> { presented.velocity.xy }

    /// Begins a motion from `value` with absolute `velocity` toward `target`.
    public mutating func start(from value: SIMD2<Double>, velocity: SIMD2<Double>, to target: SIMD2<Double>) {
        start(from: AnimatableVector(value), velocity: AnimatableVector(velocity), to: AnimatableVector(target))
    }

    /// Changes the destination, keeping the presented value and velocity continuous.
    public mutating func retarget(to target: SIMD2<Double>) {
        retarget(to: AnimatableVector(target))
    }

    /// Stops the motion and returns the presented point and velocity at this instant.
    public mutating func interrupt() -> PresentedState<SIMD2<Double>> {
        let state = interruptVector()
        return PresentedState(value: state.value.xy, velocity: state.velocity.xy)
    }
}
