import MomentumCore
import MomentumLayers

/// Where the gallery's items sit in a container (logical px, y down), below the chrome band: on a wide container
/// the timing-function lanes and the shaking form field in the left column, the orbit above the cover stack in the
/// right column; on a narrow one (under 600 px, a phone in portrait) one column: the lanes across the width, the
/// form field under them, then the cover stack (left: its shuffle swings right) beside the orbit (right).
public struct GalleryLayout: Sendable, Equatable {
    /// Container width.
    public var width: Double
    /// Container height.
    public var height: Double
    /// A large window's two-column layout (`fitting`): its four items on cards in a grid of two rows (the lanes
    /// beside the orbit, the form field beside the cover stack), as libadwaita groups a page's parts in boxes, so
    /// the screen reads as four parts filling it and not as items scattered over a gradient.
    public var isGrid = false
    /// How far the grid sits lower than its place under the chrome band (0 in the other layouts): on a large window
    /// (`fitting`) half of what is left under it, so the cards clear the band (and the HUD in it) and lie about as far
    /// from the switcher's pills as from the window's foot (at 1920x1080 they reached 13 px into the band and left
    /// 104 px under them; now 27 px under the band, 81 px below the pills and 64 px above the foot).
    public var lead = 0.0

    /// Top of the content (below the switcher and the HUD): the chrome band's height in the window the layout is
    /// shown in (`SceneChrome.bandHeight(for:)`; a zoomed layout keeps its window's band).
    public let top: Double

    /// Creates a layout for a container, below a chrome band `top` px tall (by default the band of a window the
    /// container's size).
    /// `short` asks for the short layout whatever the height (`fitting`: a window too short for the two columns at
    /// full size but as wide as the short one, such as 640x480); by default a container at least
    /// `shortMinimumWidth` wide and under `shortHeight` tall gets it.
    public init(width: Double, height: Double, grid: Bool = false, top: Double? = nil, short: Bool? = nil) {
        self.width = width
        self.height = height
        self.top = top ?? SceneChrome.bandHeight(for: SIMD2(width, height))
        isGrid = grid && width >= Self.narrowWidth && height >= Self.shortHeight
        isShort = !isGrid && (short ?? (height < Self.shortHeight && width >= Self.shortMinimumWidth))
    }
    /// Containers narrower than this get the one-column layout (unless they get the short one).
    public static let narrowWidth = 600.0

    /// True for the one-column layout.
    public var isNarrow: Bool { !isShort && width < Self.narrowWidth }
    /// Containers at least `shortMinimumWidth` wide and shorter than this (a phone in landscape) get the short
    /// layout: three columns side by side (the lanes; the cover stack; the orbit over the form field), at full size.
    public static let shortHeight = 430.0
    /// The narrowest container the short layout is laid out for (568x320, a small phone in landscape, shows it at
    /// full size: the one-column layout there was the short one of a 631 px window at 0.9×, its type under 13 px).
    public static let shortMinimumWidth = 560.0
    /// The short layout's last column (the orbit over the form field) is at least this wide: its captions
    /// ("tap: 3 laps, rotate-auto") whole inside its card.
    static let shortLastWidth = 150.0
    /// True for the short, three-column layout.
    public let isShort: Bool
    /// The short layout's three columns, each on a card of its own: the lanes', the cover stack's (its tap area's left
    /// edge: the stack 10 px in, its card 4 px wider than the tap area each side, for its caption) and the last one's
    /// left edges and widths. The lanes end `smallPadding` inside their card, the stack's card starts `smallGap`
    /// after it, and the last card `smallGap` after the stack's, its column `smallPadding` in.
    private var shortColumns: (lanes: Double, covers: Double, last: Double, lastWidth: Double) {
        let lanes = content.left + Self.margin
        let coversWidth = Self.cardSize + 20 + 4 + Self.smallGap + Self.smallPadding
        // The lanes take 46 % of the width, less where the last column would be narrower than `shortLastWidth`.
        let covers = Swift.min((content.left + content.width * 0.46).rounded() + Self.smallPadding + Self.smallGap + 4,
                               content.left + content.width - Self.margin - Self.shortLastWidth - coversWidth)
        let last = covers + coversWidth
        return (lanes, covers, last, content.left + content.width - Self.margin - last)
    }
    /// The largest zoom a large window shows the layout at (`fitting`), and the narrowest layout it zooms.
    public static let largestZoom = 1.6, largeLayoutWidth = 1000.0
    /// The widest the two columns get: on a wider container they are centred in it.
    public static let maximumContentWidth = 1100.0
    /// The columns' width and left edge.
    private var content: (width: Double, left: Double) {
        let w = Swift.min(width, Self.maximumContentWidth)
        return (w, ((width - w) / 2).rounded())
    }
    /// Outer margin.
    static let margin = 20.0
    /// The grid's outer margin: its cards keep `cardInset` from the window's edges and the lanes their padding inside.
    private var sideMargin: Double { isGrid ? Self.cardInset + Self.cardPadding + 2 : Self.margin }
    /// Height of one lane (tighter on a phone, tighter still on a short one, so a 640 px tall one holds every item;
    /// on a landscape phone 24 px, so the lanes' caption keeps 20 px from the window's foot, as the form field's
    /// does, where 26 left it 5).
    /// On a portrait phone 29 px (30 before the cards), so the three cards fit 720 px with a margin under them; on a
    /// shorter one 24 (27 before), so a 640 px tall one is shown at 0.95× (0.91× with 27 px lanes and the cards).
    /// The short layout's lanes are 24 px, 32 where the window has 380 px under its band (640x480 shows it, and 24 px
    /// lanes left 100 px of gradient over the cards).
    public var laneHeight: Double {
        isShort ? (height - SceneChrome.bandHeight(for: SIMD2(width, height)) >= 380 ? 32 : 24) : isNarrow ? (height < 700 ? 24 : 29) : isGrid ? 32 : 34
    }
    /// Width of the label column left of the lanes (and the form field): a phone's, portrait or landscape, as wide as
    /// its longest label needs (at 160 px a landscape phone's lanes began 60 px after it).
    public var labelWidth: Double { isNarrow || isShort ? 132 : 160 }
    /// Radius of a lane's dot.
    public static let dotRadius = 9.0
    /// Size of a cover card.
    public static let cardSize = 110.0
    /// Vertical step between stacked covers.
    public static let cardStep = 14.0

