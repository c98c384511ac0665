import MomentumRun
import MomentumScenes

/// `momentum report`'s document: a run's trace as facts and charts (the report kit's `HTMLReport`).
enum RunReport {
    static let touchColor = "#2a9d4b"
    static let gestureColor = "#6a3d9a"

    /// The report of `run`, read from the trace at `path`.
    static func html(_ run: RunAnalysis, path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var report = HTMLReport(title: "Momentum run: \(scenes(run))",
                                subtitle: "From the trace \(name): \(run.lineCount) events over \(seconds(run.end - run.start)).")
        report.footer = "Written by momentum report from \(path)."
        report.facts(facts(run))

        let breaks = run.idle
        var breakNote = ""
        if !breaks.isEmpty {
            let drawn: String = run.idleCount == 1 ? "is drawn as a break labelled with its length"
                : "are drawn as breaks, each labelled with its length"
            breakNote = " \(count(run.idleCount, "idle gap")) longer than \(ReportText.number(RunAnalysis.idleGap)) s with no "
                + "frame \(drawn)"
            if run.idleCount > breaks.count { breakNote += " (the longest \(breaks.count) of them)" }
            breakNote += "."
        }
        let spans = run.touches.items.map {
            ShadedSpan(from: $0.down, to: $0.up, group: "finger down (touch down → up)", color: touchColor)
        }
        let markers = run.gestures.items.map { EventMarker(x: $0.t, label: $0.label, group: "gesture", color: gestureColor) }
        var thinned: [String] = []
        if run.touches.isThinned {
            thinned.append("one finger-down span in \(run.touches.stride) (\(run.touches.items.count) of \(run.touches.count))")
        }
        if run.gestures.isThinned {
            thinned.append("one gesture line in \(run.gestures.stride) (\(run.gestures.items.count) of \(run.gestures.count))")
        }
        let thinnedNote = thinned.isEmpty ? "" : " The run is long: the charts draw " + thinned.joined(separator: " and ") + "."

        report.section("Motion", intro: "The scene's position and velocity on every frame, as the trace records them; "
            + "shaded while a finger is down, with a line at each recognised gesture." + breakNote + thinnedNote)
        if run.motions.isEmpty {
            report.paragraph(run.scenes.contains("gallery")
                ? "The gallery has no single position and velocity to draw (its lanes, shake, satellite and covers move apart)."
                : "The trace has no panel, transition, scroll or playground records.")
        }
        for motion in run.motions {
            let position = zip(motion.positionNames, motion.positionSeries).map { ChartSeries($0, points: $1.points) }
            let velocity = zip(motion.velocityNames, motion.velocitySeries).map { ChartSeries($0, points: $1.points) }
            let runLength = (motion.positionSeries + motion.velocitySeries).map(\.runLength).max() ?? 1
            report.chart(TimeSeriesChart(title: "\(motion.scene): position (\(motion.position.name))", y: motion.position,
                                         series: position, markers: markers, spans: spans, breaks: breaks),
                         caption: "\(motion.scene) records' \(fieldList(motion.scene, position: true)) over the run, "
                            + "\(motion.records) records." + (runLength > 1 ? " " + decimatedNote(runLength, "records") : ""))
            report.chart(TimeSeriesChart(title: "\(motion.scene): velocity", y: motion.velocity, series: velocity,
                                         markers: markers, spans: spans, breaks: breaks, includeZero: true),
                         caption: "\(motion.scene) records' \(fieldList(motion.scene, position: false)).")
        }

        let intervals = run.intervals
        // The refresh as the HUD and the bench have it; the compositor's own figure beside it when it says otherwise.
        var references: [ReferenceLine] = []
        if let refresh = run.refresh {
            references.append(ReferenceLine(refresh.ms, label: "refresh \(ReportText.number(refresh.ms)) ms (\(Self.source(refresh.source)))"))
        }
        if let reported = run.reportedRefreshMilliseconds, run.refresh.map({ abs($0.ms - reported) > 0.05 * reported }) ?? true {
            references.append(ReferenceLine(reported, label: "\(ReportText.number(reported)) ms (the compositor's nominal)",
                                            color: "#b0b0b0"))
        }
        report.section("Frame intervals", intro: "From \(intervals.source)."
            + (intervals.skipped > 0 ? " \(count(intervals.skipped, "interval")) into a frame drawn at once after idle "
                + "(or longer than \(ReportText.number(RunAnalysis.idleGap)) s) \(intervals.skipped == 1 ? "is" : "are") not a "
                + "frame interval and left out." : "")
            + breakNote)
        let intervalsNote: String? = intervals.series.isDecimated ? decimatedNote(intervals.series.runLength, "intervals") : nil
        report.chart(TimeSeriesChart(title: "Frame interval over time", y: AxisLabel("interval", unit: "ms"),
                                     series: [ChartSeries("interval", points: intervals.points, markers: true)],
                                     references: references, breaks: breaks, includeZero: true),
                     caption: intervalsNote)
        let values = intervals.values.items
        let sampled: String? = intervals.values.isSampled
            ? "A sample of \(values.count) of the run's \(intervals.count) intervals (chosen at random, the same for the same trace)."
            : nil
        report.chart(HistogramChart(title: "Frame interval histogram", x: AxisLabel("interval", unit: "ms"), values: values,
                                    references: references, countLabel: AxisLabel("intervals")), caption: sampled)
        report.chart(CDFChart(title: "Frame interval distribution", x: AxisLabel("interval", unit: "ms"),
                              distributions: [.init("interval", values: values)], references: references), caption: sampled)

        report.section("Work per frame", intro: "tick_us (the scene advanced) and render_us (the frame built and "
            + "committed) of each frame event, stacked; the first frame also compiles shaders and makes the surfaces.")
        let frames = run.frames.items.map(\.item)
        report.chart(StackedBarChart(title: "Tick and render time per frame", x: AxisLabel("frame (seq)"),
                                     y: AxisLabel("time", unit: "ms"), positions: frames.map { Double($0.seq) },
                                     segments: [.init("tick", values: frames.map { $0.tickMicros / 1000 }),
                                                .init("render", values: frames.map { $0.renderMicros / 1000 })],
                                     references: references),
                     caption: framesNote(run))
        let drawn = run.drawn
        report.chart(ScatterChart(title: "Render time by pixels shaded", x: AxisLabel("drawn_px", unit: "Mpx"),
                                  y: AxisLabel("render", unit: "ms"), series: [ChartSeries("frame", points: drawn.items)]),
                     caption: drawnNote(drawn))
        return report.html()
    }

