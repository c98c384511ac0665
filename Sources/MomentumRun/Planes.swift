import MomentumLayers

/// A frame split for layers drawn apart: the window's drawing below them, and what the window's list draws over
/// them lifted onto one surface above them all (the chrome: a translucent bar the content slides under, the
/// switcher), so a moving layer rides the compositor even where something is drawn over it.
///
/// Every command from the first separated layer on that reaches a separated layer drawn before it, or reaches a
/// command already lifted, is lifted (in order); the others stay in the window, below every separated layer, which
/// keeps the drawing order because they reach neither. Reaches are `DrawCommand.reach` (never smaller than what is
/// drawn).
struct Planes {
    /// What is drawn into the window.
    var window: DrawList
    /// The lifted commands on a surface of their own (its top-left corner at (0, 0)), nil when none are.
    var chrome: SeparateLayer?

    /// The split of `list` for `separated` (in drawing order, each at its `index` in `list`) in a window of `size`
    /// logical px; nil when the order cannot be kept: something lifted is under a later separated layer it reaches.
    init?(list: DrawList, separated: [SeparateLayer], size: SIMD2<Double>) {
        guard let first = separated.first?.index else {
            self.init(window: list, chrome: nil)
            return
        }
        var window = DrawList(commands: Array(list.commands[..<min(first, list.count)]))
        var lifted: [DrawCommand] = []
        // Each lifted command's reach (not their union: a caption lifted beside one layer must not reach, through
        // a bounding box, a layer drawn later elsewhere).
        var liftedReaches: [DrawRect] = []
        var liftedReach: DrawRect?
        var passed: [DrawRect] = []
        var next = 0
        func pass(upTo index: Int) -> Bool {
            while next < separated.count, separated[next].index <= index {
                let frame = separated[next].frame
                if liftedReaches.contains(where: frame.intersects) { return false }
                passed.append(frame)
                next += 1
            }
            return true
        }
        for index in list.commands.indices where index >= first {
            guard pass(upTo: index) else { return nil }
            let command = list.commands[index]
            let reach = command.reach
            if passed.contains(where: reach.intersects) || liftedReach?.intersects(reach) == true
                && liftedReaches.contains(where: reach.intersects) {
                lifted.append(command)
                liftedReaches.append(reach)
                liftedReach = liftedReach.map { $0.union(reach) } ?? reach
            } else {
                window.append(command)
            }
        }
        guard pass(upTo: .max) else { return nil }
        var chrome: SeparateLayer?
        if let liftedReach {
            // Whole logical px, inside the window: the surface the lifted commands are drawn on.
            let low = pointwiseMax(liftedReach.origin.rounded(.down), .zero)
            let high = pointwiseMin((liftedReach.origin + liftedReach.size).rounded(.up), size.rounded(.up))
            if high.x > low.x, high.y > low.y {
                chrome = SeparateLayer(content: DrawList(commands: lifted).offsetBy(-low),
                                       frame: DrawRect(origin: low, size: high - low), index: list.count)
            }
        }
        self.init(window: window, chrome: chrome)
    }

    /// Whether `list` splits for the layers `new` as it did for `old` (the same layers moved: the same count, each at
    /// the same index): every command from the first layer's index on reaches each layer's new frame exactly when it
    /// reached its old one, which is all the split looks at.
    static func splitsAlike(_ list: DrawList, old: [SeparateLayer], new: [SeparateLayer]) -> Bool {
        guard old.count == new.count, let first = new.first?.index, first < list.count else { return true }
        for command in list.commands[first...] {
            let reach = command.reach
            for (a, b) in zip(old, new) where reach.intersects(a.frame) != reach.intersects(b.frame) { return false }
        }
        return true
    }

    private init(window: DrawList, chrome: SeparateLayer?) {
        self.window = window
        self.chrome = chrome
    }
}
