import MomentumCore
import MomentumLayers

/// Seed 004's playground: one card (160×160 on a phone, larger on a desktop's screen: `side(for:)`; rounded, with a shadow) that is never out of reach while it moves.
///
/// - **Flick**: the card follows the finger; on release the pan's LSQ2 release velocity becomes the position
///   animation's initial velocity (absolute, handed over as a vector: our springs take px/s, so UIKit's
///   normalisation by distance is only reported, as `relative_velocity`). The card heads for where the flick
///   would coast to (UIScrollView decay 0.998/ms: velocity × 0.499 s), kept inside the container.
/// - **Pinch and rotate** with two fingers (the card's centre follows their centroid): on release the scale
///   velocity and angular velocity start the scale and rotation springs. Scale springs back to 1; rotation to the
///   nearest quarter turn, looking 0.1 s ahead along the angular velocity (a quick twist carries on to the next one).
/// - **Retarget**: a tap off the card sends it to the tap point; while it moves, the running animation retargets
///   (the spring restarts from its presented value and velocity; the tween backend adds an additive layer), so
///   position and velocity do not jump.
/// - **Catch**: a touch down on the card *as presented* (hit-tested on the drawn, scaled and rotated shape) stops
///   the position animation exactly there; the finger then owns the card, so its velocity becomes the finger's
///   (0 while it stays still) and a lift without moving leaves the card where it was caught. Scale and rotation
///   keep settling under one finger and are caught when a second finger lands.
/// - A cancelled sequence leaves the card where it is with no fling; a pinch in progress springs back from rest.
/// Gestures that begin off the card only tap. All three springs use response 0.5 s, damping ratio 0.8 (SwiftUI's
/// default feel: no visible wobble, a hint of overshoot on strong flicks).
public struct PlaygroundScene: Scene, BackendSwitchable {
    /// What the card is doing.
    public enum State: String, Sendable { case idle, dragging, pinching, animating }

    /// Side of the square card, logical px.
    public static let cardSide = 160.0
    /// Corner radius of the card, logical px.
    public static let cornerRadius = 28.0
    /// Position spring: response 0.5 s, damping ratio 0.8.
    public static let positionSpring = SpringParameters(response: 0.5, dampingRatio: 0.8)
    /// Scale spring: response 0.5 s, damping ratio 0.8.
    public static let scaleSpring = SpringParameters(response: 0.5, dampingRatio: 0.8)
    /// Rotation spring: response 0.5 s, damping ratio 0.8.
    public static let rotationSpring = SpringParameters(response: 0.5, dampingRatio: 0.8)
    /// How far a flick coasts per unit of velocity (s): UIScrollView's decay 0.998/ms, d/(1 − d)/1000.
    public static let projectionTime = 0.998 / (1 - 0.998) / 1000
    /// Rotation detents: multiples of a quarter turn (rad).
    public static let rotationDetent = Double.pi / 2
    /// Look-ahead (s) along the angular velocity when choosing the rotation detent.
    public static let rotationLookAhead = 0.1

    /// UIKit Dynamics for the card on the dynamics backend: the seed's attachment (3.5 Hz, damping 0.4) on a 160 pt
    /// item of density 100 that collides with the container (elasticity 0.6, no rotation); resistance 10 attached
    /// (the seed's), 1 while falling free under gravity.
    public static func cardDynamics(side: Double = cardSide) -> PropertyAnimation {
        .dynamics(DynamicsBackend(value: .zero, frequency: Seeds.attachmentFrequency, damping: Seeds.attachmentDamping,
                                  length: 0, properties: cardProperties(falling: false), itemWidth: side,
                                  itemHeight: side))
    }

    /// The card's side in a `size` container: `cardSide` (a phone's), and on a large, full-height screen
    /// (`SceneChrome.largeWidth` wide, 900 px tall) growing with its width (1.4 times at 1280 px, at most 2.4
    /// times: 384 px at 1920x1080), but never more than 1/2.3 of the field's height (above the dock), so a desktop's
    /// card is an object to play with, in hand's reach of the field's size, and not a stamp on an empty field.
    public static func side(for size: SIMD2<Double>) -> Double {
        guard size.x >= SceneChrome.largeWidth, size.y >= 900 else { return cardSide }
        let byWidth = min(size.x / SceneChrome.largeWidth * 1.4, 2.4)
        let field = (dock(for: size)?.y ?? size.y) - SceneChrome.bandHeight(for: size)
        return (cardSide * max(1, min(byWidth, field / 2.3 / cardSide))).rounded()
    }

    /// The card's side now (`side(for:)` of the container).
    public var side: Double { Self.side(for: size) }

    /// The tile's side beside a card of `side` px: a little over half of it (88 px beside the phone's card), an even
    /// number of px, so its centre on a whole px puts its edges on whole px too (a surface of its own sits on whole
    /// logical px: a 211 px tile was drawn half a px off where the window draws it).
    public static func tileSide(for side: Double) -> Double { bodySide(Kind.tile.factor, for: side) }
    /// The side of a body `factor` of a card of `side` px: an even number of px (as the tile's).
    static func bodySide(_ factor: Double, for side: Double) -> Double { (side * factor / 2).rounded() * 2 }

    /// What a body on the field looks like and how large it is beside the card.
    struct Kind: Sendable {
        /// Its name in the trace (`object`) and the layout check.
        let name: String
        /// Its side over the card's.
        let factor: Double
        /// Its colour, and the glyph on its face.
        let color: RGBA, icon: Icon
        /// Where it starts across the field's width (its height as the tile's: low, clear of the card): a fraction of
        /// the width, or nil for right of the card (`bodyHome`).
        let across: Double?
        /// The tile: orange, a note, a little over half the card (a third of its mass).
        static let tile = Kind(name: "tile", factor: 0.55, color: Palette.orange, icon: .note, across: 0.25)
        /// The puck: indigo, a sun, two fifths of the card (a sixth of its mass, half the tile's).
        static let puck = Kind(name: "puck", factor: 0.4, color: Palette.indigo, icon: .sun, across: nil)
    }

    /// The bodies on the field beside the card, bottom first: the tile (low on the left) and the puck (low on the
    /// right, `bodyHome`).
    static let kinds = [Kind.tile, Kind.puck]
    /// The tile's side now.
    public var tileSide: Double { Self.tileSide(for: side) }
    /// Where the tile starts in a `size` container with the card resting at `home`: low on the left, clear of the
    /// card (0.22 of the height below it, 16 px above the floor at most), where the autoplay's last leg throws the
    /// card at it.
    static func tileHome(size: SIMD2<Double>, side: Double, home: SIMD2<Double>, floor: Double,
                         kind: Kind = .tile) -> SIMD2<Double> {
        let y = min(size.y * 0.72 + (home.y - size.y / 2), floor - bodySide(kind.factor, for: side) / 2 - 16)
        return SIMD2((kind.across.map { size.x * $0 } ?? rightOfHome(size: size, side: side, home: home)).rounded(),
                     y.rounded())
    }

    /// Where a body with no `across` starts across the field: right of the card at home, out of the paths a user's
    /// first throws take. Half way between the card's right edge at home and its left edge sent to the right wall,
    /// where that leaves a body's room (24 px each side of it) between them (800x600: 560; 1920x1080: 1344), so a
    /// card sent right, or falling there under gravity, passes it; else (a phone: 360x720, a short window) half way
    /// between the card's right edge at home and the right wall.
    static func rightOfHome(size: SIMD2<Double>, side: Double, home: SIMD2<Double>) -> Double {
        let edge = home.x + side / 2, wallCard = size.x - side
        return wallCard - edge >= bodySide(Kind.puck.factor, for: side) + 48 ? (edge + wallCard) / 2 : (edge + size.x) / 2
    }

    /// The tile's properties: the card's density (so it weighs what its area says: a third of the card), sliding
    /// to a stop in about a second (resistance 3), bouncing off the walls and the card (elasticity 0.6), a little
    /// friction against the card.
    static func tileProperties() -> DynamicsItemProperties {
        DynamicsItemProperties(density: 100, resistance: 3, elasticity: 0.6, friction: 0.2, allowsRotation: false,
                               collidesWithBounds: true, collidesWithItems: true)
    }

    /// The tile's spin running down: a critically damped spring of response 1 s toward the whole turn (the icon
    /// upright, as an app icon reads; a plain square would lie on any quarter turn) nearest to where an exponential
    /// run-down at its rate, ω = 2π/response, takes it (the spin times 1/ω). Aimed at that point exactly, such a
    /// spring is that exponential run-down (x(t) = −(w/ω)·e^(−ωt)); the rounding to upright adds at most half a turn,
    /// gently (ω² × π ≈ 124 rad/s² at most).
    public static let tileSpinSpring = SpringParameters(response: 1, dampingRatio: 1)
    /// How far ahead (s) along its spin the tile's resting level is chosen: 1/ω of `tileSpinSpring`.
    public static let tileSpinLookAhead = 1 / (2 * Double.pi)

    /// The card item's properties, attached or falling free.
    static func cardProperties(falling: Bool) -> DynamicsItemProperties {
        DynamicsItemProperties(density: 100, resistance: falling ? 1 : 10, elasticity: 0.6, allowsRotation: false,
                               collidesWithBounds: true)
    }

    /// The push a tap on the card gives it (px/s, away from the finger): UIKit's instantaneous push.
    public static let pushSpeed = 900.0

    /// True while gravity pulls the card (dynamics backend, key g): it falls free and bounces off the edges.
    public private(set) var hasGravity = false
    /// The current touch went down on the card while it moved (its tap pushes it on, or does nothing).
    private var caughtMoving = false
    /// When a press went down on the moving card, and the card's position and velocity then (`TouchRule`): it is
    /// caught when the press becomes a pan or a pinch, or is held still for `TouchRule.holdTime`.
    private var pressedMoving: (time: Double, position: SIMD2<Double>, velocity: SIMD2<Double>)?

    /// The scene's name.
    public let name = "playground"
    /// The container size, logical px.
    public private(set) var size: SIMD2<Double>
    /// The layers the scene shows: the field the card moves in (`PlaygroundDecor`: walls, the ring at the
    /// position animation's target and the line pulling the card to it, gravity, a legend), and the card with its face. The card's position, scale and rotation animate here and nowhere else.
    public private(set) var layers: LayerTree
    /// The card layer.
    public let cardLayer: LayerID
    /// The field, its walls, the pull and the legend drawn under the card.
    private let decor: PlaygroundDecor
    /// What to try, under the chrome band.
    private let hint: SceneHint
    /// How the position moves when released or retargeted: a backend at rest, configured (a response-0.5 s,
    /// damping-0.8 spring by default; swappable, the current motion is handed over).
    public private(set) var backend: PropertyAnimation
    /// The position backend's name for the trace.
    public private(set) var backendName: String
    var recognizer = MultiTouchGestureRecognizer()
    /// Newest input time seen (s) and frame time elapsed since (s): "now" for the finger's velocity.
    private var inputTime = 0.0
    private var sinceInput = 0.0
    /// True while the gesture's fingers own the card's position (from a touch down on it until the last lift).
    public private(set) var isHeld = false
    private var gestureOnCard = false
    private var grabPosition = SIMD2<Double>.zero
    private var grabTranslation = SIMD2<Double>.zero
    private var scaleHeld = false
    private var angleHeld = false
    private var baseScale = 1.0
    /// The scale the pinch's fingers ask for now (`limitPinch` may hold the card smaller).
    private var pinchWanted = 1.0
    /// How far (y, px) `limitPinch` pushes the card from where the pinch's fingers alone would put it.
    private var pinchShift = 0.0
    private var baseAngle = 0.0
    /// A touchpad's pinch in progress (`pinch(_:)`): its recent samples (input s, scale, rotation since it began).
    private var touchpadPinch: [(time: Double, scale: Double, rotation: Double)]?
    /// The corner `--autoplay` sends the card to next.
    private var autoplayNext = 0

    /// A body on the field beside the card: smaller and lighter (an app icon to throw the card at, or to throw). It
    /// moves on its own in UIKit Dynamics (free, resistance, bouncing off the walls; falling with gravity on),
    /// collides with the card (`collide`), and a finger grabs, drags and flicks it as it does the card.
    struct Body: Sendable {
        /// What it looks like and how large it is.
        let kind: Kind
        /// Its layer (on a surface of its own).
        let layer: LayerID
        /// Its side now (logical px; its layer's).
        var side: Double
        /// Its name in the trace's events (`object`).
        var name: String { kind.name }
        /// True while a finger holds it.
        var held = false
        /// Where it was when the finger caught it.
        var grab = SIMD2<Double>.zero
        /// When a press went down on it moving (the touch rule, as for the card).
        var pressedMoving: Double?
    }

    /// The bodies beside the card, bottom first (the card is drawn over them all). The first is the tile.
    private(set) var bodies: [Body]
    /// The body the current touch went down on (nil: the card, or the field).
    private(set) var gestureOnBody: Int?
    /// The tile: the first body.
    public var tileLayer: LayerID { bodies[0].layer }
    /// True while a finger holds the tile.
    public var tileHeld: Bool { bodies[0].held }
    /// The bodies beside the card as drawn now, bottom first: each one's name, centre and side.
    public var bodyStates: [(name: String, position: SIMD2<Double>, side: Double)] {
        bodies.indices.map { (bodies[$0].name, bodyPosition($0), bodySide($0)) }
    }
    /// True while a finger holds a body.
    var bodyHeld: Bool { bodies.contains { $0.held } }
    /// The flash where the card and the tile last met.
    private let spark: LayerID

    /// A card at rest at its `home` in a `size` container; position on `backend` (a response-0.5 s,
    /// damping-0.8 spring when nil).
    public init(size: SIMD2<Double>, backend: PropertyAnimation? = nil, backendName: String = "spring") {
        self.init(size: size, backend: backend, backendName: backendName, kinds: Self.kinds)
    }

    /// The same with `kinds` of bodies on the field beside the card, bottom first.
    init(size: SIMD2<Double>, backend: PropertyAnimation? = nil, backendName: String = "spring", kinds: [Kind]) {
        self.size = size
        var motion = backend ?? .spring(SpringAnimation(parameters: Self.positionSpring, at: .zero))
        _ = motion.interrupt()
        self.backend = motion
        self.backendName = backendName
        layers = LayerTree(size: size)
        decor = PlaygroundDecor(into: &layers)
        hint = SceneHint(into: &layers, title: "Playground",
                         lines: ["Throw the card at the tile, pinch or twist it", "Tap elsewhere to send it there"])
        let side = Self.side(for: size)
        var card = Layer(frame: DrawRect(origin: size * 0.5 - side / 2, size: SIMD2(side, side)),
                         backgroundColor: Palette.card, cornerRadius: Self.cornerRadius * side / Self.cardSide)
        // It mostly slides (a tap, a fling, the autoplay): on a surface of its own the compositor moves it.
        card.wantsOwnSurface = true
        // Turned or pinched, its face (photo, title, line) is drawn upright once and shown as one texture sampled
        // smooth, not drawn again each frame with its text sampled texel for pixel.
        card.shouldRasterize = true
        // Thrown anywhere over the page, and over its hint, by design.
        card.role = .sheet("card")
        // The flash glows out from under the two where they meet.
        spark = PlaygroundDecor.addSpark(into: &layers)
        var made: [Body] = []
        for kind in kinds {
            let bodySide = Self.bodySide(kind.factor, for: side)
            var body = Layer(frame: DrawRect(origin: size * 0.5 - bodySide / 2, size: SIMD2(bodySide, bodySide)),
                             backgroundColor: kind.color, cornerRadius: bodySide * 0.24)
            body.wantsOwnSurface = true
            body.shouldRasterize = true
            // Something a touch acts on (grabbed, flicked), so the layout check judges it as a control: at rest it may
            // not lie over text not its own (it came to rest over the legend's lines, which nothing flagged as a
            // sheet).
            body.role = .control(kind.name)
            let layer = layers.add(body)
            PlaygroundDecor.addTileFace(to: layer, side: bodySide, icon: kind.icon, color: kind.color, in: &layers)
            made.append(Body(kind: kind, layer: layer, side: bodySide))
        }
        bodies = made
        cardLayer = layers.add(card)
        PlaygroundDecor.addCardFace(to: cardLayer, side: side, in: &layers)
        placeHint()
        // Home, now that the hint and the legend are placed.
        layers[cardLayer].position = home
        for b in bodies.indices { layers[bodies[b].layer].position = bodyStart(b) }
        syncDecorations()
        // Clear of the legend from the start (at 640x480 its home lies over the legend's lines).
        for b in bodies.indices { if let spot = legendClearSpot(b) { layers[bodies[b].layer].position = spot } }
    }

