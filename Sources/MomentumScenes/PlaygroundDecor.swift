import MomentumCore
import MomentumLayers
import RealModule

/// What the playground draws so a user sees what acts on the card: the field it moves in (a grid below the chrome
/// band, edged by the walls it bounces off on the dynamics backend, lit while they act), the ring where the position
/// animation pulls it and the line from there to the card (the spring or the attachment), gravity's arrow, and a
/// legend naming what pulls and how hard. Everything is under the card and takes no touches.
struct PlaygroundDecor {
    private let field: LayerID, grid: LayerID, walls: LayerID, gravity: LayerID, attachment: LayerID
    let anchor: LayerID
    private let legend: [LayerID]
    /// The gesture guide under the hint where there is room (a large window): a chip per gesture, its glyph and what
    /// it does.
    private let chips: [LayerID]
    static let guide: [(icon: Icon, label: String)] = [(.flick, "Flick to throw"), (.pinch, "Pinch to scale"),
                                                       (.twist, "Twist to turn"), (.tap, "Tap to send it")]
    static let chipHeight = 34.0, chipGap = 10.0
    /// A chip's width for `label`: the glyph, the label (about 0.68 of the capital height a character), margins.
    static func chipWidth(_ label: String) -> Double {
        (40 + Double(label.count) * 0.68 * SceneHint.lineSize + 14).rounded()
    }
    /// The guide's width, every chip and the gaps between.
    static var guideWidth: Double {
        guide.map { chipWidth($0.label) }.reduce(0, +) + Double(guide.count - 1) * chipGap
    }
    /// The grid's step, logical px.
    static let gridStep = 48.0
    /// The walls' and the grid's colours: at rest, and while the walls act (the dynamics backend).
    static let wallColor = RGBA(r: 1, g: 1, b: 1, a: 0.14), activeWallColor = RGBA(hex: 0x64D2FF, alpha: 0.75)
    static let gridColor = RGBA(r: 1, g: 1, b: 1, a: 0.055)
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
        field = tree.add(plain(Layer(frame: zero, backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.03))))
        grid = tree.add(plain(Layer(frame: zero, anchorPoint: .zero)))
        walls = tree.add(plain(Layer(frame: zero, anchorPoint: .zero)))
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
        var line = plain(Layer(frame: DrawRect(x: 0, y: 0, width: 1, height: 2), backgroundColor: Self.pullColor,
                               cornerRadius: 1))
        line.isHidden = true
        attachment = tree.add(line)
        var ring = plain(Layer(frame: DrawRect(x: 0, y: 0, width: 26, height: 26)))
        ring.content = .ellipse(lineWidth: 2, color: Self.pullColor)
        ring.isHidden = true
        anchor = tree.add(ring)
        tree.add(plain(Layer(frame: DrawRect(x: 10, y: 10, width: 6, height: 6), backgroundColor: Palette.white,
                             cornerRadius: 3)), to: anchor)
        let ink = RGBA(r: 1, g: 1, b: 1, a: 0.88)
        chips = Self.guide.map { entry in
            let width = Self.chipWidth(entry.label)
            var box = plain(Layer(frame: DrawRect(x: 0, y: 0, width: width, height: Self.chipHeight),
                                  backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.1), cornerRadius: Self.chipHeight / 2))
            box.isHidden = true
            let chip = tree.add(box)
            for part in entry.icon.layers(in: DrawRect(x: 12, y: 7, width: 20, height: 20), color: ink,
                                          background: RGBA(r: 0, g: 0, b: 0, a: 0)) {
                tree.add(plain(part), to: chip)
            }
            tree.add(.text(entry.label, frame: DrawRect(x: 40, y: ((Self.chipHeight - SceneHint.lineSize) / 2).rounded(),
                                                        width: width - 48, height: 14),
                           size: SceneHint.lineSize, color: ink), to: chip)
            return chip
        }
    }

    /// Shows the gesture guide centred in a window `width` wide with its top at `top`, or hides it (nil).
    func placeGuide(in tree: inout LayerTree, top: Double?, width: Double) {
        var x = ((width - Self.guideWidth) / 2).rounded()
        for (chip, entry) in zip(chips, Self.guide) {
            tree[chip].isHidden = top == nil
            tree[chip].frame = DrawRect(x: x, y: top ?? 0, width: Self.chipWidth(entry.label), height: Self.chipHeight)
            x += Self.chipWidth(entry.label) + Self.chipGap
        }
    }

    /// Lays the field, its grid, walls, the legend and gravity's arrow out over `rect` (the area the card moves in)
    /// in a container of `size`.
    func place(in tree: inout LayerTree, rect: DrawRect, size: SIMD2<Double>) {
        tree[field].frame = rect
        tree.removeSublayers(of: grid)
        tree.removeSublayers(of: walls)
        let step = Self.gridStep, centre = rect.center
        func line(_ frame: DrawRect, _ color: RGBA, in parent: LayerID) {
            var layer = Layer(frame: frame, backgroundColor: color)
            layer.isHitTestable = false
            tree.add(layer, to: parent)
        }
        // Lines through the field's centre (where the card starts) and every step from there.
        var x = centre.x - (((centre.x - rect.x) / step).rounded(.down)) * step
        while x < rect.maxX - 1 {
            if x > rect.x + 1 { line(DrawRect(x: x.rounded(), y: rect.y, width: 1, height: rect.height), Self.gridColor, in: grid) }
            x += step
        }
        var y = centre.y - (((centre.y - rect.y) / step).rounded(.down)) * step
        while y < rect.maxY - 1 {
            if y > rect.y + 1 { line(DrawRect(x: rect.x, y: y.rounded(), width: rect.width, height: 1), Self.gridColor, in: grid) }
            y += step
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
        let lineSize = SceneHint.lineSize * scale, step2 = (SceneHint.lineStep * scale).rounded()
        for (k, id) in legend.enumerated() {
            let top = rect.maxY - 18 - lineSize - Double(legend.count - 1 - k) * step2
            tree[id].frame = DrawRect(x: rect.x + 18, y: top.rounded(), width: max(rect.width - 36, 1),
                                      height: lineSize * 1.4)
            tree[id].content = .text(Self.text(tree[id].content), size: lineSize,
                                     color: RGBA(r: 1, g: 1, b: 1, a: k == 0 ? 0.82 : 0.64))
        }
        tree[gravity].position = SIMD2(rect.maxX - 36, rect.y + 24 + 32)
    }

    /// Shows what acts on the card now: the pull from `target` to the card at `position` while `pulled`, the walls
    /// lit while `walled`, gravity's arrow while `falling`; the legend says it for `backend`.
    func update(in tree: inout LayerTree, target: SIMD2<Double>, position: SIMD2<Double>, pulled: Bool,
                walled: Bool, falling: Bool, backend: String) {
        tree[anchor].isHidden = !pulled
        tree[anchor].position = target
        let d = position - target, length = (d * d).sum().squareRoot()
        tree[attachment].isHidden = !pulled || length < 14
        if pulled {
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

    /// What pulls the card on `backend`, and what else acts: two lines.
    static func legend(backend: String, walled: Bool, falling: Bool) -> [String] {
        switch backend {
        case "dynamics":
            return [falling ? "falling free: gravity, walls bounce 0.6" : "attachment to the ring: 3.5 Hz, damping 0.4",
                    falling ? "g: attach it again where it is" : "walls bounce 0.6 · tap it to push · g: gravity"]
        case "tween":
            return ["tween to the ring: 0.4 s ease-in-out", "retargets add up (iOS 8) · keys 1-4: backend"]
        case "pop":
            return ["pop spring to the ring: bounciness 6, speed 15", "keys 1-4: backend · 2: walls and gravity"]
        default:
            return ["spring to the ring: response 0.5 s, damping 0.8", "keys 1-4: backend · 2: walls and gravity"]
        }
    }

    private static func text(_ content: LayerContent) -> String {
        if case let .text(string, _, _, _, _) = content { return string }
        return ""
    }

    /// The card's face, as sublayers of `card` (a `side` px square): a photo (a sky with a sun over two peaks), two
    /// lines of its caption, and the gestures it takes (pinch, twist) in the corner. Drawn from shapes, so it turns
    /// and scales with the card.
    static func addCardFace(to card: LayerID, side: Double, in tree: inout LayerTree) {
        func add(_ layer: Layer) {
            var layer = layer
            layer.isHitTestable = false
            tree.add(layer, to: card)
        }
        let inset = 10.0, photo = DrawRect(x: inset, y: inset, width: side - 2 * inset, height: side * 0.58)
        add(Layer(frame: photo, backgroundColor: Palette.indigo, cornerRadius: PlaygroundScene.cornerRadius - inset))
        add(Layer(frame: DrawRect(x: photo.maxX - 38, y: photo.y + 14, width: 20, height: 20),
                  backgroundColor: Palette.yellow, cornerRadius: 10))
        let peaks = DrawRect(x: photo.x + 16, y: photo.maxY - 50, width: photo.width - 32, height: 50)
        for part in Icon.mountains.layers(in: DrawRect(x: peaks.x, y: peaks.maxY - peaks.width, width: peaks.width,
                                                          height: peaks.width),
                                          color: RGBA(hex: 0xA5A4F3), background: Palette.indigo) {
            add(part)
        }
        let text = photo.maxY + 12
        add(Layer(frame: DrawRect(x: inset + 4, y: text, width: 70, height: 9), backgroundColor: Palette.ink,
                  cornerRadius: 4.5))
        add(Layer(frame: DrawRect(x: inset + 4, y: text + 17, width: 46, height: 7), backgroundColor: Palette.handle,
                  cornerRadius: 3.5))
        let glyph = 22.0, bottom = side - inset - 4
        for (k, icon) in [Icon.pinch, .twist].enumerated() {
            let frame = DrawRect(x: side - inset - 2 - Double(2 - k) * (glyph + 4), y: bottom - glyph, width: glyph,
                                 height: glyph)
            for part in icon.layers(in: frame, color: Palette.accent, background: Palette.card) { add(part) }
        }
    }
}
