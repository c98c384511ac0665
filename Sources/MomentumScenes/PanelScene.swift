import MomentumCore
import MomentumLayers

/// The Control Center panel of seed 000: open or closed; it follows a dragging finger, animates on release with
/// the release velocity, and a tap toggles it. Everything is interruptible, by the `TouchRule` (hit-tested on the
/// presentation, so a moving panel is touched where it is drawn):
/// - a press on the moving panel does not change its motion at touch-down;
/// - a quick tap on it (lifted within the tap time, before the hold time, no movement past the slop) retargets it
///   to the other state **with its current velocity** (seed 000's `didTap`): it turns smoothly, no stop;
/// - a press that moves past the slop catches it where it is drawn at that moment, no jump, and from then on it
///   follows the finger 1:1;
/// - a press held still for `holdTime` catches it and holds it there (seed 004's stop); lifted, it goes to the
///   nearer state, from rest;
/// - on a resting panel the grabbed point stays under the finger: the pan slop (8 px) is taken up smoothly over the
///   next `takeUp` px of movement (no jump when the pan begins, no lasting lag after);
/// - past the open and closed positions the drag rubber-bands (c = 0.55) and the panel reaches below the screen
///   edge, so no gap shows;
/// - on release the velocity decides when it is faster than `velocityThreshold` (50 px/s, seed 002's rule, shared
///   with the transition), else the nearer state does;
/// - a tap on the resting panel starts it toward the other state;
/// - a cancelled touch sequence returns it to where it was heading before the grab, from rest (no fling).
///
/// Open and at rest, it is a Control Center whose controls are touch targets of their own: a tap on a toggle or a
/// media button flips or steps it; a touch that starts on a slider belongs to the slider (it follows the finger
/// sideways, the slop taken up as the panel's; a tap sets the level there), not to the panel; a drag that starts on
/// a toggle or button moves the panel, as a scroll view takes a touch from a button once it moves. Closed or moving,
/// the whole panel is one handle.
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
    /// Below this release speed (px/s) the position decides open or closed; above it, the direction does.
    public static let velocityThreshold = TransitionScene.velocityThreshold
    /// Finger travel (px) after the pan begins over which the slop is taken up.
    public static let takeUp = DragMapping.takeUp
    /// How long a still press on the moving panel takes to catch it (s): the touch rule's.
    public static let holdTime = TouchRule.holdTime
    /// The controls' layers and names, and whether they are marked as acting now (`syncControlRoles`).
    private var controlLayers: [(layer: LayerID, name: String)] = []
    private var controlsAct = false
    private var recognizer = PanTapRecognizer()
    private var dragging = false
    private var dragVelocity = SIMD2<Double>.zero
    private var targetBeforeGrab: Target = .closed
    private var inputTime = 0.0
    /// Where the finger went down and the panel's top edge then (where it was drawn, caught or at rest).
    private var press = SIMD2<Double>.zero, pressTop = 0.0
    /// The press went down on the moving panel (and did not stop it): the frame time then, and the panel's top edge
    /// and velocity then (the trace's `at_down`).
    private var pressedMoving: (time: Double, y: Double, vy: Double)?
    /// The drag's finger → unstretched top edge mapping (the slop taken up).
    private var mapping = DragMapping(value: 0, finger: 0, pressedValue: 0, pressedFinger: 0)
    /// The Control Center's state: toggles, levels, media.
    public private(set) var controls = ControlCenter() {
        didSet { controlsTrace = controls.traceRecord() }
    }
    /// `controls` as the trace writes them, made when they change rather than for every frame's record.
    private var controlsTrace = ControlCenter().traceRecord()
    /// The control the current touch sequence belongs to (pressed on it with the panel open at rest).
    private var grabbed: ControlCenter.Control?
    /// The slider drag's finger → fill width mapping, and the fill when the finger went down.
    private var sliderMapping = DragMapping(value: 0, finger: 0, pressedValue: 0, pressedFinger: 0)
    private var pressFill = 0.0
    /// What to try, on the backdrop above the open panel.
    private let hint: SceneHint
    /// A lock screen's time and date above the hint.
    private let clock: PanelClock
    /// A lock screen's notifications under the hint, where the screen has room for them.
    private let notifications: PanelNotifications

    /// Creates the scene at rest, closed.
    public init(layout: PanelLayout, backend: PropertyAnimation, backendName: String) {
        self.layout = layout
        self.backendName = backendName
        var motion = backend
        _ = motion.interrupt()
        self.backend = motion
        layers = LayerTree(size: SIMD2(layout.width, layout.height))
        clock = PanelClock(into: &layers)
        notifications = PanelNotifications(into: &layers)
        hint = SceneHint(into: &layers, title: "Control Center",
                         lines: ["Drag it up or tap it; catch it mid-flight", "A drag on a slider moves the slider"])
        var sheet = Layer(frame: layout.layerRect(y: layout.y(for: .closed)), backgroundColor: Palette.paper,
                          cornerRadius: 22)
        sheet.shadow = DropShadow(blurRadius: 24, offset: SIMD2(0, -2), color: RGBA(r: 0, g: 0, b: 0, a: 0.35))
        // It only ever slides: shown on a surface of its own, the compositor moves it and nothing is shaded again.
        sheet.wantsOwnSurface = true
        // Its extension's rows are one row repeated: the app may show them as that row stretched.
        sheet.rowsRepeatBelow = layout.rowsRepeatBelow
        sheet.role = .sheet("panel")
        panel = layers.add(sheet)
        addPanelContents()
        placeHint()
    }

    /// The clock, the hint and (where they fit with room to spare) the notifications sit between the chrome band
    /// and the open panel.
    private mutating func placeHint() {
        let scale = SceneChrome.typeScale(width: layout.width)
        let band = SceneChrome.bandHeight(for: SIMD2(layout.width, layout.height))
        let wallpaper = DrawRect(x: 0, y: band, width: layout.width, height: layout.y(for: .open) - band)
        let hintHeight = hint.height(scale: scale), cards = PanelNotifications.height(scale: scale)
        // The cards where the clock, the hint and they leave a fifth of the wallpaper free around them.
        let withCards = clock.height(scale: scale) + hintHeight + cards <= wallpaper.height * 0.8
        let area = clock.place(in: &layers, area: wallpaper, scale: scale,
                               leaving: hintHeight + (withCards ? cards : 0))
        // The hint at the top of what the clock leaves for it and the cards (centred in it without them).
        hint.place(in: &layers, area: withCards ? DrawRect(x: area.x, y: area.y, width: area.width,
                                                           height: hintHeight + 24) : area,
                   scale: scale)
        notifications.place(in: &layers, area: DrawRect(x: area.x, y: area.y + 12 + hintHeight, width: area.width,
                                                        height: cards),
                            scale: scale, show: withCards)
    }

    /// The panel layer's centre, animated: the top edge is `centre.y − layer height / 2`.
    private var halfHeight: Double { layout.layerSize.y / 2 }
    /// The layer's centre for a top edge `y`.
    private func centre(top y: Double) -> SIMD2<Double> { layout.layerRect(y: y).center }

    /// The panel's top edge as drawn now.
    public var y: Double { layers.presented(.position, of: panel).value.y - halfHeight }
    /// The panel's vertical velocity now (px/s): the drag's while dragging.
    public var vy: Double { dragging ? dragVelocity.y : layers.presented(.position, of: panel).velocity.y }
    /// The panel's visible rectangle as drawn now (its extension below the screen edge not counted).
    public var rect: DrawRect { layout.rect(y: y) }
    /// True while the panel's position animates.
    private var isMoving: Bool { layers.isAnimating(.position, of: panel) }
    /// The state for the trace.
    public var state: State {
        if dragging { return .dragging }
        if isMoving { return .animating }
        return target == .open ? .open : .closed
    }
    /// True while frames are needed (the panel moves on its own).
    public var needsFrames: Bool { !dragging && isMoving }

    /// Changes the container size; a resting panel snaps to its state's new position.
    public mutating func resize(_ newLayout: PanelLayout) {
        guard newLayout != layout else { return }
        let wasMoving = isMoving
        let top = dragging ? y : layout.y(for: target)
        let old = layout
        layout = newLayout
        layers[layers.root].frame = DrawRect(x: 0, y: 0, width: layout.width, height: layout.height)
        layers[panel].size = layout.layerSize
        layers[panel].rowsRepeatBelow = layout.rowsRepeatBelow
        addPanelContents()
        placeHint()
        guard !dragging else {
            // Held: the finger keeps its point of the panel; the drag's offsets move with the new layer size.
            layers[panel].position = centre(top: top)
            return
        }
        let goal = centre(top: layout.y(for: target))
        if wasMoving {
            // The centre moves with the layer's new height: keep the drawn top edge continuous, then retarget.
            let held = layers.removeAnimation(.position, of: panel)
            let drawnTop = held.value.y - old.layerSize.y / 2
            move(from: centre(top: drawnTop), velocity: held.velocity)
        } else {
            layers[panel].position = goal
        }
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
        defer { syncControlRoles() }
        if let newest = frame.changes.map(\.time).max() { inputTime = max(inputTime, newest) }
        // Hit-tested where the panel is drawn, its extension below the visible part included.
        let hitRect = layers.presentation(of: panel).frame
        let events = recognizer.handle(frame) { p in
            p.x >= hitRect.x && p.x <= hitRect.maxX && p.y >= hitRect.y && p.y <= hitRect.maxY
        }
        var reports: [SceneEvent] = []
        for event in events {
            switch event {
            case .pressed(let p):
                targetBeforeGrab = target
                press = p
                grabbed = nil
                pressedMoving = nil
                if !isMoving, !dragging, target == .open, let control = control(at: p) {
                    grabbed = control
                    if case .slider(let slider) = control, let track = layout.controls.sliders[slider] {
                        pressFill = ControlCenterLayout.fill(level: controls.value(slider), on: track)
                    } else {
                        addPanelContents()
                    }
                } else if isMoving {
                    // The motion goes on: what the press becomes (a tap, a pan, a hold) decides.
                    pressedMoving = (layers.time, y, vy)
                }
                pressTop = y
            case .panBegan(let p):
                if case .slider(let slider) = grabbed, let track = layout.controls.sliders[slider] {
                    sliderMapping = DragMapping(value: pressFill, finger: ControlCenterLayout.fingerAxis(track, p),
                                                pressedValue: pressFill,
                                                pressedFinger: ControlCenterLayout.fingerAxis(track, press))
                    slide(finger: p)
                    continue
                }
                if grabbed != nil {
                    // A toggle or button let go of a touch that moves: the panel takes it.
                    grabbed = nil
                    addPanelContents()
                }
                if !dragging, isMoving, pressedMoving != nil {
                    // Caught where it is drawn now, as the finger starts to move it.
                    reports.append(catchPanel())
                }
                dragging = true
                _ = layers.removeAnimation(.position, of: panel)
                // No jump: the mapping starts from where the panel is. A panel caught moving follows the finger 1:1
                // from here; one pressed at rest ends with the pressed point under the finger (in the rubber band's
                // unstretched coordinates, so a drag in an overshoot holds too).
                let caughtMoving = pressedMoving != nil
                mapping = DragMapping(value: layout.unbanded(y), finger: p.y,
                                      pressedValue: layout.unbanded(caughtMoving ? y : pressTop),
                                      pressedFinger: caughtMoving ? p.y : press.y)
                drag(finger: p)
                dragVelocity = velocity(forFinger: recognizer.currentVelocity(at: inputTime), at: p)
                reports.append(SceneEvent(.panBegan))
            case .panChanged(let p):
                if case .slider = grabbed {
                    slide(finger: p)
                    continue
                }
                drag(finger: p)
                dragVelocity = velocity(forFinger: recognizer.currentVelocity(at: inputTime), at: p)
            case .panEnded(let p, let velocity):
                if case .slider(let slider) = grabbed {
                    slide(finger: p)
                    grabbed = nil
                    reports.append(controlEvent(.slider(slider), .number(controls.value(slider))))
                    continue
                }
                drag(finger: p)
                let panelVelocity = self.velocity(forFinger: velocity, at: p)
                release(velocity: panelVelocity)
                reports.append(SceneEvent(.panEnded, [TraceField(EventField.velocity, .vector(velocity)),
                                                      TraceField(EventField.panelVelocity, .vector(panelVelocity))]))
            case .tap(let p):
                if let control = grabbed {
                    grabbed = nil
                    reports.append(controlEvent(control, activate(control, at: p)))
                    continue
                }
                let before = SIMD2(y, vy)
                // Held still until caught: let go from rest, as any release without velocity (the nearer state).
                // Else it is retargeted with its velocity (or, at rest, started toward the other state).
                if dragging { release(velocity: .zero) }
                else { toggle() }
                // The panel's (y, vy) at touch-down, and just before and just after the tap took effect (at the lift).
                var fields = [TraceField(EventField.before, .vector(before)),
                              TraceField(EventField.after, .vector(SIMD2(y, vy)))]
                fields += atDownField
                reports.append(SceneEvent(.tap, fields))
            case .released:
                if grabbed != nil {
                    grabbed = nil
                    addPanelContents()
                }
                if dragging { release(velocity: .zero) }
            case .cancelled:
                if grabbed != nil {
                    grabbed = nil
                    addPanelContents()
                }
                if dragging { release(velocity: .zero, toward: targetBeforeGrab) }
                reports.append(SceneEvent(.touchCancel))
            }
        }
        return reports
    }

    /// Advances animations by `dt` seconds of frame time; a still press on the moving panel held for `holdTime`
    /// catches it.
    public mutating func advance(by dt: Double) -> [SceneEvent] {
        _ = layers.advance(by: dt)
        defer { syncControlRoles() }
        guard let down = pressedMoving, !dragging, isMoving, !recognizer.isPanning, recognizer.owner != nil,
              layers.time - down.time >= Self.holdTime else { return [] }
        return [catchPanel()]
    }

    /// Stops the moving panel where it is drawn (the model becomes the presented value) and gives it to the finger;
    /// the `catch` event with where it was and how fast it moved, now and at touch-down.
    private mutating func catchPanel() -> SceneEvent {
        let caught = layers.removeAnimation(.position, of: panel)
        dragging = true
        dragVelocity = .zero
        layers[panel].position = caught.value
        return SceneEvent(.catch, [TraceField(EventField.position, .vector(caught.value)),
                                   TraceField(EventField.velocityBefore, .vector(caught.velocity))] + atDownField)
    }

    /// The panel's top edge and velocity at touch-down, when the press went down on it moving (`at_down`).
    private var atDownField: [TraceField] {
        pressedMoving.map { [TraceField(EventField.atDown, .vector(SIMD2($0.y, $0.vy)))] } ?? []
    }

    /// While the panel is dragged, it is drawn where the dragging finger will be (through the same mapping, rubber
    /// band included); the slider's drag and everything else draw the real finger.
    public func presentationOverrides(predicted fingers: [Int32: SIMD2<Double>]) -> PresentationOverrides {
        var overrides = PresentationOverrides()
        // Only once the pan has begun: a catch holds the panel where it was caught, whatever the finger does.
        guard dragging, grabbed == nil, recognizer.isPanning, let owner = recognizer.owner,
              let finger = fingers[owner] else { return overrides }
        overrides[.position, of: panel] = centre(top: layout.banded(mapping.value(finger: finger.y,
                                                                                  travelled: mapping.travelled)))
        return overrides
    }

    /// The panel's state for the trace as drawn under `overrides` (a predicted drag: `y` and `rect` are where it is
    /// drawn).
    public func record(drawnWith overrides: PresentationOverrides) -> SceneRecord {
        guard let centre = overrides[.position, of: panel] else { return record }
        return record(y: centre.y - halfHeight)
    }

    /// The panel's state for the trace: state, target, top edge y and vy, rect, backend, the controls.
    public var record: SceneRecord { record(y: y) }

    private func record(y: Double) -> SceneRecord {
        .panel(Record(state: state, target: target, y: y, vy: vy, rect: layout.rect(y: y), backend: backendName,
                      controls: controls, controlsTrace: controlsTrace))
    }

    /// The panel's visible part (clipped to the container) and, open and at rest, each of its controls.
    public var touchTargets: [TouchTarget] {
        let shown = rect
        var targets = [TouchTarget("panel", DrawRect(x: shown.x, y: shown.y, width: shown.width,
                                                     height: max(0, min(shown.maxY, layout.height) - shown.y)))]
        if state == .open {
            targets += layout.controls.targets.map { TouchTarget($0.control.name, $0.rect.offsetBy(shown.origin)) }
        }
        return targets
    }

    /// Appends the presented layers to a draw list.
    public func draw(into list: inout DrawList) { layers.draw(into: &list) }

    /// The Control Center's layers for the panel's size and the controls' state (rebuilt when either changes).
    private mutating func addPanelContents() {
        layers.removeSublayers(of: panel)
        var pressed: ControlCenter.Control?
        if let grabbed, case .slider = grabbed {} else { pressed = grabbed }
        controlLayers = layout.controls.build(into: &layers, under: panel, state: controls, pressed: pressed)
        controlsAct = false
        syncControlRoles()
    }

    /// The controls act on touches only while the panel rests open (a touch on a closed or moving panel moves the
    /// panel): their layers say so (`Layer.role`) for the layout checks.
    private mutating func syncControlRoles() {
        guard (state == .open) != controlsAct else { return }
        controlsAct = state == .open
        for control in controlLayers { layers[control.layer].role = controlsAct ? .control(control.name) : .none }
    }

    /// The control under `point` (container coordinates) of the panel as drawn.
    private func control(at point: SIMD2<Double>) -> ControlCenter.Control? {
        layout.controls.control(at: point - rect.origin)
    }

    /// A tap on `control` at `point`: flips a toggle, steps a media button, sets a slider's level there.
    private mutating func activate(_ control: ControlCenter.Control, at point: SIMD2<Double>) -> TraceValue {
        let value: TraceValue
        if case .slider(let slider) = control, let track = layout.controls.sliders[slider] {
            controls.set(slider, to: ControlCenterLayout.level(at: point - rect.origin, on: track))
            value = .number(controls.value(slider))
        } else {
            value = controls.activate(control)
        }
        addPanelContents()
        return value
    }

    /// The slider the touch belongs to follows the finger along its axis (sideways, or up and down upright: its
    /// fill's end keeps its offset from the finger, the slop taken up).
    private mutating func slide(finger: SIMD2<Double>) {
        guard case .slider(let slider) = grabbed, let track = layout.controls.sliders[slider] else { return }
        let fill = sliderMapping.move(to: ControlCenterLayout.fingerAxis(track, finger))
        let level = ControlCenterLayout.level(fill: fill, on: track)
        guard level != controls.value(slider) else { return }
        controls.set(slider, to: level)
        addPanelContents()
    }

    /// The trace event of a control changed by a touch.
    private func controlEvent(_ control: ControlCenter.Control, _ value: TraceValue) -> SceneEvent {
        SceneEvent(.control, [TraceField(EventField.control, .string(control.name)), TraceField(EventField.value, value)])
    }

    /// The finger owns the panel: the mapping's top edge, rubber-banded past the travel's ends.
    private mutating func drag(finger: SIMD2<Double>) {
        layers[panel].position = centre(top: layout.banded(mapping.move(to: finger.y)))
    }

    /// The panel's velocity for a finger moving at `velocity` at `finger`: the finger's, times the mapping's
    /// slope (0.55 at a rubber band's start, less further out; up to 2 while the slop is taken up).
    private func velocity(forFinger velocity: SIMD2<Double>, at finger: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(0, mapping.velocity(finger: finger.y, moving: velocity.y) { layout.banded($0) })
    }

    /// Lets go: toward `chosen`, or else toward the state the release velocity points at when it is faster than
    /// `velocityThreshold`, or else the nearer one.
    private mutating func release(velocity: SIMD2<Double>, toward chosen: Target? = nil) {
        dragging = false
        if let chosen {
            target = chosen
        } else if abs(velocity.y) > Self.velocityThreshold {
            target = velocity.y > 0 ? .closed : .open
        } else {
            let middle = (layout.y(for: .open) + layout.y(for: .closed)) / 2
            target = y < middle ? .open : .closed
        }
        // The panel moves only vertically: the horizontal part of the fling has nowhere to go.
        move(from: layers[panel].position, velocity: SIMD2(0, velocity.y))
    }

    /// Starts the panel's position animation from `value` with `velocity` toward its target's rest.
    private mutating func move(from value: SIMD2<Double>, velocity: SIMD2<Double>) {
        var motion = backend
        motion.start(from: value, velocity: velocity, to: centre(top: layout.y(for: target)))
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
        let goal = centre(top: layout.y(for: target))
        if !layers.retarget(.position, of: panel, to: goal) { move(from: layers[panel].position, velocity: .zero) }
    }
}
