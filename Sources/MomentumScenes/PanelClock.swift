import MomentumLayers

/// The panel scene's wallpaper: a lock screen's time and date above the hint, so the screen the Control Center
/// slides over is a screen and not an empty gradient. Text on the root, under the panel (drawn once: the window's
/// list does not change while the panel moves on its own surface).
struct PanelClock {
    private let time: LayerID, date: LayerID
    /// The capitals' heights of the time and the date at type scale 1, and the space from the time's descenders
    /// (0.28 of its capitals below them) to the date and from the date to what follows.
    static let timeSize = 40.0, dateSize = 11.0, dateGap = 6.0, after = 30.0

    /// Adds the two lines to `tree`'s root, under anything added after.
    init(into tree: inout LayerTree) {
        time = tree.add(.text("09:41", frame: DrawRect(x: 0, y: 0, width: 1, height: 1), size: Self.timeSize,
                              color: RGBA(r: 1, g: 1, b: 1, a: 0.92), weight: .semibold, alignment: .center))
        date = tree.add(.text("Thursday, 26 November", frame: DrawRect(x: 0, y: 0, width: 1, height: 1),
                              size: Self.dateSize, color: RGBA(r: 1, g: 1, b: 1, a: 0.8), weight: .semibold,
                              alignment: .center))
    }

    /// Centres the clock and `needed` px under it in `area` at type `scale` (a desktop's time is half as large
    /// again: a lock screen's time is read from across the room), and returns the area for what goes under it
    /// (`needed` and 12 px on each side); hides the clock and returns `area` whole where both do not fit (with 4 px
    /// to spare above and below: the chrome band above is mostly empty).
    func place(in tree: inout LayerTree, area: DrawRect, scale: Double, leaving needed: Double) -> DrawRect {
        let timeSize = Self.timeSize(scale: scale), dateSize = Self.dateSize * scale
        let dateY = (timeSize * 1.28 + Self.dateGap * scale).rounded()
        let height = height(scale: scale)
        let fits = area.height >= height + needed + 8 && area.width >= 240
        for id in [time, date] { tree[id].isHidden = !fits }
        guard fits else { return area }
        // The stack (clock and what follows) centred in the area.
        let top = (area.y + (area.height - height - needed) / 2).rounded()
        let textWidth = max(area.width - 24, 1)
        set(time, in: &tree, frame: DrawRect(x: area.x + 12, y: top, width: textWidth, height: timeSize * 1.4),
            size: timeSize)
        set(date, in: &tree, frame: DrawRect(x: area.x + 12, y: top + dateY,
                                             width: textWidth, height: dateSize * 1.4), size: dateSize)
        return DrawRect(x: area.x, y: top + height - 12, width: area.width, height: needed + 24)
    }

    /// The time's capitals at type `scale`.
    private static func timeSize(scale: Double) -> Double { timeSize * (scale > 1 ? 1.5 * scale : 1) }

    /// The height the clock takes at type `scale`, the space under it included.
    func height(scale: Double) -> Double {
        (Self.timeSize(scale: scale) * 1.28 + Self.dateGap * scale).rounded() + Self.dateSize * scale
            + Self.after * scale
    }

    private func set(_ id: LayerID, in tree: inout LayerTree, frame: DrawRect, size: Double) {
        tree[id].frame = frame
        if case let .text(string, _, color, weight, alignment) = tree[id].content {
            tree[id].content = .text(string, size: size, color: color, weight: weight, alignment: alignment)
        }
    }
}
