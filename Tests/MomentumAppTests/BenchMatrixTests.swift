import Foundation
import MomentumRun
import Testing
@testable import MomentumApp

/// The matrix of `momentum bench --compositors`: each number the median and min–max over the rounds, a failed
/// compositor recorded (not dropped), every chart and table captioned, and `bench compare` refusing it in one line.
struct BenchMatrixTests {
    @Test func theMedianAndMinMaxOverTheRounds() throws {
        let odd = try #require(BenchMatrix.Spread([3, 1, 2]))
        #expect(odd.median == 2 && odd.min == 1 && odd.max == 3 && odd.count == 3 && odd.values == [3, 1, 2])
        #expect(odd.text == "2 (1–3)")
        let even = try #require(BenchMatrix.Spread([4, 1, 2, 10]))
        #expect(even.median == 3 && even.min == 1 && even.max == 10)
        // A round that did not measure it (NaN) is not a round of it; none at all is no number.
        let holes = try #require(BenchMatrix.Spread([5, .nan, 7]))
        #expect(holes.median == 6 && holes.count == 2)
        #expect(BenchMatrix.Spread([]) == nil && BenchMatrix.Spread([.nan]) == nil)
        #expect(BenchMatrix.Spread([16.7])?.text == "16.7")
    }

    /// A drag report of one round: the synthetic trace's drag, the panel drawn `panelAt` s after its commit.
    static func round(panelAt: Double, compositorCPU: Double) -> BenchReport {
        let drag = BenchAnalysis(lines: BenchAnalysisTests.trace(panelAt: panelAt))
        return BenchReport(command: "momentum bench", compositor: ["name": "weston 10.0.1 (headless)"], host: [:],
                           runs: [("panel-spring", "panel", "spring", "autoplay", BenchAnalysis(lines: BenchAnalysisTests.trace())),
                                  ("panel-drag-1000", "panel", "spring", "drag", drag)],
                           details: ["panel-drag-1000": ["predict": true, "drag_speed_px_s": 1000.0],
                                     "panel-spring": ["compositor_cpu_per_frame_us": compositorCPU]])
    }

    static func matrix() -> BenchMatrix {
        let rounds = [round(panelAt: -0.010, compositorCPU: 300), round(panelAt: -0.002, compositorCPU: 100),
                      round(panelAt: -0.006, compositorCPU: 200)]
        return BenchMatrix(command: "momentum bench --compositors weston,kwin --rounds 3", host: ["cpus": 2], rounds: 3,
                           entries: [.init(kind: "weston", name: "weston", rounds: rounds),
                                     .init(kind: "kwin", name: "KWin", error: "cannot start KWin: kwin_wayland not found on PATH")])
    }