    /// The hint sits under the chrome band, above where the card starts (hidden on a short window); the field
    /// fills the area the card moves in.
    private mutating func placeHint() {
        let band = SceneChrome.bandHeight(for: size)
        let room = size.y / 2 - side / 2 - band
        let scale = SceneChrome.typeScale(width: size.x), hintHeight = hint.height(scale: scale)
        // Where there is room (a large window), the gesture guide's chips under the hint, the two centred together.
        let block = hintHeight + 16 + (PlaygroundDecor.chipHeight * scale).rounded()
        let titleBlock = hint.height(scale: scale, titleOnly: true) + 12 + (PlaygroundDecor.chipHeight * scale).rounded()
        if let dock, Self.guideDocked(for: size) {
            // The guide in the dock, on its right, as large as the dock has room for.
            let guide = Self.guideScale(for: size)
            hint.place(in: &layers, area: DrawRect(x: 0, y: band, width: size.x, height: room), scale: scale)
            decor.placeGuide(in: &layers, top: (dock.y + (dock.height - (PlaygroundDecor.chipHeight * guide).rounded()) / 2).rounded(),
                             width: size.x, scale: guide, right: size.x - PlaygroundDecor.dockMargin)
        } else if room >= block + 24, size.x >= PlaygroundDecor.guideWidth(scale: scale) + 24 {
            let top = (band + (room - block) / 2).rounded()
            hint.place(in: &layers, area: DrawRect(x: 0, y: top - 12, width: size.x, height: hintHeight + 24), scale: scale)
            decor.placeGuide(in: &layers, top: top + (hintHeight + 16).rounded(), width: size.x, scale: scale)
        } else if dock != nil, room >= titleBlock + 24, size.x >= PlaygroundDecor.guideWidth(scale: scale) + 24 {
            // Room for the chips under the title but not for the hint's lines too (800x600): the chips, which say
            // what the lines say (throw, pinch, twist, tap), instead of them (the pinch and twist were a line of grey
            // text there, the window's only hint of them).
            let top = (band + (room - titleBlock) / 2).rounded(), titleHeight = hint.height(scale: scale, titleOnly: true)
            hint.place(in: &layers, area: DrawRect(x: 0, y: top - 12, width: size.x, height: titleHeight + 24), scale: scale,
                       titleOnly: true)
            decor.placeGuide(in: &layers, top: top + (titleHeight + 12).rounded(), width: size.x, scale: scale)
        } else {
            hint.place(in: &layers, area: DrawRect(x: 0, y: band, width: size.x, height: room), scale: scale)
            decor.placeGuide(in: &layers, top: nil, width: size.x)
            if SceneChrome.isCompact(size), hint.box(in: layers) == nil {
                // A short window (a phone in landscape) has no room in the field for the hint: a word a chip in the
                // compact bar, between the switcher's pill and the HUD, says what the fingers can do.
                let room = SceneChrome.compactRoom(for: size)
                decor.placeCompactGuide(in: &layers, band: band, width: size.x, left: room.from, right: room.to)
            }
        }
        decor.place(in: &layers, rect: fieldRect, size: size, dock: dock)
    }

    /// Where the card rests when nothing sent it elsewhere (where it starts; a card resting there stays there
    /// through a resize): the window's middle, except where that leaves the field lopsided. On a large screen (a
    /// card larger than a phone's), whose hint sits at the field's top and whose guide is in the dock, the middle of
    /// the field below the hint (the window's middle left the field's lower third empty at 1920x1080); in a window
    /// with no dock and too short for the hint (a short window too narrow for a dock), whose legend lies in its corner, the
    /// middle of the field above the legend, 8 px clear of it (the window's middle put the card 4 px under the
    /// ceiling, and a card once rested over the legend). Where the gesture guide's chips sit under the hint, home is
    /// at least `guideClearance` under them (at 800x600 the window's middle left 9). On whole px.
    public var home: SIMD2<Double> {
        var middle = size * 0.5
        if !Self.guideDocked(for: size), let guide = decor.guideBox(in: layers) {
            middle.y = Swift.max(middle.y, (guide.maxY + Self.guideClearance + side / 2).rounded())
        }
        let field = fieldRect
        let hintBox = hint.box(in: layers)
        let top = hintBox.map { Swift.max($0.maxY, field.y) } ?? field.y
        let bottom: Double
        if dock == nil, hintBox == nil, let legend = decor.legendBox(in: layers), legend.y > top {
            bottom = legend.y - 8
        } else if side > Self.cardSide, dock != nil {
            bottom = floor
        } else {
            return middle
        }
        return clamped(SIMD2(middle.x, ((top + bottom) / 2).rounded()))
    }

    /// The least room between the gesture guide's chips under the hint and the card at home.
    static let guideClearance = 24.0

    /// A spot in the field level with `home`, a fifth of the width in from the left edge: a card sent there (the
    /// headless tour's retarget tap) lies clear of the hint and the legend, as one at home does (the tour's tap at 30 %
    /// of the height put the target ring over the hint at 360x720).
    public var asideSpot: SIMD2<Double> { clamped(SIMD2((size.x * 0.2).rounded(), home.y)) }

    /// The area the card moves in: the window below the chrome band (the whole window where it is too short for
    /// the band and the card), as `clamped` keeps it.
    var fieldRect: DrawRect {
        let top = clamped(SIMD2(side / 2, 0)).y - side / 2
        return DrawRect(x: 0, y: top, width: size.x, height: Swift.max(floor - top, 1))
    }

    /// The dock under the field (as a toolbar along a window's foot): the legend on its left and, on a large window
    /// where both fit side by side (`guideDocked(for:)`), the gesture guide on its right. Its top edge is the field's
    /// floor, so neither body is ever thrown over what it holds or comes to rest crowding it, and the lower screen
    /// holds what a user reads. A window under 600 px tall (a phone in landscape) gets a slimmer one
    /// (`PlaygroundDecor.shortDockLineMargin` above and below the lines): with the legend in the field's corner the
    /// card came to rest over it at 720x360 and flew over it mid-throw at 568x320. Nil where the window is too narrow
    /// for the legend's lines, or too short to keep `fieldRoom` for the card above a dock; there the legend sits in
    /// the field's corner.
    static func dock(for size: SIMD2<Double>) -> DrawRect? {
        let scale = SceneChrome.typeScale(width: size.x), margin = PlaygroundDecor.dockMargin
        let legend = PlaygroundDecor.legendBlockSize(scale: scale)
        guard size.x >= legend.x + 2 * margin else { return nil }
        let lineMargin = size.y >= 600 ? PlaygroundDecor.dockLineMargin : PlaygroundDecor.shortDockLineMargin
        let height = (legend.y + 2 * (scale > 1 ? margin : lineMargin)).rounded()
        guard size.y >= 600 || size.y - height - SceneChrome.bandHeight(for: size) >= cardSide + 2 * fieldRoom else {
            return nil
        }
        return DrawRect(x: 0, y: size.y - height, width: size.x, height: height)
    }

    /// The least room a short window's field keeps above and below the phone's card under a dock (568x320: 29 px
    /// each).
    static let fieldRoom = 24.0

    /// Whether the gesture guide sits in the dock, right of the legend's panel: a large window wide enough for both,
    /// not a short one (1280x400), whose compact bar shows the gestures as it does a phone's in landscape.
    static func guideDocked(for size: SIMD2<Double>) -> Bool {
        let scale = SceneChrome.typeScale(width: size.x)
        guard scale > 1, !SceneChrome.isCompact(size), dock(for: size) != nil else { return false }
        return size.x >= PlaygroundDecor.legendPanelSize(scale: scale).x + PlaygroundDecor.guideWidth(scale: scale)
            + 3 * PlaygroundDecor.dockMargin
    }

    /// The docked gesture guide's type scale: 1.3 times the window's where its chips fit beside the legend's panel
    /// and inside the dock (at 1920 px wide: chips 53 px tall, their labels 15 px, read from across a desk), else
    /// the window's.
    static func guideScale(for size: SIMD2<Double>) -> Double {
        let scale = SceneChrome.typeScale(width: size.x), large = scale * 1.3, margin = PlaygroundDecor.dockMargin
        guard let dock = dock(for: size),
              size.x >= PlaygroundDecor.legendPanelSize(scale: scale).x + PlaygroundDecor.guideWidth(scale: large) + 3 * margin,
              (PlaygroundDecor.chipHeight * large).rounded() <= dock.height - 2 * margin else { return scale }
        return large
    }

    /// The dock now (`dock(for:)` of the container).
    var dock: DrawRect? { Self.dock(for: size) }

    /// The field's floor in a `size` container: the dock's top edge, else the window's foot.
    public static func floor(for size: SIMD2<Double>) -> Double { dock(for: size)?.y ?? size.y }

    /// The field's floor now (`floor(for:)` of the container).
    public var floor: Double { Self.floor(for: size) }

    // MARK: - What is on screen

    /// The card's centre as drawn now.
    public var position: SIMD2<Double> { layers.presented(.position, of: cardLayer).value }
    /// The tile's centre as drawn now.
    public var tilePosition: SIMD2<Double> { bodyPosition(0) }
    /// The tile's velocity now (px/s): the finger's while held.
    public var tileVelocity: SIMD2<Double> { bodyVelocity(0) }
    /// The tile's angle as drawn now (rad, clockwise on screen): it spins when hit off-centre.
    public var tileAngle: Double { bodyAngle(0) }
    /// The tile's angular velocity now (rad/s).
    public var tileAngularVelocity: Double { bodyAngularVelocity(0) }
    /// Body `b`'s centre as drawn now.
    func bodyPosition(_ b: Int) -> SIMD2<Double> { layers.presented(.position, of: bodies[b].layer).value }
    /// Body `b`'s velocity now (px/s): the finger's while held.
    func bodyVelocity(_ b: Int) -> SIMD2<Double> {
        bodies[b].held ? recognizer.panVelocity(at: inputTime + sinceInput)
            : layers.presented(.position, of: bodies[b].layer).velocity
    }
    /// Body `b`'s angle as drawn now (rad, clockwise on screen): it spins when hit off-centre.
    func bodyAngle(_ b: Int) -> Double { layers.presented(.rotation, of: bodies[b].layer).value.x }
    /// Body `b`'s angular velocity now (rad/s).
    func bodyAngularVelocity(_ b: Int) -> Double { layers.presented(.rotation, of: bodies[b].layer).velocity.x }
    /// Body `b`'s side now.
    func bodySide(_ b: Int) -> Double { bodies[b].side }
    /// Body `b`'s upright box were its centre at `at`.
    func bodyBox(_ b: Int, at: SIMD2<Double>) -> DrawRect {
        let side = bodySide(b)
        return DrawRect(origin: at - side / 2, size: SIMD2(side, side))
    }
    /// The card's velocity now (px/s): the finger's while held.
    public var velocity: SIMD2<Double> {
        isHeld ? recognizer.panVelocity(at: inputTime + sinceInput) : layers.presented(.position, of: cardLayer).velocity
    }
    /// The card's scale as drawn now.
    public var scale: Double { layers.presented(.scale, of: cardLayer).value.x }
    /// The scale's velocity (1/s): the fingers' while pinching.
    public var scaleVelocity: Double {
        guard scaleHeld else { return layers.presented(.scale, of: cardLayer).velocity.x }
        let rate = touchpadPinch != nil ? baseScale * touchpadPinchVelocity(at: inputTime + sinceInput).scale
            : baseScale * (recognizer.pinch?.velocity(at: inputTime + sinceInput).scale ?? 0)
        // Held at a limit (`limitPinch`), it grows no more however the fingers spread.
        return layers[cardLayer].scale < pinchWanted ? Swift.min(rate, 0) : rate
    }
    /// The card's rotation as drawn now (rad, clockwise on screen).
    public var angle: Double { layers.presented(.rotation, of: cardLayer).value.x }
    /// The rotation's velocity (rad/s): the fingers' while rotating.
    public var angularVelocity: Double {
        guard angleHeld else { return layers.presented(.rotation, of: cardLayer).velocity.x }
        if touchpadPinch != nil { return touchpadPinchVelocity(at: inputTime + sinceInput).angular }
        return recognizer.pinch?.velocity(at: inputTime + sinceInput).angular ?? 0
    }
    /// Where the position animation is heading: the model value.
    public var target: SIMD2<Double> { layers[cardLayer].position }
    /// Where the scale spring is heading: the model value.
    public var scaleTarget: Double { layers[cardLayer].scale }
    /// Where the rotation spring is heading: the model value.
    public var angleTarget: Double { layers[cardLayer].rotation }

    /// The card as drawn now: its shape is also what touches hit.
    public var card: RoundedRect {
        let layer = layers.presentation(of: cardLayer)
        return RoundedRect(rect: layer.frame, cornerRadius: layer.cornerRadius, fill: layer.backgroundColor ?? .white,
                           shadow: layer.shadow, rotation: layer.rotation, scale: layer.scale)
    }

    /// What the card is doing.
    public var state: State {
        if scaleHeld || angleHeld { return .pinching }
        if isHeld { return .dragging }
        return needsFrames ? .animating : .idle
    }

    /// True while an animation runs (fingers drive the card without frames).
    public var needsFrames: Bool { layers.isAnimating }

    /// True while `property` of the card animates.
    func isAnimating(_ property: LayerProperty) -> Bool { layers.isAnimating(property, of: cardLayer) }

    // MARK: - Scene

