import MomentumCore
import MomentumLayers
import MomentumScenes

// The trace's JSON: every key a trace line uses is written here and nowhere else.

extension TraceLine {
    /// The line as JSON text, newline included: `{"t":…,"event":"…",…}`.
    public var encoded: String {
        var bytes = JSONBytes()
        encode(into: &bytes)
        return bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the line's JSON text, newline included, to `bytes` (a writer reuses one buffer for every line; no
    /// list of fields is made).
    public func encode(into bytes: inout JSONBytes) {
        bytes.raw("{\"t\":")
        bytes.number(t)
        bytes.raw(",\"event\":")
        bytes.string(record.event)
        record.write(fields: &bytes)
        bytes.raw("}\n")
    }
}

/// Where a record's fields go, in order: `JSONBytes` writes them as the line's JSON, `TraceFieldList` keeps them
/// (`TraceRecord.fields`). The keys are written once, in `TraceRecord.write(fields:)`.
public protocol TraceFieldSink {
    /// The field `key`: `value`.
    mutating func field(_ key: String, _ value: JSONValue)
    /// The field `key`: a scene's value (a gesture event's field, a scene's record's member).
    mutating func field(_ key: String, scene value: TraceValue)
    /// The field `key`: the four numbers of `rect` (`[x, y, width, height]`), `null` when nil.
    mutating func field(_ key: String, rect: DrawRect?)
    /// The field `key`: the names of `flags`, as an array of strings.
    mutating func field(_ key: String, flags: PresentationFlags)
    /// The field `key`: `value` (a number; `null` when nil), as `.number` writes it.
    mutating func field(_ key: String, number value: Double?)
    /// The field `key`: `value` (a whole number; `null` when nil), as `.int` writes it.
    mutating func field(_ key: String, int value: Int64?)
    /// The field `key`: `value` rounded to `places` decimals (1...7; `null` when nil), as `.number` writes what
    /// `(value * 10^places).rounded() / 10^places` is.
    mutating func field(_ key: String, number value: Double?, places: Int)
    /// A scene's record's fields, each as `field(_:scene:)` takes it.
    mutating func fields(of record: SceneRecord)
}

extension TraceFieldSink {
    public mutating func field(_ key: String, rect: DrawRect?) {
        field(key, rect.map { r in .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)]) } ?? .null)
    }

    public mutating func field(_ key: String, number value: Double?) { field(key, value.map { .number($0) } ?? .null) }

    public mutating func field(_ key: String, int value: Int64?) { field(key, value.map { .int($0) } ?? .null) }

    public mutating func field(_ key: String, number value: Double?, places: Int) {
        let scale = TraceRecord.scales[places]
        field(key, number: value.map { ($0 * scale).rounded() / scale })
    }

    public mutating func field(_ key: String, flags: PresentationFlags) {
        field(key, .array(flags.names.map { .string($0) }))
    }

    public mutating func fields(of record: SceneRecord) {
        for field in record.fields { self.field(field.key, scene: field.value) }
    }
}

extension JSONBytes: TraceFieldSink {
    public mutating func field(_ key: String, _ value: JSONValue) {
        member(key)
        self.value(value)
    }

    public mutating func field(_ key: String, scene value: TraceValue) {
        member(key)
        self.value(value)
    }

    /// Written as `.number` is, without making a `JSONValue`.
    public mutating func field(_ key: String, number value: Double?) {
        member(key)
        if let value { number(value) } else { raw("null") }
    }

    /// Written as `.int` is, without making a `JSONValue`.
    public mutating func field(_ key: String, int value: Int64?) {
        member(key)
        if let value { int(value) } else { raw("null") }
    }

    /// Written as `.number` writes the rounded value, without dividing it back (`JSONBytes.number(scaled:places:)`).
    public mutating func field(_ key: String, number value: Double?, places: Int) {
        member(key)
        guard let value else { return raw("null") }
        number(scaled: (value * TraceRecord.scales[places]).rounded(), places: places)
    }

    /// Written as `JSONValue`'s array of numbers is, without making one (a frame line's `layer_surface`).
    public mutating func field(_ key: String, rect: DrawRect?) {
        member(key)
        guard let r = rect else { return raw("null") }
        append(UInt8(ascii: "["))
        number(r.x)
        append(UInt8(ascii: ","))
        number(r.y)
        append(UInt8(ascii: ","))
        number(r.width)
        append(UInt8(ascii: ","))
        number(r.height)
        append(UInt8(ascii: "]"))
    }

    /// Written as `JSONValue`'s array of strings is, without making one (a `presented` line's `flags`).
    public mutating func field(_ key: String, flags: PresentationFlags) {
        member(key)
        append(UInt8(ascii: "["))
        var first = true
        for (flag, name) in PresentationFlags.named where flags.contains(flag) {
            if !first { append(UInt8(ascii: ",")) }
            first = false
            string(name)
        }
        append(UInt8(ascii: "]"))
    }

