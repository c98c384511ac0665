import MomentumCore
import MomentumLayers

/// Seed 000 opens with scrolling: a long list that follows the finger (the pressed point stays under it once the
/// pan slop is taken up, `DragMapping`), coasts when flicked (decay keeping 0.998 of
/// its velocity per ms, pop's and UIScrollView's normal rate), resists past its ends (the rubber band, c = 0.55
/// over the viewport's height) and bounces back from them, and stops where it is seen when touched.
///
/// The list's offset `offset` is the content's displacement from its resting top (0 at the top, down to
/// `minimumOffset` at the bottom; beyond either end only while dragged or bouncing). The content layer's position is
/// the offset, animated on the tree: a decay after a flick, handed to a critically damped spring (response 0.4 s)
/// when it crosses an end, with the velocity it has there, or when released past an end.
///
/// The mouse wheel and the touchpad scroll it too (`scroll(_:)`): a wheel's notch animates the list one notch
/// further (critically damped, response 0.2 s; notches in a row add up, each from where the list is drawn with the
/// velocity it has), within its ends; a touchpad's fingers move it 1:1, rubber band included, and when they lift
/// (`axis_stop`) it coasts with the fingers' velocity, as after a flick.
public struct ScrollScene: Scene {
    /// What the list is doing.
    public enum State: String, Sendable { case idle, dragging, decelerating, bouncing }

    /// The scene's name.
    public let name = "scroll"
    /// The layers: the content (the rows) under the root.
    public private(set) var layers: LayerTree
    /// The content layer (its position is the offset).
    public let content: LayerID
    /// The bar across the chrome band that the rows slide under, with the list's title.
    private let bar: LayerID
    /// The container size, logical px.
    public private(set) var size: SIMD2<Double>
    /// The rows: a music library of 120 tracks, each a numbered title, its artist, album and length; one column
    /// shows the first `lines`, two show them all.
    public static let rows: [(title: String, artist: String, album: String, length: String)] = (0..<(lines * 2)).map { i in
        let adjectives = ["Quiet", "Golden", "Northern", "Paper", "Electric", "Slow", "Silver", "Distant", "Hidden",
                          "Velvet", "Open", "Midnight"]
        let nouns = ["Harbour", "Lights", "Rivers", "Motion", "Gardens", "Signals", "Echoes", "Horizons", "Avenues",
                     "Tides"]
        let artists = ["Ada and the Engines", "The Dampers", "Critically Damped", "Hopper", "Rubber Band",
                       "The Presentation Layer", "Stiffness 300", "Decay Rate", "Velocity", "The Dynabooks",
                       "Display Link", "Overshoot"]
        let albums = ["Springs", "Momentum", "Release", "Interruptible", "Additive", "Frame Callback"]
        let seconds = 150 + (i * 37) % 150
        let title = "\(adjectives[(i * 5) % 12]) \(nouns[i % 10])"
        let minutes = seconds / 60, rest = seconds % 60
        return ("\(i + 1). \(title)", artists[(i * 7) % 12], albums[(i / 2) % 6],
                "\(minutes):\(rest < 10 ? "0" : "")\(rest)")
    }
    /// Row height and the list's side margin, logical px.
    public static let rowHeight = 64.0, margin = 16.0
    /// The bounce back from an end: critically damped, response 0.4 s.
    public static let bounce = SpringParameters(response: 0.4, dampingRatio: 1)
    /// A wheel notch's motion: critically damped, response 0.2 s.
    public static let wheel = SpringParameters(response: 0.2, dampingRatio: 1)
    /// How far back a touchpad's motion counts for its velocity at the lift (s), and how long the fingers may rest
    /// before lifting for the lift to count as a fling.
    static let touchpadWindow = 0.1, touchpadPause = 0.05

