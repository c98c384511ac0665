import RealModule
import MomentumCore
import Synchronization

/// A tree of layers with model values, animations keyed on layer properties, and the presentation tree derived
/// from them — Core Animation's model, driven by one `MultiAnimator`.
///
/// - The scene writes *model* values (`tree[id].position = …`) and adds animations (`animate(_:of:with:)`); it
///   never holds animation state itself.
/// - `advance(by:)` is the only way time passes: the animator advances every running animation (clamping a
///   hitch, in that one place) and returns the step it took, which is the frame time for everything else the scene
///   times. An animation that comes to rest is removed, and its property's model value is where it ended.
/// - `presentation(of:)` is the model with every running animation applied: what is drawn, and what hit-testing
///   (`hitTest(_:)`) and "grab what is on screen" use.
public struct LayerTree: Sendable {
    /// The root layer: the container, its size the window's.
    public let root: LayerID
    @usableFromInline var models: [Layer]
    /// Each model's version: a number no other model of any tree had, taken whenever it is written (`touch`), so a
    /// drawing made from a layer's models is known to still hold while their versions are the same.
    @usableFromInline var versions: [UInt64]
    /// Each model's version when it last changed in what it draws: its `versions` entry but for a write that
    /// changed only its `role` (which no drawing shows: the panel's controls act only while it rests open). A
    /// drawing kept from the models (`Retained`) is keyed by these, so it outlives such a write.
    @usableFromInline var drawnVersions: [UInt64]
    /// Taken afresh whenever a layer is added or removed.
    var structureVersion: UInt64
    /// The version taken last, by a model or the structure: the newest of them all (every version taken is newer
    /// than any before), kept as it is taken so `newestVersion` walks no array.
    @usableFromInline var latestVersion: UInt64
    var parents: [LayerID?]
    var children: [[LayerID]]
    var freeSlots: [LayerID] = []
    /// Device pixels per logical pixel on the output the tree is shown on: a position settles within half a device
    /// pixel (`LayerProperty.restThreshold(outputScale:)`).
    public var outputScale = 1.0
    /// The one driver of every animation in the tree.
    public internal(set) var animator: MultiAnimator<LayerPropertyKey>
    /// Media time: the sum of the steps `advance(by:)` took (seconds). Timed animations' `beginTime`s are on this
    /// clock (Core Animation's `CACurrentMediaTime()`, minus hitches).
    public private(set) var time = 0.0
    /// Layers drawn apart at rest, kept while they only move (`separate`).
    let retainedDrawings = Retained<RetainedDrawing?>()
    /// The upright faces of rasterised layers, kept while they only move, turn, scale or fade (`rasterRun`).
    let retainedFaces = Retained<RetainedFace?>()

    /// A tree holding only a root layer of `size` logical px; hitches longer than `maxFrameInterval` are clamped.
    public init(size: SIMD2<Double>, maxFrameInterval: Double = 0.1) {
        // Anchored at its top-left corner at (0, 0): root coordinates are the container's, with no round trip.
        var rootLayer = Layer(frame: DrawRect(origin: .zero, size: size), anchorPoint: .zero)
        rootLayer.isHitTestable = false
        models = [rootLayer]
        versions = [Self.newVersion()]
        drawnVersions = versions
        structureVersion = Self.newVersion()
        latestVersion = structureVersion
        parents = [nil]
        children = [[]]
        root = LayerID(0)
        animator = MultiAnimator(maxFrameInterval: maxFrameInterval)
    }

    // MARK: Structure

    /// Adds `layer` as the topmost sublayer of `parent` (the root by default) and returns its handle.
    @discardableResult
    public mutating func add(_ layer: Layer, to parent: LayerID? = nil) -> LayerID {
        let superlayer = parent ?? root
        let id: LayerID
        if let reused = freeSlots.popLast() {
            id = reused
            models[Int(id.index)] = layer
            touch(Int(id.index))
            parents[Int(id.index)] = superlayer
        } else {
            id = LayerID(models.count)
            models.append(layer)
            versions.append(Self.newVersion())
            drawnVersions.append(versions[Int(id.index)])
            parents.append(superlayer)
            children.append([])
        }
        children[Int(superlayer.index)].append(id)
        structureVersion = Self.newVersion()
        latestVersion = structureVersion
        return id
    }

