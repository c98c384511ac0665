import MomentumCore
import Testing
@testable import MomentumScenes

/// The playground card on the dynamics backend (UIKit Dynamics beyond the attachment): it collides with the
/// container's edges, falls under gravity (key g) and a tap pushes it.
struct PlaygroundDynamicsTests {
    static let size = SIMD2<Double>(800, 600)

    private func scene() -> PlaygroundScene {
        PlaygroundScene(size: Self.size, backend: PlaygroundScene.cardDynamics(), backendName: "dynamics")
    }

    private func touch(_ s: inout PlaygroundScene, _ phase: TouchPhase, _ p: SIMD2<Double>, _ t: Double) -> [SceneEvent] {
        s.handle(TouchFrame(changes: [TouchChange(id: 0, phase: phase, position: p, time: t)]))
    }

    @Test func aHardFlickBouncesOffTheEdgeAndNeverLeavesTheContainer() {
        var s = scene()
        // 6000 px/s to the right: the coast target is clamped at the right edge and the attachment overshoots it.
        var t = 1.0
        _ = touch(&s, .down, SIMD2(400, 300), t)
        for i in 1...6 {
            t += 0.008
            _ = touch(&s, .motion, SIMD2(400 + 48 * Double(i), 300), t)
        }
        _ = touch(&s, .up, SIMD2(688, 300), t)
        var bounced = false, maxRight = 0.0
        for _ in 0..<240 {
            let before = s.velocity.x
            _ = s.advance(by: 1.0 / 60)
            maxRight = max(maxRight, s.position.x + 80)
            if before > 200 && s.velocity.x < 0 && s.position.x + 80 > Self.size.x - 60 { bounced = true }
        }
        #expect(maxRight <= Self.size.x + 0.5, "the card reached x \(maxRight)")
        #expect(bounced, "it hit the right edge moving fast and came back")
        #expect(!s.needsFrames && s.position.x + 80 <= Self.size.x + 1e-9)
    }

    @Test func gravityDropsTheCardToTheBottomWhereItBouncesToRest() {
        var s = scene()
        // The floor: the top of the dock that holds the legend under the field.
        let floor = s.floor
        #expect(floor < Self.size.y)
        #expect(s.toggleGravity() && s.hasGravity)
        var lowest = 0.0, upward = false
        for _ in 0..<(60 * 8) {
            _ = s.advance(by: 1.0 / 60)
            lowest = max(lowest, s.position.y + 80)
            if s.velocity.y < -50 { upward = true }
            if !s.needsFrames { break }
        }
        #expect(lowest <= floor + 0.5 && lowest > floor - 2, "the card's bottom got to \(lowest)")
        #expect(upward, "it bounced (elasticity 0.6)")
        #expect(!s.needsFrames && abs(s.position.y + 80 - floor) < 1)
        // Off again: it is attached where it lies, at rest.
        #expect(s.toggleGravity() && !s.hasGravity)
        for _ in 0..<120 { _ = s.advance(by: 1.0 / 60) }
        #expect(abs(s.position.y + 80 - floor) < 1)
    }

    @Test func aTapOnTheCardPushesItAwayFromTheFinger() {
        var s = scene()
        _ = touch(&s, .down, SIMD2(340, 300), 1)          // the card's left part
        let events = touch(&s, .up, SIMD2(340, 300), 1.05)
        #expect(events.contains { $0.kind == .push })
        #expect(s.velocity.x > 800 && abs(s.velocity.y) < 1e-9)   // away from the finger: to the right
        for _ in 0..<20 { _ = s.advance(by: 1.0 / 60) }
        #expect(s.position.x > 450)
    }

    @Test func gravityIsTheDynamicsBackendsAlone() {
        var spring = PlaygroundScene(size: Self.size)
        #expect(!spring.toggleGravity() && !spring.hasGravity)
    }
}
