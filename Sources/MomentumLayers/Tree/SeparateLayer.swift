import Synchronization

/// A layer drawn apart from the rest of its tree, to be shown on a surface of its own that the compositor moves
/// (`Layer.wantsOwnSurface`): its content does not change while it only translates, so it is drawn once.
public struct SeparateLayer: Equatable, Sendable {
    /// The layer (nil for content drawn apart that is not a layer of a tree, such as an overlay).
    public var layer: LayerID?
    /// The layer and its sublayers (shadows included), drawn with the surface's top-left corner at (0, 0), logical px.
    public var content: DrawList
    /// The surface in root coordinates, whole logical px: where its top-left corner lies, and its size. The layer
    /// is shown at its presented position rounded to whole logical px (the unit a compositor places surfaces in).
    public var frame: DrawRect
    /// Parts of the surface (its own coordinates, whole logical px) that are fully opaque: the compositor need not
    /// draw what is under them.
    public var opaque: [DrawRect]
    /// Where the layer's commands would have gone in the list the rest of the tree was drawn into: the commands from
    /// there on are drawn above it.
    public var index: Int
    /// Where it may be shown as it moves besides `frame`, in root coordinates (`Layer.slidesWithin`; nil: only there).
    public var slidesWithin: DrawRect?
    /// From this y down (the surface's coordinates, logical px) its rows show as the row at that y repeated
    /// (`Layer.rowsRepeatBelow`, for a layer drawn at rest): they may be shown as that row stretched. Nil: none.
    public var rowsRepeatFrom: Double?
    /// For a layer drawn apart at rest (moved by a translation alone, its drawing retained): the presented top-left
    /// corner it is shown from, rounded to whole logical px (`LayerTree.shownTopLeft(of:)`); `frame` is that plus the
    /// drawing's offset. A frame that only moves it shows it `shownTopLeft - shownFrom` further (`moved(to:)`), with
    /// nothing drawn again. Nil for a layer drawn as placed (its drawing changes as it moves) or content not a layer.
    public var shownFrom: SIMD2<Double>?

    /// Content drawn apart: `content` with the surface's top-left corner at (0, 0), shown at `frame`.
    public init(layer: LayerID? = nil, content: DrawList, frame: DrawRect, opaque: [DrawRect] = [], index: Int = 0,
                slidesWithin: DrawRect? = nil, rowsRepeatFrom: Double? = nil) {
        self.layer = layer
        self.content = content
        self.frame = frame
        self.opaque = opaque
        self.index = index
        self.slidesWithin = slidesWithin
        self.rowsRepeatFrom = rowsRepeatFrom
    }

    /// Where it is shown now and may be shown as it moves (`frame` and `slidesWithin`): what the window draws above
    /// it over any of this is drawn above it apart (the run core's split), wherever it is now.
    public var sweep: DrawRect { slidesWithin.map { frame.union($0) } ?? frame }

    /// The layer drawn apart at rest shown from `topLeft` instead of `shownFrom` (its frame moved by as much): the
    /// same drawing. Only for one drawn apart at rest (`shownFrom` set).
    public mutating func moved(to topLeft: SIMD2<Double>) {
        guard let from = shownFrom, from != topLeft else { return }
        frame.origin += topLeft - from
        shownFrom = topLeft
    }
}

/// What a layer and its sublayers draw, for `LayerTree.separate`.
enum Extent {
    /// Nothing visible.
    case nothing
    /// Everything inside this rectangle.
    case drawn(DrawRect)
    /// Something turned or scaled (its extent is not kept as an axis-aligned rectangle here), or text with no size.
    case turned
}

extension DrawRect {
    /// Whether the two share any area (`intersection(_:)` is not nil; no rectangle made).
    public func intersects(_ other: DrawRect) -> Bool {
        let low = pointwiseMax(origin, other.origin)
        let high = pointwiseMin(origin + size, other.origin + other.size)
        return high.x > low.x && high.y > low.y
    }

