import RealModule

/// Something wrong with a drawn frame, naming the two things involved (the second is the window for `offScreen`).
public struct LayoutProblem: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// Two lines of text read over each other.
        case textOverText = "text over text"
        /// A control lies under a bar drawn over it: a touch on the bar there would reach it.
        case underBar = "under a bar"
        /// A control is drawn over another, hiding its text or a quarter of it or more (the first hides the second).
        case hides = "hides"
        /// At rest, a control is drawn over text that is not its own (a button over a list row).
        case covers = "covers"
        /// At rest, a control lies partly outside the window, or outside it while others of its group are inside.
        case offScreen = "off-screen"
        /// At rest, a line of text runs to within `edgeMargin` of the window's left or right side, or past it.
        case atEdge = "at the edge"
    }

    public var kind: Kind
    public var first: String
    public var second: String

    public init(_ kind: Kind, _ first: String, _ second: String) {
        self.kind = kind
        self.first = first
        self.second = second
    }

    public var description: String { "\(kind.rawValue): \(first) / \(second)" }
}

extension DrawnLayout {
    /// A text run drawn with less alpha than this (its colour's alpha times every opacity above it) reads as gone: a
    /// cross-fade where one side is below it is not text over text.
    public static let visibleAlpha: Float = 0.2
    /// Overlaps up to this many logical px (edges that meet, anti-aliasing) do not count.
    public static let slack = 1.0
    /// The least room (logical px) between a line of text at rest and the window's sides: a caption 7 px from the
    /// edge reads as cut off (HIG and libadwaita keep 12–16 px margins).
    public static let edgeMargin = 10.0

    /// The box a line of text's ink takes, from its capitals' top to its descenders (Inter's: 0.727 em above the
    /// baseline, about 0.2 em below; lowercase ascenders reach a little higher), `width` wide as shaped.
    public static func box(of run: TextRun, width: Double) -> DrawRect {
        let x = switch run.alignment {
        case .leading: run.position.x
        case .center: run.position.x - width / 2
        case .trailing: run.position.x - width
        }
        let top = run.position.y - TextRun.capHeightPerEm * run.size
        let box = DrawRect(x: x, y: top, width: width, height: (TextRun.capHeightPerEm + 0.2) * run.size)
        return run.turned(box)
    }

    /// The four corners of `run`'s box (`box(of:width:)` as laid out unturned) turned with it about its baseline's
    /// point.
    static func turnedCorners(of run: TextRun, width: Double) -> [SIMD2<Double>] {
        var flat = run
        flat.rotation = 0
        return run.turnedCorners(of: box(of: flat, width: width))
    }

