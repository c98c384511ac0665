/// `report.html`: one self-contained page (inline CSS and SVG, no network) of a bench report: the system, the
/// numbers of each run, and per run the frame intervals over time against the refresh line with misses marked, their
/// histogram and distribution, callback → commit → present per frame, CPU per frame, touch → present and drag lag.
enum BenchHTML {
    /// The page for `report`, drawn from the runs' analyses.
    static func page(_ report: BenchReport, runs: [(name: String, analysis: BenchAnalysis)]) -> String {
        let compositor = report.json["compositor"] as? [String: Any] ?? [:]
        var page = HTMLReport(title: "Momentum bench · \(text(compositor["name"]))",
                              subtitle: "\(text(report.json["command"])) · momentum \(text(report.json["momentum_version"]))"
                                  + ((report.json["momentum_build"] as? String).map { " (\($0))" } ?? ""))
        let gl = report.json["gl"] as? [String: Any] ?? [:]
        let host = report.json["host"] as? [String: Any] ?? [:]
        let outputs = (report.json["outputs"] as? [[String: Any]] ?? []).map { o in
            "\(text(o["width"]))×\(text(o["height"])) @ \(BenchSummary.n((o["refresh_mhz"] as? Int).map { Double($0) / 1000 })) Hz, scale \(text(o["scale"]))"
        }
        page.section("System")
        page.facts([
            ("compositor", text(compositor["name"])), ("compositor command", text(compositor["command_line"])),
            ("outputs", outputs.isEmpty ? "–" : outputs.joined(separator: "; ")),
            ("GL", "\(text(gl["vendor"])) · \(text(gl["renderer"])) · \(text(gl["version"]))"),
            ("EGL extensions used", (gl["egl_extensions"] as? [String]).map { $0.isEmpty ? "none" : $0.joined(separator: ", ") } ?? "–"),
            ("presentation clock", text(report.json["presentation_clock"])), ("input clock", text(report.json["input_clock"])),
            ("globals", (report.json["globals"] as? [[String: Any]] ?? []).compactMap { $0["interface"] as? String }
                .joined(separator: ", ")),
            ("machine", "\(text(host["cpu"])) × \(text(host["cpus"])), \(text(host["memory_gib"])) GiB, kernel \(text(host["kernel"]))"),
            ("load average at the end", text(host["load_average"])),
        ])
        page.section("Summary")
        page.preformatted(BenchSummary.text(report))
        for (name, a) in runs {
            guard let run = report.runs.first(where: { $0["name"] as? String == name }) else { continue }
            page.section("Run \(name)", intro: intro(run, a))
            charts(a, into: &page)
        }
        if report.json["versus"] is [String: Any] {
            page.section("Versus weston-simple-egl", intro: "Both clients in the same weston, one after the other, the order alternating per round; medians over the rounds.")
            page.preformatted(BenchSummary.versusText(report))
        }
        return page.html()
    }

    static func intro(_ run: [String: Any], _ a: BenchAnalysis) -> String {
        let workload = run["workload"] as? String ?? ""
        // The run's own speed and prediction (every drag used to say 1000 px/s).
        let speed = run["drag_speed_px_s"].map { "\(BenchSummary.n($0)) px/s" } ?? "its speed"
        let prediction = (run["predict"] as? Bool).map { $0 ? ", drawn where the finger is predicted to be" : ", no prediction" } ?? ""
        let what = switch workload {
        case "autoplay": "The scene's --autoplay loop, never at rest."
        case "drag": "A finger (injected, real CLOCK_MONOTONIC timestamps) dragging the panel up and down at \(speed)\(prediction), then nothing moving."
        case "scripted-drag": "A scripted finger inside the app (120 Hz samples stamped on CLOCK_MONOTONIC, fed before each frame: no compositor input path) dragging the panel up and down at \(speed)\(prediction), then nothing moving."
        default: "Nothing moving: commits and CPU at rest."
        }
        let timing = a.hasPresentation
            ? "Intervals are presentation times (wp_presentation feedback)."
            : "This compositor sends no presentation feedback: intervals are frame-callback times, and commit → present, touch → present and drag lag cannot be measured."
        return what + " " + timing
    }