    /// The part both cover, nil when they do not overlap (or only along an edge).
    public func intersection(_ other: DrawRect) -> DrawRect? {
        let low = pointwiseMax(origin, other.origin)
        let high = pointwiseMin(origin + size, other.origin + other.size)
        guard high.x > low.x, high.y > low.y else { return nil }
        return DrawRect(origin: low, size: high - low)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: DrawRect) -> DrawRect {
        let low = pointwiseMin(origin, other.origin)
        let high = pointwiseMax(origin + size, other.origin + other.size)
        return DrawRect(origin: low, size: high - low)
    }
}

extension LayerTree {
    /// Appends the presentation tree, root first, to `list`, except for up to `limit` layers that want a surface of
    /// their own (`Layer.wantsOwnSurface`). Those are returned, in drawing order, with their content drawn apart:
    /// placed by a translation alone (fully opaque, their sublayers unturned and unscaled), drawn once and moved;
    /// else (turned, scaled or faded) drawn as they are placed on a surface around what they reach, drawn again
    /// when they change, so the window is not.
    public func draw(into list: inout DrawList, separating limit: Int) -> [SeparateLayer] {
        var separated: [SeparateLayer] = [], marks: [DrawnLayout.Mark]?
        draw(root, placement: LayerPlacement(root: presentation(of: root)), into: &list, separated: &separated,
             limit: limit, marks: &marks)
        return separated
    }

    /// `id` drawn apart: unturned, unscaled and unfaded with its content at rest on the surface (see
    /// `separateAsPlaced` otherwise); nil when it draws nothing.
    func separate(_ id: LayerID, layer: Layer, placement: LayerPlacement, index: Int) -> SeparateLayer? {
        separateMoving(id, layer: layer, placement: placement, index: index)
            ?? separateAsPlaced(id, placement: placement, index: index)
    }

    /// Whether every running animation is one of `ids` (layers drawn apart) turning, scaling, fading or moving, or
    /// anything inside one of them, but none of them changing its place in the drawing order (`zPosition`): then,
    /// while no model is written (`newestVersion`), the rest of the tree draws the same and only their drawings
    /// change (drawn apart again: `separatedAgain`). The gallery's satellite turning as it orbits, the playground's
    /// tile spinning, the covers shuffling inside theirs.
    public func animatesOnlyWithin(_ ids: [LayerID]) -> Bool {
        animator.keys.allSatisfy { key in
            if ids.contains(key.layer) { return key.property != .zPosition }
            var node = parents[Int(key.layer.index)]
            while let current = node {
                if ids.contains(current) { return true }
                node = parents[Int(current.index)]
            }
            return false
        }
    }

    /// A version newer than every other when anything in the tree was written since (a model, a layer added or
    /// removed): a drawing made from the tree holds while this and its animations' presented values are the same.
    /// The version taken last (`latestVersion`): every version taken is newer than any before.
    public var newestVersion: UInt64 {
        #if DEBUG
        // Every write of a version must set `latestVersion` too: debug builds check it against the walk it replaced
        // (a loop: no closure, so the allocation tests count none).
        var newest = structureVersion
        for version in versions where version > newest { newest = version }
        precondition(latestVersion == newest, "a version taken without latestVersion")
        #endif
        return latestVersion
    }

    /// The same, leaving out the models of `ids` and of everything inside them (layers drawn apart): a write there
    /// changes their drawings, which `separatedAgain` draws anew, not the rest of the tree's (the playground's pull
    /// line, stretched and turned by its model each frame). The structure's version counts always. What such a
    /// write could change outside them (its place in the drawing order, whether it is drawn apart at all) is
    /// `apartState(of:)`'s.
    public func newestVersion(outside ids: [LayerID]) -> UInt64 {
        guard !ids.isEmpty else { return newestVersion }
        var newest = structureVersion
        for index in versions.indices where versions[index] > newest && !isInside(index, ids) {
            newest = versions[index]
        }
        return newest
    }

