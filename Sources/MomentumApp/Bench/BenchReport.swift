import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MomentumRun

/// `report.json`: what `momentum bench` measured, in a documented, versioned schema (docs/benchmarks/report-schema.md).
/// Built as plain JSON values (dictionaries, arrays, numbers, strings), so a report from disk is read back the same way.
struct BenchReport {
    /// The schema's name and the version this build writes (and the newest it reads).
    static let schema = "momentum-bench"
    static let version = 1

    /// The whole report.
    var json: [String: Any]

    /// A report of `runs` (each a run's name, workload and analysis) on `compositor`, with the system's facts.
    init(command: String, compositor: [String: Any], host: [String: Any], runs: [(name: String, scene: String,
         backend: String?, workload: String, analysis: BenchAnalysis)], versus: [String: Any]? = nil,
         details: [String: [String: Any]] = [:]) {
        let first = runs.first?.analysis
        var json: [String: Any] = [
            "schema": Self.schema, "version": Self.version, "momentum_version": MomentumVersion.string,
            "momentum_build": MomentumVersion.build,
            "command": command, "compositor": compositor, "host": host,
        ]
        if let system = first?.system {
            let gl = system.gl
            json["gl"] = ["vendor": gl.map { $0.vendor as Any } ?? JSONNull(), "renderer": gl.map { $0.renderer as Any } ?? JSONNull(),
                          "version": gl.map { $0.version as Any } ?? JSONNull(), "egl_extensions": gl?.eglExtensions ?? []] as [String: Any]
            json["outputs"] = system.outputs.map { o -> [String: Any] in
                ["name": o.name ?? JSONNull(), "width": o.width, "height": o.height, "refresh_mhz": o.refreshMilliHertz,
                 "scale": o.scale]
            }
            json["globals"] = system.globals.map { g -> [String: Any] in ["interface": g.interface, "version": g.version] }
        }
        json["presentation_clock"] = first?.presentationClock ?? JSONNull()
        json["input_clock"] = first?.inputClock ?? JSONNull()
        json["runs"] = runs.map { run in
            Self.run(run.name, scene: run.scene, backend: run.backend, workload: run.workload, analysis: run.analysis)
                .merging(details[run.name] ?? [:]) { _, detail in detail }
        }
        if let versus { json["versus"] = versus }
        self.json = json
    }

    /// A report read back from JSON.
    init(json: [String: Any]) { self.json = json }

    /// Quantiles of `values` as `{count, p50, p90, p99, max}` (numbers rounded to 0.001), `null` for none.
    static func summary(_ values: [Double]) -> Any {
        guard !values.isEmpty, let p50 = quantile(values, 0.5), let p90 = quantile(values, 0.9),
              let p99 = quantile(values, 0.99), let max = quantile(values, 1) else { return JSONNull() }
        return ["count": values.count, "p50": round3(p50), "p90": round3(p90), "p99": round3(p99), "max": round3(max)]
    }

    /// Quantiles of `values` as `{count, p50, p95, max}` (the prediction metrics' percentiles), `null` for none.
    static func spread(_ values: [Double]) -> Any {
        guard !values.isEmpty, let p50 = quantile(values, 0.5), let p95 = quantile(values, 0.95),
              let max = quantile(values, 1) else { return JSONNull() }
        return ["count": values.count, "p50": round3(p50), "p95": round3(p95), "max": round3(max)]
    }

    /// `value` rounded to three decimals (NaN and infinities become null).
    static func round3(_ value: Double?) -> Any {
        guard let value, value.isFinite else { return JSONNull() }
        return (value * 1000).rounded() / 1000
    }