    /// The facts table.
    static func facts(_ run: RunAnalysis) -> [(String, String)] {
        var rows: [(String, String)] = []
        rows.append(("duration", "\(seconds(run.end - run.start)) (\(run.lineCount) events)"))
        if run.cutLastLine {
            rows.append(("trace", "its last line was cut short (the run was killed mid-write) and is left out"))
        }
        rows.append(("frames", run.sequences.map { "\(run.frameCount) (seq \($0.lowerBound)–\($0.upperBound))" } ?? "0"))
        rows.append(("presented", "\(run.presentedCount)"))
        rows.append(("discarded", "\(run.discarded)"))
        let intervals = run.intervals.values
        let sorted = intervals.items.filter(\.isFinite).sorted()
        if let p50 = ReportStatistics.percentile(sorted, 50), let p99 = ReportStatistics.percentile(sorted, 99) {
            let maximum: Double = run.intervals.maximum ?? sorted.last ?? 0
            var text = "p50 \(ReportText.number(p50)) ms, p99 \(ReportText.number(p99)) ms, max \(ReportText.number(maximum)) ms "
                + "(\(intervals.count) intervals"
            if intervals.isSampled { text += "; percentiles of a sample of \(sorted.count)" }
            rows.append(("frame interval", text + ")"))
        }
        if let refresh = run.refresh {
            var text = "\(ReportText.number(refresh.ms)) ms (\(ReportText.number(1000 / refresh.ms)) Hz, \(Self.source(refresh.source)))"
            if let reported = run.reportedRefreshMilliseconds, abs(reported - refresh.ms) > 0.05 * reported {
                text += "; the compositor reports \(ReportText.number(reported)) ms (\(ReportText.number(1000 / reported)) Hz)"
            }
            rows.append(("refresh", text))
        }
        rows.append(("scenes", run.scenes.isEmpty ? "none" : scenes(run)))
        rows.append(("backends", run.backends.isEmpty ? "none recorded" : named(run.backends, more: run.moreBackends)))
        var windows: [String] = run.configures.map { (c: RunAnalysis.Configure) -> String in
            "\(c.width)x\(c.height) at scale \(ReportText.number(c.scale)) (buffer \(c.bufferWidth)x\(c.bufferHeight) px)"
        }
        if run.moreConfigures > 0 { windows.append(count(run.moreConfigures, "more change")) }
        rows.append(("window", windows.isEmpty ? "never configured" : windows.joined(separator: ", then ")))
        if let decorations = run.decorations { rows.append(("decorations", decorations)) }
        rows.append(("touches", "\(count(run.touchEvents, "touch event")), \(count(run.touchDowns, "touch down"))"))
        let kinds: [String] = run.gestureKinds.map { "\($0.kind.rawValue) × \($0.count)" }
        rows.append(("gestures", run.gestures.count == 0 ? "none" : "\(run.gestures.count): " + kinds.joined(separator: ", ")))
        if let truncated = run.truncatedAt {
            rows.append(("truncated", "at \(seconds(truncated)): the trace reached --trace-limit"))
        }
        if let exit = run.exit {
            rows.append(("exit", "\(exit.reason.isEmpty ? "no reason given" : exit.reason), code \(exit.code)"))
        } else {
            rows.append(("exit", "no exit event: the run was cut short or the trace is incomplete"))
        }
        return rows
    }

