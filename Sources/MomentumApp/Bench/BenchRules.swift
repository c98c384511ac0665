import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A number of a bench run that `bench compare` shows and a rule can bound: where report.json keeps it, its unit,
/// and the smallest change a relative rule counts (below it a change is the runs' own noise).
struct BenchMetric: Sendable {
    enum Unit: String, Sendable {
        case count = "", px, ms, us = "µs"
    }

    /// The rule name (`drag_lag_p50`).
    let name: String
    /// The table's label.
    let label: String
    /// The keys from the run object to the number (`["drag_lag", "px", "p50"]`).
    let path: [String]
    let unit: Unit
    /// A relative rule is broken only by a change larger than this too (in `unit`).
    let floor: Double
    /// Larger is worse (every metric a rule can bound); fps is shown only.
    let rulable: Bool

    init(_ name: String, _ label: String, _ path: [String], _ unit: Unit, floor: Double, rulable: Bool = true) {
        self.name = name
        self.label = label
        self.path = path
        self.unit = unit
        self.floor = floor
        self.rulable = rulable
    }

    /// The metric's value in a run, nil when the report has none (not measured, or an older report).
    func value(_ run: [String: Any]) -> Double? {
        var object: Any? = run
        for key in path { object = (object as? [String: Any])?[key] }
        return ReportJSON.number(object)
    }

    /// Every number compared, in the table's order.
    static let all: [BenchMetric] = [
        BenchMetric("fps", "fps", ["fps"], .count, floor: 1, rulable: false),
        BenchMetric("interval_p50", "interval p50", ["interval_ms", "p50"], .ms, floor: 0.5),
        BenchMetric("interval_p99", "interval p99", ["interval_ms", "p99"], .ms, floor: 1),
        BenchMetric("missed", "missed vblanks", ["missed_vblanks"], .count, floor: 2),
        BenchMetric("late", "late frames", ["late"], .count, floor: 2),
        BenchMetric("discarded", "discarded frames", ["discarded"], .count, floor: 2),
        BenchMetric("callback_commit_p99", "callback → commit p99", ["callback_to_commit_ms", "p99"], .ms, floor: 0.5),
        BenchMetric("start_commit_p99", "start → commit p99", ["start_to_commit_ms", "p99"], .ms, floor: 0.5),
        BenchMetric("commit_present_p99", "commit → present p99", ["commit_to_present_ms", "p99"], .ms, floor: 1),
        BenchMetric("touch_present_p50", "touch → present p50", ["touch_to_present_ms", "p50"], .ms, floor: 1),
        BenchMetric("touch_present_p99", "touch → present p99", ["touch_to_present_ms", "p99"], .ms, floor: 2),
        BenchMetric("drag_lag_p50", "drag lag steady p50", ["drag_lag", "px", "p50"], .px, floor: 1),
        BenchMetric("drag_lag_p99", "drag lag steady p99", ["drag_lag", "px", "p99"], .px, floor: 2),
        BenchMetric("drag_lag_all_p50", "drag lag every frame p50", ["drag_lag_all", "px", "p50"], .px, floor: 1),
        BenchMetric("drag_lag_all_p99", "drag lag every frame p99", ["drag_lag_all", "px", "p99"], .px, floor: 2),
        BenchMetric("over_prediction_p50", "over-prediction p50", ["prediction_quality", "over_px", "p50"], .px, floor: 1),
        BenchMetric("under_prediction_p50", "under-prediction p50", ["prediction_quality", "under_px", "p50"], .px, floor: 1),
        BenchMetric("jitter_p50", "prediction jitter p50", ["prediction_quality", "jitter_px", "p50"], .px, floor: 1),
        BenchMetric("overshoot", "past the stopped finger", ["stop", "overshoot_px"], .px, floor: 1),
        BenchMetric("callback_start_p50", "callback → start p50 (wait)", ["callback_to_start_ms", "p50"], .ms, floor: 0.5,
                    rulable: false),
        BenchMetric("start_commit_p50", "start → commit p50", ["start_to_commit_ms", "p50"], .ms, floor: 0.5),
        BenchMetric("cpu_per_frame", "CPU per presented frame", ["cpu_per_presented_frame_us"], .us, floor: 20),
        BenchMetric("cpu_per_frame_launch", "CPU per frame, launch 1st s", ["cpu_per_presented_frame_launch_us"], .us,
                    floor: 20),
        BenchMetric("compositor_cpu_per_frame", "compositor CPU per frame", ["compositor_cpu_per_frame_us"], .us, floor: 20),
        BenchMetric("first_frame", "first frame", ["first_frame_ms"], .ms, floor: 5),
        BenchMetric("rest_commits", "commits at rest", ["at_rest", "commits"], .count, floor: 0),
    ]

    static func named(_ name: String) -> BenchMetric? { all.first { $0.name == name && $0.rulable } }

    /// `12.3 px`, `4 µs`, `17` (a count).
    func format(_ value: Double) -> String {
        let number = BenchSummary.n(value)
        return unit == .count ? number : "\(number) \(unit.rawValue)"
    }
}

/// A bound on how much worse B may be than A: `METRIC>+N%` (B more than N % above A, and above it by more than the
/// metric's floor) or `METRIC>+N UNIT` (B more than N px, ms, µs or — for a count — N above A; the `+` may be
/// left out). Every rule bounds a change, so a report compared with itself always passes.
struct BenchRule: Sendable, CustomStringConvertible {
    enum Threshold: Sendable, Equatable {
        /// Percent above A.
        case relative(Double)
        /// Above A, in the metric's unit (µs for a time metric in µs given in ms is converted).
        case absolute(Double)
    }

    let metric: BenchMetric
    let threshold: Threshold

