import MomentumLayers
import WaylandClient

/// A large window drawn without a buffer of its size (issue 25; docs/benchmarks/renderer.md, "The window without a
/// full-size buffer"): its backdrop, one vertical gradient, as a strip a few buffer px wide and the window's height
/// stretched over it by `wp_viewporter` (every row one colour, so the stretch shows the same bytes:
/// `scripts/check-stretch-strip.py`), and what the window draws over the backdrop (the clock, the hint, the
/// notifications, the switcher's pills) on a few opaque surfaces of the size of what they show, right above the
/// window and under every layer surface, each drawn with the backdrop's rows under it. `RenderTarget` shows the
/// window so where it is drawn into the app's own buffers (`SurfaceBuffersKind.appBuffersAbove`) and `plan` finds
/// the content small enough; else as before.
final class WindowParts {
    /// The strip's buffers (the window surface's own while the window is shown so).
    let strip: ShmBuffers
    /// What the strip was last drawn from: the backdrop's colours and its size in buffer px (nil: not drawn yet).
    var stripDrawn: (top: RGBA, bottom: RGBA, width: Int, height: Int)?
    /// The surfaces showing the content, one per box of `plan`.
    var parts: [Part] = []
    /// The window's list the strip and the parts show, at that buffer height and scale (nil: none yet).
    var shown: (list: DrawList, height: Int, scale: Double)?
    /// The renderer's name for the next part's drawings.
    private var nextID = 0

    /// One box of the window's content on a surface of its own: the box (whole logical px, window coordinates), the
    /// surface and its buffers, and what was drawn into them last.
    final class Part {
        let box: DrawRect
        // The subsurface before the buffers it shows (released in this order).
        let subsurface: Subsurface
        let buffers: ShmBuffers
        /// The renderer's name for its drawings.
        let surfaceID: Int
        /// The list last drawn into it, in its own coordinates, and the scale (nil: nothing yet).
        var drawn: (content: DrawList, scale: Double)?

        init(box: DrawRect, subsurface: Subsurface, buffers: ShmBuffers, surfaceID: Int) {
            self.box = box
            self.subsurface = subsurface
            self.buffers = buffers
            self.surfaceID = surfaceID
        }
    }

    init(strip: ShmBuffers) {
        self.strip = strip
    }

    /// The renderer's name for the strip's drawings; the parts' follow it, one each (apart from the window's 0, the
    /// layer surfaces', the tiles', the row strips' and the snapshot's).
    static let stripID = 1 << 41

    /// A renderer name for a new part.
    func makeID() -> Int {
        nextID += 1
        return Self.stripID + nextID
    }

    /// How far apart (logical px) two commands' reaches may be and still share a part: nearer ones are drawn as one
    /// box (the clock, its date, the title and the hint), farther ones as two (the pills at the top, the clock below).
    static let joinGap = 24.0

    /// The most parts a window is shown with; a content in more is drawn into the window's buffer as before.
    static let mostParts = 6

    /// The share of the window the parts may cover together: above it the window is drawn as before (the gallery's
    /// cards, a switcher's menu over everything), since the parts would save little.
    static let largestShare = 0.4

    /// The backdrop's colours where `list` (a window's) is its backdrop (`DrawCommand.background`, first) with
    /// anything else over it and no second backdrop; nil otherwise.
    static func backdrop(of list: DrawList) -> (top: RGBA, bottom: RGBA)? {
        guard case let .background(top, bottom)? = list.commands.first,
              !list.commands.dropFirst().contains(where: { if case .background = $0 { true } else { false } })
        else { return nil }
        return (top, bottom)
    }

    /// The boxes (whole logical px, inside the window, disjoint) that hold every pixel the commands of `list` after
    /// its backdrop can touch (their `reach`), reaches nearer than `joinGap` joined into one box; nil where `list`
    /// has no backdrop first (`backdrop(of:)`), or the boxes are more than `mostParts` or cover more than
    /// `largestShare` of the window of `size` (logical px). Empty when nothing is drawn over the backdrop.
    static func plan(_ list: DrawList, size: SIMD2<Double>) -> [DrawRect]? {
        guard backdrop(of: list) != nil, size.x >= 1, size.y >= 1 else { return nil }
        let window = DrawRect(origin: .zero, size: size)
        var boxes: [DrawRect] = []
        for command in list.commands.dropFirst() {
            guard let inside = command.reach.intersection(window) else { continue }
            let low = inside.origin.rounded(.down), high = (inside.origin + inside.size).rounded(.up)
            var box = DrawRect(origin: low, size: high - low)
            // Join every box it comes near, again with the joined box (it can reach further ones).
            var joined = true
            while joined {
                joined = false
                if let index = boxes.firstIndex(where: { $0.insetBy(-joinGap).intersects(box) }) {
                    box = box.union(boxes.remove(at: index))
                    joined = true
                }
            }
            boxes.append(box)
        }
        let covered = boxes.reduce(0) { $0 + $1.width * $1.height }
        guard boxes.count <= mostParts, covered <= largestShare * size.x * size.y else { return nil }
        return boxes
    }

    /// The backdrop's colour at `y` (logical px) of a window `height` high: the gradient from `top` at its top edge
    /// to `bottom` at its bottom edge, as the renderer draws `DrawCommand.background` over the whole window.
    static func colour(top: RGBA, bottom: RGBA, at y: Double, height: Double) -> RGBA {
        let t = Float(y / height)
        return RGBA(r: top.r + (bottom.r - top.r) * t, g: top.g + (bottom.g - top.g) * t,
                    b: top.b + (bottom.b - top.b) * t, a: top.a + (bottom.a - top.a) * t)
    }

    /// What the part `box` of a window `height` logical px high shows of the window's `list` (its backdrop first),
    /// in the part's own coordinates: the backdrop's rows of the box, and the commands that reach into it.
    static func content(of list: DrawList, in box: DrawRect, height: Double) -> DrawList {
        guard let (top, bottom) = backdrop(of: list) else { return list }
        var commands: [DrawCommand] = [.background(top: colour(top: top, bottom: bottom, at: box.y, height: height),
                                                   bottom: colour(top: top, bottom: bottom, at: box.maxY,
                                                                  height: height))]
        for command in list.commands.dropFirst() where command.reach.intersects(box) {
            commands.append(command.offsetBy(-box.origin))
        }
        return DrawList(commands: commands)
    }
}
