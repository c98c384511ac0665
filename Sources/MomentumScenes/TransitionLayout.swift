import MomentumCore
import MomentumLayers

/// Where the transition scene's modal card sits in its container (the window), and what its position means.
///
/// The card is `width − 32` wide (at most 720, 1040 on a large window) and `height × 0.8` tall (less where that would not fit below the header with 12 px
/// to spare; on a short window no taller than its content), centred horizontally. It is presented *from above* (seed 002): dismissed, its bottom edge lies on the
/// container's top edge (the seed's `center.y = −90` for a 180 pt card); presented, it is centred in the area below
/// the header bar. The header bar is the backdrop's "navigation bar" whose two large titles cross-fade; it spans the
/// chrome band (`SceneChrome.bandHeight(for:)`), its titles at its bottom left, clear of the switcher and the HUD (on a
/// short window's compact band, inline beside the switcher's pill).
///
/// The card's vertical position is its top edge `y`. The transition's *completion* is the fraction of the way
/// from the dismissed position (0) to the presented position (1), clamped to [0, 1] like the seed's percentage.
public struct TransitionLayout: Sendable, Equatable {
    /// Container width in logical px.
    public var width: Double { didSet { cardSize = Self.cardSize(width: width, height: height) } }
    /// Container height in logical px.
    public var height: Double { didSet { cardSize = Self.cardSize(width: width, height: height) } }
    /// The card's size (made when the container's size is set, not at every use: the card's rectangle is asked for
    /// on every frame, and a short card's height is its wrapped message's).
    public private(set) var cardSize: SIMD2<Double>

    /// Creates a layout for a container.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
        cardSize = Self.cardSize(width: width, height: height)
    }

    /// Height of the backdrop's header bar (its titles cross-fade while the card moves): the chrome band.
    public var headerHeight: Double { SceneChrome.bandHeight(for: SIMD2(width, height)) }

    /// The widest the card gets (a form sheet on a large screen, centred: the message beside its attachments),
    /// logical px.
    public static let maximumCardWidth = 1040.0

    /// The tallest the card gets (a form sheet on a large screen, centred below the header).
    public static let maximumCardHeight = 820.0

    /// The widest and tallest the card gets in a window narrower than `SceneChrome.largeWidth`.
    public static let compactMaximumCardSize = SIMD2(720.0, 680.0)

    /// True in a window at least `SceneChrome.largeWidth` wide: a larger card, its attachments beside the message.
    public var isLarge: Bool { width >= SceneChrome.largeWidth }

    /// Windows shorter than this (a phone in landscape) get the short layout: a card with its attachments beside the
    /// message and its sender row lifted, tighter inbox rows and a smaller button (as `GalleryLayout.shortHeight`).
    public static let shortHeight = 430.0

    /// True in a window shorter than `shortHeight`.
    public var isShort: Bool { height < Self.shortHeight }

    /// The card's size in a `width` × `height` container; a short window's card (a phone in landscape, its
    /// attachments beside the message) is no taller than its content (`TransitionScene.shortCardHeight`): the
    /// message ends at a whole paragraph, and the rest of the height was blank under it.
    private static func cardSize(width: Double, height: Double) -> SIMD2<Double> {
        let isLarge = width >= SceneChrome.largeWidth
        let most = isLarge ? SIMD2(Self.maximumCardWidth, Self.maximumCardHeight) : Self.compactMaximumCardSize
        let headerHeight = SceneChrome.bandHeight(for: SIMD2(width, height))
        var size = SIMD2(max(min(width - 32, most.x), 0), max(min(height * 0.8, height - headerHeight - 24, most.y), 0))
        if height < shortHeight, !isLarge, let content = TransitionScene.shortCardHeight(size: size) {
            size.y = min(size.y, content)
        }
        return size
    }

    /// The card's left edge (centred horizontally).
    public var cardX: Double { (width - cardSize.x) / 2 }

    /// The card's top edge when presented: centred below the header bar (whole px), or in the container if that is
    /// too short; on a large window (a form sheet as wide as the inbox's rows) at the rows' top, 16 px under the bar,
    /// so it lies over the list from its first row down (centred, the first row peeked out between bar and card).
    public var presentedY: Double {
        let below = height - headerHeight - cardSize.y
        if isLarge, below >= 32 { return headerHeight + 16 }
        return (below >= 0 ? headerHeight + below / 2 : (height - cardSize.y) / 2).rounded()
    }

    /// The card's top edge when dismissed: just above the container, its bottom edge on the top edge.
    public var dismissedY: Double { -cardSize.y }

    /// The card's top edge for a resting target.
    public func y(for target: TransitionScene.Target) -> Double {
        switch target {
        case .presented: presentedY
        case .dismissed: dismissedY
        }
    }

    /// Completion for a card whose top edge is at `y`: 0 dismissed, 1 presented, clamped to [0, 1].
    public func completion(y: Double) -> Double {
        let span = presentedY - dismissedY
        guard span > 0 else { return 0 }
        return min(max((y - dismissedY) / span, 0), 1)
    }

    /// The card's rectangle when its top edge is at `y`.
    public func cardRect(y: Double) -> DrawRect {
        DrawRect(x: cardX, y: y, width: cardSize.x, height: cardSize.y)
    }

    /// The container rectangle.
    public var containerRect: DrawRect { DrawRect(x: 0, y: 0, width: width, height: height) }

    /// The header bar across the top of the backdrop.
    public var headerRect: DrawRect { DrawRect(x: 0, y: 0, width: width, height: headerHeight) }

    /// The backdrop's "Open message" button (any tap on the backdrop presents a dismissed card; this shows where):
    /// centred near the bottom, below the inbox's rows (in the middle it sat over a row and hid its sender), and
    /// above the presented card's bottom edge, so the card covers it whole (no edge of it peeks out under the sheet).
    public var buttonRect: DrawRect {
        let size = SIMD2(min(220, max(width - 64, 0)), isShort ? 44.0 : 52.0)
        let y = max(min(height - size.y - 20, presentedY + cardSize.y - size.y - 16), headerHeight + 8)
        return DrawRect(x: (width - size.x) / 2, y: y, width: size.x, height: size.y)
    }
}
