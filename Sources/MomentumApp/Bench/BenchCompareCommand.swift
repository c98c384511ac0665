import ArgumentParser

/// `momentum bench compare A B`: two reports side by side, with the ratio B / A of each number, rules on how much
/// worse B may be than A, and a one-line verdict a CI can gate on (exit 1 when a rule is broken).
struct BenchCompareCommand: LoggingCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two bench reports (two builds, compositors, devices or backends); exit 1 when B regressed.",
        discussion: helpText)

    @OptionGroup var logging: LoggingOptions
    @Argument(help: "The first report (the baseline): a report.json, or the bench --out folder holding it.",
              completion: .file()) var first: String
    @Argument(help: "The second report (the candidate): a report.json, or the bench --out folder holding it.",
              completion: .file()) var second: String
    @Option(help: "Also write compare.html (both runs' percentiles drawn side by side) into DIR.", completion: .directory)
    var out: String?
    @Option(name: .customLong("fail-on"),
            help: "Rules, comma-separated, e.g. 'missed>+10%,drag_lag_p50>+1px,touch_present_p50>+20%' (instead of the defaults).")
    var failOn: String?
    @Option(help: "A file of rules, one a line, # comments (instead of the defaults; with --fail-on, both).",
            completion: .file())
    var thresholds: String?
    @Flag(name: .customLong("allow-mismatch"),
          help: "Compare reports of different timing sources, compositors, scenes, workloads, window sizes or drag speeds (labelled).")
    var allowMismatch = false

    static var helpText: String {
        let width = BenchMetric.all.map(\.name.count).max() ?? 20
        let metrics = BenchMetric.all.filter(\.rulable).map { metric in
            "  \(metric.name.padded(width)) \(metric.label)"
                + (metric.unit == .count ? "" : " (\(metric.unit.rawValue))")
                + (metric.floor > 0 ? ", floor \(metric.format(metric.floor))" : "")
        }
        let defaults = BenchRule.defaultRules.map { "  \($0.rule.padded(24)) \($0.why)" }
        return """
            A rule is METRIC>THRESHOLD and bounds how much worse B may be than A, in each run both have: +N% (B more \
            than N % above A, and above it by more than the metric's floor, so 0 -> 1 missed frame is not +inf %) \
            or +N UNIT (B more than N px, ms or us above A; a plain +N for a count; the + may be left out). Every \
            metric is worse when larger. A metric A measured and B did not breaks its rule.

            Metrics:
            \(metrics.joined(separator: "\n"))

            Without --fail-on or --thresholds these rules are checked (beyond what two runs of one build differ \
            by on a loaded machine):
            \(defaults.joined(separator: "\n"))

            Runs are paired by name; two drags at one speed, prediction on in A and off in B, are paired too \
            (labelled). Reports of different timing sources (presentation feedback or frame callbacks), \
            compositors, scenes, workloads, window sizes or drag speeds are refused unless --allow-mismatch.

            Prints the table, a line per regression, then one line: 'verdict: pass (...)' or 'verdict: FAIL: ...'. \
            Exit status: 0 pass, 1 a rule broken, 2 not compared (a report unreadable or malformed, a bad rule, \
            a mismatch).
            """
    }

    func run() throws {
        var rules: [BenchRule] = []
        if let failOn { rules += try BenchRule.parseList(failOn) }
        if let thresholds { rules += try BenchRule.readFile(thresholds) }
        let defaults = rules.isEmpty
        if defaults { rules = BenchRule.defaults }
        let a = try BenchReport.read(first), b = try BenchReport.read(second)
        let comparison = BenchComparison(a, b)
        if !comparison.mismatches.isEmpty, !allowMismatch { throw AppError(comparison.refusal, code: 2) }
        guard !comparison.pairs.isEmpty else { throw AppError("A and B have no run in common: nothing compared", code: 2) }
        let checks = comparison.check(rules)
        Console.out(comparison.table(names: (first, second), checks: checks))
        if let out {
            try HeadlessCommand.makeDirectory(out)
            let path = out + "/compare.html"
            try OutputFile.write(Array(Self.page(comparison, names: (first, second), checks: checks, rules: rules,
                                                 defaults: defaults).utf8), to: path, what: "comparison")
            Console.out("comparison: \(path)")
        }
        let broken = checks.filter(\.broken)
        if !broken.isEmpty { Console.out("") }
        for check in broken { Console.out("regression: \(check.line)") }
        Console.out(comparison.verdict(checks, rules: rules, defaults: defaults))
        if !broken.isEmpty { throw ExitCode(1) }
    }

    /// compare.html: the two reports' systems, the table with ratios, and per run in both the percentiles of the
    /// frame interval, callback → commit, commit → present, touch → present and drag lag drawn side by side.
    static func page(_ comparison: BenchComparison, names: (String, String), checks: [BenchComparison.Check],
                     rules: [BenchRule], defaults: Bool) -> String {
        let a = comparison.a, b = comparison.b
        func name(_ r: BenchReport) -> String { (r.json["compositor"] as? [String: Any])?["name"] as? String ?? "?" }
        var page = HTMLReport(title: "Momentum bench · \(name(a)) vs \(name(b))", subtitle: "A: \(names.0) · B: \(names.1)")
        page.section("Verdict", intro: "Rules\(defaults ? " (the defaults)" : ""): \(rules.map(\.description).joined(separator: ", ")).")
        page.preformatted((checks.filter(\.broken).map { "regression: \($0.line)" }
                           + [comparison.verdict(checks, rules: rules, defaults: defaults)]).joined(separator: "\n"))
        page.section("Numbers", intro: "Each number of A and B, B / A, and the rules on it.")
        page.preformatted(comparison.table(names: names, checks: checks))
        let percentiles: [(String, Double)] = [("p50", 50), ("p90", 90), ("p99", 99), ("max", 100)]
        for pair in comparison.pairs {
            let runA = pair.a, runB = pair.b
            page.section("Run \(pair.name)")
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

    static func number(_ value: Any?) -> Double? { ReportJSON.number(value) }

    static func zipRatio(_ a: Double?, _ b: Double?) -> String {
        guard let a, let b, a != 0 else { return "" }
        return "×\((b / a * 100).rounded() / 100)"
    }
}
