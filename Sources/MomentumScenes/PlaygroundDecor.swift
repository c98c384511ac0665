import MomentumCore
import MomentumLayers
import RealModule

/// What the playground draws so a user sees what acts on the card: the field it moves in (below the chrome
/// band, edged by the walls it bounces off on the dynamics backend, lit while they act; on a large window a faint
/// grid, drawn once into the window: a grid under the moving card, before it moved on a surface of its own, cost the
/// renderer 0.7 ms a frame), the ring where the position
/// animation pulls it and the line from there to the card (the spring or the attachment), gravity's arrow, and a
/// legend naming what pulls and how hard. Everything is under the card and takes no touches.
struct PlaygroundDecor {
    private let walls: LayerID, gravity: LayerID, attachment: LayerID
    /// On a window 600 px tall or more with a dock as wide as the gesture guide (800x600 up), a faint grid over the
    /// field (a mat's squares, centred on it): the field reads as a surface to play on, and a throw's distance and
    /// the card's size read against it. A few full-length lines drawn once into the window (the card and the tile
    /// move on surfaces of their own), none on a phone's window. Drawn again wherever the ring and the spark damage
    /// the window, it was tried with a landscape phone's slim dock (look29n: 720x360 0.65–0.86 ms a frame in six runs
    /// against the base's 0.67–0.81 in five) and is not drawn there.
    private let grid: LayerID
    let anchor: LayerID
    private let legend: [LayerID]
    /// On a large window, the legend sits on a panel of its own (as a floating info card does), its type larger.
    private let legendPanel: LayerID
    /// The gesture guide under the hint where there is room (a large window): a chip per gesture, its glyph and what
    /// it does.
    private let chips: [LayerID]
    /// The dock's band along the window's foot (`PlaygroundScene.dock(for:)`), hidden where there is none.
    private let dockBand: LayerID
    /// The dock's margins: around the legend's panel and the guide, and between them.
    static let dockMargin = 18.0
    /// The dock's margin above and below the legend's lines where they have no panel (a phone's window).
    static let dockLineMargin = 16.0
    /// The same on a window under 600 px tall (a phone in landscape), whose field needs the height: a 50 px dock.
    static let shortDockLineMargin = 10.0
    static let guide: [(icon: Icon, label: String)] = [(.flick, "Flick to throw"), (.pinch, "Pinch to scale"),
                                                       (.twist, "Twist to turn"), (.tap, "Tap to send it")]
    static let chipHeight = 34.0, chipGap = 10.0
    /// A chip's width for `label` at type `scale`: the glyph, the label (about 0.68 of the capital height a
    /// character), margins.
    static func chipWidth(_ label: String, scale: Double = 1) -> Double { Chips.regular(scale: scale).width(of: label) }
    /// The guide's width at type `scale`, every chip and the gaps between.
    static func guideWidth(scale: Double = 1) -> Double { Chips.regular(scale: scale).width }

    /// How the guide's chips are drawn: the full guide under the hint or in the dock (`regular`), or a word a chip
    /// in a short window's compact bar (`compact`: a landscape phone, whose field has no room for the hint).
    struct Chips {
        /// The words, and the measures at type scale 1 (logical px): the chip's height, its glyph's side and left
        /// edge, the label's left edge, the margin right of the label, the gap between chips.
        var labels: [String], height1: Double, glyph1: Double, glyphX1: Double, labelX1: Double, rightPad1: Double
        var gap1: Double, scale: Double

        /// The guide under the hint or in the dock at type `scale`.
        static func regular(scale: Double) -> Chips {
            Chips(labels: guide.map(\.label), height1: chipHeight, glyph1: 20, glyphX1: 12, labelX1: 40, rightPad1: 14,
                  gap1: chipGap, scale: scale)
        }

        /// A word a chip ("Drag", "Pinch", "Twist", "Tap"), 28 px tall: four fit a landscape phone's bar between the
        /// switcher's pill and the HUD's box, in the guide's type (9.5 px capitals, 13 px).
        static let compact = Chips(labels: compactLabels, height1: 28, glyph1: 16, glyphX1: 10, labelX1: 32,
                                   rightPad1: 12, gap1: 6, scale: 1)
        /// The compact chips' words without their glyphs (223 px for the four): a bar too narrow for `compact`
        /// (568x320: 236 px between the pill and the HUD's box, the glyphs' chips 303) still names every gesture.
        static let compactWords = Chips(labels: compactLabels, height1: 28, glyph1: 0, glyphX1: 0, labelX1: 12,
                                        rightPad1: 12, gap1: 6, scale: 1)

