/// Two bench reports side by side: their runs paired, what makes them not comparable, and each rule checked on each
/// pair of runs.
struct BenchComparison {
    /// A run of A and the run of B it is compared with.
    struct Pair {
        let a: [String: Any]
        let b: [String: Any]
        let nameA: String
        let nameB: String
        /// `panel-drag-1000`, or `panel-drag-1000 → panel-drag-1000-unpredicted` for two drags at one speed.
        var name: String { nameA == nameB ? nameA : "\(nameA) → \(nameB)" }
        /// What the two runs differ in that is compared, not refused (prediction), and, with --allow-mismatch, the
        /// mismatches of this pair.
        var notes: [String] = []
    }

    /// Something that makes A and B different experiments: `timing source (A presentation, B callback)`.
    struct Mismatch: Equatable, CustomStringConvertible {
        let what: String
        let detail: String
        init(what: String, detail: String) {
            self.what = what
            self.detail = detail
        }
        init(what: String, a: String, b: String) { self.init(what: what, detail: "A \(a), B \(b)") }
        var description: String { "\(what) (\(detail))" }
    }

    /// One rule on one pair of runs.
    struct Check {
        let run: String
        let rule: BenchRule
        let a: Double
        /// nil: not measured in B (A has it).
        let b: Double?
        var broken: Bool { b.map { rule.isBroken(a: a, b: $0) } ?? true }

        /// `panel-drag-1000: drag_lag_p50 0.25 → 46.7 px (+46.45 px > +2 px)`.
        var line: String {
            let metric = rule.metric
            guard let b else { return "\(run): \(rule.metric.name) \(metric.format(a)) → not measured in B (\(rule.thresholdText) allowed)" }
            let change: String
            switch rule.threshold {
            case .relative:
                let percent = (b / a - 1) * 100
                change = a == 0 ? "from 0"
                    : "\(b >= a ? "+" : "")\(BenchSummary.n(abs(percent) >= 100 ? percent.rounded() : percent))%"
            case .absolute:
                change = "\(b >= a ? "+" : "−")\(metric.format(abs(b - a)))"
            }
            return "\(run): \(metric.name) \(BenchSummary.n(a)) → \(metric.format(b)) (\(change), "
                + "\(broken ? ">" : "≤") \(rule.thresholdText))"
        }
    }

    let a: BenchReport
    let b: BenchReport
    let pairs: [Pair]
    let onlyA: [String]
    let onlyB: [String]
    let mismatches: [Mismatch]

    init(_ a: BenchReport, _ b: BenchReport) {
        self.a = a
        self.b = b
        let runsA = a.runs, runsB = b.runs
        func name(_ run: [String: Any]) -> String { run["name"] as? String ?? "?" }
        var pairs: [Pair] = []
        var usedB: Set<String> = []
        for run in runsA {
            guard !usedB.contains(name(run)), let other = runsB.first(where: { name($0) == name(run) }) else { continue }
            usedB.insert(name(run))
            pairs.append(Pair(a: run, b: other, nameA: name(run), nameB: name(run)))
        }
        // Two drags at one speed left over, one on each side: the same finger, prediction on in one and off in the
        // other (`--predict on` against `--predict off`): compared, and labelled.
        var leftA = runsA.filter { run in !pairs.contains { $0.nameA == name(run) } }
        var leftB = runsB.filter { !usedB.contains(name($0)) }
        for speed in Set(leftA.compactMap(Self.dragSpeed)).sorted() {
            let atA = leftA.filter { Self.dragSpeed($0) == speed }, atB = leftB.filter { Self.dragSpeed($0) == speed }
            guard atA.count == 1, atB.count == 1, let runA = atA.first, let runB = atB.first else { continue }
            var pair = Pair(a: runA, b: runB, nameA: name(runA), nameB: name(runB))
            let predictA = runA["predict"] as? Bool, predictB = runB["predict"] as? Bool
            if let predictA, let predictB, predictA != predictB {
                pair.notes.append("prediction \(predictA ? "on" : "off") → \(predictB ? "on" : "off")")
            }
            pairs.append(pair)
            leftA.removeAll { name($0) == name(runA) }
            leftB.removeAll { name($0) == name(runB) }
        }
        self.onlyA = leftA.map(name)
        self.onlyB = leftB.map(name)
        // Pairs in A's order.
        let order = Dictionary(runsA.enumerated().map { (name($0.element), $0.offset) }, uniquingKeysWith: { first, _ in first })
        let sorted = pairs.sorted { (order[$0.nameA] ?? 0) < (order[$1.nameA] ?? 0) }
        let (found, labelled) = Self.mismatches(a, b, pairs: sorted, onlyA: leftA, onlyB: leftB)
        self.pairs = labelled
        self.mismatches = found
    }

