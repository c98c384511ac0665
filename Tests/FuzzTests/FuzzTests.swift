import Foundation
import MomentumCore
import MomentumScenes
import Testing

/// The fuzzer's settings, from the environment: `MOMENTUM_FUZZ_SEED` (decimal or 0x-hex), `MOMENTUM_FUZZ_SCRIPTS`
/// (scripts per scene and backend), `MOMENTUM_FUZZ_SCRIPT` (run only the script with this index, to replay a
/// failure), `MOMENTUM_FUZZ_LOG=1` (print every operation to stderr before it runs, to find where a crash happens).
struct FuzzSettings: Sendable {
    /// "Momentum" in ASCII.
    static let defaultSeed: UInt64 = 0x4D6F_6D65_6E74_756D
    /// Keeps the default run (every scene × backend) around 15 s in a debug build on a 2-core machine.
    static let defaultScripts = 8

    var seed = defaultSeed
    var scripts = defaultScripts
    var only: Int?
    var log = false

    /// The settings in `environment`; what could not be read, as messages.
    static func read(_ environment: [String: String]) -> (FuzzSettings, problems: [String]) {
        var settings = FuzzSettings()
        var problems: [String] = []
        if let text = environment["MOMENTUM_FUZZ_SEED"] {
            if let seed = parseSeed(text) { settings.seed = seed }
            else { problems.append("MOMENTUM_FUZZ_SEED=\(text) is not a 64-bit unsigned number") }
        }
        if let text = environment["MOMENTUM_FUZZ_SCRIPTS"] {
            if let count = Int(text), count >= 0 { settings.scripts = count }
            else { problems.append("MOMENTUM_FUZZ_SCRIPTS=\(text) is not a count") }
        }
        if let text = environment["MOMENTUM_FUZZ_SCRIPT"] {
            if let index = Int(text), index >= 0 { settings.only = index }
            else { problems.append("MOMENTUM_FUZZ_SCRIPT=\(text) is not a script index") }
        }
        settings.log = (environment["MOMENTUM_FUZZ_LOG"] ?? "") == "1"
        return (settings, problems)
    }

