import Benchmark
import MomentumCore

/// N tweens sampled at the frame time: `BasicAnimation<SIMD2<Double>>` (from/to, 1 s, repeating, Core Animation's
/// default timing function), and the app's tween backend (`Animator<Int, TweenBackend>` and, as the layer tree runs
/// it, `MultiAnimator<Int>` of `PropertyAnimation`; easeInEaseOut, 0.4 s),
/// advanced and then read with `forEachPresented` (the presented value is where its Bézier is evaluated).
enum TweenBenchmarks {
    static let count = 10_000
    /// The backends restart every 20 ticks (their 0.4 s layers finish after 24).
    static let restartInterval = 20

    struct Basic {
        var animations: ContiguousArray<BasicAnimation<SIMD2<Double>>>
        var presented: ContiguousArray<SIMD2<Double>>
        var time = 0.0
    }

    struct Mixed {
        var animator: MultiAnimator<Int>
        var presented: ContiguousArray<SIMD2<Double>>
    }

    struct Backends<Backend: AnimationBackend> {
        var animator: Animator<Int, Backend>
        var presented: ContiguousArray<SIMD2<Double>>
    }

    static func makeBasic() -> Basic {
        var random = Lcg(seed: 3)
        let animations = ContiguousArray((0..<count).map { _ in
            BasicAnimation<SIMD2<Double>>(
                from: SIMD2(random.next() * 1000, random.next() * 1000),
                to: SIMD2(random.next() * 1000, random.next() * 1000),
                timing: MediaTiming(beginTime: -random.next(), duration: 1, repeatCount: .infinity),
                timingFunction: .default)
        })
        return Basic(animations: animations, presented: ContiguousArray(repeating: .zero, count: count))
    }

    static func sampleAll(_ basic: inout Basic) {
        basic.time += frameInterval
        let time = basic.time
        let underlying = PresentedState<SIMD2<Double>>(resting: .zero)
        for i in basic.animations.indices {
            if let sample = basic.animations[i].sample(at: time, over: underlying) {
                basic.presented[i] = sample.value
            }
        }
    }

    static func register() {
        Workload(makeBasic()).register("Tweens10k.BasicAnimation", tick: { sampleAll(&$0) })

        var random = Lcg(seed: 4)
        let ends = (0..<count).map { _ in
            (from: SIMD2(random.next() * 1000, random.next() * 1000), to: SIMD2(random.next() * 1000, random.next() * 1000))
        }
        var animator = Animator<Int, TweenBackend>()
        for i in 0..<count {
            animator.add(TweenBackend(duration: 0.4, timingFunction: .easeInEaseOut, at: ends[i].from), for: i)
        }
        Workload(Backends(animator: animator, presented: ContiguousArray(repeating: .zero, count: count))).register(
            "Tweens10k.Animator", every: restartInterval,
            prepare: { backends, _ in
                for i in 0..<count { backends.animator.start(i, from: ends[i].from, velocity: .zero, to: ends[i].to) }
            },
            tick: { advanceAndRead(&$0) })

        // The app's path: the same tweens as PropertyAnimation in the layer tree's driver.
        var properties = MultiAnimator<Int>()
        for i in 0..<count {
            properties.add(.tween(TweenBackend(duration: 0.4, timingFunction: .easeInEaseOut, at: ends[i].from)), for: i)
        }
        Workload(Mixed(animator: properties, presented: ContiguousArray(repeating: .zero, count: count))).register(
            "Tweens10k.PropertyAnimation", every: restartInterval,
            prepare: { mixed, _ in
                for i in 0..<count { mixed.animator.start(i, from: ends[i].from, velocity: .zero, to: ends[i].to) }
            },
            tick: { mixed in
                mixed.animator.advance(by: frameInterval)
                mixed.presented.withUnsafeMutableBufferPointer { presented in
                    mixed.animator.forEachPresented { key, state in presented[key] = state.value }
                }
            })
    }

    static func advanceAndRead<Backend: AnimationBackend>(_ backends: inout Backends<Backend>) {
        backends.animator.advance(by: frameInterval)
        // Read every presented value the way a renderer does each frame: in storage order, no key lookups.
        backends.presented.withUnsafeMutableBufferPointer { presented in
            backends.animator.forEachPresented { key, state in presented[key] = state.value }
        }
    }
}