    /// Whether the layer at `index` is one of `ids` or inside one of them.
    private func isInside(_ index: Int, _ ids: [LayerID]) -> Bool {
        var node: LayerID? = LayerID(index)
        while let current = node {
            if ids.contains(current) { return true }
            node = parents[Int(current.index)]
        }
        return false
    }

    /// What of the models of `ids` (layers drawn apart) the rest of the tree's drawing depends on: each one's place
    /// in the drawing order and whether it wants a surface of its own.
    public func apartState(of ids: [LayerID]) -> [SIMD2<Double>] { ids.map(apartState) }

    /// Whether `apartState(of: ids)` is still `state` (compared in place, no array made).
    public func hasApartState(_ state: [SIMD2<Double>], of ids: [LayerID]) -> Bool {
        state.count == ids.count && zip(ids, state).allSatisfy { apartState($0) == $1 }
    }

    private func apartState(_ id: LayerID) -> SIMD2<Double> {
        SIMD2(self[id].zPosition, self[id].wantsOwnSurface ? 1 : 0)
    }

    /// `separated`, the layers `draw(into:separating:)` drew apart, drawn apart again where they are presented now
    /// (at the same place in the list); nil when one of them is no layer or draws nothing now. For a frame where
    /// only they changed (`animatesOnlyWithin(_:)`, no model written): the rest of the list is the same.
    /// With `since`, the tree's `newestVersion` when `separated` was drawn, a layer of them that nothing changed
    /// since (no model of it, of its sublayers or of its superlayers written, none of them animating) is taken as it
    /// was, without being looked at again (the gallery's lanes, field, orbit and covers while the satellite turns).
    public func separatedAgain(_ separated: [SeparateLayer], since version: UInt64? = nil) -> [SeparateLayer]? {
        var again: [SeparateLayer] = []
        return separatedAgain(separated, since: version, into: &again) ? again : nil
    }

    /// `separatedAgain(_:since:)` into `again` (emptied first, its storage kept: a caller that keeps two arrays and
    /// swaps them makes none a frame); false when one of them is no layer or draws nothing now.
    public func separatedAgain(_ separated: [SeparateLayer], since version: UInt64? = nil,
                               into again: inout [SeparateLayer]) -> Bool {
        again.removeAll(keepingCapacity: true)
        again.reserveCapacity(separated.count)
        for old in separated {
            guard let id = old.layer else { return false }
            if let version, isUnchanged(id, since: version) {
                again.append(old)
                continue
            }
            guard let apart = separate(id, layer: presentation(of: id), placement: placement(of: id), index: old.index)
            else { return false }
            again.append(apart)
        }
        return true
    }

    /// Whether nothing `id` is drawn from changed since `version`: the tree's structure, the models of `id`, of
    /// everything inside it and of its superlayers, none of them animating.
    private func isUnchanged(_ id: LayerID, since version: UInt64) -> Bool {
        guard structureVersion <= version else { return false }
        // An animation on `id`, inside it or on a superlayer of it: looked for first, as it is the cheaper look (a
        // few running animations, against every layer inside `id`) and the answer on most frames of a layer that
        // moves (the panel sliding: its own position animates).
        let animated = !animator.keys.allSatisfy { key in
            var node: LayerID? = key.layer
            while let current = node {
                if current == id { return false }
                node = parents[Int(current.index)]
            }
            node = parents[Int(id.index)]
            while let current = node {
                if current == key.layer { return false }
                node = parents[Int(current.index)]
            }
            return true
        }
        guard !animated else { return false }
        var node: LayerID? = id
        while let current = node {
            guard versions[Int(current.index)] <= version else { return false }
            node = parents[Int(current.index)]
        }
        func inside(_ parent: LayerID) -> Bool {
            children[Int(parent.index)].allSatisfy { versions[Int($0.index)] <= version && inside($0) }
        }
        return inside(id)
    }

    /// Sizes of a surface for a layer drawn as placed grow in steps of this many logical px, so a layer that turns
    /// or scales keeps its buffer (no new buffer, and only what changed is drawn again) over most frames.
    static let placedSurfaceStep = 16.0