    static func parseSeed(_ text: String) -> UInt64? {
        let lower = text.lowercased()
        if lower.hasPrefix("0x") { return UInt64(lower.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// The script indices to run.
    var indices: [Int] { only.map { [$0] } ?? Array(0..<scripts) }

    /// Script `index`'s own seed for `kind` on `backend`: each script replays alone.
    func scriptSeed(kind: SceneKind, backend: BackendKind, index: Int) -> UInt64 {
        let k = UInt64(SceneKind.allCases.firstIndex(of: kind) ?? 0)
        let b = UInt64(BackendKind.allCases.firstIndex(of: backend) ?? 0)
        var mix = SplitMix64(seed: seed ^ (k << 56) ^ (b << 48) ^ UInt64(index))
        return mix.next()
    }

    /// The command that replays script `index`.
    func replay(index: Int) -> String {
        "MOMENTUM_FUZZ_SEED=\(seed) MOMENTUM_FUZZ_SCRIPT=\(index) swift test --filter Fuzz"
    }
}

/// Random and hostile input through the whole path the app's input and frames take: input timestamps, the
/// sanitizer, touch-frame assembly, the switcher, every scene, both gesture recognisers, frames, draw lists and
/// trace records. Checks no NaN or infinity is ever traced, drawn or reported, and that every scene settles
/// within 60 s of frame time after the last finger lifts. A crash (a trap) fails the whole test process: rerun
/// with `MOMENTUM_FUZZ_LOG=1` to see the operation that caused it.
@Suite("Fuzz: random and hostile input through the app")
struct FuzzTests {
    /// After the last lift a scene gets at most 60 s of 60 Hz frames to come to rest.
    static let settleFrames = 3_600, settleStep = 1.0 / 60

    @Test("every scene on every backend survives random and hostile scripts",
          arguments: SceneKind.allCases, BackendKind.allCases)
    func scripts(kind: SceneKind, backend: BackendKind) {
        let (settings, problems) = FuzzSettings.read(ProcessInfo.processInfo.environment)
        for problem in problems { Issue.record("\(problem)") }
        guard problems.isEmpty else { return }
        var totals = (ops: 0, touchFrames: 0, switches: 0, frames: 0)
        var slowestSettle = (frames: 0, scene: "-")
        var events: [GestureKind: Int] = [:]
        for index in settings.indices {
            let result = run(kind: kind, backend: backend, index: index, settings: settings)
            totals.ops += result.ops
            totals.touchFrames += result.app.framesDelivered
            totals.switches += result.app.sceneSwitches
            totals.frames += result.app.framesAdvanced
            if result.settleFrames > slowestSettle.frames {
                slowestSettle = (result.settleFrames, result.app.scene.name)
            }
            events.merge(result.app.eventCounts, uniquingKeysWith: +)
        }
        print("fuzz \(kind.rawValue)/\(backend.rawValue): seed \(settings.seed), \(settings.indices.count) scripts, "
              + "\(totals.ops) operations, \(totals.touchFrames) touch frames, \(totals.switches) scene switches, "
              + "\(totals.frames) frames; slowest settle \(Double(slowestSettle.frames) * Self.settleStep) s "
              + "(\(slowestSettle.scene)); "
              + "scene events: "
              + GestureKind.allCases.compactMap { kind in events[kind].map { "\(kind.rawValue) \($0)" } }
                .joined(separator: ", "))
    }

    /// Runs script `index`; records an issue (and stops the script) at its first failure. Returns the app, the
    /// operations played and the frames the scene took to settle after the last lift.
    private func run(kind: SceneKind, backend: BackendKind, index: Int,
                     settings: FuzzSettings) -> (app: FuzzApp, ops: Int, settleFrames: Int) {
        let seed = settings.scriptSeed(kind: kind, backend: backend, index: index)
        var generator = FuzzGenerator(seed: seed)
        let (size, scale) = generator.initialConfigure()
        var app = FuzzApp(kind: kind, backend: backend, size: size, scale: scale)
        var history: [FuzzOp] = []
        let place = "seed \(settings.seed), scene \(kind.rawValue), backend \(backend.rawValue), script \(index)"
        let log = settings.log ? { (op: FuzzOp) in
            FileHandle.standardError.write(Data("fuzz \(place), op \(history.count): \(op)\n".utf8))
        } : nil

        func fail(_ what: String) {
            let recent = history.suffix(16).enumerated().map { offset, op in
                "  \(history.count - min(history.count, 16) + offset): \(op)"
            }.joined(separator: "\n")
            Issue.record("""
                fuzz failure: \(place), op \(history.count - 1) (now scene \(app.sceneKind.rawValue), \
                \(app.size.x)x\(app.size.y) at scale \(app.scale)): \(what)
                last operations:
                \(recent)
                replay: \(settings.replay(index: index))
                """)
        }

        app.drawAndTrace()
        let length = generator.length()
        while history.count < length {
            for op in generator.next(for: app) {
                log?(op)
                op.apply(to: &app)
                history.append(op)
                if let failure = app.failure { fail(failure); return (app, history.count, 0) }
            }
        }

        // The last finger lifts (or the touch is cancelled), the pointer lets go: then at most 60 s of frames.
        for op in generator.liftEverything(app: app) {
            log?(op)
            op.apply(to: &app)
            history.append(op)
            if let failure = app.failure { fail(failure); return (app, history.count, 0) }
        }
        var frames = 0
        while app.scene.needsFrames, frames < Self.settleFrames {
            app.frame(dt: Self.settleStep)
            frames += 1
            if let failure = app.failure {
                fail("while settling, frame \(frames) after the last lift: \(failure)")
                return (app, history.count, frames)
            }
        }
        if app.scene.needsFrames {
            fail("\(app.scene.name) still needs frames \(frames) frames (\(Double(frames) * Self.settleStep) s) "
                 + "after the last finger lifted: " + app.traceLine)
        }
        return (app, history.count, frames)
    }
}