    private static let versionCounter = Atomic<UInt64>(0)

    /// A version no model of any tree had before.
    @usableFromInline
    static func newVersion() -> UInt64 { versionCounter.wrappingAdd(1, ordering: .relaxed).newValue }

    /// Takes a new version for the model at `index`, and a new drawn version with it unless `drawn` is false (a
    /// write that changed only its role).
    @usableFromInline
    mutating func touch(_ index: Int, drawn: Bool = true) {
        versions[index] = Self.newVersion()
        latestVersion = versions[index]
        if drawn { drawnVersions[index] = versions[index] }
    }

    /// Writes `value` to `property` of the model of `layer`, taking a new version for it.
    @usableFromInline
    mutating func setModel(_ property: LayerProperty, _ value: SIMD2<Double>, of layer: LayerID) {
        property.set(value, on: &models[Int(layer.index)])
        touch(Int(layer.index))
    }

    /// Removes every sublayer of `id` (recursively) together with their animations; their handles become invalid
    /// and their slots are reused by later `add` calls.
    public mutating func removeSublayers(of id: LayerID) {
        let list = children[Int(id.index)]
        children[Int(id.index)] = []
        structureVersion = Self.newVersion()
        latestVersion = structureVersion
        for child in list {
            removeSublayers(of: child)
            for property in LayerProperty.allCases { animator.remove(LayerPropertyKey(child, property)) }
            parents[Int(child.index)] = nil
            freeSlots.append(child)
        }
    }

    /// The sublayers of `id`, in insertion order.
    public func sublayers(of id: LayerID) -> [LayerID] { children[Int(id.index)] }

    /// The superlayer of `id` (nil for the root).
    public func superlayer(of id: LayerID) -> LayerID? { parents[Int(id.index)] }

    /// The model layer: read and write model values here. Writing what the model already holds is no write: its
    /// version stays (a scene that sets its decorations each frame, the same while nothing moves them, keeps the
    /// drawings made from them and the window's list). A write of its `role` alone keeps its drawn version.
    @inlinable
    public subscript(id: LayerID) -> Layer {
        get { models[Int(id.index)] }
        set {
            let index = Int(id.index)
            guard models[index] != newValue else { return }
            var roleOnly = false
            if models[index].role != newValue.role {
                var drawn = newValue
                drawn.role = models[index].role
                roleOnly = drawn == models[index]
            }
            models[index] = newValue
            touch(index, drawn: !roleOnly)
        }
    }

    // MARK: Animations

    /// Adds `animation` to `property` of `layer`, replacing (and interrupting) one already there. The property's
    /// model value becomes the animation's target (`CALayer`'s convention: the model holds where it is going), and
    /// a spring settles by the property's visible step on this tree's output.
    public mutating func animate(_ property: LayerProperty, of layer: LayerID, with animation: PropertyAnimation) {
        var animation = animation
        animation.setRestThreshold(property.restThreshold(outputScale: outputScale))
        setModel(property, animation.target, of: layer)
        animator.add(animation, for: LayerPropertyKey(layer, property))
    }

    /// True while an animation runs on `property` of `layer` (animations are removed once they settle).
    public func isAnimating(_ property: LayerProperty, of layer: LayerID) -> Bool {
        animator.contains(LayerPropertyKey(layer, property))
    }

    /// The animation running on `property` of `layer` (a copy), if any.
    public func animation(_ property: LayerProperty, of layer: LayerID) -> PropertyAnimation? {
        animator[LayerPropertyKey(layer, property)]
    }

    /// Changes where the running animation of `property` is heading, keeping its presented value and velocity;
    /// false (and nothing changes) when the property is not animating.
    @discardableResult
    public mutating func retarget(_ property: LayerProperty, of layer: LayerID, to target: SIMD2<Double>) -> Bool {
        guard animator.retarget(LayerPropertyKey(layer, property), to: target) else { return false }
        setModel(property, target, of: layer)
        return true
    }

    /// Stops the animation of `property` where it is presented and removes it; the model value becomes that
    /// presented value (a grab: what is on screen stays). Returns the presented value and velocity (velocity 0
    /// when nothing was animating).
    @discardableResult
    public mutating func removeAnimation(_ property: LayerProperty, of layer: LayerID) -> PresentedState<SIMD2<Double>> {
        let key = LayerPropertyKey(layer, property)
        guard let state = animator.remove(key) else {
            return PresentedState(value: property.value(of: models[Int(layer.index)]), velocity: .zero)
        }
        setModel(property, state.value, of: layer)
        return state
    }