    /// Lays the scene out for a container of `size` logical px. The card keeps its place relative to the container
    /// (a card in the middle stays in the middle): at rest it is laid out there at once; moving, its motion is
    /// retargeted there (position and velocity continuous); held, it stays under the finger.
    public mutating func resize(to newSize: SIMD2<Double>) {
        guard newSize != size else { return }
        defer {
            partResting()
            clearLegend()
        }
        let oldSize = size, oldHome = home
        // A body resting where it started (the app's window is made at 800x600 and then configured) starts again
        // where it starts in the new container, as a card at home stays at home: the puck's place right of the card
        // is not a fraction of the width (at 360x720 it was scaled to 252 px, in the path of a throw at the tile).
        let atStart = bodies.indices.map { b in
            !bodies[b].held && !layers.isAnimating(.position, of: bodies[b].layer)
                && layers[bodies[b].layer].position == bodyStart(b)
        }
        size = newSize
        layers[layers.root].frame = DrawRect(origin: .zero, size: newSize)
        if Self.side(for: oldSize) != side {
            // A card of the new size with its face laid out again (its scale, the pinch's, is kept).
            layers[cardLayer].size = SIMD2(side, side)
            layers[cardLayer].cornerRadius = Self.cornerRadius * side / Self.cardSide
            layers.removeSublayers(of: cardLayer)
            PlaygroundDecor.addCardFace(to: cardLayer, side: side, in: &layers)
        }
        if Self.side(for: oldSize) != side {
            for b in bodies.indices { layBody(b) }
        }
        placeHint()
        for b in bodies.indices where atStart[b] { layers[bodies[b].layer].position = bodyStart(b) }
        for b in bodies.indices where !bodies[b].held && !atStart[b] {
            // A body keeps its place relative to the container, like the card; moving, it goes on from where it is
            // drawn inside the new walls.
            let now = layers.removeAnimation(.position, of: bodies[b].layer)
            let relative = oldSize.x > 0 && oldSize.y > 0 ? now.value / oldSize * newSize : now.value
            // At rest on whole px: its surface is placed on whole px, and the window alone draws it where it is
            // (a tile 0.2 px off, as 0.72 of 360 px left it, showed its edges differently in the two).
            let placed = now.velocity == .zero ? relative.rounded(.toNearestOrAwayFromZero) : relative
            moveBody(b, from: clampedBody(b, placed), velocity: now.velocity)
        }
        guard !isHeld else { return }
        let model = layers[cardLayer].position
        // Where it was relative to its home (a card at home stays at home), the offset scaled with the container.
        let relative = oldSize.x > 0 && oldSize.y > 0 ? home + (model - oldHome) / oldSize * newSize : home
        let goal = clamped(relative)
        guard goal != model else { return }
        if isAnimating(.position), backendName == "dynamics" {
            // The world's bounds (and gravity) follow the window: restart it from what is drawn, velocity kept.
            let now = layers.removeAnimation(.position, of: cardLayer)
            move(from: now.value, velocity: now.velocity, to: goal)
        } else if isAnimating(.position) {
            if !layers.retarget(.position, of: cardLayer, to: goal) { move(from: model, velocity: .zero, to: goal) }
        } else {
            layers[cardLayer].position = goal
        }
        syncDecorations()
    }

    /// Positions settle within half a device pixel of an output with `scale` device px per logical px.
    public mutating func setOutputScale(_ scale: Double) { layers.outputScale = scale }

    /// Switches the position backend, handing over the presented value and velocity.
    public mutating func switchBackend(to newBackend: PropertyAnimation, name: String) {
        defer { syncDecorations() }
        backend = name == "dynamics" ? Self.cardDynamics() : newBackend
        if name != "dynamics", hasGravity {
            // Gravity goes off with the dynamics backend: the bodies go on from where they are drawn without it.
            hasGravity = false
            for b in bodies.indices where !bodies[b].held {
                let now = layers.removeAnimation(.position, of: bodies[b].layer)
                moveBody(b, from: now.value, velocity: now.velocity)
            }
        }
        if name != "dynamics" { hasGravity = false }
        _ = backend.interrupt()
        backendName = name
        guard !isHeld, isAnimating(.position) else { return }
        let goal = layers[cardLayer].position
        let handoff = layers.removeAnimation(.position, of: cardLayer)
        move(from: handoff.value, velocity: handoff.velocity, to: goal)
    }

    /// Advances the animations by `dt` seconds of frame time.
    public mutating func advance(by dt: Double) -> [SceneEvent] {
        let movingBefore = moving
        sinceInput += layers.advance(by: dt)
        // Only where the card or a body came to rest this frame may one now rest over another (`partResting`).
        let cameToRest = moving < movingBefore
        var reports: [SceneEvent] = []
        // A still press on the moving card held for the hold time catches it where it is drawn.
        if let down = pressedMoving, !isHeld, recognizer.isActive, !recognizer.isPanning, !recognizer.isPinching,
           layers.time - down.time >= TouchRule.holdTime {
            if isAnimating(.position) { catchCard(into: &reports) } else { pressedMoving = nil }
        }
        for b in bodies.indices {
            guard let down = bodies[b].pressedMoving, !bodies[b].held, recognizer.isActive, !recognizer.isPanning,
                  layers.time - down >= TouchRule.holdTime else { continue }
            if layers.isAnimating(.position, of: bodies[b].layer) { catchBody(b, into: &reports) }
            else { bodies[b].pressedMoving = nil }
        }
        if hasGravity {
            for b in bodies.indices { collide(b, step: dt, into: &reports) }
            for b in bodies.indices { for other in bodies.indices where other > b { collide(b, other, step: dt, into: &reports) } }
            for b in bodies.indices { strikeWalls(b, into: &reports) }
        } else {
            // The turned bodies' corners off the walls first: lifted off the floor after the contacts were solved, a
            // spinning tile was put 1–5 px into the card above it.
            for b in bodies.indices { strikeWalls(b, into: &reports) }
            collideAll(step: dt, into: &reports)
        }
        if cameToRest { partResting() }
        clearLegend()
        syncDecorations()
        return reports
    }

    /// How many of the card's place, scale and turn and the bodies' places are animating: where one stops, a body
    /// may have come to rest over another or under the card (`partResting`); a frame where none stops parts none.
    /// Counted each frame (twice): no array made (an array literal of the three properties was one allocation each).
    private var moving: Int {
        var count = (isAnimating(.position) ? 1 : 0) + (isAnimating(.scale) ? 1 : 0) + (isAnimating(.rotation) ? 1 : 0)
        for b in bodies.indices where layers.isAnimating(.position, of: bodies[b].layer) { count += 1 }
        return count
    }

    /// With gravity off, a body at rest under the card at rest (put down under it), or under another body at rest (a
    /// narrower window pressed them together against its wall; one put down on the other), makes way (`makeWay`): the
    /// one drawn below glides out beside the other. Called where one may come to rest: after a frame where the card
    /// or a body stopped, a touch frame and a resize (not each frame: the autoplay's frames cost nothing more).
    private mutating func partResting() {
        guard !hasGravity else { return }
        let still = bodies.indices.filter { !bodies[$0].held && !layers.isAnimating(.position, of: bodies[$0].layer) }
        guard !still.isEmpty else { return }
        if !isHeld, !isAnimating(.position) {
            let card = cardBox(margin: 8)
            for b in still where Self.overlap(card, bodyBox(b, at: layers[bodies[b].layer].position)) { makeWay(b) }
        }
        for a in still {
            for b in still where b > a && !layers.isAnimating(.position, of: bodies[a].layer) {
                let other = bodyBox(b, at: layers[bodies[b].layer].position).insetBy(-8)
                let at = layers[bodies[a].layer].position, reach = (bodySide(a) + bodySide(b)) / 2
                guard abs(at.x - other.center.x) < reach, abs(at.y - other.center.y) < reach else { continue }
                makeWay(a, around: other)
            }
        }
    }

    /// A tile come to rest over the legend's lines (gravity off) glides up clear of them, and one come to rest over
    /// the hint (or within 8 px of it) to the nearest place clear of the hint, the legend and the card, on the
    /// position spring. Called wherever it may come to rest: each frame (a throw ends), after a touch frame (put
    /// down still, which asks for no frame) and after a resize (its place scaled with the window).
    /// The legend's and the hint's boxes are read once a call, and only when a body lies still (`TextBoxes`): each
    /// read counts their lines' characters, which was most of this call's cost when every body read them (a third of
    /// a moving playground frame's advance with the puck).
    private mutating func clearLegend() {
        var boxes: TextBoxes?
        for b in bodies.indices {
            guard !hasGravity, !bodies[b].held, !layers.isAnimating(.position, of: bodies[b].layer) else { continue }
            let text = boxes ?? TextBoxes(legend: decor.legendBox(in: layers), hint: hint.box(in: layers),
                                          guide: Self.guideDocked(for: size) ? nil : decor.guideBox(in: layers))
            boxes = text
            guard let spot = legendClearSpot(b, legend: text.legend) ?? hintClearSpot(b, text: text) else { continue }
            layers.animate(.position, of: bodies[b].layer,
                           with: .spring(SpringAnimation(parameters: Self.positionSpring,
                                                         value: layers[bodies[b].layer].position, target: spot)))
        }
    }

    /// The legend's lines, the hint and the gesture guide's chips under the hint (not docked), as `clearLegend` reads
    /// them once for every body.
    private struct TextBoxes {
        var legend: DrawRect?
        var hint: DrawRect?
        var guide: DrawRect?
    }

    /// Where the tile at rest over the legend's lines (gravity off) goes to be clear of them, on whole px; nil when
    /// it is not over them (or moving, held, or there is no room above them).
    private func legendClearSpot(_ b: Int) -> SIMD2<Double>? {
        legendClearSpot(b, legend: decor.legendBox(in: layers))
    }

    /// `legendClearSpot(_:)` with the legend's box (`PlaygroundDecor.legendBox`) read already.
    private func legendClearSpot(_ b: Int, legend: DrawRect?) -> SIMD2<Double>? {
        guard !hasGravity, !bodies[b].held, !layers.isAnimating(.position, of: bodies[b].layer),
              let legend else { return nil }
        let at = layers[bodies[b].layer].position, half = bodySide(b) / 2
        guard Self.overlap(legend, bodyBox(b, at: at)), legend.width > 0 else {
            return nil
        }
        // Up clear of the lines, else to their right; never onto the card (which would send it back down: `makeWay`).
        let card = cardBox(margin: 8)
        let spots = [clampedBody(b, SIMD2(at.x, legend.y - half - 8).rounded(.down)),
                     clampedBody(b, SIMD2(legend.maxX + half + 8, at.y).rounded(.up))]
        let others = otherPaths(b, from: at, resting: true)
        return spots.first { spot in
            spot != at && !Self.overlap(legend, bodyBox(b, at: spot))
                && !Self.overlap(card, bodyBox(b, at: spot))
                && Self.blocked(bodyBox(b, at: spot), from: bodyBox(b, at: at), by: others) == nil
        }
    }

    /// Where the tile at rest over the hint or the gesture guide's chips under it (gravity off; a knock left it on the
    /// title at 360x720) goes to be clear of them: the nearest place on a 12 px grid over the field, on whole px, that
    /// keeps 8 px from the hint, the chips, the card and the legend's lines; nil when it is not over the hint or the
    /// chips (or moving, held, or there is no such place).
    private func hintClearSpot(_ b: Int, text boxes: TextBoxes) -> SIMD2<Double>? {
        guard !hasGravity, !bodies[b].held, !layers.isAnimating(.position, of: bodies[b].layer) else { return nil }
        let at = layers[bodies[b].layer].position, half = bodySide(b) / 2
        func tile(_ p: SIMD2<Double>) -> DrawRect { bodyBox(b, at: p) }
        // Over neither (most frames): answered without an array.
        func over(_ box: DrawRect?) -> Bool { box.map { Self.overlap($0.insetBy(-8), tile(at)) } ?? false }
        guard over(boxes.hint) || over(boxes.guide) else { return nil }
        let text = [boxes.hint, boxes.guide].compactMap { $0?.insetBy(-8) }
        // Nor onto another body (it went onto the puck, which then made it make way again), nor across one's glide
        // (two bodies left over the hint by a pinched card glided off it across each other).
        let others = otherPaths(b, from: at, resting: true)
        let avoid = text + [cardBox(margin: 8)] + (boxes.legend.map { [$0.insetBy(-8)] } ?? [])
        let field = fieldRect
        var best: SIMD2<Double>?
        var y = field.y + half
        while y <= field.maxY - half {
            var x = field.x + half
            while x <= field.maxX - half {
                let spot = clampedBody(b, SIMD2(x, y).rounded(.toNearestOrAwayFromZero))
                if best.map({ (spot - at).lengthSquared < ($0 - at).lengthSquared }) ?? true,
                   !avoid.contains(where: { Self.overlap($0, tile(spot)) }), Self.blocked(tile(spot), from: tile(at), by: others) == nil {
                    best = spot
                }
                x += 12
            }
            y += 12
        }
        return best
    }

    /// The hint and the gesture guide's chips under it (not docked), each 8 px wider: where a body at rest may not lie.
    private var hintBoxes: [DrawRect] {
        let guide = Self.guideDocked(for: size) ? nil : decor.guideBox(in: layers)
        return [hint.box(in: layers), guide].compactMap { $0?.insetBy(-8) }
    }

    /// Feeds a touch frame; returns the gestures recognised.
    public mutating func handle(_ frame: TouchFrame) -> [SceneEvent] {
        if let newest = frame.changes.map(\.time).max(), newest >= inputTime {
            inputTime = newest
            sinceInput = 0
        }
        var reports: [SceneEvent] = []
        let events = recognizer.handle(frame)
        followFingers()
        for event in events {
            switch event {
            case .touchDown(let point):
                gestureOnCard = card.contains(point)
                caughtMoving = gestureOnCard && isAnimating(.position)
                pressedMoving = nil
                clearBodyPresses()
                // The body under the finger, top first (a touch off the card).
                gestureOnBody = gestureOnCard ? nil
                    : bodies.indices.last { layers.presentation(of: bodies[$0].layer).frame.contains(point) }
                if let b = gestureOnBody {
                    // The touch rule, as for the card: a moving body goes on until the press becomes a pan or a hold.
                    if layers.isAnimating(.position, of: bodies[b].layer) { bodies[b].pressedMoving = layers.time }
                    else { catchBody(b, into: &reports) }
                }
                if caughtMoving {
                    // The touch rule: the motion goes on at touch-down; what the press becomes decides.
                    let now = layers.presented(.position, of: cardLayer)
                    pressedMoving = (layers.time, now.value, now.velocity)
                } else if gestureOnCard {
                    catchCard(into: &reports)
                }
            case .panBegan(let translation):
                // Caught where it is drawn as the finger starts to move it: from here it follows 1:1.
                if gestureOnCard, !isHeld, pressedMoving != nil { catchCard(into: &reports) }
                if let b = gestureOnBody, !bodies[b].held, bodies[b].pressedMoving != nil { catchBody(b, into: &reports) }
                if isHeld || bodyHeld {
                    reports.append(SceneEvent(.panBegan, [TraceField(EventField.translation, .vector(translation))]))
                }
            case .panChanged, .pinchBegan:
                break
            case .rotationBegan:
                if gestureOnCard, !isHeld, pressedMoving != nil { catchCard(into: &reports) }
                if isHeld { beginPinch(into: &reports) }
            case .pinchChanged(let s):
                if scaleHeld {
                    pinchWanted = baseScale * s
                    layers[cardLayer].scale = pinchWanted
                }
            case .rotationChanged(let a):
                if angleHeld { layers[cardLayer].rotation = baseAngle + a }
            case .panEnded(_, let v):
                if isHeld { release(velocity: v, into: &reports) }
                for b in bodies.indices where bodies[b].held { releaseBody(b, velocity: v, into: &reports) }
            case .pinchEnded(let s, let sv):
                // The twist let go with it (its event comes next) decides how far the card turns on as it shrinks.
                let twist = events.lazy.compactMap { event -> Double? in
                    if case .rotationEnded(_, let w) = event { return w }
                    return nil
                }.first ?? 0
                if scaleHeld { releaseScale(s, velocity: sv, turning: twist, into: &reports) }
            case .rotationEnded(let a, let w):
                if angleHeld { releaseAngle(a, velocity: w, into: &reports) }
            case .tap(let point):
                reports.append(SceneEvent(.tap, [TraceField(EventField.position, .vector(point)),
                                                  TraceField(EventField.onCard, .bool(gestureOnCard))]))
                if let b = gestureOnBody {
                    // A tap on a body flicks it away from the finger (a held, caught one stays where it stopped).
                    if bodies[b].held, bodies[b].pressedMoving != nil { bodies[b].held = false }
                    else { pushBody(b, from: point, into: &reports) }
                } else if !gestureOnCard {
                    retarget(to: point, into: &reports)
                } else if isHeld, caughtMoving {
                    // Held still until caught: it stays where the finger stopped it.
                    drop()
                } else if backendName == "dynamics" {
                    // A tap pushes the card away from the finger: a resting one from rest, a moving one on top of
                    // the velocity it has (UIKit's instantaneous push adds to it). Elsewhere it goes on untouched.
                    push(from: point, into: &reports)
                }
                pressedMoving = nil
                clearBodyPresses()
            case .lifted:
                if isHeld { drop() }
                pressedMoving = nil
                clearBodyPresses(held: true)
            case .cancelled:
                pressedMoving = nil
                clearBodyPresses(held: true)
                cancel(into: &reports)
            }
            followFingers()
        }
        partResting()
        clearLegend()
        syncDecorations()
        return reports
    }

