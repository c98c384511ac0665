import MomentumCore
import MomentumLayers

/// The Control Center panel of seed 000: open or closed; it follows a dragging finger exactly, animates on
/// release with the release velocity toward the state the seed picks (`vy ≥ 0` → closed, else open), and a
/// tap toggles it. Everything is interruptible: a tap while it moves retargets the running animation (position
/// and velocity stay continuous); a drag grabs it where it is on screen; pressing and holding it still for longer
/// than a tap catches it there. A cancelled touch sequence returns it to where it was heading before the grab,
/// from rest (no fling).
public struct PanelScene: Scene, BackendSwitchable {
    /// The two resting states.
    public enum Target: String, Sendable { case open, closed }
    /// What the panel is doing.
    public enum State: String, Sendable { case open, closed, dragging, animating }
    /// The scene's name.
    public let name = "panel"
    /// The container layout.
    public private(set) var layout: PanelLayout
    /// Where the panel is heading (or rests).
    public private(set) var target: Target = .closed
    /// The animation backend; swappable (the current motion is handed over).
    public private(set) var backend: any AnimationBackend
    /// The backend's name for the trace.
    public private(set) var backendName: String
    private var recognizer = PanTapRecognizer()
    private var dragging = false
    private var grabOffset = 0.0
    private var dragY = 0.0
    private var dragVelocity = SIMD2<Double>.zero
    private var pressedWhileMoving = false
    private var heldTime = 0.0
    private var targetBeforeGrab: Target = .closed
    private var inputTime = 0.0

    /// Creates the scene at rest, closed.
    public init(layout: PanelLayout, backend: any AnimationBackend, backendName: String) {
        self.layout = layout
        self.backend = backend
        self.backendName = backendName
        let start = SIMD2(0, layout.y(for: .closed))
        self.backend.start(from: start, velocity: .zero, to: start)
    }

    /// The panel's top edge as drawn now.
    public var y: Double { dragging ? dragY : backend.presentedValue.y }
    /// The panel's vertical velocity now (px/s): the finger's while dragging.
    public var vy: Double { dragging ? dragVelocity.y : backend.presentedVelocity.y }
    /// The panel's rectangle as drawn now.
    public var rect: DrawRect { layout.rect(y: y) }
    /// The state for the trace.
    public var state: State {
        if dragging { return .dragging }
        if !backend.isAtRest { return .animating }
        return target == .open ? .open : .closed
    }
    /// True while frames are needed (the panel moves, or a press on a moving panel may become a catch).
    public var needsFrames: Bool { !dragging && !backend.isAtRest }

    /// Changes the container size; a resting panel snaps to its state's new position.
    public mutating func resize(_ newLayout: PanelLayout) {
        guard newLayout != layout else { return }
        layout = newLayout
        if !dragging {
            let goal = SIMD2(0, layout.y(for: target))
            if backend.isAtRest { backend.start(from: goal, velocity: .zero, to: goal) } else { backend.retarget(to: goal) }
        }
    }

    /// Lays the panel out for a container of `size` logical px.
    public mutating func resize(to size: SIMD2<Double>) { resize(PanelLayout(width: size.x, height: size.y)) }

    /// Switches to another backend, handing over the presented value and velocity.
    public mutating func switchBackend(to newBackend: any AnimationBackend, name: String) {
        let handoff = backend.interrupt()
        backend = newBackend
        backendName = name
        let goal = SIMD2(0, layout.y(for: target))
        if dragging { backend.start(from: SIMD2(0, dragY), velocity: .zero, to: SIMD2(0, dragY)) }
        else { backend.start(from: handoff.value, velocity: handoff.velocity, to: goal) }
    }

