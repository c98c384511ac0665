/// The numbers a compositor developer asks for first, as a few plain lines for the terminal.
enum BenchSummary {
    static func text(_ report: BenchReport) -> String {
        var lines = ["run                       fps    interval p50/p99 ms  missed  cb→commit p99  commit→present p99  CPU/frame after 1 s"]
        for run in report.runs {
            let name = (run["name"] as? String ?? "?").padded(24)
            lines.append("\(name)  \(n(run["fps"]).padded(5))  "
                + "\(n(q(run, "interval_ms", "p50"))) / \(n(q(run, "interval_ms", "p99")))".padded(20)
                + "  \(n(run["missed_vblanks"]).padded(6))"
                + "  \(n(q(run, "callback_to_commit_ms", "p99"))) ms".padded(15)
                + "  \(n(q(run, "commit_to_present_ms", "p99"))) ms".padded(20)
                + "  \(n(run["cpu_per_presented_frame_us"])) µs (launch's 1st s \(n(run["cpu_per_presented_frame_launch_us"])))")
            if let touch = run["touch_to_present_ms"] as? [String: Any] {
                lines.append("  touch → present p50/p99: \(n(touch["p50"])) / \(n(touch["p99"])) ms")
            }
            if let lag = run["drag_lag"] as? [String: Any], let px = lag["px"] as? [String: Any],
               let ms = lag["ms"] as? [String: Any] {
                lines.append("  drag lag at \(n(lag["finger_speed_px_s"])) px/s p50/p99: \(n(px["p50"])) / \(n(px["p99"])) px"
                    + " (\(n(ms["p50"])) / \(n(ms["p99"])) ms of finger travel)")
            }
            if let quality = run["prediction_quality"] as? [String: Any] {
                let over = quality["over_px"] as? [String: Any] ?? [:], under = quality["under_px"] as? [String: Any] ?? [:]
                let jitter = quality["jitter_px"] as? [String: Any] ?? [:]
                lines.append("  drawn ahead of the finger p50/p95 \(n(over["p50"])) / \(n(over["p95"])) px, behind it "
                    + "\(n(under["p50"])) / \(n(under["p95"])) px, jitter \(n(jitter["p50"])) / \(n(jitter["p95"])) px")
            }
            if let stop = run["stop"] as? [String: Any] {
                lines.append("  finger stops: drawn \(n(stop["overshoot_px"])) px past it, within 1 px after \(n(stop["frames_to_settle"])) frames")
            }
            if let late = run["late_interval_share"] as? Double {
                lines.append("  late intervals after the launch's first second: \(percent(late)) (see --help)")
            }
            if let rest = run["at_rest"] as? [String: Any] {
                lines.append("  at rest: \(n(rest["commits"])) commits, \(n(rest["cpu_s"])) s CPU in \(n(rest["seconds"])) s")
            }
            if run["timing_source"] as? String == "callback" {
                lines.append("  (no presentation feedback from this compositor: intervals are frame-callback times)")
            }
        }
        let versus = versusText(report)
        if !versus.isEmpty { lines.append(versus) }
        return lines.joined(separator: "\n")
    }

    /// The `--versus` numbers as lines ("" without them).
    static func versusText(_ report: BenchReport) -> String {
        guard let versus = report.json["versus"] as? [String: Any] else { return "" }
        let m = versus["momentum"] as? [String: Any] ?? [:], e = versus["peer_numbers"] as? [String: Any] ?? [:]
        var lines = ["versus weston-simple-egl (same weston, medians over rounds):"]
        let mi = m["interval_ms"] as? [String: Any] ?? [:], ei = e["interval_ms"] as? [String: Any] ?? [:]
        let mc = m["callback_to_commit_ms"] as? [String: Any] ?? [:], ec = e["callback_to_commit_ms"] as? [String: Any] ?? [:]
        lines.append("  interval p50/p99 \(n(mi["p50"]))/\(n(mi["p99"])) vs \(n(ei["p50"]))/\(n(ei["p99"])) ms; callback → commit "
            + "p50/p99 \(n(mc["p50"]))/\(n(mc["p99"])) vs \(n(ec["p50"]))/\(n(ec["p99"])) ms")
        lines.append("  fps \(n(m["fps"])) vs \(n(e["fps"])); client CPU/frame \(n(m["client_cpu_per_frame_ms"])) vs "
            + "\(n(e["client_cpu_per_frame_ms"])) ms (×\(n(versus["ratio_client_cpu_per_frame"]))); client + compositor "
            + "×\(n(versus["ratio_client_and_compositor_cpu_per_frame"]))")
        return lines.joined(separator: "\n")
    }

    /// A quantile from a run's summary object.
    static func q(_ run: [String: Any], _ key: String, _ p: String) -> Any? { (run[key] as? [String: Any])?[p] }