    /// A drag run's finger speed (its `drag_speed_px_s`, else the speed in its name); nil for another workload.
    static func dragSpeed(_ run: [String: Any]) -> Double? {
        if let speed = ReportJSON.number(run["drag_speed_px_s"]) { return speed }
        guard let name = run["name"] as? String, name.hasPrefix("panel-drag-") else { return nil }
        return Double(name.dropFirst("panel-drag-".count).prefix { $0.isNumber })
    }

    /// What the compositor is: its process (weston, sway, kwin_wayland, …), and whether the bench started it.
    static func compositorKind(_ report: BenchReport) -> String {
        let compositor = report.json["compositor"] as? [String: Any] ?? [:]
        let process = compositor["process"] as? String
            ?? (compositor["name"] as? String)?.split(separator: " ").first.map(String.init) ?? "?"
        return process + (compositor["headless"] as? Bool == true ? " (private, headless)" : "")
    }

    static func window(_ run: [String: Any]) -> String {
        guard let window = run["window"] as? [String: Any], let width = ReportJSON.number(window["width"]),
              let height = ReportJSON.number(window["height"]) else { return "unknown" }
        let scale = ReportJSON.number(window["scale"]) ?? 1
        return "\(BenchSummary.n(width))x\(BenchSummary.n(height))" + (scale == 1 ? "" : " at scale \(BenchSummary.n(scale))")
    }

    /// Everything that makes the two runs different experiments, and the pairs labelled with theirs.
    static func mismatches(_ a: BenchReport, _ b: BenchReport, pairs: [Pair], onlyA: [[String: Any]],
                           onlyB: [[String: Any]]) -> ([Mismatch], [Pair]) {
        var found: [Mismatch] = []
        var labelled = pairs
        func add(_ what: String, _ value: ([String: Any]) -> String) {
            var valuesA: [String] = [], valuesB: [String] = []
            for index in labelled.indices {
                let va = value(labelled[index].a), vb = value(labelled[index].b)
                guard va != vb else { continue }
                labelled[index].notes.append("\(what) \(va) → \(vb)")
                if !valuesA.contains(va) { valuesA.append(va) }
                if !valuesB.contains(vb) { valuesB.append(vb) }
            }
            if !valuesA.isEmpty {
                found.append(Mismatch(what: what, a: valuesA.joined(separator: "/"), b: valuesB.joined(separator: "/")))
            }
        }
        add("timing source") { $0["timing_source"] as? String ?? "?" }
        let kindA = compositorKind(a), kindB = compositorKind(b)
        if kindA != kindB { found.append(Mismatch(what: "compositor", a: kindA, b: kindB)) }
        add("window size") { window($0) }
        add("workload") { $0["workload"] as? String ?? "?" }
        add("scene") { $0["scene"] as? String ?? "?" }
        // Drag speeds: those of either report's drags.
        func speeds(_ report: BenchReport) -> [Double] { Set(report.runs.compactMap(dragSpeed)).sorted() }
        let speedsA = speeds(a), speedsB = speeds(b)
        func list(_ speeds: [Double]) -> String {
            speeds.isEmpty ? "none" : speeds.map { BenchSummary.n($0) }.joined(separator: "/") + " px/s"
        }
        if speedsA != speedsB { found.append(Mismatch(what: "drag speeds", a: list(speedsA), b: list(speedsB))) }
        // Runs in one report only, besides drags at a speed the other has not: other scenes, backends, or both
        // prediction settings against one.
        let otherA = onlyA.filter { dragSpeed($0).map(speedsB.contains) ?? true }.compactMap { $0["name"] as? String }
        let otherB = onlyB.filter { dragSpeed($0).map(speedsA.contains) ?? true }.compactMap { $0["name"] as? String }
        if !otherA.isEmpty || !otherB.isEmpty {
            let only = [("A", otherA), ("B", otherB)].filter { !$0.1.isEmpty }
                .map { "only in \($0.0): \($0.1.joined(separator: ", "))" }
            found.append(Mismatch(what: "runs", detail: only.joined(separator: " / ")))
        }
        return (found, labelled)
    }