        var height: Double { (height1 * scale).rounded() }
        var glyph: Double { (glyph1 * scale).rounded() }
        var glyphX: Double { (glyphX1 * scale).rounded() }
        var labelX: Double { (labelX1 * scale).rounded() }
        var gap: Double { (gap1 * scale).rounded() }
        /// How much narrower than its chip a label's frame is.
        var labelCut: Double { (labelX1 + 8) * scale }

        /// A chip's width for `label`: the glyph, the label (about 0.68 of the capital height a character), margins.
        func width(of label: String) -> Double {
            ((labelX1 + Double(label.count) * 0.68 * SceneHint.lineSize + rightPad1) * scale).rounded()
        }

        /// Every chip and the gaps between.
        var width: Double { labels.map(width(of:)).reduce(0, +) + Double(labels.count - 1) * gap1 * scale }
    }

    /// The card face's title and the line under it, and the title's capital height on a phone's card.
    static let faceTitle = "Golden Hour", faceLine = "Big Sur · 12 photos", faceTitleSize = 11.0

    /// The compact chips' words, in the guide's order.
    static let compactLabels = ["Drag", "Pinch", "Twist", "Tap"]

    /// The walls' colours: at rest, and while the walls act (the dynamics backend).
    static let wallColor = RGBA(r: 1, g: 1, b: 1, a: 0.14), activeWallColor = RGBA(hex: 0x64D2FF, alpha: 0.75)
    /// The line and ring of what pulls the card.
    static let pullColor = RGBA(r: 1, g: 1, b: 1, a: 0.6)