    /// A share (0…1) as a percentage, e.g. "1.3 %"; what `n` says of anything else.
    static func percent(_ share: Any?) -> String { (share as? Double).map { "\(n($0 * 100)) %" } ?? n(share) }

    /// A number as the report has it, or "–".
    static func n(_ value: Any?) -> String {
        switch value {
        case let d as Double: d == d.rounded() && abs(d) < 1e9 ? "\(Int(d))" : "\((d * 100).rounded() / 100)"
        case let i as Int: "\(i)"
        default: "–"
        }
    }
}

extension BenchSummary {
    /// `report.md`: the report's headline numbers as Markdown tables (what docs/benchmarks quote).
    static func markdown(_ report: BenchReport) -> String {
        let compositor = report.json["compositor"] as? [String: Any] ?? [:]
        let gl = report.json["gl"] as? [String: Any] ?? [:]
        let host = report.json["host"] as? [String: Any] ?? [:]
        var out = "### \(compositor["name"] as? String ?? "?") · \(gl["renderer"] as? String ?? "?")\n\n"
        out += "`\(report.json["command"] as? String ?? "")` · momentum \(report.json["momentum_version"] as? String ?? "")"
            + ((report.json["momentum_build"] as? String).map { " (\($0))" } ?? "")
            + " · \(host["cpu"] as? String ?? "?") × \(n(host["cpus"])) · load \(host["load_average"] as? String ?? "?")\n\n"
        if !report.runs.isEmpty, report.runs.allSatisfy({ $0["timing_source"] as? String == "callback" }) {
            out += "This compositor sends no presentation feedback (no `wp_presentation`): callback timing only; "
                + "commit → present, touch → present and drag lag cannot be measured here.\n\n"
        }
        out += "| run | timing | fps | interval p50 / p90 / p99 / max (ms) | missed vblanks | callback → commit p50 / p99 (ms) "
            + "| commit → present p50 / p99 (ms) | CPU / presented frame after 1 s (µs) | CPU / presented frame, "
            + "the launch's 1st s (µs) | first frame (ms) |\n"
        out += "|---|---|---|---|---|---|---|---|---|---|\n"
        for run in report.runs {
            let q = { (key: String, p: String) in n(BenchSummary.q(run, key, p)) }
            out += "| \(run["name"] as? String ?? "?") | \(run["timing_source"] as? String ?? "?") | \(n(run["fps"])) "
                + "| \(q("interval_ms", "p50")) / \(q("interval_ms", "p90")) / \(q("interval_ms", "p99")) / \(q("interval_ms", "max")) "
                + "| \(n(run["missed_vblanks"])) (\(run["missed_from"] as? String ?? "?")) "
                + "| \(q("callback_to_commit_ms", "p50")) / \(q("callback_to_commit_ms", "p99")) "
                + "| \(q("commit_to_present_ms", "p50")) / \(q("commit_to_present_ms", "p99")) "
                + "| \(n(run["cpu_per_presented_frame_us"])) | \(n(run["cpu_per_presented_frame_launch_us"])) "
                + "| \(n(run["first_frame_ms"])) |\n"
        }
        out += dragTable(report)
        var extra: [String] = []
        for run in report.runs {
            let name = run["name"] as? String ?? "?"
            if let touch = run["touch_to_present_ms"] as? [String: Any] {
                extra.append("- \(name): touch → present p50 / p90 / p99 \(n(touch["p50"])) / \(n(touch["p90"])) / "
                    + "\(n(touch["p99"])) ms over \(n(touch["count"])) samples")
            }
            if let lag = run["drag_lag"] as? [String: Any], let px = lag["px"] as? [String: Any],
               let ms = lag["ms"] as? [String: Any] {
                extra.append("- \(name): drag lag at \(n(lag["finger_speed_px_s"])) px/s p50 / p90 / p99 \(n(px["p50"])) / "
                    + "\(n(px["p90"])) / \(n(px["p99"])) px (\(n(ms["p50"])) / \(n(ms["p90"])) / \(n(ms["p99"])) ms of finger travel)"
                    + " over \(n(px["count"])) presented frames")
            }
            if let late = run["late_interval_share"] as? Double {
                extra.append("- \(name): late intervals after the launch's first second \(percent(late))")
            }
            if let rest = run["at_rest"] as? [String: Any] {
                extra.append("- \(name): at rest \(n(rest["commits"])) commits and \(n(rest["cpu_s"])) s CPU in \(n(rest["seconds"])) s")
            }
        }
        if !extra.isEmpty { out += "\n" + extra.joined(separator: "\n") + "\n" }
        if report.runs.contains(where: { $0["late_interval_share"] is Double })
            || (report.json["versus"] as? [String: Any]).map({ $0["momentum"] != nil }) == true {
            out += "\nLate: " + BenchReport.lateRule + ".\n"
        }
        if let versus = report.json["versus"] as? [String: Any] {
            let m = versus["momentum"] as? [String: Any] ?? [:], e = versus["peer_numbers"] as? [String: Any] ?? [:]
            out += "\n| versus weston-simple-egl (same weston, median of rounds) | momentum | simple-egl | ratio |\n|---|---|---|---|\n"
            out += "| fps | \(n(m["fps"])) | \(n(e["fps"])) | |\n"
            for (label, key) in [("frame interval", "interval_ms"), ("callback → commit", "callback_to_commit_ms")] {
                let a = m[key] as? [String: Any] ?? [:], b = e[key] as? [String: Any] ?? [:]
                out += "| \(label) p50 / p99 (ms) | \(n(a["p50"])) / \(n(a["p99"])) | \(n(b["p50"])) / \(n(b["p99"])) | |\n"
            }
            out += "| late intervals | \(percent(m["late_interval_share"])) | \(percent(e["late_interval_share"])) | |\n"
            out += "| launch → first frame (ms) | \(n(m["first_frame_ms"])) | \(n(e["first_frame_ms"])) | |\n"
            out += "| client CPU per frame (ms) | \(n(m["client_cpu_per_frame_ms"])) | \(n(e["client_cpu_per_frame_ms"])) "
                + "| ×\(n(versus["ratio_client_cpu_per_frame"])) |\n"
            out += "| compositor CPU per frame (ms) | \(n(m["compositor_cpu_per_frame_ms"])) | \(n(e["compositor_cpu_per_frame_ms"])) "
                + "| client + compositor ×\(n(versus["ratio_client_and_compositor_cpu_per_frame"])) |\n"
            out += "\n| window | client | frames | client CPU (s) | compositor CPU (s) | other load (cores) |\n|---|---|---|---|---|---|\n"
            for w in versus["windows"] as? [[String: Any]] ?? [] {
                out += "| round \(n(w["round"])) | \(w["client"] as? String ?? "?") | \(n(w["frames"])) | \(n(w["client_cpu_s"])) "
                    + "| \(n(w["compositor_cpu_s"])) | \(n(w["other_load_cores"])) |\n"
            }
        }
        return out
    }

