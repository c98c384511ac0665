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
    /// The layers the scene shows: the panel, its grabber handle and its tiles. The panel's position is animated
    /// here and nowhere else.
    public private(set) var layers: LayerTree
    /// The panel layer.
    public let panel: LayerID
    /// How the panel moves when released or toggled: a backend at rest, configured (spring, dynamics or tween);
    /// each motion starts from it. Swappable (the current motion is handed over).
    public private(set) var backend: PropertyAnimation
    /// The backend's name for the trace.
    public private(set) var backendName: String
    private var recognizer = PanTapRecognizer()
    private var dragging = false
    private var grabOffset = 0.0
    private var dragVelocity = SIMD2<Double>.zero
    private var pressedWhileMoving = false
    private var heldTime = 0.0
    private var targetBeforeGrab: Target = .closed
    private var inputTime = 0.0

    /// Creates the scene at rest, closed.
    public init(layout: PanelLayout, backend: PropertyAnimation, backendName: String) {
        self.layout = layout
        self.backendName = backendName
        var motion = backend
        _ = motion.interrupt()
        self.backend = motion
        layers = LayerTree(size: SIMD2(layout.width, layout.height))
        var sheet = Layer(frame: layout.rect(y: layout.y(for: .closed)), backgroundColor: RGBA(hex: 0xF4F5F8),
                          cornerRadius: 22)
        sheet.shadow = DropShadow(blurRadius: 24, offset: SIMD2(0, -2), color: RGBA(r: 0, g: 0, b: 0, a: 0.35))
        // It only ever slides: shown on a surface of its own, the compositor moves it and nothing is shaded again.
        sheet.wantsOwnSurface = true
        panel = layers.add(sheet)
        addPanelContents()
    }

    /// The panel's centre, animated: the top edge is `centre.y − height / 2`.
    private var halfHeight: Double { layout.panelSize.y / 2 }

    /// The panel's top edge as drawn now.
    public var y: Double { layers.presented(.position, of: panel).value.y - halfHeight }
    /// The panel's vertical velocity now (px/s): the finger's while dragging.
    public var vy: Double { dragging ? dragVelocity.y : layers.presented(.position, of: panel).velocity.y }
    /// The panel's rectangle as drawn now.
    public var rect: DrawRect { layers.presentation(of: panel).frame }
    /// True while the panel's position animates.
    private var isMoving: Bool { layers.isAnimating(.position, of: panel) }
    /// The state for the trace.
    public var state: State {
        if dragging { return .dragging }
        if isMoving { return .animating }
        return target == .open ? .open : .closed
    }
    /// True while frames are needed (the panel moves, or a press on a moving panel may become a catch).
    public var needsFrames: Bool { !dragging && isMoving }

    /// Changes the container size; a resting panel snaps to its state's new position.
    public mutating func resize(_ newLayout: PanelLayout) {
        guard newLayout != layout else { return }
        let wasMoving = isMoving
        layout = newLayout
        layers[layers.root].frame = DrawRect(x: 0, y: 0, width: layout.width, height: layout.height)
        let top = dragging ? y : layout.y(for: target)
        layers[panel].size = layout.panelSize
        addPanelContents()
        guard !dragging else {
            layers[panel].position = layout.rect(y: top).center
            return
        }
        let goal = layout.rect(y: top).center
        if wasMoving { layers.retarget(.position, of: panel, to: goal) } else { layers[panel].position = goal }
    }

    /// Positions settle within half a device pixel of an output with `scale` device px per logical px.
    public mutating func setOutputScale(_ scale: Double) { layers.outputScale = scale }

    /// Lays the panel out for a container of `size` logical px.
    public mutating func resize(to size: SIMD2<Double>) { resize(PanelLayout(width: size.x, height: size.y)) }

    /// Switches to another backend, handing over the presented value and velocity.
    public mutating func switchBackend(to newBackend: PropertyAnimation, name: String) {
        backend = newBackend
        _ = backend.interrupt()
        backendName = name
        guard !dragging, isMoving else { return }
        let handoff = layers.removeAnimation(.position, of: panel)
        move(from: handoff.value, velocity: handoff.velocity)
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
                pressedWhileMoving = isMoving
                heldTime = 0
                targetBeforeGrab = target
            case .panBegan(let p):
                grab(finger: p)
                reports.append(SceneEvent(.panBegan))
            case .panChanged(let p):
                drag(finger: p)
                dragVelocity = recognizer.currentVelocity(at: inputTime)
            case .panEnded(let p, let velocity):
                drag(finger: p)
                release(velocity: velocity)
                reports.append(SceneEvent(.panEnded, [TraceField("velocity", .vector(velocity))]))
            case .tap:
                pressedWhileMoving = false
                let before = SIMD2(y, vy)
                if dragging { release(velocity: .zero, toward: target == .open ? .closed : .open) }
                else { toggle() }
                // The panel's (y, vy) just before and just after the tap took effect, at the same instant.
                reports.append(SceneEvent(.tap, [TraceField("before", .vector(before)),
                                                  TraceField("after", .vector(SIMD2(y, vy)))]))
            case .released:
                pressedWhileMoving = false
                if dragging { release(velocity: .zero, toward: target) }
            case .cancelled:
                pressedWhileMoving = false
                if dragging { release(velocity: .zero, toward: targetBeforeGrab) }
                reports.append(SceneEvent(.touchCancel))
            }
        }
        return reports
    }

    /// Advances animations by `dt` seconds of frame time. A press held still on a moving panel for longer than
    /// a tap catches it where it is; returns a `catch` event when that happens.
    public mutating func advance(by dt: Double) -> [SceneEvent] {
        let step = layers.advance(by: dt)
        guard !dragging else { return [] }
        if pressedWhileMoving, recognizer.owner != nil, !recognizer.isPanning {
            heldTime += step
            if heldTime > recognizer.tapMaxDuration {
                pressedWhileMoving = false
                grab(finger: recognizer.position)
                return [SceneEvent(.catch)]
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

    /// Appends the presented layers to a draw list.
    public func draw(into list: inout DrawList) { layers.draw(into: &list) }

    /// The grabber handle and two rows of control tiles (so motion is easy to see), laid out for the panel's size.
    private mutating func addPanelContents() {
        layers.removeSublayers(of: panel)
        let size = layout.panelSize
        layers.add(Layer(frame: DrawRect(x: size.x / 2 - 22, y: 10, width: 44, height: 6),
                         backgroundColor: RGBA(hex: 0xB8BCC6), cornerRadius: 3), to: panel)
        let tile = 64.0, gap = 18.0
        let columns = max(1, Int((size.x - 2 * gap) / (tile + gap)))
        let left = (size.x - Double(columns) * (tile + gap) + gap) / 2
        let hues: [UInt32] = [0x3478F6, 0x34C759, 0xFF9F0A, 0xFF375F, 0x5E5CE6, 0x64D2FF]
        for row in 0..<2 {
            for column in 0..<columns {
                let frame = DrawRect(x: left + Double(column) * (tile + gap), y: 40 + Double(row) * (tile + gap),
                                     width: tile, height: tile)
                layers.add(Layer(frame: frame, backgroundColor: RGBA(hex: hues[(row * columns + column) % 6]),
                                 cornerRadius: 16), to: panel)
            }
        }
    }

    private mutating func grab(finger: SIMD2<Double>) {
        let held = layers.removeAnimation(.position, of: panel)
        dragging = true
        dragVelocity = held.velocity
        grabOffset = (held.value.y - halfHeight) - finger.y
    }

    /// The finger owns the panel: its model top edge is the finger's y plus the grab offset.
    private mutating func drag(finger: SIMD2<Double>) {
        layers[panel].position = layout.rect(y: finger.y + grabOffset).center
    }

    private mutating func release(velocity: SIMD2<Double>, toward chosen: Target? = nil) {
        dragging = false
        target = chosen ?? (velocity.y >= 0 ? .closed : .open)
        // The panel moves only vertically: the horizontal part of the fling has nowhere to go.
        move(from: layers[panel].position, velocity: SIMD2(0, velocity.y))
    }

    /// Starts the panel's position animation from `value` with `velocity` toward its target's rest.
    private mutating func move(from value: SIMD2<Double>, velocity: SIMD2<Double>) {
        var motion = backend
        motion.start(from: value, velocity: velocity, to: layout.rect(y: layout.y(for: target)).center)
        if motion.isAtRest { layers[panel].position = motion.target } else { layers.animate(.position, of: panel, with: motion) }
    }

    /// `--autoplay`: at rest and not held, toggles the panel.
    public mutating func autoplay() -> Bool {
        guard !needsFrames, !dragging else { return false }
        toggle()
        return true
    }

    /// Toggles the target as a tap does: from rest it starts toward the other state, mid-flight it retargets
    /// keeping position and velocity continuous.
    public mutating func toggle() {
        target = target == .open ? .closed : .open
        let goal = layout.rect(y: layout.y(for: target)).center
        if !layers.retarget(.position, of: panel, to: goal) { move(from: layers[panel].position, velocity: .zero) }
    }
}
