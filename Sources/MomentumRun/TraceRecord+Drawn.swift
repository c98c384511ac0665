import MomentumLayers

extension TraceRecord {
    /// What a frame drew as the layout checks see it (`DrawnLayout`), for `momentum headless` to judge: written with
    /// `--trace-drawn` every other frame while the scene moves and on the frame it comes to rest (`atRest`).
    public struct Drawn: Sendable, Equatable {
        public var scene: String, atRest: Bool, layout: DrawnLayout
        public init(scene: String, atRest: Bool, layout: DrawnLayout) {
            self.scene = scene
            self.atRest = atRest
            self.layout = layout
        }
    }
}

extension TraceRecord.Drawn {
    /// The fields: `scene`, `rest`, `texts` (`i` the command's index, `s`, `x`/`y` the baseline point, `size` the em
    /// in logical px, `weight`, `align`, `a` the alpha drawn, `rot` radians where the line is turned), `fills` (`i` and the shape: `rect` before scale and
    /// rotation about its centre, `r` the corner radius, `rot` radians, `scale`), `marks` (`role` `bar`, `sheet` or
    /// `control`, `name`, the shape, `opacity`, `from`/`to` its commands).
    var fields: [(String, JSONValue)] {
        func n(_ v: Double) -> JSONValue { .number((v * 100).rounded() / 100) }
        func shape(_ s: RoundedRect) -> [(String, JSONValue)] {
            [("rect", .array([n(s.rect.x), n(s.rect.y), n(s.rect.width), n(s.rect.height)])), ("r", n(s.cornerRadius)),
             ("rot", .number((s.rotation * 1e4).rounded() / 1e4)), ("scale", .number((s.scale * 1e4).rounded() / 1e4))]
        }
        let texts = layout.texts.map { text -> JSONValue in
            let run = text.run
            return .object([("i", .int(Int64(text.index))), ("s", .string(run.string)), ("x", n(run.position.x)),
                            ("y", n(run.position.y)), ("size", n(run.size)),
                            ("weight", .string(run.weight == .semibold ? "semibold" : "regular")),
                            ("align", .string(Self.alignments.first { $0.1 == run.alignment }?.0 ?? "leading")),
                            ("a", n(Double(run.color.a)))]
                           + (run.rotation == 0 ? [] : [("rot", .number((run.rotation * 1e4).rounded() / 1e4))]))
        }
        let fills = layout.fills.map { JSONValue.object([("i", .int(Int64($0.index)))] + shape($0.shape)) }
        let marks = layout.marks.compactMap { mark -> JSONValue? in
            let role: String
            switch mark.role {
            case .none: return nil
            case .bar: role = "bar"
            case .sheet: role = "sheet"
            case .control: role = "control"
            }
            return .object([("role", .string(role)), ("name", .string(mark.name))] + shape(mark.shape)
                           + [("opacity", n(mark.opacity)), ("from", .int(Int64(mark.commands.lowerBound))),
                              ("to", .int(Int64(mark.commands.upperBound)))])
        }
        return [("scene", .string(scene)), ("rest", .bool(atRest)), ("texts", .array(texts)), ("fills", .array(fills)),
                ("marks", .array(marks))]
    }

    static let alignments: [(String, TextRun.Alignment)] = [("leading", .leading), ("center", .center),
                                                             ("trailing", .trailing)]

    /// Reads the fields back.
    init(_ f: FieldReader) throws(TraceDecodeError) {
        func shape(_ o: FieldReader) throws(TraceDecodeError) -> RoundedRect {
            guard let r = try o.optionalNumbers("rect", count: 4) else {
                throw TraceDecodeError("drawn event with an item without \"rect\"")
            }
            return RoundedRect(rect: DrawRect(x: r[0], y: r[1], width: r[2], height: r[3]),
                               cornerRadius: try o.double("r"), fill: .white, rotation: try o.double("rot"),
                               scale: try o.double("scale"))
        }
        let texts = try f.objects("texts").map { o throws(TraceDecodeError) -> DrawnLayout.Text in
            let align = try o.string("align")
            guard let alignment = Self.alignments.first(where: { $0.0 == align })?.1 else {
                throw TraceDecodeError("drawn event with a text aligned \"\(align)\"")
            }
            let run = TextRun(try o.string("s"), position: SIMD2(try o.double("x"), try o.double("y")),
                              size: try o.double("size"), weight: try o.string("weight") == "semibold" ? .semibold : .regular,
                              color: RGBA(r: 1, g: 1, b: 1, a: Float(try o.double("a"))), alignment: alignment,
                              rotation: try o.optionalDouble("rot") ?? 0)
            return DrawnLayout.Text(index: try o.integer("i"), run: run)
        }
        let fills = try f.objects("fills").map { o throws(TraceDecodeError) in
            DrawnLayout.Fill(index: try o.integer("i"), shape: try shape(o))
        }
        let marks = try f.objects("marks").map { o throws(TraceDecodeError) -> DrawnLayout.Mark in
            let name = try o.string("name"), kind = try o.string("role")
            let role: LayerRole
            switch kind {
            case "bar": role = .bar(name)
            case "sheet": role = .sheet(name)
            case "control": role = .control(name)
            default: throw TraceDecodeError("drawn event with a mark of role \"\(kind)\"")
            }
            let from: Int = try o.integer("from"), to: Int = try o.integer("to")
            guard from <= to else { throw TraceDecodeError("drawn event with a mark from \(from) to \(to)") }
            return DrawnLayout.Mark(role: role, shape: try shape(o), opacity: try o.double("opacity"),
                                    commands: from..<to)
        }
        self.init(scene: try f.string("scene"), atRest: try f.bool("rest"),
                  layout: DrawnLayout(texts: texts, fills: fills, marks: marks))
    }
}
