/// What one frame draws, as far as a person reading and touching it is concerned: the text runs and the opaque fills
/// of the draw list the renderer gets, in drawing order, and where each layer with a role (`Layer.role`: a bar, a
/// sheet, a control) was drawn. Taken from the presentation tree at that frame (`LayerTree.drawnLayout()`), so it is
/// the geometry on screen, not a model of it; `problems(width:height:atRest:measure:)` judges it.
public struct DrawnLayout: Equatable, Sendable {
    /// A line of text and its place in the draw list.
    public struct Text: Equatable, Sendable {
        public var index: Int
        public var run: TextRun
        public init(index: Int, run: TextRun) {
            self.index = index
            self.run = run
        }
    }

    /// An opaque fill (at least `opaqueAlpha`): what is drawn before it does not show through `shape` (turned and
    /// scaled as drawn, its corners rounded; its fill colour is not kept).
    public struct Fill: Equatable, Sendable {
        public var index: Int
        public var shape: RoundedRect
        public init(index: Int, shape: RoundedRect) {
            self.index = index
            self.shape = shape
        }
    }

    /// A layer with a role: its presented shape (its bounds turned and scaled as drawn; empty for a layer given no
    /// size), its accumulated opacity and the draw commands it and its sublayers added.
    public struct Mark: Equatable, Sendable {
        public var role: LayerRole
        public var shape: RoundedRect
        public var opacity: Double
        public var commands: Range<Int>
        public init(role: LayerRole, shape: RoundedRect, opacity: Double, commands: Range<Int>) {
            self.role = role
            self.shape = shape
            self.opacity = opacity
            self.commands = commands
        }

        /// The axis-aligned rectangle holding the shape.
        public var rect: DrawRect { shape.boundingBox }

        /// The role's name.
        public var name: String {
            switch role {
            case .none: ""
            case .bar(let name), .sheet(let name), .control(let name): name
            }
        }
    }

    public var texts: [Text]
    public var fills: [Fill]
    public var marks: [Mark]

    public init(texts: [Text], fills: [Fill], marks: [Mark]) {
        self.texts = texts
        self.fills = fills
        self.marks = marks
    }

    /// A fill at least this opaque hides what is under it.
    public static let opaqueAlpha: Float = 0.9

    /// The text runs and opaque fills of `list`, with `marks` (from `LayerTree.drawMarked(into:)`).
    public init(list: DrawList, marks: [Mark]) {
        var texts: [Text] = [], fills: [Fill] = []
        for (index, command) in list.commands.enumerated() {
            switch command {
            case .text(let run):
                texts.append(Text(index: index, run: run))
            case let .rect(rect, fill) where fill.a >= Self.opaqueAlpha:
                fills.append(Fill(index: index, shape: RoundedRect(rect: rect, cornerRadius: 0, fill: .white)))
            case .roundedRect(var shape) where shape.fill.a * Float(shape.opacity) >= Self.opaqueAlpha:
                shape.shadow = nil
                shape.fill = .white
                shape.opacity = 1
                fills.append(Fill(index: index, shape: shape))
            default:
                break
            }
        }
        self.init(texts: texts, fills: fills, marks: marks)
    }
}

extension LayerTree {
    /// What the presentation tree draws now (`draw(into:)`), as the layout checks see it.
    public func drawnLayout() -> DrawnLayout {
        var list = DrawList()
        let marks = drawMarked(into: &list)
        return DrawnLayout(list: list, marks: marks)
    }
}