    /// Written as `JSONValue`'s fields are, as the record reads them: no list of fields or tree of values made.
    public mutating func fields(of record: SceneRecord) {
        var writer = JSONTraceWriter()
        swap(&writer.json, &self)
        record.write(to: &writer)
        swap(&writer.json, &self)
    }
}

/// A scene's record written into JSON text after the fields before it (each member `,"key":value`), its values as
/// `JSONBytes.value(_:)` writes a `TraceValue`.
struct JSONTraceWriter: TraceValueWriter {
    var json = JSONBytes()
    /// Whether the next member or element follows another (a comma first): the record's first member follows the
    /// line's `event`.
    private var follows = true

    /// `"key":` as `JSONBytes.string` would quote it, without its look for characters to escape: a record's keys
    /// are its `Key`s' names, which need none.
    mutating func key(_ key: String) {
        json.member(key, first: !follows)
        follows = false
    }

    mutating func number(_ value: Double) { separate(); json.number(value); follows = true }
    mutating func bool(_ value: Bool) { separate(); json.raw(value ? "true" : "false"); follows = true }
    mutating func string(_ value: String) { separate(); json.string(value); follows = true }
    /// As its cases would write it, by `JSONBytes.value(_:)` (no closure per array or object).
    mutating func value(_ value: TraceValue) { separate(); json.value(value); follows = true }
    mutating func array(_ body: (inout JSONTraceWriter) -> Void) { nest("[", "]", body) }
    mutating func object(_ body: (inout JSONTraceWriter) -> Void) { nest("{", "}", body) }

    private mutating func nest(_ open: Unicode.Scalar, _ close: Unicode.Scalar, _ body: (inout JSONTraceWriter) -> Void) {
        separate()
        json.append(UInt8(ascii: open))
        follows = false
        body(&self)
        json.append(UInt8(ascii: close))
        follows = true
    }

    private mutating func separate() {
        if follows { json.append(UInt8(ascii: ",")) }
    }
}

/// A record's fields kept as a list.
struct TraceFieldList: TraceFieldSink {
    var fields: [(String, JSONValue)] = []
    mutating func field(_ key: String, _ value: JSONValue) { fields.append((key, value)) }
    mutating func field(_ key: String, scene value: TraceValue) { fields.append((key, JSONValue(value))) }
}

extension TraceRecord {
    /// The line's `event` name.
    public var event: String {
        switch self {
        case .clock: "clock"
        case .system: "system"
        case .window: "window"
        case .seat: "seat"
        case .cursor: "cursor"
        case .configure: "configure"
        case .touch: "touch"
        case .frame: "frame"
        case .presented: "presented"
        case .discarded: "discarded"
        case .unchanged: "unchanged"
        case .sceneState(let state): state.name
        case .gesture: "gesture"
        case .switcher: "switcher"
        case .layout: "layout"
        case .drawn: "drawn"
        case .scene: "scene"
        case .backend: "backend"
        case .rest: "rest"
        case .truncated: "truncated"
        case .exit: "exit"
        }
    }

