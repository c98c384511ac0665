import ArgumentParser

/// `momentum bench compare A.json B.json`: two reports side by side, with the ratio B / A of each number.
struct BenchCompareCommand: LoggingCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare", abstract: "Compare two bench reports (two compositors, devices or backends).")

    @OptionGroup var logging: LoggingOptions
    @Argument(help: "The first report.json.") var first: String
    @Argument(help: "The second report.json.") var second: String

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
