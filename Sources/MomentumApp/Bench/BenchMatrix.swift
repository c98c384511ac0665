#if canImport(Glibc)
import Glibc
#endif
import MomentumRun

/// `momentum bench --compositors`: the same workloads under each compositor, `--rounds` times, as one report
/// (docs/benchmarks/report-schema.md, "The matrix"): per compositor and run every number `bench compare` knows
/// (`BenchMetric.all`) as the median and min–max over the rounds, the timing source, and where each round's own
/// report is. Nothing here depends on which compositor it is: a kind with a session works as it is.
struct BenchMatrix {
    /// The schema's name and the version this build writes.
    static let schema = "momentum-bench-matrix"
    static let version = 1

    /// One compositor of the matrix: its rounds' reports, or why it failed (after the rounds it completed).
    struct Entry {
        /// `CompositorKind.rawValue`: its folder in --out.
        var kind: String
        /// Its name in messages (`KWin`).
        var name: String
        var error: String?
        var rounds: [BenchReport] = []
        init(kind: String, name: String, error: String? = nil, rounds: [BenchReport] = []) {
            self.kind = kind
            self.name = name
            self.error = error
            self.rounds = rounds
        }
    }

    /// A number over the rounds: the median (of an even count, the mean of the middle two), the smallest and
    /// largest, and each round's value in order.
    struct Spread: Equatable {
        var median: Double
        var min: Double
        var max: Double
        var values: [Double]
        var count: Int { values.count }

        init?(_ values: [Double]) {
            self.values = values.filter(\.isFinite)
            let sorted = self.values.sorted()
            guard let first = sorted.first, let last = sorted.last else { return nil }
            let middle = sorted.count / 2
            median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            min = first
            max = last
        }

        var json: [String: Any] {
            ["median": BenchReport.round3(median), "min": BenchReport.round3(min), "max": BenchReport.round3(max),
             "rounds": count, "values": values.map(BenchReport.round3)]
        }

        /// `16.7 (16.5–17.1)`, or `16.7` when the rounds agree (or there was one).
        var text: String {
            min == max ? Self.number(median) : "\(Self.number(median)) (\(Self.number(min))–\(Self.number(max)))"
        }

        /// Two decimals at most, none for a whole number (`7`, not `7.0`).
        static func number(_ value: Double) -> String {
            let rounded = (value * 100).rounded() / 100
            return rounded == rounded.rounded() && abs(rounded) < 1e9 ? "\(Int(rounded))" : "\(rounded)"
        }
    }

    let json: [String: Any]

    init(command: String, host: [String: Any], rounds: Int, entries: [Entry]) {
        json = [
            "schema": Self.schema, "version": Self.version, "momentum_version": MomentumVersion.string,
            "momentum_build": MomentumVersion.build, "command": command, "host": host, "rounds": rounds,
            "compositors": entries.map(Self.compositor),
        ]
    }

    /// One compositor's object.
    static func compositor(_ entry: Entry) -> [String: Any] {
        let first = entry.rounds.first
        let facts = first?.json["compositor"] as? [String: Any] ?? [:]
        var object: [String: Any] = [
            "kind": entry.kind, "name": facts["name"] as? String ?? entry.name,
            "status": entry.error == nil ? "ok" : "failed", "error": entry.error ?? JSONNull(),
            "rounds_done": entry.rounds.count,
            "reports": entry.rounds.indices.map { "\(entry.kind)/round-\($0 + 1)/report.json" },
            "presentation_clock": first?.json["presentation_clock"] ?? JSONNull(),
        ]
        let sources = Set(entry.rounds.flatMap { $0.runs.compactMap { $0["timing_source"] as? String } })
        object["timing_source"] = sources.count == 1 ? sources.first ?? "" : sources.isEmpty ? JSONNull() : "mixed"
        // The runs in the first round's order, each metric over the rounds that have the run.
        object["runs"] = (first?.runs ?? []).map { run -> [String: Any] in
            let name = run["name"] as? String ?? "?"
            let same = entry.rounds.compactMap { $0.runs.first { $0["name"] as? String == name } }
            var metrics: [String: Any] = [:]
            for metric in BenchMetric.all {
                if let spread = Spread(same.compactMap(metric.value)) { metrics[metric.name] = spread.json }
            }
            var out: [String: Any] = ["name": name, "scene": run["scene"] ?? JSONNull(), "workload": run["workload"] ?? JSONNull(),
                                      "timing_source": run["timing_source"] ?? JSONNull(), "metrics": metrics]
            for key in ["predict", "drag_speed_px_s"] { if let value = run[key] { out[key] = value } }
            return out
        }
        return object
    }