    /// The rule as it parses back: `drag_lag_p50>+1px`.
    var description: String { "\(metric.name)>\(thresholdText)" }

    /// `+10%`, `+1 px`, `+2`.
    var thresholdText: String {
        switch threshold {
        case .relative(let percent): "+\(BenchSummary.n(percent))%"
        case .absolute(let amount): "+" + metric.format(amount)
        }
    }

    /// Whether B's value breaks the rule against A's (both measured).
    func isBroken(a: Double, b: Double) -> Bool {
        switch threshold {
        case .relative(let percent): b - a > metric.floor && b > a * (1 + percent / 100)
        case .absolute(let amount): b - a > amount
        }
    }

    /// Parses one rule; the problem as a phrase (the caller says where the rule came from).
    static func parse(_ text: String) throws(RuleError) -> BenchRule {
        let rule = text.trimmingSpaces()
        guard !rule.isEmpty else { throw RuleError("an empty rule") }
        guard !rule.contains(",") else { throw RuleError("'\(rule)': one rule per line (no commas)") }
        let parts = rule.split(separator: ">", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !rule.contains("<"), !rule.contains("=") else {
            throw RuleError("'\(rule)' is not METRIC>THRESHOLD (e.g. drag_lag_p50>+1px, missed>+10%)")
        }
        let name = parts[0].trimmingSpaces()
        if name == "fps" { throw RuleError("'\(rule)': fps is shown, not bounded (a rule bounds a metric worse when larger: interval_p50)") }
        guard let metric = BenchMetric.named(name) else {
            throw RuleError("'\(rule)': no metric '\(name)' (\(BenchMetric.all.filter(\.rulable).map(\.name).joined(separator: ", ")))")
        }
        var value = parts[1].trimmingSpaces()
        if value.hasPrefix("+") { value.removeFirst() }
        let digits = value.prefix { ($0.isASCII && $0.isNumber) || $0 == "." }
        let unit = value.dropFirst(digits.count).trimmingSpaces()
        guard !digits.isEmpty, let amount = Double(digits), amount.isFinite else {
            throw RuleError("'\(rule)': the threshold '\(parts[1].trimmingSpaces())' is not +N% or "
                + "+N\(metric.unit == .count ? "" : " " + metric.unit.rawValue) (a number, 0 or more)")
        }
        if unit == "%" { return BenchRule(metric: metric, threshold: .relative(amount)) }
        let expected = metric.unit == .count ? "+N% or a plain +N" : "+N% or +N \(metric.unit.rawValue)"
        switch (metric.unit, unit) {
        case (.count, ""), (.px, "px"), (.ms, "ms"), (.us, "us"), (.us, "µs"):
            return BenchRule(metric: metric, threshold: .absolute(amount))
        case (.ms, "us"), (.ms, "µs"):
            return BenchRule(metric: metric, threshold: .absolute(amount / 1000))
        case (.us, "ms"):
            return BenchRule(metric: metric, threshold: .absolute(amount * 1000))
        default:
            let what = metric.unit == .count ? "a count" : "in \(metric.unit.rawValue)"
            throw RuleError("'\(rule)': \(name) is \(what): the threshold is \(expected)")
        }
    }

    /// `--fail-on`'s comma-separated rules.
    static func parseList(_ text: String) throws(AppError) -> [BenchRule] {
        var rules: [BenchRule] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            do {
                rules.append(try parse(String(part)))
            } catch {
                throw AppError("--fail-on: \(error.message)", code: 2)
            }
        }
        return rules
    }

    /// A thresholds file's rules: one a line, `#` to the end of a line a comment, blank lines skipped.
    static func parseFile(_ text: String, path: String) throws(AppError) -> [BenchRule] {
        var rules: [BenchRule] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.prefix { $0 != "#" }.trimmingSpaces()
            guard !content.isEmpty else { continue }
            do {
                rules.append(try parse(content))
            } catch {
                throw AppError("\(path):\(index + 1): \(error.message)", code: 2)
            }
        }
        guard !rules.isEmpty else { throw AppError("\(path): no rule in it (one METRIC>THRESHOLD a line, # comments)", code: 2) }
        return rules
    }

    /// Reads and parses a thresholds file.
    static func readFile(_ path: String) throws(AppError) -> [BenchRule] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AppError("\(path): cannot read (\(String(cString: strerror(errno))))", code: 2)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw AppError("\(path): not UTF-8 text", code: 2) }
        return try parseFile(text, path: path)
    }

    /// What is checked without `--fail-on` or `--thresholds`, and why: changes beyond what two runs of one build
    /// differ by on a loaded 2-core machine (weston headless, 3 s runs: touch → present up to +24 %, steady drag lag
    /// without prediction +41 %, CPU per frame +34 %, missed vblanks 13–15), that one frame more of latency, a
    /// dropped prediction or a busy loop at rest still breaks.
    static let defaultRules: [(rule: String, why: String)] = [
        ("missed>+50%", "half again as many missed vblanks, and at least 2 more"),
        ("interval_p50>+20%", "the usual frame interval a fifth longer (a lower frame rate)"),
        ("touch_present_p50>+35%", "touch → present a third slower (one frame more at 40-60 Hz)"),
        ("drag_lag_p50>+50%", "the dragged panel half again as far from a steady finger, and 1 px more"),
        ("cpu_per_frame>+50%", "half again as much client CPU per presented frame"),
        ("rest_commits>+0", "any commit while nothing moves"),
    ]

    static var defaultText: [String] { defaultRules.map(\.rule) }

    static var defaults: [BenchRule] { defaultText.compactMap { try? parse($0) } }
}

/// A rule that does not parse: the problem, as a phrase.
struct RuleError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