    /// One run's numbers.
    static func run(_ name: String, scene: String, backend: String?, workload: String,
                    analysis a: BenchAnalysis) -> [String: Any] {
        let stats = a.statistics
        let source = a.hasPresentation ? "presentation" : "callback"
        var run: [String: Any] = [
            "name": name, "scene": scene, "backend": backend ?? JSONNull(), "workload": workload,
            "timing_source": source,
            "frames": a.frames.count, "presented": a.presented.count,
            "discarded": a.frames.filter(\.discarded).count, "unchanged": a.unchanged.count,
            "interval_ms": summary(stats.intervals),
            "fps": round3(stats.intervals.isEmpty ? nil : 1000 * Double(stats.intervals.count) / stats.intervals.reduce(0, +)),
            "refresh_ms": round3(stats.refresh?.ms),
            "refresh_source": stats.refresh.map { "\($0.source)" } ?? JSONNull(),
            "missed_vblanks": stats.missed,
            "missed_from": stats.retraces.contains { $0 > 0 } ? "msc" : "intervals",
            "late_interval_share": round3(lateIntervalShare(afterLaunch(a))),
            "callback_to_commit_ms": summary(a.callbackToCommit),
            "callback_to_start_ms": summary(a.callbackToStart),
            "start_to_commit_ms": summary(a.startToCommit),
            "presentation_error_ms": summary(a.presentationError),
            "commit_to_present_ms": summary(a.commitToPresent),
            "tick_us": summary(a.frames.map(\.tickMicros)),
            "render_us": summary(a.frames.map(\.renderMicros)),
            "cpu_per_presented_frame_us": round3(a.cpuPerPresentedFrame),
            "cpu_per_presented_frame_launch_us": round3(a.cpuPerPresentedFrameAtLaunch),
            "first_frame_ms": round3(a.firstFrameMs),
            "window": a.window.map { ["width": $0.width, "height": $0.height, "scale": $0.scale] } ?? JSONNull(),
            "frames_csv": "frames-\(name).csv",
        ]
        if let end = a.exit?.t { run["duration_s"] = round3(end) }
        if let late = late(a) { run["late"] = late }
        let touch = a.touchToPresent
        run["touch_to_present_ms"] = touch.isEmpty ? JSONNull() : summary(touch)
        // Steady: the frames whose prediction saw the finger only at its cruising speed and which were shown while it
        // still was (`BenchAnalysis.steadyDefinition`; not the turns of the zigzag, the speeding up, the stop or the
        // hold, whose own numbers are `drag_lag_all` and the stop's).
        let samples = a.dragLagSamples()
        let all = samples.map { ($0.px, $0.speed) }, lag = samples.filter(\.steady).map { ($0.px, $0.speed) }
        func lagSummary(_ lag: [(px: Double, speed: Double)]) -> Any {
            guard !lag.isEmpty else { return JSONNull() }
            return ["px": summary(lag.map(\.px)),
                    "ms": summary(lag.map { $0.speed > 0 ? 1000 * $0.px / $0.speed : .nan }),
                    "finger_speed_px_s": round3(quantile(lag.map(\.speed), 0.5))]
        }
        run["drag_lag"] = lagSummary(lag)
        if var steady = run["drag_lag"] as? [String: Any] {
            steady["steady"] = BenchAnalysis.steadyDefinition
            run["drag_lag"] = steady
        }
        run["drag_lag_all"] = lagSummary(all)
        if !samples.isEmpty { run["finger"] = a.injectedFinger == nil ? "input events" : "injector" }
        if let stop = a.stopOvershoot() {
            run["stop"] = ["overshoot_px": round3(stop.px), "frames_to_settle": stop.framesToSettle]
        }
        let predicted = a.frames.compactMap(\.predictMicros).filter { $0 > 0 }
        run["prediction_ms"] = summary(predicted.map { $0 / 1000 })
        // Prediction quality over every frame of the drags (Chromium's over-/under-prediction and jitter).
        if !samples.isEmpty {
            let quality = BenchAnalysis.PredictionQuality(samples)
            run["prediction_quality"] = ["over_px": spread(quality.over), "under_px": spread(quality.under),
                                         "jitter_px": spread(quality.jitter),
                                         "frames": samples.count, "frames_over": quality.over.count,
                                         "frames_under": quality.under.count]
        }
        if let rest = a.atRest {
            run["at_rest"] = ["seconds": round3(rest.seconds), "commits": rest.commits,
                              "cpu_s": round3(rest.cpuSeconds)]
        }
        return run
    }

    /// The run's frame intervals (ms; rests break them, frames left uncommitted are counted in them as
    /// `lateIntervalShare` says) after its first `warmup` s of presented frames: a launch's first frames (fonts,
    /// shaders, the glyph atlas) are the launch's cost, not its pacing, and `--versus` measures simple-egl after the
    /// same warm-up.
    static func afterLaunch(_ a: BenchAnalysis, warmup: Double = BenchVersus.warmup) -> [BenchAnalysis.PacedInterval] {
        guard let from = a.launchEnd(warmup: warmup) else { return [] }
        return a.pacedIntervals(from: from)
    }

    /// The rule for a late interval, as the report's legend and the man page state it.
    static let lateRule = "an interval longer than 1.2 times the median of those with no frame held in them; one "
        + "across n frames the app built and left uncommitted because they changed no pixel (an animation's sub-pixel "
        + "steps: the picture it would have shown stayed on screen; simple-egl draws every frame and has none) counts "
        + "as n + 1 intervals, n on time and one of the rest (the interval less n times the median)"

