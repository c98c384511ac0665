@testable import MomentumApp
import MomentumCore
import MomentumLayers
import MomentumScenes
import WaylandClient

/// The app without Wayland or GL: the seat's input chain (`InputTimestamp` → `InputSanitizer` →
/// `TouchFrameAssembler`, in `Seat`'s order) and the runner's routing and frames (`SceneSwitcher` → scene, scene
/// and backend switches, configure, draw, trace record, as `DemoRunner` does them), with every value that would be
/// traced or drawn checked for NaN and infinity on the way. Standalone copies of both recognisers
/// (`MultiTouchGestureRecognizer`, `PanTapRecognizer`) see every frame the scene sees.
struct FuzzApp {
    /// The window's logical size (what `configure` last said).
    private(set) var size: SIMD2<Double>
    /// The output scale in effect.
    private(set) var scale: Double
    /// The backend new scenes get (the runner's `backend`).
    private(set) var backend: BackendKind
    private(set) var scene: any Scene
    private(set) var switcher: SceneSwitcher
    private(set) var assembler = TouchFrameAssembler()
    private var sanitizer: InputSanitizer
    private var touchClock = InputTimestamp()
    private var pointerClock = InputTimestamp()
    private var pointerPosition = SIMD2<Double>(0, 0)
    private var lastTime = 0.0
    private var multiTouch = MultiTouchGestureRecognizer()
    private var panTap = PanTapRecognizer()
    /// The last frame drawn: the scene's commands first (`sceneCommands` of them), then the switcher's.
    private(set) var drawList = DrawList()
    private(set) var sceneCommands = 0
    /// The first non-finite value seen (where, and what was happening), nil while all were finite.
    private(set) var failure: String?
    /// Touch frames delivered to the routing, scene switches, frames advanced (for the fuzzer's summary).
    private(set) var framesDelivered = 0, sceneSwitches = 0, framesAdvanced = 0
    /// How often each kind of scene event was reported (what the scripts reached).
    private(set) var eventCounts: [GestureKind: Int] = [:]

    /// A runner showing `kind` on `backend`, configured to `size` at `scale` (made, then configured, as at start-up).
    init(kind: SceneKind, backend: BackendKind, size: SIMD2<Double>, scale: Double) {
        self.size = size
        self.scale = scale
        self.backend = backend
        scene = kind.make(size: size, backend: backend)
        switcher = SceneSwitcher(names: SceneKind.allCases.map(\.rawValue),
                                 selected: SceneKind.allCases.firstIndex(of: kind) ?? 0)
        sanitizer = InputSanitizer()
        configure(size: size, scale: scale)
    }

    /// The scene shown now.
    var sceneKind: SceneKind { SceneKind.allCases[switcher.selected] }

    // MARK: Seat (as `Seat`'s listeners do it)

    /// `zwp_input_timestamps_v1.timestamp` for the next touch (or pointer) event.
    mutating func highResolutionTimestamp(_ stamp: HighResolutionStamp, pointer: Bool) {
        if pointer {
            pointerClock.setNextTimestamp(secondsHigh: stamp.hi, secondsLow: stamp.lo, nanoseconds: stamp.nsec)
        } else {
            touchClock.setNextTimestamp(secondsHigh: stamp.hi, secondsLow: stamp.lo, nanoseconds: stamp.nsec)
        }
    }

    mutating func touchDown(id: Int32, at raw: SIMD2<Double>, ms: UInt32) {
        let t = touchClock.seconds(milliseconds: ms)
        let position = sanitizer.position(raw, id: id).position
        deliver(assembler.down(id: id, position: position, time: t))
    }

    mutating func touchMotion(id: Int32, to raw: SIMD2<Double>, ms: UInt32) {
        let t = touchClock.seconds(milliseconds: ms)
        let position = sanitizer.position(raw, id: id).position
        deliver(assembler.motion(id: id, position: position, time: t))
    }

    mutating func touchUp(id: Int32, ms: UInt32) {
        sanitizer.release(id: id)
        deliver(assembler.up(id: id, time: touchClock.seconds(milliseconds: ms)))
    }

    mutating func touchFrame() { deliver(assembler.frame()) }

    mutating func touchCancel() {
        sanitizer = InputSanitizer(bounds: sanitizer.bounds)
        deliver(assembler.cancel(time: lastTime))
    }

    mutating func pointerEnter(at raw: SIMD2<Double>) {
        pointerPosition = sanitizer.position(raw, id: TouchFrameAssembler.pointerID).position
    }

    mutating func pointerLeave() { deliver(assembler.pointerUp(time: lastTime)) }

    mutating func pointerMotion(to raw: SIMD2<Double>, ms: UInt32) {
        pointerPosition = sanitizer.position(raw, id: TouchFrameAssembler.pointerID).position
        let t = pointerClock.seconds(milliseconds: ms)
        deliver(assembler.pointerMotion(position: pointerPosition, time: t))
    }