    /// The drags side by side: speed, prediction, drag lag at the finger's cruising speed, the stop, touch → present,
    /// and how long after its callback each frame waited (the learned deadline) and took.
    static func dragTable(_ report: BenchReport) -> String {
        let drags = report.runs.filter { $0["drag_lag_all"] is [String: Any] || $0["stop"] is [String: Any] }
        guard !drags.isEmpty else { return "" }
        var out = "\n| drag | finger px/s | prediction | steady drag lag p50 / p90 (px) | (ms of finger travel) | every frame p50 / p90 (px) "
            + "| predicted ahead p50 (ms) | over-prediction p50 / p95 (px) | under-prediction p50 / p95 (px) | jitter p50 / p95 (px) "
            + "| past the stopped finger (px) | frames to settle | touch → present p50 / p99 (ms) | callback → start p50 (ms) "
            + "| start → commit p50 / p99 (ms) | interval p99 (ms) |\n"
        out += "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        for run in drags {
            let quality = run["prediction_quality"] as? [String: Any] ?? [:]
            func spread(_ key: String) -> String {
                let q = quality[key] as? [String: Any] ?? [:]
                return "\(n(q["p50"])) / \(n(q["p95"]))"
            }
            let lag = run["drag_lag"] as? [String: Any] ?? [:]
            let px = lag["px"] as? [String: Any] ?? [:], ms = lag["ms"] as? [String: Any] ?? [:]
            let stop = run["stop"] as? [String: Any] ?? [:]
            let every = (run["drag_lag_all"] as? [String: Any])?["px"] as? [String: Any] ?? [:]
            let predict = (run["predict"] as? Bool).map { $0 ? "on" : "off" } ?? "–"
            out += "| \(run["name"] as? String ?? "?") | \(n(run["drag_speed_px_s"])) | \(predict) "
                + "| \(n(px["p50"])) / \(n(px["p90"])) | \(n(ms["p50"])) / \(n(ms["p90"])) | \(n(every["p50"])) / \(n(every["p90"])) "
                + "| \(n(q(run, "prediction_ms", "p50"))) | \(spread("over_px")) | \(spread("under_px")) | \(spread("jitter_px")) "
                + "| \(n(stop["overshoot_px"])) | \(n(stop["frames_to_settle"])) "
                + "| \(n(q(run, "touch_to_present_ms", "p50"))) / \(n(q(run, "touch_to_present_ms", "p99"))) "
                + "| \(n(q(run, "callback_to_start_ms", "p50"))) "
                + "| \(n(q(run, "start_to_commit_ms", "p50"))) / \(n(q(run, "start_to_commit_ms", "p99"))) "
                + "| \(n(q(run, "interval_ms", "p99"))) |\n"
        }
        return out + "\n" + BenchAnalysis.steadyDefinition + "\n"
    }
}
