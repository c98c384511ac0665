import ArgumentParser

/// `momentum bench compare A.json B.json`: two reports side by side, with the ratio B / A of each number.
struct BenchCompareCommand: LoggingCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare", abstract: "Compare two bench reports (two compositors, devices or backends).")

    @OptionGroup var logging: LoggingOptions
    @Argument(help: "The first report.json.", completion: .file(extensions: ["json"])) var first: String
    @Argument(help: "The second report.json.", completion: .file(extensions: ["json"])) var second: String
    @Option(help: "Also write compare.html (both runs' percentiles drawn side by side) into DIR.", completion: .directory)
    var out: String?

    /// The numbers compared, as (label, key, quantile or nil).
    static let metrics: [(String, String, String?)] = [
        ("fps", "fps", nil), ("interval p50 (ms)", "interval_ms", "p50"), ("interval p99 (ms)", "interval_ms", "p99"),
        ("missed vblanks", "missed_vblanks", nil), ("callback → commit p99 (ms)", "callback_to_commit_ms", "p99"),
        ("commit → present p99 (ms)", "commit_to_present_ms", "p99"),
        ("CPU per presented frame (µs)", "cpu_per_presented_frame_us", nil), ("first frame (ms)", "first_frame_ms", nil),
    ]

    func run() throws {
        let a = try BenchReport.read(first), b = try BenchReport.read(second)
        Console.out(Self.table(a, b, names: (first, second)))
        guard let out else { return }
        try HeadlessCommand.makeDirectory(out)
        let path = out + "/compare.html"
        try OutputFile.write(Array(Self.page(a, b, names: (first, second)).utf8), to: path, what: "comparison")
        Console.out("comparison: \(path)")
    }

    /// The comparison as text: per run present in both (by name), each metric for A and B and B / A.
    static func table(_ a: BenchReport, _ b: BenchReport, names: (String, String)) -> String {
        let compositorA = (a.json["compositor"] as? [String: Any])?["name"] as? String ?? "?"
        let compositorB = (b.json["compositor"] as? [String: Any])?["name"] as? String ?? "?"
        var lines = ["A: \(names.0) (\(compositorA))", "B: \(names.1) (\(compositorB))"]
        let runsB = Dictionary(b.runs.compactMap { run in (run["name"] as? String).map { ($0, run) } },
                               uniquingKeysWith: { first, _ in first })
        var matched = 0
        for runA in a.runs {
            guard let name = runA["name"] as? String, let runB = runsB[name] else { continue }
            matched += 1
            lines.append("")
            lines.append(name)
            for (label, key, p) in metrics {
                let va = number(p.map { BenchSummary.q(runA, key, $0) } ?? runA[key])
                let vb = number(p.map { BenchSummary.q(runB, key, $0) } ?? runB[key])
                let ratio = zipRatio(va, vb)
                lines.append("  \(label.padding(toLength: 30, withPad: " ", startingAt: 0)) "
                    + "\(BenchSummary.n(va).padding(toLength: 10, withPad: " ", startingAt: 0)) "
                    + "\(BenchSummary.n(vb).padding(toLength: 10, withPad: " ", startingAt: 0)) \(ratio)")
            }
        }
        if matched == 0 { lines.append("(no run of the same name in both reports)") }
        return lines.joined(separator: "\n")
    }

    /// compare.html: the two reports' systems, the table with ratios, and per run in both the percentiles of the
    /// frame interval, callback → commit, commit → present, touch → present and drag lag drawn side by side.
    static func page(_ a: BenchReport, _ b: BenchReport, names: (String, String)) -> String {
        func name(_ r: BenchReport) -> String { (r.json["compositor"] as? [String: Any])?["name"] as? String ?? "?" }
        var page = HTMLReport(title: "Momentum bench · \(name(a)) vs \(name(b))", subtitle: "A: \(names.0) · B: \(names.1)")
        page.section("Numbers", intro: "Each number of A and B, and B / A.")
        page.preformatted(table(a, b, names: names))
        let runsB = Dictionary(b.runs.compactMap { run in (run["name"] as? String).map { ($0, run) } },
                               uniquingKeysWith: { first, _ in first })
        let percentiles: [(String, Double)] = [("p50", 50), ("p90", 90), ("p99", 99), ("max", 100)]
        for runA in a.runs {
            guard let runName = runA["name"] as? String, let runB = runsB[runName] else { continue }
            page.section("Run \(runName)")
            for (title, key) in [("Frame interval", "interval_ms"), ("Callback → commit", "callback_to_commit_ms"),
                                 ("Commit → present", "commit_to_present_ms"), ("Touch → present", "touch_to_present_ms")] {
                let series = [("A · \(name(a))", runA), ("B · \(name(b))", runB)].map { label, run in
                    ChartSeries(label, points: percentiles.compactMap { p in
                        number(BenchSummary.q(run, key, p.0)).map { (p.1, $0) }
                    }, markers: true)
                }
                guard series.contains(where: { !$0.points.isEmpty }) else { continue }
                page.chart(TimeSeriesChart(title: title, x: AxisLabel("percentile"), y: AxisLabel(title, unit: "ms"),
                                        series: series))
            }
            let lag = [("A · \(name(a))", runA), ("B · \(name(b))", runB)].map { label, run in
                ChartSeries(label, points: percentiles.compactMap { p in
                    number(((run["drag_lag"] as? [String: Any])?["px"] as? [String: Any])?[p.0]).map { (p.1, $0) }
                }, markers: true)
            }
            if lag.contains(where: { !$0.points.isEmpty }) {
                page.chart(TimeSeriesChart(title: "Drag lag", x: AxisLabel("percentile"), y: AxisLabel("lag", unit: "px"),
                                        series: lag))
            }
        }
        return page.html()
    }

    static func number(_ value: Any?) -> Double? {
        switch value {
        case let d as Double: d
        case let i as Int: Double(i)
        default: nil
        }
    }

    static func zipRatio(_ a: Double?, _ b: Double?) -> String {
        guard let a, let b, a != 0 else { return "" }
        return "×\((b / a * 100).rounded() / 100)"
    }
}