    /// The one line refusing the comparison.
    var refusal: String {
        "A and B differ in " + mismatches.map(\.description).joined(separator: "; ")
            + ": not compared (--allow-mismatch compares the runs they share, labelled)"
    }

    /// Every rule on every pair where A measured the metric (B not measuring it breaks the rule).
    func check(_ rules: [BenchRule]) -> [Check] {
        pairs.flatMap { pair in
            rules.compactMap { rule -> Check? in
                guard let va = rule.metric.value(pair.a) else { return nil }
                return Check(run: pair.name, rule: rule, a: va, b: rule.metric.value(pair.b))
            }
        }
    }

    /// The comparison as text: both reports, then per pair each number of A and B, B / A and the rules on it.
    func table(names: (String, String), checks: [Check]) -> String {
        func describe(_ report: BenchReport) -> String {
            let compositor = report.json["compositor"] as? [String: Any] ?? [:]
            return "\(compositor["name"] as? String ?? "?"); momentum \(report.json["momentum_version"] as? String ?? "?")"
        }
        var lines = ["A: \(names.0) (\(describe(a)))", "B: \(names.1) (\(describe(b)))"]
        for (label, report) in [("A", a), ("B", b)] {
            if let command = report.json["command"] as? String { lines.append("   \(label) ran: \(command)") }
        }
        for mismatch in mismatches { lines.append("MISMATCH (allowed): \(mismatch)") }
        for pair in pairs {
            lines.append("")
            lines.append(pair.name + (pair.notes.isEmpty ? "" : "  [\(pair.notes.joined(separator: "; "))]"))
            lines.append("  " + "".padded(30) + "A".padded(11)
                + "B".padded(11) + "B / A")
            for metric in BenchMetric.all {
                let va = metric.value(pair.a), vb = metric.value(pair.b)
                guard va != nil || vb != nil else { continue }
                let label = metric.label + (metric.unit == .count ? "" : " (\(metric.unit.rawValue))")
                let rules = checks.filter { $0.run == pair.name && $0.rule.metric.name == metric.name }
                    .map { "\($0.broken ? "FAIL" : "ok") \($0.rule.thresholdText)" }
                var row = "  \(label.padded(30))"
                    + "\(BenchSummary.n(va).padded(10)) "
                    + "\(BenchSummary.n(vb).padded(10)) "
                    + BenchCompareCommand.zipRatio(va, vb)
                if !rules.isEmpty {
                    row = row.padded(max(row.count, 62)) + "  " + rules.joined(separator: ", ")
                }
                lines.append(row)
            }
        }
        if pairs.isEmpty { lines.append("(no run in both reports)") }
        return lines.joined(separator: "\n")
    }

    /// The one-line verdict: `verdict: pass (8 default rules on 3 runs)` or
    /// `verdict: FAIL: panel-drag-1000: drag_lag_p50 0.25 → 46.7 px (+46.45 px, > +2 px); and 2 more`.
    func verdict(_ checks: [Check], rules: [BenchRule], defaults: Bool) -> String {
        let broken = checks.filter(\.broken)
        let rulesText = "\(rules.count)\(defaults ? " default" : "") rule\(rules.count == 1 ? "" : "s")"
            + " on \(pairs.count) run\(pairs.count == 1 ? "" : "s")"
        let mismatched = mismatches.isEmpty ? "" : "; mismatched: " + mismatches.map(\.what).joined(separator: ", ")
        guard let first = broken.first else { return "verdict: pass (\(rulesText)\(mismatched))" }
        return "verdict: FAIL: \(first.line)" + (broken.count > 1 ? "; and \(broken.count - 1) more" : "")
            + " (\(broken.count) of \(checks.count) checks broken; \(rulesText)\(mismatched))"
    }
}
