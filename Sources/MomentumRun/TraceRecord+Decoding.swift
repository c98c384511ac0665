import MomentumCore
import MomentumLayers
import MomentumScenes

/// Why a trace line could not be read: one reason, said the way a `FILE:LINE: reason` error reads.
public struct TraceDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    /// True when the line is not a trace line at all (not JSON, no `t` or `event`): in a file's first line, the file
    /// is not a trace.
    public var notALine: Bool
    public init(_ reason: String, notALine: Bool = false) {
        self.reason = reason
        self.notALine = notALine
    }
    public var description: String { reason }
}

extension TraceLine {
    /// The trace format written now. Version 1 (no `version` in the `clock` line) has the same lines; its frames'
    /// `tick_us` was the advance alone and `render_us` the build and the draw.
    public static let version = 2

    /// Reads one trace line (without its newline).
    public init(decoding text: some Collection<UInt8>) throws(TraceDecodeError) {
        let value: JSONValue
        do throws(JSONParser.Failure) { value = try JSONParser.parse(text) } catch {
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                throw TraceDecodeError("the line is empty", notALine: true)
            }
            throw TraceDecodeError("the line is not JSON (\(error))", notALine: true)
        }
        guard case .object(let fields) = value else {
            throw TraceDecodeError("the line is not a JSON object", notALine: true)
        }
        var reader = FieldReader(event: "line", fields: fields)
        guard let t = try? reader.optionalDouble("t"), t.isFinite else {
            throw TraceDecodeError("no numeric \"t\" (seconds since start)", notALine: true)
        }
        guard case .string(let event)? = value["event"] else { throw TraceDecodeError("no \"event\" name", notALine: true) }
        reader = FieldReader(event: event, fields: fields)
        self.init(t: t, try TraceRecord(event: event, reader))
    }
}