    @Test func theMatrixJSONHasEachCompositorsRunsOverTheRounds() throws {
        let matrix = Self.matrix()
        // What is written is what is read: JSON, the schema and version on top.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(matrix.encoded())) as? [String: Any])
        #expect(json["schema"] as? String == "momentum-bench-matrix" && json["version"] as? Int == 1)
        #expect(json["rounds"] as? Int == 3 && json["momentum_build"] is String)
        let compositors = try #require(json["compositors"] as? [[String: Any]])
        #expect(compositors.map { $0["kind"] as? String } == ["weston", "kwin"])
        let weston = compositors[0], kwin = compositors[1]
        #expect(weston["status"] as? String == "ok" && weston["timing_source"] as? String == "presentation")
        #expect(weston["reports"] as? [String] == (1...3).map { "weston/round-\($0)/report.json" })
        // The failed compositor is in the matrix, saying why.
        #expect(kwin["status"] as? String == "failed" && kwin["rounds_done"] as? Int == 0
                && (kwin["error"] as? String)?.contains("kwin_wayland not found") == true)
        // The drag lag of the three rounds: drawn 10, 2 and 6 ms before the commit, shown 12 ms after it: 22, 14
        // and 18 px at 1000 px/s (median 18, 14–22).
        let runs = try #require(weston["runs"] as? [[String: Any]])
        #expect(runs.map { $0["name"] as? String } == ["panel-spring", "panel-drag-1000"])
        let lag = try #require((runs[1]["metrics"] as? [String: Any])?["drag_lag_p50"] as? [String: Any])
        #expect(ReportJSON.number(lag["median"]) == 18 && ReportJSON.number(lag["min"]) == 14
                && ReportJSON.number(lag["max"]) == 22 && lag["rounds"] as? Int == 3, "\(lag)")
        #expect((lag["values"] as? [Any])?.compactMap(ReportJSON.number) == [22, 14, 18])
        #expect(runs[1]["predict"] as? Bool == true && ReportJSON.number(runs[1]["drag_speed_px_s"]) == 1000)
        let cpu = try #require(BenchMatrix.spread(weston, run: "panel-spring", "compositor_cpu_per_frame"))
        #expect(cpu.median == 200 && cpu.min == 100 && cpu.max == 300)
        // Under-prediction as the lag here (the panel is behind the finger), no over-prediction.
        #expect(BenchMatrix.spread(weston, run: "panel-drag-1000", "under_prediction_p50")?.median == 18)
        #expect(BenchMatrix.spread(weston, run: "panel-drag-1000", "over_prediction_p50") == nil)
    }

    @Test func theMarkdownAndThePageShowEveryCompositorAndCaptionEveryChartAndTable() {
        let matrix = Self.matrix()
        let markdown = matrix.markdown()
        #expect(markdown.contains("| weston 10.0.1 (headless) | presentation |"), "\(markdown)")
        #expect(markdown.contains("| KWin | FAILED: cannot start KWin: kwin_wayland not found on PATH |"))
        // The drag table: steady 18 (14–22) px, over-prediction none, under-prediction 18 (14–22).
        #expect(markdown.contains("| weston 10.0.1 (headless) | 1000 | on | 18 (14–22) |"), "\(markdown)")
        #expect(markdown.contains("callback → start p50 (ms, wait) | start → commit p50 (ms, work)"))
        let html = matrix.html()
        #expect(html.lowercased().hasPrefix("<!doctype html>") && !html.contains("<script") && !html.contains("src=\"http"))
        let figures = html.components(separatedBy: "<figure>").count - 1
        #expect(figures >= 3 && html.components(separatedBy: "<figcaption>").count - 1 == figures)
        let tables = html.components(separatedBy: "<table class=\"grid\">").count - 1
        #expect(tables == 3 && html.components(separatedBy: "<table class=\"grid\">\n<caption>").count - 1 == tables)
        #expect(html.contains("FAILED: cannot start KWin"))
    }

    /// Every chart of a run's page says what it shows and how to read it.
    @Test func everyChartOfARunsPageHasACaption() {
        let report = Self.round(panelAt: -0.010, compositorCPU: 1)
        let page = BenchHTML.page(report, runs: report.runs.compactMap { run in
            (run["name"] as? String).map { ($0, BenchAnalysis(lines: BenchAnalysisTests.trace())) }
        })
        let figures = page.components(separatedBy: "<figure>").count - 1
        #expect(figures >= 16, "\(figures) charts")
        #expect(page.components(separatedBy: "<figcaption>").count - 1 == figures)
        // The build that wrote it, so two builds can be told apart.
        #expect(page.contains("momentum \(MomentumVersion.string) (\(MomentumVersion.build))"), "no build id")
        #expect(BenchSummary.markdown(report).contains("momentum \(MomentumVersion.string) (\(MomentumVersion.build))"))
        // The deliberate wait apart from the client's work.
        #expect(page.contains("callback → start (deliberate wait)") && page.contains("start → commit (client"))
    }

    @Test func compareRefusesAMatrixReportInOneLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-matrix-test-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try OutputFile.write(try Self.matrix().encoded(), to: dir + "/report.json", what: "matrix")
        do {
            _ = try BenchReport.read(dir)
            Issue.record("a matrix report was read as one compositor's")
        } catch {
            #expect(error.code == 2 && !error.description.contains("\n"))
            #expect(error.description == "\(dir)/report.json: a matrix report (bench --compositors) is not compared whole: "
                    + "compare one compositor's round, e.g. \(dir)/weston/round-1/report.json")
        }
    }

    @Test func compositorsAndRoundsAreValidatedInOneLine() throws {
        #expect(try BenchRunCommand.kinds("all") == CompositorKind.allCases)
        #expect(try BenchRunCommand.kinds("kwin,weston") == [.kwin, .weston])
        for (arguments, message) in [
            (["--compositors", "weston,gnome"], "--compositors 'weston,gnome': 'gnome' is not a compositor"),
            (["--compositors", "weston,weston"], "--compositors 'weston,weston': weston is named twice"),
            (["--compositors", "weston", "--compositor", "sway"], "--compositors and --compositor cannot be combined"),
            (["--compositors", "weston", "--versus", "weston-simple-egl"], "--versus runs the peer in one private weston"),
            (["--rounds", "3"], "--rounds needs --compositors (rounds of the workloads) or --versus"),
            (["--compositors", "all", "--rounds", "0"], "--rounds 0: must be from 1 to 100"),
        ] {
            do {
                _ = try BenchRunCommand.parse(arguments)
                Issue.record("\(arguments) accepted")
            } catch {
                let text = BenchRunCommand.message(for: error)
                #expect(text.hasPrefix(message) && !text.contains("\n"), "\(arguments): \(text)")
            }
        }
        // --headless with --compositors: the private compositors named.
        let command = try BenchRunCommand.parse(["--headless", "--compositors", "weston,kwin", "--rounds", "2"])
        #expect(command.matrixKinds == [.weston, .kwin] && command.rounds == 2)
    }
}
