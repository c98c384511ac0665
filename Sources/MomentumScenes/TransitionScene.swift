import MomentumCore
import MomentumLayers

/// Seed 002's interactive animated transition: a modal card presented from above with an animation that can be
/// grabbed at any moment; nothing ever blocks input.
///
/// - A tap on the backdrop toggles: a dismissed card presents with a 0.35 s ease-in-ease-out tween (the seed's
///   `animateWithDuration:0.35`), a presented card dismisses with the mirrored tween. A tap on the backdrop while
///   the card moves turns it around on the dynamics backend from its presented position *and velocity*.
/// - Pressing the card (hit-tested at its presented rectangle) and moving past the slop grabs it where it is on
///   screen (no jump); pressing and holding it still longer than a tap catches it too. While grabbed it follows
///   the finger exactly, vertically (the card moves only along y; the horizontal finger motion is ignored).
/// - On release: if |vy| > 50 pt/s the direction decides (y grows downwards: `vy > 0` → presented, `vy < 0` →
///   dismissed), else the location (completion > 0.5 → presented). The outcome is a `finish` when it completes
///   the transition that was under way when the card was grabbed (a grabbed presented card starts a dismissal),
///   else a `cancel`. The card then moves on the dynamics backend (`TransitionFinisher`) with the release
///   velocity; it completes inside its final rest (within 1 pt, slower than 20 pt/s; it is then placed exactly
///   there) or, heading for `dismissed`, as soon as the world's action hook finds it outside the container.
/// - Every frame the completion percentage — computed from the card's presented top edge, whoever drives it —
///   scrubs the paused backdrop animation (`TransitionBackdrop`: dimming and a header cross-fade).
public struct TransitionScene: Scene {
    /// The two resting states.
    public enum Target: String, Sendable { case presented, dismissed }
    /// What the card is doing.
    public enum State: String, Sendable { case dismissed, presenting, presented, dismissing, dragging }
    /// What drives the card's position now.
    public enum Driver: String, Sendable { case tween, dynamics, finger, none }

    /// Duration of the non-interactive presentation and dismissal tweens.
    public static let duration = 0.35
    /// Release speed (pt/s) above which the direction of motion decides the outcome.
    public static let velocityThreshold = 50.0
    /// Completion above which a slow release finishes toward `presented`.
    public static let locationThreshold = 0.5
    /// Distance (pt) from the presented rest within which a finishing card counts as arrived…
    public static let restDistance = 1.0
    /// …when also slower than this (pt/s).
    public static let restSpeed = 20.0

    private enum Motion: Sendable {
        case resting(y: Double)
        case finger(y: Double)
        case tween(PropertyAnimator<Double>)
        case dynamics(TransitionFinisher)
    }

    /// The scene's name.
    public let name = "transition"
    /// The container layout.
    public private(set) var layout: TransitionLayout
    /// Where the card is heading (or rests).
    public private(set) var target: Target = .dismissed
    /// The paused backdrop animation, scrubbed by the completion percentage.
    public private(set) var backdrop = TransitionBackdrop()
    /// Frame time in seconds: the sum of all `advance(by:)` intervals.
    public private(set) var time = 0.0

    private var motion: Motion
    private var recognizer = PanTapRecognizer()
    private var pressedOnCard = false
    private var pressedWhileMoving = false
    private var heldTime = 0.0
    private var grabY = 0.0
    private var grabFingerY = 0.0
    private var fingerVY = 0.0
    private var interactiveGoal: Target = .dismissed
    private var targetBeforeGrab: Target = .dismissed
    private var inputTime = 0.0

    /// Creates the scene at rest with the card dismissed.
    public init(layout: TransitionLayout) {
        self.layout = layout
        motion = .resting(y: layout.dismissedY)
        syncBackdrop()
    }

    /// Creates the scene at rest with the card dismissed in a container of `size`.
    public init(size: SIMD2<Double>) { self.init(layout: TransitionLayout(width: size.x, height: size.y)) }

    // MARK: State

    /// The card's top edge as presented now.
    public var cardY: Double {
        switch motion {
        case .resting(let y), .finger(let y): y
        case .tween(let animator): animator.presentation(at: time).value
        case .dynamics(let finisher): finisher.y
        }
    }

    /// The card's vertical velocity now (pt/s): the finger's estimate while dragged.
    public var cardVY: Double {
        switch motion {
        case .resting: 0
        case .finger: fingerVY
        case .tween(let animator): animator.presentation(at: time).velocity
        case .dynamics(let finisher): finisher.vy
        }
    }