    // MARK: Timed animations (Core Animation's CAAnimation on a layer)

    /// Adds a timed animation to `property` of `layer` under `key` (a fresh key when nil), on top of the ones
    /// already there; `beginTime`s are on this tree's `time`. Any other kind of animation running on the property
    /// is removed first, the model keeping where it was presented. The model value stays as it is: set it first
    /// (`setModelValue`) and animate from the old value, and nothing snaps back when the animation ends.
    public mutating func addAnimation(_ animation: TimedAnimation, forKey key: String? = nil,
                                      to property: LayerProperty, of layer: LayerID) {
        withTimedStack(property, of: layer) { stack in
            if let key { stack.add(animation, forKey: key) } else { stack.add(animation) }
        }
    }

    /// Runs `body` on the timed animations of `property` of `layer`, first making an empty stack at the model value
    /// and the tree's time when there is none (any other kind of running animation is removed, the model keeping
    /// where it was presented).
    private mutating func withTimedStack(_ property: LayerProperty, of layer: LayerID,
                                         _ body: (inout TimedAnimationStack) -> Void) {
        let key = LayerPropertyKey(layer, property)
        guard animator.modifyTimed(key, body) == nil else { return }
        removeAnimation(property, of: layer)
        var stack = TimedAnimationStack(model: property.value(of: models[Int(layer.index)]), time: time)
        body(&stack)
        animator.add(.timed(stack), for: key)
    }

    /// The timed animations on `property` of `layer` (a copy), or nil when it runs none.
    public func timedAnimations(_ property: LayerProperty, of layer: LayerID) -> TimedAnimationStack? {
        guard case .timed(let stack)? = animator[LayerPropertyKey(layer, property)] else { return nil }
        return stack
    }

    /// Changes the timed animations on `property` of `layer` in place (a layout change rebuilding a path, keeping
    /// the timings); false when it runs none. The stack's model is the property's model value.
    @discardableResult
    public mutating func modifyTimedAnimations(_ property: LayerProperty, of layer: LayerID,
                                               _ body: (inout TimedAnimationStack) -> Void) -> Bool {
        guard let model = animator.modifyTimed(LayerPropertyKey(layer, property), { stack -> SIMD2<Double> in
            body(&stack)
            return stack.model
        }) else { return false }
        setModel(property, model, of: layer)
        return true
    }

    /// Seed 003's pattern on `property` of `layer`: sets the model to `value` and animates the presented value
    /// there from where it is now over `duration` s (`TimedAnimationStack.animate(to:…)`: additively on top of the
    /// running animations, or from the presented value replacing them). Any other kind of running animation is
    /// removed first, the model keeping where it was presented.
    public mutating func animateModel(_ property: LayerProperty, of layer: LayerID, to value: SIMD2<Double>,
                                      duration: Double, timingFunction: TimingFunction = .easeInEaseOut,
                                      mode: RetargetMode = .additive) {
        withTimedStack(property, of: layer) {
            $0.animate(to: value, duration: duration, timingFunction: timingFunction, mode: mode)
        }
        setModel(property, value, of: layer)
    }

    /// Sets the model value of `property` of `layer`. Timed animations running on it now compose over the new
    /// value (Core Animation); any other running animation is retargeted there, keeping its presented value and
    /// velocity.
    public mutating func setModelValue(_ value: SIMD2<Double>, for property: LayerProperty, of layer: LayerID) {
        setModel(property, value, of: layer)
        let key = LayerPropertyKey(layer, property)
        if animator.modifyTimed(key, { $0.model = value }) == nil { animator.retarget(key, to: value) }
    }

    /// The presented value and velocity of `property` of `layer` (the model value, still, when not animating).
    @inlinable
    public func presented(_ property: LayerProperty, of layer: LayerID) -> PresentedState<SIMD2<Double>> {
        let key = LayerPropertyKey(layer, property)
        if let state = animator.presentedState(for: key) { return state }
        return PresentedState(value: property.value(of: models[Int(layer.index)]), velocity: .zero)
    }

