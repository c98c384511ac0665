import MomentumCore
import MomentumScenes
import WaylandClient

/// The run's trace events, typed: the app reports what happened and the sink encodes JSON Lines only when
/// `--trace` was given (with no trace, scene records are not even asked for).
final class TraceSink {
    private let writer: TraceWriter
    /// The trace's t = 0 (CLOCK_MONOTONIC seconds).
    private let start: Double

    /// A sink writing to `path` (nil: drops everything) up to `limit` bytes; times are seconds since `start`.
    init(path: String?, start: Double, limit: Int = .max) throws(AppError) {
        writer = try TraceWriter(path: path, start: start, limit: limit)
        self.start = start
    }

    /// The first write failure (the trace is lost from there on), as the one line to report.
    var failure: AppError? { writer.failure }

    /// The window's size in logical px, its scale and its buffer size in pixels.
    func configure(width: Int32, height: Int32, scale: Double, bufferWidth: Int32, bufferHeight: Int32) {
        writer.event("configure", ["width": .int(Int64(width)), "height": .int(Int64(height)), "scale": .number(scale),
                                   "buffer_width": .int(Int64(bufferWidth)), "buffer_height": .int(Int64(bufferHeight))])
    }

    /// Every change of a touch frame, as the scene receives it, with the input event's own time (`time`, seconds on
    /// the input clock the `clock` event names).
    func touch(_ frame: TouchFrame) {
        guard writer.isEnabled else { return }
        for change in frame.changes {
            writer.event("touch", ["phase": .string(change.phase.rawValue), "id": .int(Int64(change.id)),
                                   "x": .number(change.position.x), "y": .number(change.position.y),
                                   "time": .number((change.time * 1e6).rounded() / 1e6)])
        }
    }

    /// The clocks, so times on them can be compared: `start_ns` (the trace's t = 0 on CLOCK_MONOTONIC), the
    /// compositor's `presentation` clock by name with a `monotonic_ns` / `presentation_ns` pair read together, and
    /// the `input` clock (`monotonic` from zwp_input_timestamps_v1, else `monotonic_ms`: the events' u32 ms, which
    /// compositors take from CLOCK_MONOTONIC).
    func clock(start: Double, presentationClock: Int32?, inputTimestamps: Bool) {
        var fields: [(String, JSONValue)] = [("start_ns", .int(Int64((start * 1e9).rounded())))]
        if let id = presentationClock, let pair = HostClock.relate(clock: id) {
            fields += [("presentation", .string(HostClock.name(clock: id))), ("monotonic_ns", .int(pair.monotonic)),
                       ("presentation_ns", .int(pair.other))]
        } else {
            fields.append(("presentation", .null))
        }
        fields.append(("input", .string(inputTimestamps ? "monotonic" : "monotonic_ms")))
        writer.event("clock", fields)
    }

    /// What a benchmark report says of the system: the GL stack, the outputs and the compositor's globals.
    func system(gl: (vendor: String, renderer: String, version: String, eglExtensions: [String])?, outputs: [Output],
                globals: [(interface: String, version: UInt32)]) {
        var fields: [(String, JSONValue)] = []
        if let gl {
            fields += [("gl_vendor", .string(gl.vendor)), ("gl_renderer", .string(gl.renderer)),
                       ("gl_version", .string(gl.version)),
                       ("egl_extensions", .array(gl.eglExtensions.map { .string($0) }))]
        }
        fields.append(("outputs", .array(outputs.map { output in
            .object([("name", output.name.map { .string($0) } ?? .null),
                     ("width", .int(Int64(output.modeSize.width))), ("height", .int(Int64(output.modeSize.height))),
                     ("refresh_mhz", .int(Int64(output.refreshMilliHertz))), ("scale", .int(Int64(output.scale)))])
        })))
        fields.append(("globals", .array(globals.map { .object([("interface", .string($0.interface)),
                                                                ("version", .int(Int64($0.version)))]) })))
        writer.event("system", fields)
    }

