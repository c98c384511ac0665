import MomentumCore
import Testing

/// Hand-offs between backends: the presented value and the velocity *vector* carry over exactly at the instant of
/// the hand-off (the receiving backend starts from what the giving one presented), for every pair the app uses.
struct HandoffTests {
    enum Kind: String, CaseIterable, Sendable { case spring, dynamics, tween }

    static func make(_ kind: Kind) -> any AnimationBackend {
        switch kind {
        case .spring: SpringAnimation(parameters: SpringParameters(stiffness: 300, damping: 20, mass: 1), at: .zero)
        case .dynamics: DynamicsBackend(value: .zero, frequency: 3.5, damping: 0.4, length: 0, properties: .seedPanel)
        case .tween: TweenBackend(duration: 0.4, timingFunction: .easeInEaseOut, at: .zero)
        }
    }

    static let pairs: [(Kind, Kind)] = Kind.allCases.flatMap { a in Kind.allCases.map { (a, $0) } }

    @Test(arguments: pairs)
    func velocityVectorCarriesOverExactly(from giver: Kind, to receiver: Kind) {
        var first = Self.make(giver)
        // A diagonal move with a sideways start velocity, interrupted mid-flight.
        first.start(from: SIMD2(0, 0), velocity: SIMD2(900, -400), to: SIMD2(300, 500))
        for _ in 0..<7 { first.advance(by: 1.0 / 60) }
        let shown = PresentedState(value: first.presentedValue, velocity: first.presentedVelocity)
        #expect((shown.velocity * shown.velocity).sum() > 100 * 100, "the giver is still moving")
        let handed = first.interrupt()
        #expect(handed == shown, "interrupt hands back exactly what was presented")

        var second = Self.make(receiver)
        second.start(from: handed.value, velocity: handed.velocity, to: SIMD2(-200, 100))
        let v = second.presentedVelocity, x = second.presentedValue
        #expect(abs(x.x - handed.value.x) < 1e-9 && abs(x.y - handed.value.y) < 1e-9)
        #expect(abs(v.x - handed.velocity.x) < 1e-6 && abs(v.y - handed.velocity.y) < 1e-6,
                "\(giver)→\(receiver): velocity \(v) vs handed \(handed.velocity)")
        // And the motion right after follows that velocity: in 1 ms it moves by v·dt, give or take the
        // acceleration term a·dt²/2 (these backends accelerate at most ~6e5 px/s² here: 0.3 px).
        second.advance(by: 0.001)
        let moved = second.presentedValue - handed.value
        let expected = handed.velocity * 0.001
        #expect(abs(moved.x - expected.x) < 0.5 && abs(moved.y - expected.y) < 0.5,
                "\(giver)→\(receiver): moved \(moved) in 1 ms, velocity says \(expected)")
    }
}
