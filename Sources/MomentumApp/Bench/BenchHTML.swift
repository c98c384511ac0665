/// `report.html`: one self-contained page (inline CSS and SVG, no network) of a bench report.
enum BenchHTML {
    /// The page for `report`.
    static func page(_ report: BenchReport) -> String {
        let compositor = report.json["compositor"] as? [String: Any] ?? [:]
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Momentum bench · \(escape(compositor["name"]))</title>
        <style>
        body{font:14px/1.45 system-ui,-apple-system,"Inter",sans-serif;margin:24px auto;max-width:1100px;color:#1b2a49;padding:0 16px}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
        table{border-collapse:collapse;margin:8px 0}td,th{padding:4px 10px;border-bottom:1px solid #e2e4ea;text-align:right}
        th{background:#f4f5f8}td:first-child,th:first-child{text-align:left}.note{color:#6b7280}
        </style></head><body>
        <h1>Momentum bench</h1>
        <p class="note">\(escape(report.json["command"])) · momentum \(escape(report.json["momentum_version"]))</p>

        """
        html += "<h2>System</h2><table>"
        let gl = report.json["gl"] as? [String: Any] ?? [:]
        let host = report.json["host"] as? [String: Any] ?? [:]
        for (label, value) in [("compositor", compositor["name"]), ("compositor command", compositor["command_line"]),
                               ("GL", "\(gl["renderer"] ?? "–") · \(gl["version"] ?? "–")"),
                               ("EGL extensions used", (gl["egl_extensions"] as? [String])?.joined(separator: ", ")),
                               ("presentation clock", report.json["presentation_clock"]),
                               ("input clock", report.json["input_clock"]),
                               ("CPU", "\(host["cpu"] ?? "–") × \(host["cpus"] ?? "–")"),
                               ("kernel", host["kernel"]), ("load average", host["load_average"])] as [(String, Any?)] {
            html += "<tr><td>\(escape(label))</td><td style=\"text-align:left\">\(escape(value))</td></tr>"
        }
        html += "</table>\n<h2>Runs</h2><table><tr><th>run</th><th>timing</th><th>fps</th><th>interval p50</th>"
            + "<th>p90</th><th>p99</th><th>max</th><th>missed</th><th>cb→commit p99</th><th>commit→present p99</th>"
            + "<th>CPU/frame</th><th>first frame</th></tr>"
        for run in report.runs {
            let q = { (key: String, p: String) in BenchSummary.n(BenchSummary.q(run, key, p)) }
            html += "<tr><td>\(escape(run["name"]))</td><td>\(escape(run["timing_source"]))</td>"
                + "<td>\(BenchSummary.n(run["fps"]))</td><td>\(q("interval_ms", "p50")) ms</td>"
                + "<td>\(q("interval_ms", "p90"))</td><td>\(q("interval_ms", "p99"))</td><td>\(q("interval_ms", "max"))</td>"
                + "<td>\(BenchSummary.n(run["missed_vblanks"]))</td><td>\(q("callback_to_commit_ms", "p99")) ms</td>"
                + "<td>\(q("commit_to_present_ms", "p99")) ms</td>"
                + "<td>\(BenchSummary.n(run["cpu_per_presented_frame_us"])) µs</td>"
                + "<td>\(BenchSummary.n(run["first_frame_ms"])) ms</td></tr>"
        }
        html += "</table>\n<pre>\(escape(BenchSummary.text(report)))</pre>\n</body></html>\n"
        return html
    }

    /// Text for HTML (`&`, `<`, `>`, `"` escaped); nil or null as "–".
    static func escape(_ value: Any?) -> String {
        let text: String
        switch value {
        case nil: text = "–"
        case let s as String: text = s
        default: text = BenchSummary.n(value) == "–" ? "\(value.map { "\($0)" } ?? "–")" : BenchSummary.n(value)
        }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