    /// The charts of one run.
    static func charts(_ a: BenchAnalysis, into page: inout HTMLReport) {
        let stats = a.statistics
        let refresh = stats.refresh?.ms
        let references = refresh.map { [ReferenceLine($0, label: "refresh \(BenchSummary.n($0)) ms (\(stats.refresh.map { "\($0.source)" } ?? ""))")] } ?? []
        // Intervals over time, each at the later frame's time.
        let points = a.intervalsOverTime.map { (x: $0.t, y: $0.ms) }
        let misses = points.filter { point in refresh.map { point.y > 1.5 * $0 } ?? false }
            .map { EventMarker(x: $0.x, group: "miss", color: "#c0392b") }
        page.chart(TimeSeriesChart(title: "Frame interval", y: AxisLabel("interval", unit: "ms"),
                                   series: [ChartSeries("interval", points: points, markers: true)],
                                   references: references, markers: misses, includeZero: true),
                   caption: "Each frame's interval against the refresh; a red line marks an interval over 1.5 refreshes.")
        page.chart(HistogramChart(title: "Frame interval histogram", x: AxisLabel("interval", unit: "ms"),
                                  values: points.map(\.y), references: references),
                   caption: "How many frame intervals fell in each bin: a single tall bar at the refresh is a smooth run; "
                       + "bars at two or three refreshes are frames that missed one or two.")
        page.chart(CDFChart(title: "Frame interval distribution", x: AxisLabel("interval", unit: "ms"),
                            distributions: [.init("interval", values: points.map(\.y))], references: references),
                   caption: "The share of intervals at or below each length (read p50 at 0.5, p99 at 0.99): a vertical "
                       + "step at the refresh line is a smooth run, a tail to the right the misses.")
        // The deliberate wait for the learned deadline (callback → start) apart from the client's own work
        // (start → commit): a late start is not a slow client.
        let drawn = a.frames.filter { $0.callbackT != nil }
        page.chart(StackedBarChart(title: "Callback → start → commit → present, per frame", x: AxisLabel("frame"),
                                   y: AxisLabel("time", unit: "ms"), positions: drawn.map { Double($0.seq) },
                                   segments: [.init("callback → start (deliberate wait)", values: drawn.map { f in
                                                  ((f.wakeT ?? f.callbackT ?? f.commitT) - (f.callbackT ?? f.commitT)) * 1000 }),
                                              .init("start → commit (client's work)", values: drawn.map { f in
                                                  (f.commitT - (f.wakeT ?? f.callbackT ?? f.commitT)) * 1000 }),
                                              .init("commit → present", values: drawn.map { f in f.presentT.map { ($0 - f.commitT) * 1000 } ?? .nan })]),
                   caption: "One bar per frame drawn at a frame callback, bottom to top: the deliberate wait from the "
                       + "callback to the frame's start (--frame-start deadline waits until just before the latest commit "
                       + "that still makes the next presentation, so the input is fresh), the client's own work from the start "
                       + "to the commit, and the compositor's commit → present. Only the middle segment is the client's cost.")
        page.chart(TimeSeriesChart(title: "CPU per frame", y: AxisLabel("CPU", unit: "µs"),
                                   series: [ChartSeries("client CPU since the previous frame",
                                                        points: a.frames.map { ($0.commitT, $0.cpuMicros) }),
                                            ChartSeries("render", points: a.frames.map { ($0.commitT, $0.renderMicros) }),
                                            ChartSeries("tick", points: a.frames.map { ($0.commitT, $0.tickMicros) })],
                                   includeZero: true),
                   caption: "At each commit (s since the app started): the client's process CPU since the previous frame, "
                       + "and of it the renderer's time (draw and swap) and the run core's (input, animation, draw list). "
                       + "Lower is cheaper; spikes are frames that cost more.")
        let touch = a.touchToPresent
        if !touch.isEmpty {
            page.chart(CDFChart(title: "Touch → present", x: AxisLabel("latency", unit: "ms"),
                                distributions: [.init("input event → the frame reflecting it shown", values: touch)]),
                       caption: "From each touch sample's own timestamp to the presentation of the first frame drawn after it arrived.")
        }
        let lag = a.dragLagSamples()
        if !lag.isEmpty {
            page.chart(TimeSeriesChart(title: "Drag lag at presentation", y: AxisLabel("lag", unit: "px"),
                                       series: [ChartSeries("every frame: finger − grabbed point as drawn",
                                                            points: lag.map { ($0.t, $0.px) }, markers: true),
                                                // NaN off the steady frames: the line breaks between runs of them.
                                                ChartSeries("steady frames",
                                                            points: lag.map { ($0.t, $0.steady ? $0.px : .nan) },
                                                            markers: true)],
                                       includeZero: true),
                       caption: "At each presentation time: the distance between where the finger was (between its timestamped samples) and where the grabbed point of the panel was drawn. Lower is better; peaks are the turns and the stop. "
                           + BenchAnalysis.steadyDefinition)
        }
        let signed = a.dragLagSamples().map { (x: $0.t, y: $0.signed) }
        if !signed.isEmpty {
            page.chart(TimeSeriesChart(title: "Prediction error at presentation", y: AxisLabel("error", unit: "px"),
                                       series: [ChartSeries("drawn − finger, along its motion", points: signed, markers: true)],
                                       references: [ReferenceLine(0, label: "under the finger")]),
                       caption: "Signed along the finger's motion: above 0 the panel was drawn ahead of the finger (over-prediction), below 0 behind it (under-prediction); the frame-to-frame change is the jitter.")
        }
    }

    /// A JSON value as text; nil or null as "–".
    static func text(_ value: Any?) -> String {
        switch value {
        case nil: "–"
        case let s as String: s
        default: BenchSummary.n(value) == "–" ? "\(value.map { "\($0)" } ?? "–")" : BenchSummary.n(value)
        }
    }
}
