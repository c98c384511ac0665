/// Which tiles of a layer much taller than the window (a long list) each frame shows and draws, when the layer is
/// shown as tiles of a fixed height across it (`tileHeight`: a row of the scroll list, or two where a row's tile
/// would be small — `height(forWidthPixels:scale:)`), each on a surface of its own that the compositor moves and
/// crops (the app's `LayerTiles` carries the plan out).
///
/// A tile in view is shown; one that comes into view and was not drawn yet is drawn then. Tiles about to come into
/// view — half a window ahead in the direction the layer last moved, `behindTiles` behind — are drawn ahead of need
/// while the frame's pixel budget lasts (nearest first): `aheadBudget` of the window's pixels, at least one tile, and
/// at least one and a half times what the last frame's motion uncovered, so the tiles drawn ahead outrun the list.
/// A scrolling list thus draws a tile or two on most frames and never a whole band of them in one. The first frame
/// (every surface made then) draws the tiles in view and `firstFrameAhead` more, nearest first, and no more: the
/// list's first frame is what a person opening the scene waits for (half a window ahead was 27 tiles, 10.2 M px
/// and 180–279 ms at 3840x2160, against 19 tiles); the frames after it draw ahead within their budget, which a
/// motion's own speed raises. Surfaces are reused: a tile out of view keeps its drawing until its surface is
/// needed for a nearer one (the farthest from view goes first).
public struct TileSchedule: Sendable {
    /// A row's height, logical px: the scroll list's row, and the height of a tile that holds one.
    public static let tileHeight = 64.0
    /// The fewest buffer px a one-row tile has before its tiles hold two rows.
    public static let smallTile = 65_536

    /// The height (logical px) of the tiles of a layer `widthPixels` buffer px wide at `scale`: one row, or two
    /// where a one-row tile would have fewer than `smallTile` px (a one-column list on a small window). A tile's
    /// drawing has a fixed cost whatever its size — its surface made current, cleared, the list's programs bound,
    /// its pixels checked and swapped: ~0.4 ms of the ~0.75 ms a 720x64 tile adds to a frame on llvmpipe at
    /// 800x600 —, so a list drawn in half as many tiles of twice the height costs ~25 % less a row to draw
    /// (docs/benchmarks/scenes.md, perf-scroll4), and there are half as many surfaces to place each frame. Wide
    /// tiles are mostly pixels and stay one row (drawing ahead stays a tile or two a frame).
    public static func height(forWidthPixels widthPixels: Int, scale: Double) -> Double {
        let row = Int((tileHeight * scale).rounded(.up))
        return widthPixels * row < smallTile ? 2 * tileHeight : tileHeight
    }

    /// The height of this schedule's tiles, logical px.
    public let tileHeight: Double
    /// Tiles kept drawn behind the direction the layer moves.
    public static let behindTiles = 2
    /// The most a frame draws ahead, as a share of the window's pixels (at least one tile, and more when the
    /// layer moves faster).
    public static let aheadBudget = 0.08
    /// Rows the first frame draws ahead of the view: the next rows for a motion starting from rest (in tiles of
    /// two rows, half as many tiles: the first frame draws no more than with one-row tiles).
    public static let firstFrameAhead = 2

    /// What one frame does.
    public struct Frame: Sendable {
        /// Surfaces to hide: their tile left the view.
        public var hide: [Int] = []
        /// The tiles in view, top to bottom: which surface shows each, and whether it must be drawn first.
        public var show: [(tile: Int, surface: Int, draw: Bool)] = []
        /// Tiles to draw ahead of need into a surface without showing it.
        public var ahead: [(tile: Int, surface: Int)] = []
    }

    /// The tile each surface holds (nil: none), by surface; surfaces are made as this grows.
    public private(set) var held: [Int?] = []
    /// The surfaces shown after the last frame.
    public private(set) var shown: Set<Int> = []
    /// What the last frame showed (layer px), and which way the layer last moved (+1: its rows move up the
    /// window, what is shown moves down the layer).
    private var last: (top: Double, bottom: Double)?
    private var direction = 1

    /// An empty schedule of tiles `tileHeight` logical px tall: no surface yet.
    public init(tileHeight: Double = TileSchedule.tileHeight) { self.tileHeight = tileHeight }