    private var recognizer = PanTapRecognizer()
    private var inputTime = 0.0
    private var dragging = false
    private var dragVelocity = 0.0
    /// The drag's finger → unstretched offset mapping (the slop taken up), and where the finger went down.
    private var mapping = DragMapping(value: 0, finger: 0, pressedValue: 0, pressedFinger: 0)
    private var press = (offset: 0.0, finger: 0.0)
    private var autoplayDown = true
    /// Where the wheel's notches in a row take the list (an offset within range), while their motion runs.
    private var wheelTarget: Double?
    /// A touchpad's fingers are on it (scroll motion since the last lift); its recent motion (input s, offset px).
    private var touchpadScrolling = false
    private var touchpadMotion: [(time: Double, distance: Double)] = []

    /// A list at rest at its top in a container of `size` logical px.
    public init(size: SIMD2<Double>) {
        self.size = size
        layers = LayerTree(size: size)
        var list = Layer(frame: DrawRect(x: 0, y: 0, width: 1, height: 1), anchorPoint: .zero)
        list.isHitTestable = false
        list.wantsOwnSurface = true  // it scrolls: drawn once (a band around what is shown), moved by the compositor
        list.role = .sheet("list")
        content = layers.add(list)
        var barLayer = Layer(frame: DrawRect(x: 0, y: 0, width: 1, height: SceneChrome.bandHeight(for: size)),
                             backgroundColor: RGBA(hex: 0x1B2A49))
        barLayer.isHitTestable = false
        barLayer.role = .bar("header")
        bar = layers.add(barLayer)
        layOut()
        layers[content].position = SIMD2(0, viewport.y)
    }

    // MARK: Geometry

    /// The viewport: below the chrome band, the whole width.
    public var viewport: DrawRect {
        let band = SceneChrome.bandHeight(for: size)
        return DrawRect(x: 0, y: band, width: size.x, height: Swift.max(size.y - band, 1))
    }

    /// The content's height: every row, and a margin under the last.
    public var contentHeight: Double {
        Double(Self.lines) * Self.rowHeight + Self.margin
    }

    /// The list's lines: one row each in one column, a row per column in two (the list scrolls as far either way).
    public static let lines = 60

    /// The list's columns: two on a large window (from `SceneChrome.largeWidth`: a grid of cards, as a library
    /// is on a desktop, rather than one 720 px column in the middle of it), else one.
    public var columns: Int { size.x >= SceneChrome.largeWidth ? 2 : 1 }

    /// The rows' artwork colours.
    static let artworkColors = [Palette.accent, Palette.pink, Palette.orange, Palette.green, Palette.indigo,
                                RGBA(hex: 0x64D2FF), RGBA(hex: 0xBF5AF2)]

    /// The widest a column of cards gets, logical px.
    public static let maximumColumnWidth = 720.0
    /// The gap between two columns, logical px.
    public static let columnGap = 16.0

    /// The lowest offset at rest (the last row at the viewport's bottom); 0 when everything fits.
    public var minimumOffset: Double { Swift.min(0, viewport.height - contentHeight) }

    /// The offsets the list rests in.
    private var range: ClosedRange<Double> { minimumOffset...0 }

    /// The offset shown for a drag that asks for `raw`: rubber-banded past either end.
    private func banded(_ raw: Double) -> Double { RubberBand.clamp(raw, to: range, dimension: viewport.height) }

    /// The inverse of `banded` (for a drag that starts on a list already past an end).
    private func unbanded(_ shown: Double) -> Double {
        RubberBand.unclamp(shown, from: range, dimension: viewport.height)
    }

    // MARK: State

    /// The offset as drawn now.
    public var offset: Double { layers.presented(.position, of: content).value.y - viewport.y }
    /// The offset's velocity now (px/s): the drag's while dragging.
    public var velocity: Double { dragging ? dragVelocity : layers.presented(.position, of: content).velocity.y }
    /// What the list is doing.
    public var state: State {
        if dragging { return .dragging }
        switch layers.animation(.position, of: content)?.kind {
        case .decay?: return .decelerating
        case nil: return .idle
        default: return .bouncing
        }
    }
    /// True while the list moves on its own.
    public var needsFrames: Bool { !dragging && layers.isAnimating(.position, of: content) }

