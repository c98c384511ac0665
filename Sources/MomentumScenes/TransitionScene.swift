import MomentumCore
import MomentumLayers

/// Seed 002's interactive animated transition: a modal card presented from above with an animation that can be
/// grabbed at any moment; nothing ever blocks input.
///
/// - A tap on the backdrop toggles: a dismissed card presents with a 0.35 s ease-in-ease-out tween (the seed's
///   `animateWithDuration:0.35`), a presented card dismisses with the mirrored tween. A quick tap on the backdrop or
///   on the card while the card moves turns it around on the dynamics backend from its presented position *and
///   velocity* (the `TouchRule`: a touch does not stop it).
/// - Pressing the card (hit-tested at its presented rectangle) and moving past the slop grabs it where it is on
///   screen (no jump); pressing and holding it still for the rule's hold time catches it too. While grabbed it
///   follows the finger exactly, vertically (the card moves only along y; the horizontal finger motion is ignored).
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
    /// What decided a release (the `finish` and `cancel` events' `reason`): its velocity, or where the card was.
    public enum Decision: String, Sendable { case velocity, location }
    /// What a press went down on (the events' `on`): the card, the backdrop, the card's close button.
    public enum PressedOn: String, Sendable { case card, backdrop, close }

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

    /// The scene's name.
    public let name = "transition"
    /// The container layout.
    public private(set) var layout: TransitionLayout
    /// Where the card is heading (or rests).
    public private(set) var target: Target = .dismissed
    /// The paused backdrop animation, scrubbed by the completion percentage.
    public private(set) var backdrop = TransitionBackdrop()
    /// Frame time in seconds: the sum of all steps the animator took.
    public private(set) var time = 0.0
    /// The layers the scene shows: the backdrop (rows, button, dimming, header and its titles) and the card,
    /// anchored at its top-left corner so its position is its top edge. The card's position animates here and
    /// nowhere else.
    public private(set) var layers: LayerTree
    /// The card layer.
    public let card: LayerID
    private let rows: LayerID
    private let button: LayerID
    private let dim: LayerID
    private let header: LayerID
    private let separator: LayerID
    private let titles: (backdrop: LayerID, card: LayerID, close: LayerID)
    /// Over each title, a veil of the bar's colour whose alpha is the title's transparency (`veil(_:with:opacity:)`).
    private let veils: (backdrop: LayerID, card: LayerID)
    /// The card's contents (laid out anew for each size); the close control sits beside it in the card.
    private let cardContent: LayerID
    /// What drives the card's position now.
    public private(set) var driver: Driver = .none

    private var recognizer = PanTapRecognizer()
    private var pressedOnCard = false
    private var pressedWhileMoving = false
    private var heldTime = 0.0
    /// The card's top edge and velocity at the last touch-down (the trace's `at_down`).
    private var atDown = SIMD2<Double>.zero
    private var grabY = 0.0
    private var grabFingerY = 0.0
    private var fingerVY = 0.0
    private var interactiveGoal: Target = .dismissed
    private var targetBeforeGrab: Target = .dismissed
    private var inputTime = 0.0

    /// Creates the scene at rest with the card dismissed.
    public init(layout: TransitionLayout) {
        self.layout = layout
        layers = LayerTree(size: SIMD2(layout.width, layout.height))
        rows = layers.add(Layer(frame: layout.containerRect))
        layers[rows].isHitTestable = false
        var buttonLayer = Layer(frame: layout.buttonRect, backgroundColor: RGBA(hex: 0x3478F6), cornerRadius: 26)
        buttonLayer.shadow = DropShadow(blurRadius: 10, offset: SIMD2(0, 2), color: RGBA(r: 0, g: 0, b: 0, a: 0.25))
        button = layers.add(buttonLayer)
        var dimLayer = Layer(frame: layout.containerRect, backgroundColor: RGBA(r: 0, g: 0, b: 0, a: 1))
        dimLayer.wantsOwnSurface = true  // one colour whose alpha changes: a pixel the compositor stretches
        dim = layers.add(dimLayer)
        // The header bar is above the card: the card comes out from under it (as content slides under a navigation
        // bar) and never passes under the switcher and the HUD, which are drawn over the bar.
        // Opaque: without a blur of what passes under it, a translucent bar let the card's rows read through it.
        var headerLayer = Layer(frame: layout.headerRect, backgroundColor: Self.barColor)
        headerLayer.zPosition = 1
        headerLayer.role = .bar("header")
        headerLayer.wantsOwnSurface = true  // it never changes while the card moves: drawn once
        header = layers.add(headerLayer)
        separator = layers.add(Layer(frame: DrawRect(x: 0, y: 0, width: 0, height: 0), backgroundColor: RGBA(hex: 0xC8CCD4)), to: header)
        // The titles on the bar, each drawn whole and faded by a veil of the bar's colour over it (`veil(over:)`):
        // on surfaces of their own the compositor slides the titles and stretches the veils' one pixel, and nothing
        // is drawn again while they cross-fade.
        let backdropTitle = layers.add(Self.titleBox), backdropVeil = layers.add(Self.veil)
        layers.add(Self.title("Inbox", width: 120), to: backdropTitle)
        let cardTitle = layers.add(Self.titleBox), cardVeil = layers.add(Self.veil)
        layers.add(Self.title("Message", width: 150), to: cardTitle)
        veils = (backdropVeil, cardVeil)
        var cardLayer = Layer(frame: layout.cardRect(y: layout.dismissedY), backgroundColor: RGBA(hex: 0xFFFFFF),
                              cornerRadius: 18, anchorPoint: SIMD2(0, 0))
        cardLayer.shadow = DropShadow(blurRadius: 24, offset: SIMD2(0, 4), color: RGBA(r: 0, g: 0, b: 0, a: 0.35))
        cardLayer.wantsOwnSurface = true  // it slides: drawn once, moved by the compositor
        cardLayer.role = .sheet("card")
        card = layers.add(cardLayer)
        cardContent = layers.add(Layer(frame: DrawRect(origin: .zero, size: layout.cardSize)), to: card)
        layers[cardContent].isHitTestable = false
        let close = layers.add(Self.text("Close", size: 12, color: RGBA(hex: 0x3478F6), weight: .semibold,
                                         alignment: .trailing), to: card)
        titles = (backdropTitle, cardTitle, close)
        layOut()
        syncBackdrop()
    }

    /// The header bar's colour (opaque: the veils that fade its titles are this colour).
    static let barColor = RGBA(hex: 0xF7F8FA)

    /// A title's box on the header bar, above it and the card, on a surface of its own: clear, around its title
    /// (`titleInset` from its edges) with room for the capitals' anti-aliased top edge, the descenders and theirs
    /// (a layer drawn apart is drawn inside what its layers' frames reach).
    private static var titleBox: Layer {
        var box = Layer(frame: DrawRect(x: 0, y: 0, width: 0, height: 0), backgroundColor: RGBA(r: 0, g: 0, b: 0, a: 0))
        box.zPosition = 2
        box.wantsOwnSurface = true
        box.isHitTestable = false
        return box
    }

    /// How far a title's box reaches past its text's frame.
    static let titleInset = SIMD2(4.0, 6.0)

    /// A title in its box, its capitals 20 px tall; its frame holds the descenders.
    private static func title(_ string: String, width: Double) -> Layer {
        var title = text(string, size: 20, color: RGBA(hex: 0x1B2A49), weight: .semibold)
        title.frame = DrawRect(origin: titleInset, size: SIMD2(width, 30))
        return title
    }

    /// The veil over a title (`veil(_:with:opacity:)`), one colour on a surface of its own.
    private static var veil: Layer {
        var veil = Layer(frame: DrawRect(x: 0, y: 0, width: 0, height: 0), backgroundColor: barColor.withAlpha(0))
        veil.zPosition = 2
        veil.wantsOwnSurface = true
        veil.isHitTestable = false
        return veil
    }

    /// How far the titles slide while they fade (px); their left edge at rest is `SceneChrome.titleX(for:)`.
    static let titleTravel = 36.0

    /// Creates the scene at rest with the card dismissed in a container of `size`.
    public init(size: SIMD2<Double>) { self.init(layout: TransitionLayout(width: size.x, height: size.y)) }

    // MARK: State

    /// The card's top edge as presented now.
    public var cardY: Double { layers.presented(.position, of: card).value.y }

    /// The card's vertical velocity now (pt/s): the finger's estimate while dragged.
    public var cardVY: Double { driver == .finger ? fingerVY : layers.presented(.position, of: card).velocity.y }

    /// The card's rectangle as presented now (what hit-testing uses).
    public var cardRect: DrawRect { layout.cardRect(y: cardY) }

    /// The completion percentage: where the presented card lies between dismissed (0) and presented (1).
    public var completion: Double { layout.completion(y: cardY) }

    /// The state for the trace.
    public var state: State {
        switch driver {
        case .finger: .dragging
        case .none: target == .presented ? .presented : .dismissed
        case .tween, .dynamics: target == .presented ? .presenting : .dismissing
        }
    }

    /// True while the card moves on its own (a grabbed card moves only with input).
    public var needsFrames: Bool { driver == .tween || driver == .dynamics }

    private var isMoving: Bool { needsFrames }

    // MARK: Scene

    /// Positions settle within half a device pixel of an output with `scale` device px per logical px.
    public mutating func setOutputScale(_ scale: Double) { layers.outputScale = scale }

    /// Lays the scene out for a container of `size` logical px.
    public mutating func resize(to size: SIMD2<Double>) { resize(TransitionLayout(width: size.x, height: size.y)) }

    /// Changes the layout: a resting card snaps to its state's new position, a moving one heads there on the
    /// dynamics backend from where it is (position and velocity continuous), a dragged one stays under the finger.
    public mutating func resize(_ newLayout: TransitionLayout) {
        guard newLayout != layout else { return }
        let y = cardY, vy = cardVY
        layout = newLayout
        layOut()
        switch driver {
        case .none: layers[card].position = SIMD2(layout.cardX, layout.y(for: target))
        case .finger: layers[card].position.x = layout.cardX
        case .tween, .dynamics: finish(from: y, vy: vy)
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
                // The header bar is drawn over the card: what is under it cannot be touched.
                pressedOnCard = p.y >= layout.headerHeight && cardRect.contains(p)
                pressedWhileMoving = isMoving
                heldTime = 0
                atDown = SIMD2(cardY, cardVY)
            case .panBegan(let p):
                if pressedOnCard { grab(fingerY: p.y) }
                reports.append(SceneEvent(.panBegan, [on, TraceField(EventField.y, .number(cardY)),
                                                        TraceField(EventField.vy, .number(cardVY))]))
            case .panChanged(let p):
                if driver == .finger {
                    fingerVY = recognizer.currentVelocity(at: inputTime).y
                    layers[card].position.y = grabY + (p.y - grabFingerY)
                }
            case .panEnded(let p, let velocity):
                reports.append(SceneEvent(.panEnded, [on, TraceField(EventField.velocity, .vector(velocity))]))
                if driver == .finger {
                    layers[card].position.y = grabY + (p.y - grabFingerY)
                    reports.append(release(vy: velocity.y))
                }
            case .tap(let p):
                let onClose = pressedOnCard && closeRect.contains(p) && target == .presented
                reports.append(SceneEvent(.tap, [onClose ? TraceField(EventField.on, .string(PressedOn.close.rawValue)) : on,
                                                  TraceField(EventField.atDown, .vector(atDown))]))
                if driver == .finger {
                    reports.append(release(vy: 0))
                } else if !pressedOnCard || onClose || isMoving {
                    reports.append(toggle())
                }
            case .released:
                if driver == .finger { reports.append(release(vy: 0)) }
            case .cancelled:
                if driver == .finger {
                    // No fling: back toward where it was heading before the grab, from rest.
                    target = targetBeforeGrab
                    finish(from: cardY, vy: 0)
                }
                reports.append(SceneEvent(.touchCancel, [TraceField(EventField.target, .string(target.rawValue))]))
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
        let step = layers.advance(by: dt)
        time += step
        var reports: [SceneEvent] = []
        let animation = layers.animation(.position, of: card)
        switch driver {
        case .none, .finger:
            break
        case .tween:
            if animation == nil { reports.append(complete()) }
        case .dynamics:
            let presented = layers.presented(.position, of: card)
            if case .dynamics(let finisher)? = animation, finisher.hasLeftContainer {
                reports.append(SceneEvent(.leftContainer, [TraceField(EventField.y, .number(presented.value.y)),
                                                             TraceField(EventField.vy, .number(presented.velocity.y))]))
                reports.append(complete())
            } else if animation == nil {
                reports.append(complete())
            } else if target == .presented, abs(presented.value.y - layout.presentedY) <= Self.restDistance,
                      abs(presented.velocity.y) < Self.restSpeed {
                reports.append(complete())
            }
        }
        if pressedWhileMoving, pressedOnCard, isMoving, recognizer.owner != nil, !recognizer.isPanning {
            heldTime += step
            if heldTime >= TouchRule.holdTime {
                pressedWhileMoving = false
                grab(fingerY: recognizer.position.y)
                reports.append(SceneEvent(.catch, [TraceField(EventField.y, .number(cardY)),
                                                    TraceField(EventField.atDown, .vector(atDown))]))
            }
        }
        syncBackdrop()
        return reports
    }

    /// The backdrop below the header (a tap there presents or dismisses), the "Open message" button on it while the
    /// card is away, and the card with its Close control where the card is drawn.
    public var touchTargets: [TouchTarget] {
        let band = layout.headerHeight
        var targets = [TouchTarget("backdrop", DrawRect(x: 0, y: band, width: layout.width,
                                                        height: max(0, layout.height - band)))]
        let card = cardRect
        if card.maxY <= 0 {
            targets.append(TouchTarget("open-message", layout.buttonRect))
        } else {
            targets.append(TouchTarget("card", card))
            targets.append(TouchTarget("close", closeRect))
        }
        return targets
    }

    /// The scene's state for the trace.
    public var record: SceneRecord {
        .transition(Record(state: state, cardY: cardY, cardVY: cardVY, completion: completion,
                           backdropFraction: backdrop.fractionComplete, dim: backdrop.dimAlpha, driver: driver,
                           target: target))
    }

    // MARK: Actions

    /// `--autoplay`: at rest and not held, presents the card, or dismisses it when it is presented.
    public mutating func autoplay() -> Bool {
        guard !needsFrames, driver != .finger, recognizer.owner == nil else { return false }
        return (target == .dismissed ? present() : dismiss()) != nil
    }

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
            finish(from: from, vy: vy)
        } else {
            var tween = TweenBackend(duration: Self.duration, timingFunction: .easeInEaseOut, at: .zero)
            tween.start(from: SIMD2(layout.cardX, from), velocity: .zero, to: SIMD2(layout.cardX, layout.y(for: target)))
            layers.animate(.position, of: card, with: .tween(tween))
            driver = .tween
        }
        return SceneEvent(target == .presented ? .present : .dismiss,
                          [TraceField(EventField.driver, .string(driver.rawValue)), TraceField(EventField.y, .number(from)),
                           TraceField(EventField.vy, .number(vy))])
    }

    /// Stops the card where it is presented and hands it to the finger (its velocity is the finger's from now on).
    private mutating func grab(fingerY: Double) {
        let y = cardY
        interactiveGoal = isMoving ? target : (target == .presented ? .dismissed : .presented)
        targetBeforeGrab = target
        grabY = y
        grabFingerY = fingerY
        fingerVY = cardVY
        layers.removeAnimation(.position, of: card)
        driver = .finger
    }

    /// Decides finish or cancel for a release with vertical velocity `vy` and starts the finishing motion.
    private mutating func release(vy: Double) -> SceneEvent {
        let y = cardY
        let reason: Decision
        if abs(vy) > Self.velocityThreshold {
            target = vy > 0 ? .presented : .dismissed
            reason = .velocity
        } else {
            target = layout.completion(y: y) > Self.locationThreshold ? .presented : .dismissed
            reason = .location
        }
        finish(from: y, vy: vy)
        return SceneEvent(target == interactiveGoal ? .finish : .cancel,
                          [TraceField(EventField.reason, .string(reason.rawValue)),
                           TraceField(EventField.target, .string(target.rawValue)),
                           TraceField(EventField.completion, .number(layout.completion(y: y))),
                           TraceField(EventField.velocity, .number(vy))])
    }

    /// Ends the running motion at its target's rest.
    private mutating func complete() -> SceneEvent {
        layers.removeAnimation(.position, of: card)
        layers[card].position = SIMD2(layout.cardX, layout.y(for: target))
        driver = .none
        return SceneEvent(.completed, [TraceField(EventField.target, .string(target.rawValue))])
    }

    /// Moves the card from top edge `y` with vertical velocity `vy` toward `target` on the dynamics backend
    /// (`TransitionFinisher`, the seed's `FinishingBehavior`).
    private mutating func finish(from y: Double, vy: Double) {
        layers.animate(.position, of: card, with: .dynamics(TransitionFinisher.motion(in: layout, y: y, vy: vy,
                                                                                        toward: target)))
        driver = .dynamics
    }

    /// Scrubs the paused backdrop animation to the completion percentage and shows its values: the dimming's
    /// opacity and the header titles' cross-fade. A card outside the container is not drawn. The card's Close
    /// control is part of the card (as a sheet's Done button is): it does not fade, so the card is drawn once and
    /// only moved while it slides.
    private mutating func syncBackdrop() {
        backdrop.scrub(to: completion)
        layers[dim].backgroundColor = RGBA(r: 0, g: 0, b: 0, a: Float(backdrop.dimAlpha))
        // The titles slide and fade apart, as a navigation bar's do: the backdrop's leaves to the left and is gone
        // by half way, the card's comes in from the right after it (they crossed at one spot and read "Inboxage").
        let fade = min(max(backdrop.headerFade, 0), 1)
        var backdropFrame = layers[titles.backdrop].frame, cardFrame = layers[titles.card].frame
        let titleX = SceneChrome.titleX(for: layout.containerRect.size)
        backdropFrame.origin.x = titleX - Self.titleInset.x - Self.titleTravel * fade
        cardFrame.origin.x = titleX - Self.titleInset.x + Self.titleTravel * (1 - fade)
        layers[titles.backdrop].frame = backdropFrame
        layers[titles.card].frame = cardFrame
        veil(titles.backdrop, with: veils.backdrop, opacity: max(0, 1 - 2 * fade))
        veil(titles.card, with: veils.card, opacity: max(0, 2 * fade - 1))
        let shown = cardRect
        // The button acts only while the card is away (a touch on the backdrop then presents it).
        layers[button].role = shown.maxY <= 0 ? .control("open-message") : .none
        // "Close" acts only on a card at rest (a tap anywhere on a moving card turns it around).
        layers[titles.close].role = state == .presented ? .control("close") : .none
        layers[card].isHidden = !(shown.maxY > 0 && shown.y < layout.height)
    }

    /// Shows `title` at `opacity` over the bar as the title drawn whole under `veil`, the bar's colour at alpha
    /// 1 − `opacity` over the title's ink: over an opaque plain colour B, text of coverage c and colour T drawn whole
    /// and veiled is (1 − o)·B + o·(c·T + (1 − c)·B) = o·c·T + (1 − o·c)·B, the text drawn at opacity o. Neither
    /// changes while it fades (the veil is one colour: a pixel the compositor stretches), where a faded title is
    /// drawn again on every frame. The two titles are never shown at once, so a veil covers only its own title.
    private mutating func veil(_ title: LayerID, with veil: LayerID, opacity: Double) {
        layers[title].isHidden = opacity <= 0
        layers[veil].isHidden = opacity <= 0 || opacity >= 1
        // Over the title's box: its capitals, descenders and their anti-aliased edges.
        layers[veil].frame = layers[title].frame
        layers[veil].backgroundColor = Self.barColor.withAlpha(Float(1 - opacity))
    }

    /// Sizes and places everything but the card's position for the current layout: the backdrop's list rows and
    /// button, the dimming, the header and its titles, the card's size and its contents.
    private mutating func layOut() {
        let container = layout.containerRect
        layers[layers.root].frame = container
        layers[rows].frame = container
        layers.removeSublayers(of: rows)
        // The inbox: one row per message (sender and subject), as many as fit, as wide as the card. `k` is the type
        // scale of everything set here: `SceneChrome.typeScale` (1.2 on a large window, as libadwaita steps up).
        let k = SceneChrome.typeScale(width: layout.width)
        /// A length of the compact layout at the type scale, in whole px (text lands on the same pixels in the
        /// card's own surface as in the window).
        func px(_ v: Double) -> Double { (v * k).rounded() }
        /// A type size (capital height) at the type scale, in whole px when scaled (a baseline half a device pixel
        /// off the grid rounds one way in the card's surface and the other in the window).
        func pt(_ v: Double) -> Double { k == 1 ? v : (v * k).rounded() }
        // A short window's rows are tighter (three above the button at 720x360, where two left a gap).
        let short = layout.isShort
        let rowHeight = short ? 48 : px(52), gap = 8.0
        let senders = [("Ada Lovelace", "Notes on the engine"), ("Grace Hopper", "Compiler meeting moved"),
                       ("Alan Kay", "Re: the Dynabook"), ("Margaret Hamilton", "Priority displays"),
                       ("Edsger Dijkstra", "On the cruelty of timers"), ("Barbara Liskov", "Substitution, again"),
                       ("Ken Thompson", "A tiny editor"), ("Frances Allen", "Loop optimisations"),
                       ("Dennis Ritchie", "Portable programs"), ("Radia Perlman", "Spanning trees")]
        var rowY = layout.headerHeight + 16
        var index = 0
        // Rows above the button, none under it.
        while rowY + rowHeight < layout.buttonRect.y - 12, index < senders.count {
            let row = layers.add(Layer(frame: DrawRect(x: layout.cardX, y: rowY, width: layout.cardSize.x,
                                                       height: rowHeight),
                                       backgroundColor: RGBA(hex: 0xF4F5F8, alpha: 0.92), cornerRadius: 12), to: rows)
            layers.add(Self.text(senders[index].0, size: pt(11), color: RGBA(hex: 0x1B2A49), weight: .semibold,
                                 x: 16, y: short ? 9 : px(11)), to: row)
            layers.add(Self.text(senders[index].1, size: pt(9.5), color: RGBA(hex: 0x6B7280), x: 16,
                                 y: short ? 28 : px(31)), to: row)
            // When it came, at the row's right (today's as times, older ones as days).
            var when = Self.text(Self.received[index % Self.received.count], size: pt(9), color: RGBA(hex: 0x6B7280),
                                 alignment: .trailing)
            when.frame = DrawRect(x: layout.cardSize.x - 96, y: short ? 10 : px(12), width: 80, height: px(14))
            layers.add(when, to: row)
            rowY += rowHeight + gap
            index += 1
        }
        layers[button].frame = layout.buttonRect
        layers[button].cornerRadius = layout.buttonRect.height / 2
        layers.removeSublayers(of: button)
        var label = Self.text("Open message", size: 12, color: RGBA(r: 1, g: 1, b: 1, a: 1), weight: .semibold,
                              alignment: .center)
        label.frame = DrawRect(x: 0, y: (layout.buttonRect.height - 12) / 2, width: layout.buttonRect.width, height: 16)
        layers.add(label, to: button)
        layers[dim].frame = container
        let bar = layout.headerRect
        layers[header].frame = bar
        layers[separator].frame = DrawRect(x: 0, y: bar.height - 1, width: bar.width, height: 1)
        // Large titles at the bar's bottom left, their capitals 20 px tall, 14 px above its bottom edge (in boxes
        // that reach `titleInset` past them, above the bar's separator); in a short window's compact band, inline
        // beside the switcher's pill, their capitals centred in the bar.
        let compact = SceneChrome.isCompact(container.size)
        let capitals = compact ? ((bar.height - 20) / 2).rounded() : bar.height - 34
        let boxY = capitals - Self.titleInset.y, boxHeight = bar.height - 1 - boxY
        let titleX = SceneChrome.titleX(for: container.size)
        layers[titles.backdrop].frame = DrawRect(x: titleX - Self.titleInset.x, y: boxY, width: 128, height: boxHeight)
        layers[titles.card].frame = DrawRect(x: titleX - Self.titleInset.x, y: boxY, width: 158, height: boxHeight)
        let size = layout.cardSize
        layers[card].size = size
        layers[cardContent].frame = DrawRect(origin: .zero, size: size)
        layers.removeSublayers(of: cardContent)
        layers.add(Layer(frame: DrawRect(x: size.x / 2 - 22, y: 10, width: 44, height: 6),
                         backgroundColor: RGBA(hex: 0xB8BCC6), cornerRadius: 3), to: cardContent)
        // "Close" in the card's top-right corner (the close control: a tap there dismisses).
        layers[titles.close].frame = DrawRect(x: size.x - 100, y: 20, width: 80, height: 16)
        // The message: a sender row (avatar, name, time), a subject, then lines of text, as many as fit.
        let inset = DrawRect(origin: .zero, size: size).insetBy(px(20))
        let ink = RGBA(hex: 0x1B2A49), grey = RGBA(hex: 0x6B7280)
        let avatar = px(40)
        // A short card (a phone in landscape) lifts the sender row to the grabber's level (12 px), beside "Close".
        let lift = short ? Self.shortLift : 0
        let top = inset.y + px(16) - lift
        layers.add(Layer(frame: DrawRect(x: inset.x, y: top, width: avatar, height: avatar),
                         backgroundColor: RGBA(hex: 0x5E5CE6), cornerRadius: avatar / 2), to: cardContent)
        var initials = Self.text("AL", size: pt(11), color: RGBA(r: 1, g: 1, b: 1, a: 1), weight: .semibold,
                                 alignment: .center)
        initials.frame = DrawRect(x: inset.x, y: top + ((avatar - pt(11)) / 2).rounded(), width: avatar, height: px(14))
        layers.add(initials, to: cardContent)
        layers.add(Self.text("Ada Lovelace", size: pt(12), color: ink, weight: .semibold, x: inset.x + avatar + px(12),
                             y: inset.y + px(20) - lift), to: cardContent)
        layers.add(Self.text("Today 09:41", size: pt(9), color: grey, x: inset.x + avatar + px(12),
                             y: inset.y + px(40) - lift), to: cardContent)
        layers.add(Self.text("Notes on the engine", size: pt(15), color: ink, weight: .semibold, x: inset.x,
                             y: inset.y + px(76) - lift), to: cardContent)
        // On a wide card the attachments are a column of their own beside the message (as a mail client's are on a
        // desktop), so the text keeps a readable measure and the width is used; on a short one too (a phone in
        // landscape: following the message they were cut off, and the card's right third was blank); else they
        // follow the message.
        let bodyTop = inset.y + px(110) - lift
        // A short card's attachment rows are tighter, its column starting under "Close" (three rows in 720x360).
        let row = short ? Self.shortAttachmentRow : px(Self.attachmentRow)
        // A wide card too short for every attachment under the message's first paragraph (640x480: two of three
        // showed) puts them beside it as well, in a narrower column; so does a short one (640x360: one of three).
        let following = Self.wrap(Self.body[0], columns: Self.columns(width: min(inset.width, px(560)), size: pt(9.5)))
        let besideToFit = inset.width >= px(520) && (short
            || bodyTop + Double(following.count) * px(21) + px(18) + px(20) + Double(Self.attachments.count) * row
                > inset.maxY)
        let sideWidth = inset.width >= 760 || (short && inset.width >= 600) ? px(300) : besideToFit ? px(240) : 0
        let bodyWidth = sideWidth > 0 ? inset.width - sideWidth - px(40) : inset.width
        // The body, wrapped to its column (at most a comfortable reading width, about 85 characters), as many lines
        // as fit.
        let columns = Self.columns(width: min(bodyWidth, px(560)), size: pt(9.5))
        var lineY = bodyTop
        let paragraphs = sideWidth > 0 ? Self.body + Self.moreBody : Self.body
        // Following the message, the attachments keep room for all of them: the message ends at the last whole
        // paragraph that leaves it (at 360x720 the card showed one attachment of three, at 800x600 two), or after
        // its first paragraph where none does; beside them on a card smaller than a large window's (a landscape
        // phone's, 640x480's), at the last whole paragraph above the card's foot (not cut mid-sentence there).
        var lines = Array(paragraphs.flatMap({ Self.wrap($0, columns: columns) + [""] }).dropLast())
        if sideWidth == 0 || !layout.isLarge {
            let floor = sideWidth == 0 ? inset.maxY - px(18) - px(20) - Double(Self.attachments.count) * row : inset.maxY
            lines = Self.wholeParagraphs(lines, top: bodyTop, lineHeight: px(21), ink: px(12), floor: floor)
        }
        for line in lines where lineY + px(12) < inset.maxY {
            if !line.isEmpty { layers.add(Self.text(line, size: pt(9.5), color: ink, x: inset.x, y: lineY), to: cardContent) }
            lineY += px(21)
        }
        // The attachments: a list of rows (a file-type tile, the name, the size), as many as fit.
        let fileX = sideWidth > 0 ? inset.maxX - sideWidth : inset.x
        var fileY = sideWidth > 0 ? (short ? inset.y + Self.shortColumnTop : bodyTop) : lineY + px(18)
        guard fileY + px(20) + row < inset.maxY else {
            // No room for the list under the message (568x320): the three in one row, a tile and the name each.
            let rowTop = lineY - px(21) + px(14) + Self.compactGap
            guard short, sideWidth == 0, rowTop + Self.compactRow <= inset.maxY,
                  Self.compactAttachmentsFit(width: inset.width) else { return }
            var x = inset.x
            for file in Self.attachments {
                let tile = DrawRect(x: x, y: rowTop + (Self.compactRow - Self.compactTile) / 2, width: Self.compactTile,
                                    height: Self.compactTile)
                addFileTile(file, in: tile, radius: 6, kindSize: 7, kindHeight: 10)
                layers.add(Self.text(file.name, size: 9.5, color: ink, weight: .semibold, x: tile.maxX + 6,
                                     y: rowTop + ((Self.compactRow - 9.5) / 2).rounded()), to: cardContent)
                x += Self.compactWidth(of: file.name) + Self.compactSpacing
            }
            return
        }
        layers.add(Self.text("ATTACHMENTS", size: pt(8), color: grey, weight: .semibold, x: fileX, y: fileY),
                   to: cardContent)
        fileY += px(20)
        let rowWidth = sideWidth > 0 ? sideWidth : min(inset.width, 560)
        let tileSide = px(32)
        // The size lines whole where every one fits the column, else every one the size alone (one style a list).
        let detailed = Self.attachments.allSatisfy {
            Self.sizeLine($0.size, width: rowWidth - tileSide - px(12), size: pt(8.5)) == $0.size
        }
        for (n, file) in Self.attachments.enumerated() where fileY + row <= inset.maxY {
            if n > 0 {
                layers.add(Layer(frame: DrawRect(x: fileX + tileSide + px(12), y: fileY,
                                                 width: rowWidth - tileSide - px(12), height: 1),
                                 backgroundColor: RGBA(hex: 0xE2E4EA)), to: cardContent)
            }
            let tile = DrawRect(x: fileX, y: fileY + (row - tileSide) / 2, width: tileSide, height: tileSide)
            addFileTile(file, in: tile, radius: 7 * k, kindSize: pt(7), kindHeight: px(10))
            layers.add(Self.text(file.name, size: pt(10.5), color: ink, weight: .semibold, x: fileX + tileSide + px(12),
                                 y: fileY + (short ? 8 : px(10))), to: cardContent)
            layers.add(Self.text(detailed ? file.size : Self.sizeLine(file.size, width: 0, size: pt(8.5)),
                                 size: pt(8.5), color: grey, x: fileX + tileSide + px(12),
                                 y: fileY + (short ? 26 : px(28))), to: cardContent)
            fileY += row
        }
    }

    /// An attachment's file-type tile in `tile`: its colour, its kind (capitals `kindSize` tall) centred on it.
    private mutating func addFileTile(_ file: (name: String, size: String, kind: String, color: UInt32), in tile: DrawRect,
                                      radius: Double, kindSize: Double, kindHeight: Double) {
        layers.add(Layer(frame: tile, backgroundColor: RGBA(hex: file.color), cornerRadius: radius), to: cardContent)
        var kind = Self.text(file.kind, size: kindSize, color: RGBA(r: 1, g: 1, b: 1, a: 1), weight: .semibold,
                             alignment: .center)
        kind.frame = DrawRect(x: tile.x, y: tile.y + ((tile.height - kindSize) / 2).rounded(), width: tile.width,
                              height: kindHeight)
        layers.add(kind, to: cardContent)
    }

    /// A short narrow card's attachments in one row (568x320: no room for their list under the first paragraph):
    /// the row's height, a tile's side, the space between two, and the gap above the row under the message's ink.
    static let compactRow = 28.0, compactTile = 24.0, compactSpacing = 14.0, compactGap = 12.0

    /// How wide an attachment is in the one row: its tile and its name (9.5 px capitals semibold; Inter averages
    /// about 0.67 of the capital height a character, 0.7 keeps a margin).
    static func compactWidth(of name: String) -> Double { compactTile + 6 + Double(name.count) * 9.5 * 0.7 }

    /// Whether every attachment fits the one row in `width`.
    static func compactAttachmentsFit(width: Double) -> Bool {
        attachments.map { compactWidth(of: $0.name) }.reduce(0, +) + Double(attachments.count - 1) * compactSpacing
            <= width
    }

    /// When each inbox row's message came.
    static let received = ["09:41", "08:15", "Yesterday", "Yesterday", "Tuesday", "Monday", "Sunday", "12 Nov", "9 Nov",
                           "2 Nov"]

    /// The height of an attachment row.
    static let attachmentRow = 48.0

    /// A short card's (a phone in landscape): its attachment rows' height, how far its sender row is lifted (to the
    /// grabber's level, beside "Close"), and where its attachments' column starts under its margin.
    static let shortAttachmentRow = 44.0, shortLift = 12.0, shortColumnTop = 28.0

    /// `lines` (paragraphs' lines, a blank one between two) ending at the last whole paragraph whose lines, one every
    /// `lineHeight` from `top`, each `ink` tall, all end above `floor`; after the first paragraph where none does.
    static func wholeParagraphs(_ lines: [String], top: Double, lineHeight: Double, ink: Double,
                                floor: Double) -> [String] {
        let fitting = lines.indices.filter { top + Double($0) * lineHeight + ink < floor }.count
        let ends = lines.indices.filter { lines[$0].isEmpty }
        guard fitting < lines.count, let end = ends.last(where: { $0 <= fitting }) ?? ends.first else { return lines }
        return Array(lines[..<end])
    }

    /// How tall a short card of `size` at most (a phone in landscape: the attachments in a column beside the
    /// message, 300 px, 240 on a card under 640 px, the sender row lifted) needs to be: to the foot of its message
    /// (ending at the last whole paragraph that fits `size`) or of its attachments, whichever is lower, and its 20 px
    /// margin; nil for a card too narrow for the column where an attachment fits after the message. A line's ink is
    /// counted 14 px (capitals 9.5 px, a descender under them), so the same lines fit at this height.
    /// On a card too narrow for the column, whose attachments follow the message: where not one attachment fits
    /// under the message's first paragraph (568x320), the card ends under that paragraph with the attachments in
    /// one row (a tile and the name each) where that fits, else at the paragraph (70 px of it were blank).
    static func shortCardHeight(size: SIMD2<Double>) -> Double? {
        let inset = DrawRect(origin: .zero, size: size).insetBy(20)
        let bodyTop = inset.y + 110 - shortLift
        guard inset.width >= 520 else {
            let first = wrap(body[0], columns: columns(width: min(inset.width, 560), size: 9.5))
            // Where the attachments' heading and first row would start and end (as the card draws them).
            let files = bodyTop + Double(first.count) * 21 + 18 + 20 + shortAttachmentRow
            guard files >= inset.maxY else { return nil }
            // The paragraph's ink ends here; the attachments' one row under it where the card has room for it.
            let message = bodyTop + Double(max(first.count - 1, 0)) * 21 + 14
            let withRow = message + compactGap + compactRow + 20
            return (withRow <= size.y && compactAttachmentsFit(width: inset.width) ? withRow : message + 20).rounded(.up)
        }
        let columns = columns(width: min(inset.width - (inset.width >= 600 ? 300 : 240) - 40, 560), size: 9.5)
        let wrapped = Array((body + moreBody).flatMap({ wrap($0, columns: columns) + [""] }).dropLast())
        let lines = wholeParagraphs(wrapped, top: bodyTop, lineHeight: 21, ink: 12, floor: inset.maxY)
        let message = bodyTop + Double(max(lines.count - 1, 0)) * 21 + 14
        let files = inset.y + shortColumnTop + 20 + Double(attachments.count) * shortAttachmentRow
        return (max(message, files) + 20).rounded(.up)
    }

    /// An attachment's size line (`"840 KB · least squares over the last samples"`) for text `width` px wide:
    /// whole where it fits (Inter's small grey type runs about 0.66 of its capital height a character; it may reach
    /// 10 px into the card's 20 px margin, as at 360x720), else its size alone ("840 KB"), as a narrow column in a
    /// mail reader shows.
    static func sizeLine(_ line: String, width: Double, size: Double) -> String {
        guard Double(line.count) * size * 0.66 > width + 10, let dot = line.firstIndex(of: "·") else { return line }
        var head = line[..<dot]
        while head.last == " " { head = head.dropLast() }
        return String(head)
    }
    /// The message's attachments: name, size, the tile's label and colour.
    static let attachments: [(name: String, size: String, kind: String, color: UInt32)] = [
        ("spring-response.pdf", "1.2 MB · the closed form, plotted", "PDF", 0xFF375F),
        ("release-velocity.png", "840 KB · least squares over the last samples", "PNG", 0x34C759),
        ("panel-drag.jsonl", "96 KB · a trace of the drag", "LOG", 0x5E5CE6),
    ]

    /// The message's paragraphs.
    static let body = [
        "The motion follows your finger and keeps its speed when you let go. Grab the card at any moment: it stops "
            + "where it is seen, and flicking it away dismisses it with the velocity you gave it.",
        "Let go slowly and where it is decides: past halfway it goes, short of it it comes back. Everything can be "
            + "interrupted, reversed or retargeted, and the velocity never jumps.",
        "Springs settle to a tenth of a pixel at any frame rate; the dynamics match Box2D; the tweens compose "
            + "additively, as Core Animation has since iOS 8.",
    ]

    /// More of the message, for a card with room for it beside its attachments (a smaller one shows the attachments
    /// after the first paragraphs instead).
    static let moreBody = [
        "Each frame is drawn where the finger will be when it is shown: the deadline is learned from presentation "
            + "feedback, and the finger's line over its last 50 ms says where it is heading.",
        "Pinch and twist the playground's card: the scale and the angle springs take over the fingers' velocities, "
            + "and the rotation settles on the nearest quarter turn.",
        "On a large screen this sheet keeps its lines short enough to read and puts the attachments beside them; on "
            + "a phone they follow the message.",
    ]

    /// How many characters of UI text with capitals `size` tall fit in `width` (Inter averages about 0.67 of the
    /// capital height per character; 0.7 keeps a margin).
    static func columns(width: Double, size: Double) -> Int { max(8, Int(width / (0.7 * size))) }

    /// `paragraph` broken into lines of at most `columns` characters at spaces (a longer word gets a line of its own).
    static func wrap(_ paragraph: String, columns: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in paragraph.split(separator: " ") {
            if line.isEmpty { line = String(word) }
            else if line.count + 1 + word.count <= columns { line += " " + word }
            else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A line of text whose capitals are `size` tall, their top-left corner at (`x`, `y`); sized to hold it (so the
    /// card stays one layer that may be drawn apart).
    private static func text(_ string: String, size: Double, color: RGBA, weight: TextRun.Weight = .regular,
                             alignment: TextRun.Alignment = .leading, x: Double = 0, y: Double = 0) -> Layer {
        Layer.text(string, frame: DrawRect(x: x, y: y, width: Double(string.count) * size * 0.9 + 4, height: size * 1.4),
                   size: size, color: color, weight: weight, alignment: alignment)
    }

    /// The card's close control as presented now (its top-right corner, 96×48): a tap there dismisses.
    public var closeRect: DrawRect {
        let r = cardRect
        return DrawRect(x: r.maxX - 96, y: r.y, width: 96, height: 48)
    }

    /// Where the current press went down, for gesture reports.
    private var on: TraceField {
        TraceField(EventField.on, .string((pressedOnCard ? PressedOn.card : .backdrop).rawValue))
    }
}
