import MomentumCore
import MomentumLayers
import MomentumScenes

// The trace's JSON: every key a trace line uses is written here and nowhere else.

extension TraceLine {
    /// The line as JSON text, newline included: `{"t":…,"event":"…",…}`.
    public var encoded: String {
        var line = ""
        encode(into: &line)
        return line
    }

    /// Appends the line's JSON text, newline included, to `line` (a writer reuses one buffer for every line).
    public func encode(into line: inout String) {
        line += "{\"t\":"
        JSONValue.number(t).encode(into: &line)
        line += ",\"event\":"
        JSONValue.string(record.event).encode(into: &line)
        for (key, value) in record.fields {
            line += ",\""
            line += key
            line += "\":"
            value.encode(into: &line)
        }
        line += "}\n"
    }
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

    /// The line's fields after `t` and `event`, in order.
    public var fields: [(String, JSONValue)] {
        switch self {
        case .clock(let c):
            var fields: [(String, JSONValue)] = [("start_ns", .int(c.startNanoseconds))]
            if let name = c.presentation, let monotonic = c.monotonicNanoseconds, let other = c.presentationNanoseconds {
                fields += [("presentation", .string(name)), ("monotonic_ns", .int(monotonic)),
                           ("presentation_ns", .int(other))]
            } else {
                fields.append(("presentation", .null))
            }
            fields.append(("input", .string(c.input)))
            fields.append(("version", .int(Int64(c.version))))
            return fields
        case .system(let s):
            var fields: [(String, JSONValue)] = []
            if let gl = s.gl {
                fields += [("gl_vendor", .string(gl.vendor)), ("gl_renderer", .string(gl.renderer)),
                           ("gl_version", .string(gl.version)),
                           ("egl_extensions", .array(gl.eglExtensions.map { .string($0) }))]
            }
            fields.append(("outputs", .array(s.outputs.map { output in
                .object([("name", output.name.map { .string($0) } ?? .null),
                         ("width", .int(Int64(output.width))), ("height", .int(Int64(output.height))),
                         ("refresh_mhz", .int(Int64(output.refreshMilliHertz))), ("scale", .int(Int64(output.scale)))])
            })))
            fields.append(("globals", .array(s.globals.map {
                .object([("interface", .string($0.interface)), ("version", .int(Int64($0.version)))])
            })))
            return fields
        case .window(let decorations):
            return [("decorations", .string(decorations))]
        case .seat(let devices):
            return [("devices", .array(devices.map { .string($0) }))]
        case .cursor(let c):
            var fields: [(String, JSONValue)] = [("via", .string(c.via)), ("name", .string(c.name))]
            if let theme = c.theme { fields.append(("theme", .string(theme))) }
            if let size = c.size { fields.append(("size", .int(Int64(size)))) }
            if let scale = c.scale { fields.append(("scale", .int(Int64(scale)))) }
            return fields
        case .configure(let c):
            return [("width", .int(Int64(c.width))), ("height", .int(Int64(c.height))), ("scale", .number(c.scale)),
                    ("buffer_width", .int(Int64(c.bufferWidth))), ("buffer_height", .int(Int64(c.bufferHeight)))]
        case .touch(let touch):
            return [("phase", .string(touch.phase.rawValue)), ("id", .int(Int64(touch.id))),
                    ("x", .number(touch.position.x)), ("y", .number(touch.position.y)),
                    ("time", .number((touch.time * 1e6).rounded() / 1e6))]
        case .frame(let f):
            func time(_ t: Double?) -> JSONValue { t.map { .number(($0 * 1e7).rounded() / 1e7) } ?? .null }
            func tenths(_ v: Double) -> JSONValue { .number((v * 10).rounded() / 10) }
            let surface: JSONValue = f.layerSurface.map { r in
                .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)])
            } ?? .null
            return [("seq", .int(Int64(truncatingIfNeeded: f.sequence))),
                    ("callback_ms", f.callbackMilliseconds.map { .int(Int64($0)) } ?? .null),
                    ("step", .number(f.step)), ("hud", .bool(f.hud)), ("ghosts", .int(Int64(f.ghosts))),
                    ("tick_us", tenths(f.tickMicros)), ("render_us", tenths(f.renderMicros)),
                    ("damage_px", f.damagePixels.map { .int(Int64($0)) } ?? .null),
                    ("drawn_px", f.drawnPixels.map { .int(Int64($0)) } ?? .null),
                    ("layer_surface", surface), ("callback_t", time(f.callbackT)), ("commit_t", time(f.commitT)),
                    ("cpu_us", tenths(f.cpuMicros)), ("wake_t", time(f.wakeT)), ("target_t", time(f.targetT)),
                    ("predict_us", f.predictMicros.map(tenths) ?? .null)]
        case .presented(let p):
            return [("seq", .int(Int64(truncatingIfNeeded: p.sequence))),
                    ("ns", .int(Int64(truncatingIfNeeded: p.nanoseconds))),
                    ("refresh_ns", .int(Int64(p.refreshNanoseconds))),
                    ("msc", .int(Int64(truncatingIfNeeded: p.msc))), ("flags", .array(p.flags.names.map { .string($0) }))]
        case .discarded(let sequence):
            return [("seq", .int(Int64(truncatingIfNeeded: sequence)))]
        case .unchanged(let sequence, let step):
            return [("seq", .int(Int64(truncatingIfNeeded: sequence))), ("step", .number(step))]
        case .sceneState(let state):
            return state.fields.map { ($0.key, JSONValue($0.value)) }
        case .gesture(let event):
            return [("kind", .string(event.kind.rawValue))] + event.fields.map { ($0.key, JSONValue($0.value)) }
        case .switcher(let s):
            return [("form", .string(s.form)), ("open", .bool(s.isOpen)), ("targets", Self.targets(s.targets))]
        case .layout(let l):
            return [("scene", .string(l.scene)), ("targets", Self.targets(l.targets)),
                    ("chrome", Self.targets(l.chrome))]
        case .drawn(let d):
            return d.fields
        case .scene(let name), .backend(let name):
            return [("name", .string(name))]
        case .rest(let cpu):
            return [("cpu_s", .number((cpu * 1e6).rounded() / 1e6))]
        case .truncated(let limit):
            return [("limit", .int(Int64(limit)))]
        case .exit(let e):
            return [("code", .int(Int64(e.code))), ("reason", .string(e.reason)),
                    ("feedback_unanswered", .int(Int64(e.feedbackUnanswered))),
                    ("feedback_freed", .int(Int64(e.feedbackFreed))),
                    ("cpu_s", .number((e.cpu * 1e6).rounded() / 1e6))]
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
