#if canImport(Glibc)
import Glibc
#endif

/// The values of a report.json as `AnyJSON` reads them, told apart strictly (`true` is not the number 1),
/// and the check that every field `bench compare` reads has the type docs/benchmarks/report-schema.md gives it.
enum ReportJSON {
    /// A JSON number as a Double; nil for anything else (a boolean, a string, null, nothing).
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let d as Double: return d
        case let i as Int: return Double(i)
        default: return nil
        }
    }

    /// A JSON `true` or `false`.
    static func isBoolean(_ value: Any) -> Bool { value is Bool }

    /// The value as the report spells it, for a message: `true`, `"x"`, `null`, `an object`.
    static func describe(_ value: Any) -> String {
        if isBoolean(value) { return (value as? Bool) == true ? "true" : "false" }
        if let number = number(value) { return BenchSummary.n(number) }
        switch value {
        case let s as String: return "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case is JSONNull: return "null"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "\(type(of: value))"
        }
    }

    /// The keys of a run whose values are `{count, p50, p90, p99, max}` summaries (or null).
    static let summaries: [[String]] = [
        ["interval_ms"], ["callback_to_commit_ms"], ["callback_to_start_ms"], ["start_to_commit_ms"],
        ["presentation_error_ms"], ["commit_to_present_ms"], ["tick_us"], ["render_us"], ["touch_to_present_ms"],
        ["prediction_ms"], ["drag_lag", "px"], ["drag_lag", "ms"], ["drag_lag_all", "px"], ["drag_lag_all", "ms"],
    ]

    /// Refuses a report (already known to be of the momentum-bench schema) whose version is not an integer this build
    /// reads, or with a field `bench compare` reads missing where the schema has it always, or of another type.
    static func check(_ json: [String: Any]) throws(RuleError) {
        guard let rawVersion = json["version"], !(rawVersion is JSONNull) else { throw RuleError("\"version\" is missing") }
        guard let version = number(rawVersion), version == version.rounded(), abs(version) < 1e9 else {
            throw RuleError("\"version\" is \(describe(rawVersion)), not an integer")
        }
        guard Int(version) <= BenchReport.version else {
            throw RuleError("report schema version \(Int(version)) is newer than this momentum reads (\(BenchReport.version))")
        }
        guard let rawCompositor = json["compositor"] else { throw RuleError("\"compositor\" is missing") }
        guard let compositor = rawCompositor as? [String: Any] else {
            throw RuleError("\"compositor\" is \(describe(rawCompositor)), not an object")
        }
        try string(compositor, "name", at: "compositor.", required: true)
        try string(compositor, "process", at: "compositor.", required: false)
        if let headless = compositor["headless"], !isBoolean(headless), !(headless is JSONNull) {
            throw RuleError("\"compositor.headless\" is \(describe(headless)), not true or false")
        }
        for key in ["command", "momentum_version"] { try string(json, key, at: "", required: false) }
        guard let rawRuns = json["runs"] else { throw RuleError("\"runs\" is missing") }
        guard let runs = rawRuns as? [Any] else { throw RuleError("\"runs\" is \(describe(rawRuns)), not an array") }
        for (index, element) in runs.enumerated() {
            guard let run = element as? [String: Any] else {
                throw RuleError("\"runs[\(index)]\" is \(describe(element)), not an object")
            }
            try checkRun(run, index: index)
        }
    }

    /// One run: its name, workload and timing source, its window, and every number compared.
    static func checkRun(_ run: [String: Any], index: Int) throws(RuleError) {
        let name = run["name"] as? String
        let here = "runs[\(index)]" + (name.map { " (\($0))" } ?? "")
        do throws(RuleError) {
            try string(run, "name", at: "", required: true)
            try string(run, "workload", at: "", required: true)
            try string(run, "scene", at: "", required: false)
            try string(run, "timing_source", at: "", required: true)
            if let source = run["timing_source"] as? String, source != "presentation", source != "callback" {
                throw RuleError("\"timing_source\" is \"\(source)\", not \"presentation\" or \"callback\"")
            }
            guard let window = run["window"] else { throw RuleError("\"window\" is missing") }
            if let window = window as? [String: Any] {
                for key in ["width", "height", "scale"] { try numeric(window, [key], at: "window.", required: true) }
            } else if !(window is JSONNull) {
                throw RuleError("\"window\" is \(describe(window)), not an object or null")
            }
            if let predict = run["predict"], !isBoolean(predict) {
                throw RuleError("\"predict\" is \(describe(predict)), not true or false")
            }
            try numeric(run, ["drag_speed_px_s"], at: "", required: false)
            for metric in BenchMetric.all { try numeric(run, metric.path, at: "", required: false) }
            for summary in summaries {
                for key in ["count", "p50", "p90", "p99", "max"] { try numeric(run, summary + [key], at: "", required: false) }
            }
        } catch {
            throw RuleError("\(here): \(error.message)")
        }
    }

    /// `object[key]` a string (or, when not required, absent or null).
    static func string(_ object: [String: Any], _ key: String, at prefix: String, required: Bool) throws(RuleError) {
        guard let value = object[key] else {
            if required { throw RuleError("\"\(prefix)\(key)\" is missing") }
            return
        }
        if value is String || (!required && value is JSONNull) { return }
        throw RuleError("\"\(prefix)\(key)\" is \(describe(value)), not a string")
    }

    /// The value at `path` a number or null (or absent, when not required); each object on the way an object or null.
    static func numeric(_ object: [String: Any], _ path: [String], at prefix: String, required: Bool) throws(RuleError) {
        var current: [String: Any] = object
        for (depth, key) in path.enumerated() {
            let field = prefix + path[...depth].joined(separator: ".")
            guard let value = current[key] else {
                if required { throw RuleError("\"\(field)\" is missing") }
                return
            }
            if value is JSONNull { return }
            if depth == path.count - 1 {
                guard number(value) != nil else { throw RuleError("\"\(field)\" is \(describe(value)), not a number") }
                guard number(value)?.isFinite == true else { throw RuleError("\"\(field)\" is not a finite number") }
                return
            }
            guard let next = value as? [String: Any] else {
                throw RuleError("\"\(field)\" is \(describe(value)), not an object or null")
            }
            current = next
        }
    }
}