    /// 10^places for a field rounded to `places` decimals (`field(_:number:places:)`), exact as doubles.
    static let scales: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7]

    /// The line's fields after `t` and `event`, in order.
    public var fields: [(String, JSONValue)] {
        var list = TraceFieldList()
        write(fields: &list)
        return list.fields
    }

    /// Hands the line's fields after `t` and `event` to `sink`, in order: every key a trace line uses is here.
    public func write<Sink: TraceFieldSink>(fields sink: inout Sink) {
        switch self {
        case .clock(let c):
            sink.field("start_ns", .int(c.startNanoseconds))
            if let name = c.presentation, let monotonic = c.monotonicNanoseconds, let other = c.presentationNanoseconds {
                sink.field("presentation", .string(name))
                sink.field("monotonic_ns", .int(monotonic))
                sink.field("presentation_ns", .int(other))
            } else {
                sink.field("presentation", .null)
            }
            sink.field("input", .string(c.input))
            sink.field("version", .int(Int64(c.version)))
        case .system(let s):
            if let gl = s.gl {
                sink.field("gl_vendor", .string(gl.vendor))
                sink.field("gl_renderer", .string(gl.renderer))
                sink.field("gl_version", .string(gl.version))
                sink.field("egl_extensions", .array(gl.eglExtensions.map { .string($0) }))
            }
            sink.field("outputs", .array(s.outputs.map { output in
                .object([("name", output.name.map { .string($0) } ?? .null),
                         ("width", .int(Int64(output.width))), ("height", .int(Int64(output.height))),
                         ("refresh_mhz", .int(Int64(output.refreshMilliHertz))), ("scale", .int(Int64(output.scale)))])
            }))
            sink.field("globals", .array(s.globals.map {
                .object([("interface", .string($0.interface)), ("version", .int(Int64($0.version)))])
            }))
        case .window(let decorations):
            sink.field("decorations", .string(decorations))
        case .seat(let devices):
            sink.field("devices", .array(devices.map { .string($0) }))
        case .cursor(let c):
            sink.field("via", .string(c.via))
            sink.field("name", .string(c.name))
            if let theme = c.theme { sink.field("theme", .string(theme)) }
            if let size = c.size { sink.field("size", .int(Int64(size))) }
            if let scale = c.scale { sink.field("scale", .int(Int64(scale))) }
        case .configure(let c):
            sink.field("width", .int(Int64(c.width)))
            sink.field("height", .int(Int64(c.height)))
            sink.field("scale", .number(c.scale))
            sink.field("buffer_width", .int(Int64(c.bufferWidth)))
            sink.field("buffer_height", .int(Int64(c.bufferHeight)))
        case .touch(let touch):
            sink.field("phase", .string(touch.phase.rawValue))
            sink.field("id", .int(Int64(touch.id)))
            sink.field("x", .number(touch.position.x))
            sink.field("y", .number(touch.position.y))
            sink.field("time", .number((touch.time * 1e6).rounded() / 1e6))
        case .frame(let f):
            // Written field by field without a `JSONValue` each (every frame's line); times rounded to 10⁻⁷ s,
            // durations to tenths of a µs.
            sink.field("seq", int: Int64(truncatingIfNeeded: f.sequence))
            sink.field("callback_ms", int: f.callbackMilliseconds.map { Int64($0) })
            sink.field("step", number: f.step)
            sink.field("hud", .bool(f.hud))
            sink.field("ghosts", int: Int64(f.ghosts))
            sink.field("tick_us", number: f.tickMicros, places: 1)
            sink.field("render_us", number: f.renderMicros, places: 1)
            sink.field("damage_px", int: f.damagePixels.map { Int64($0) })
            sink.field("drawn_px", int: f.drawnPixels.map { Int64($0) })
            sink.field("layer_surface", rect: f.layerSurface)
            if let swaps = f.layerSwaps { sink.field("layer_swaps", int: Int64(swaps)) }
            sink.field("callback_t", number: f.callbackT, places: 7)
            sink.field("commit_t", number: f.commitT, places: 7)
            sink.field("cpu_us", number: f.cpuMicros, places: 1)
            sink.field("wake_t", number: f.wakeT, places: 7)
            sink.field("target_t", number: f.targetT, places: 7)
            sink.field("predict_us", number: f.predictMicros, places: 1)
        case .presented(let p):
            sink.field("seq", int: Int64(truncatingIfNeeded: p.sequence))
            sink.field("ns", int: Int64(truncatingIfNeeded: p.nanoseconds))
            sink.field("refresh_ns", int: Int64(p.refreshNanoseconds))
            sink.field("msc", int: Int64(truncatingIfNeeded: p.msc))
            sink.field("flags", flags: p.flags)
        case .discarded(let sequence):
            sink.field("seq", .int(Int64(truncatingIfNeeded: sequence)))
        case .unchanged(let sequence, let step):
            sink.field("seq", .int(Int64(truncatingIfNeeded: sequence)))
            sink.field("step", .number(step))
        case .sceneState(let state):
            sink.fields(of: state)
        case .gesture(let event):
            sink.field("kind", .string(event.kind.rawValue))
            for field in event.fields { sink.field(field.key, scene: field.value) }
        case .switcher(let s):
            sink.field("form", .string(s.form))
            sink.field("open", .bool(s.isOpen))
            sink.field("targets", Self.targets(s.targets))
        case .layout(let l):
            sink.field("scene", .string(l.scene))
            sink.field("targets", Self.targets(l.targets))
            sink.field("chrome", Self.targets(l.chrome))
        case .drawn(let d):
            for (key, value) in d.fields { sink.field(key, value) }
        case .scene(let name), .backend(let name):
            sink.field("name", .string(name))
        case .rest(let cpu):
            sink.field("cpu_s", .number((cpu * 1e6).rounded() / 1e6))
        case .truncated(let limit):
            sink.field("limit", .int(Int64(limit)))
        case .exit(let e):
            sink.field("code", .int(Int64(e.code)))
            sink.field("reason", .string(e.reason))
            sink.field("feedback_unanswered", .int(Int64(e.feedbackUnanswered)))
            sink.field("feedback_freed", .int(Int64(e.feedbackFreed)))
            sink.field("cpu_s", .number((e.cpu * 1e6).rounded() / 1e6))
        }
    }

    /// Touch targets as `[{name, rect: [x, y, width, height]}]`.
    private static func targets(_ targets: [TouchTarget]) -> JSONValue {
        .array(targets.map { target in
            let r = target.rect
            return .object([("name", .string(target.name)),
                            ("rect", .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)]))])
        })
    }
}