    /// True while any animation in the tree moves.
    public var isAnimating: Bool { !animator.isIdle }

    /// Advances every animation by `dt` seconds of frame time, clamped to the animator's `maxFrameInterval`;
    /// removes the ones that came to rest (their model values hold where they ended) and returns the step taken.
    @discardableResult
    public mutating func advance(by dt: Double) -> Double {
        let step = animator.advance(by: dt)
        time += step
        animator.removeSettled { key, state in
            key.property.set(state.value, on: &models[Int(key.layer.index)])
            versions[Int(key.layer.index)] = Self.newVersion()
            latestVersion = versions[Int(key.layer.index)]
            drawnVersions[Int(key.layer.index)] = versions[Int(key.layer.index)]
        }
        return step
    }

    // MARK: Presentation

    /// How many properties a layer has (`LayerProperty.allCases` makes its array at each read: an allocation).
    private static let propertyCount = LayerProperty.allCases.count

    /// The presentation layer: the model with every running animation applied.
    public func presentation(of id: LayerID) -> Layer {
        var layer = models[Int(id.index)]
        guard !animator.isEmpty else { return layer }
        if animator.count < Self.propertyCount {
            // Fewer animations than properties (most frames): the animated keys are looked through, not hashed.
            for key in animator.keys where key.layer == id {
                if let state = animator.presentedState(for: key) { key.property.set(state.value, on: &layer) }
            }
            return layer
        }
        for property in LayerProperty.allCases {
            if let state = animator.presentedState(for: LayerPropertyKey(id, property)) {
                property.set(state.value, on: &layer)
            }
        }
        return layer
    }

    /// Where the presentation of `id` is on screen: its accumulated transform and opacity.
    public func placement(of id: LayerID) -> LayerPlacement { placed(id).placement }

    /// `placement(of:)` with the presentation of `id` it was made from: each layer on the way up presented once.
    func placed(_ id: LayerID) -> (placement: LayerPlacement, layer: Layer) {
        let layer = presentation(of: id)
        guard let parent = parents[Int(id.index)] else { return (LayerPlacement(root: layer), layer) }
        let outer = placed(parent)
        return (outer.placement.placing(layer, in: outer.layer), layer)
    }

    /// The topmost visible, hit-testable layer whose presented shape contains `point` (root coordinates), or nil.
    public func hitTest(_ point: SIMD2<Double>) -> LayerID? {
        hitTest(point, in: root, placement: LayerPlacement(root: presentation(of: root)))
    }

    private func hitTest(_ point: SIMD2<Double>, in id: LayerID, placement: LayerPlacement) -> LayerID? {
        let layer = presentation(of: id)
        guard !layer.isHidden else { return nil }
        for child in orderedSublayers(of: id).reversed() {
            let childLayer = presentation(of: child)
            if let hit = hitTest(point, in: child, placement: placement.placing(childLayer, in: layer)) {
                return hit
            }
        }
        guard layer.isHitTestable else { return nil }
        return placement.shape(of: layer, fill: .white).contains(point) ? id : nil
    }

    /// Sublayers in drawing order: by presented `zPosition`, then insertion.
    func orderedSublayers(of id: LayerID) -> [LayerID] {
        let list = children[Int(id.index)]
        guard list.count > 1 else { return list }
        let z = list.map { presented(.zPosition, of: $0).value.x }
        return list.indices.sorted { a, b in z[a] != z[b] ? z[a] < z[b] : a < b }.map { list[$0] }
    }

    /// Appends the presentation tree, root first, to a draw list.
    public func draw(into list: inout DrawList) {
        var none: [SeparateLayer] = [], marks: [DrawnLayout.Mark]?
        draw(root, placement: LayerPlacement(root: presentation(of: root)), into: &list, separated: &none, limit: 0,
             marks: &marks)
    }

    /// Appends the presentation tree, root first, to `list` as `draw(into:)` does, and returns where each layer with
    /// a role (`Layer.role`) was drawn: its presented bounds and the commands it and its sublayers added.
    public func drawMarked(into list: inout DrawList) -> [DrawnLayout.Mark] {
        var none: [SeparateLayer] = [], marks: [DrawnLayout.Mark]? = []
        draw(root, placement: LayerPlacement(root: presentation(of: root)), into: &list, separated: &none, limit: 0,
             marks: &marks)
        return marks ?? []
    }

