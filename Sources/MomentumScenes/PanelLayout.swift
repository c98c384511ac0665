import MomentumCore
import MomentumLayers

/// Where the Control Center panel sits in a container: it slides up from the bottom edge.
/// Closed, a 72 px strip peeks out; open, the whole panel (as tall as its controls, at most 70 % of the height; on a
/// short window's compact band, up to the height under the bar) shows. The panel's layer reaches
/// `extension` px further down, past the screen's bottom edge, so a spring overshoot or a rubber-banded drag above
/// the open position never shows a gap under it.
public struct PanelLayout: Sendable, Equatable {
    /// Container width in logical px.
    public var width: Double { didSet { controls = Self.controls(width: width, height: height) } }
    /// Container height in logical px.
    public var height: Double { didSet { controls = Self.controls(width: width, height: height) } }
    /// The Control Center's parts inside the panel (made when the container's size is set, not at every use: the
    /// panel's rectangle is asked for on every frame).
    public private(set) var controls: ControlCenterLayout

    /// Creates a layout for a container.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
        controls = Self.controls(width: width, height: height)
    }

    /// Height of the strip visible when closed.
    public static let peek = 72.0

    /// The widest the panel gets on a large window (`SceneChrome.largeWidth`), times its `controlScale`: its
    /// controls in one row of three columns; 640 px below that.
    public static let largeMaximumWidth = 1040.0

    /// The most of the container's height the open panel takes (on a window with the tall band).
    public static let maxHeightFraction = 0.7

    /// The tallest the open panel gets in a `width` × `height` container: 70 % of it, or on a short window (a phone
    /// in landscape, `SceneChrome.isCompact`) the whole height under its one compact bar, where its controls lie in
    /// two columns (`ControlCenterLayout`'s `landscape`: 278 px at 720x360; they keep `compactBarGap` under the bar
    /// where that leaves every part in: at 568x320 260 px, whose top edge lay on the bar's foot).
    public static func maxHeight(width: Double, height: Double) -> Double {
        let size = SIMD2(width, height)
        return SceneChrome.isCompact(size) ? max(height - SceneChrome.bandHeight(for: size), 0)
            : (height * maxHeightFraction).rounded()
    }

    /// The room a short window's open panel keeps under the compact bar where its parts fit without it.
    public static let compactBarGap = 8.0

    /// The Control Center's parts inside a panel in a `width` × `height` container: in two columns on a short window.
    private static func controls(width: Double, height: Double) -> ControlCenterLayout {
        let scale = controlScale(width: width, height: height)
        return ControlCenterLayout(width: min(width - 32, width >= SceneChrome.largeWidth
                                                  ? (largeMaximumWidth * scale).rounded() : 640),
                                   maxHeight: maxHeight(width: width, height: height), scale: scale,
                                   landscape: SceneChrome.isCompact(SIMD2(width, height)), headroom: compactBarGap)
    }

    /// How much larger than a phone's the Control Center is drawn: 1 below `SceneChrome.largeWidth`, from there
    /// growing with the width (1.25 at 1280 px, at most 1.5 from 1536 px), so on a desktop's screen it is a
    /// Control Center read from a desk's distance, not a strip along the bottom; never more than a third of the
    /// height takes (a wide, short window keeps it smaller).
    public var controlScale: Double { Self.controlScale(width: width, height: height) }

    private static func controlScale(width: Double, height: Double) -> Double {
        guard width >= SceneChrome.largeWidth else { return 1 }
        let byWidth = min(width / SceneChrome.largeWidth * 1.25, 1.5)
        // The large layout is 178 px tall at scale 1.
        return max(1, min(byWidth, height / 3 / 178))
    }

    /// Panel size (the part that shows when open): as tall as its controls need, at most `maxHeight`.
    public var panelSize: SIMD2<Double> {
        let controls = controls
        return SIMD2(controls.width, min(controls.height, Self.maxHeight(width: width, height: height)))
    }

    /// How far the panel's layer reaches below its visible part: half the container (at least 200 px). A drag of
    /// the whole container height past the open position shows 0.355 of it (rubber band, c = 0.55), and the
    /// seed's spring flung at 6000 px/s overshoots by less than a quarter of an 800 px container.
    public var extensionBelow: Double { max((height * 0.5).rounded(), 200) }

    /// The layer's size: the panel and its extension below.
    public var layerSize: SIMD2<Double> { SIMD2(panelSize.x, panelSize.y + extensionBelow) }

    /// Where the layer's rows start to repeat (`Layer.rowsRepeatBelow`, its own coordinates): below the panel's
    /// visible part and its controls the extension is the paper and the shadow's sides alone, and its bottom edge
    /// never shows (a drag reveals at most 0.355 of the container, a fling less). Nil where the controls reach the
    /// layer's end.
    public var rowsRepeatBelow: Double? {
        let below = max(panelSize.y, controls.height)
        return below + 1 < layerSize.y ? below : nil
    }

    /// Panel's left edge (it is centred horizontally).
    public var panelX: Double { ((width - panelSize.x) / 2).rounded() }

    /// Top edge of the panel for a state.
    public func y(for state: PanelScene.Target) -> Double {
        switch state {
        case .open: height - panelSize.y
        case .closed: height - Self.peek
        }
    }

    /// The range the top edge moves in without resistance: open (top) to closed (bottom); in a container too
    /// short for the peek (under 180 px) the two swap and the range still runs from the higher to the lower.
    public var travel: ClosedRange<Double> {
        let open = y(for: .open), closed = y(for: .closed)
        return min(open, closed)...max(open, closed)
    }

    /// The rubber band's dimension: the container height (at least 1 px).
    private var bandDimension: Double { max(height, 1) }

    /// The panel's visible rectangle when its top edge is at `y`.
    public func rect(y: Double) -> DrawRect {
        DrawRect(x: panelX, y: y, width: panelSize.x, height: panelSize.y)
    }

    /// The layer's rectangle (the panel and its extension) when the top edge is at `y`.
    public func layerRect(y: Double) -> DrawRect {
        DrawRect(x: panelX, y: y, width: layerSize.x, height: layerSize.y)
    }

    /// The top edge shown for a top edge `raw` that the finger asks for: unchanged within `travel`, rubber-banded
    /// beyond either end (UIScrollView's c = 0.55 over the container height).
    public func banded(_ raw: Double) -> Double {
        RubberBand.clamp(raw, to: travel, dimension: bandDimension)
    }

    /// The inverse of `banded`: the top edge the finger would have to ask for to show `shown`.
    public func unbanded(_ shown: Double) -> Double {
        RubberBand.unclamp(shown, from: travel, dimension: bandDimension)
    }
}