    /// The lanes' width: the left column's, or the whole width less the margins.
    private var leftWidth: Double {
        if isShort {
            // At least 60 px of track beside the labels (a 568 px wide phone's lanes run 68 px).
            return Swift.max(shortColumns.covers - 4 - Self.smallPadding - Self.smallGap - shortColumns.lanes,
                             labelWidth + 60)
        }
        return isNarrow ? Swift.max(width - 2 * Self.margin, labelWidth + 80)
            : Swift.max(content.width * 0.55 - sideMargin, labelWidth + 80)
    }

    /// The area of all lanes (labels included); tapping it restarts the lanes.
    public var lanesFrame: DrawRect {
        DrawRect(x: content.left + sideMargin, y: top + lead + (isShort ? 4 : 0), width: leftWidth,
                 height: laneHeight * Double(GalleryLane.all.count))
    }

    /// Centre y of lane `index`.
    public func laneY(_ index: Int) -> Double { lanesFrame.y + (Double(index) + 0.5) * laneHeight }

    /// The x of a lane's dot centre at fraction 0 (left end).
    public var laneStartX: Double { lanesFrame.x + labelWidth + Self.dotRadius }

    /// The x of a lane's dot centre at fraction 1 (right end).
    public var laneEndX: Double { lanesFrame.maxX - Self.dotRadius }

    /// The dot's centre x for a lane fraction (0 left … 1 right; the bounce lane stays inside, others too).
    public func laneX(fraction: Double) -> Double { laneStartX + fraction * (laneEndX - laneStartX) }

    /// The form field at rest (the shake offsets it horizontally).
    public var shakeField: DrawRect {
        if isGrid {
            // In the lower row's left card, level with the middle of the cover stack beside it.
            let x = lanesFrame.x + labelWidth
            return DrawRect(x: x, y: lowerCardTop + Self.cardPadding + 60, width: 220, height: 48)
        }
        if isShort {
            // In the last column, under the orbit and its caption.
            let c = shortColumns
            return DrawRect(x: c.last, y: orbitFrame.maxY + 52, width: Swift.min(220, c.lastWidth), height: 48)
        }
        // In a card of its own under the lanes' card, `fieldInset` into it.
        let x = lanesFrame.x + labelWidth
        return DrawRect(x: x, y: lanesCardBottom + Self.smallGap + Self.fieldInset,
                        width: Swift.min(220, width - x - Self.margin - 10), height: 48)
    }