    /// A drawn frame: its sequence number, callback time (nil when drawn at once after idle), the animation step,
    /// whether the HUD shows, and the CPU time of the tick and of the render.
    /// `damage`: the pixels the compositor shows anew (`damage_px`), the pixels the client shaded (`drawn_px`), and
    /// the layer surface shown (`layer_surface` [x, y, w, h], logical px; null when every layer is in the window).
    /// `callbackAt` and `committedAt` (CLOCK_MONOTONIC seconds) are written as `callback_t` / `commit_t` on the trace's
    /// own time scale; `cpuMicros` is the process's CPU time since the previous frame (`cpu_us`).
    func frame(sequence: UInt64, callbackMs: UInt32?, step: Double, hud: Bool, ghosts: Int, tickMicros: Double,
               renderMicros: Double, damage: RenderTarget.FrameDamage?, callbackAt: Double?, committedAt: Double,
               cpuMicros: Double, wakeAt: Double?, presentAt: Double?, predictedMicros: Double?) {
        let surface: JSONValue = damage?.layerSurface.map { r in
            .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)])
        } ?? .null
        writer.event("frame", ["seq": .int(Int64(sequence)), "callback_ms": callbackMs.map { .int(Int64($0)) } ?? .null,
                               "step": .number(step), "hud": .bool(hud), "ghosts": .int(Int64(ghosts)),
                               "tick_us": .number((tickMicros * 10).rounded() / 10),
                               "render_us": .number((renderMicros * 10).rounded() / 10),
                               "damage_px": damage.map { .int(Int64($0.compositorPixels)) } ?? .null,
                               "drawn_px": damage.map { .int(Int64($0.drawnPixels)) } ?? .null,
                               "layer_surface": surface,
                               "callback_t": callbackAt.map { .number(((($0 - start) * 1e7).rounded()) / 1e7) } ?? .null,
                               "commit_t": .number((((committedAt - start) * 1e7).rounded()) / 1e7),
                               "cpu_us": .number((cpuMicros * 10).rounded() / 10),
                               "wake_t": wakeAt.map { .number(((($0 - start) * 1e7).rounded()) / 1e7) } ?? .null,
                               "target_t": presentAt.map { .number(((($0 - start) * 1e7).rounded()) / 1e7) } ?? .null,
                               "predict_us": predictedMicros.map { .number(($0 * 10).rounded() / 10) } ?? .null])
    }

    /// The scene's state this frame, under the scene's name.
    func sceneRecord(_ scene: any Scene) {
        guard writer.isEnabled else { return }
        writer.event(scene.name, scene.traceRecord().map { ($0.key, JSONValue($0.value)) })
    }

    /// Presentation feedback: frame `seq` was shown at `ns` (presentation clock), the output's reported refresh
    /// `refresh_ns`, its retrace counter `msc` and the feedback's `flags` by name.
    func presented(_ p: Presentation) {
        writer.event("presented", ["seq": .int(Int64(truncatingIfNeeded: p.sequence)),
                                   "ns": .int(Int64(truncatingIfNeeded: p.nanoseconds)),
                                   "refresh_ns": .int(Int64(p.refreshNanoseconds)),
                                   "msc": .int(Int64(truncatingIfNeeded: p.msc)),
                                   "flags": .array(p.flagNames.map { .string($0) })])
    }

    /// Presentation feedback: frame `sequence` was never shown.
    func discarded(sequence: UInt64) { writer.event("discarded", ["seq": .int(Int64(sequence))]) }

    /// A gesture or decision a scene reported (or the app's autoplay).
    func gesture(_ event: SceneEvent) {
        guard writer.isEnabled else { return }
        var fields: [(String, JSONValue)] = [("kind", .string(event.kind.rawValue))]
        for field in event.fields { fields.append((field.key, JSONValue(field.value))) }
        writer.event("gesture", fields)
    }

    /// The input devices held now (at start and whenever the seat's capabilities change).
    func seat(_ devices: Set<SeatDevice>) {
        let names = SeatDevice.allCases.filter(devices.contains).map { JSONValue.string("\($0)") }
        writer.event("seat", ["devices": .array(names)])
    }

    /// The window as made: who draws its decorations (`none`, `server`, `client`).
    func window(decorations: Window.Decorations) {
        writer.event("window", ["decorations": .string(decorations.rawValue)])
    }

    /// The pointer entered the window and its cursor was set: `via` (`shape` or `theme`), `name`, and for a theme
    /// cursor the `theme` asked for, its logical `size` and buffer `scale`.
    func cursor(_ report: CursorReport) {
        var fields: [(String, JSONValue)] = [("via", .string(report.via)), ("name", .string(report.name))]
        if let theme = report.theme { fields.append(("theme", .string(theme))) }
        if let size = report.size { fields.append(("size", .int(Int64(size)))) }
        if let scale = report.scale { fields.append(("scale", .int(Int64(scale)))) }
        writer.event("cursor", fields)
    }

    /// The scene was switched to `kind`.
    /// The scene switcher's form and the touch targets it shows (`[x, y, width, height]` by name), written when
    /// the window is configured and when the menu opens, closes or selects.
    func switcher(_ switcher: SceneSwitcher) {
        guard writer.isEnabled else { return }
        let targets = switcher.targets.map { target -> JSONValue in
            let r = target.rect
            return .object([("name", .string(target.name)),
                            ("rect", .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)]))])
        }
        writer.event("switcher", ["form": .string(switcher.form.rawValue), "open": .bool(switcher.isOpen),
                                  "targets": .array(targets)])
    }

    /// Where the touch targets are now: the scene's (`targets`) and the chrome's over it (`chrome`: the switcher's
    /// and the HUD's box), each `{name, rect: [x, y, width, height]}`.
    func layout(scene: String, targets: [TouchTarget], chrome: [TouchTarget]) {
        guard writer.isEnabled else { return }
        func list(_ targets: [TouchTarget]) -> JSONValue {
            .array(targets.map { target in
                let r = target.rect
                return .object([("name", .string(target.name)),
                                ("rect", .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)]))])
            })
        }
        writer.event("layout", ["scene": .string(scene), "targets": list(targets), "chrome": list(chrome)])
    }

    func scene(_ kind: SceneKind) { writer.event("scene", ["name": .string(kind.rawValue)]) }

    /// The backend was switched to `kind` at run time.
    func backend(_ kind: BackendKind) { writer.event("backend", ["name": .string(kind.rawValue)]) }

    /// The run ended with `code` for `reason`, with `feedbackUnanswered` presentation feedback objects still
    /// waiting for the compositor and `feedbackFreed` freed unanswered on the way; flushed and closed.
    /// `cpu_s`: the process's CPU time (user + system) by then.
    func exit(code: Int32, reason: String, feedbackUnanswered: Int = 0, feedbackFreed: Int = 0) {
        writer.event("exit", ["code": .int(Int64(code)), "reason": .string(reason),
                              "feedback_unanswered": .int(Int64(feedbackUnanswered)),
                              "feedback_freed": .int(Int64(feedbackFreed)),
                              "cpu_s": .number((HostClock.processCPU() * 1e6).rounded() / 1e6)])
        writer.close()
    }

    /// Nothing moves any more: no frame is asked for until input arrives. `cpu_s`: the process's CPU time by then.
    func rest() {
        writer.event("rest", ["cpu_s": .number((HostClock.processCPU() * 1e6).rounded() / 1e6)])
    }

    /// Pushes buffered lines to the file.
    func flush() { writer.flush() }
}