    /// Appends `id` at `placement` and its sublayers; up to `limit` layers wanting a surface of their own go to
    /// `separated` instead (see `draw(into:separating:)`); layers with a role are noted in `marks` unless it is nil.
    func draw(_ id: LayerID, placement: LayerPlacement, into list: inout DrawList, separated: inout [SeparateLayer],
              limit: Int, marks: inout [DrawnLayout.Mark]?) {
        let layer = presentation(of: id)
        guard !layer.isHidden, placement.opacity > 0 else { return }
        if marks != nil, layer.role != .none {
            let first = list.count, mark = marks?.count ?? 0
            var shape = placement.shape(of: layer, fill: .white)
            shape.shadow = nil
            shape.opacity = 1
            marks?.append(DrawnLayout.Mark(role: layer.role, shape: shape, opacity: placement.opacity,
                                           commands: first..<first))
            defer { marks?[mark].commands = first..<list.count }
            drawLayer(id, layer: layer, placement: placement, into: &list, separated: &separated, limit: limit,
                      marks: &marks)
            return
        }
        drawLayer(id, layer: layer, placement: placement, into: &list, separated: &separated, limit: limit,
                  marks: &marks)
    }

    /// `draw(_:placement:into:separated:limit:marks:)` for a layer that is shown.
    func drawLayer(_ id: LayerID, layer: Layer, placement: LayerPlacement, into list: inout DrawList,
                   separated: inout [SeparateLayer], limit: Int, marks: inout [DrawnLayout.Mark]?) {
        if separated.count < limit, layer.wantsOwnSurface,
           let apart = separate(id, layer: layer, placement: placement, index: list.count) {
            separated.append(apart)
            return
        }
        // Turned or scaled, a layer that asks for it is drawn upright once and shown as one textured quad (not for
        // the layout checks, `marks`, which read the commands its text and fills are drawn with). On a quarter turn
        // at scale 1 (where a card or tile comes to rest) it is drawn directly, texel for pixel, as it always was.
        if layer.shouldRasterize, marks == nil, !placement.isQuarterTurnUnscaled,
           let run = rasterRun(id, layer: layer, placement: placement) {
            if let fill = layer.backgroundColor { list.addRoundedRect(placement.shape(of: layer, fill: fill)) }
            list.append(.raster(run))
            return
        }
        if let fill = layer.backgroundColor {
            if layer.cornerRadius == 0, layer.shadow == nil, placement.isTranslationOnly {
                // A plain rectangle: the renderer's cheapest primitive.
                list.addRect(placement.bounds(of: layer),
                             fill: placement.faded(fill))
            } else {
                list.addRoundedRect(placement.shape(of: layer, fill: fill))
            }
        }
        switch layer.content {
        case .none: break
        case .gradient(let top, let bottom):
            list.addBackground(top: top, bottom: bottom)
        case .ellipse(let lineWidth, let color):
            let points = (0..<96).map { k -> SIMD2<Double> in
                let t = 2 * Double.pi * Double(k) / 96
                return placement.map(layer.size * (0.5 + 0.5 * SIMD2(Double.cos(t), Double.sin(t))), in: layer)
            }
            list.addPolyline(points, width: lineWidth * placement.scale,
                             color: placement.faded(color),
                             closed: true)
        case let .path(points, lineWidth, color, closed):
            let mapped = points.map { placement.map($0, in: layer) }
            let width = lineWidth * placement.scale
            list.addPolyline(mapped, width: width, color: placement.faded(color), closed: closed)
            if !closed, let first = mapped.first, let last = mapped.last {
                list.addCircle(center: first, radius: width / 2, fill: placement.faded(color))
                if last != first { list.addCircle(center: last, radius: width / 2, fill: placement.faded(color)) }
            }
        case let .text(string, size, color, weight, alignment):
            // Real text in the UI face: the capitals `size` tall, their tops on the bounds' top edge.
            let origin = placement.center(of: layer) - placement.scale * layer.size * 0.5
            let capHeight = size * placement.scale
            let width = placement.scale * layer.size.x
            let x = switch alignment {
            case .leading: 0.0
            case .center: width / 2
            case .trailing: width
            }
            // Turned (text on a card that turns): the line turns with its bounds about its baseline's point.
            let at = placement.rotation == 0 ? origin + SIMD2(x, capHeight)
                : placement.map(SIMD2(x / placement.scale, size), in: layer)
            list.addLabel(string, at: at, size: capHeight / TextRun.capHeightPerEm, weight: weight,
                          color: placement.faded(color), alignment: alignment, rotation: placement.rotation)
        }
        for child in orderedSublayers(of: id) {
            draw(child, placement: placement.placing(presentation(of: child), in: layer), into: &list,
                 separated: &separated, limit: limit, marks: &marks)
        }
    }
}