    /// The space between two of the small layouts' cards, what they keep inside around what they hold, and how far
    /// the form field lies inside its card.
    static let smallGap = 8.0, smallPadding = 12.0, fieldInset = 14.0
    /// The small layouts' cards keep this from the window's sides (the items `margin` from them).
    static let smallInset = margin - smallPadding
    /// How far under an item's tap area its caption's last line reaches: the lanes' (6 px under them), the form
    /// field's (8), the orbit's (2) and the cover stack's (4), each a line of 9.5 px capitals (1.4 of that tall).
    static let lanesCaptionReach = 6 + 9.5 * 1.4, fieldCaptionReach = 8 + 9.5 * 1.4, orbitCaptionReach = 2 + 9.5 * 1.4,
               coversCaptionReach = 4 + 9.5 * 1.4
    /// The small layouts' lanes' card's foot: `smallPadding` under their caption.
    private var lanesCardBottom: Double { (lanesFrame.maxY + Self.lanesCaptionReach + Self.smallPadding).rounded() }
    /// The small layouts' form field's card's foot.
    private var fieldCardBottom: Double { (shakeField.maxY + Self.fieldCaptionReach + Self.smallPadding).rounded() }

    /// The right column's centre x (wide layout).
    private var rightCenterX: Double { content.left + content.width * 0.55 + (content.width * 0.45) / 2 }

    /// The top of the narrow layout's last row (covers and orbit), on a card under the form field's: the cover
    /// stack's tap area 2 px inside it (the stack itself 12).
    private var lowerRowTop: Double { fieldCardBottom + Self.smallGap + 2 }

    /// The orbit's horizontal and vertical radii.
    public var orbitRadii: SIMD2<Double> {
        let a = isShort ? Swift.max(44, Swift.min(shortColumns.lastWidth / 2 - 24, 59))
            : isNarrow ? Swift.max(44, Swift.min(width * 0.45 / 2 - 24, 100))
            : Swift.max(50, Swift.min(content.width * 0.45 / 2 - 40, 150))
        return SIMD2(a, (a * 0.55).rounded())
    }

    /// The orbit's centre (where the planet is).
    public var orbitCenter: SIMD2<Double> {
        if isShort {
            let c = shortColumns
            return SIMD2((c.last + c.lastWidth / 2).rounded(), top + 4 + orbitRadii.y + 24)
        }
        if isNarrow {
            return SIMD2((width - Self.margin - orbitRadii.x - 24).rounded(), lowerRowTop + orbitRadii.y + 24)
        }
        return SIMD2(rightCenterX, top + lead + orbitRadii.y + 30)
    }

    /// The orbit's tappable area.
    public var orbitFrame: DrawRect {
        let r = orbitRadii + SIMD2(24, 24)
        return DrawRect(origin: orbitCenter - r, size: 2 * r)
    }

    /// The centre of the front cover at rest; the other covers stack above it.
    public var coversAnchor: SIMD2<Double> {
        if isShort {
            // Halfway down its card (as tall as the lanes' card), the caption under it.
            let room = lanesCardBottom - (top + 4 - 8) - (3 * Self.cardStep + Self.cardSize + 20
                                                              + Self.coversCaptionReach + Self.smallPadding + 10)
            return SIMD2(shortColumns.covers + 10 + Self.cardSize / 2,
                         top + 4 + Swift.max(0, room / 2).rounded() + 10 + 3 * Self.cardStep + Self.cardSize / 2)
        }
        if isNarrow {
            // Left, so the shuffle's swing (110 px right) stays on screen.
            return SIMD2(Self.margin + 10 + Self.cardSize / 2, lowerRowTop + 10 + 3 * Self.cardStep + Self.cardSize / 2)
        }
        if isGrid {
            return SIMD2(rightCenterX - 40, lowerCardTop + Self.cardPadding + 10 + 3 * Self.cardStep + Self.cardSize / 2)
        }
        // Under the orbit, on a card of its own under the orbit's (the stack's tap area 2 px inside it).
        let top = orbitCardBottom + Self.smallGap + 2
        return SIMD2(rightCenterX - 40, top + 10 + 3 * Self.cardStep + Self.cardSize / 2)
    }

    /// How far the shuffled card swings out beside the stack (`GalleryCoverStack.swing`, 110 px right): on a phone
    /// (portrait or landscape), where the orbit sits right of the stack, only as far as the gap between them (at
    /// least 40 px), so the card in flight does not cover the satellite and its caption.
    public var coverSwing: SIMD2<Double> {
        guard isNarrow || isShort else { return GalleryCoverStack.swing }
        let gap = orbitFrame.x - (coversAnchor.x + Self.cardSize / 2)
        return SIMD2(Swift.max(40, Swift.min(GalleryCoverStack.swing.x, gap.rounded())), GalleryCoverStack.swing.y)
    }