    /// `id` drawn exactly as the window would draw it at `placement` (turned, scaled, faded), on a surface whose
    /// top-left corner is on a whole logical px (so every pixel is shaded as in the window) and that holds every
    /// pixel its commands reach; nil when it draws nothing.
    func separateAsPlaced(_ id: LayerID, placement: LayerPlacement, index: Int) -> SeparateLayer? {
        var content = DrawList()
        var none: [SeparateLayer] = [], marks: [DrawnLayout.Mark]?
        draw(id, placement: placement, into: &content, separated: &none, limit: 0, marks: &marks)
        guard var reach = content.commands.first?.reach else { return nil }
        for command in content.commands.dropFirst() { reach = reach.union(command.reach) }
        let low = reach.origin.rounded(.down)
        let size = ((reach.origin + reach.size - low) / Self.placedSurfaceStep).rounded(.up) * Self.placedSurfaceStep
        return SeparateLayer(layer: id, content: content.offsetBy(-low), frame: DrawRect(origin: low, size: size),
                             index: index, slidesWithin: self[id].slidesWithin)
    }

    /// `id` drawn apart at rest, or nil when it cannot be (turned, scaled, faded, or a sublayer is). A layer that
    /// only moved since it was last drawn apart (its sublayers' presentations and its own but for its position the
    /// same) gets its retained drawing back: nothing is drawn or measured again, and the content shares the retained
    /// commands' storage (so the renderer's "same drawing" check finds them equal at once).
    private func separateMoving(_ id: LayerID, layer: Layer, placement: LayerPlacement, index: Int) -> SeparateLayer? {
        guard let topLeft = Self.restTopLeft(of: layer, placement: placement) else { return nil }
        var root = layer
        root.position = .zero
        let drawing = retainedDrawings.value(of: id, key: retainedKey(of: id, root: root, animating: [.position])) {
            drawApart(id, layer: layer)
        }
        guard let drawing else { return nil }
        var apart = SeparateLayer(layer: id, content: drawing.content,
                                  frame: DrawRect(origin: topLeft + drawing.low, size: drawing.high - drawing.low),
                                  opaque: drawing.opaque, index: index, slidesWithin: layer.slidesWithin,
                                  rowsRepeatFrom: layer.rowsRepeatBelow.map { $0 - drawing.low.y })
        apart.shownFrom = topLeft
        return apart
    }

    /// Where a layer drawn apart at rest (`SeparateLayer.shownFrom`) is shown from now: its presented top-left
    /// corner rounded to whole logical px, as `separate` places it; nil when it is not placed by a translation alone
    /// (turned, scaled or faded: drawn as placed then).
    public func shownTopLeft(of id: LayerID) -> SIMD2<Double>? {
        let found = placed(id)
        return Self.restTopLeft(of: found.layer, placement: found.placement)
    }

    /// The top-left corner, rounded to whole logical px, where `layer` placed by `placement` is drawn apart at rest;
    /// nil when it is not placed by a translation alone (turned, scaled or faded). `separateMoving` and
    /// `shownTopLeft` both place by it, so a moved-only frame puts a layer where a whole build does.
    private static func restTopLeft(of layer: Layer, placement: LayerPlacement) -> SIMD2<Double>? {
        guard placement.isTranslationOnly, placement.opacity >= 1, LayerPlacement.isWholeTurns(layer.rotation),
              layer.scale == 1 else {
            return nil
        }
        return placement.bounds(of: layer).origin.rounded(.toNearestOrAwayFromZero)
    }

    /// Whether every running animation is the position of one of `ids` (layers drawn apart) and nothing else: while
    /// no model is written either (`newestVersion`), a frame changes only where they are shown (`shownTopLeft`), not
    /// what they or the rest of the tree draw. The panel's sheet sliding.
    public func animatesOnlyPositions(of ids: [LayerID]) -> Bool {
        !animator.isEmpty && animator.keys.allSatisfy { $0.property == .position && ids.contains($0.layer) }
    }

