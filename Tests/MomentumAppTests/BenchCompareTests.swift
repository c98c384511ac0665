import Foundation
import Testing
@testable import MomentumApp

/// `bench compare`'s rules, verdict and refusals on small synthetic report.json files written here: a panel autoplay
/// and a drag at 1000 px/s (prediction on, and off), under weston with presentation feedback.
@Suite(.serialized) struct BenchCompareTests {
    /// A run as `momentum bench` writes it, with the numbers the rules read.
    static func run(_ name: String, workload: String = "autoplay", timing: String = "presentation",
                    window: [String: Any] = ["width": 800, "height": 600, "scale": 1], speed: Double? = nil,
                    predict: Bool? = nil, missed: Int = 1, intervalP50: Double = 25.5, touchP50: Double? = nil,
                    lagP50: Double? = nil, cpu: Double = 900, restCommits: Int? = nil) -> [String: Any] {
        func summary(_ p50: Double?) -> Any {
            guard let p50 else { return NSNull() }
            return ["count": 40, "p50": p50, "p90": p50 * 1.2, "p99": p50 * 1.5, "max": p50 * 2]
        }
        var run: [String: Any] = [
            "name": name, "scene": "panel", "backend": "spring", "workload": workload, "timing_source": timing,
            "window": window, "missed_vblanks": missed, "interval_ms": summary(intervalP50), "fps": 1000 / intervalP50,
            "touch_to_present_ms": summary(touchP50), "cpu_per_presented_frame_us": cpu,
            "drag_lag": lagP50.map { ["px": summary($0), "ms": summary($0), "finger_speed_px_s": speed ?? 0] as [String: Any] }
                ?? NSNull(),
        ]
        if let speed { run["drag_speed_px_s"] = speed }
        if let predict { run["predict"] = predict }
        if let restCommits { run["at_rest"] = ["seconds": 1, "commits": restCommits, "cpu_s": 0.001] }
        return run
    }

    /// The three runs of `bench --headless --drag-speeds 1000`, numbers as weston headless gives them.
    static func runs(touch: Double = 33, lagPredicted: Double = 0.3, lagUnpredicted: Double = 23.5,
                     missed: Int = 1, timing: String = "presentation") -> [[String: Any]] {
        [run("panel-spring", timing: timing, missed: missed),
         run("panel-drag-1000", workload: "drag", timing: timing, speed: 1000, predict: true, missed: missed,
             touchP50: touch, lagP50: lagPredicted),
         run("panel-drag-1000-unpredicted", workload: "drag", timing: timing, speed: 1000, predict: false,
             missed: missed, touchP50: touch, lagP50: lagUnpredicted, restCommits: 0)]
    }

    static func report(_ runs: [[String: Any]], compositor: String = "weston 10.0.1 (headless)",
                       process: String = "weston", headless: Bool = true) -> [String: Any] {
        ["schema": "momentum-bench", "version": 1, "momentum_version": "0.1.0", "command": "momentum bench --headless",
         "compositor": ["name": compositor, "process": process, "headless": headless], "runs": runs]
    }