    /// No press waits on a moving body any more (and, `held`, no finger holds one).
    private mutating func clearBodyPresses(held: Bool = false) {
        for b in bodies.indices {
            bodies[b].pressedMoving = nil
            if held { bodies[b].held = false }
        }
    }

    /// A touchpad's pinch zooms and turns the card as two fingers on it do: it catches the scale and rotation where
    /// they are drawn, follows the pinch 1:1, and at the end springs back to 1× and the nearest detent with the
    /// pinch's velocity (a cancelled pinch from rest).
    public mutating func pinch(_ input: PinchInput) -> [SceneEvent] {
        if input.time >= inputTime {
            inputTime = input.time
            sinceInput = 0
        }
        var reports: [SceneEvent] = []
        switch input.phase {
        case .began:
            // Fingers on the screen already pinch it: the touchpad waits.
            guard !scaleHeld, !angleHeld, !recognizer.isActive else { return [] }
            beginPinch(into: &reports)
            touchpadPinch = [(input.time, 1, 0)]
        case .changed:
            guard var samples = touchpadPinch else { return [] }
            pinchWanted = baseScale * input.scale
            layers[cardLayer].scale = pinchWanted
            layers[cardLayer].rotation = baseAngle + input.rotation
            limitPinch()
            samples.append((input.time, input.scale, input.rotation))
            samples.removeAll { $0.time < input.time - 0.1 }
            touchpadPinch = samples
        case .ended:
            guard touchpadPinch != nil else { return [] }
            let v = touchpadPinchVelocity(at: input.time)
            touchpadPinch = nil
            releaseScale(input.scale, velocity: v.scale, turning: v.angular, into: &reports)
            releaseAngle(input.rotation, velocity: v.angular, into: &reports)
        case .cancelled:
            guard touchpadPinch != nil else { return [] }
            touchpadPinch = nil
            releaseScale(input.scale, velocity: 0, turning: 0, into: &reports)
            releaseAngle(input.rotation, velocity: 0, into: &reports)
        }
        syncDecorations()
        return reports
    }

    /// The touchpad pinch's scale and angular velocity at `time` over its last 0.1 s (none when its fingers rested
    /// more than 50 ms).
    private func touchpadPinchVelocity(at time: Double) -> (scale: Double, angular: Double) {
        guard let samples = touchpadPinch, let first = samples.first, let last = samples.last,
              last.time > first.time, time - last.time <= 0.05 else { return (0, 0) }
        let span = last.time - first.time
        return ((last.scale - first.scale) / span, (last.rotation - first.rotation) / span)
    }

    // MARK: - Hand-offs

    private mutating func catchCard(into reports: inout [SceneEvent]) {
        let wasMoving = isAnimating(.position)
        let caught = layers.removeAnimation(.position, of: cardLayer)  // the presented value and velocity now
        isHeld = true
        wakeResting(moved: nil)
        grabPosition = caught.value
        grabTranslation = recognizer.translation
        var fields = [TraceField(EventField.position, .vector(caught.value)),
                      TraceField(EventField.velocityBefore, .vector(caught.velocity)),
                      TraceField(EventField.wasMoving, .bool(wasMoving))]
        // Where it was and how fast it moved at touch-down, for a press that went down on it moving.
        if let down = pressedMoving {
            fields.append(TraceField(EventField.atDown, .array([.vector(down.position), .vector(down.velocity)])))
        }
        reports.append(SceneEvent(.catch, fields))
    }

    private mutating func beginPinch(into reports: inout [SceneEvent]) {
        baseScale = layers.removeAnimation(.scale, of: cardLayer).value.x
        baseAngle = layers.removeAnimation(.rotation, of: cardLayer).value.x
        scaleHeld = true
        angleHeld = true
        pinchWanted = baseScale
        pinchShift = 0
        reports.append(SceneEvent(.pinchBegan, [TraceField(EventField.scale, .number(baseScale)),
                                                  TraceField(EventField.angle, .number(baseAngle))]))
    }

    private mutating func release(velocity v: SIMD2<Double>, into reports: inout [SceneEvent]) {
        let from = position
        isHeld = false
        let goal = move(from: from, velocity: v, to: clamped(from + v * Self.projectionTime))
        reports.append(SceneEvent(.panEnded, [
            TraceField(EventField.velocity, .vector(v)), TraceField(EventField.position, .vector(from)), TraceField(EventField.target, .vector(goal)),
            TraceField(EventField.relativeVelocity, .number(Self.relativeSpringVelocity(velocity: v, from: from, to: goal))),
        ]))
    }

    /// The last finger lifted without a fling (no pan, or after a cancel): the card stays where it is.
    private mutating func drop() {
        isHeld = false
    }

    private mutating func releaseScale(_ s: Double, velocity sv: Double, turning w: Double,
                                       into reports: inout [SceneEvent]) {
        // Where the fingers left it (`limitPinch`), not where they went past it, and not growing on from a limit (a
        // spring let go growing would carry it over the dock before turning back).
        let value = Swift.min(baseScale * s, layers[cardLayer].scale)
        let rate = releaseRate(value < baseScale * s ? Swift.min(baseScale * sv, 0) : baseScale * sv, from: value,
                               turning: w)
        scaleHeld = false
        keepPinchShift()
        spring(.scale, parameters: Self.scaleSpring, threshold: .scale, from: value, velocity: rate, to: 1)
        reports.append(SceneEvent(.pinchEnded, [TraceField(EventField.scale, .number(value)),
                                                  TraceField(EventField.scaleVelocity, .number(rate))]))
    }

    private mutating func releaseAngle(_ a: Double, velocity w: Double, into reports: inout [SceneEvent]) {
        let value = baseAngle + a
        angleHeld = false
        let detent = Self.rotationDetent(for: value, velocity: w)
        spring(.rotation, parameters: Self.rotationSpring, threshold: .rotation, from: value, velocity: w, to: detent)
        reports.append(SceneEvent(.rotationEnded, [TraceField(EventField.angle, .number(value)),
                                                     TraceField(EventField.angularVelocity, .number(w)),
                                                     TraceField(EventField.target, .number(detent))]))
    }

    private mutating func retarget(to point: SIMD2<Double>, into reports: inout [SceneEvent]) {
        let before = layers.presented(.position, of: cardLayer)
        let goal = clamped(point)
        let wasMoving = isAnimating(.position)
        if !layers.retarget(.position, of: cardLayer, to: goal) { move(from: before.value, velocity: .zero, to: goal) }
        let after = layers.presented(.position, of: cardLayer)
        reports.append(SceneEvent(.retarget, [
            TraceField(EventField.to, .vector(goal)), TraceField(EventField.wasMoving, .bool(wasMoving)),
            TraceField(EventField.before, .vector(before.value)), TraceField(EventField.velocityBefore, .vector(before.velocity)),
            TraceField(EventField.after, .vector(after.value)), TraceField(EventField.velocityAfter, .vector(after.velocity)),
        ]))
    }

    private mutating func cancel(into reports: inout [SceneEvent]) {
        if scaleHeld {
            scaleHeld = false
            keepPinchShift()
            spring(.scale, parameters: Self.scaleSpring, threshold: .scale, from: scale, velocity: 0, to: 1)
        }
        if angleHeld {
            let value = angle
            angleHeld = false
            spring(.rotation, parameters: Self.rotationSpring, threshold: .rotation, from: value, velocity: 0,
                   to: Self.rotationDetent(for: value, velocity: 0))
        }
        if isHeld { drop() }
        gestureOnCard = false
        reports.append(SceneEvent(.touchCancel, [TraceField(EventField.position, .vector(position))]))
    }

    /// A tap on the card on the dynamics backend pushes it away from the finger (from the centre: up).
    private mutating func push(from point: SIMD2<Double>, into reports: inout [SceneEvent]) {
        let now = layers.presented(.position, of: cardLayer)
        let from = now.value
        let away = from - point, length = (away * away).sum().squareRoot()
        let direction = length > 1 ? away / length : SIMD2(0, -1)
        let v = (isHeld ? .zero : now.velocity) + direction * Self.pushSpeed
        move(from: from, velocity: v, to: clamped(from + v * Self.projectionTime))
        reports.append(SceneEvent(.push, [TraceField(EventField.velocity, .vector(v))]))
    }

    /// Key g on the dynamics backend: gravity on (the card falls free and bounces to rest on the bottom edge) or off
    /// (it is attached again where it is); false, and nothing changes, on the other backends.
    public mutating func toggleGravity() -> Bool {
        guard backendName == "dynamics", !isHeld, hasGravity || collisionBounds != nil else { return false }
        hasGravity.toggle()
        let now = layers.removeAnimation(.position, of: cardLayer)
        move(from: now.value, velocity: now.velocity, to: clamped(now.value))
        for b in bodies.indices where !bodies[b].held {
            let now = layers.removeAnimation(.position, of: bodies[b].layer)
            moveBody(b, from: now.value, velocity: now.velocity)
        }
        syncDecorations()
        return true
    }

    /// The container the card collides with: the window below the chrome band (as `clamped` keeps it); none in a
    /// window too small to hold the card (it could only rattle between the edges).
    private var collisionBounds: DynamicsRect? {
        let side = side, half = side / 2
        let top = clamped(SIMD2(half, 0)).y - half
        guard size.x >= side, floor - top >= side else { return nil }
        return DynamicsRect(x: 0, y: top, width: size.x, height: floor - top)
    }

    /// Starts the card's position animation on the configured backend (or leaves the model there when the
    /// motion is already at rest). On the dynamics backend the card collides with the container, and with gravity
    /// on it falls free.
    /// Returns where the card heads (`goal`, or moved in where the path there would leave the window).
    @discardableResult
    private mutating func move(from value: SIMD2<Double>, velocity: SIMD2<Double>, to goal: SIMD2<Double>)
        -> SIMD2<Double> {
        var motion = backend
        // The world's item as large as the card is now.
        if case .dynamics = motion { motion = Self.cardDynamics(side: side) }
        if case .dynamics(var dynamics) = motion {
            // Nothing to fall onto in a window too small for the card: gravity goes off.
            if collisionBounds == nil { hasGravity = false }
            dynamics.bounds = collisionBounds
            dynamics.gravity = hasGravity ? SIMD2(0, 1) : .zero
            dynamics.properties = Self.cardProperties(falling: hasGravity)
            dynamics.start(from: value, velocity: velocity, to: goal)
            if hasGravity { dynamics.detach() }
            motion = .dynamics(dynamics)
        } else {
            motion.start(from: value, velocity: velocity, to: insideGoal(of: motion, from: value, velocity: velocity,
                                                                         to: goal))
        }
        if motion.isAtRest { layers[cardLayer].position = motion.target }
        else { layers.animate(.position, of: cardLayer, with: motion) }
        return motion.target
    }

    /// `goal` moved in so the whole path `motion` takes there from `value` at `velocity` keeps the card inside the
    /// window (as `clamped` keeps its resting place), not only where it comes to rest: a spring flung at an edge
    /// overshoots its goal, and a goal at the edge put the card's side off-screen for a few frames (13 px at
    /// 360x720). The path is the backend's own, stepped ahead at 120 Hz for up to 3 s; the goal moves in by what
    /// the path overshot the edge, up to eight times over (the overshoot shrinks with the distance left to go).
    private func insideGoal(of motion: PropertyAnimation, from value: SIMD2<Double>, velocity: SIMD2<Double>,
                            to goal: SIMD2<Double>) -> SIMD2<Double> {
        let low = clamped(-SIMD2(repeating: .infinity)), high = clamped(SIMD2(repeating: .infinity))
        // Settling where the tree's animation will (a visible step on this output), not at the backend's own looser
        // threshold, which called a spring at rest 0.3 px short of its goal before it overshot by 1.2.
        var settling = motion
        settling.setRestThreshold(LayerProperty.position.restThreshold(outputScale: layers.outputScale))
        var goal = goal
        for _ in 0..<8 {
            var probe = settling
            probe.start(from: value, velocity: velocity, to: goal)
            var lowest = pointwiseMin(value, goal), highest = pointwiseMax(value, goal)
            for _ in 0..<360 where !probe.isAtRest {
                probe.advance(by: 1.0 / 120)
                lowest = pointwiseMin(lowest, probe.presentedValue)
                highest = pointwiseMax(highest, probe.presentedValue)
            }
            // Only what goes past an edge, or further past it than where the path started (a card dropped half
            // off-screen comes back; one a knock left 0.5 px past the edge was carried 3.5 px past it by the next).
            let none = SIMD2<Double>.zero
            let under = pointwiseMax(pointwiseMin(low, value) - lowest, none)
            let over = pointwiseMax(highest - pointwiseMax(high, value), none)
            guard under != none || over != none else { break }
            // On whole px, inward, as the edge itself is: a card at rest on a surface of its own is placed on them.
            let moved = pointwiseMin(pointwiseMax(goal + under - over, low), high)
            goal = moved.replacing(with: moved.rounded(.down), where: over .> 0)
                .replacing(with: moved.rounded(.up), where: under .> 0)
        }
        return goal
    }

    /// With gravity on, a body resting on another (parked by `collide`) falls again when a finger moves the other:
    /// the bodies when it moved the card (`moved` nil), the card and the other bodies when it moved body `moved`.
    private mutating func wakeResting(moved: Int?) {
        guard hasGravity else { return }
        if moved != nil, !isHeld, !isAnimating(.position), backendName == "dynamics" {
            let at = layers[cardLayer].position
            move(from: at, velocity: .zero, to: clamped(at))
        }
        for b in bodies.indices where b != moved && !bodies[b].held && !layers.isAnimating(.position, of: bodies[b].layer) {
            moveBody(b, from: layers[bodies[b].layer].position, velocity: .zero)
        }
    }