    // MARK: Scene

    /// Lays the list out for a container of `size`. A list at rest keeps its offset, within the new range; a moving
    /// or held one goes on as it was (a coast that ends past the new end bounces back from it).
    public mutating func resize(to newSize: SIMD2<Double>) {
        guard newSize != size else { return }
        size = newSize
        layOut()
        guard !dragging, !layers.isAnimating(.position, of: content) else { return }
        let kept = layers[content].position.y - viewport.y
        layers[content].position = SIMD2(0, viewport.y + Swift.min(Swift.max(kept, minimumOffset), 0))
    }

    /// Positions settle within half a device pixel of an output with `scale` device px per logical px.
    public mutating func setOutputScale(_ scale: Double) { layers.outputScale = scale }

    /// Feeds a touch frame: a press catches a moving list, a pan drags it, a release flicks or bounces it.
    public mutating func handle(_ frame: TouchFrame) -> [SceneEvent] {
        if let newest = frame.changes.map(\.time).max() { inputTime = Swift.max(inputTime, newest) }
        let port = viewport
        let events = recognizer.handle(frame) { p in p.y >= port.y }
        var reports: [SceneEvent] = []
        for event in events {
            switch event {
            case .pressed(let p):
                defer { press = (unbanded(offset), p.y) }
                wheelTarget = nil
                touchpadScrolling = false
                if let caught = catchMoving() { reports.append(caught) }
            case .panBegan(let p):
                dragging = true
                dragVelocity = 0
                mapping = DragMapping(value: unbanded(offset), finger: p.y, pressedValue: press.offset,
                                      pressedFinger: press.finger)
                reports.append(SceneEvent(.panBegan))
            case .panChanged(let p):
                drag(to: p.y)
                dragVelocity = listVelocity(forFinger: recognizer.currentVelocity(at: inputTime).y, at: p.y)
            case .panEnded(let p, let velocity):
                drag(to: p.y)
                let v = listVelocity(forFinger: velocity.y, at: p.y)
                dragging = false
                release(velocity: v)
                reports.append(SceneEvent(.panEnded, [TraceField(EventField.velocity, .vector(velocity)),
                                                      TraceField(EventField.listVelocity, .number(v))]))
            case .tap:
                settleIntoRange(velocity: 0)
                reports.append(SceneEvent(.tap, [TraceField(EventField.offset, .number(offset))]))
            case .released:
                settleIntoRange(velocity: 0)
            case .cancelled:
                dragging = false
                settleIntoRange(velocity: 0)
                reports.append(SceneEvent(.touchCancel))
            }
        }
        return reports
    }

    /// Stops a moving list where it is seen, as a finger (or fingers on a touchpad) stop a coasting list; the
    /// `catch` event with the offset and the speed it had, or nil when it was not moving.
    private mutating func catchMoving() -> SceneEvent? {
        guard layers.isAnimating(.position, of: content) else { return nil }
        let caught = layers.removeAnimation(.position, of: content)
        layers[content].position = caught.value
        return SceneEvent(.catch, [TraceField(EventField.offset, .number(caught.value.y - viewport.y)),
                                   TraceField(EventField.velocityBefore, .number(caught.velocity.y))])
    }

    /// How far one wheel notch scrolls (logical px): an eighth of the viewport, 48 to 120 px.
    public var notchDistance: Double { Swift.min(Swift.max(viewport.height / 8, 48), 120) }