    /// Whether `id`'s position is animating.
    public func animatesPosition(of id: LayerID) -> Bool {
        animator.keys.contains { $0.layer == id && $0.property == .position }
    }

    /// What a drawing of `id` made from `root` (its presentation with what the drawing does not depend on set
    /// aside: its position, for one drawn apart at rest; its role, which no drawing shows) is made from: `root`, the
    /// newest drawn version of its sublayers' models (`drawnVersions`) and the tree's structure. Nil while anything
    /// inside `id` animates, or a property of its own not in `own` (its drawing changes from frame to frame then).
    func retainedKey(of id: LayerID, root: Layer, animating own: [LayerProperty]) -> RetainedKey? {
        for key in animator.keys where key.layer != id || !own.contains(key.property) {
            var node: LayerID? = key.layer
            while let current = node {
                if current == id { return nil }
                node = parents[Int(current.index)]
            }
        }
        var root = root
        root.role = .none  // drawn the same whatever its role
        // Every write takes a version newer than any before: the newest of the sublayers' drawn versions changes
        // with any write that changes what they draw (and the structure's with a sublayer added or removed),
        // without listing them all; a role's change alone keeps the drawing.
        var newest: UInt64 = 0
        func add(_ parent: LayerID) {
            for child in children[Int(parent.index)] {
                newest = max(newest, drawnVersions[Int(child.index)])
                add(child)
            }
        }
        add(id)
        return RetainedKey(root: root, structure: structureVersion, newest: newest)
    }

    /// `id` and its sublayers drawn with its top-left corner at the origin, in its own coordinates, whole px around
    /// everything it draws; nil when it cannot be (a sublayer turned or scaled, text with no size) or draws nothing.
    private func drawApart(_ id: LayerID, layer: Layer) -> RetainedDrawing? {
        guard case .drawn(let extent) = extent(of: id, layer: layer,
                                                placement: LayerPlacement(anchor: layer.size * layer.anchorPoint,
                                                                          rotation: 0, scale: 1, opacity: 1))
        else { return nil }
        // In the layer's own coordinates (origin at its top-left corner), whole px around everything it draws.
        let low = extent.origin.rounded(.down)
        let high = (extent.origin + extent.size).rounded(.up)
        var content = DrawList()
        var none: [SeparateLayer] = [], marks: [DrawnLayout.Mark]?
        draw(id, placement: LayerPlacement(anchor: layer.size * layer.anchorPoint - low, rotation: 0, scale: 1,
                                           opacity: 1),
             into: &content, separated: &none, limit: 0, marks: &marks)
        var opaque: [DrawRect] = []
        if let fill = layer.backgroundColor, fill.a >= 1 {
            // The background's inside, clear of its rounded corners and of the anti-aliased edge pixel.
            let body = DrawRect(origin: -low, size: layer.size)
            let r = min(max(layer.cornerRadius, 0), min(layer.size.x, layer.size.y) / 2)
            for rect in [DrawRect(x: body.x + r, y: body.y, width: body.width - 2 * r, height: body.height),
                         DrawRect(x: body.x, y: body.y + r, width: body.width, height: body.height - 2 * r)] {
                let a = (rect.origin + 1).rounded(.up)
                let b = (rect.origin + rect.size - 1).rounded(.down)
                if b.x > a.x, b.y > a.y { opaque.append(DrawRect(origin: a, size: b - a)) }
            }
        }
        return RetainedDrawing(content: content, low: low, high: high, opaque: opaque)
    }

