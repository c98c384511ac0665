@testable import MomentumApp
import MomentumCore
import MomentumLayers
import MomentumRun
import MomentumScenes
import WaylandClient

/// The app without Wayland or GL, on a manual clock: the seat's real input chain (`SeatInput`, as `Seat`'s listeners
/// feed it) into the real `RunCore` (switcher, scenes, keys, configure, the frame state, the learned frame deadline,
/// touch prediction, draw plans and trace lines), with a compositor played here: it answers each committed frame
/// with a callback at the next `advance` and with presentation feedback. Every value that would be traced or drawn
/// is checked for NaN and infinity on the way. Standalone copies of both recognisers (`MultiTouchGestureRecognizer`,
/// `PanTapRecognizer`) see every frame the seat delivers.
struct FuzzApp {
    /// The host clock (s).
    private(set) var now = 1000.0
    private(set) var core: RunCore
    private(set) var input = SeatInput()
    private var multiTouch = MultiTouchGestureRecognizer()
    private var panTap = PanTapRecognizer()
    /// The last frame planned (its draw list).
    private(set) var drawList = DrawList()
    /// Presentation feedback owed for committed frames: sequence and when it is shown.
    private var shown: [(sequence: UInt64, at: Double)] = []
    /// The first non-finite value or broken promise seen (where, and what was happening), nil while all is well.
    private(set) var failure: String?
    /// Touch frames delivered, scene switches, frames drawn (for the fuzzer's summary).
    private(set) var framesDelivered = 0, sceneSwitches = 0, framesAdvanced = 0
    /// How often each kind of scene event was reported (what the scripts reached).
    private(set) var eventCounts: [GestureKind: Int] = [:]
    /// Keep every trace line in `traced` (the report's fuzz reads real lines back).
    var keepsTrace = false
    private(set) var traced: [TraceLine] = []

    /// A run showing `kind` on `backend`, configured to `size` at `scale` (made, then configured, as at start-up).
    init(kind: SceneKind, backend: BackendKind, size: SIMD2<Double>, scale: Double) {
        var configuration = RunConfiguration()
        configuration.scene = kind
        configuration.backend = backend
        configuration.size = size
        configuration.tracing = true
        core = RunCore(configuration: configuration, start: now)
        configure(size: size, scale: scale)
    }

    var size: SIMD2<Double> { core.size }
    var scale: Double { core.scale }
    var scene: any Scene { core.scene }
    var switcher: SceneSwitcher { core.switcher }
    var assembler: TouchFrameAssembler { input.assembler }
    /// The scene shown now.
    var sceneKind: SceneKind { SceneKind.allCases[switcher.selected] }

    /// The scene's own draw commands (what a gesture may aim at).
    var sceneDrawList: DrawList {
        var list = DrawList()
        scene.draw(into: &list)
        return list
    }

    // MARK: Seat

    mutating func highResolutionTimestamp(_ stamp: HighResolutionStamp, pointer: Bool) {
        input.timestamp(secondsHigh: stamp.hi, secondsLow: stamp.lo, nanoseconds: stamp.nsec, pointer: pointer)
    }

    mutating func touchDown(id: Int32, at raw: SIMD2<Double>, ms: UInt32) { deliver(input.touchDown(id: id, at: raw, ms: ms)) }
    mutating func touchMotion(id: Int32, to raw: SIMD2<Double>, ms: UInt32) {
        deliver(input.touchMotion(id: id, to: raw, ms: ms))
    }
    mutating func touchUp(id: Int32, ms: UInt32) { deliver(input.touchUp(id: id, ms: ms)) }
    mutating func touchFrame() { deliver(input.touchFrame()) }
    mutating func touchCancel() { deliver(input.touchCancel()) }
    mutating func pointerEnter(at raw: SIMD2<Double>) { _ = input.pointerEnter(at: raw) }
    mutating func pointerLeave() { deliver(input.pointerLeave()) }
    mutating func pointerMotion(to raw: SIMD2<Double>, ms: UInt32) { deliver(input.pointerMotion(to: raw, ms: ms)) }
    mutating func pointerButton(pressed: Bool, ms: UInt32) { deliver(input.pointerButton(pressed: pressed, ms: ms)) }

    /// The touch device goes away with fingers down, and the pointer leaves: the end of every touch sequence and
    /// press the app can be left with.
    mutating func releaseDevices() {
        deliver(input.releaseTouch(cancelling: true))
        deliver(input.releasePointer(lifting: true))
    }

