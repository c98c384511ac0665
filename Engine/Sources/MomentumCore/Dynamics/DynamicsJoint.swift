/// Solver state of one attachment: a Box2D 2.x soft constraint between an item and an anchor point or another item.
///
/// Length 0 uses the soft point form (Box2D's b2MouseJoint row pair: C = pB − pA as a vector); a positive length
/// uses the soft distance form (b2DistanceJoint: C = |pB − pA| − L along u). Both use ω = 2πf, k = m_eff·ω²,
/// d = 2·m_eff·ζ·ω, γ = 1/(h(d + hk)), bias = C·h·k·γ, and are solved in velocity with warm starting.
struct DynamicsJoint: Sendable {
    /// Body A index, or nil when attached to `anchor`.
    var bodyA: Int?
    var bodyB: Int
    var anchor: SIMD2<Double>
    var length: Double
    var frequency: Double
    var dampingRatio: Double
    var isActive = true

    // Solver temporaries and warm-start impulses.
    var impulse: SIMD2<Double> = .zero
    var scalarImpulse: Double = 0
    var direction: SIMD2<Double> = .zero
    var gamma: Double = 0
    var bias: SIMD2<Double> = .zero
    var scalarBias: Double = 0
    var softMass: Double = 0
    /// The bodies' inverse masses, cached by `initJoint` so the velocity iterations read no body.
    var invMassA: Double = 0
    var invMassB: Double = 0
}