    /// A folder for this test's files, removed at the end.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-compare-\(getpid())-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Writes `json` as `name` and returns its path.
        func write(_ json: [String: Any], _ name: String) throws -> String {
            let file = path + "/" + name
            let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: URL(fileURLWithPath: file))
            return file
        }

        /// Writes both and reads them back as report.json files are read.
        func comparison(_ a: [String: Any], _ b: [String: Any]) throws -> BenchComparison {
            BenchComparison(try BenchReport.read(try write(a, "a.json")), try BenchReport.read(try write(b, "b.json")))
        }
    }

    // MARK: rules

    @Test(arguments: [
        ("missed>+10%", "missed>+10%", BenchRule.Threshold.relative(10)),
        ("missed>10%", "missed>+10%", .relative(10)),
        ("missed>3", "missed>+3", .absolute(3)),
        ("drag_lag_p50>1px", "drag_lag_p50>+1 px", .absolute(1)),
        (" drag_lag_p50 > +0.5 px ", "drag_lag_p50>+0.5 px", .absolute(0.5)),
        ("touch_present_p50>+20%", "touch_present_p50>+20%", .relative(20)),
        ("touch_present_p99>+8ms", "touch_present_p99>+8 ms", .absolute(8)),
        ("first_frame>500us", "first_frame>+0.5 ms", .absolute(0.5)),
        ("cpu_per_frame>0.2ms", "cpu_per_frame>+200 µs", .absolute(200)),
        ("cpu_per_frame>+150µs", "cpu_per_frame>+150 µs", .absolute(150)),
        ("rest_commits>0", "rest_commits>+0", .absolute(0)),
    ])
    func rulesParse(text: String, description: String, threshold: BenchRule.Threshold) throws {
        let rule = try BenchRule.parse(text)
        #expect(rule.description == description && rule.threshold == threshold)
        // What a rule prints parses back to the same rule.
        #expect(try BenchRule.parse(rule.description.replacingOccurrences(of: " ", with: "")).threshold == threshold)
    }

    @Test(arguments: [
        ("lag>1px", "no metric 'lag' (interval_p50, "),
        ("fps>+10%", "fps is shown, not bounded"),
        ("drag_lag_p50>1ms", "drag_lag_p50 is in px: the threshold is +N% or +N px"),
        ("missed>1px", "missed is a count: the threshold is +N% or a plain +N"),
        ("touch_present_p50>+20", "touch_present_p50 is in ms"),
        ("missed<1", "is not METRIC>THRESHOLD"),
        ("missed>=1", "is not METRIC>THRESHOLD"),
        ("missed>-1", "the threshold '-1' is not +N% or +N"),
        ("missed>", "the threshold '' is not"),
        ("missed>1.2.3", "the threshold '1.2.3' is not"),
        ("drag_lag_p50", "is not METRIC>THRESHOLD"),
        ("", "an empty rule"),
    ])
    func badRulesAreRefusedSayingWhy(text: String, message: String) {
        do {
            _ = try BenchRule.parse(text)
            Issue.record("'\(text)' parsed")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func failOnIsCommaSeparated() throws {
        let rules = try BenchRule.parseList("missed>+10%,drag_lag_p50>1px,touch_present_p50>+20%")
        #expect(rules.map(\.metric.name) == ["missed", "drag_lag_p50", "touch_present_p50"])
        do {
            _ = try BenchRule.parseList("missed>+10%,,drag_lag_p50>1px")
            Issue.record("an empty rule was taken")
        } catch {
            #expect(error.description == "--fail-on: an empty rule" && error.code == 2)
        }
    }

    @Test func aThresholdsFileHasARuleALineAndNamesTheLineOfABadOne() throws {
        let text = """
            # the gate of this compositor's CI
            missed>+10%          # frames

            drag_lag_p50 > 1px
              touch_present_p50>+20%
            """
        let rules = try BenchRule.parseFile(text, path: "gate.txt")
        #expect(rules.map(\.description) == ["missed>+10%", "drag_lag_p50>+1 px", "touch_present_p50>+20%"])
        for (bad, message) in [("missed>+10%\n# ok\ndrag_lag_p50>1ms\n", "gate.txt:3: 'drag_lag_p50>1ms': drag_lag_p50 is in px"),
                               ("missed>+10%,drag_lag_p50>1px\n", "gate.txt:1: 'missed>+10%,drag_lag_p50>1px': one rule per line"),
                               ("# nothing\n\n", "gate.txt: no rule in it")] {
            do {
                _ = try BenchRule.parseFile(bad, path: "gate.txt")
                Issue.record("\(bad) parsed")
            } catch {
                #expect(error.description.hasPrefix(message) && error.code == 2, "\(error.description)")
            }
        }
    }

    @Test func theDefaultRulesParseAndBoundTheHeadlineNumbers() {
        let defaults = BenchRule.defaults
        #expect(defaults.count == BenchRule.defaultText.count)
        let names = Set(defaults.map(\.metric.name))
        #expect(names.isSuperset(of: ["missed", "touch_present_p50", "drag_lag_p50", "cpu_per_frame"]))
        // --help lists them.
        for rule in BenchRule.defaultText { #expect(BenchCompareCommand.helpText.contains(rule)) }
    }

    @Test func relativeRulesLeaveChangesBelowTheMetricsFloor() throws {
        let rule = try BenchRule.parse("missed>+10%")
        #expect(!rule.isBroken(a: 0, b: 1) && !rule.isBroken(a: 0, b: 2) && rule.isBroken(a: 0, b: 3))
        #expect(!rule.isBroken(a: 10, b: 12) && rule.isBroken(a: 10, b: 13))
        #expect(!rule.isBroken(a: 100, b: 110) && rule.isBroken(a: 100, b: 111))
        let lag = try BenchRule.parse("drag_lag_p50>+50%")
        #expect(!lag.isBroken(a: 0.1, b: 0.6), "+0.5 px: below drag lag's 1 px floor")
        #expect(lag.isBroken(a: 0.3, b: 4.1) && !lag.isBroken(a: 23.5, b: 34) && lag.isBroken(a: 23.5, b: 46.7))
        let absolute = try BenchRule.parse("drag_lag_p50>1px")
        #expect(!absolute.isBroken(a: 23.5, b: 24.5) && absolute.isBroken(a: 23.5, b: 24.6) && !absolute.isBroken(a: 5, b: 0))
    }

    // MARK: the comparison

    @Test func aReportAgainstItselfPassesEveryRule() throws {
        let folder = try Folder()
        let comparison = try folder.comparison(Self.report(Self.runs()), Self.report(Self.runs()))
        #expect(comparison.mismatches.isEmpty && comparison.pairs.count == 3)
        let checks = comparison.check(BenchRule.defaults)
        #expect(!checks.isEmpty && checks.allSatisfy { !$0.broken })
        #expect(comparison.verdict(checks, rules: BenchRule.defaults, defaults: true)
                == "verdict: pass (\(BenchRule.defaults.count) default rules on 3 runs)")
        // The headline numbers are in the table.
        let table = comparison.table(names: ("a.json", "b.json"), checks: checks)
        for row in ["touch → present p50 (ms)", "drag lag steady p50 (px)", "drag lag steady p99 (px)",
                    "missed vblanks", "interval p99 (ms)", "CPU per presented frame (µs)"] {
            #expect(table.contains(row), "no row \(row)")
        }
    }

    @Test func aLagRegressionFailsNamingItAndTheRun() throws {
        let folder = try Folder()
        let comparison = try folder.comparison(Self.report(Self.runs()), Self.report(Self.runs(lagPredicted: 4.1)))
        let rules = try BenchRule.parseList("missed>+10%,drag_lag_p50>1px,touch_present_p50>+20%")
        let checks = comparison.check(rules)
        let broken = checks.filter(\.broken)
        #expect(broken.map(\.line) == ["panel-drag-1000: drag_lag_p50 0.3 → 4.1 px (+3.8 px, > +1 px)"])
        let verdict = comparison.verdict(checks, rules: rules, defaults: false)
        #expect(verdict.hasPrefix("verdict: FAIL: panel-drag-1000: drag_lag_p50 0.3 → 4.1 px (+3.8 px, > +1 px) (1 of "),
                "\(verdict)")
        #expect(!verdict.contains("\n"))
        #expect(comparison.table(names: ("a", "b"), checks: checks).contains("FAIL +1 px"))
        // The default rules catch it too (over 50 % and the 1 px floor).
        #expect(comparison.check(BenchRule.defaults).filter(\.broken).map(\.rule.metric.name) == ["drag_lag_p50"])
    }

    @Test func manyRegressionsAreEachNamedAndCounted() throws {
        let folder = try Folder()
        let comparison = try folder.comparison(Self.report(Self.runs()),
                                               Self.report(Self.runs(touch: 55, lagUnpredicted: 46.7, missed: 17)))
        let checks = comparison.check(BenchRule.defaults)
        let broken = checks.filter(\.broken).map(\.line)
        #expect(broken.contains("panel-spring: missed 1 → 17 (+1600%, > +50%)"), "\(broken)")
        #expect(broken.contains("panel-drag-1000: touch_present_p50 33 → 55 ms (+66.67%, > +35%)"), "\(broken)")
        #expect(broken.contains("panel-drag-1000-unpredicted: drag_lag_p50 23.5 → 46.7 px (+98.72%, > +50%)"), "\(broken)")
        #expect(broken.count == 6, "\(broken)")
        let verdict = comparison.verdict(checks, rules: BenchRule.defaults, defaults: true)
        #expect(verdict.hasPrefix("verdict: FAIL: panel-spring: missed 1 → 17") && verdict.contains("; and 5 more (6 of "),
                "\(verdict)")
    }

    @Test func aNumberAMeasuredAndBDidNotBreaksItsRule() throws {
        let folder = try Folder()
        var runsB = Self.runs()
        runsB[1]["touch_to_present_ms"] = NSNull()
        runsB[2].removeValue(forKey: "touch_to_present_ms")
        var runsA = Self.runs()
        runsA[0]["touch_to_present_ms"] = NSNull()
        runsB[0]["touch_to_present_ms"] = ["count": 3, "p50": 30, "p90": 30, "p99": 30, "max": 30]
        let comparison = try folder.comparison(Self.report(runsA), Self.report(runsB))
        let checks = comparison.check([try BenchRule.parse("touch_present_p50>+20%")])
        // A's drags had it and B's not: broken; B's autoplay has one A's has not: nothing to bound.
        #expect(checks.filter(\.broken).map(\.line) == [
            "panel-drag-1000: touch_present_p50 33 ms → not measured in B (+20% allowed)",
            "panel-drag-1000-unpredicted: touch_present_p50 33 ms → not measured in B (+20% allowed)",
        ])
        #expect(checks.count == 2)
    }

    @Test func predictionOnAgainstOffIsPairedAndLabelled() throws {
        let folder = try Folder()
        let a = Self.report([Self.runs()[1]])
        let b = Self.report([Self.run("panel-drag-1000-unpredicted", workload: "drag", speed: 1000, predict: false,
                                      touchP50: 55, lagP50: 46.7)])
        let comparison = try folder.comparison(a, b)
        #expect(comparison.mismatches.isEmpty && comparison.pairs.count == 1)
        let pair = try #require(comparison.pairs.first)
        #expect(pair.name == "panel-drag-1000 → panel-drag-1000-unpredicted" && pair.notes == ["prediction on → off"])
        let broken = comparison.check(BenchRule.defaults).filter(\.broken).map(\.rule.metric.name)
        #expect(broken == ["touch_present_p50", "drag_lag_p50"])
        #expect(comparison.table(names: ("a", "b"), checks: []).contains("[prediction on → off]"))
    }

    @Test(arguments: [
        ("timing", "timing source (A presentation, B callback)"),
        ("compositor", "compositor (A weston (private, headless), B sway (private, headless))"),
        ("window", "window size (A 800x600, B 1280x720)"),
        ("scale", "window size (A 800x600, B 800x600 at scale 2)"),
        ("speeds", "drag speeds (A 1000 px/s, B 300 px/s)"),
        ("workload", "workload (A drag, B scripted-drag)"),
        ("scenes", "runs (only in B: gallery)"),
        ("predict", "runs (only in A: panel-drag-1000)"),
    ])
    func differentExperimentsAreRefusedNamingWhatDiffers(change: String, differs: String) throws {
        let folder = try Folder()
        var runsB = Self.runs(), compositor = ("weston 10.0.1 (headless)", "weston")
        switch change {
        case "timing": runsB = Self.runs(timing: "callback")
        case "compositor": compositor = ("sway version 1.7 (headless)", "sway")
        case "window": for i in runsB.indices { runsB[i]["window"] = ["width": 1280, "height": 720, "scale": 1] }
        case "scale": for i in runsB.indices { runsB[i]["window"] = ["width": 800, "height": 600, "scale": 2] }
        case "speeds":
            runsB = [Self.runs()[0], Self.run("panel-drag-300", workload: "drag", speed: 300, predict: true, touchP50: 33, lagP50: 0.1),
                     Self.run("panel-drag-300-unpredicted", workload: "drag", speed: 300, predict: false, touchP50: 33, lagP50: 7)]
        case "workload": for i in 1...2 { runsB[i]["workload"] = "scripted-drag" }
        case "scenes": runsB.append(Self.run("gallery"))
        case "predict": runsB.remove(at: 1)
        default: Issue.record("no change \(change)")
        }
        let comparison = try folder.comparison(Self.report(Self.runs()),
                                               Self.report(runsB, compositor: compositor.0, process: compositor.1))
        #expect(comparison.mismatches.map(\.description) == [differs])
        #expect(comparison.refusal == "A and B differ in \(differs): not compared (--allow-mismatch compares the runs they share, labelled)")
        // With --allow-mismatch: compared, the table and the verdict say what differs.
        let checks = comparison.check(BenchRule.defaults)
        #expect(comparison.table(names: ("a", "b"), checks: checks).contains("MISMATCH (allowed): \(differs)"))
        #expect(comparison.verdict(checks, rules: BenchRule.defaults, defaults: true)
                .contains("mismatched: \(comparison.mismatches.first?.what ?? "?")"))
    }

    @Test func anotherVersionOfTheSameCompositorIsComparable() throws {
        let folder = try Folder()
        let comparison = try folder.comparison(Self.report(Self.runs()),
                                               Self.report(Self.runs(), compositor: "weston 11.0.3 (headless)"))
        #expect(comparison.mismatches.isEmpty)
    }

    // MARK: reading reports

    @Test(arguments: [
        ("version-true", #""version" is true, not an integer"#),
        ("version-string", #""version" is "1", not an integer"#),
        ("version-fraction", #""version" is 1.5, not an integer"#),
        ("version-missing", #""version" is missing"#),
        ("runs-object", #""runs" is an object, not an array"#),
        ("compositor-missing", #""compositor" is missing"#),
        ("compositor-name", #""compositor.name" is 7, not a string"#),
        ("run-number", #""runs[1]" is 3, not an object"#),
        ("name-missing", #"runs[1]: "name" is missing"#),
        ("timing-missing", #"runs[2] (panel-drag-1000-unpredicted): "timing_source" is missing"#),
        ("timing-other", #"runs[0] (panel-spring): "timing_source" is "vsync", not "presentation" or "callback""#),
        ("window-array", #"runs[0] (panel-spring): "window" is an array, not an object or null"#),
        ("window-width", #"runs[0] (panel-spring): "window.width" is "800", not a number"#),
        ("lag-string", #"runs[1] (panel-drag-1000): "drag_lag.px.p50" is "fast", not a number"#),
        ("lag-px-number", #"runs[1] (panel-drag-1000): "drag_lag.px" is 3, not an object or null"#),
        ("missed-bool", #"runs[0] (panel-spring): "missed_vblanks" is false, not a number"#),
        ("predict-number", #"runs[1] (panel-drag-1000): "predict" is 1, not true or false"#),
        ("touch-p99", #"runs[2] (panel-drag-1000-unpredicted): "touch_to_present_ms.p99" is an array, not a number"#),
    ])
    func aMalformedReportIsRefusedNamingTheFileAndTheField(mutation: String, message: String) throws {
        let folder = try Folder()
        var json = Self.report(Self.runs())
        var runs = Self.runs()
        switch mutation {
        case "version-true": json["version"] = true
        case "version-string": json["version"] = "1"
        case "version-fraction": json["version"] = 1.5
        case "version-missing": json.removeValue(forKey: "version")
        case "runs-object": json["runs"] = [String: Any]()
        case "compositor-missing": json.removeValue(forKey: "compositor")
        case "compositor-name": json["compositor"] = ["name": 7]
        case "run-number": json["runs"] = [runs[0], 3] as [Any]
        case "name-missing": runs[1].removeValue(forKey: "name")
        case "timing-missing": runs[2].removeValue(forKey: "timing_source")
        case "timing-other": runs[0]["timing_source"] = "vsync"
        case "window-array": runs[0]["window"] = [800, 600]
        case "window-width": runs[0]["window"] = ["width": "800", "height": 600, "scale": 1]
        case "lag-string": runs[1]["drag_lag"] = ["px": ["p50": "fast"]]
        case "lag-px-number": runs[1]["drag_lag"] = ["px": 3]
        case "missed-bool": runs[0]["missed_vblanks"] = false
        case "predict-number": runs[1]["predict"] = 1
        case "touch-p99": runs[2]["touch_to_present_ms"] = ["count": 1, "p50": 30, "p99": [30]] as [String: Any]
        default: Issue.record("no mutation \(mutation)")
        }
        if !["runs-object", "run-number"].contains(mutation) { json["runs"] = runs }
        let path = try folder.write(json, "bad.json")
        do {
            _ = try BenchReport.read(path)
            Issue.record("\(mutation): read")
        } catch {
            #expect(error.description == "\(path): \(message)" && error.code == 2, "\(error.description)")
        }
    }

    @Test func aBenchFolderStandsForItsReportAndOlderReportsLackingNewerFieldsAreRead() throws {
        let folder = try Folder()
        var runs = Self.runs()
        // A report of the first version 1: no predict, no drag speed, no start → commit, no at_rest.
        for i in runs.indices {
            for key in ["predict", "drag_speed_px_s", "at_rest"] { runs[i].removeValue(forKey: key) }
        }
        _ = try folder.write(Self.report(runs), "report.json")
        let report = try BenchReport.read(folder.path)
        #expect(report.runs.count == 3)
        // Drag speeds read from the names.
        #expect(BenchComparison.dragSpeed(report.runs[1]) == 1000 && BenchComparison.dragSpeed(report.runs[0]) == nil)
        let comparison = BenchComparison(report, try BenchReport.read(folder.path + "/"))
        #expect(comparison.mismatches.isEmpty && comparison.check(BenchRule.defaults).allSatisfy { !$0.broken })
        do {
            _ = try BenchReport.read(folder.path + "/nowhere")
            Issue.record("a missing folder was read")
        } catch {
            #expect(error.description.hasPrefix("\(folder.path)/nowhere: cannot read") && error.code == 2)
        }
    }
}
