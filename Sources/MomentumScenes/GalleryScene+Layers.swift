import MomentumCore
import MomentumLayers

/// Handles of the gallery's layers that the scene animates or lays out.
struct GalleryLayerIDs: Sendable {
    /// Per lane: its label, its track line, its lane space (scale = the lane's length) and the dot in it.
    var laneLabels: [LayerID] = [], laneTracks: [LayerID] = [], laneSpaces: [LayerID] = [], laneDots: [LayerID] = []
    /// The lanes' group (zero-size at the origin: its sublayers are placed in the root's coordinates), and a clear
    /// rectangle in it around everything the lanes draw.
    var lanes: LayerID, lanesExtent: LayerID, lanesCaption: LayerID
    /// The dots' group over it (zero-size at the origin as well), and a clear rectangle in it around where the dots
    /// run.
    var dots: LayerID, dotsExtent: LayerID
    var fieldLabel: LayerID, field: LayerID, fieldCaption: LayerID
    /// What of the orbit never moves (zero-size at the origin, drawn apart once: a clear rectangle around it, the
    /// ellipse and the sun), and its centre (a zero-size layer holding the satellite).
    var orbitBack: LayerID, orbitExtent: LayerID, orbitPath: LayerID, sun: LayerID
    var orbitCentre: LayerID, satellite: LayerID, orbitCaption: LayerID
    /// The cover stack's anchor (zero-size) and the cards in it, by id.
    var coversAnchor: LayerID, cards: [LayerID] = [], coversCaption: LayerID

    /// Every single handle at `placeholder` (the root) until its layer is added.
    init(placeholder: LayerID) {
        (lanes, lanesExtent, lanesCaption) = (placeholder, placeholder, placeholder)
        (dots, dotsExtent) = (placeholder, placeholder)
        (fieldLabel, field, fieldCaption) = (placeholder, placeholder, placeholder)
        (orbitBack, orbitExtent, orbitPath, sun) = (placeholder, placeholder, placeholder, placeholder)
        (orbitCentre, satellite, orbitCaption) = (placeholder, placeholder, placeholder)
        (coversAnchor, coversCaption) = (placeholder, placeholder)
    }
}

