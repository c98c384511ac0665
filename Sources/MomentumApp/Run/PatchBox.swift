import MomentumText

/// The box of a window's patch (`RenderTarget.WindowPatch`): which buffer px of the window it covers, and which part
/// of a grown box a new patch buffer fills from where. Pure, so its rules are tested on their own.
///
/// The box holds every change since the window's buffer was drawn. It grows on a coarse grid (`grid` buffer px, a
/// whole number of logical px) and never shrinks while the patch shows: a patch buffer is made anew each time the
/// box grows (filled with the last frame before the frame's damage is drawn), so a box snug to the changes' bounds
/// made one at almost every frame while the playground's knock scattered its marks (perf-mem14: 11-17 frames of
/// 5-16 ms at 1920x1080@2).
enum PatchBox {
    /// The grid's step in buffer px at scale 1 (rounded up to a whole number of logical px at other scales).
    static let grid = 64

    /// The box for a frame that changed `changed` (buffer px) while the patch shows `shown` (nil: hidden) in a
    /// window of `width`×`height` buffer px at whole `scale`: `changed` and `shown` together, its edges out on the
    /// grid and inside the window. Nil when it would be more than `share` of the window; then the box without the
    /// grid (whole logical px) where that is within `share`.
    static func of(changed: PixelRect, shown: PixelRect?, scale: Int, width: Int, height: Int,
                   share: Double) -> PixelRect? {
        let all = shown.map { changed.union($0) } ?? changed
        let window = PixelRect(width: width, height: height)
        let limit = share * Double(width * height)
        let step = (grid + scale - 1) / scale * scale
        let snapped = out(all, step: step).intersection(window)
        if !snapped.isEmpty, Double(snapped.area) <= limit { return snapped }
        let snug = out(all, step: scale).intersection(window)
        return !snug.isEmpty && Double(snug.area) <= limit ? snug : nil
    }

    /// `rect`'s edges moved out to multiples of `step`.
    private static func out(_ rect: PixelRect, step: Int) -> PixelRect {
        PixelRect(minX: floor(rect.minX, step), minY: floor(rect.minY, step),
                  maxX: -floor(-rect.maxX, step), maxY: -floor(-rect.maxY, step))
    }

    private static func floor(_ value: Int, _ step: Int) -> Int {
        (value >= 0 ? value : value - step + 1) / step * step
    }

    /// The parts of `box` outside `inner` (which it holds): at most four rectangles, none overlapping — what a patch
    /// buffer made for a grown box fills from the window's buffer, the rest (`inner`) coming from the patch shown.
    static func parts(of box: PixelRect, outside inner: PixelRect) -> [PixelRect] {
        let inner = inner.intersection(box)
        guard !inner.isEmpty else { return box.isEmpty ? [] : [box] }
        let rects = [
            PixelRect(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: inner.minY),
            PixelRect(minX: box.minX, minY: inner.maxY, maxX: box.maxX, maxY: box.maxY),
            PixelRect(minX: box.minX, minY: inner.minY, maxX: inner.minX, maxY: inner.maxY),
            PixelRect(minX: inner.maxX, minY: inner.minY, maxX: box.maxX, maxY: inner.maxY),
        ]
        return rects.filter { !$0.isEmpty }
    }
}