extension TraceRecord {
    /// The record an `event` line with these fields says.
    init(event: String, _ f: FieldReader) throws(TraceDecodeError) {
        switch event {
        case "clock":
            self = .clock(Clock(startNanoseconds: try f.integer("start_ns"), presentation: try f.optionalString("presentation"),
                                monotonicNanoseconds: try f.optionalInteger("monotonic_ns"),
                                presentationNanoseconds: try f.optionalInteger("presentation_ns"),
                                input: try f.string("input"), version: try f.optionalInteger("version") ?? 1))
        case "system":
            let gl: System.GL? = try f.optionalString("gl_vendor").map { vendor throws(TraceDecodeError) in
                System.GL(vendor: vendor, renderer: try f.string("gl_renderer"), version: try f.string("gl_version"),
                          eglExtensions: try f.strings("egl_extensions"))
            }
            let outputs = try f.objects("outputs").map { o throws(TraceDecodeError) in
                System.Output(name: try o.optionalString("name"), width: try o.integer("width"),
                              height: try o.integer("height"), refreshMilliHertz: try o.integer("refresh_mhz"),
                              scale: try o.integer("scale"))
            }
            let globals = try f.objects("globals").map { g throws(TraceDecodeError) in
                System.Global(interface: try g.string("interface"), version: try g.integer("version"))
            }
            self = .system(System(gl: gl, outputs: outputs, globals: globals))
        case "window": self = .window(decorations: try f.string("decorations"))
        case "seat": self = .seat(devices: try f.strings("devices"))
        case "cursor":
            self = .cursor(Cursor(via: try f.string("via"), name: try f.string("name"), theme: try f.optionalString("theme"),
                                  size: try f.optionalInteger("size"), scale: try f.optionalInteger("scale")))
        case "configure":
            let width: Int = try f.integer("width"), height: Int = try f.integer("height")
            self = .configure(Configure(width: width, height: height, scale: try f.optionalDouble("scale") ?? 1,
                                        bufferWidth: try f.optionalInteger("buffer_width") ?? width,
                                        bufferHeight: try f.optionalInteger("buffer_height") ?? height))
        case "touch":
            let phaseName = try f.string("phase")
            guard let phase = TouchPhase(rawValue: phaseName) else {
                throw TraceDecodeError("touch event with an unknown \"phase\" \"\(phaseName)\"")
            }
            self = .touch(Touch(phase: phase, id: try f.integer("id"), position: SIMD2(try f.double("x"), try f.double("y")),
                                time: try f.optionalDouble("time") ?? .nan))
        case "frame":
            let surface = try f.optionalNumbers("layer_surface", count: 4)
            self = .frame(Frame(sequence: try f.integer("seq"), callbackMilliseconds: try f.optionalInteger("callback_ms"),
                                step: try f.optionalDouble("step") ?? 0, hud: try f.optionalBool("hud") ?? false,
                                ghosts: try f.optionalInteger("ghosts") ?? 0,
                                tickMicros: try f.optionalDouble("tick_us") ?? 0,
                                renderMicros: try f.optionalDouble("render_us") ?? 0,
                                damagePixels: try f.optionalInteger("damage_px"),
                                drawnPixels: try f.optionalInteger("drawn_px"),
                                layerSurface: surface.map { DrawRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) },
                                callbackT: try f.optionalDouble("callback_t"), wakeT: try f.optionalDouble("wake_t"),
                                commitT: try f.optionalDouble("commit_t") ?? f.t, cpuMicros: try f.optionalDouble("cpu_us") ?? 0,
                                targetT: try f.optionalDouble("target_t"),
                                predictMicros: try f.optionalDouble("predict_us"),
                                layerSwaps: try f.optionalInteger("layer_swaps")))
        case "presented":
            self = .presented(Presented(sequence: try f.integer("seq"), nanoseconds: try f.integer("ns"),
                                        refreshNanoseconds: try f.optionalInteger("refresh_ns") ?? 0,
                                        msc: try f.optionalInteger("msc") ?? 0,
                                        flags: PresentationFlags(names: try f.optionalStrings("flags") ?? [])))
        case "discarded": self = .discarded(sequence: try f.integer("seq"))
        case "unchanged": self = .unchanged(sequence: try f.integer("seq"), step: try f.double("step"))
        case "gesture":
            let name = try f.string("kind")
            guard let kind = GestureKind(rawValue: name) else {
                throw TraceDecodeError("gesture event with an unknown \"kind\" \"\(name)\"")
            }
            self = .gesture(SceneEvent(kind, try f.traceFields(except: ["kind"])))
        case "switcher":
            self = .switcher(Switcher(form: try f.string("form"), isOpen: try f.bool("open"),
                                      targets: try f.targets("targets")))
        case "layout":
            self = .layout(Layout(scene: try f.string("scene"), targets: try f.targets("targets"),
                                  chrome: try f.targets("chrome")))
        case "drawn": self = .drawn(try Drawn(f))
        case "scene": self = .scene(name: try f.string("name"))
        case "backend": self = .backend(name: try f.string("name"))
        case "rest": self = .rest(cpu: try f.optionalDouble("cpu_s") ?? .nan)
        case "truncated": self = .truncated(limit: try f.integer("limit"))
        case "exit":
            self = .exit(Exit(code: try f.integer("code"), reason: try f.optionalString("reason") ?? "",
                              feedbackUnanswered: try f.optionalInteger("feedback_unanswered") ?? 0,
                              feedbackFreed: try f.optionalInteger("feedback_freed") ?? 0,
                              cpu: try f.optionalDouble("cpu_s") ?? .nan))
        default:
            guard SceneKind(rawValue: event) != nil else { throw TraceDecodeError("unknown event \"\(event)\"") }
            let fields = try f.traceFields(except: [])
            do throws(SceneRecordError) {
                self = .sceneState(try SceneRecord(name: event, fields: fields))
            } catch {
                throw TraceDecodeError("\(event) event \(error.reason)")
            }
        }
    }
}

/// The fields of one line, read with the reason for each problem: `frame event without a numeric "seq"`.
struct FieldReader {
    let event: String
    let fields: [(String, JSONValue)]

    /// The line's `t`.
    var t: Double { (self["t"]?.double) ?? 0 }

    subscript(key: String) -> JSONValue? {
        guard let value = fields.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = value { return nil }
        return value
    }

    private func problem(_ what: String, _ key: String) -> TraceDecodeError {
        TraceDecodeError("\(event) event without \(what) \"\(key)\"")
    }

    func optionalDouble(_ key: String) throws(TraceDecodeError) -> Double? {
        guard let value = self[key] else { return nil }
        guard let number = value.double else { throw TraceDecodeError("\(event) event with a non-numeric \"\(key)\"") }
        return number
    }

    func double(_ key: String) throws(TraceDecodeError) -> Double {
        guard let value = try optionalDouble(key) else { throw problem("a numeric", key) }
        return value
    }