    /// Feeds what the wheel or a touchpad scrolled (ignored while a finger drags the list).
    public mutating func scroll(_ input: ScrollInput) -> [SceneEvent] {
        guard !dragging, recognizer.owner == nil else { return [] }
        inputTime = Swift.max(inputTime, input.time)
        if input.isNotched { return wheel(input) }
        var reports: [SceneEvent] = []
        if input.delta.y != 0 {
            if !touchpadScrolling {
                // Fingers on the touchpad stop a moving list where it is drawn, as a finger on the list does.
                touchpadScrolling = true
                touchpadMotion.removeAll()
                wheelTarget = nil
                if let caught = catchMoving() { reports.append(caught) }
            }
            let before = offset
            if input.source == .finger {
                layers[content].position = SIMD2(0, viewport.y + banded(unbanded(before) - input.delta.y))
            } else {
                // No lift follows a continuous source: it stays within the ends.
                let moved = Swift.min(Swift.max(before - input.delta.y, minimumOffset), 0)
                layers[content].position = SIMD2(0, viewport.y + moved)
            }
            touchpadMotion.append((input.time, offset - before))
            touchpadMotion.removeAll { $0.time < input.time - Self.touchpadWindow }
        }
        if input.stopped || input.source != .finger {
            let velocity = input.stopped ? touchpadVelocity(liftedAt: input.time) : 0
            if input.stopped || !range.contains(offset) {
                touchpadScrolling = false
                touchpadMotion.removeAll()
                release(velocity: velocity)
            }
            if input.stopped {
                reports.append(SceneEvent(.scroll, [TraceField(EventField.source, .string(input.source.rawValue)),
                                                    TraceField(EventField.stopped, .bool(true)),
                                                    TraceField(EventField.offset, .number(offset)),
                                                    TraceField(EventField.velocity, .number(velocity))]))
            }
        }
        return reports
    }

    /// The offset's velocity the touchpad's last motion gives at a lift at `time` (px/s): its motion over the last
    /// `touchpadWindow`, none when the fingers rested longer than `touchpadPause` before lifting.
    private func touchpadVelocity(liftedAt time: Double) -> Double {
        guard let last = touchpadMotion.last, let first = touchpadMotion.first, time - last.time <= Self.touchpadPause,
              last.time > first.time else { return 0 }
        let distance = touchpadMotion.dropFirst().reduce(0) { $0 + $1.distance }
        return Swift.min(Swift.max(distance / (last.time - first.time), -8000), 8000)
    }

    /// A wheel's notches: the list animates one notch per step further than where the notches before took it.
    private mutating func wheel(_ input: ScrollInput) -> [SceneEvent] {
        let steps = input.steps.y != 0 ? input.steps.y : input.delta.y / 10
        guard steps != 0 else { return [] }
        touchpadScrolling = false
        let base = layers.isAnimating(.position, of: content) ? (wheelTarget ?? offset) : offset
        let target = Swift.min(Swift.max(base - steps * notchDistance, minimumOffset), 0)
        let now = layers.presented(.position, of: content)
        var motion = PropertyAnimation.spring(SpringAnimation(parameters: Self.wheel, at: now.value))
        motion.start(from: now.value, velocity: now.velocity, to: SIMD2(0, viewport.y + target))
        layers.animate(.position, of: content, with: motion)
        wheelTarget = target
        return [SceneEvent(.scroll, [TraceField(EventField.source, .string(input.source.rawValue)),
                                     TraceField(EventField.steps, .number(steps)),
                                     TraceField(EventField.to, .number(target))])]
    }

    /// Advances by `dt`: a coasting list that crosses an end bounces back from it with the speed it had there.
    public mutating func advance(by dt: Double) -> [SceneEvent] {
        _ = layers.advance(by: dt)
        guard !dragging, layers.animation(.position, of: content)?.kind == .decay, !range.contains(offset) else {
            return []
        }
        let crossing = layers.removeAnimation(.position, of: content)
        bounce(from: crossing.value, velocity: crossing.velocity)
        return [SceneEvent(.retarget, [TraceField(EventField.to, .string("edge")),
                                       TraceField(EventField.velocity, .number(crossing.velocity.y))])]
    }

    /// Appends the presented layers.
    public func draw(into list: inout DrawList) { layers.draw(into: &list) }