    /// The share of frame intervals that are late (issue 25's measure of pacing under load: a frame that missed its
    /// refresh makes one such interval whatever the refresh), by `lateRule`: longer than 1.2× the median of the
    /// intervals with no frame held in them, one across n frames held counted as n + 1 intervals of which only the
    /// rest (the interval less n × that median) may be late. Nil without an interval with no frame held in it.
    static func lateIntervalShare(_ intervals: [BenchAnalysis.PacedInterval]) -> Double? {
        guard let median = quantile(intervals.filter { $0.held == 0 }.map(\.ms), 0.5), median > 0 else { return nil }
        let late = intervals.filter { $0.ms - Double($0.held) * median > 1.2 * median }.count
        return Double(late) / Double(intervals.reduce(0) { $0 + $1.held + 1 })
    }

    /// The same of intervals with no frame held in them (a client that draws every frame: simple-egl).
    static func lateIntervalShare(_ intervals: [Double]) -> Double? {
        lateIntervalShare(intervals.map { BenchAnalysis.PacedInterval(ms: $0) })
    }

    /// Frames shown later than usual: commit → present more than half a refresh over the run's median (a frame that
    /// waited for a later repaint than its neighbours did).
    static func late(_ a: BenchAnalysis) -> Int? {
        let delays = a.commitToPresent
        guard let refresh = a.statistics.refresh?.ms, refresh > 0, let median = quantile(delays, 0.5) else { return nil }
        return delays.filter { $0 > median + refresh / 2 }.count
    }

    /// `frames.csv` of one run: a row per frame.
    static func framesCSV(_ a: BenchAnalysis) -> String {
        var out = "seq,callback_t,commit_t,present_t,callback_to_commit_ms,commit_to_present_ms,refresh_ns,msc,flags,"
            + "discarded,tick_us,render_us,cpu_us,panel_y\n"
        func f(_ v: Double?, _ digits: Double = 1e6) -> String {
            guard let v, v.isFinite else { return "" }
            return "\((v * digits).rounded() / digits)"
        }
        for frame in a.frames {
            let c2c = frame.callbackT.map { (frame.commitT - $0) * 1000 }
            let c2p = frame.presentT.map { ($0 - frame.commitT) * 1000 }
            out += "\(frame.seq),\(f(frame.callbackT)),\(f(frame.commitT)),\(f(frame.presentT)),\(f(c2c, 1e3)),"
                + "\(f(c2p, 1e3)),\(f(frame.refreshNs, 1)),\(frame.msc),\(frame.flags.names.joined(separator: "|")),"
                + "\(frame.discarded ? 1 : 0),\(f(frame.tickMicros, 10)),\(f(frame.renderMicros, 10)),"
                + "\(f(frame.cpuMicros, 10)),\(f(frame.panelY, 1e3))\n"
        }
        return out
    }

    /// The report as pretty, key-sorted JSON bytes.
    func encoded() throws(AppError) -> [UInt8] {
        do {
            return try AnyJSON.encode(json, pretty: true) + [0x0A]
        } catch {
            throw AppError("cannot encode the report: \(error)")
        }
    }

    /// Reads `path` (a report.json, or the bench's --out folder holding one) as a Momentum report of a schema
    /// version this build knows, every field `bench compare` reads of the type the schema says; one line naming the
    /// file and the field if not (exit code 2: nothing could be compared). A device or a socket is refused by what
    /// it is, a pipe is read to its end, and a file larger than `maximumSize` is refused.
    static func read(_ path: String) throws(AppError) -> BenchReport {
        let file = isFolder(path)
            ? (path.hasSuffix("/") ? path : path + "/") + "report.json" : path
        let input = try InputFile(file) { AppError("\(file): cannot read: \($0)", code: 2) }
        let bytes: [UInt8]
        do {
            bytes = try input.readAll(limit: maximumSize, tooLarge: "larger than \(maximumSize >> 20) MiB, more than a report is")
        } catch {
            throw AppError(error.description, code: 2)
        }
        guard let json = AnyJSON.decode(bytes) as? [String: Any] else {
            throw AppError("\(file): not a Momentum report (not a JSON object)", code: 2)
        }
        if json["schema"] as? String == BenchMatrix.schema {
            let kind = ((json["compositors"] as? [[String: Any]])?.first?["kind"] as? String) ?? "weston"
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
            throw AppError("\(file): a matrix report (bench --compositors) is not compared whole: compare one compositor's "
                + "round, e.g. \(folder)/\(kind)/round-1/report.json", code: 2)
        }
        guard json["schema"] as? String == schema else {
            throw AppError("\(file): not a Momentum report (no \"schema\": \"\(schema)\")", code: 2)
        }
        // The version and every field compare reads, of the type written (`true` is not the number 1).
        do {
            try ReportJSON.check(json)
        } catch {
            throw AppError("\(file): \(error.message)", code: 2)
        }
        return BenchReport(json: json)
    }

    /// The largest report read (bytes): a bench's report is tens of kilobytes.
    static let maximumSize = 64 << 20

    /// The runs.
    var runs: [[String: Any]] { json["runs"] as? [[String: Any]] ?? [] }
}