    /// The report as pretty, key-sorted JSON bytes.
    func encoded() throws(AppError) -> [UInt8] {
        do {
            return try AnyJSON.encode(json, pretty: true) + [0x0A]
        } catch {
            throw AppError("cannot encode the matrix report: \(error)")
        }
    }

    var compositors: [[String: Any]] { json["compositors"] as? [[String: Any]] ?? [] }

    /// A metric of a compositor's run over the rounds.
    static func spread(_ compositor: [String: Any], run: String?, _ metric: String) -> Spread? {
        guard let run, let runs = compositor["runs"] as? [[String: Any]],
              let object = (runs.first { $0["name"] as? String == run }?["metrics"] as? [String: Any])?[metric] as? [String: Any],
              let median = ReportJSON.number(object["median"]), let min = ReportJSON.number(object["min"]),
              let max = ReportJSON.number(object["max"]) else { return nil }
        return Spread(median: median, min: min, max: max,
                      values: (object["values"] as? [Any] ?? []).compactMap(ReportJSON.number))
    }

    static func cell(_ compositor: [String: Any], run: String?, _ metric: String) -> String {
        spread(compositor, run: run, metric)?.text ?? "–"
    }

    /// The runs of a compositor: the first autoplay run (the frame-timing headline), the first drag that measured
    /// touch → present, and every drag.
    static func headlineRuns(_ compositor: [String: Any]) -> (autoplay: String?, touch: String?, drags: [[String: Any]]) {
        let runs = compositor["runs"] as? [[String: Any]] ?? []
        let drags = runs.filter { $0["drag_speed_px_s"] != nil }
        let touch = drags.first { run in spread(compositor, run: run["name"] as? String, "touch_present_p50") != nil }
        return (runs.first { $0["workload"] as? String == "autoplay" }?["name"] as? String,
                (touch ?? drags.first)?["name"] as? String, drags)
    }