    /// Forgets every tile's drawing (the layer's content changed): each is drawn again as it comes into view.
    public mutating func forgetDrawings() { held = held.map { _ in nil } }

    /// Forgets what surface `surface` holds (its drawing was lost): it is drawn again before it is shown.
    public mutating func forget(surface: Int) { if held.indices.contains(surface) { held[surface] = nil } }

    /// Plans a frame that shows the part from `top` to `bottom` (logical px) of a layer `layerHeight` tall in a
    /// window `windowHeight` tall, with tiles of `tilePixels` buffer px and a window of `windowPixels`.
    public mutating func plan(top: Double, bottom: Double, layerHeight: Double, windowHeight: Double,
                              tilePixels: Int, windowPixels: Int) -> Frame {
        let t = tileHeight
        let count = max(Int((layerHeight / t).rounded(.up)), 1)
        let first = min(max(Int((top / t).rounded(.down)), 0), count - 1)
        let final = min(max(Int((bottom / t).rounded(.up)) - 1, first), count - 1)
        // How far the view moved: at an end of the window one edge of what is shown stays where it is.
        let delta = last.map { (top: top - $0.top, bottom: bottom - $0.bottom) } ?? (top: 0.0, bottom: 0.0)
        let moved = max(abs(delta.top), abs(delta.bottom))
        if delta.top + delta.bottom != 0 { direction = delta.top + delta.bottom > 0 ? 1 : -1 }
        last = (top, bottom)
        let ahead = Int((0.5 * windowHeight / t).rounded(.up))
        let low = max(first - (direction < 0 ? ahead : Self.behindTiles), 0)
        let high = min(final + (direction > 0 ? ahead : Self.behindTiles), count - 1)
        let capacity = Int((windowHeight / t).rounded(.up)) + 1 + ahead + Self.behindTiles
        let needed = first...final
        let filling = held.isEmpty
        var frame = Frame()
        for surface in shown.sorted() where !(held[surface].map(needed.contains) ?? false) {
            frame.hide.append(surface)
        }
        shown.subtract(frame.hide)
        var drawn = 0
        for tile in needed {
            if let surface = held.firstIndex(of: tile) {
                frame.show.append((tile, surface, false))
                shown.insert(surface)
            } else if let surface = acquire(keeping: needed, within: nil, capacity: capacity) {
                held[surface] = tile
                frame.show.append((tile, surface, true))
                shown.insert(surface)
                drawn += tilePixels
            }
        }
        let firstAhead = max(Int((Double(Self.firstFrameAhead) * Self.tileHeight / t).rounded(.up)), 1)
        let budget = filling ? drawn + firstAhead * tilePixels : max(Int(Self.aheadBudget * Double(windowPixels)),
                                             max(Int((1.5 * moved / t).rounded(.up)), 1) * tilePixels)
        // Nearest first, the way the layer moves before the other.
        func distance(_ tile: Int) -> Int {
            let d = tile < first ? first - tile : tile - final
            return (tile < first) == (direction < 0) ? d : d + ahead
        }
        let order = (low...high).filter { !needed.contains($0) }.sorted { distance($0) < distance($1) }
        for tile in order where !held.contains(tile) {
            guard drawn <= budget - tilePixels,
                  let surface = acquire(keeping: needed, within: low...high, capacity: capacity) else { break }
            held[surface] = tile
            frame.ahead.append((tile, surface))
            drawn += tilePixels
        }
        return frame
    }

    /// A surface for a tile: one holding nothing, a new one while fewer than `capacity`, else the one holding the
    /// tile farthest from view (never one in `needed`, nor, for a tile drawn ahead, one in `within`); nil when none.
    private mutating func acquire(keeping needed: ClosedRange<Int>, within: ClosedRange<Int>?,
                                  capacity: Int) -> Int? {
        if let free = held.indices.first(where: { held[$0] == nil && !shown.contains($0) }) { return free }
        if held.count < capacity {
            held.append(nil)
            return held.count - 1
        }
        let centre = Double(needed.lowerBound + needed.upperBound) / 2
        let candidates = held.indices.filter { surface in
            guard let tile = held[surface] else { return !shown.contains(surface) }
            return !needed.contains(tile) && !(within?.contains(tile) ?? false)
        }
        return candidates.max { abs(Double(held[$0] ?? 0) - centre) < abs(Double(held[$1] ?? 0) - centre) }
    }
}