extension GalleryScene {
    /// Lane colours, top to bottom.
    static let laneColors: [UInt32] = [0x8E8E93, 0x3478F6, 0x34C759, 0xFF9F0A, 0x5E5CE6, 0xFF375F, 0x64D2FF, 0xFFD60A,
                                       0xFFD60A]
    /// Cover colours by id.
    static let coverColors: [UInt32] = [0xFF375F, 0xFF9F0A, 0x34C759, 0x3478F6]
    /// The grid's cards: a glass a shade lighter than the backdrop.
    static let cardColor = RGBA(r: 1, g: 1, b: 1, a: 0.06)
    /// Caption colour.
    static let captionColor = RGBA(r: 1, g: 1, b: 1, a: 0.78)
    static let labelColor = RGBA(r: 1, g: 1, b: 1, a: 0.88)
    /// The capital heights of the labels and captions (13 px type), logical px of the layout.
    static let labelSize = 9.5, captionSize = 9.5
    /// The shake field's caption.
    static let fieldCaptionText = "tap: shake (additive keyframes)"
    /// The same where the short layout's last column is narrower than it (640x360, 568x320: it ran left over the
    /// cover stack's card and, at 568x320, over its caption).
    static let shortFieldCaptionText = "tap: shake (additive)"
    /// About the width a line of `text` takes at capital height `size`: 0.68 of it a character, taken generously
    /// (Inter's lower case runs 0.55–0.64).
    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.68 }

    /// Appends the presented layer tree (lanes, form field, orbit and covers) over each lane's timing curve.
    public func draw(into list: inout DrawList) {
        list.commands += laneCurves.commands
        layers.draw(into: &list)
    }

    /// The same, with up to `limit` layers drawn apart (the lanes, whose dots run; the password field, which shakes
    /// sideways; the satellite, which turns as it orbits).
    public func draw(into list: inout DrawList, separating limit: Int) -> [SeparateLayer] {
        list.commands += laneCurves.commands
        return layers.draw(into: &list, separating: limit)
    }

    /// Each lane's timing function plotted faintly along its track: time across the lane, progress from 11 px below
    /// the lane's line to 11 px above it, so the curve each dot follows is seen beside the dot. They change only
    /// with the layout: kept in `laneCurves`, made again by `resize`.
    static func laneCurves(layout: GalleryLayout, zoom: Double) -> DrawList {
        var list = DrawList()
        func toWindow(_ p: SIMD2<Double>) -> SIMD2<Double> { layout.toWindow(p, zoom: zoom) }
        // The grid's cards under everything (they change only with the layout, as the curves do).
        for card in layout.cards {
            let origin = toWindow(card.origin)
            list.addRoundedRect(DrawRect(origin: origin, size: card.size * zoom),
                                cornerRadius: GalleryLayout.cardRadius * zoom, fill: cardColor)
        }
        let ink = RGBA(r: 1, g: 1, b: 1, a: 0.22)
        for (i, lane) in GalleryLane.all.enumerated() {
            let y = layout.laneY(i), x0 = layout.laneStartX, x1 = layout.laneEndX
            let points = (0...32).map { k -> SIMD2<Double> in
                let t = Double(k) / 32
                return toWindow(SIMD2(x0 + t * (x1 - x0), y + 11 - 22 * lane.timingFunction.value(at: t)))
            }
            list.addPolyline(points, width: 1.5 * zoom, color: ink)
        }
        return list
    }

    /// A text layer whose first line's top-left corner is at `origin`.
    static func text(_ string: String, at origin: SIMD2<Double>, size: Double, color: RGBA) -> Layer {
        Layer.text(string, frame: DrawRect(origin: origin, size: .zero), size: size, color: color)
    }

    /// A circle of `radius` centred at `centre` in its superlayer.
    static func circle(_ centre: SIMD2<Double>, radius: Double, fill: RGBA) -> Layer {
        Layer(frame: DrawRect(origin: centre - radius, size: SIMD2(repeating: 2 * radius)), backgroundColor: fill,
              cornerRadius: radius)
    }

    /// Builds the tree for `layout` with the satellite at the orbit's start and the covers at `covers`, at rest.
    static func makeLayers(layout: GalleryLayout, orbit: GalleryOrbit,
                           covers: [GalleryCoverStack.Card]) -> (LayerTree, GalleryLayerIDs) {
        var tree = LayerTree(size: SIMD2(layout.width, layout.height))
        var ids = GalleryLayerIDs(placeholder: tree.root)
        let track = RGBA(r: 1, g: 1, b: 1, a: 0.14)
        // The lanes' labels and tracks, on a surface of their own drawn once; the dots over them on another: while
        // the dots run, only the dots' surface is drawn again — nine shadowless circles, written by the CPU
        // (`ShapeRaster`), with no GL round trip —, not the labels and tracks, nor the window.
        let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
        var lanes = Layer(frame: DrawRect(origin: .zero, size: .zero))
        lanes.wantsOwnSurface = true
        ids.lanes = tree.add(lanes)
        // Clear, around the lanes: their surface keeps one size whether a dot is at a lane's end or not (a size that
        // changes is a new buffer, drawn whole).
        var extent = Layer(frame: DrawRect(x: 0, y: 0, width: 0, height: 0), backgroundColor: clear)
        extent.isHitTestable = false
        ids.lanesExtent = tree.add(extent, to: ids.lanes)
        for lane in GalleryLane.all {
            ids.laneLabels.append(tree.add(text(lane.label, at: .zero, size: labelSize, color: labelColor), to: ids.lanes))
            ids.laneTracks.append(tree.add(Layer(frame: DrawRect(x: 0, y: 0, width: 1, height: 2), backgroundColor: track),
                                           to: ids.lanes))
        }
        // A dot never reaches another lane's label or track (a lane is at least 24 px, a dot 18), so drawing the dots
        // after all of them draws what drawing each after its own lane's did.
        var dots = Layer(frame: DrawRect(origin: .zero, size: .zero))
        dots.wantsOwnSurface = true
        dots.isHitTestable = false
        ids.dots = tree.add(dots)
        // Clear, around where the dots run: the same buffer size on every frame (a dot past a lane's end widens it).
        var dotsExtent = Layer(frame: DrawRect(x: 0, y: 0, width: 0, height: 0), backgroundColor: clear)
        dotsExtent.isHitTestable = false
        ids.dotsExtent = tree.add(dotsExtent, to: ids.dots)
        for i in GalleryLane.all.indices {
            var space = Layer(frame: DrawRect(origin: .zero, size: .zero), anchorPoint: .zero)
            space.isHitTestable = false
            let spaceID = tree.add(space, to: ids.dots)
            ids.laneSpaces.append(spaceID)
            let color = RGBA(hex: laneColors[i % laneColors.count])
            ids.laneDots.append(tree.add(circle(.zero, radius: 0.01, fill: color), to: spaceID))
        }
        var lanesCaption = text("tap: run back (restart, additive)", at: .zero, size: captionSize, color: captionColor)
        lanesCaption.role = .control(GalleryItem.lanes.rawValue)
        ids.lanesCaption = tree.add(lanesCaption)

        ids.fieldLabel = tree.add(text("password", at: .zero, size: labelSize, color: labelColor))
        var field = Layer(frame: layout.shakeField, backgroundColor: RGBA(hex: 0xF4F5F8), cornerRadius: 10)
        field.shadow = DropShadow(blurRadius: 10, offset: SIMD2(0, 2), color: RGBA(r: 0, g: 0, b: 0, a: 0.3))
        // It shakes sideways: on a surface of its own the compositor moves it.
        field.wantsOwnSurface = true
        field.role = .control(GalleryItem.shake.rawValue)
        ids.field = tree.add(field)
        for k in 0..<6 {
            tree.add(circle(SIMD2(24 + Double(k) * 18, layout.shakeField.height / 2), radius: 4,
                            fill: RGBA(hex: 0x1C1C1E)), to: ids.field)
        }
        var fieldCaption = Layer.text(Self.fieldCaptionText, frame: DrawRect(x: 0, y: 0, width: 1, height: 1),
                                      size: captionSize, color: captionColor, alignment: .center)
        fieldCaption.role = .control(GalleryItem.shake.rawValue)
        ids.fieldCaption = tree.add(fieldCaption)

        // The orbit is drawn over the cover stack: a shuffling cover flies behind the planet, its satellite and its
        // caption, never over them (on a phone its swing reaches under the orbit). Its ellipse and sun never move:
        // on a surface of their own between the covers' and the satellite's, drawn once.
        var back = Layer(frame: DrawRect(origin: .zero, size: .zero))
        back.zPosition = 1
        back.wantsOwnSurface = true
        back.isHitTestable = false
        ids.orbitBack = tree.add(back)
        // Clear, around the ellipse's stroke and its anti-aliased edge (a layer drawn apart is drawn inside what
        // its layers' frames reach).
        var orbitExtent = Layer(frame: DrawRect(x: 0, y: 0, width: 0, height: 0), backgroundColor: RGBA(r: 0, g: 0, b: 0, a: 0))
        orbitExtent.isHitTestable = false
        ids.orbitExtent = tree.add(orbitExtent, to: ids.orbitBack)
        var path = Layer(frame: DrawRect(origin: .zero, size: .zero))
        path.content = .ellipse(lineWidth: 1.5, color: RGBA(r: 1, g: 1, b: 1, a: 0.25))
        path.isHitTestable = false
        ids.orbitPath = tree.add(path, to: ids.orbitBack)
        var sun = circle(.zero, radius: 22, fill: RGBA(hex: 0xFF9F0A))
        sun.shadow = DropShadow(blurRadius: 16, offset: .zero, color: RGBA(hex: 0xFF9F0A, alpha: 0.5))
        sun.isHitTestable = false
        ids.sun = tree.add(sun, to: ids.orbitBack)
        var centre = Layer(frame: DrawRect(origin: .zero, size: .zero))
        centre.zPosition = 1
        ids.orbitCentre = tree.add(centre)
        // The satellite: a body elongated along its direction of travel (rotate-auto), two panels across it and a
        // nose ahead, in the body's own coordinates (x along travel, y across).
        let pose = orbit.restingPose(progress: 0)
        var body = Layer(frame: DrawRect(origin: pose.position - SIMD2(12, 6), size: SIMD2(24, 12)),
                         backgroundColor: RGBA(hex: 0xE5E5EA), cornerRadius: 5)
        body.rotation = pose.angle
        // It turns as it orbits: drawn on a small surface of its own, the window is not drawn again.
        body.wantsOwnSurface = true
        body.role = .control(GalleryItem.satellite.rawValue)
        ids.satellite = tree.add(body, to: ids.orbitCentre)
        for side in [-1.0, 1.0] {
            tree.add(Layer(frame: DrawRect(x: 12 - 4, y: 6 + side * 13 - 7, width: 8, height: 14),
                           backgroundColor: RGBA(hex: 0x3478F6), cornerRadius: 2), to: ids.satellite)
        }
        tree.add(circle(SIMD2(12 + 11, 6), radius: 3, fill: RGBA(hex: 0xFF375F)), to: ids.satellite)
        var orbitCaption = Layer.text("tap: 3 laps, rotate-auto", frame: DrawRect(x: 0, y: 0, width: 1, height: 1),
                                      size: captionSize, color: captionColor, alignment: .center)
        orbitCaption.zPosition = 1
        orbitCaption.role = .control(GalleryItem.satellite.rawValue)
        ids.orbitCaption = tree.add(orbitCaption)

        // The cards fly and turn when shuffled, on a surface of their own under the orbit's (drawn as placed while
        // they turn: only that surface is drawn again, not the window).
        var anchor = Layer(frame: DrawRect(origin: .zero, size: .zero))
        anchor.wantsOwnSurface = true
        ids.coversAnchor = tree.add(anchor)
        let shadow = DropShadow(blurRadius: 14, offset: SIMD2(0, 3), color: RGBA(r: 0, g: 0, b: 0, a: 0.35))
        let size = GalleryLayout.cardSize
        for card in covers {
            var layer = Layer(frame: DrawRect(origin: card.position - size / 2, size: SIMD2(size, size)),
                              backgroundColor: RGBA(hex: coverColors[card.id % coverColors.count]), cornerRadius: 12)
            layer.shadow = shadow
            layer.rotation = card.rotation
            layer.zPosition = card.z
            layer.role = .control(GalleryItem.covers.rawValue)
            let id = tree.add(layer, to: ids.coversAnchor)
            tree.add(text("\(card.id + 1)", at: SIMD2(12, size - 26), size: 14, color: RGBA(r: 1, g: 1, b: 1, a: 0.9)),
                     to: id)
            ids.cards.append(id)
        }
        var coversCaption = Layer.text("tap: shuffle (+0.5 s)", frame: DrawRect(x: 0, y: 0, width: 1, height: 1),
                                       size: captionSize, color: captionColor, alignment: .center)
        coversCaption.role = .control(GalleryItem.covers.rawValue)
        ids.coversCaption = tree.add(coversCaption)
        var scene = (tree: tree, ids: ids)
        applyLayout(layout, orbit: orbit, to: &scene.tree, ids: ids)
        return scene
    }

    /// Places every layer the layout decides (animated values are fractions, offsets or relative to an anchor, so
    /// a resize keeps each motion where it is along its animation).
    mutating func applyLayout() { Self.applyLayout(layout, orbit: orbit, to: &layers, ids: ids) }

    static func applyLayout(_ layout: GalleryLayout, orbit: GalleryOrbit, to tree: inout LayerTree,
                            ids: GalleryLayerIDs) {
        func place(_ id: LayerID, at origin: SIMD2<Double>) { tree[id].position = origin }
        tree[tree.root].size = SIMD2(layout.width, layout.height)

        let length = layout.laneEndX - layout.laneStartX
        let radius = GalleryLayout.dotRadius
        for i in GalleryLane.all.indices {
            let y = layout.laneY(i)
            place(ids.laneLabels[i], at: SIMD2(layout.lanesFrame.x, (y - labelSize / 2).rounded()))
            tree[ids.laneTracks[i]].frame = DrawRect(x: layout.laneStartX, y: y - 1, width: length, height: 2)
            place(ids.laneSpaces[i], at: SIMD2(layout.laneStartX, y))
            tree[ids.laneSpaces[i]].scale = length
            // The dot in lane units: radius / length, so it is `radius` px on screen.
            tree[ids.laneDots[i]].size = SIMD2(repeating: 2 * radius / length)
            tree[ids.laneDots[i]].cornerRadius = radius / length
        }
        // A dot at a lane's end reaches the frame's edge, its anti-aliased edge a pixel past it.
        tree[ids.lanesExtent].frame = layout.lanesFrame.insetBy(-2)
        tree[ids.dotsExtent].frame = DrawRect(x: layout.laneStartX - radius, y: layout.lanesFrame.y,
                                              width: length + 2 * radius, height: layout.lanesFrame.height).insetBy(-2)
        // Under the tracks; on a landscape phone, whose lanes are short, under the labels (from the tracks it ran
        // past the lanes' card).
        place(ids.lanesCaption, at: SIMD2(layout.isShort ? layout.lanesFrame.x : layout.laneStartX - radius,
                                          layout.lanesFrame.maxY + 6))

        let rest = layout.shakeField
        // Left of the field, in the label column; above it in the short layout (the field has a column of its own).
        place(ids.fieldLabel, at: layout.isShort ? SIMD2(rest.x, rest.y - 17)
                : SIMD2(rest.x - layout.labelWidth, (rest.center.y - labelSize / 2).rounded()))
        tree.setModelValue(rest.center, for: .position, of: ids.field)
        tree[ids.field].size = rest.size  // layouts differ in its width (the short one's column is narrower)
        // Centred under the field; the landscape phone's field is narrower than its caption, at the window's edge:
        // there the caption's centre moves left until its text keeps the margin from the edge (it ran to 7 px of it).
        let caption = layout.isShort && Self.textWidth(Self.fieldCaptionText, size: captionSize)
            > rest.width + 2 * GalleryLayout.smallPadding - 12 ? Self.shortFieldCaptionText : Self.fieldCaptionText
        tree[ids.fieldCaption].content = .text(caption, size: captionSize, color: captionColor, alignment: .center)
        let captionWidth = Swift.max(rest.width, Self.textWidth(caption, size: captionSize))
        let captionCentre = Swift.min(rest.center.x, layout.width - GalleryLayout.margin - captionWidth / 2)
        tree[ids.fieldCaption].frame = DrawRect(x: (captionCentre - captionWidth / 2).rounded(), y: rest.maxY + 8,
                                                width: captionWidth.rounded(), height: captionSize * 1.4)

        tree[ids.orbitPath].frame = DrawRect(origin: layout.orbitCenter - orbit.radii, size: 2 * orbit.radii)
        tree[ids.orbitExtent].frame = tree[ids.orbitPath].frame.insetBy(-3)
        tree[ids.sun].position = layout.orbitCenter
        place(ids.orbitCentre, at: layout.orbitCenter)
        // Centred under the orbit (on a phone the orbit is at the right edge: a caption from its left edge ran off).
        tree[ids.orbitCaption].frame = DrawRect(x: layout.orbitFrame.x, y: layout.orbitFrame.maxY + 2,
                                                width: layout.orbitFrame.width, height: captionSize * 1.4)

        place(ids.coversAnchor, at: layout.coversAnchor)
        tree[ids.coversCaption].frame = DrawRect(x: layout.coversFrame.x, y: layout.coversFrame.maxY + 4,
                                                 width: layout.coversFrame.width, height: captionSize * 1.4)
    }
}
