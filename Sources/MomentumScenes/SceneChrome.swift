/// The band across the top of the window that the app's chrome takes: the scene switcher at the top left and the
/// frame-timing HUD at the top right (12 px from the edges, 72 px tall). Scenes keep their touch targets below it,
/// so the HUD is never drawn over something to touch and the switcher is never in the way; what slides (a sheet,
/// a card) may pass over it, as sheets pass over an app's bars.
///
/// On a short window (under `compactBelowHeight`: a phone in landscape) the band is one compact bar,
/// `compactBandHeight` tall, as a landscape phone app keeps its content area large: the switcher's menu pill on its
/// left, a scene's title inline beside it (`titleX(for:)`), the HUD's short box on its right.
public enum SceneChrome {
    /// The band's height in logical px on a window at least `compactBelowHeight` tall.
    public static let tallBandHeight = 96.0

    /// The compact band's height (a short window's): the switcher's 36 px pill and the HUD's short box 8 px from
    /// its top and bottom edges.
    public static let compactBandHeight = 52.0

    /// Windows shorter than this get the compact band (the tall one took a quarter of 720x360).
    public static let compactBelowHeight = 480.0

    /// True in a window of `size` that gets the compact band.
    public static func isCompact(_ size: SIMD2<Double>) -> Bool { size.y < compactBelowHeight }

    /// The band's height in a window of `size` logical px: what every scene keeps its touch targets below, and
    /// what the switcher, the HUD and the scenes' header bars span.
    public static func bandHeight(for size: SIMD2<Double>) -> Double {
        isCompact(size) ? compactBandHeight : tallBandHeight
    }

    /// How far the chrome's items (the switcher, the HUD) sit from the compact band's top edge.
    public static let compactInset = 8.0

    /// The chrome's items' top edge in a window of `size`: 12 px from the edge, `compactInset` in the compact band.
    public static func inset(for size: SIMD2<Double>) -> Double { isCompact(size) ? compactInset : 12 }

    /// The left edge of a scene's title in its header bar: 20 px in, under the switcher, on a tall band; beside the
    /// switcher's menu pill in the compact band, the title inline in the one bar, 24 px right of the pill (the
    /// transition's fading title slides 18 px left while it shows: it stays clear of the pill).
    public static func titleX(for size: SIMD2<Double>) -> Double {
        isCompact(size) ? SceneSwitcher.margin + SceneSwitcher.menuButton.x + 24 : 20
    }

    /// The width of the HUD's short box (`HUD.shortSize`) at the compact band's right, 12 px from the edge: a scene
    /// that puts something in the bar keeps left of it.
    public static let compactHUDWidth = 128.0

    /// The part of the compact band free for a scene in a window of `size` (x from, x to): from 24 px right of the
    /// switcher's pill (where a title starts, `titleX(for:)`) to 12 px left of the HUD's short box.
    public static func compactRoom(for size: SIMD2<Double>) -> (from: Double, to: Double) {
        (titleX(for: size), size.x - 12 - compactHUDWidth - 12)
    }

    /// Windows at least this wide (a desktop, a landscape tablet) get the large layouts: more columns, larger type.
    public static let largeWidth = 1280.0

    /// The type scale for a window `width` logical px wide (as libadwaita's breakpoints step up): 1, and 1.2 from
    /// `largeWidth` on, so text read from further away on a large screen is not lost in it.
    public static func typeScale(width: Double) -> Double { width >= largeWidth ? 1.2 : 1 }
}

import MomentumLayers

/// A scene's hint on its backdrop: a title and a line or two of what to try, centred in an area the scene gives
/// (under everything the scene draws, so what moves passes over it); hidden where the area is too small for it.
struct SceneHint {
    private let ids: [LayerID]
    /// The text sizes (capital heights) of the title and of the lines under it, and the step between lines.
    static let titleSize = 15.0, lineSize = 9.5, titleStep = 30.0, lineStep = 20.0

    /// Adds the hint's layers to `tree`'s root, before (under) anything added after.
    init(into tree: inout LayerTree, title: String, lines: [String]) {
        var ids = [tree.add(.text(title, frame: DrawRect(x: 0, y: 0, width: 1, height: 1), size: Self.titleSize,
                                  color: RGBA(r: 1, g: 1, b: 1, a: 0.85), weight: .semibold, alignment: .center))]
        for line in lines {
            ids.append(tree.add(.text(line, frame: DrawRect(x: 0, y: 0, width: 1, height: 1), size: Self.lineSize,
                                      color: RGBA(r: 1, g: 1, b: 1, a: 0.55), alignment: .center)))
        }
        self.ids = ids
    }

    /// The height the hint needs at type `scale`; its title's alone if `titleOnly`.
    func height(scale: Double = 1, titleOnly: Bool = false) -> Double {
        titleOnly ? Self.titleSize * 1.4 * scale
            : (Self.titleSize + Self.titleStep - Self.lineSize + Double(ids.count - 1) * Self.lineStep) * scale
    }

    /// A character's width in the hint's type, in capital heights, taken generously: 0.58 em (Inter's lower case and
    /// spaces run about 0.55 em; the layout check measures with the shaper).
    static let characterWidth = 0.8

    /// About the box the hint's lines take where it is shown (`characterWidth` a character, centred in their
    /// frames; from the title's capitals to the last line's descenders), nil where it is hidden.
    func box(in tree: LayerTree) -> DrawRect? {
        guard let first = ids.first, !tree[first].isHidden,
              let last = ids.last(where: { !tree[$0].isHidden }) else { return nil }
        var box: DrawRect?
        for id in ids where !tree[id].isHidden {
            guard case let .text(string, size, _, _, _) = tree[id].content else { continue }
            let frame = tree[id].frame
            let width = min(Double(string.count) * size * Self.characterWidth, frame.width)
            let line = DrawRect(x: frame.center.x - width / 2, y: frame.y, width: width,
                                height: id == last ? size * 1.4 : frame.height)
            box = box.map { $0.union(line) } ?? line
        }
        return box
    }

    /// Centres the hint in `area` at type `scale` (`SceneChrome.typeScale`); hides it when it does not fit (with
    /// 12 px to spare on each side); only its title if `titleOnly` (where the scene says the lines otherwise).
    func place(in tree: inout LayerTree, area: DrawRect, scale: Double = 1, titleOnly: Bool = false) {
        let height = height(scale: scale, titleOnly: titleOnly)
        let fits = area.height >= height + 24 && area.width >= 240
        var y = (area.y + (area.height - height) / 2).rounded()
        for (k, id) in ids.enumerated() {
            let size = (k == 0 ? Self.titleSize : Self.lineSize) * scale
            tree[id].frame = DrawRect(x: area.x + 12, y: y, width: max(area.width - 24, 1), height: size * 1.4)
            tree[id].isHidden = !fits || (titleOnly && k > 0)
            if case let .text(string, _, color, weight, alignment) = tree[id].content {
                tree[id].content = .text(string, size: size, color: color, weight: weight, alignment: alignment)
            }
            y += ((k == 0 ? Self.titleStep : Self.lineStep) * scale).rounded()
        }
    }
}
