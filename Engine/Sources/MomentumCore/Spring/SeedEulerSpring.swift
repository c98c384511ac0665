/// REFERENCE ONLY — the seed article's hand-driven spring, kept to show its error next to `SpringAnimation`.
///
/// Semi-implicit Euler with the frame length as the step, exactly as in objc.io issue 12: force = k·(target − x) − c·v,
/// v += force·dt (mass 1), x += v·dt, finished when speed < 0.05 and distance < 1. Its result depends on the frame
/// rate (about 60 px off the exact solution on a 500 px move at 60 Hz) and it diverges for stiff springs. Do not use it
/// to animate anything.
public struct SeedEulerSpring: Sendable {
    /// Spring constant (the seed's 300).
    public var stiffness: Double
    /// Friction constant (the seed's 20).
    public var friction: Double
    /// Current position.
    public private(set) var position: SIMD2<Double>
    /// Current velocity.
    public private(set) var velocity: SIMD2<Double>
    /// Where the spring pulls.
    public var target: SIMD2<Double>
    /// Set once the seed's finish test passed (the position is then snapped to the target).
    public private(set) var isFinished = false

    /// The seed's spring at `position` with `velocity`, pulling toward `target`.
    public init(position: SIMD2<Double>, velocity: SIMD2<Double>, target: SIMD2<Double>,
                stiffness: Double = 300, friction: Double = 20) {
        self.position = position
        self.velocity = velocity
        self.target = target
        self.stiffness = stiffness
        self.friction = friction
    }

    /// One display-link tick of length `dt`, as in the seed's `animationTick:finished:`.
    public mutating func tick(_ dt: Double) {
        guard !isFinished else { return }
        let force = stiffness * (target - position) - friction * velocity
        velocity += force * dt
        position += velocity * dt
        let speed = (velocity * velocity).sum().squareRoot()
        let distance = ((target - position) * (target - position)).sum().squareRoot()
        if speed < 0.05 && distance < 1 {
            position = target
            isFinished = true
        }
    }
}
