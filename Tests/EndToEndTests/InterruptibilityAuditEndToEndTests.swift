import Foundation
import MomentumApp
import MomentumCore
import MomentumLayers
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing

/// The interruptibility audit under a real weston: every scene on every backend it runs, `momentum run` driven by a
/// seeded random script of taps, drags, flicks, still holds and backend keys, each at a random instant of whatever
/// moves (genuine wl_touch from the module), aimed at where the object is drawn now. From the trace: the touch rule
/// and continuity (`InterruptibilityCheck`), and that it comes to rest exactly at its target. A failure says the
/// scene, backend, seed and the script played.
@Suite(.serialized) struct InterruptibilityAuditEndToEndTests {
    static let combos: [(SceneKind, BackendKind?)] = [
        (.panel, .spring), (.panel, .dynamics), (.panel, .tween), (.panel, .pop), (.transition, nil),
        (.playground, .spring), (.playground, .dynamics), (.playground, .tween), (.playground, .pop), (.scroll, nil),
        (.gallery, nil),
    ]

    @Test(arguments: combos)
    func everyScriptKeepsTheRuleUnderWeston(scene: SceneKind, backend: BackendKind?) throws {
        let seed: UInt64 = 1
        let c = try Compositor(scene: scene, arguments: backend.map { ["--backend", $0.rawValue] } ?? [])
        let size = SIMD2(c.width, c.height)
        var random = SplitMix64(seed: seed &* 1_000_003 &+ UInt64(SceneKind.allCases.firstIndex(of: scene) ?? 0) &* 31
                                   &+ UInt64(backend.flatMap { BackendKind.allCases.firstIndex(of: $0) } ?? 0))
        let top = SceneChrome.bandHeight(for: size) + 4
        func point(in rect: DrawRect?) -> SIMD2<Double> { InterruptibilityCheck.aim(at: rect, size: size, random: &random) }
        func r(_ v: Double) -> Int { Int(v.rounded()) }
        var played: [String] = []
        for _ in 0..<10 {
            let p = point(in: InterruptibilityCheck.objectRect(c.app.events, size: size))
            // The random instant: a delay before the action, played by the module.
            let delay = r(random.nextUnit() * 400)
            let line: String
            switch random.next() % 10 {
            case 0, 1, 2:
                line = "\(delay) tap 0 \(r(p.x)) \(r(p.y)) \(40 + r(random.nextUnit() * 60))"
            case 3, 4:
                let dy = min(max(p.y + random.symmetric(260), top), size.y - 4)
                line = "\(delay) drag 0 \(r(p.x)) \(r(p.y)) \(r(p.x)) \(r(dy)) \(50 + r(random.nextUnit() * 350))"
            case 5:
                let dy = min(max(p.y + random.symmetric(300), top), size.y - 4)
                line = "\(delay) flick 0 \(r(p.x)) \(r(p.y)) \(r(p.x)) \(r(dy)) \(40 + r(random.nextUnit() * 60))"
            case 6:
                let hold = 150 + r(random.nextUnit() * 400)
                line = "\(delay) press 0 \(r(p.x)) \(r(p.y))\n\(delay + hold) release 0"
            case 7 where backend != nil:
                line = "\(delay) type \(1 + Int(random.next() % UInt64(BackendKind.allCases.count)))"
            default:
                line = "\(delay) frame"
            }
            played.append(line.replacingOccurrences(of: "\n", with: " / "))
            try c.play(line)
        }
        // At rest after the last input the script gave (a touch, or a backend key that took effect).
        let last = c.app.events.lastIndex { $0.touch != nil || $0.backendSwitch != nil } ?? 0
        try c.app.waitFor("the scene at rest after the script", after: last, timeout: 30) { $0.rest != nil }
        let lines = c.app.events
        var problems = InterruptibilityCheck.problems(in: lines, scene: scene, size: size)
        problems += InterruptibilityCheck.restProblems(in: lines, size: size)
        let name = "\(scene.rawValue)/\(backend?.rawValue ?? "-") seed \(seed)"
        let found: String = problems.prefix(3).joined(separator: "; ")
        let script: String = played.joined(separator: " · ")
        #expect(problems.isEmpty, "\(name): \(found)\n  script: \(script)")
    }
}