    /// The list's viewport (a touch anywhere on it catches, drags or flicks the list).
    public var touchTargets: [TouchTarget] { [TouchTarget("list", viewport)] }

    /// The list's state for the trace: state, offset, velocity, range.
    public var record: SceneRecord { record(offset: offset) }

    private func record(offset: Double) -> SceneRecord {
        .scroll(Record(state: state, offset: offset, velocity: velocity, minOffset: minimumOffset,
                       viewportY: viewport.y, viewportHeight: viewport.height))
    }

    /// `--autoplay`: at rest and not touched, flicks the list toward the other end (it coasts, bounces, settles).
    public mutating func autoplay() -> Bool {
        guard !needsFrames, !dragging, recognizer.owner == nil else { return false }
        let v = autoplayDown ? -2500.0 : 2500.0
        autoplayDown.toggle()
        release(velocity: v)
        return true
    }

    // MARK: Motion

    /// While the list is dragged, it is drawn where the dragging finger will be (the same mapping, rubber band
    /// included).
    public func presentationOverrides(predicted fingers: [Int32: SIMD2<Double>]) -> PresentationOverrides {
        var overrides = PresentationOverrides()
        // Only once the pan has begun: a catch holds the list where it was caught.
        guard dragging, recognizer.isPanning, let owner = recognizer.owner, let finger = fingers[owner] else {
            return overrides
        }
        overrides[.position, of: content] = SIMD2(0, viewport.y + banded(mapping.value(finger: finger.y,
                                                                                      travelled: mapping.travelled)))
        return overrides
    }

    /// The list's state for the trace as drawn under `overrides` (a predicted drag: `offset` is where it is drawn).
    public func record(drawnWith overrides: PresentationOverrides) -> SceneRecord {
        guard let position = overrides[.position, of: content] else { return record }
        return record(offset: position.y - viewport.y)
    }

    /// The content follows the finger (the slop taken up), rubber-banded past the ends.
    private mutating func drag(to fingerY: Double) {
        layers[content].position = SIMD2(0, viewport.y + banded(mapping.move(to: fingerY)))
    }

    /// The list's velocity for a finger at `fingerY` moving at `v`: the finger's times the mapping's slope there.
    private func listVelocity(forFinger v: Double, at fingerY: Double) -> Double {
        mapping.velocity(finger: fingerY, moving: v) { banded($0) }
    }

    /// Lets go with `velocity`: past an end it bounces back; inside, it coasts (decay) if it moves at all.
    private mutating func release(velocity: Double) {
        wheelTarget = nil
        let here = layers[content].position
        if !range.contains(offset) {
            bounce(from: here, velocity: SIMD2(0, velocity))
            return
        }
        guard abs(velocity) > 1 else { return }
        var motion = PropertyAnimation.decay(DecayAnimation(at: here))
        motion.start(from: here, velocity: SIMD2(0, velocity), to: here)
        layers.animate(.position, of: content, with: motion)
    }

    /// Back to the nearest end from `value` with `velocity` (the spring carries the velocity on, then returns).
    private mutating func bounce(from value: SIMD2<Double>, velocity: SIMD2<Double>) {
        wheelTarget = nil
        let edge = Swift.min(Swift.max(value.y - viewport.y, minimumOffset), 0)
        var motion = PropertyAnimation.spring(SpringAnimation(parameters: Self.bounce, at: value))
        motion.start(from: value, velocity: velocity, to: SIMD2(0, viewport.y + edge))
        layers.animate(.position, of: content, with: motion)
    }

    /// After a lift without a fling: back inside the range if it is past an end.
    private mutating func settleIntoRange(velocity: Double) {
        guard !layers.isAnimating(.position, of: content), !range.contains(offset) else { return }
        bounce(from: layers[content].position, velocity: SIMD2(0, velocity))
    }