    /// What `id` and its sublayers draw at `placement` (backgrounds grown by their shadows).
    private func extent(of id: LayerID, layer: Layer, placement: LayerPlacement) -> Extent {
        guard !layer.isHidden, placement.opacity > 0 else { return .nothing }
        guard placement.isTranslationOnly else { return .turned }
        var union: DrawRect?
        func add(_ rect: DrawRect) { union = union.map { $0.union(rect) } ?? rect }
        let bounds = placement.bounds(of: layer)
        // Text reaches past bounds that do not hold it (a text layer is often given no size): its extent is unknown
        // here, so such a layer is not drawn apart.
        if case .text = layer.content, bounds.width <= 0 || bounds.height <= 0 { return .turned }
        if case let .path(points, lineWidth, _, _) = layer.content {
            // The points, grown by the stroke: half its width, or twice it where a sharp joint's miter reaches out.
            let origin = bounds.origin
            for point in points { add(DrawRect(origin: origin + point, size: .zero).insetBy(-2 * max(lineWidth, 0) - 1)) }
        }
        if layer.backgroundColor != nil || layer.content != .none { add(bounds) }
        if layer.backgroundColor != nil, let shadow = layer.shadow {
            // As the renderer draws it: 3σ (σ = blur / 2) and one pixel of coverage beyond the shape, moved by the offset.
            add(bounds.offsetBy(shadow.offset).insetBy(-(1.5 * max(shadow.blurRadius, 0) + 1)))
        }
        for child in sublayers(of: id) {
            let childLayer = presentation(of: child)
            switch extent(of: child, layer: childLayer, placement: placement.placing(childLayer, in: layer)) {
            case .nothing: break
            case .turned: return .turned
            case .drawn(let rect): add(rect)
            }
        }
        return union.map { .drawn($0) } ?? .nothing
    }
}

/// What a drawing of a layer kept between frames (`Retained`) was made from (`LayerTree.retainedKey`).
struct RetainedKey: Equatable, Sendable {
    /// The layer's presentation, with what the drawing does not depend on set aside (its position, for one drawn
    /// apart at rest).
    var root: Layer
    var structure: UInt64
    /// The newest drawn version among the sublayers' models (`LayerTree.drawnVersions`).
    var newest: UInt64
}

/// A layer drawn apart at rest: its content in its own coordinates and the whole-px box around it (`low` to `high`,
/// relative to its top-left corner), and its opaque parts.
struct RetainedDrawing: Sendable {
    var content: DrawList
    var low: SIMD2<Double>
    var high: SIMD2<Double>
    var opaque: [DrawRect]
}

/// Drawings of layers kept by layer with what they were drawn from (`RetainedKey`): the drawings of layers drawn
/// apart at rest (`LayerTree.separate`: a frame that only moves such a layer reuses its drawing), the upright faces
/// of rasterised layers (`LayerTree.rasterRun`: a frame that only turns one reuses its face). Shared by copies of a
/// tree (a copy with presentation overrides among them); an entry is used only when everything it was drawn from is
/// the same, so a copy never gets another's drawing wrongly.
final class Retained<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var key: RetainedKey
        var value: Value
    }

    private let entries = Mutex<[LayerID: Entry]>([:])

    /// What is kept for `id` when it was made from `key`, or nil.
    private func value(of id: LayerID, key: RetainedKey) -> Value? {
        entries.withLock { entries in
            guard let entry = entries[id], entry.key == key else { return nil }
            return entry.value
        }
    }

    /// Keeps `value`, made from `key`, for `id` (replacing what was kept for it).
    private func keep(_ value: Value, of id: LayerID, key: RetainedKey) {
        entries.withLock { $0[id] = Entry(key: key, value: value) }
    }

    /// What is kept for `id` when it was made from `key`, else `make()`, kept when there is a `key` (nil: it cannot
    /// be kept, made every time).
    func value(of id: LayerID, key: RetainedKey?, make: () -> Value) -> Value {
        if let key, let kept = value(of: id, key: key) { return kept }
        made.add(1, ordering: .relaxed)
        let value = make()
        if let key { keep(value, of: id, key: key) }
        return value
    }

    private let made = Atomic<Int>(0)
    /// How many values `value(of:key:make:)` made (not found kept).
    var madeCount: Int { made.load(ordering: .relaxed) }
}
