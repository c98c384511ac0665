import MomentumRun
import MomentumScenes

/// A run in Chrome's Trace Event Format (a JSON object with `traceEvents`), for Perfetto and chrome://tracing.
///
/// One process, `momentum`, with three tracks: `frames` (a complete `X` event for each frame's tick and render),
/// `input` (an instant `i` event per touch and per gesture) and `presentation` (an instant per presented or
/// discarded frame); the scenes' positions and velocities are counters (`C`). Timestamps are the trace's `t` in
/// microseconds. A frame event is written when the frame was committed, so its render ends at `t` and its tick
/// ends where the render starts.
enum ChromeTrace {
    private static let pid = 1
    private static let tracks = [(1, "frames"), (2, "input"), (3, "presentation")]

    /// The JSON document of a whole trace read into memory (`header`, each line's `events`, `footer`).
    static func json(_ trace: RunTrace) -> String {
        var out = header(source: trace.path)
        for line in trace.lines {
            for event in events(line) { out += separator + event }
        }
        return out + footer
    }

    /// The document's start, up to and with its first events (the process's and the tracks' names); each event of
    /// the lines follows it after a `separator`, and `footer` ends it.
    static func header(source: String) -> String {
        var events: [String] = [
            object([("name", .string("process_name")), ("ph", .string("M")), ("pid", .int(pid)), ("tid", .int(0)),
                    ("args", .raw(object([("name", .string("momentum"))])))]),
        ]
        for (tid, name) in tracks {
            events.append(object([("name", .string("thread_name")), ("ph", .string("M")), ("pid", .int(pid)),
                                  ("tid", .int(tid)), ("args", .raw(object([("name", .string(name))])))]))
        }
        return "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"source\":" + string(source)
            + ",\"generator\":\"momentum report\"},\"traceEvents\":[\n" + events.joined(separator: separator)
    }

    /// What goes between two events.
    static let separator = ",\n"

    /// The document's end.
    static let footer = "\n]}\n"

    /// The events of one trace line (none for most kinds of line).
    static func events(_ line: TraceLine) -> [String] {
        var events: [String] = []
        let ts = line.t * 1e6
        switch line.record {
        case .frame(let f):
            let render = max(0, f.renderMicros), tick = max(0, f.tickMicros)
            let args = object([("seq", .raw(String(f.sequence)))])
            events.append(complete("tick", ts: ts - render - tick, duration: tick, args: args))
            events.append(complete("render", ts: ts - render, duration: render, args: args))
        case .presented(let p):
            events.append(instant(line.record.event, category: "presentation", tid: 3, ts: ts,
                                  args: [("seq", .raw(String(p.sequence))), ("ns", .number(Double(p.nanoseconds))),
                                         ("refresh_ns", .number(Double(p.refreshNanoseconds)))]))
        case .discarded(let sequence):
            events.append(instant(line.record.event, category: "presentation", tid: 3, ts: ts,
                                  args: [("seq", .raw(String(sequence)))]))
        case .touch(let touch):
            let args: [(String, Value)] = [("id", .number(Double(touch.id))), ("x", .number(touch.position.x)),
                                           ("y", .number(touch.position.y))]
            events.append(instant("touch \(touch.phase.rawValue)", category: "input", tid: 2, ts: ts, args: args))
        case .gesture(let event):
            var args: [(String, Value)] = []
            for field in event.fields.sorted(by: { $0.key < $1.key }) {
                switch field.value {
                case .number(let v): args.append((field.key, .number(v)))
                case .string(let text): args.append((field.key, .string(text)))
                default:
                    if let list = field.value.numbers {
                        args.append((field.key, .raw("[" + list.map(number).joined(separator: ",") + "]")))
                    }
                }
            }
            events.append(instant("gesture \(event.kind.rawValue)", category: "gesture", tid: 2, ts: ts, args: args))
        case .sceneState(let record):
            guard let motion = record.motion, let kind = SceneKind(rawValue: record.name),
                  let label = SceneRecord.motionLabel(of: kind) else { break }
            for (what, values, names) in [("position", motion.position, label.position),
                                          ("velocity", motion.velocity, label.velocity)] {
                events.append(object([("name", .string("\(record.name) \(what)")), ("cat", .string("scene")),
                                      ("ph", .string("C")), ("ts", .number(ts)), ("pid", .int(pid)),
                                      ("args", .raw(object(zip(names, values).map { ($0, .number($1)) })))]))
            }
        default:
            break
        }
        return events
    }

    private static func complete(_ name: String, ts: Double, duration: Double, args: String) -> String {
        object([("name", .string(name)), ("cat", .string("frame")), ("ph", .string("X")), ("ts", .number(ts)),
                ("dur", .number(duration)), ("pid", .int(pid)), ("tid", .int(1)), ("args", .raw(args))])
    }

    private static func instant(_ name: String, category: String, tid: Int, ts: Double, args: [(String, Value)]) -> String {
        object([("name", .string(name)), ("cat", .string(category)), ("ph", .string("i")), ("s", .string("t")),
                ("ts", .number(ts)), ("pid", .int(pid)), ("tid", .int(tid)), ("args", .raw(object(args)))])
    }

    private enum Value {
        case string(String), number(Double), int(Int), raw(String)
    }

    private static func object(_ fields: [(String, Value)]) -> String {
        "{" + fields.map { key, value in
            let text: String
            switch value {
            case .string(let s): text = string(s)
            case .number(let v): text = number(v)
            case .int(let i): text = String(i)
            case .raw(let r): text = r
            }
            return string(key) + ":" + text
        }.joined(separator: ",") + "}"
    }

    /// A JSON number with three decimals at most (nanosecond resolution in microseconds); null when not finite.
    private static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(), v.magnitude < 1e15 { return String(Int64(v)) }
        var text = TraceNumber.fixed(v, decimals: 3)
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }

    /// A JSON string literal (as the trace writer encodes one).
    static func string(_ s: String) -> String { JSONValue.string(s).encoded }
}