    private mutating func deliver(_ frame: Touch.Frame?) {
        guard let frame, failure == nil else { return }
        // `TouchChange.init` asserts finite input: report instead of trapping, with what got through.
        if let bad = FiniteCheck.firstNonFinite(at: "touch frame", { FiniteCheck.walk(frame, at: $0, $1) }) {
            failure = "the seat delivered a non-finite touch: \(bad)"
            return
        }
        framesDelivered += 1
        let touch = TouchFrame(frame)
        for event in multiTouch.handle(touch) {
            check(FiniteCheck.firstNonFinite(at: "MultiTouchGestureRecognizer") { FiniteCheck.walk(event, at: $0, $1) })
        }
        let half = size.x / 2
        for event in panTap.handle(touch, hit: { $0.x < half }) {
            check(FiniteCheck.firstNonFinite(at: "PanTapRecognizer") { FiniteCheck.walk(event, at: $0, $1) })
        }
        let selected = switcher.selected
        send(.touch(touch))
        if switcher.selected != selected { sceneSwitches += 1 }
        dispatched()
    }

    // MARK: Keys and the window

    /// Key `s` or Tab.
    mutating func nextScene() {
        send(.key(.nextScene))
        sceneSwitches += 1
        dispatched()
    }

    /// Keys 1/2/3.
    mutating func switchBackend(to kind: BackendKind) {
        send(.key(.backend(kind)))
        dispatched()
    }

    /// A surface configure (new logical size or output scale).
    mutating func configure(size newSize: SIMD2<Double>, scale newScale: Double) {
        input.surfaceSize = newSize
        let buffer = newSize * newScale
        send(.configured(WindowConfiguration(width: Int(newSize.x), height: Int(newSize.y), scale: newScale,
                                             bufferWidth: Int(buffer.x.rounded()), bufferHeight: Int(buffer.y.rounded()),
                                             canSeparate: true)))
        dispatched()
    }

    // MARK: Frames (the compositor played here)

    /// `dt` seconds pass: the feedback due by then arrives, and a frame awaited gets its callback; the frame starts
    /// at the core's learned wake-up time and is drawn and committed.
    mutating func frame(dt: Double) {
        now += dt
        while let first = shown.first, first.at <= now {
            shown.removeFirst()
            send(.presented(PresentationFeedback(sequence: first.sequence, nanoseconds: UInt64(first.at * 1e9),
                                                 hostTime: first.at, refreshNanoseconds: 16_666_667)))
        }
        if core.frameState.phase == .awaitingCallback {
            send(.frameCallback(milliseconds: UInt32(truncatingIfNeeded: Int64(now * 1000))))
            if let wake = core.wakeTime, wake > now { now = wake }
            framesAdvanced += 1
        }
        dispatched()
        if failure == nil, scene.needsFrames, core.frameState.phase == .idle {
            failure = "\(scene.name) moves but no frame is drawn or asked for (the display link stopped)"
        }
    }

    /// A batch of events was dispatched: the core draws at once when idle and something changed.
    mutating func drawAndTrace() { dispatched() }

    private mutating func dispatched() { send(.dispatched) }

    /// Hands `event` to the core at `now` and plays the effects: input read (none is waiting), frames drawn and
    /// committed a millisecond later and shown 5 ms after that, trace lines checked.
    private mutating func send(_ event: RunEvent) {
        guard failure == nil else { return }
        for effect in core.handle(event, at: now) {
            switch effect {
            case .trace(let line):
                check(FiniteCheck.firstNonFinite(at: "trace") { FiniteCheck.walk(line, at: $0, $1) })
                if keepsTrace { traced.append(line) }
                if case .gesture(let event) = line.record { eventCounts[event.kind, default: 0] += 1 }
            case .readInput:
                send(.inputRead(cpu: { 0 }))
            case .present(let plan):
                let list = plan.list
                check(FiniteCheck.firstNonFinite(at: "draw(\(scene.name))") { FiniteCheck.walk(list, at: $0, $1) })
                for (slot, layer) in plan.separated {
                    check(FiniteCheck.firstNonFinite(at: "draw(\(scene.name)) \(slot)") {
                        FiniteCheck.walk(layer.content, at: $0, $1)
                    })
                }
                drawList = list
                let drawStart = now
                now += 0.001
                send(.committed(Commit(sequence: plan.sequence, drawStart: drawStart, damage: FrameDamage(), cpu: 0)))
                shown.append((plan.sequence, now + 0.005))
            case .ready, .snapshot: break
            case .stop(let code, let reason):
                if code != 0 { failure = "the run stopped: \(reason) (\(code))" }
            }
        }
    }

    private mutating func check(_ problem: String?) {
        if failure == nil, let problem { failure = problem }
    }

    /// The scene's trace record as one line (for a report).
    var traceLine: String {
        scene.traceRecord().map { "\($0.key)=\(FuzzApp.describe($0.value))" }.joined(separator: " ")
    }

    private static func describe(_ value: TraceValue) -> String {
        switch value {
        case .number(let x): "\(x)"
        case .string(let s): s
        case .bool(let b): "\(b)"
        case .array(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.map { "\($0.key)=\(describe($0.value))" }.joined(separator: " ") + "}"
        }
    }
}

/// A `zwp_input_timestamps_v1.timestamp` event's arguments.
struct HighResolutionStamp: Sendable, Equatable {
    var hi: UInt32, lo: UInt32, nsec: UInt32
}