    // MARK: - The tile

    /// Where body `b` starts in the container now (`tileHome`, inside the walls).
    private func bodyStart(_ b: Int) -> SIMD2<Double> {
        clampedBody(b, Self.tileHome(size: size, side: side, home: home, floor: floor, kind: bodies[b].kind))
    }

    /// `point` moved so the tile as drawn lies inside the walls (`clampedBody(0, point)`).
    func clampedTile(_ point: SIMD2<Double>) -> SIMD2<Double> { clampedBody(0, point) }

    /// `point` moved so body `b` as drawn (turned, its box is wider: `extent(of:)`) lies inside the walls (the field
    /// below the chrome band).
    func clampedBody(_ b: Int, _ point: SIMD2<Double>) -> SIMD2<Double> {
        let half = extent(of: b).x, top = fieldRect.y
        return SIMD2(Swift.min(Swift.max(point.x, half), Swift.max(size.x - half, half)),
                     Swift.min(Swift.max(point.y, top + half), Swift.max(floor - half, top + half)))
    }

    /// Lays body `b` out beside a card of the side now: its side, its corners and its face.
    private mutating func layBody(_ b: Int) {
        let layer = bodies[b].layer, kind = bodies[b].kind, side = Self.bodySide(kind.factor, for: side)
        bodies[b].side = side
        layers[layer].size = SIMD2(side, side)
        layers[layer].cornerRadius = side * 0.24
        layers.removeSublayers(of: layer)
        PlaygroundDecor.addTileFace(to: layer, side: side, icon: kind.icon, color: kind.color, in: &layers)
    }

    /// The walls the tile bounces off: the field (none in a window too small for it).
    private func bounds(of b: Int) -> DynamicsRect? {
        let field = fieldRect
        guard field.width >= bodySide(b), field.height >= bodySide(b) else { return nil }
        return DynamicsRect(x: field.x, y: field.y, width: field.width, height: field.height)
    }

    /// Sets the tile going from `value` with `velocity`, free in UIKit Dynamics (its resistance stops it, the walls
    /// turn it, gravity pulls it while on); at rest there when the velocity is nothing and gravity is off.
    private mutating func moveBody(_ b: Int, from value: SIMD2<Double>, velocity: SIMD2<Double>) {
        let falling = hasGravity && bounds(of: b) != nil
        guard velocity != .zero || falling else {
            _ = layers.removeAnimation(.position, of: bodies[b].layer)
            layers[bodies[b].layer].position = value
            return
        }
        var dynamics = DynamicsBackend(value: value, properties: Self.tileProperties(), itemWidth: bodySide(b),
                                       itemHeight: bodySide(b))
        dynamics.bounds = bounds(of: b)
        dynamics.gravity = falling ? SIMD2(0, 1) : .zero
        dynamics.start(from: value, velocity: velocity, to: value)
        dynamics.detach()
        layers.animate(.position, of: bodies[b].layer, with: .dynamics(dynamics))
    }

    /// A turned tile reaches past the upright box its world meets the walls with (by `extent(of:)`, up to √2 of its
    /// half side): where a turned corner would cross a wall, that corner strikes it as a body's corner does. The tile
    /// is put back inside and, where the corner moves into the wall, takes an impulse there along the wall's normal
    /// (the tile's elasticity above Box2D's bounce threshold; a square's moment of inertia, m·s²/6), which changes its
    /// spin as well as its velocity. Checked after every other move of the frame, so no drawn frame has a corner
    /// past a wall.
    private mutating func strikeWalls(_ b: Int, into reports: inout [SceneEvent]) {
        guard !bodies[b].held, layers.isAnimating(.rotation, of: bodies[b].layer), bounds(of: b) != nil else { return }
        let field = fieldRect
        let half = bodySide(b) / 2
        guard extent(of: b).x > half + 1e-9 else { return }
        let now = layers.presented(.position, of: bodies[b].layer), turn = bodyAngle(b)
        let cosine = Double.cos(turn), sine = Double.sin(turn)
        let corners = [SIMD2(-half, -half), SIMD2(half, -half), SIMD2(half, half), SIMD2(-half, half)].map {
            SIMD2(cosine * $0.x - sine * $0.y, sine * $0.x + cosine * $0.y)
        }
        // Each wall as its inward normal n and offset d: inside where p·n ≥ d.
        let walls = [(SIMD2(1.0, 0), field.x), (SIMD2(-1.0, 0), -field.maxX), (SIMD2(0, 1.0), field.y),
                     (SIMD2(0, -1.0), -field.maxY)]
        var at = now.value, v = now.velocity, w = bodyAngularVelocity(b), struck = false, impact = false
        let sideSquared = bodySide(b) * bodySide(b)
        for (n, d) in walls {
            guard let r = corners.min(by: { ($0 * n).sum() < ($1 * n).sum() }) else { continue }
            let separation = ((at + r) * n).sum() - d
            guard separation < 0 else { continue }
            at = at - separation * n
            struck = true
            // The corner's velocity into the wall, the spin's part included.
            let vn = ((v + w * SIMD2(-r.y, r.x)) * n).sum()
            guard vn < 0 else { continue }
            let rn = r.x * n.y - r.y * n.x
            let bounce = vn < -DynamicsUnits.restitutionThreshold ? Self.tileProperties().elasticity : 0
            // The impulse over the mass: −(1 + e)·vn / (1/m + (r×n)²/I) · 1/m, with I = m·s²/6.
            let impulse = -(1 + bounce) * vn / (1 + 6 * rn * rn / sideSquared)
            impact = true
            v = v + impulse * n
            w += 6 * rn * impulse / sideSquared
        }
        guard struck else { return }
        _ = layers.removeAnimation(.position, of: bodies[b].layer)
        moveBody(b, from: at, velocity: v)
        guard impact else { return }
        spinBody(b, velocity: w)
        reports.append(SceneEvent(.wallStrike, [TraceField(EventField.tileVelocityBefore, .vector(now.velocity)),
                                                TraceField(EventField.tileVelocityAfter, .vector(v)),
                                                TraceField(EventField.angularVelocity, .number(w))]))
    }

    /// The tile spins from the angle it is drawn at with angular velocity `w` (an off-centre impact): it turns on
    /// and settles upright, on the whole turn nearest to where `tileSpinLookAhead` of that spin takes it. The angle
    /// and its velocity carry on from what is drawn (a spin mid-spin adds to it).
    private mutating func spinBody(_ b: Int, velocity w: Double) {
        let from = layers.removeAnimation(.rotation, of: bodies[b].layer).value.x
        let level = ((from + w * Self.tileSpinLookAhead) / (2 * Double.pi)).rounded() * 2 * Double.pi
        let animation = SpringAnimation(parameters: Self.tileSpinSpring, restThreshold: .rotation,
                                        value: AnimatableVector(from, 0), velocity: AnimatableVector(w, 0),
                                        target: AnimatableVector(level, 0))
        layers[bodies[b].layer].rotation = level
        if !animation.isAtRest { layers.animate(.rotation, of: bodies[b].layer, with: .spring(animation)) }
    }

    private mutating func catchBody(_ b: Int, into reports: inout [SceneEvent]) {
        let wasMoving = layers.isAnimating(.position, of: bodies[b].layer)
        let caught = layers.removeAnimation(.position, of: bodies[b].layer)
        bodies[b].held = true
        wakeResting(moved: b)
        bodies[b].grab = caught.value
        grabTranslation = recognizer.translation
        reports.append(SceneEvent(.catch, [TraceField(EventField.object, .string(bodies[b].name)),
                                           TraceField(EventField.position, .vector(caught.value)),
                                           TraceField(EventField.velocityBefore, .vector(caught.velocity)),
                                           TraceField(EventField.wasMoving, .bool(wasMoving))]))
    }

    private mutating func releaseBody(_ b: Int, velocity v: SIMD2<Double>, into reports: inout [SceneEvent]) {
        let from = bodyPosition(b)
        bodies[b].held = false
        moveBody(b, from: from, velocity: v)
        wakeResting(moved: b)
        reports.append(SceneEvent(.panEnded, [TraceField(EventField.object, .string(bodies[b].name)),
                                              TraceField(EventField.velocity, .vector(v)),
                                              TraceField(EventField.position, .vector(from))]))
    }

    /// A tap on the tile flicks it away from the finger (from its centre: up), on top of the velocity it has.
    private mutating func pushBody(_ b: Int, from point: SIMD2<Double>, into reports: inout [SceneEvent]) {
        let now = layers.presented(.position, of: bodies[b].layer)
        bodies[b].held = false
        let away = now.value - point, length = (away * away).sum().squareRoot()
        let v = now.velocity + (length > 1 ? away / length : SIMD2(0, -1)) * Self.pushSpeed
        moveBody(b, from: now.value, velocity: v)
        wakeResting(moved: b)
        reports.append(SceneEvent(.push, [TraceField(EventField.object, .string(bodies[b].name)),
                                          TraceField(EventField.velocity, .vector(v))]))
    }

    /// The card and the tile meet: when their shapes as drawn touch (the card turned and scaled as it is), the
    /// engine's contact solver (`DynamicsWorld.resolveContacts`: restitution 0.6, friction, their masses; a body a
    /// finger holds, or the card at rest, is immovable) says what the impact does to their velocities, and each goes on from where it is
    /// drawn with its new velocity: the card on its backend toward where that velocity takes it, the tile free.
    /// Overlapping bodies are pushed apart in velocity over a frame `step` (none jumps); a card falling onto the tile
    /// comes to rest on it. Positions never jump; velocities turn as in a bounce off a wall.
    private mutating func collide(_ b: Int, step: Double, into reports: inout [SceneEvent]) {
        // Body `b`: the tile, in what follows.
        let tileLayer = bodies[b].layer, tileHeld = bodies[b].held
        guard !(isHeld && tileHeld), step > 0 else { return }
        let tileSide = bodySide(b)
        let cardShape = card, tileNow = layers.presented(.position, of: tileLayer)
        let cardSize = cardShape.scaledHalfSize * 2
        let reach = (cardSize * cardSize).sum().squareRoot() / 2 + tileSide * 0.71 + 4
        let gap = cardShape.rect.center - tileNow.value
        guard (gap * gap).sum() < reach * reach else { return }
        // The tile making way (below) glides on a spring, through nothing it could hit; so does a body settling on
        // the other under gravity (`settleOnTop`).
        if case .spring = layers.animation(.position, of: tileLayer) { return }
        if hasGravity, case .spring = layers.animation(.position, of: cardLayer) { return }
        if !isHeld, !tileHeld, !isAnimating(.position), !layers.isAnimating(.position, of: tileLayer) {
            // Both at rest, one over the other (the card put down on the tile): the tile makes way (with gravity on
            // one may rest on the other: they stay).
            if !hasGravity { makeWay(b) }
            return
        }
        // A tile wedged between a wall and a card that does not give way (held, or at rest where it was put) has no
        // room to bounce into: it would be pushed into the wall and back for ever, and the scene would never rest.
        // It makes way as if both rested, gliding on from the velocity it has.
        if !tileHeld, !hasGravity, isHeld || !isAnimating(.position), wedged(b, at: tileNow.value) {
            makeWay(b, from: tileNow.velocity)
            return
        }
        let cardVelocity = velocity, tileVelocityNow = tileHeld ? bodyVelocity(b) : tileNow.velocity
        var cardProps = Self.tileProperties()
        // A card a finger holds, or one at rest, stays where it was put (seed 004: a lift leaves it where it was
        // caught): the tile bounces off it as off a wall.
        cardProps.density = isHeld || !isAnimating(.position) ? 0 : 100
        var tileProps = Self.tileProperties()
        if tileHeld { tileProps.density = 0 }
        // A free tile turns when hit off-centre (the solver's torque on it); the card's turn is its fingers'.
        tileProps.allowsRotation = !tileHeld
        let tileSpinNow = bodyAngularVelocity(b), tileAngleNow = bodyAngle(b)
        /// The two bodies `ahead` seconds on at their velocities now.
        func pair(ahead: Double) -> (DynamicsWorld, DynamicsItem, DynamicsItem) {
            var world = DynamicsWorld()
            let c = world.addItem(center: cardShape.rect.center + cardVelocity * ahead, width: cardSize.x,
                                  height: cardSize.y, properties: cardProps)
            let t = world.addItem(center: tileNow.value + tileVelocityNow * ahead, width: tileSide, height: tileSide,
                                  properties: tileProps)
            world.setAngle(cardShape.rotation, for: c)
            world.setAngle(tileAngleNow + tileSpinNow * ahead, for: t)
            world.setVelocity(cardVelocity, for: c)
            world.setVelocity(tileVelocityNow, for: t)
            world.setAngularVelocity(tileSpinNow, for: t)
            return (world, c, t)
        }
        // Touching now (pushed apart if they overlap), or about to: where they will be half a frame on, so an impact
        // is drawn at most half a frame's travel early or late, never a whole frame into each other.
        // Resting on each other (nearly still, a few px deep, as gravity leaves them): no push-out, which would only
        // wedge the one below against the floor.
        let relative = cardVelocity - tileVelocityNow
        let resting = (relative * relative).sum() < 30 * 30
        if resting, hasGravity {
            // One landed on the other: the one on top rests there (on it, not in it); nothing pushes either.
            if isAnimating(.position), !isHeld, cardShape.rect.center.y < tileNow.value.y {
                settleOnTop(b, card: true)
            } else if layers.isAnimating(.position, of: tileLayer), !tileHeld, tileNow.value.y < cardShape.rect.center.y {
                settleOnTop(b, card: false)
            }
            return
        }
        var (world, c, t) = pair(ahead: 0)
        // Each impact at its centre of pressure: a tile struck off its centre spins.
        if !world.resolveContacts(pushOut: resting ? nil : step, atCentreOfPressure: true) {
            (world, c, t) = pair(ahead: step / 2)
            guard world.resolveContacts(atCentreOfPressure: true) else { return }
        }
        let newCard = world.velocity(of: c), newTile = world.velocity(of: t)
        let cardTurned = !isHeld && ((newCard - cardVelocity) * (newCard - cardVelocity)).sum() > 1
        let tileTurned = !tileHeld && ((newTile - tileVelocityNow) * (newTile - tileVelocityNow)).sum() > 1
        let newSpin = world.angularVelocity(of: t)
        let tileSpun = !tileHeld && abs(newSpin - tileSpinNow) > 0.05
        guard cardTurned || tileTurned || tileSpun else { return }
        if tileSpun { spinBody(b, velocity: newSpin) }
        if cardTurned {
            let from = layers.removeAnimation(.position, of: cardLayer).value
            if hasGravity, (newCard * newCard).sum() < 100, from.y < tileNow.value.y {
                // Landed on the tile: it rests on it (until the tile moves from under it).
                layers[cardLayer].position = from
                settleOnTop(b, card: true)
            } else {
                move(from: from, velocity: newCard, to: clamped(from + newCard * Self.projectionTime))
            }
        }
        if tileTurned {
            let from = layers.removeAnimation(.position, of: tileLayer).value
            if hasGravity, (newTile * newTile).sum() < 100, from.y < cardShape.rect.center.y {
                // Landed on the card: it rests on it (until the card moves from under it).
                layers[tileLayer].position = from
                settleOnTop(b, card: false)
            } else {
                moveBody(b, from: from, velocity: newTile)
            }
        }
        // An impact a user sees (three times Box2D's bounce threshold, 300 px/s): a flash where they met.
        let approach = ((cardVelocity - tileVelocityNow) * (cardVelocity - tileVelocityNow)).sum().squareRoot()
        if approach > 3 * DynamicsUnits.restitutionThreshold {
            // Between the nearest points of the two boxes.
            let box = cardBox(), half = tileSide / 2
            let onCard = SIMD2(Swift.min(Swift.max(tileNow.value.x, box.x), box.maxX),
                               Swift.min(Swift.max(tileNow.value.y, box.y), box.maxY))
            let onTile = SIMD2(Swift.min(Swift.max(cardShape.rect.center.x, tileNow.value.x - half), tileNow.value.x + half),
                               Swift.min(Swift.max(cardShape.rect.center.y, tileNow.value.y - half), tileNow.value.y + half))
            PlaygroundDecor.flash(spark, at: (onCard + onTile) / 2, in: &layers)
        }
        reports.append(SceneEvent(.collision, [
            TraceField(EventField.object, .string(bodies[b].name)),
            TraceField(EventField.velocityBefore, .vector(cardVelocity)), TraceField(EventField.velocityAfter, .vector(newCard)),
            TraceField(EventField.tileVelocityBefore, .vector(tileVelocityNow)),
            TraceField(EventField.tileVelocityAfter, .vector(newTile)),
        ]))
    }

