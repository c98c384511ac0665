import Glibc
import MomentumCore
import MomentumLayers
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing

/// The interruptibility audit, in process: the real run core under a compositor that repaints as weston headless
/// does, driven by seeded random scripts of taps, drags, flicks, still holds and backend switches at random instants
/// of random animations (and resizes), for the panel, the transition's card and the playground's card on every backend. From the trace alone it checks
/// what a user would see:
/// - **the touch rule**: nothing is caught at touch-down; a `catch` comes with the pan that began it, or after the
///   hold time of a still press;
/// - **continuity**: while no finger holds it, the object never jumps (frame to frame it moves no further than its
///   speeds and a bounded acceleration allow over the frame's step) and its velocity never jumps (no change beyond
///   a bounded acceleration over the step: a tap, a retarget or a backend switch hands the velocity on);
/// - **it settles**: after the last lift the object comes to rest exactly at its target, and nothing is drawn.
/// A failing script says its seed and the first frame where it broke.
struct InterruptibilityAuditTests {
    static let size = SIMD2<Double>(800, 600)

    /// A finger's actions, each at a random instant.
    enum Action: CustomStringConvertible {
        case tap(SIMD2<Double>), drag(from: SIMD2<Double>, by: Double, over: Double), hold(SIMD2<Double>, Double)
        case backend(BackendKind), wait(Double), resize(SIMD2<Double>)
        var description: String {
            switch self {
            case .tap(let p): "tap \(p)"
            case .drag(let p, let d, let t): "drag \(p) by \(d) over \(t) s"
            case .hold(let p, let t): "hold \(p) \(t) s"
            case .backend(let b): "backend \(b)"
            case .wait(let t): "wait \(t) s"
            case .resize(let s): "resize \(Int(s.x))x\(Int(s.y))"
            }
        }
    }

    /// Plays one script; returns the problems found (empty when the run kept every promise).
    static func audit(scene: SceneKind, backend: BackendKind, seed: UInt64, actions count: Int = 14) -> [String] {
        var configuration = RunConfiguration()
        configuration.scene = scene
        configuration.backend = backend
        var size = Self.size
        var driver = RunCoreDriver(configuration: configuration, size: size)
        var random = SplitMix64(seed: seed)
        var t = 1.0
        driver.run(until: t)
        var played: [String] = []
        func point(in rect: DrawRect?) -> SIMD2<Double> { InterruptibilityCheck.aim(at: rect, size: size, random: &random) }
        func touch(_ phase: TouchPhase, _ p: SIMD2<Double>, at time: Double) {
            driver.schedule(.touch(TouchFrame(changes: [TouchChange(id: 0, phase: phase, position: p, time: time)])),
                            at: time + driver.compositor.inputDelay)
        }
        for _ in 0..<count {
            let rect = InterruptibilityCheck.objectRect(driver.lines, size: size)
            let action: Action
            switch random.next() % 10 {
            case 0, 1, 2: action = .tap(point(in: rect))
            case 3, 4, 5: action = .drag(from: point(in: rect), by: random.symmetric(260), over: 0.05 + random.nextUnit() * 0.35)
            case 6: action = .hold(point(in: rect), 0.15 + random.nextUnit() * 0.4)
            case 7: action = .backend(BackendKind.allCases[Int(random.next() % UInt64(BackendKind.allCases.count))])
            case 8: action = .resize(size == Self.size ? SIMD2(720, 560) : Self.size)
            default: action = .wait(random.nextUnit() * 0.8)
            }
            played.append("\(String(format1: t)) s: \(action)")
            switch action {
            case .tap(let p):
                touch(.down, p, at: t)
                touch(.up, p, at: t + 0.04 + random.nextUnit() * 0.06)
                t += 0.12
            case .drag(let p, let d, let duration):
                touch(.down, p, at: t)
                let steps = max(2, Int(duration * 120))
                for k in 1...steps {
                    touch(.motion, p + SIMD2(0, d * Double(k) / Double(steps)), at: t + Double(k) / 120)
                }
                touch(.up, p + SIMD2(0, d), at: t + Double(steps) / 120 + 0.004)
                t += Double(steps) / 120 + 0.01
            case .hold(let p, let duration):
                touch(.down, p, at: t)
                touch(.up, p, at: t + duration)
                t += duration + 0.01
            case .backend(let kind):
                driver.schedule(.key(.backend(kind)), at: t)
                t += 0.01
            case .wait(let duration):
                t += duration
            case .resize(let newSize):
                // The compositor resizes the window mid-motion (a phone rotating, a tiling layout changing).
                size = newSize
                driver.schedule(.configured(WindowConfiguration(width: Int(newSize.x), height: Int(newSize.y), scale: 1,
                                                                bufferWidth: Int(newSize.x), bufferHeight: Int(newSize.y),
                                                                canSeparate: true)), at: t)
                t += 0.01
            }
            // The next action comes at a random instant of whatever moves now.
            t += random.nextUnit() * 0.5
            driver.run(until: t)
        }
        driver.run(until: t + 12)
        var problems = InterruptibilityCheck.problems(in: driver.lines, scene: scene, size: size)
        if driver.core.scene.name != scene.rawValue { problems.append("the script switched the scene") }
        if !driver.isIdle { problems.append("frames still asked for 12 s after the last lift") }
        problems += InterruptibilityCheck.restProblems(in: driver.lines, size: size)
        guard !problems.isEmpty else { return [] }
        return ["\(scene.rawValue)/\(backend.rawValue) seed \(seed): " + problems.prefix(3).joined(separator: "; ")
                + "\n  script: " + played.joined(separator: " · ")]
    }

    /// Seeds 1…12, or 1…`MOMENTUM_AUDIT_SCRIPTS` for a longer run
    /// (`MOMENTUM_AUDIT_SCRIPTS=400 swift test --filter InterruptibilityAudit`: 400 scripts per scene and backend).
    static let seeds: [UInt64] = {
        guard let text = getenv("MOMENTUM_AUDIT_SCRIPTS").map({ String(cString: $0) }), let n = UInt64(text), n > 0 else {
            return Array(1...12)
        }
        return Array(1...n)
    }()

    @Test("every script keeps the touch rule, continuity and settles (panel, transition and playground cards, every backend, fixed seeds)",
          arguments: [SceneKind.panel, .transition, .playground, .scroll], BackendKind.allCases)
    func audit(scene: SceneKind, backend: BackendKind) {
        // The transition's card runs on its own tween and dynamics, the list on its decay and springs: the backend
        // keys change nothing there.
        guard scene == .panel || scene == .playground || backend == .spring else { return }
        for seed in Self.seeds {
            let problems = Self.audit(scene: scene, backend: backend, seed: seed)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