    /// The cover stack's tappable area.
    public var coversFrame: DrawRect {
        let a = coversAnchor
        let half = Self.cardSize / 2
        return DrawRect(x: a.x - half - 10, y: a.y - half - 3 * Self.cardStep - 10,
                        width: Self.cardSize + 20, height: Self.cardSize + 3 * Self.cardStep + 20)
    }

    /// The tappable area of an item (the shake field's is its resting rectangle, widened by the shake's reach).
    public func frame(of item: GalleryItem) -> DrawRect {
        switch item {
        case .lanes: return lanesFrame
        case .shake:
            let f = shakeField
            return DrawRect(x: f.x - 10, y: f.y, width: f.width + 20, height: f.height)
        case .satellite: return orbitFrame
        case .covers: return coversFrame
        }
    }

    /// The lowest point anything of the gallery reaches (its lowest item and the caption under it: 9.5 px capitals
    /// at most 8 px below an item, and their descenders; the cards and a margin under them).
    public var contentBottom: Double {
        let items = GalleryItem.allCases.map { frame(of: $0).maxY }.max().map { $0 + 21 } ?? top
        return Swift.max(items, (cards.map(\.maxY).max() ?? 0) + (isGrid ? Self.cardInset : Self.smallInset))
    }

    /// The wide layout's orbit card's foot (`smallPadding` under the orbit's caption).
    private var orbitCardBottom: Double { (orbitFrame.maxY + Self.orbitCaptionReach + Self.smallPadding).rounded() }

    /// The small layouts' cards (every layout but the grid), as the grid groups its items: each item with its
    /// caption on a card, `smallPadding` around them, `smallGap` between cards. A phone in portrait: the lanes, the
    /// form field, and the cover stack beside the orbit (one row) across the width; in landscape: three columns (the
    /// lanes, the cover stack, the orbit over the form field); else two columns (the lanes over the form field, the
    /// orbit over the cover stack), each column's last card reaching as low as the other's.
    private var smallCards: [DrawRect] {
        let p = Self.smallPadding, top = top + lead + (isShort ? 4 : 0) - 8
        let left = content.left + Self.smallInset, right = content.left + content.width - Self.smallInset
        func card(_ x: Double, _ y: Double, _ maxX: Double, _ maxY: Double) -> DrawRect {
            DrawRect(x: x, y: y, width: maxX - x, height: maxY - y)
        }
        let covers = coversFrame, coversBottom = (covers.maxY + Self.coversCaptionReach + p).rounded()
        if isNarrow {
            let row = covers.y - 2
            let rowBottom = Swift.max(coversBottom, (orbitFrame.maxY + Self.orbitCaptionReach + p).rounded())
            return [card(left, top, right, lanesCardBottom),
                    card(left, lanesCardBottom + Self.smallGap, right, fieldCardBottom),
                    card(left, row, right, rowBottom)]
        }
        if isShort {
            let c = shortColumns
            let lastBottom = Swift.max(fieldCardBottom, lanesCardBottom)
            return [card(left, top, c.covers - 4 - Self.smallGap, lanesCardBottom),
                    card(covers.x - 4, top, covers.maxX + 4, Swift.max(coversBottom, lastBottom)),
                    card(c.last - p, top, right, lastBottom)]
        }
        let leftRight = lanesFrame.maxX + p, rightLeft = leftRight + Self.smallGap
        let bottom = Swift.max(fieldCardBottom, coversBottom)
        return [card(left, top, leftRight, lanesCardBottom),
                card(rightLeft, top, right, orbitCardBottom),
                card(left, lanesCardBottom + Self.smallGap, leftRight, bottom),
                card(rightLeft, orbitCardBottom + Self.smallGap, right, bottom)]
    }

    /// The grid's padding inside a card, the space between two cards and their corner radius.
    static let cardPadding = 16.0, cardGap = 12.0, cardRadius = 20.0
    /// The space between the grid's cards and the window's sides and foot.
    static let cardInset = 14.0

    /// The grid's upper cards' bottom edge: under the lanes' caption and the orbit's, whichever is lower.
    private var upperCardBottom: Double {
        Swift.max(lanesFrame.maxY + 20, orbitFrame.maxY + 16) + Self.cardPadding - 4
    }
    /// The grid's lower cards' top edge.
    private var lowerCardTop: Double { upperCardBottom + Self.cardGap }