    func optionalInteger<T: FixedWidthInteger>(_ key: String) throws(TraceDecodeError) -> T? {
        guard let value = self[key] else { return nil }
        guard value.double != nil else { throw TraceDecodeError("\(event) event with a non-numeric \"\(key)\"") }
        guard let integer = value.integer(T.self) else {
            throw TraceDecodeError("\(event) event with \"\(key)\" \(value.encoded) out of range (a whole number, "
                                   + "\(T.min)…\(T.max))")
        }
        return integer
    }

    func integer<T: FixedWidthInteger>(_ key: String) throws(TraceDecodeError) -> T {
        guard let value: T = try optionalInteger(key) else { throw problem("a numeric", key) }
        return value
    }

    func optionalString(_ key: String) throws(TraceDecodeError) -> String? {
        guard let value = self[key] else { return nil }
        guard case .string(let text) = value else { throw TraceDecodeError("\(event) event with a non-string \"\(key)\"") }
        return text
    }

    func string(_ key: String) throws(TraceDecodeError) -> String {
        guard let value = try optionalString(key) else { throw problem("a", key) }
        return value
    }

    func optionalBool(_ key: String) throws(TraceDecodeError) -> Bool? {
        guard let value = self[key] else { return nil }
        guard case .bool(let flag) = value else { throw TraceDecodeError("\(event) event with a non-boolean \"\(key)\"") }
        return flag
    }

    func bool(_ key: String) throws(TraceDecodeError) -> Bool {
        guard let value = try optionalBool(key) else { throw problem("a boolean", key) }
        return value
    }

    func optionalStrings(_ key: String) throws(TraceDecodeError) -> [String]? {
        guard let value = self[key] else { return nil }
        guard case .array(let items) = value else { throw TraceDecodeError("\(event) event with a non-list \"\(key)\"") }
        return try items.map { item throws(TraceDecodeError) in
            guard case .string(let text) = item else { throw TraceDecodeError("\(event) event with a non-string in \"\(key)\"") }
            return text
        }
    }

    func strings(_ key: String) throws(TraceDecodeError) -> [String] { try optionalStrings(key) ?? [] }

    func optionalNumbers(_ key: String, count: Int) throws(TraceDecodeError) -> [Double]? {
        guard let value = self[key] else { return nil }
        guard case .array(let items) = value, items.count == count else {
            throw TraceDecodeError("\(event) event with \"\(key)\" not \(count) numbers")
        }
        return try items.map { item throws(TraceDecodeError) in
            guard let number = item.double else { throw TraceDecodeError("\(event) event with \"\(key)\" not \(count) numbers") }
            return number
        }
    }

    func objects(_ key: String) throws(TraceDecodeError) -> [FieldReader] {
        guard let value = self[key] else { return [] }
        guard case .array(let items) = value else { throw TraceDecodeError("\(event) event with a non-list \"\(key)\"") }
        return try items.map { item throws(TraceDecodeError) in
            guard case .object(let fields) = item else { throw TraceDecodeError("\(event) event with a non-object in \"\(key)\"") }
            return FieldReader(event: event, fields: fields)
        }
    }

    /// `[{name, rect: [x, y, width, height]}]`.
    func targets(_ key: String) throws(TraceDecodeError) -> [TouchTarget] {
        try objects(key).map { o throws(TraceDecodeError) in
            guard let r = try o.optionalNumbers("rect", count: 4) else {
                throw TraceDecodeError("\(event) event with a target without \"rect\"")
            }
            return TouchTarget(try o.string("name"), DrawRect(x: r[0], y: r[1], width: r[2], height: r[3]))
        }
    }

    /// Every field but `t`, `event` and `except`, as a scene's trace values (null fields are left out).
    func traceFields(except: Set<String>) throws(TraceDecodeError) -> [TraceField] {
        var result: [TraceField] = []
        for (key, value) in fields where key != "t" && key != "event" && !except.contains(key) {
            guard let traced = TraceValue(json: value) else { continue }
            result.append(TraceField(key, traced))
        }
        return result
    }
}

extension TraceValue {
    /// A scene's trace value for `json` (nil for null).
    init?(json: JSONValue) {
        switch json {
        case .number(let v): self = .number(v)
        case .int(let v): self = .number(Double(v))
        case .string(let s): self = .string(s)
        case .bool(let b): self = .bool(b)
        case .null: return nil
        case .array(let items): self = .array(items.map { TraceValue(json: $0) ?? .number(.nan) })
        case .object(let fields): self = .object(fields.compactMap { key, value in
            TraceValue(json: value).map { TraceField(key, $0) }
        })
        }
    }
}
