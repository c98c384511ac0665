import MomentumLayers

/// A frame split for layers drawn apart: the window's drawing below them all, and what the window's list draws over
/// them lifted onto surfaces between them (the chrome: a translucent bar the content slides under, the switcher, a
/// caption over a moving item), so a moving layer rides the compositor even where something is drawn over it.
///
/// Every command from the first separated layer on that reaches a separated layer drawn before it, or reaches a
/// command already lifted, is lifted onto the chrome right above the last separated layer drawn before it (in
/// order): above every layer it was drawn after, below every layer drawn after it. The others stay in the window,
/// below every separated layer, which keeps the drawing order because they reach neither. Reaches are
/// `DrawCommand.reach` (never smaller than what is drawn); a layer reaches where it may slide too
/// (`SeparateLayer.sweep`), so what it will slide under is lifted from the first frame, not a frame later with the
/// window drawn again.
struct Planes {
    /// What is drawn into the window.
    var window: DrawList
    /// The lifted commands above each separated layer (`chromes[k]` above the k-th, below the next), each on a
    /// surface of its own (its top-left corner at (0, 0)); nil where none are.
    var chromes: [SeparateLayer?]

    /// The split of `list` for `separated` (in drawing order, each at its `index` in `list`) in a window of `size`
    /// logical px.
    init(list: DrawList, separated: [SeparateLayer], size: SIMD2<Double>) {
        guard let first = separated.first?.index else {
            self.init(window: list, chromes: [])
            return
        }
        var window = DrawList(commands: Array(list.commands[..<min(first, list.count)]))
        // Per chrome, its commands and their reach (each command's, not their union: a caption lifted beside one
        // layer must not reach, through a bounding box, a command drawn later elsewhere).
        var lifted: [[DrawCommand]] = Array(repeating: [], count: separated.count)
        var liftedReaches: [DrawRect] = []
        var liftedReach: DrawRect?
        var passed: [DrawRect] = []
        for index in list.commands.indices where index >= first {
            while passed.count < separated.count, separated[passed.count].index <= index {
                passed.append(separated[passed.count].sweep)
            }
            let command = list.commands[index]
            let reach = command.reach
            if passed.contains(where: reach.intersects) || liftedReach?.intersects(reach) == true
                && liftedReaches.contains(where: reach.intersects) {
                lifted[passed.count - 1].append(command)
                liftedReaches.append(reach)
                liftedReach = liftedReach.map { $0.union(reach) } ?? reach
            } else {
                window.append(command)
            }
        }
        let chromes = lifted.map { commands -> SeparateLayer? in
            guard var reach = commands.first?.reach else { return nil }
            for command in commands.dropFirst() { reach = reach.union(command.reach) }
            // Whole logical px, inside the window: the surface the lifted commands are drawn on.
            let low = pointwiseMax(reach.origin.rounded(.down), .zero)
            let high = pointwiseMin((reach.origin + reach.size).rounded(.up), size.rounded(.up))
            guard high.x > low.x, high.y > low.y else { return nil }
            return SeparateLayer(content: DrawList(commands: commands).offsetBy(-low),
                                 frame: DrawRect(origin: low, size: high - low), index: list.count)
        }
        self.init(window: window, chromes: chromes)
    }

    /// Whether a list splits for the layers `new` as it did for `old` (the same layers moved: the same count, each at
    /// the same index): every command from the first layer's index on reaches each layer's new frame exactly when it
    /// reached its old one, which is all the split looks at. `reaches` are those commands' reaches
    /// (`reaches(of:from:)`, kept with the list: a frame that only moves layers asks this of the same list again, and
    /// a command's reach costs more to find than to compare).
    static func splitsAlike(reaches: [DrawRect], old: [SeparateLayer], new: [SeparateLayer]) -> Bool {
        guard old.count == new.count else { return true }
        return zip(old, new).allSatisfy { splitsAlike(reaches: reaches, old: $0, new: $1) }
    }

    /// `splitsAlike(reaches:old:new:)` for one layer: whether `new` (the layer moved) reaches every one of `reaches`
    /// that `old` reached and no other.
    static func splitsAlike(reaches: [DrawRect], old: SeparateLayer, new: SeparateLayer) -> Bool {
        let (a, b) = (old.sweep, new.sweep)
        return a == b || reaches.allSatisfy { $0.intersects(a) == $0.intersects(b) }
    }

    /// The reaches `splitsAlike(reaches:old:new:)` compares: those of `list`'s commands from the first of `layers`'
    /// indices on (none when there is no layer or it is past the list's end).
    static func reaches(of list: DrawList, from layers: [SeparateLayer]) -> [DrawRect] {
        guard let first = layers.first?.index, first < list.count else { return [] }
        return list.commands[first...].map(\.reach)
    }

    private init(window: DrawList, chromes: [SeparateLayer?]) {
        self.window = window
        self.chromes = chromes
    }
}