    /// Whether two rectangles (their corners in order round them, turned any way) overlap by more than `slack`
    /// along every edge's direction of both (separating axes).
    static func quadsOverlap(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> Bool {
        for quad in [a, b] {
            for k in 0..<2 {
                let edge = quad[k + 1] - quad[k], length = (edge * edge).sum().squareRoot()
                guard length > 0 else { continue }
                let axis = edge / length
                let pa = a.map { ($0 * axis).sum() }, pb = b.map { ($0 * axis).sum() }
                guard let loA = pa.min(), let hiA = pa.max(), let loB = pb.min(), let hiB = pb.max() else { return false }
                if min(hiA, hiB) - max(loA, loB) <= slack { return false }
            }
        }
        return true
    }

    /// What is wrong with this frame in a window `width` × `height`; `atRest` when nothing moves (then what can be
    /// touched must be reachable); `measure` gives a run's advance width in logical px (the renderer's shaper). The
    /// rules:
    /// - **text over text**: two runs, both at least `visibleAlpha`, whose boxes (`box(of:width:)`) overlap by more
    ///   than `slack` both ways, unless an opaque fill drawn between them covers the overlap (a card over a list).
    /// - **under a bar**: a control (at least `visibleAlpha` opaque) overlaps a bar drawn after it.
    /// - **hides**: an opaque fill of a control covers text of another control (of another name, neither drawn
    ///   inside the other) or a quarter or more of its shape; a control's caption is given the control's role, so a
    ///   control flying over another's caption is caught. (A small thing crossing a large one hides neither.)
    /// - **covers** (at rest): an opaque fill of a control lies over a visible run that is not its own nor of a
    ///   control of the same name (in motion things may pass over text).
    /// - **off-screen** (at rest): a control that holds no other control lies partly outside the window, or wholly
    ///   outside it while another such control of the same sheet (or of none) lies inside.
    /// - **at the edge** (at rest): a visible run level with the window whose box comes within `edgeMargin` of its
    ///   left or right side (or crosses it).
    public func problems(width: Double, height: Double, atRest: Bool,
                         measure: (TextRun) -> Double) -> [LayoutProblem] {
        let boxes = texts.map { Self.box(of: $0.run, width: measure($0.run)) }
        let visible = texts.indices.filter { texts[$0].run.color.a >= Self.visibleAlpha }
        func textName(_ k: Int) -> String { "text \"\(texts[k].run.string)\" \(Self.describe(boxes[k]))" }
        var problems: [LayoutProblem] = []

        // Text over text.
        for (n, a) in visible.enumerated() {
            for b in visible[(n + 1)...] {
                guard let overlap = Self.intersection(boxes[a], boxes[b]) else { continue }
                // A turned line (on a card that turns) is judged by its own box turned, not the larger box around
                // it: the two lines overlap where those do, and a fill holding either one's box covers the overlap.
                var turned: [[SIMD2<Double>]] = []
                if texts[a].run.rotation != 0 || texts[b].run.rotation != 0 {
                    turned = [a, b].map { Self.turnedCorners(of: texts[$0].run, width: measure(texts[$0].run)) }
                    guard Self.quadsOverlap(turned[0], turned[1]) else { continue }
                }
                let low = min(texts[a].index, texts[b].index), high = max(texts[a].index, texts[b].index)
                let corners = [overlap.origin, SIMD2(overlap.maxX, overlap.y), SIMD2(overlap.x, overlap.maxY),
                               SIMD2(overlap.maxX, overlap.maxY)]
                // A fill is convex: it covers the overlap when it holds its four corners (or a turned line's box).
                let covered = fills.contains { fill in
                    fill.index > low && fill.index < high
                        && ([corners] + turned).contains { $0.allSatisfy { fill.shape.contains($0) } }
                }
                if !covered { problems.append(LayoutProblem(.textOverText, textName(a), textName(b))) }
            }
        }

        // Each mark's region: its shape, and the boxes of the text it draws (a text layer is often given no size).
        let regions = marks.map { mark -> Region in
            var shapes = mark.shape.rect.width > 0 && mark.shape.rect.height > 0 ? [mark.shape] : []
            for (k, text) in texts.enumerated() where mark.commands.contains(text.index) {
                shapes.append(RoundedRect(rect: boxes[k], cornerRadius: 0, fill: .white))
            }
            return Region(mark: mark, shapes: shapes)
        }
        let controls = regions.filter {
            if case .control = $0.mark.role { $0.mark.opacity >= Double(Self.visibleAlpha) } else { false }
        }
        // A mark's opaque fills, and text `k`'s box, as regions.
        func cover(of mark: Mark) -> Region {
            Region(mark: mark, shapes: fills.filter { mark.commands.contains($0.index) }.map(\.shape))
        }
        func textRegion(_ k: Int, of mark: Mark) -> Region {
            Region(mark: mark, shapes: [RoundedRect(rect: boxes[k], cornerRadius: 0, fill: .white)])
        }
        let bars = regions.filter { if case .bar = $0.mark.role { true } else { false } }
        func nested(_ a: Mark, _ b: Mark) -> Bool {
            a.commands.clamped(to: b.commands) == a.commands || b.commands.clamped(to: a.commands) == b.commands
        }

        // A control under a bar.
        for control in controls {
            for bar in bars where bar.mark.commands.lowerBound > control.mark.commands.lowerBound
                && !nested(control.mark, bar.mark) && control.overlaps(bar) {
                problems.append(LayoutProblem(.underBar, control.name, bar.name))
            }
        }

        // A control hiding another: drawn later, its opaque fills over the other's text or much of its shape.
        for a in controls {
            for b in controls where b.mark.commands.lowerBound > a.mark.commands.lowerBound
                && a.mark.name != b.mark.name && !nested(a.mark, b.mark) && a.overlaps(b) {
                let hider = cover(of: b.mark)
                let hidden = visible.first {
                    a.mark.commands.contains(texts[$0].index) && hider.overlaps(textRegion($0, of: a.mark))
                }
                if let hidden {
                    problems.append(LayoutProblem(.hides, b.name, "\(a.mark.name)'s \(textName(hidden))"))
                } else if Self.coveredFraction(of: a.mark.shape, by: hider) >= 0.25 {
                    problems.append(LayoutProblem(.hides, b.name, a.name))
                }
            }
        }

        // At rest: every line of text clear of the window's sides.
        if atRest {
            let windowName = "the \(Self.number(width))x\(Self.number(height)) window"
            for k in visible where boxes[k].maxY > 0 && boxes[k].y < height
                && (boxes[k].x < Self.edgeMargin || boxes[k].maxX > width - Self.edgeMargin) {
                let room = min(boxes[k].x, width - boxes[k].maxX)
                problems.append(LayoutProblem(.atEdge, textName(k), "\(Self.number(room)) px from a side of " + windowName))
            }
        }

        // At rest: every control a person can reach, and no control over text not its own.
        if atRest {
            for control in controls {
                let hider = cover(of: control.mark)
                // Text of a control of the same name is its own (a stack of covers, each numbered).
                let own = controls.filter { $0.mark.name == control.mark.name }.map(\.mark.commands)
                for k in visible where texts[k].index < control.mark.commands.lowerBound
                    && !own.contains(where: { $0.contains(texts[k].index) })
                    && hider.overlaps(textRegion(k, of: control.mark)) {
                    problems.append(LayoutProblem(.covers, control.name, textName(k)))
                }
            }
            let window = DrawRect(x: 0, y: 0, width: width, height: height)
            let windowName = "the \(Self.number(width))x\(Self.number(height)) window"
            let leaves = controls.filter { control in
                !controls.contains { $0.mark != control.mark && $0.mark.commands != control.mark.commands
                    && control.mark.commands.clamped(to: $0.mark.commands) == $0.mark.commands }
            }
            func group(_ control: Region) -> Range<Int>? {
                marks.filter { if case .sheet = $0.role { true } else { false } }
                    .last { control.mark.commands.clamped(to: $0.commands) == control.mark.commands }?.commands
            }
            let inside = leaves.filter { Self.contains(window, $0.bounds) }
            for control in leaves where !Self.contains(window, control.bounds) {
                if Self.intersection(window, control.bounds) != nil {
                    problems.append(LayoutProblem(.offScreen, control.name, "partly outside " + windowName))
                } else if let reachable = inside.first(where: { group($0) == group(control) }) {
                    problems.append(LayoutProblem(.offScreen, control.name,
                                                  "outside \(windowName) while \(reachable.mark.name) is inside"))
                }
            }
        }
        return problems
    }

    /// What a mark covers on screen: its shape and its text.
    struct Region {
        var mark: Mark
        var shapes: [RoundedRect]

        /// The axis-aligned rectangle holding it.
        var bounds: DrawRect {
            shapes.dropFirst().reduce(shapes.first?.boundingBox ?? mark.rect) { $0.union($1.boundingBox) }
        }

        var name: String { "\(mark.name) \(DrawnLayout.describe(bounds))" }

        func contains(_ point: SIMD2<Double>) -> Bool { shapes.contains { $0.contains(point) } }

        /// True when a point lies in both regions: looked for on a grid (at most 64 × 64 points, at least 1 px
        /// apart) over where their bounds overlap by more than `slack`.
        func overlaps(_ other: Region) -> Bool {
            guard let overlap = DrawnLayout.intersection(bounds, other.bounds) else { return false }
            let step = SIMD2(max(1, overlap.width / 64), max(1, overlap.height / 64))
            var y = overlap.y + step.y / 2
            while y < overlap.maxY {
                var x = overlap.x + step.x / 2
                while x < overlap.maxX {
                    let p = SIMD2(x, y)
                    if contains(p), other.contains(p) { return true }
                    x += step.x
                }
                y += step.y
            }
            return false
        }
    }

    /// The share of `shape` (sampled on a 16 × 16 grid over its bounds) that lies in `cover`; 0 for an empty shape.
    static func coveredFraction(of shape: RoundedRect, by cover: Region) -> Double {
        let bounds = shape.boundingBox
        guard bounds.width > 0, bounds.height > 0 else { return 0 }
        var inside = 0, covered = 0
        for j in 0..<16 {
            for i in 0..<16 {
                let p = bounds.origin + bounds.size * SIMD2((Double(i) + 0.5) / 16, (Double(j) + 0.5) / 16)
                guard shape.contains(p) else { continue }
                inside += 1
                if cover.contains(p) { covered += 1 }
            }
        }
        return inside == 0 ? 0 : Double(covered) / Double(inside)
    }

    /// Where two rectangles overlap by more than `slack` both ways.
    static func intersection(_ a: DrawRect, _ b: DrawRect) -> DrawRect? {
        let low = pointwiseMax(a.origin, b.origin)
        let high = pointwiseMin(SIMD2(a.maxX, a.maxY), SIMD2(b.maxX, b.maxY))
        guard high.x - low.x > slack, high.y - low.y > slack else { return nil }
        return DrawRect(origin: low, size: high - low)
    }

    /// True when `outer` holds `inner` (to within `slack`).
    static func contains(_ outer: DrawRect, _ inner: DrawRect) -> Bool {
        inner.x >= outer.x - slack && inner.y >= outer.y - slack && inner.maxX <= outer.maxX + slack
            && inner.maxY <= outer.maxY + slack
    }

    /// `[x, y, width, height]`, rounded to a tenth of a px.
    static func describe(_ r: DrawRect) -> String {
        "[\([r.x, r.y, r.width, r.height].map(number).joined(separator: ", "))]"
    }

    /// `value` to a tenth, without a trailing `.0`.
    public static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