    /// With gravity off, every touching pair on the field at once (the card and a body, two bodies, a body and a
    /// wall): one contact world a frame (`DynamicsWorld`: the engine's contact solver, restitution 0.6, friction,
    /// masses by area, eight iterations over all the contacts together; a body a finger holds, the card held or at rest and
    /// the walls immovable; the card and the walls never meet in it, the card keeps inside them on its own). Solved
    /// pair by pair, one pair's push undid the last: the card driving the puck onto the tile against the floor drew
    /// the two 48 px into each other. What the solve does to the velocities is handed to each body as `collide` does
    /// (the card on its backend toward where its new velocity takes it, a body free, spinning where struck off its
    /// centre); then whatever is still drawn into another is pushed out in position, every pair together, the
    /// immovable holding (`DynamicsWorld.separate`: Box2D's position solver), so no frame draws one more than a
    /// fraction of a px into another. The card and a body at rest over each other, and a body wedged against a wall by
    /// a card that does not give way, make way as before (`makeWay`), and so does a body the push-out leaves in such a
    /// card; a body gliding on a spring (making way) takes part, passing only the card and a body it is drawn in.
    private mutating func collideAll(step: Double, into reports: inout [SceneEvent]) {
        guard step > 0, mayMeet else { return }
        let cardShape = card, cardSize = cardShape.scaledHalfSize * 2
        let cardReach = (cardSize * cardSize).sum().squareRoot() / 2
        /// Whether body `b` glides on a spring (making way, `makeWay`).
        func gliding(_ b: Int) -> Bool {
            guard layers.isAnimating(.position, of: bodies[b].layer) else { return false }
            if case .spring = layers.animation(.position, of: bodies[b].layer) { return true }
            return false
        }
        var joins = Array(repeating: true, count: bodies.count)
        for b in bodies.indices where !gliding(b) && !bodies[b].held {
            let now = layers.presented(.position, of: bodies[b].layer), gap = cardShape.rect.center - now.value
            let reach = cardReach + bodySide(b) * 0.71 + 4
            guard (gap * gap).sum() < reach * reach else { continue }
            if !isHeld, !isAnimating(.position), !layers.isAnimating(.position, of: bodies[b].layer) {
                // Both at rest, one over the other (the card put down on the body): the body makes way.
                makeWay(b)
            } else if isHeld || !isAnimating(.position), wedged(b, at: now.value) {
                // Wedged between a wall and a card that does not give way: no room to be pushed into. The bodies under
                // a card pinched over them glide out together (`makeWay`), not pushed into each other.
                makeWay(b, from: now.velocity)
            } else {
                continue
            }
            if !gliding(b), Self.overlap(cardBox(), bodyBox(b, at: bodyPosition(b))) { joins[b] = false }
        }
        // A body gliding out from under the card (making way) passes the card it lies in (and the walls: its glide
        // ends inside them), but meets the other bodies and a card it is clear of as any body does: left out, it
        // glided through the other body pushed out with it from under a pinched card, and up through a card come to
        // rest on it. What meets it takes it off its spring (`hand`, or pushed out in position below).
        // Nor does it meet a body it is drawn over (the one it makes way for: two bodies left over each other are
        // parted by one gliding out, the other staying where it was): the two share a negative group.
        var groups = bodies.indices.map { b in
            gliding(b) && Self.overlap(cardBox(), bodyBox(b, at: bodyPosition(b))) ? -1 : 0
        }
        for b in bodies.indices where gliding(b) && groups[b] == 0 {
            for o in bodies.indices where o != b && joins[o]
                && Self.overlap(bodyBox(b, at: bodyPosition(b)), bodyBox(o, at: bodyPosition(o))) {
                if groups[o] == 0 || groups[o] == -2 - b {
                    groups[o] = -2 - b
                    groups[b] = -2 - b
                } else {
                    joins[b] = false
                }
            }
        }
        let cardMovable = !isHeld && isAnimating(.position)
        let moves = bodies.indices.map { joins[$0] && (bodies[$0].held || layers.isAnimating(.position, of: bodies[$0].layer)) }
        // Nothing to solve unless something moving (or held) comes within reach of something else.
        func near(_ a: SIMD2<Double>, _ reachA: Double, _ b: SIMD2<Double>, _ reachB: Double) -> Bool {
            let gap = a - b, reach = reachA + reachB + 4
            return (gap * gap).sum() < reach * reach
        }
        let cardMoves = isHeld || isAnimating(.position)
        let anyNear = bodies.indices.contains { b in
            guard joins[b] else { return false }
            let at = bodyPosition(b), reach = bodySide(b) * 0.71
            if (cardMoves || moves[b]) && near(cardShape.rect.center, cardReach, at, reach) { return true }
            return bodies.indices.contains { o in
                o > b && joins[o] && (moves[b] || moves[o]) && near(at, reach, bodyPosition(o), bodySide(o) * 0.71)
            }
        }
        guard anyNear else { return }
        let velocities = (card: velocity, bodies: bodies.indices.map { bodyVelocity($0) })
        let spins = bodies.indices.map { bodyAngularVelocity($0) }
        // Nor unless two of them can touch in the world below: their boxes as drawn (turned), swept over the half
        // frame the world looks ahead, within the distance at which the solver makes a contact (its two skins). Where
        // none can, the world finds no pair but a body and a wall (the body's own backend's), hands nothing out and
        // pushes nothing: the same frame, without building the world three times (the circle above is wider: the card
        // settling 18 px above the puck, look29x's autoplay's third stop at 800x600, built it on every such frame).
        let half = step / 2, contact = DynamicsWorld.contactDistance + 1
        let cardNow = cardBox(margin: contact / 2)
        let cardSwept = cardNow.union(cardNow.offsetBy(velocities.card * half))
        let bodySwept = bodies.indices.map { b -> DrawRect in
            // A spinning body turns over the half frame: its box around any turn.
            let reach = spins[b] == 0 ? extent(of: b).x : bodySide(b) / 2 * 2.0.squareRoot()
            let now = DrawRect(origin: bodyPosition(b) - reach - contact / 2, size: SIMD2(repeating: 2 * reach + contact))
            return now.union(now.offsetBy(velocities.bodies[b] * half))
        }
        let canTouch = bodies.indices.contains { b in
            guard joins[b] else { return false }
            if (cardMoves || moves[b]) && Self.overlap(cardSwept, bodySwept[b]) { return true }
            return bodies.indices.contains { o in
                o > b && joins[o] && (moves[b] || moves[o]) && Self.overlap(bodySwept[b], bodySwept[o])
            }
        }
        guard canTouch else { return }
        /// The field `ahead` seconds on at the velocities now; `rotating`: free bodies turn (the velocity solve).
        func world(ahead: Double, rotating: Bool) -> (DynamicsWorld, DynamicsItem, [DynamicsItem?], Range<Int>) {
            var world = DynamicsWorld()
            // A stack's push travels one contact an iteration: the floor's reaches a card two bodies up in a few, and
            // Box2D's eight left the row of three in `DynamicsSeparateTests` closing at 900 px/s; 40 settle it.
            world.velocityIterations = Self.contactIterations
            var props = Self.tileProperties()
            props.density = cardMovable ? 100 : 0
            let c = world.addItem(center: cardShape.rect.center + velocities.card * ahead, width: cardSize.x,
                                  height: cardSize.y, properties: props)
            world.setAngle(cardShape.rotation, for: c)
            world.setVelocity(velocities.card, for: c)
            world.setCollisionGroup(-1, for: c)
            let items = bodies.indices.map { b -> DynamicsItem? in
                guard joins[b] else { return nil }
                var props = Self.tileProperties()
                props.density = bodies[b].held ? 0 : 100
                props.allowsRotation = rotating && !bodies[b].held
                let i = world.addItem(center: bodyPosition(b) + velocities.bodies[b] * ahead, width: bodySide(b),
                                      height: bodySide(b), properties: props)
                world.setAngle(bodyAngle(b) + spins[b] * ahead, for: i)
                world.setVelocity(velocities.bodies[b], for: i)
                if rotating { world.setAngularVelocity(spins[b], for: i) }
                if groups[b] != 0 { world.setCollisionGroup(groups[b], for: i) }
                return i
            }
            // The walls: the field's, immovable, each a slab as deep as the window is large. For the velocities its
            // face is out by what Box2D leaves between touching boxes (their skins less a slop), so a body sliding
            // along a wall is not taken off it; pushed out in position, a body ends inside the field (1.5 px off the
            // wall), not 1.5 px past it, where the wall then pushed it back into the card.
            let field = fieldRect, deep = Swift.max(size.x, size.y)
            let out = rotating ? 2 * DynamicsUnits.linearSlop * 2 - DynamicsUnits.linearSlop : 0
            var wall = Self.tileProperties()
            wall.density = 0
            wall.friction = 0
            let first = 1 + items.compactMap { $0 }.count
            for (center, extent) in [
                (SIMD2(field.x - out - deep / 2, field.center.y), SIMD2(deep, field.height + 2 * deep)),
                (SIMD2(field.maxX + out + deep / 2, field.center.y), SIMD2(deep, field.height + 2 * deep)),
                (SIMD2(field.center.x, field.y - out - deep / 2), SIMD2(field.width + 2 * deep, deep)),
                (SIMD2(field.center.x, field.maxY + out + deep / 2), SIMD2(field.width + 2 * deep, deep)),
            ] {
                let w = world.addItem(center: center, width: extent.x, height: extent.y, properties: wall)
                world.setCollisionGroup(-1, for: w)
            }
            return (world, c, items, first..<first + 4)
        }
        /// The touching pairs other than a body and a wall (a wall alone is the body's own backend's).
        func meetings(_ world: DynamicsWorld, walls: Range<Int>) -> [(DynamicsItem, DynamicsItem)] {
            world.touchingPairs.filter { !walls.contains($0.0.index) && !walls.contains($0.1.index) }
        }
        // Touching now, or about to: where they will be half a frame on, so an impact is drawn at most half a
        // frame's travel early or late.
        var (solved, c, items, walls) = world(ahead: 0, rotating: true)
        _ = solved.resolveContacts(atCentreOfPressure: true)
        var met = meetings(solved, walls: walls)
        if met.isEmpty {
            (solved, c, items, walls) = world(ahead: step / 2, rotating: true)
            _ = solved.resolveContacts(atCentreOfPressure: true)
            met = meetings(solved, walls: walls)
        }
        if !met.isEmpty { hand(solved, card: c, items: items, met: met, before: velocities, spins: spins, into: &reports) }
        // Whatever is still drawn into another is pushed out, every pair together.
        var placed = world(ahead: 0, rotating: false)
        let overlaps = placed.0.overlaps()
        let deepest = overlaps.filter { !placed.3.contains($0.0.index) && !placed.3.contains($0.1.index) }
            .map(\.2).max() ?? 0
        guard deepest > 0.25 else { return }
        if placed.0.separate() > 0.5, !cardMovable {
            // No room to push them out: a card that does not give way (held, or at rest where it was put) pressing a
            // body against a wall or the others (a card pinched over two bodies). Nothing is pushed (pushed, they
            // were squeezed into each other); each body left in the card makes way, gliding on from the velocity it
            // has, as a wedged one does.
            for (i, j, depth) in overlaps where depth > 0.5 && i == placed.1 {
                guard let b = placed.2.firstIndex(where: { $0 == j }), !bodies[b].held,
                      !layers.isAnimating(.position, of: bodies[b].layer) || layers.animation(.position, of: bodies[b].layer)
                        .map({ if case .spring = $0 { false } else { true } }) ?? true else { continue }
                makeWay(b, from: layers.presented(.position, of: bodies[b].layer).velocity)
            }
            return
        }
        if cardMovable {
            // Kept inside the window (the card and the walls do not meet in the world): pushed past an edge, it stops
            // at it.
            let raw = placed.0.position(of: placed.1), centre = cardShape.rect.center
            let to = clamped(centre) == centre ? clamped(raw) : raw
            if ((to - centre) * (to - centre)).sum() > 1e-12 {
                let goal = layers[cardLayer].position, now = layers.removeAnimation(.position, of: cardLayer)
                move(from: to, velocity: now.velocity, to: clamped(goal + to - now.value))
            }
        }
        for b in bodies.indices where !bodies[b].held {
            guard let i = placed.2[b] else { continue }
            let to = placed.0.position(of: i), at = bodyPosition(b)
            guard ((to - at) * (to - at)).sum() > 1e-12 else { continue }
            let now = layers.removeAnimation(.position, of: bodies[b].layer)
            moveBody(b, from: to, velocity: now.velocity)
        }
    }

    /// Velocity iterations of `collideAll`'s contact world (Box2D's default is 8).
    static let contactIterations = 40