    /// The tables (header and rows) every rendering shares: the compositors, the drags, the frame's timing.
    var tables: [(title: String, caption: String, header: [String], rows: [[String]])] {
        var summary: [[String]] = [], drags: [[String]] = [], timing: [[String]] = []
        for c in compositors {
            let name = c["name"] as? String ?? "?"
            if let error = c["error"] as? String {
                summary.append([name, "FAILED: \(error)"] + Array(repeating: "", count: 8))
                if (c["rounds_done"] as? Int ?? 0) == 0 { continue }
            }
            let (autoplay, touch, dragRuns) = Self.headlineRuns(c)
            let cell = { (run: String?, metric: String) in Self.cell(c, run: run, metric) }
            if c["error"] == nil || c["error"] is JSONNull {
                summary.append([name, c["timing_source"] as? String ?? "–", cell(autoplay, "fps"),
                                cell(autoplay, "interval_p50"), cell(autoplay, "interval_p99"), cell(autoplay, "missed"),
                                "\(cell(touch, "touch_present_p50")) / \(cell(touch, "touch_present_p99"))",
                                cell(autoplay, "cpu_per_frame"), cell(autoplay, "compositor_cpu_per_frame"),
                                cell(autoplay, "discarded")])
            }
            // Without presentation feedback nothing of a drag can be measured against the presentation: one row.
            if c["timing_source"] as? String == "callback", !dragRuns.isEmpty {
                let speeds = Set(dragRuns.compactMap { ReportJSON.number($0["drag_speed_px_s"]) }).sorted()
                let predictions = Set(dragRuns.compactMap { ($0["predict"] as? Bool).map { $0 ? "on" : "off" } }).sorted(by: >)
                drags.append([name, speeds.map { BenchSummary.n($0) }.joined(separator: ", "), predictions.joined(separator: ", "),
                              "no presentation feedback (callback timing only): drag lag, prediction error, the stop and "
                                + "touch → present cannot be measured"] + Array(repeating: "", count: 6))
            }
            for run in dragRuns where c["timing_source"] as? String != "callback" {
                let runName = run["name"] as? String
                let predict = (run["predict"] as? Bool).map { $0 ? "on" : "off" } ?? "–"
                drags.append([name, BenchSummary.n(run["drag_speed_px_s"]), predict, cell(runName, "drag_lag_p50"),
                              cell(runName, "drag_lag_all_p50"), cell(runName, "over_prediction_p50"),
                              cell(runName, "under_prediction_p50"), cell(runName, "jitter_p50"), cell(runName, "overshoot"),
                              "\(cell(runName, "touch_present_p50")) / \(cell(runName, "touch_present_p99"))"])
            }
            for run in c["runs"] as? [[String: Any]] ?? [] {
                let runName = run["name"] as? String
                timing.append([name, runName ?? "?", cell(runName, "callback_start_p50"), cell(runName, "start_commit_p50"),
                               cell(runName, "start_commit_p99"), cell(runName, "commit_present_p99"),
                               cell(runName, "cpu_per_frame"), cell(runName, "compositor_cpu_per_frame")])
            }
        }
        let spread = (json["rounds"] as? Int ?? 1) > 1 ? " Each cell is the median over the rounds, (min–max) when they differ." : ""
        return [
            ("Compositors", "Per compositor, its first autoplay run: the timing source (presentation feedback, or frame "
                + "callbacks where the compositor sends none), frames shown per second, the frame interval, refreshes "
                + "missed, CPU per frame of the client and of the compositor (µs), discarded feedback; touch → present "
                + "from its first drag (ms: a finger's timestamp to the presentation of the frame drawn after it)." + spread,
             ["compositor", "timing", "fps", "interval p50 (ms)", "interval p99 (ms)", "missed refreshes",
              "touch → present p50 / p99 (ms)", "client CPU / frame (µs)", "compositor CPU / frame (µs)", "discarded"],
             summary),
            ("Drags", "The drag lag (px between the finger at each presentation and the grabbed point as drawn) when "
                + "the finger moves steadily and at every frame (turns included), over- and under-prediction (p50 px "
                + "the panel was drawn ahead of / behind the finger, over the frames where it was) and jitter (p50 of "
                + "the frame-to-frame change of that error), how far past the stopped finger it was drawn, and touch → "
                + "present. Lower is better everywhere; – where the compositor sends no presentation feedback. "
                + BenchAnalysis.steadyDefinition + spread,
             ["compositor", "finger px/s", "prediction", "steady lag p50 (px)", "every-frame lag p50 (px)",
              "over-prediction p50 (px)", "under-prediction p50 (px)", "jitter p50 (px)", "past the stop (px)",
              "touch → present p50 / p99 (ms)"], drags),
            ("Frame timing", "Per run: the deliberate wait from the frame callback to the frame's start (--frame-start "
                + "deadline waits for the latest start that still makes the next presentation) apart from the client's "
                + "own work from the start to the commit, commit → present, and CPU per frame (µs)." + spread,
             ["compositor", "run", "callback → start p50 (ms, wait)", "start → commit p50 (ms, work)",
              "start → commit p99 (ms)", "commit → present p99 (ms)", "client CPU / frame (µs)",
              "compositor CPU / frame (µs)"], timing),
        ]
    }

    /// `report.md`.
    func markdown() -> String {
        var out = "### Momentum bench matrix · \(BenchSummary.n(json["rounds"])) round\(json["rounds"] as? Int == 1 ? "" : "s")\n\n"
        let host = json["host"] as? [String: Any] ?? [:]
        out += "`\(json["command"] as? String ?? "")` · momentum \(json["momentum_version"] as? String ?? "")"
            + " (\(json["momentum_build"] as? String ?? "?")) · \(host["cpu"] as? String ?? "?") × \(BenchSummary.n(host["cpus"]))"
            + " · load \(host["load_average"] as? String ?? "?")\n"
        for table in tables where !table.rows.isEmpty {
            out += "\n#### \(table.title)\n\n\(table.caption)\n\n"
            out += "| " + table.header.joined(separator: " | ") + " |\n|" + table.header.map { _ in "---|" }.joined() + "\n"
            for row in table.rows { out += "| " + row.joined(separator: " | ") + " |\n" }
        }
        return out
    }