    /// Adds the decor's layers to `tree`'s root, under anything added after (the card).
    init(into tree: inout LayerTree) {
        func plain(_ layer: Layer) -> Layer {
            var layer = layer
            layer.isHitTestable = false
            return layer
        }
        let zero = DrawRect(x: 0, y: 0, width: 0, height: 0)
        var band = plain(Layer(frame: zero, backgroundColor: RGBA(r: 0, g: 0, b: 0, a: 0.16)))
        band.isHidden = true
        dockBand = tree.add(band)
        grid = tree.add(plain(Layer(frame: zero, anchorPoint: .zero)))
        walls = tree.add(plain(Layer(frame: zero, anchorPoint: .zero)))
        var panel = plain(Layer(frame: zero, backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.07), cornerRadius: 14))
        panel.isHidden = true
        legendPanel = tree.add(panel)
        legend = (0..<2).map { k in
            tree.add(.text("", frame: DrawRect(x: 0, y: 0, width: 1, height: 1), size: SceneHint.lineSize,
                           color: RGBA(r: 1, g: 1, b: 1, a: k == 0 ? 0.82 : 0.64)))
        }
        var arrow = plain(Layer(frame: DrawRect(x: 0, y: 0, width: 24, height: 64)))
        arrow.content = .path([SIMD2(12, 2), SIMD2(12, 60)], lineWidth: 3, color: Self.activeWallColor)
        arrow.isHidden = true
        gravity = tree.add(arrow)
        var head = plain(Layer(frame: DrawRect(x: 0, y: 0, width: 24, height: 64)))
        head.content = .path([SIMD2(3, 50), SIMD2(12, 61), SIMD2(21, 50)], lineWidth: 3, color: Self.activeWallColor)
        tree.add(head, to: gravity)
        // A disc with a dot (rounded rectangles: a stroked ellipse is 96 segments to draw every frame it moves).
        var ring = plain(Layer(frame: DrawRect(x: 0, y: 0, width: 26, height: 26),
                               backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.22), cornerRadius: 13))
        ring.isHidden = true
        anchor = tree.add(ring)
        tree.add(plain(Layer(frame: DrawRect(x: 10, y: 10, width: 6, height: 6), backgroundColor: Palette.white,
                             cornerRadius: 3)), to: anchor)
        // The line turns and stretches on every frame the card moves: on a surface of its own (around what it
        // reaches, drawn again there), the window is not drawn for it. Over the ring, whose whites it meets
        // (white over white composes alike in either order), so the ring stays in the window under it.
        var line = plain(Layer(frame: DrawRect(x: 0, y: 0, width: 1, height: 2), backgroundColor: Self.pullColor,
                               cornerRadius: 1))
        line.isHidden = true
        line.wantsOwnSurface = true
        attachment = tree.add(line)
        chips = Self.guide.map { _ in
            var box = plain(Layer(frame: zero, backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.1)))
            box.isHidden = true
            return tree.add(box)
        }
    }

    /// The box the gesture guide's chips take where they are shown, else nil.
    func guideBox(in tree: LayerTree) -> DrawRect? {
        var box: DrawRect?
        for chip in chips where !tree[chip].isHidden { box = box.map { $0.union(tree[chip].frame) } ?? tree[chip].frame }
        return box
    }

    /// Shows the gesture guide at type `scale` with its top at `top`, centred in a window `width` wide or ending at
    /// `right`, or hides it (nil); a chip's glyph and label are laid out again for the scale.
    func placeGuide(in tree: inout LayerTree, top: Double?, width: Double, scale: Double = 1, right: Double? = nil) {
        let chips = Chips.regular(scale: scale)
        let x = right.map { ($0 - chips.width).rounded() } ?? ((width - chips.width) / 2).rounded()
        placeChips(chips, in: &tree, at: top.map { SIMD2(x, $0) })
    }

    /// Shows the compact guide (`Chips.compact`, or its words alone, `Chips.compactWords`, where the glyphs' chips do
    /// not fit) in a short window's bar `band` px tall, `width` wide, between `left` and `right` (the switcher's pill
    /// and the HUD's box with their margins): centred on the window where it fits there, else in the room; hidden
    /// where neither fits the room. Returns whether it is shown.
    @discardableResult
    func placeCompactGuide(in tree: inout LayerTree, band: Double, width: Double, left: Double, right: Double) -> Bool {
        guard let chips = [Chips.compact, Chips.compactWords].first(where: { right - left >= $0.width }) else {
            placeChips(Chips.compact, in: &tree, at: nil)
            return false
        }
        let centred = ((width - chips.width) / 2).rounded()
        let x = Swift.min(Swift.max(centred, left), right - chips.width).rounded()
        placeChips(chips, in: &tree, at: SIMD2(x, ((band - chips.height) / 2).rounded()))
        return true
    }

    /// Lays the chips out in a row from `origin` in `style`, or hides them (nil).
    private func placeChips(_ style: Chips, in tree: inout LayerTree, at origin: SIMD2<Double>?) {
        let height = style.height, size = SceneHint.lineSize * style.scale
        let ink = RGBA(r: 1, g: 1, b: 1, a: 0.88)
        var x = origin?.x ?? 0
        for (chip, (entry, label)) in zip(chips, zip(Self.guide, style.labels)) {
            let chipWidth = style.width(of: label)
            tree[chip].isHidden = origin == nil
            tree[chip].frame = DrawRect(x: x, y: origin?.y ?? 0, width: chipWidth, height: height)
            tree[chip].cornerRadius = height / 2
            x += chipWidth + style.gap
            guard origin != nil else { continue }
            tree.removeSublayers(of: chip)
            let glyph = style.glyph
            for part in glyph <= 0 ? [] : entry.icon.layers(in: DrawRect(x: style.glyphX, y: ((height - glyph) / 2).rounded(),
                                                       width: glyph, height: glyph),
                                          color: ink, background: RGBA(r: 0, g: 0, b: 0, a: 0)) {
                var part = part
                part.isHitTestable = false
                tree.add(part, to: chip)
            }
            tree.add(.text(label, frame: DrawRect(x: style.labelX, y: ((height - size) / 2).rounded(),
                                                  width: chipWidth - style.labelCut, height: size * 1.4),
                           size: size, color: ink), to: chip)
        }
    }

    /// The legend's panel at type `scale`: wide enough for the longest legend of any backend (it does not change
    /// size when the backend does), two lines high, padded.
    static func legendPanelSize(scale: Double) -> SIMD2<Double> {
        let lineSize = SceneHint.lineSize * scale, pad = (14 * scale).rounded()
        let height = lineSize * 1.4 + (SceneHint.lineStep * scale).rounded() + 2 * pad
        return SIMD2((widestLegend * lineSize * characterWidth + 2 * pad).rounded(), height.rounded())
    }

    /// The legend's block at type `scale`: its panel on a large window, else its two lines (as wide as the longest
    /// legend of any backend).
    static func legendBlockSize(scale: Double) -> SIMD2<Double> {
        if scale > 1 { return legendPanelSize(scale: scale) }
        let lineSize = SceneHint.lineSize * scale
        return SIMD2((widestLegend * lineSize * characterWidth).rounded(),
                     (lineSize + (SceneHint.lineStep * scale).rounded()).rounded())
    }

    /// Lays the field's walls, the legend and gravity's arrow out over `rect` (the area the card moves in)
    /// in a container of `size`; where there is a `dock` under the field, the legend's panel sits on its left.
    func place(in tree: inout LayerTree, rect: DrawRect, size: SIMD2<Double>, dock: DrawRect? = nil) {
        tree.removeSublayers(of: walls)
        func line(_ frame: DrawRect, _ color: RGBA, in parent: LayerID) {
            var layer = Layer(frame: frame, backgroundColor: color)
            layer.isHitTestable = false
            tree.add(layer, to: parent)
        }
        // The walls: the ceiling (the chrome band's edge), the window's sides and its floor.
        let w = 3.0
        for frame in [DrawRect(x: rect.x, y: rect.y, width: rect.width, height: 2),
                      DrawRect(x: rect.x, y: rect.y, width: w, height: rect.height),
                      DrawRect(x: rect.maxX - w, y: rect.y, width: w, height: rect.height),
                      DrawRect(x: rect.x, y: rect.maxY - w, width: rect.width, height: w)] {
            line(frame, Self.wallColor, in: walls)
        }
        let scale = SceneChrome.typeScale(width: size.x)
        tree.removeSublayers(of: grid)
        // Not on a window under 600 px tall, whose slim dock is look29n's: there the grid would be new frame cost.
        if dock != nil, size.y >= 600, size.x >= Self.guideWidth(scale: scale) + 24 { addGrid(over: rect, in: &tree) }
        let lineSize = SceneHint.lineSize * scale, step2 = (SceneHint.lineStep * scale).rounded()
        // A large window: the lines on a panel inset from the corner, wide enough for the longest legend of any
        // backend (it does not change size when the backend does).
        let paneled = scale > 1, pad = (14 * scale).rounded()
        let inset = paneled ? 18 + pad : 18.0
        tree[legendPanel].isHidden = !paneled
        tree[dockBand].isHidden = dock == nil
        if let dock { tree[dockBand].frame = dock }
        // The lines' foot: in the dock (its panel, or the lines, centred in it), else in the field's corner.
        var foot = dock.map { ($0.maxY - ($0.height - Self.legendBlockSize(scale: scale).y) / 2).rounded() } ?? rect.maxY - inset
        if paneled {
            let panel = Self.legendPanelSize(scale: scale)
            let y = dock.map { ($0.y + ($0.height - panel.y) / 2).rounded() } ?? (rect.maxY - 18 - panel.y).rounded()
            tree[legendPanel].frame = DrawRect(x: rect.x + 18, y: y, width: panel.x, height: panel.y)
            tree[legendPanel].cornerRadius = (14 * scale).rounded()
            foot = y + panel.y - pad
        }
        for (k, id) in legend.enumerated() {
            let top = foot - lineSize - Double(legend.count - 1 - k) * step2
            tree[id].frame = DrawRect(x: rect.x + inset, y: top.rounded(), width: max(rect.width - 2 * inset, 1),
                                      height: lineSize * 1.4)
            tree[id].content = .text(Self.text(tree[id].content), size: lineSize,
                                     color: RGBA(r: 1, g: 1, b: 1, a: k == 0 ? 0.82 : 0.64))
        }
        tree[gravity].position = SIMD2(rect.maxX - 36, rect.y + 24 + 32)
    }

    /// The grid's square (logical px) and its lines' colour.
    static let gridStep = 120.0, gridColor = RGBA(r: 1, g: 1, b: 1, a: 0.055)

    /// The grid's lines over `rect`, `gridStep` apart and centred on it, clear of its walls by a square's tenth.
    private func addGrid(over rect: DrawRect, in tree: inout LayerTree) {
        let step = Self.gridStep, clear = step / 10
        func lines(from low: Double, to high: Double) -> [Double] {
            let centre = ((low + high) / 2).rounded()
            let k = ((high - low) / 2 / step).rounded(.down)
            return stride(from: -k, through: k, by: 1).map { centre + $0 * step }
                .filter { $0 - low >= clear && high - $0 >= clear }
        }
        for x in lines(from: rect.x, to: rect.maxX) {
            var line = Layer(frame: DrawRect(x: x, y: rect.y + 2, width: 1, height: rect.height - 5), backgroundColor: Self.gridColor)
            line.isHitTestable = false
            tree.add(line, to: grid)
        }
        for y in lines(from: rect.y, to: rect.maxY) {
            var line = Layer(frame: DrawRect(x: rect.x + 3, y: y, width: rect.width - 6, height: 1), backgroundColor: Self.gridColor)
            line.isHitTestable = false
            tree.add(line, to: grid)
        }
    }

    /// A character's width in the legend's type, em, taken generously (Inter's lower case runs 0.55–0.64 em: "spring
    /// to the ring: response 0.5 s, damping 0.8" is 286.8 px at 9.5 px, 0.64 em a character).
    static let characterWidth = 0.68

    /// About the box the legend's lines take (`characterWidth` a character, at most their frame's width), or its
    /// panel where it has one: the tile is not left to rest over it, and may rest beside it.
    func legendBox(in tree: LayerTree) -> DrawRect? {
        if !tree[legendPanel].isHidden { return tree[legendPanel].frame }
        guard let first = legend.first, let last = legend.last else { return nil }
        let top = tree[first].frame, bottom = tree[last].frame
        var width = 0.0
        for id in legend {
            if case let .text(string, size, _, _, _) = tree[id].content {
                width = max(width, Double(string.count) * size * Self.characterWidth)
            }
        }
        return DrawRect(x: top.x, y: top.y, width: min(width, top.width), height: bottom.maxY - top.y)
    }

    /// Shows what acts on the card now: the pull from `target` to the card at `position` while `pulled`, the walls
    /// lit while `walled`, gravity's arrow while `falling`; the legend says it for `backend`.
    func update(in tree: inout LayerTree, target: SIMD2<Double>, position: SIMD2<Double>, pulled: Bool,
                walled: Bool, falling: Bool, backend: String) {
        tree[anchor].isHidden = !pulled
        tree[anchor].position = target
        let d = position - target, length = (d * d).sum().squareRoot()
        tree[attachment].isHidden = !pulled || length < 14
        // Stretched and turned only while shown: a hidden line's model is left as it was, so a card settling within
        // 14 px of its target writes nothing (the window's list is kept; the line is drawn apart when shown).
        if !tree[attachment].isHidden {
            tree[attachment].size = SIMD2(max(length, 1), 2)
            tree[attachment].position = (position + target) / 2
            tree[attachment].rotation = Double.atan2(y: d.y, x: d.x)
        }
        tree[gravity].isHidden = !falling
        for id in tree.sublayers(of: walls) { tree[id].backgroundColor = walled ? Self.activeWallColor : Self.wallColor }
        let lines = Self.legend(backend: backend, walled: walled, falling: falling)
        for (id, line) in zip(legend, lines) where Self.text(tree[id].content) != line {
            if case let .text(_, size, color, weight, alignment) = tree[id].content {
                tree[id].content = .text(line, size: size, color: color, weight: weight, alignment: alignment)
            }
        }
    }

    /// What pulls the card on `backend`, and what else acts: two lines. Each set is made once (`update` asks for one
    /// every frame: an array literal here was the one allocation of a playground frame that only moves the card).
    static func legend(backend: String, walled: Bool, falling: Bool) -> [String] {
        switch backend {
        case "dynamics": falling ? Legends.falling : Legends.attached
        case "tween": Legends.tween
        case "pop": Legends.pop
        default: Legends.spring
        }
    }

    /// The legend's lines on each backend.
    private enum Legends {
        static let attached = ["attachment to the ring: 3.5 Hz, damping 0.4",
                               "walls bounce 0.6 · tap it to push · g: gravity"]
        static let falling = ["falling free: gravity, walls bounce 0.6", "g: attach it again where it is"]
        static let tween = ["tween to the ring: 0.4 s ease-in-out", "retargets add up (iOS 8) · keys 1-4: backend"]
        static let pop = ["pop spring to the ring: bounciness 6, speed 15", "keys 1-4: backend · 2: walls and gravity"]
        static let spring = ["spring to the ring: response 0.5 s, damping 0.8",
                             "keys 1-4: backend · 2: walls and gravity"]
    }

    /// The most characters a line of the legend has, on any backend.
    static let widestLegend: Double = {
        var widest = 0
        for backend in ["spring", "dynamics", "tween", "pop"] {
            for walled in [false, true] {
                for falling in [false, true] {
                    widest = max(widest, legend(backend: backend, walled: walled, falling: falling).map(\.count).max() ?? 0)
                }
            }
        }
        return Double(widest)
    }()

    private static func text(_ content: LayerContent) -> String {
        if case let .text(string, _, _, _, _) = content { return string }
        return ""
    }

    /// A body's face, as sublayers of `tile` (a `side` px square of `color`): an app's icon, a white `icon` on a
    /// lighter disc (the tile's: a music app's note on orange), the shape one throws the card at. Rounded rectangles
    /// and one glyph, drawn once on its surface.
    static func addTileFace(to tile: LayerID, side: Double, icon: Icon = .note, color: RGBA = Palette.orange,
                            in tree: inout LayerTree) {
        let disc = (side * 0.62).rounded(), inset = ((side - disc) / 2).rounded()
        var back = Layer(frame: DrawRect(x: inset, y: inset, width: disc, height: disc),
                         backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.22), cornerRadius: disc / 2)
        back.isHitTestable = false
        tree.add(back, to: tile)
        let glyph = (side * 0.42).rounded(), at = ((side - glyph) / 2).rounded()
        for part in icon.layers(in: DrawRect(x: at, y: at, width: glyph, height: glyph), color: Palette.white,
                                background: color) {
            var part = part
            part.isHitTestable = false
            tree.add(part, to: tile)
        }
    }

    /// The flash where the card and the tile meet: a ring of the walls' lit colour (a ripple out from the impact;
    /// a filled disc fading as it swelled read as a dark smudge beside the knocked tile), invisible until `flash`.
    /// Sixteen segments: it is drawn again every frame it shows.
    static func addSpark(into tree: inout LayerTree) -> LayerID {
        var spark = Layer(frame: DrawRect(x: 0, y: 0, width: 40, height: 40))
        spark.content = .path((0..<16).map { k in
            let t = 2 * Double.pi * Double(k) / 16
            return SIMD2(20 + 17 * Double.cos(t), 20 + 17 * Double.sin(t))
        }, lineWidth: 3, color: activeWallColor, closed: true)
        spark.isHitTestable = false
        spark.opacity = 0
        return tree.add(spark)
    }

    /// Lights the spark at `point`: it swells and fades in about a fifth of a second (springs, so a second impact
    /// mid-fade lights it again from where it is). Small and short: it is redrawn in the window every frame it shows
    /// (at 1920x1080@2 a larger, longer flash doubled the app's frame cost while the card pushed the tile along).
    static func flash(_ spark: LayerID, at point: SIMD2<Double>, in tree: inout LayerTree) {
        _ = tree.removeAnimation(.opacity, of: spark)
        _ = tree.removeAnimation(.scale, of: spark)
        tree[spark].position = point
        let fade = SpringParameters(response: 0.18, dampingRatio: 1)
        tree.animate(.opacity, of: spark, with: .spring(SpringAnimation(parameters: fade, restThreshold: .scale,
                                                                         value: SIMD2(1, 0), velocity: .zero,
                                                                         target: .zero)))
        tree.animate(.scale, of: spark, with: .spring(SpringAnimation(parameters: fade, restThreshold: .scale,
                                                                       value: SIMD2(0.7, 0), velocity: .zero,
                                                                       target: SIMD2(1.5, 0))))
        tree[spark].opacity = 0
        tree[spark].scale = 1.5
    }

    /// The card's face, as sublayers of `card` (a `side` px square): a photo (a sunset over the sea), its
    /// title and a line under it in real text (`faceTitle`, `faceLine`: dark on the white card, 11 and 9.5 px
    /// capitals on a phone's card, larger on a larger one; they turn and scale with the card), and a handle on each
    /// rounded corner, as a shape one can take by its corners to scale and turn (pinch, twist). The card is on a
    /// surface of its own: its face is drawn once there while it only moves (a frame that slides it draws no text),
    /// again only while it turns or scales. No stroked glyphs on it: a landscape and pinch and twist arrows drawn
    /// as paths on the card cost the renderer 3.6 ms a frame (`momentum bench`).
    static func addCardFace(to card: LayerID, side: Double, in tree: inout LayerTree) {
        func add(_ frame: DrawRect, _ color: RGBA, radius: Double) {
            var layer = Layer(frame: frame, backgroundColor: color, cornerRadius: radius)
            layer.isHitTestable = false
            tree.add(layer, to: card)
        }
        // Laid out for the phone's 160 px card, every measure `k` times that on a larger one.
        let k = side / PlaygroundScene.cardSide
        func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> DrawRect {
            DrawRect(x: (x * k).rounded(), y: (y * k).rounded(), width: (w * k).rounded(), height: (h * k).rounded())
        }
        let inset = 10.0, photo = DrawRect(x: inset, y: inset, width: 160 - 2 * inset, height: 160 * 0.58)
        // The photo: a dusk sky, the sun setting into the sea (its lower half behind the water), its path on the
        // water, and two clouds (a pill and a puff each, opaque so they do not darken where they meet).
        let radius = (PlaygroundScene.cornerRadius - inset) * k, horizon = photo.y + 56
        add(r(photo.x, photo.y, photo.width, photo.height), Palette.indigo, radius: radius)
        add(r(photo.x + 84, horizon - 15, 30, 30), Palette.yellow, radius: 15 * k)
        let sea = RGBA(hex: 0x2F2E8C)
        add(r(photo.x, horizon, photo.width, photo.maxY - horizon), sea, radius: radius)
        // Its top edge square: a plain band as tall as the corners' radius over the rounded one's top corners.
        add(r(photo.x, horizon, photo.width, PlaygroundScene.cornerRadius - inset), sea, radius: 0)
        let glint = RGBA(hex: 0xFFD60A, alpha: 0.85)
        add(r(photo.x + 88, horizon + 6, 22, 3), glint, radius: 1.5 * k)
        add(r(photo.x + 93, horizon + 13, 12, 3), glint, radius: 1.5 * k)
        let cloud = RGBA(hex: 0xE4E3FB)
        add(r(photo.x + 14, photo.y + 24, 46, 14), cloud, radius: 7 * k)
        add(r(photo.x + 24, photo.y + 14, 20, 20), cloud, radius: 10 * k)
        add(r(photo.x + 44, photo.y + 40, 30, 10), cloud, radius: 5 * k)
        add(r(photo.x + 50, photo.y + 34, 14, 14), cloud, radius: 7 * k)
        // The title and the line, from the photo's left edge + 4 to as far from the right edge.
        let top = photo.maxY + 12, textX = inset + 4, textWidth = 160 - 2 * textX
        tree.add(.text(faceTitle, frame: r(textX, top, textWidth, faceTitleSize * 1.4), size: faceTitleSize * k,
                       color: Palette.ink, weight: .semibold), to: card)
        tree.add(.text(faceLine, frame: r(textX, top + 20, textWidth, SceneHint.lineSize * 1.4),
                       size: SceneHint.lineSize * k, color: Palette.secondary), to: card)
        // A handle on each corner, where the rounded corner's arc is at 45°.
        let at = PlaygroundScene.cornerRadius * k * (1 - 0.5.squareRoot()), handle = 5.0 * k
        for corner in [SIMD2(at, at), SIMD2(side - at, at), SIMD2(at, side - at), SIMD2(side - at, side - at)] {
            add(DrawRect(origin: corner - handle, size: SIMD2(repeating: 2 * handle)), Palette.accent, radius: handle)
        }
    }
}