extension LayerTree {
    /// The content and sublayers of `layer` (not its background and shadow, drawn as placed) drawn upright at scale 1
    /// in its own coordinates, with a transparent logical px around everything they reach, and where that box lands
    /// at `placement`; nil when they draw nothing. The upright face is kept while nothing it is drawn from changes
    /// (the layer only moving, turning, scaling or fading: the playground's tile as it spins), so a frame that turns
    /// it draws and measures nothing again, and its content shares the kept commands' storage (the renderer finds
    /// its texture at once).
    func rasterRun(_ id: LayerID, layer: Layer, placement: LayerPlacement) -> RasterRun? {
        var bare = layer
        bare.backgroundColor = nil
        var root = bare
        root.position = .zero
        root.rotation = 0
        root.scale = 1
        root.opacity = 1
        root.zPosition = 0
        let key = retainedKey(of: id, root: root, animating: [.position, .rotation, .scale, .opacity, .zPosition])
        guard let face = retainedFaces.value(of: id, key: key, make: { uprightFace(id, bare: bare) }) else { return nil }
        let corners = [face.low, SIMD2(face.high.x, face.low.y), SIMD2(face.low.x, face.high.y), face.high]
            .map { placement.map($0, in: layer) }
        // Scaled up, the texture gets more texels (in half steps, so a pinch draws it again only a few times).
        let rasterScale = max(1, (placement.scale * 2).rounded(.up) / 2)
        return RasterRun(content: face.content, size: face.high - face.low, corners: corners,
                         rasterScale: rasterScale, opacity: placement.opacity)
    }

    /// `rasterRun`'s upright face of `id` (`bare`: its presentation without its background), nil when it draws
    /// nothing.
    private func uprightFace(_ id: LayerID, bare: Layer) -> RetainedFace? {
        var upright = DrawList()
        var none: [SeparateLayer] = [], marks: [DrawnLayout.Mark]?
        drawLayer(id, layer: bare, placement: LayerPlacement(anchor: bare.size * bare.anchorPoint, rotation: 0,
                                                            scale: 1, opacity: 1),
                  into: &upright, separated: &none, limit: 0, marks: &marks)
        // Text's reach is a full em a character and more (its glyphs are not measured here): kept to the layer's
        // bounds, so a card's line does not widen its texture and its surface (a rasterised layer's text is drawn
        // within its bounds).
        let bounds = DrawRect(origin: .zero, size: bare.size).insetBy(-1)
        var reach: DrawRect?
        for command in upright.commands {
            var rect = command.reach
            if case .text = command {
                guard let inside = rect.intersection(bounds) else { continue }
                rect = inside
            }
            reach = reach.map { $0.union(rect) } ?? rect
        }
        // A background command reaches everywhere: such a layer is not kept as a texture.
        guard let reach, reach.width < 1e6, reach.height < 1e6 else { return nil }
        let low = reach.origin.rounded(.down) - 1
        let high = (reach.origin + reach.size).rounded(.up) + 1
        return RetainedFace(content: upright.offsetBy(-low), low: low, high: high)
    }

    /// How many upright faces of rasterised layers were drawn (`rasterRun`; not counted: those found kept).
    public var rasterFacesDrawn: Int { retainedFaces.madeCount }
}

/// A rasterised layer's upright face (`LayerTree.rasterRun`): its content with the texture's top-left corner at the
/// origin, and the texture's box in the layer's own coordinates (`low` to `high`, logical px).
struct RetainedFace: Sendable {
    var content: DrawList
    var low: SIMD2<Double>
    var high: SIMD2<Double>
}

extension MultiAnimator {
    /// True when no animation is held.
    var isEmpty: Bool { count == 0 }
}