    /// The grid's cards (behind the lanes, the orbit, the form field and the cover stack, in that order), nothing
    /// in the other layouts. The left ones reach 8 px past the lanes' dots, the right ones start 12 px after that.
    public var cards: [DrawRect] {
        guard isGrid else { return smallCards }
        let top = top + lead - 8, left = content.left + Self.cardInset
        let right = content.left + content.width - Self.cardInset
        let split = content.left + content.width * 0.55
        let leftWidth = split + 8 - left, rightX = split + 20
        let bottom = coversFrame.maxY + 18 + Self.cardPadding - 4  // under the covers' caption
        return [DrawRect(x: left, y: top, width: leftWidth, height: upperCardBottom - top),
                DrawRect(x: rightX, y: top, width: right - rightX, height: upperCardBottom - top),
                DrawRect(x: left, y: lowerCardTop, width: leftWidth, height: bottom - lowerCardTop),
                DrawRect(x: rightX, y: lowerCardTop, width: right - rightX, height: bottom - lowerCardTop)]
    }

    /// The layout for a window `width` × `height` and the zoom it is shown at: 1 where everything fits; in a window
    /// too short for it (a landscape phone, a small desktop window) the layout of a taller, wider window, shown smaller
    /// (`zoom` < 1) below the chrome band, so every item stays whole and reachable.
    public static func fitting(width: Double, height: Double) -> (layout: GalleryLayout, zoom: Double) {
        let plain = GalleryLayout(width: width, height: height), top = plain.top
        func layout(_ zoom: Double, grid: Bool = false) -> GalleryLayout {
            GalleryLayout(width: width / zoom, height: top + (height - top) / zoom, grid: grid, top: top)
        }
        // A large window shows the two-column layout larger, type and all (as libadwaita's breakpoints step up), so
        // it fills the screen instead of a column in its middle: the largest zoom up to `largestZoom` at which a
        // layout at least `largeLayoutWidth` wide fits.
        if width >= SceneChrome.largeWidth, height > top + 40 {
            for step in stride(from: Int(largestZoom * 100), through: 101, by: -1) {
                let zoom = Double(step) / 100
                var large = layout(zoom, grid: true)
                if large.width >= largeLayoutWidth, large.fits {
                    large.lead = ((large.height - large.contentBottom) / 2).rounded(.down)
                    return (large, zoom)
                }
            }
        }
        // A landscape phone's short layout, centred in the window under the band (under the compact band it began
        // 4 px under the bar and left 64 px under its captions at 720x360).
        // A window too short for the two columns at full size but as wide as the short layout (640x480) shows the
        // short one at full size, centred the same way, rather than the two columns smaller (0.85×: 11 px type).
        let short = plain.isShort ? plain : GalleryLayout(width: width, height: height, short: true)
        if !plain.isNarrow, plain.isShort || !plain.fits, width >= shortMinimumWidth, short.fits {
            let spare = height - short.contentBottom
            return (GalleryLayout(width: width, height: height, top: top + (spare / 2).rounded(.down), short: true), 1)
        }
        if plain.fits, !plain.isShort {
            // Lowered by half the room left under the cards, so they lie as far from the chrome band as from the foot.
            var balanced = plain
            balanced.lead = Swift.max(0, ((height - plain.contentBottom) / 2).rounded(.down))
            return (balanced, 1)
        }
        guard !plain.fits, height > top + 40 else { return (plain, 1) }
        // The largest zoom (in steps of 1/100) at which the larger layout fits and keeps its items apart.
        for step in stride(from: 99, through: 25, by: -1) {
            let zoom = Double(step) / 100
            if layout(zoom).fits { return (layout(zoom), zoom) }
        }
        return (layout(0.25), 0.25)
    }

    /// Whether everything lies inside the container with the items apart.
    public var fits: Bool {
        let frames = GalleryItem.allCases.map(frame(of:))
        let apart = frames.indices.allSatisfy { i in
            frames.indices.allSatisfy { j in j <= i || frames[i].intersection(frames[j]) == nil }
        }
        return apart && contentBottom <= height && frames.allSatisfy { $0.x >= 0 && $0.maxX <= width }
    }

    /// A point of a layout shown at `zoom` (see `fitting`) in the window's coordinates.
    public func toWindow(_ p: SIMD2<Double>, zoom: Double) -> SIMD2<Double> {
        SIMD2(p.x * zoom, top + (p.y - top) * zoom)
    }

    /// A point of the window in the coordinates of a layout shown at `zoom`.
    public func toLayout(_ p: SIMD2<Double>, zoom: Double) -> SIMD2<Double> {
        SIMD2(p.x / zoom, top + (p.y - top) / zoom)
    }

    /// The item whose area contains `point`, if any.
    public func item(at point: SIMD2<Double>) -> GalleryItem? {
        GalleryItem.allCases.first { item in
            let r = frame(of: item)
            return point.x >= r.x && point.x <= r.maxX && point.y >= r.y && point.y <= r.maxY
        }
    }
}