    /// The fields a scene's motion charts draw.
    private static func fieldList(_ scene: SceneKind, position: Bool) -> String {
        guard let label = SceneRecord.motionLabel(of: scene) else { return "" }
        return (position ? label.position : label.velocity).joined(separator: ", ")
    }

    /// Where a refresh came from, in the words the HUD's "≈" stands for.
    private static func source(_ source: FrameStatistics.RefreshSource) -> String {
        switch source {
        case .retraces: "measured from the retrace counter"
        case .reported: "as the compositor reports it for vsync'd frames"
        case .estimated: "estimated from the frame intervals"
        }
    }

    private static func seconds(_ value: Double) -> String { "\(ReportText.number(value)) s" }

    /// The scenes the run showed.
    private static func scenes(_ run: RunAnalysis) -> String {
        run.scenes.isEmpty ? "no scene" : named(run.scenes, more: run.moreScenes)
    }

    /// `names` in a list, and how many more there were.
    private static func named(_ names: [String], more: Int) -> String {
        let list = names.joined(separator: ", ")
        return more > 0 ? list + " and \(more) more" : list
    }

    /// The work-per-frame chart's caption when it draws some of the frames.
    private static func framesNote(_ run: RunAnalysis) -> String? {
        guard run.frames.isDecimated else { return nil }
        return "\(run.frames.items.count) of the run's \(run.frameCount) frames: of each \(run.frames.runLength) in a row, "
            + "the quickest and the slowest."
    }

    /// The scatter chart's caption.
    private static func drawnNote(_ drawn: Reservoir<(x: Double, y: Double)>) -> String {
        let which = drawn.isSampled
            ? "A sample of \(drawn.items.count) of the \(drawn.count) frames after the first (chosen at random, the same for the same trace)"
            : "Every frame but the first"
        return which + "; 0 Mpx while a layer on its own surface only moves."
    }

    /// What a decimated chart says: each point of it stands for the lowest or highest of a run of `runLength` values.
    private static func decimatedNote(_ runLength: Int, _ what: String) -> String {
        "The run is long: the lines are decimated, each point the lowest or the highest of \(runLength) \(what) in a row "
            + "(spikes are kept)."
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