    /// The card's rectangle as presented now (what hit-testing uses).
    public var cardRect: DrawRect { layout.cardRect(y: cardY) }

    /// The completion percentage: where the presented card lies between dismissed (0) and presented (1).
    public var completion: Double { layout.completion(y: cardY) }

    /// What drives the card now.
    public var driver: Driver {
        switch motion {
        case .resting: .none
        case .finger: .finger
        case .tween: .tween
        case .dynamics: .dynamics
        }
    }

    /// The state for the trace.
    public var state: State {
        switch motion {
        case .finger: .dragging
        case .resting: target == .presented ? .presented : .dismissed
        case .tween, .dynamics: target == .presented ? .presenting : .dismissing
        }
    }

    /// True while the card moves on its own (a grabbed card moves only with input).
    public var needsFrames: Bool {
        switch motion {
        case .tween, .dynamics: true
        case .resting, .finger: false
        }
    }

    private var isMoving: Bool { needsFrames }

    // MARK: Scene

    /// Lays the scene out for a container of `size` logical px.
    public mutating func resize(to size: SIMD2<Double>) { resize(TransitionLayout(width: size.x, height: size.y)) }

    /// Changes the layout: a resting card snaps to its state's new position, a moving one heads there on the
    /// dynamics backend from where it is (position and velocity continuous), a dragged one stays under the finger.
    public mutating func resize(_ newLayout: TransitionLayout) {
        guard newLayout != layout else { return }
        let y = cardY, vy = cardVY
        layout = newLayout
        switch motion {
        case .resting: motion = .resting(y: layout.y(for: target))
        case .finger: break
        case .tween, .dynamics: motion = .dynamics(TransitionFinisher(layout: layout, y: y, vy: vy, toward: target))
        }
        syncBackdrop()
    }

    /// Feeds a touch frame; returns the gestures recognised and the transition decisions they caused.
    public mutating func handle(_ frame: TouchFrame) -> [SceneEvent] {
        if let newest = frame.changes.map(\.time).max() { inputTime = max(inputTime, newest) }
        // Every down may start a gesture: on the card it grabs, on the backdrop it may become a tap.
        let events = recognizer.handle(frame) { _ in true }
        var reports: [SceneEvent] = []
        for event in events {
            switch event {
            case .pressed(let p):
                pressedOnCard = cardRect.contains(p)
                pressedWhileMoving = isMoving
                heldTime = 0
            case .panBegan(let p):
                if pressedOnCard { grab(fingerY: p.y) }
                reports.append(SceneEvent("pan-began", [on, TraceField("y", .number(cardY)),
                                                        TraceField("vy", .number(cardVY))]))
            case .panChanged(let p):
                if case .finger = motion {
                    fingerVY = recognizer.currentVelocity(at: inputTime).y
                    motion = .finger(y: grabY + (p.y - grabFingerY))
                }
            case .panEnded(let p, let velocity):
                reports.append(SceneEvent("pan-ended", [on, TraceField("velocity", .vector(velocity))]))
                if case .finger = motion {
                    motion = .finger(y: grabY + (p.y - grabFingerY))
                    reports.append(release(vy: velocity.y))
                }
            case .tap:
                reports.append(SceneEvent("tap", [on]))
                if case .finger = motion {
                    reports.append(release(vy: 0))
                } else if !pressedOnCard {
                    reports.append(toggle())
                }
            case .released:
                if case .finger = motion { reports.append(release(vy: 0)) }
            case .cancelled:
                if case .finger = motion {
                    // No fling: back toward where it was heading before the grab, from rest.
                    target = targetBeforeGrab
                    motion = .dynamics(TransitionFinisher(layout: layout, y: cardY, vy: 0, toward: target))
                }
                reports.append(SceneEvent("touch-cancel", [TraceField("target", .string(target.rawValue))]))
            }
            pressedWhileMoving = pressedWhileMoving && recognizer.owner != nil
        }
        syncBackdrop()
        return reports
    }

