/// A typed handle to a layer in a `LayerTree` (Box2D-style: an index, stable for the tree's lifetime).
public struct LayerID: Hashable, Sendable, Comparable {
    /// The layer's slot in its tree.
    public let index: Int32

    init(_ index: Int) { self.index = Int32(index) }

    /// Orders handles by slot (creation order).
    public static func < (lhs: LayerID, rhs: LayerID) -> Bool { lhs.index < rhs.index }
}

/// What a layer shows inside its bounds besides its background colour.
public enum LayerContent: Equatable, Hashable, Sendable {
    /// Nothing (the background colour and shadow only).
    case none
    /// A vertical gradient from `top` to `bottom` filling the bounds.
    case gradient(top: RGBA, bottom: RGBA)
    /// The ellipse inscribed in the bounds, stroked `lineWidth` logical px wide (an orbit, a ring).
    case ellipse(lineWidth: Double, color: RGBA)
    /// A polyline through `points` (the layer's own coordinates, logical px from its top-left corner), stroked
    /// `lineWidth` wide with mitred joints; `closed` joins the last point back to the first. An open path gets round
    /// caps (a dot of the line's width at each free end; meant for opaque colours). Icons are drawn from these.
    case path([SIMD2<Double>], lineWidth: Double, color: RGBA, closed: Bool = false)
    /// A line of real text (the UI face, anti-aliased, at the output's scale) whose capitals are `size` logical px
    /// tall, their tops on the bounds' top edge; the line starts at the bounds' left edge, is centred on them or ends
    /// at their right edge (`alignment`).
    case text(String, size: Double, color: RGBA, weight: TextRun.Weight = .regular,
              alignment: TextRun.Alignment = .leading)
}

/// A layer's *model* values (Core Animation's model layer): what the layer is, as the scene last set it.
///
/// Geometry follows `CALayer`: `position` is where the layer's `anchorPoint` (a fraction of its bounds, the centre
/// by default) lies in the superlayer's coordinate space (origin at the superlayer's top-left corner, y down),
/// `size` the bounds' size; `scale` and `rotation` (radians, clockwise on screen) apply about the anchor point and
/// to every sublayer; `opacity` multiplies down the tree. Sublayers are drawn after their superlayer, ordered by `zPosition` then by insertion.
public struct Layer: Equatable, Sendable {
    /// Where the anchor point lies in the superlayer's coordinates, logical px.
    public var position: SIMD2<Double>
    /// The point of the bounds that `position` places and that scale and rotation turn about, as a fraction of
    /// the size: (0.5, 0.5) is the centre, (0, 0) the top-left corner.
    public var anchorPoint = SIMD2<Double>(0.5, 0.5)
    /// Size of the bounds, logical px.
    public var size: SIMD2<Double>
    /// Uniform scale about the centre.
    public var scale: Double = 1
    /// Rotation about the centre, radians, clockwise on screen.
    public var rotation: Double = 0
    /// Opacity, 0…1, multiplied into every sublayer.
    public var opacity: Double = 1
    /// Corner radius of the background, logical px before `scale`.
    public var cornerRadius: Double = 0
    /// Background fill; nil draws no background (and no shadow).
    public var backgroundColor: RGBA?
    /// Soft shadow under the background.
    public var shadow: DropShadow?
    /// What is drawn over the background.
    public var content: LayerContent = .none
    /// Drawing order among siblings (higher on top; equal values keep insertion order).
    public var zPosition: Double = 0
    /// A hidden layer and its sublayers are neither drawn nor hit.
    public var isHidden = false
    /// Whether hit-testing may return this layer (its sublayers are tested regardless).
    public var isHitTestable = true
    /// A hint that the layer mostly moves as a whole (CSS's `will-change: transform`): the app may show it on a
    /// compositor surface of its own: while it is placed unturned, unscaled and unfaded, drawn once and moved by the
    /// compositor instead of shading its pixels again every frame it moves; else drawn as placed on that surface,
    /// so the window around it is not drawn again (`LayerTree.draw(into:separating:)`).
    public var wantsOwnSurface = false
    /// Where a layer drawn apart (`wantsOwnSurface`) may be shown as it moves, in the root's coordinates (nil: where
    /// it is): what the window draws above it over any of this area is lifted onto a surface above it from the first
    /// frame (`SeparateLayer.sweep`), so the window's drawing stays as it is, and is not drawn a second time, when the
    /// layer first slides there (a list scrolled under its bar).
    public var slidesWithin: DrawRect?
    /// For a layer drawn apart (`wantsOwnSurface`): from this y (its own coordinates, logical px) down, its rows
    /// show as the row at that y repeated (a sheet's extension below what shows at rest, which only a drag past its
    /// end reveals, its background and its shadow's sides alone there): the app may show them as that row stretched
    /// by the compositor instead of holding their pixels (`SeparateLayer.rowsRepeatFrom`). Its bottom edge (the
    /// corners, the shadow below) is then not drawn: for a layer whose bottom never shows. Nil: every row drawn.
    public var rowsRepeatBelow: Double?

    /// Core Animation's `shouldRasterize`: while the layer is drawn turned or scaled, its content and sublayers are
    /// drawn upright once into a texture (`DrawCommand.raster`), kept while that drawing stays the same, and shown
    /// as one textured quad sampled with linear filtering (smooth edges on turned text); its background and shadow
    /// are drawn as they are placed; its text is kept within its bounds. Unturned and unscaled (or on a quarter turn)
    /// it is drawn as it is, pixel for pixel.
    public var shouldRasterize = false
    /// What the layer is to someone touching the screen, for the layout checks (`DrawnLayout`): nothing in
    /// particular, a bar, or a control.
    public var role = LayerRole.none

    /// A layer with `frame` as its bounds in the superlayer's coordinates, anchored at `anchorPoint`.
    public init(frame: DrawRect, backgroundColor: RGBA? = nil, cornerRadius: Double = 0,
                anchorPoint: SIMD2<Double> = SIMD2(0.5, 0.5)) {
        self.anchorPoint = anchorPoint
        position = frame.origin + frame.size * anchorPoint
        size = frame.size
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
    }

    /// The bounds in the superlayer's coordinates, before scale and rotation.
    public var frame: DrawRect {
        get { DrawRect(origin: position - size * anchorPoint, size: size) }
        set {
            position = newValue.origin + newValue.size * anchorPoint
            size = newValue.size
        }
    }
}

/// What a layer is to someone touching the screen. The layout checks (`DrawnLayout`, `DrawnLayout.problems`) read
/// it from the draw that the renderer gets: the layer's presented bounds and the draw commands of it and its
/// sublayers.
public enum LayerRole: Hashable, Sendable {
    /// Nothing in particular (text and fills are checked as drawn).
    case none
    /// A bar across the window (a header): nothing a touch acts on may lie under it.
    case bar(String)
    /// A surface that moves over the page by design (a modal card, a pull-up panel, a card thrown about), by name: it
    /// may cover what is under it and pass under a bar; the controls on it are checked as controls.
    case sheet(String)
    /// Something a touch acts on (a button, a toggle, a card that is thrown), by name.
    case control(String)
}