    /// The rows, for the current size: cards across the width (at most 720 px a column, centred; two columns on a
    /// large window, read across), a title and a line each, in the larger type of a large window
    /// (`SceneChrome.typeScale`: at 1920x1080 the rows' 15 px titles read small across a 1456 px list). The list's
    /// title starts where the rows do, as a large title does on iOS (at 1920x1080 it stood 212 px left of them).
    private mutating func layOut() {
        layers[layers.root].frame = DrawRect(origin: .zero, size: size)
        let columns = Double(columns)
        let width = Swift.min((size.x - 2 * Self.margin - (columns - 1) * Self.columnGap) / columns,
                              Self.maximumColumnWidth).rounded(.down)
        let left = ((size.x - columns * width - (columns - 1) * Self.columnGap) / 2).rounded()
        let type = SceneChrome.typeScale(width: size.x)
        layers[content].size = SIMD2(size.x, contentHeight)
        // Scrolled, the rows pass under the bar: it is drawn above them apart from the first frame, so the window,
        // drawn at launch with the list at rest, need not be drawn again without the bar once they first slide under.
        layers[content].slidesWithin = DrawRect(origin: .zero, size: size)
        layers.removeSublayers(of: content)
        // The bar over the chrome band: rows scrolled up pass under it (and under the switcher and HUD drawn on it),
        // a hairline at its foot, the list's title at its bottom left (in a short window's compact band, inline beside
        // the switcher's pill, centred in the bar).
        let band = SceneChrome.bandHeight(for: size)
        layers[bar].frame = DrawRect(x: 0, y: 0, width: size.x, height: band)
        layers.removeSublayers(of: bar)
        layers.add(Layer(frame: DrawRect(x: 0, y: band - 1, width: size.x, height: 1),
                         backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.12)), to: bar)
        let titleY = SceneChrome.isCompact(size) ? ((band - 24) / 2).rounded() : band - 32
        let titleX = SceneChrome.isCompact(size) ? SceneChrome.titleX(for: size) : left + 4
        layers.add(Layer.text("Library", frame: DrawRect(x: titleX, y: titleY, width: 140, height: 24),
                              size: 17, color: Palette.white, weight: .semibold), to: bar)
        for (i, row) in Self.rows.prefix(Self.lines * Int(columns)).enumerated() {
            let column = Double(i % Int(columns)), line = Double(i / Int(columns))
            let frame = DrawRect(x: left + column * (width + Self.columnGap), y: line * Self.rowHeight + 8, width: width,
                                 height: Self.rowHeight - 8)
            let card = layers.add(Layer(frame: frame, backgroundColor: RGBA(hex: 0xF4F5F8, alpha: 0.95),
                                        cornerRadius: 12), to: content)
            layers[card].isHitTestable = false
            // The album's artwork: a tile in one of the palette's colours (one layer: the list stays cheap to draw).
            var art = Layer(frame: DrawRect(x: 8, y: 8, width: 40, height: 40),
                            backgroundColor: Self.artworkColors[(i * 5) % Self.artworkColors.count], cornerRadius: 8)
            art.isHitTestable = false
            layers.add(art, to: card)
            // The title, then the artist, the album where the row is wide enough for it (a phone's is not: the line ran
            // past the row's edge) and the length; two runs of text a row, as before the artwork, so the list costs
            // no more to draw.
            layers.add(Layer.text(row.title, frame: DrawRect(x: 60, y: 12 - 10 * (type - 1), width: width - 76,
                                                             height: 16 * type), size: 11 * type,
                                  color: RGBA(hex: 0x1B2A49), weight: .semibold), to: card)
            let detail = width >= 440 ? "\(row.artist) · \(row.album) · \(row.length)" : "\(row.artist) · \(row.length)"
            layers.add(Layer.text(detail, frame: DrawRect(x: 60, y: 32 + 5 * (type - 1), width: width - 76,
                                                          height: 14 * type), size: 9 * type,
                                  color: RGBA(hex: 0x6B7280)), to: card)
        }
    }
}