    /// Advances the card by `dt` seconds of frame time; returns `catch`, `left-container` and `completed`
    /// events when they happen.
    public mutating func advance(by dt: Double) -> [SceneEvent] {
        guard dt > 0 else { return [] }
        time += dt
        var reports: [SceneEvent] = []
        switch motion {
        case .resting, .finger:
            break
        case .tween(let animator):
            if animator.isFinished(at: time) { reports.append(complete()) }
        case .dynamics(var finisher):
            finisher.advance(by: dt)
            motion = .dynamics(finisher)
            if finisher.hasLeftContainer {
                reports.append(SceneEvent("left-container", [TraceField("y", .number(finisher.y)),
                                                             TraceField("vy", .number(finisher.vy))]))
                reports.append(complete())
            } else if finisher.isIdle {
                reports.append(complete())
            } else if finisher.target == .presented, abs(finisher.y - layout.presentedY) <= Self.restDistance,
                      abs(finisher.vy) < Self.restSpeed {
                reports.append(complete())
            }
        }
        if pressedWhileMoving, pressedOnCard, isMoving, recognizer.owner != nil, !recognizer.isPanning {
            heldTime += dt
            if heldTime > recognizer.tapMaxDuration {
                pressedWhileMoving = false
                grab(fingerY: recognizer.position.y)
                reports.append(SceneEvent("catch", [TraceField("y", .number(cardY))]))
            }
        }
        syncBackdrop()
        return reports
    }

    /// The scene's state for the trace.
    public func traceRecord() -> [TraceField] {
        [TraceField("state", .string(state.rawValue)), TraceField("card_y", .number(cardY)),
         TraceField("card_vy", .number(cardVY)), TraceField("completion", .number(completion)),
         TraceField("backdrop_fraction", .number(backdrop.fractionComplete)),
         TraceField("dim", .number(backdrop.dimAlpha)), TraceField("driver", .string(driver.rawValue)),
         TraceField("target", .string(target.rawValue))]
    }

    // MARK: Actions

    /// Presents the card (as a tap on the backdrop does when it is dismissed); a no-op when already heading there.
    @discardableResult
    public mutating func present() -> SceneEvent? {
        guard target == .dismissed, driver != .finger else { return nil }
        let event = toggle()
        syncBackdrop()
        return event
    }

    /// Dismisses the card (as a tap on the backdrop does when it is presented); a no-op when already heading there.
    @discardableResult
    public mutating func dismiss() -> SceneEvent? {
        guard target == .presented, driver != .finger else { return nil }
        let event = toggle()
        syncBackdrop()
        return event
    }

    /// Turns the transition toward the other target: from rest with the 0.35 s tween, mid-flight on the dynamics
    /// backend from the presented position and velocity.
    private mutating func toggle() -> SceneEvent {
        let from = cardY, vy = cardVY, moving = isMoving
        target = target == .presented ? .dismissed : .presented
        if moving {
            motion = .dynamics(TransitionFinisher(layout: layout, y: from, vy: vy, toward: target))
        } else {
            var animator = PropertyAnimator(from: from, to: layout.y(for: target), duration: Self.duration,
                                            timingFunction: .easeInEaseOut)
            animator.start(at: time)
            motion = .tween(animator)
        }
        return SceneEvent(target == .presented ? "present" : "dismiss",
                          [TraceField("driver", .string(driver.rawValue)), TraceField("y", .number(from)),
                           TraceField("vy", .number(vy))])
    }

    /// Stops the card where it is presented and hands it to the finger (its velocity is the finger's from now on).
    private mutating func grab(fingerY: Double) {
        let y = cardY
        interactiveGoal = isMoving ? target : (target == .presented ? .dismissed : .presented)
        targetBeforeGrab = target
        grabY = y
        grabFingerY = fingerY
        fingerVY = cardVY
        motion = .finger(y: y)
    }

    /// Decides finish or cancel for a release with vertical velocity `vy` and starts the finishing motion.
    private mutating func release(vy: Double) -> SceneEvent {
        let y = cardY
        let reason: String
        if abs(vy) > Self.velocityThreshold {
            target = vy > 0 ? .presented : .dismissed
            reason = "velocity"
        } else {
            target = layout.completion(y: y) > Self.locationThreshold ? .presented : .dismissed
            reason = "location"
        }
        motion = .dynamics(TransitionFinisher(layout: layout, y: y, vy: vy, toward: target))
        return SceneEvent(target == interactiveGoal ? "finish" : "cancel",
                          [TraceField("reason", .string(reason)), TraceField("target", .string(target.rawValue)),
                           TraceField("completion", .number(layout.completion(y: y))),
                           TraceField("velocity", .number(vy))])
    }

    /// Ends the running motion at its target's rest.
    private mutating func complete() -> SceneEvent {
        motion = .resting(y: layout.y(for: target))
        return SceneEvent("completed", [TraceField("target", .string(target.rawValue))])
    }

    /// Scrubs the paused backdrop animation to the completion percentage.
    private mutating func syncBackdrop() { backdrop.scrub(to: completion) }

    /// Where the current press went down, for gesture reports.
    private var on: TraceField { TraceField("on", .string(pressedOnCard ? "card" : "backdrop")) }
}