    /// What `collideAll`'s solve did to the velocities, handed to the card and each body (`met`: the touching pairs
    /// of `world`, the card `card` and the bodies `items`), with a `collision` event for each pair where one changed
    /// and a flash where the fastest met.
    private mutating func hand(_ world: DynamicsWorld, card c: DynamicsItem, items: [DynamicsItem?],
                               met: [(DynamicsItem, DynamicsItem)], before: (card: SIMD2<Double>, bodies: [SIMD2<Double>]),
                               spins: [Double], into reports: inout [SceneEvent]) {
        func changed(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool { ((a - b) * (a - b)).sum() > 1 }
        let newCard = world.velocity(of: c)
        let cardTurned = !isHeld && isAnimating(.position) && changed(newCard, before.card)
        var turned = Array(repeating: false, count: bodies.count)
        for b in bodies.indices where !bodies[b].held {
            guard let i = items[b] else { continue }
            let v = world.velocity(of: i), w = world.angularVelocity(of: i)
            if abs(w - spins[b]) > 0.05 {
                spinBody(b, velocity: w)
                turned[b] = true
            }
            guard changed(v, before.bodies[b]) else { continue }
            let from = layers.removeAnimation(.position, of: bodies[b].layer).value
            moveBody(b, from: from, velocity: v)
            turned[b] = true
        }
        if cardTurned {
            let from = layers.removeAnimation(.position, of: cardLayer).value
            move(from: from, velocity: newCard, to: clamped(from + newCard * Self.projectionTime))
        }
        /// The body of item `i`, or nil for the card.
        func body(_ i: DynamicsItem) -> Int? { items.firstIndex { $0 == i } }
        /// Where body `a` (nil: the card) and body `b` meet: between the nearest points of the card's box and the
        /// body's, or midway between two bodies.
        func meeting(_ a: Int?, _ b: Int?) -> SIMD2<Double> {
            guard let b = a == nil ? b : b == nil ? a : nil else {
                return ((a.map { bodyPosition($0) } ?? position) + (b.map { bodyPosition($0) } ?? position)) / 2
            }
            let box = cardBox(), at = bodyPosition(b), half = bodySide(b) / 2, centre = position
            let onCard = SIMD2(Swift.min(Swift.max(at.x, box.x), box.maxX), Swift.min(Swift.max(at.y, box.y), box.maxY))
            let onBody = SIMD2(Swift.min(Swift.max(centre.x, at.x - half), at.x + half),
                               Swift.min(Swift.max(centre.y, at.y - half), at.y + half))
            return (onCard + onBody) / 2
        }
        var fastest: (speed: Double, at: SIMD2<Double>)?
        for (i, j) in met {
            let (a, b) = (body(i), body(j))
            guard a.map({ turned[$0] }) ?? cardTurned || b.map({ turned[$0] }) ?? cardTurned else { continue }
            let va = a.map { before.bodies[$0] } ?? before.card, vb = b.map { before.bodies[$0] } ?? before.card
            let speed = ((va - vb) * (va - vb)).sum().squareRoot()
            if speed > fastest?.speed ?? 0 { fastest = (speed, meeting(a, b)) }
            // The card first (its velocities as `velocity`), then a body, as one pair's event always read.
            let (first, second) = a == nil ? (i, j) : b == nil ? (j, i) : (i, j)
            let name = [first, second].compactMap(body).map { bodies[$0].name }.joined(separator: "+")
            let v = { (k: DynamicsItem) in body(k).map { before.bodies[$0] } ?? before.card }
            reports.append(SceneEvent(.collision, [
                TraceField(EventField.object, .string(name)),
                TraceField(EventField.velocityBefore, .vector(v(first))),
                TraceField(EventField.velocityAfter, .vector(world.velocity(of: first))),
                TraceField(EventField.tileVelocityBefore, .vector(v(second))),
                TraceField(EventField.tileVelocityAfter, .vector(world.velocity(of: second))),
            ]))
        }
        // An impact a user sees (three times Box2D's bounce threshold, 300 px/s): a flash where they met.
        if let fastest, fastest.speed > 3 * DynamicsUnits.restitutionThreshold {
            PlaygroundDecor.flash(spark, at: fastest.at, in: &layers)
        }
    }

    /// Whether `collideAll` may do anything this frame: a body gliding out of the way (`makeWay`), a body within
    /// the card's reach (its half diagonal as drawn, the body's 0.71 of its side and 4 px: where `collideAll` parts
    /// or unwedges it, or sees it near), or two bodies within each other's reach with one of them moving or held.
    /// Else `collideAll` returns having done nothing, and this says so first from what is drawn now alone: no array
    /// made, no copy of the card's layer (most frames: the card flying clear of the bodies at rest; the six arrays
    /// `collideAll` made before it found nothing near were a third of a playground frame's advance).
    private var mayMeet: Bool {
        let centre = position, drawn = layers.presented(.size, of: cardLayer).value * Swift.max(scale, 0)
        let cardReach = (drawn * drawn).sum().squareRoot() / 2
        func near(_ a: SIMD2<Double>, _ reachA: Double, _ b: SIMD2<Double>, _ reachB: Double) -> Bool {
            let gap = a - b, reach = reachA + reachB + 4
            return (gap * gap).sum() < reach * reach
        }
        for b in bodies.indices {
            // Whether it animates first (a look-up in place): the animation itself is read (a copy, through the
            // animator's generic subscript) only for one that does, not for each body at rest each frame (that
            // copy was most of this check's cost).
            let animating = layers.isAnimating(.position, of: bodies[b].layer)
            if animating, case .spring = layers.animation(.position, of: bodies[b].layer) { return true }
            let at = bodyPosition(b), reach = bodySide(b) * 0.71
            if near(centre, cardReach, at, reach) { return true }
            let moves = bodies[b].held || animating
            for o in bodies.indices where o > b {
                guard moves || bodies[o].held || layers.isAnimating(.position, of: bodies[o].layer) else { continue }
                if near(at, reach, bodyPosition(o), bodySide(o) * 0.71) { return true }
            }
        }
        return false
    }

    /// Two bodies meet: as `collide` for the card and a body, the contact solver says what the impact does to their
    /// velocities (restitution 0.6, friction, their masses by area; one a finger holds is immovable), each spins as
    /// struck off its centre, and each free one goes on from where it is drawn with its new velocity. Overlapping,
    /// they are pushed apart in velocity over the frame `step`; under gravity one landed on the other rests on it.
    /// Two at rest, and one gliding on a spring (making way, settling), are left alone: a field at rest costs a
    /// comparison a pair.
    private mutating func collide(_ a: Int, _ b: Int, step: Double, into reports: inout [SceneEvent]) {
        let held = (bodies[a].held, bodies[b].held)
        let moving = (layers.isAnimating(.position, of: bodies[a].layer), layers.isAnimating(.position, of: bodies[b].layer))
        guard step > 0, !(held.0 && held.1), moving.0 || moving.1 || held.0 || held.1 else { return }
        let at = (bodyPosition(a), bodyPosition(b)), sides = (bodySide(a), bodySide(b))
        let reach = (sides.0 + sides.1) * 0.71 + 4, gap = at.0 - at.1
        guard (gap * gap).sum() < reach * reach else { return }
        if case .spring = layers.animation(.position, of: bodies[a].layer) { return }
        if case .spring = layers.animation(.position, of: bodies[b].layer) { return }
        let v = (bodyVelocity(a), bodyVelocity(b)), spin = (bodyAngularVelocity(a), bodyAngularVelocity(b))
        let relative = v.0 - v.1
        let resting = (relative * relative).sum() < 30 * 30
        if resting, hasGravity {
            // One landed on the other: the one on top rests there, moving no more until the other moves.
            let (upper, lower) = at.0.y < at.1.y ? (a, b) : (b, a)
            if !bodies[upper].held, layers.isAnimating(.position, of: bodies[upper].layer) { settle(upper, on: lower) }
            return
        }
        func world(ahead: Double) -> (DynamicsWorld, DynamicsItem, DynamicsItem) {
            var world = DynamicsWorld()
            var props = (Self.tileProperties(), Self.tileProperties())
            props.0.density = held.0 ? 0 : 100
            props.1.density = held.1 ? 0 : 100
            props.0.allowsRotation = !held.0
            props.1.allowsRotation = !held.1
            let i = world.addItem(center: at.0 + v.0 * ahead, width: sides.0, height: sides.0, properties: props.0)
            let j = world.addItem(center: at.1 + v.1 * ahead, width: sides.1, height: sides.1, properties: props.1)
            world.setAngle(bodyAngle(a) + spin.0 * ahead, for: i)
            world.setAngle(bodyAngle(b) + spin.1 * ahead, for: j)
            world.setVelocity(v.0, for: i)
            world.setVelocity(v.1, for: j)
            world.setAngularVelocity(spin.0, for: i)
            world.setAngularVelocity(spin.1, for: j)
            return (world, i, j)
        }
        // Touching now (pushed apart if they overlap), or half a frame on, as `collide` looks.
        var (solved, i, j) = world(ahead: 0)
        if !solved.resolveContacts(pushOut: resting ? nil : step, atCentreOfPressure: true) {
            (solved, i, j) = world(ahead: step / 2)
            guard solved.resolveContacts(atCentreOfPressure: true) else { return }
        }
        let after = (solved.velocity(of: i), solved.velocity(of: j))
        let newSpin = (solved.angularVelocity(of: i), solved.angularVelocity(of: j))
        var changed = false
        for (body, before, new, w0, w) in [(a, v.0, after.0, spin.0, newSpin.0), (b, v.1, after.1, spin.1, newSpin.1)]
        where !bodies[body].held {
            if abs(w - w0) > 0.05 {
                spinBody(body, velocity: w)
                changed = true
            }
            guard ((new - before) * (new - before)).sum() > 1 else { continue }
            let from = layers.removeAnimation(.position, of: bodies[body].layer).value
            moveBody(body, from: from, velocity: new)
            changed = true
        }
        guard changed else { return }
        if (relative * relative).sum().squareRoot() > 3 * DynamicsUnits.restitutionThreshold {
            PlaygroundDecor.flash(spark, at: (at.0 + at.1) / 2, in: &layers)
        }
        reports.append(SceneEvent(.collision, [
            TraceField(EventField.object, .string(bodies[a].name + "+" + bodies[b].name)),
            TraceField(EventField.velocityBefore, .vector(v.0)), TraceField(EventField.velocityAfter, .vector(after.0)),
            TraceField(EventField.tileVelocityBefore, .vector(v.1)), TraceField(EventField.tileVelocityAfter, .vector(after.1)),
        ]))
    }

    /// With gravity on, body `upper` landed on body `lower` glides (as `settleOnTop`) to lie on its top edge.
    private mutating func settle(_ upper: Int, on lower: Int) {
        let now = layers.removeAnimation(.position, of: bodies[upper].layer)
        let spot = SIMD2(now.value.x, bodyPosition(lower).y - extent(of: lower).y - extent(of: upper).y)
        let glide = SpringAnimation(parameters: Self.settleSpring, value: now.value, velocity: now.velocity, target: spot)
        layers[bodies[upper].layer].position = spot
        if !glide.isAtRest { layers.animate(.position, of: bodies[upper].layer, with: .spring(glide)) }
    }

    /// With gravity on, the card (`card`) or the tile come to rest on the other: each body moves on its own
    /// animation and meets the other a frame at a time, so the one on top lands up to a few px into the one below.
    /// From where it is drawn, with the velocity it has, it glides (a critically damped 0.2 s spring, nothing jumps)
    /// to lie exactly on the other's top edge, its x kept, and rests there.
    private mutating func settleOnTop(_ b: Int, card: Bool) {
        let body = card ? cardLayer : bodies[b].layer
        let now = layers.removeAnimation(.position, of: body)
        let tileHalf = extent(of: b), box = cardBox()
        let spot = card ? SIMD2(now.value.x, bodyPosition(b).y - tileHalf.y - box.height / 2)
            : SIMD2(now.value.x, box.y - tileHalf.y)
        let glide = SpringAnimation(parameters: Self.settleSpring, value: now.value, velocity: now.velocity, target: spot)
        layers[body].position = spot
        if !glide.isAtRest { layers.animate(.position, of: body, with: .spring(glide)) }
    }

    /// The glide onto the other body under gravity: response 0.2 s, critically damped.
    static let settleSpring = SpringParameters(response: 0.2, dampingRatio: 1)

    /// Half body `b`'s box as drawn (around its turned shape).
    private func extent(of b: Int) -> SIMD2<Double> {
        let angle = bodyAngle(b), half = bodySide(b) / 2
        let c = abs(Double.cos(angle)), s = abs(Double.sin(angle))
        return SIMD2(repeating: (c + s) * half)
    }

    /// The card's box as drawn (around its turned, scaled shape) widened by `margin`.
    private func cardBox(margin: Double = 0) -> DrawRect {
        let shape = card, half = shape.scaledHalfSize
        let c = abs(Double.cos(shape.rotation)), s = abs(Double.sin(shape.rotation))
        let extent = SIMD2(c * half.x + s * half.y, s * half.x + c * half.y) + margin
        return DrawRect(origin: shape.rect.center - extent, size: 2 * extent)
    }

    /// Whether two rects share any area.
    private static func overlap(_ a: DrawRect, _ b: DrawRect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    /// Whether the tile at `at` is pressed into the card (over a px deep) within 8 px of a wall (it bounces off the
    /// wall within a frame: under weston it was seen 2 px off it, 25 px into the card, every frame).
    private func wedged(_ b: Int, at: SIMD2<Double>) -> Bool {
        let into = Self.overlap(cardBox(margin: -1), bodyBox(b, at: at))
        let nudges = [SIMD2(8.0, 0), SIMD2(-8.0, 0), SIMD2(0, 8.0), SIMD2(0, -8.0)]
        return into && nudges.contains { clampedBody(b, at + $0) != at + $0 }
    }

    /// Where each body other than `b` is drawn and goes (one box over the stretch between; where it is drawn, at
    /// rest), those `b` lies on at `at` aside (it is being parted from them), and those at rest only with `resting`.
    private func otherPaths(_ b: Int, from at: SIMD2<Double>, resting: Bool) -> [DrawRect] {
        let tile = bodyBox(b, at: at)
        return bodies.indices.filter { o in
            o != b && !Self.overlap(bodyBox(o, at: bodyPosition(o)), tile)
                && (resting || bodies[o].held || layers.isAnimating(.position, of: bodies[o].layer))
        }.map { bodyBox($0, at: bodyPosition($0)).union(bodyBox($0, at: layers[bodies[$0].layer].position)) }
    }

    /// The first of `paths` that a body gliding from `tile` to `there` would cross, or come to rest within 8 px of.
    private static func blocked(_ there: DrawRect, from tile: DrawRect, by paths: [DrawRect]) -> DrawRect? {
        let glide = tile.union(there)
        return paths.first { overlap($0.insetBy(-8), there) || overlap($0, glide) }
    }

    /// The tile at rest under the card at rest (or wedged against it, moving at `velocity`), or under another body
    /// at rest (`box`: what it makes way for, 8 px wider), glides (the position spring, from that velocity) to the
    /// nearest place beside it inside the walls, and not onto the card or another body where there is another way:
    /// nothing jumps, and the card or the body stays where it was put. A body gliding or held counts where it is
    /// drawn and where it goes, and a place past it is looked for (the card pinched over two bodies sent both making
    /// way at once, the puck to where the tile went: they glided into each other); a body at rest in the way is
    /// pushed ahead, gliding with it to lie beyond it (the two pushed out together).
    private mutating func makeWay(_ b: Int, from velocity: SIMD2<Double> = .zero, around box: DrawRect? = nil) {
        let card = cardBox(margin: 8), box = box ?? card, half = bodySide(b) / 2
        let at = layers.isAnimating(.position, of: bodies[b].layer) ? layers.presented(.position, of: bodies[b].layer).value
            : layers[bodies[b].layer].position
        let tile = bodyBox(b, at: at)
        guard Self.overlap(box, tile) else { return }
        // The others it does not lie on now: those at rest, which it pushes ahead, and those gliding or held, which
        // it keeps off (`blocked`).
        let resting = bodies.indices.filter {
            $0 != b && !bodies[$0].held && !layers.isAnimating(.position, of: bodies[$0].layer)
                && !Self.overlap(bodyBox($0, at: bodyPosition($0)), tile)
        }
        // Not across the card either, where the body is not drawn in it: parted from another body, it glided up
        // through the card resting on the two; come to rest 2.7 px below the card in a corner (within the 8 px the
        // card is kept clear by), the puck glided up through it.
        let paths = otherPaths(b, from: at, resting: false) + (Self.overlap(cardBox(), tile) ? [] : [cardBox()])
        func blocked(_ spot: SIMD2<Double>) -> DrawRect? { Self.blocked(bodyBox(b, at: spot), from: tile, by: paths) }
        // On whole px (as its surface is placed), rounded away from the card; past a gliding body in the way.
        let x = at.x.rounded(), y = at.y.rounded()
        func beyond(_ start: SIMD2<Double>, _ past: (DrawRect) -> SIMD2<Double>) -> SIMD2<Double> {
            var spot = start
            for _ in paths.indices {
                guard let other = blocked(spot) else { break }
                spot = past(other.insetBy(-8))
            }
            return spot
        }
        let spots = [beyond(SIMD2((box.x - half).rounded(.down), y)) { SIMD2(($0.x - half).rounded(.down), y) },
                     beyond(SIMD2((box.maxX + half).rounded(.up), y)) { SIMD2(($0.maxX + half).rounded(.up), y) },
                     beyond(SIMD2(x, (box.y - half).rounded(.down))) { SIMD2(x, ($0.y - half).rounded(.down)) },
                     beyond(SIMD2(x, (box.maxY + half).rounded(.up))) { SIMD2(x, ($0.maxY + half).rounded(.up)) }]
            .map { clampedBody(b, $0) }.filter {
            !Self.overlap(box, bodyBox(b, at: $0))
        }
        /// The bodies at rest in the glide to `spot`, each with where it is pushed to (nil: it has no room there).
        func pushed(to spot: SIMD2<Double>) -> [(Int, SIMD2<Double>?)] {
            let there = bodyBox(b, at: spot).insetBy(-8), glide = tile.union(bodyBox(b, at: spot))
            return resting.filter { Self.overlap(bodyBox($0, at: bodyPosition($0)), glide) }.map { o in
                let p = bodyPosition(o), h = bodySide(o) / 2, way = spot - at
                let ahead = abs(way.x) > abs(way.y)
                    ? SIMD2(way.x < 0 ? (there.x - h).rounded(.down) : (there.maxX + h).rounded(.up), p.y)
                    : SIMD2(p.x, way.y < 0 ? (there.y - h).rounded(.down) : (there.maxY + h).rounded(.up))
                return (o, clampedBody(o, ahead) == ahead && !Self.overlap(card, bodyBox(o, at: ahead)) ? ahead : nil)
            }
        }
        // Never onto or across a gliding body, nor pushing one at rest where it has no room (with none such it stays
        // where it is, until the card or the body moves); and not onto the card, nor onto the legend's lines or the
        // hint (the tile would only glide off them again), where there is another way: the free places first.
        let free = spots.filter { blocked($0) == nil && !pushed(to: $0).contains { $0.1 == nil } }
        let apart = free.filter { !Self.overlap(card, bodyBox(b, at: $0)) }
        let text = hasGravity ? [] : (decor.legendBox(in: layers).map { [$0] } ?? []) + hintBoxes
        let clear = apart.filter { spot in !text.contains { Self.overlap($0, bodyBox(b, at: spot)) } }
        let choices = clear.isEmpty ? apart.isEmpty ? free : apart : clear
        guard let spot = choices.min(by: { ($0 - at).lengthSquared < ($1 - at).lengthSquared }) else { return }
        for case let (o, ahead?) in pushed(to: spot) { glide(o, from: bodyPosition(o), velocity: .zero, to: ahead) }
        glide(b, from: at, velocity: velocity, to: spot)
    }

    /// Body `b` glides on the position spring from `value` at `velocity` to `spot`.
    private mutating func glide(_ b: Int, from value: SIMD2<Double>, velocity: SIMD2<Double>, to spot: SIMD2<Double>) {
        layers.animate(.position, of: bodies[b].layer, with: .spring(SpringAnimation(parameters: Self.positionSpring,
                                                                               value: value, velocity: velocity,
                                                                               target: spot)))
    }

    /// `--autoplay`: at rest and not touched, sends the card round four points of the container in turn, as if
    /// flicked toward each (its velocity points there), on the position backend.
    public mutating func autoplay() -> Bool {
        guard !needsFrames, !isHeld, !recognizer.isActive else { return false }
        // Down the right side to the middle's height, beside the puck (low on the right) rather than onto it (sent to
        // (0.7, 0.65) the card landed on it each lap: 22 collisions in 6 s at 800x600 against the tile's 6 alone),
        // then down left onto the tile. The third stop is left of every body lying right of the card's home (16 px
        // between their boxes), so the last leg, a straight line down to the left, passes clear of it: from above the
        // puck (0.7 across) that leg grazed its corner at 800x600, and the card, turned back right off the tile, drove
        // it into the wall (7 collisions and their flashes in as many frames; the base's lap knocks the tile alone).
        // So is the second where the card there would lie level with it (at 720x360 the card fills most of the
        // field's height: sent to 0.7 across, it came down on the puck).
        var corners: [SIMD2<Double>] = [SIMD2(0.3, 0.35), SIMD2(0.7, 0.35), SIMD2(0.7, 0.5), SIMD2(0.3, 0.65)]
        for b in bodies.indices where bodies[b].kind.across == nil {
            let at = layers[bodies[b].layer].position, reach = bodySide(b) / 2 + 16 + side / 2
            let clear = (at.x - reach) / size.x
            corners[2].x = Swift.max(0.5, Swift.min(corners[2].x, clear))
            if abs(clamped(corners[1] * size).y - at.y) < reach { corners[1].x = Swift.max(0.5, Swift.min(corners[1].x, clear)) }
        }
        let goal = clamped(corners[autoplayNext % corners.count] * size)
        autoplayNext += 1
        let from = layers[cardLayer].position
        move(from: from, velocity: (goal - from) * 2, to: goal)
        syncDecorations()
        return true
    }

    /// Starts a scalar spring (scale or rotation, animated in x) on the card.
    private mutating func spring(_ property: LayerProperty, parameters: SpringParameters, threshold: RestThreshold,
                                 from value: Double, velocity: Double, to goal: Double) {
        let animation = SpringAnimation(parameters: parameters, restThreshold: threshold, value: AnimatableVector(value, 0),
                                        velocity: AnimatableVector(velocity, 0), target: AnimatableVector(goal, 0))
        if animation.isAtRest { property.set(SIMD2(goal, 0), on: &layers[cardLayer]) }
        else { layers.animate(property, of: cardLayer, with: .spring(animation)) }
    }

    /// While held, the fingers own the card's model position: it follows their translation 1:1 (pinched, no
    /// larger than `pinchLimit`).
    private mutating func followFingers() {
        if isHeld {
            layers[cardLayer].position = grabPosition + recognizer.translation - grabTranslation + SIMD2(0, pinchShift)
        }
        limitPinch()
        // A body stays inside the walls it bounces off: dragged against one, it stops there.
        for b in bodies.indices where bodies[b].held {
            layers[bodies[b].layer].position = clampedBody(b, bodies[b].grab + recognizer.translation - grabTranslation)
        }
    }

    /// The ring at the target and the line from it to the card show while the position animates toward it (not
    /// while the card falls free); the walls light on the dynamics backend; the shadow lifts while the card is held.
    private mutating func syncDecorations() {
        let moving = !isHeld && isAnimating(.position)
        decor.update(in: &layers, target: layers[cardLayer].position, position: position,
                     pulled: moving && !hasGravity, walled: backendName == "dynamics" && collisionBounds != nil,
                     falling: hasGravity, backend: backendName)
        layers[cardLayer].shadow = DropShadow(blurRadius: isHeld ? 30 : 18, offset: SIMD2(0, isHeld ? 10 : 4))
    }

    /// The largest scale the fingers may pinch the card to, turned as it is: as tall (as drawn) as the field, from
    /// the dock's top edge to the chrome band; 1 in a field no taller than the card.
    var pinchLimit: Double {
        Swift.max(1, fieldRect.height / (2 * turnedHalfHeight(rotation: layers[cardLayer].rotation)))
    }

    /// Half the height of the unscaled card's box turned by `rotation`.
    private func turnedHalfHeight(rotation: Double) -> Double {
        (abs(Double.cos(rotation)) + abs(Double.sin(rotation))) * side / 2
    }

    /// The pinched card never grows over the dock: no larger than `pinchLimit`, and where what its scale and turn
    /// add to the upright card at 1× would reach over the field's floor (the dock's top edge), or over its top (the
    /// chrome band), that edge pushes it back in by that much, as a wall would (the floor first, in a field too short
    /// for the turned card). The push is the same for the same fingers (`pinchShift`, from where they alone would put
    /// the card), and when the pinch ends it becomes part of the fingers' hold (nothing jumps when they let go). A
    /// card a finger dragged over the dock at 1× is not pushed past where it was; a moving card (a touchpad's pinch
    /// while it slides) grows no further than the room under it. Before, a card resting on the floor and pinched to
    /// 2× reached half its side into the dock.
    private mutating func limitPinch() {
        guard scaleHeld else { return }
        let limit = pinchLimit
        if layers[cardLayer].scale > limit { layers[cardLayer].scale = limit }
        let model = layers[cardLayer], reach = turnedHalfHeight(rotation: model.rotation) * model.scale
        if isAnimating(.position) {
            let room = Swift.max(1, (floor - position.y) / turnedHalfHeight(rotation: model.rotation))
            if model.scale > room { layers[cardLayer].scale = room }
            return
        }
        let fingers = model.position.y - pinchShift, grown = Swift.max(reach - side / 2, 0)
        let low = fieldRect.y + reach, high = floor - reach
        let wanted = high < low ? high : Swift.min(Swift.max(fingers, low), high)
        pinchShift = Swift.min(Swift.max(wanted - fingers, -grown), grown)
        layers[cardLayer].position.y = fingers + pinchShift
    }

    /// The scale spring's velocity at the pinch's end (`rate`, 1/s) from `value`, lowered where the card would reach
    /// over the dock or the bar before it is back at 1×: the largest velocity at which the card, scaled by its scale
    /// spring and turned by its rotation spring (let go together, the rotation from `angle` at `w` rad/s toward the
    /// detent that picks), stays inside the field where it is at every moment (both springs stepped ahead at 240 Hz
    /// until the scale spring's energy is too low to reach past the field turned any way; a velocity found by
    /// halving). A quick spread let go short of the dock grew on 0.19× past the fingers and 18 px
    /// over the bar at 360x720 (the tour's pinch); a card held at the limit and let go with a twist across the diagonal
    /// (its box widest there) needs an inward velocity: turning faster than its scale shrank, it passed the dock's edge
    /// and the bar's foot by 1.5 px at 800x600. Never more than `rate` (a spread's speed is not added to).
    private func releaseRate(_ rate: Double, from value: Double, turning w: Double) -> Double {
        let turn = angle, detent = Self.rotationDetent(for: turn, velocity: w)
        let field = fieldRect, y = position.y
        // Half the card's height as drawn may grow to the room about its centre (never asked below what it is now).
        let room = Swift.max(value * turnedHalfHeight(rotation: turn), Swift.min(field.height / 2, floor - y, y - field.y))
        let widest = 2.squareRoot() * side / 2, omega = Self.scaleSpring.angularFrequency
        // The room less 0.05 px: what a frame between two steps may see of a peak.
        let margin = 0.05
        func fits(_ v: Double) -> Bool {
            var scale = SpringAnimation(parameters: Self.scaleSpring, restThreshold: .scale,
                                        value: AnimatableVector(value, 0), velocity: AnimatableVector(v, 0),
                                        target: AnimatableVector(1, 0))
            var rotation = SpringAnimation(parameters: Self.rotationSpring, restThreshold: .rotation,
                                           value: AnimatableVector(turn, 0), velocity: AnimatableVector(w, 0),
                                           target: AnimatableVector(detent, 0))
            for _ in 0..<720 where !(scale.isAtRest && rotation.isAtRest) {
                scale.advance(by: 1.0 / 240)
                rotation.advance(by: 1.0 / 240)
                let s = scale.presentedValue.x, v = scale.presentedVelocity.x / omega
                if s * turnedHalfHeight(rotation: rotation.presentedValue.x) > room - margin { return false }
                // A damped spring's energy only falls: it never again reaches past 1 + √((s − 1)² + (v/ω)²). Where
                // that fits turned any way, nothing later can pass.
                if (1 + ((s - 1) * (s - 1) + v * v).squareRoot()) * widest <= room - margin { return true }
            }
            return true
        }
        guard !fits(rate) else { return rate }
        var (inside, over) = (Swift.min(rate, 0), rate)
        // An inward velocity that fits: doubled until one does (at most 8/s more inward: a faster one would throw the
        // card well under 1× before it comes back; the tests' cases need −1.9 to −3.6/s). None fits: the most
        // inward tried, the closest to fitting. (A rate ≤ 0 is `inside` itself, just found not to fit.)
        var step = 1.0, found = rate > 0 && fits(0)
        while !found, step <= 8 {
            over = inside
            inside = Swift.min(rate, 0) - step
            step *= 2
            found = fits(inside)
        }
        guard found else { return inside }
        for _ in 0..<16 {
            let middle = (inside + over) / 2
            if fits(middle) { inside = middle } else { over = middle }
        }
        return inside
    }

    /// The pinch ended: the push off the dock stays, part of the fingers' hold on the card from now on.
    private mutating func keepPinchShift() {
        if isHeld { grabPosition.y += pinchShift }
        pinchShift = 0
    }

    // MARK: - Helpers

    /// `point` moved so the unscaled card comes to rest inside the container, below the chrome band (the switcher
    /// and the HUD) where the container is tall enough.
    func clamped(_ point: SIMD2<Double>) -> SIMD2<Double> {
        let half = side / 2
        let band = SceneChrome.bandHeight(for: size)
        let top = floor >= band + 2 * half ? band + half : half
        let low = SIMD2(half, top)
        let high = SIMD2(Swift.max(size.x - half, half), Swift.max(floor - half, top))
        return SIMD2(Swift.min(Swift.max(point.x, low.x), high.x), Swift.min(Swift.max(point.y, low.y), high.y))
    }

    /// The quarter turn nearest to where the rotation is heading `rotationLookAhead` seconds on.
    public static func rotationDetent(for angle: Double, velocity: Double) -> Double {
        ((angle + velocity * rotationLookAhead) / rotationDetent).rounded() * rotationDetent
    }

    /// UIKit's `initialSpringVelocity` for this hand-off: the velocity along the move divided by its distance
    /// (seed 004: 50 pt/s toward a point 100 pt away is 0.5); 0 when there is nowhere to go.
    public static func relativeSpringVelocity(velocity: SIMD2<Double>, from: SIMD2<Double>, to: SIMD2<Double>) -> Double {
        let d = to - from
        let distanceSquared = (d * d).sum()
        guard distanceSquared > 0 else { return 0 }
        return (velocity * d).sum() / distanceSquared
    }
}
