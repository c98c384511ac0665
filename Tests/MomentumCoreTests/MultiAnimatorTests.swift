import MomentumTestSupport
import Testing
@testable import MomentumCore

/// One driver over animations on different backends: each moves as its backend alone would, a replacement hands
/// over across backends, hitches are clamped once, and settled animations leave.
struct MultiAnimatorTests {
    private let oracle = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)

    @Test func mixedBackendsEachMoveAsTheyWouldAlone() {
        var set = MultiAnimator<String>()
        var spring = SpringAnimation(parameters: SpringParameters(stiffness: 300, damping: 20, mass: 1), at: .zero)
        spring.start(from: SIMD2(0, 0), velocity: .zero, to: SIMD2(100, 0))
        var tween = TweenBackend(duration: 0.4, at: .zero)
        tween.start(from: SIMD2(0, 0), velocity: .zero, to: SIMD2(0, 100))
        var decay = DecayAnimation(at: .zero)
        decay.start(from: .zero, velocity: SIMD2(500, 0), to: .zero)
        set.add(.spring(spring), for: "spring")
        set.add(.tween(tween), for: "tween")
        set.add(.decay(decay), for: "decay")
        var alone = (tween, decay)
        for frame in 1...12 {
            set.advance(by: 1.0 / 60)
            alone.0.advance(by: 1.0 / 60)
            alone.1.advance(by: 1.0 / 60)
            let t = Double(frame) / 60
            let x = 100 + oracle.state(x0: -100, v0: 0, at: t).x
            #expect(abs((set.presentedState(for: "spring")?.value.x ?? .nan) - x) < 1e-6)
            #expect(set.presentedState(for: "tween") == alone.0.presentedState)
            #expect(set.presentedState(for: "decay") == alone.1.presentedState)
        }
        var seen: Set<String> = []
        set.forEachPresented { key, _ in seen.insert(key) }
        #expect(seen == ["spring", "tween", "decay"])
    }

    @Test func replacingAcrossBackendsHandsOverWhatIsShown() {
        var set = MultiAnimator<Int>()
        var spring = SpringAnimation(parameters: SpringParameters(stiffness: 300, damping: 20, mass: 1), at: .zero)
        spring.start(from: .zero, velocity: .zero, to: SIMD2(100, 0))
        set.add(.spring(spring), for: 1)
        for _ in 0..<6 { set.advance(by: 1.0 / 60) }
        let shown = set.presentedState(for: 1)
        var tween = TweenBackend(duration: 0.4, at: .zero)
        tween.start(from: shown?.value ?? .zero, velocity: shown?.velocity ?? .zero, to: SIMD2(100, 0))
        let handed = set.add(.tween(tween), for: 1)
        #expect(handed == shown)
        #expect(set.count == 1 && set[1]?.kind == .tween)
        // Value and velocity continue on the new backend (the tween's start slope reproduces the velocity to rounding).
        let now = set.presentedState(for: 1)
        #expect(now?.value == shown?.value)
        #expect(abs((now?.velocity.x ?? .nan) - (shown?.velocity.x ?? 0)) < 1e-9)
    }

    @Test func aHitchIsClampedOnceAndSettledAnimationsLeave() {
        var set = MultiAnimator<Int>(maxFrameInterval: 0.1)
        var tween = TweenBackend(duration: 0.4, at: .zero)
        tween.start(from: .zero, velocity: .zero, to: SIMD2(10, 0))
        set.add(.tween(tween), for: 7)
        let step = set.advance(by: 3)
        #expect(step == 0.1)
        #expect(set.contains(7) && !set.isIdle)             // 0.1 s of a 0.4 s tween, not the whole hitch
        for _ in 0..<3 { set.advance(by: 0.1) }
        var left: [Int: SIMD2<Double>] = [:]
        set.removeSettled { key, state in left[key] = state.value }
        #expect(left == [7: SIMD2(10, 0)])
        #expect(!set.contains(7) && set.isIdle && set.count == 0)
    }
}