    /// The terminal's summary: the compositors and the drags.
    func text() -> String {
        tables.prefix(2).filter { !$0.rows.isEmpty }.map { table in
            ([table.title + ": " + table.header.joined(separator: " | ")]
             + table.rows.map { "  " + $0.joined(separator: " | ") }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `report.html`: one self-contained page: the tables, and per headline number a chart of every round.
    func html() -> String {
        let host = json["host"] as? [String: Any] ?? [:]
        var page = HTMLReport(title: "Momentum bench · \(compositors.count) compositor\(compositors.count == 1 ? "" : "s")",
                              subtitle: "\(json["command"] as? String ?? "") · momentum \(json["momentum_version"] as? String ?? "")"
                                  + " (\(json["momentum_build"] as? String ?? "?"))")
        page.section("System")
        page.facts([("machine", "\(host["cpu"] as? String ?? "?") × \(BenchSummary.n(host["cpus"])), "
                     + "\(BenchSummary.n(host["memory_gib"])) GiB, kernel \(host["kernel"] as? String ?? "?")"),
                    ("load average at the end", host["load_average"] as? String ?? "–"),
                    ("rounds", BenchSummary.n(json["rounds"]))]
                    + compositors.map { c in
                        ("\(c["kind"] as? String ?? "?")",
                         "\(c["name"] as? String ?? "?") · \(c["timing_source"] as? String ?? "no timing") · "
                            + ((c["reports"] as? [String])?.joined(separator: ", ") ?? "")
                            + ((c["error"] as? String).map { " · FAILED: \($0)" } ?? ""))
                    })
        for table in tables where !table.rows.isEmpty {
            page.section(table.title)
            page.table(header: table.header, rows: table.rows, caption: table.caption)
        }
        page.section("Every round", intro: "Each line is one compositor, each dot one round (x: the round's number), "
            + "so the spread over the rounds and any drift from round to round show.")
        let names = compositors.map { $0["name"] as? String ?? "?" }
        func chart(_ title: String, unit: String, run: ([String: Any]) -> String?, metric: String, caption: String) {
            let series = compositors.enumerated().map { k, c in
                ChartSeries(names[k], points: roundValues(c, run: run(c), metric: metric).enumerated().map { (Double($0 + 1), $1) },
                            markers: true)
            }
            let measured = series.filter { !$0.points.isEmpty }
            guard !measured.isEmpty else { return }
            page.chart(TimeSeriesChart(title: title, x: AxisLabel("round"), y: AxisLabel(title, unit: unit), series: measured,
                                       includeZero: true),
                       caption: caption)
        }
        chart("Frame interval p99", unit: "ms", run: { Self.headlineRuns($0).autoplay }, metric: "interval_p99",
              caption: "The 99th percentile frame interval of each compositor's first autoplay run, one dot per round: "
                + "at the refresh (16.7 ms at 60 Hz) nothing was missed; higher dots are rounds with slow frames.")
        chart("Touch → present p50", unit: "ms", run: { Self.headlineRuns($0).touch }, metric: "touch_present_p50",
              caption: "The median time from a touch sample's own timestamp to the presentation of the first frame "
                + "drawn after it arrived, one dot per round (none where the compositor sends no presentation feedback).")
        for speed in Set(compositors.flatMap { Self.headlineRuns($0).drags.compactMap { ReportJSON.number($0["drag_speed_px_s"]) } }).sorted() {
            chart("Drag lag at \(BenchSummary.n(speed)) px/s", unit: "px", run: { c in
                Self.headlineRuns(c).drags.first { ReportJSON.number($0["drag_speed_px_s"]) == speed && $0["predict"] as? Bool != false }?["name"] as? String
            }, metric: "drag_lag_p50",
                  caption: "The steady drag lag p50 with prediction at \(BenchSummary.n(speed)) px/s, one dot per round: "
                    + "the px between the finger and the grabbed point of the panel at presentation; lower is better.")
        }
        return page.html()
    }

    /// A metric of a compositor's run in each round.
    func roundValues(_ compositor: [String: Any], run: String?, metric: String) -> [Double] {
        Self.spread(compositor, run: run, metric)?.values ?? []
    }
}

extension BenchMatrix.Spread {
    init(median: Double, min: Double, max: Double, values: [Double]) {
        self.median = median
        self.min = min
        self.max = max
        self.values = values
    }
}