    /// Feeds a touch frame; returns the gestures recognised.
    public mutating func handle(_ frame: TouchFrame) -> [SceneEvent] {
        if let newest = frame.changes.map(\.time).max() { inputTime = max(inputTime, newest) }
        let hitRect = rect
        let events = recognizer.handle(frame) { p in
            p.x >= hitRect.x && p.x <= hitRect.maxX && p.y >= hitRect.y && p.y <= hitRect.maxY
        }
        var reports: [SceneEvent] = []
        for event in events {
            switch event {
            case .pressed:
                pressedWhileMoving = !backend.isAtRest
                heldTime = 0
                targetBeforeGrab = target
            case .panBegan(let p):
                grab(finger: p)
                reports.append(SceneEvent("pan-began"))
            case .panChanged(let p):
                dragY = p.y + grabOffset
                dragVelocity = recognizer.currentVelocity(at: inputTime)
            case .panEnded(let p, let velocity):
                dragY = p.y + grabOffset
                release(velocity: velocity)
                reports.append(SceneEvent("pan-ended", [TraceField("velocity", .vector(velocity))]))
            case .tap:
                pressedWhileMoving = false
                let before = SIMD2(y, vy)
                if dragging { release(velocity: .zero, toward: target == .open ? .closed : .open) }
                else { toggle() }
                // The panel's (y, vy) just before and just after the tap took effect, at the same instant.
                reports.append(SceneEvent("tap", [TraceField("before", .vector(before)),
                                                  TraceField("after", .vector(SIMD2(y, vy)))]))
            case .released:
                pressedWhileMoving = false
                if dragging { release(velocity: .zero, toward: target) }
            case .cancelled:
                pressedWhileMoving = false
                if dragging { release(velocity: .zero, toward: targetBeforeGrab) }
                reports.append(SceneEvent("cancel"))
            }
        }
        return reports
    }

    /// Advances animations by `dt` seconds of frame time. A press held still on a moving panel for longer than
    /// a tap catches it where it is; returns a `catch` event when that happens.
    public mutating func advance(by dt: Double) -> [SceneEvent] {
        guard !dragging else { return [] }
        backend.advance(by: dt)
        if pressedWhileMoving, recognizer.owner != nil, !recognizer.isPanning {
            heldTime += dt
            if heldTime > recognizer.tapMaxDuration {
                pressedWhileMoving = false
                grab(finger: recognizer.position)
                return [SceneEvent("catch")]
            }
        }
        return []
    }

    /// The panel's state for the trace: state, target, top edge y and vy, rect, backend.
    public func traceRecord() -> [TraceField] {
        let r = rect
        return [TraceField("state", .string(state.rawValue)), TraceField("target", .string(target.rawValue)),
                TraceField("y", .number(y)), TraceField("vy", .number(vy)),
                TraceField("rect", .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)])),
                TraceField("backend", .string(backendName))]
    }

    /// Appends the panel (and its grabber handle) to a draw list.
    public func draw(into list: inout DrawList) {
        let r = rect
        list.addRoundedRect(r, cornerRadius: 22, fill: RGBA(hex: 0xF4F5F8),
                            shadow: DropShadow(blurRadius: 24, offset: SIMD2(0, -2), color: RGBA(r: 0, g: 0, b: 0, a: 0.35)))
        let handle = DrawRect(x: r.center.x - 22, y: r.y + 10, width: 44, height: 6)
        list.addRoundedRect(handle, cornerRadius: 3, fill: RGBA(hex: 0xB8BCC6))
        // Control tiles, so motion is easy to see.
        let tile = 64.0, gap = 18.0
        let columns = max(1, Int((r.width - 2 * gap) / (tile + gap)))
        let left = r.x + (r.width - Double(columns) * (tile + gap) + gap) / 2
        for row in 0..<2 {
            for column in 0..<columns {
                let rectTile = DrawRect(x: left + Double(column) * (tile + gap), y: r.y + 40 + Double(row) * (tile + gap),
                                        width: tile, height: tile)
                let hue: UInt32 = [0x3478F6, 0x34C759, 0xFF9F0A, 0xFF375F, 0x5E5CE6, 0x64D2FF][(row * columns + column) % 6]
                list.addRoundedRect(rectTile, cornerRadius: 16, fill: RGBA(hex: hue))
            }
        }
    }

    private mutating func grab(finger: SIMD2<Double>) {
        let held = backend.interrupt()
        dragging = true
        dragY = held.value.y
        dragVelocity = held.velocity
        grabOffset = dragY - finger.y
    }

    private mutating func release(velocity: SIMD2<Double>, toward chosen: Target? = nil) {
        dragging = false
        target = chosen ?? (velocity.y >= 0 ? .closed : .open)
        // The panel moves only vertically: the horizontal part of the fling has nowhere to go.
        backend.start(from: SIMD2(0, dragY), velocity: SIMD2(0, velocity.y), to: SIMD2(0, layout.y(for: target)))
    }

    /// Toggles the target as a tap does: from rest it starts toward the other state, mid-flight it retargets
    /// keeping position and velocity continuous.
    public mutating func toggle() {
        target = target == .open ? .closed : .open
        let goal = SIMD2(0, layout.y(for: target))
        if backend.isAtRest {
            backend.start(from: backend.presentedValue, velocity: .zero, to: goal)
        } else {
            backend.retarget(to: goal)
        }
    }
}