    mutating func pointerButton(pressed: Bool, ms: UInt32) {
        let t = pointerClock.seconds(milliseconds: ms)
        if pressed { deliver(assembler.pointerDown(position: pointerPosition, time: t)) }
        else { deliver(assembler.pointerUp(time: t)) }
    }

    /// The touch device goes away with fingers down (`Seat.releaseTouch(cancelling: true)`), and the pointer
    /// leaves: the end of every touch sequence and press the app can be left with.
    mutating func releaseDevices() {
        if assembler.fingerIsDown { deliver(assembler.cancel(time: lastTime)) }
        sanitizer = InputSanitizer(bounds: sanitizer.bounds)
        deliver(assembler.pointerUp(time: lastTime))
    }

    private mutating func deliver(_ frame: Touch.Frame?) {
        guard let frame, failure == nil else { return }
        // `TouchChange.init` asserts finite input: report instead of trapping, with what got through.
        if let bad = FiniteCheck.firstNonFinite(at: "touch frame", { FiniteCheck.walk(frame, at: $0, $1) }) {
            failure = "the seat delivered a non-finite touch: \(bad)"
            return
        }
        if let newest = frame.changes.map(\.time).max() { lastTime = max(lastTime, newest) }
        framesDelivered += 1
        route(TouchFrame(frame))
    }

    // MARK: Runner (as `DemoRunner` does it)

    private mutating func route(_ frame: TouchFrame) {
        let (rest, selection, _) = switcher.filter(frame)
        if let selection { switchScene(to: SceneKind.allCases[selection]) }
        guard let rest else { return }
        for event in scene.handle(rest) {
            eventCounts[event.kind, default: 0] += 1
            check(FiniteCheck.firstNonFinite(at: "\(scene.name).handle") { FiniteCheck.walk(event, at: $0, $1) })
        }
        for event in multiTouch.handle(rest) {
            check(FiniteCheck.firstNonFinite(at: "MultiTouchGestureRecognizer") {
                FiniteCheck.walk(event, at: $0, $1)
            })
        }
        let half = size.x / 2
        for event in panTap.handle(rest, hit: { $0.x < half }) {
            check(FiniteCheck.firstNonFinite(at: "PanTapRecognizer") { FiniteCheck.walk(event, at: $0, $1) })
        }
    }

    private mutating func switchScene(to kind: SceneKind) {
        scene = kind.make(size: size, backend: backend)
        scene.setOutputScale(scale)
        if let index = SceneKind.allCases.firstIndex(of: kind) { switcher.selected = index }
        sceneSwitches += 1
    }

    /// Key `s` or Tab.
    mutating func nextScene() {
        let kinds = SceneKind.allCases
        switchScene(to: kinds[(switcher.selected + 1) % kinds.count])
    }

    /// Keys 1/2/3.
    mutating func switchBackend(to kind: BackendKind) {
        guard var switchable = scene as? any Scene & BackendSwitchable else { return }
        backend = kind
        switchable.switchBackend(to: kind.make(), name: kind.rawValue)
        scene = switchable
    }

    /// A surface configure (new logical size or output scale).
    mutating func configure(size newSize: SIMD2<Double>, scale newScale: Double) {
        size = newSize
        scale = newScale
        sanitizer.bounds = newSize
        scene.setOutputScale(newScale)
        scene.resize(to: newSize)
        switcher.setRoom(HUD.switcherRoom(width: newSize.x))
    }

    /// A frame callback: the scene advances by `dt`, then the frame is drawn and traced.
    mutating func frame(dt: Double) {
        let before = scene.layers.time
        for event in scene.advance(by: dt) {
            eventCounts[event.kind, default: 0] += 1
            check(FiniteCheck.firstNonFinite(at: "\(scene.name).advance") { FiniteCheck.walk(event, at: $0, $1) })
        }
        let step = scene.layers.time - before
        if failure == nil, !step.isFinite { failure = "\(scene.name): frame step = \(step)" }
        framesAdvanced += 1
        drawAndTrace()
    }

    /// What a frame draws (scene, switcher) and traces (the scene's record).
    mutating func drawAndTrace() {
        guard failure == nil else { return }
        drawList.removeAll()
        scene.draw(into: &drawList)
        sceneCommands = drawList.count
        switcher.draw(into: &drawList, size: size)
        let list = drawList
        check(FiniteCheck.firstNonFinite(at: "draw(\(scene.name))") { FiniteCheck.walk(list, at: $0, $1) })
        let record = scene.traceRecord()
        check(FiniteCheck.firstNonFinite(at: "trace.\(scene.name)") { FiniteCheck.walk(record, at: $0, $1) })
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
