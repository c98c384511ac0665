import MomentumRun
import MomentumScenes

/// `momentum report`'s document: a run's trace as facts and charts (the report kit's `HTMLReport`).
enum RunReport {
    static let touchColor = "#2a9d4b"
    static let gestureColor = "#6a3d9a"

    /// The report of `run`, read from the trace at `path` (`lineCount` lines).
    static func html(_ run: RunAnalysis, path: String, lineCount: Int) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var report = HTMLReport(title: "Momentum run: \(run.scenes.isEmpty ? "no scene" : run.scenes.joined(separator: ", "))",
                                subtitle: "From the trace \(name): \(lineCount) events over \(seconds(run.end - run.start)).")
        report.footer = "Written by momentum report from \(path)."
        report.facts(facts(run, lineCount: lineCount))

        let breaks = run.idle
        let breakNote = breaks.isEmpty ? "" : " \(count(breaks.count, "idle gap")) longer than "
            + "\(ReportText.number(RunAnalysis.idleGap)) s with no frame "
            + (breaks.count == 1 ? "is drawn as a break labelled with its length." : "are drawn as breaks, each labelled with its length.")
        let spans = run.touches.map {
            ShadedSpan(from: $0.down, to: $0.up, group: "finger down (touch down → up)", color: touchColor)
        }
        let markers = run.gestures.map { EventMarker(x: $0.t, label: $0.label, group: "gesture", color: gestureColor) }

        report.section("Motion", intro: "The scene's position and velocity on every frame, as the trace records them; "
            + "shaded while a finger is down, with a line at each recognised gesture." + breakNote)
        if run.motions.isEmpty {
            report.paragraph(run.scenes.contains("gallery")
                ? "The gallery has no single position and velocity to draw (its lanes, shake, satellite and covers move apart)."
                : "The trace has no panel, transition, scroll or playground records.")
        }
        for motion in run.motions {
            let times = motion.samples.map(\.t)
            let position = motion.positionNames.indices.map { i in
                ChartSeries(motion.positionNames[i], points: zip(times, motion.samples.map { $0.position[i] }).map { ($0, $1) })
            }
            let velocity = motion.velocityNames.indices.map { i in
                ChartSeries(motion.velocityNames[i], points: zip(times, motion.samples.map { $0.velocity[i] }).map { ($0, $1) })
            }
            report.chart(TimeSeriesChart(title: "\(motion.scene): position (\(motion.position.name))", y: motion.position,
                                         series: position, markers: markers, spans: spans, breaks: breaks),
                         caption: "\(motion.scene) records' \(fieldList(motion.scene, position: true)) over the run, "
                            + "\(motion.samples.count) records.")
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
        report.chart(TimeSeriesChart(title: "Frame interval over time", y: AxisLabel("interval", unit: "ms"),
                                     series: [ChartSeries("interval", points: intervals.points, markers: true)],
                                     references: references, breaks: breaks, includeZero: true))
        let values = intervals.points.map(\.y)
        report.chart(HistogramChart(title: "Frame interval histogram", x: AxisLabel("interval", unit: "ms"), values: values,
                                    references: references, countLabel: AxisLabel("intervals")))
        report.chart(CDFChart(title: "Frame interval distribution", x: AxisLabel("interval", unit: "ms"),
                              distributions: [.init("interval", values: values)], references: references))

        report.section("Work per frame", intro: "tick_us (the scene advanced) and render_us (the frame built and "
            + "committed) of each frame event, stacked; the first frame also compiles shaders and makes the surfaces.")
        let frames = run.frames
        report.chart(StackedBarChart(title: "Tick and render time per frame", x: AxisLabel("frame (seq)"),
                                     y: AxisLabel("time", unit: "ms"), positions: frames.map { Double($0.seq) },
                                     segments: [.init("tick", values: frames.map { ($0.tickMicros ?? .nan) / 1000 }),
                                                .init("render", values: frames.map { ($0.renderMicros ?? .nan) / 1000 })],
                                     references: references))
        let drawn = frames.compactMap { f -> (x: Double, y: Double)? in
            guard let px = f.drawnPixels, let us = f.renderMicros, f.seq > 1 else { return nil }
            return (px / 1e6, us / 1000)
        }
        report.chart(ScatterChart(title: "Render time by pixels shaded", x: AxisLabel("drawn_px", unit: "Mpx"),
                                  y: AxisLabel("render", unit: "ms"), series: [ChartSeries("frame", points: drawn)]),
                     caption: "Every frame but the first; 0 Mpx while a layer on its own surface only moves.")
        return report.html()
    }

    /// The facts table.
    static func facts(_ run: RunAnalysis, lineCount: Int) -> [(String, String)] {
        var rows: [(String, String)] = []
        rows.append(("duration", "\(seconds(run.end - run.start)) (\(lineCount) events)"))
        let seqs = run.frames.map(\.seq)
        rows.append(("frames", seqs.isEmpty ? "0" : "\(run.frames.count) (seq \(seqs.min() ?? 0)–\(seqs.max() ?? 0))"))
        rows.append(("presented", "\(run.presented.count)"))
        rows.append(("discarded", "\(run.discarded)"))
        let intervals = run.intervals.points.map(\.y).sorted()
        if let p50 = ReportStatistics.percentile(intervals, 50), let p99 = ReportStatistics.percentile(intervals, 99) {
            rows.append(("frame interval", "p50 \(ReportText.number(p50)) ms, p99 \(ReportText.number(p99)) ms, "
                + "max \(ReportText.number(intervals.last ?? 0)) ms (\(intervals.count) intervals)"))
        }
        if let refresh = run.refresh {
            var text = "\(ReportText.number(refresh.ms)) ms (\(ReportText.number(1000 / refresh.ms)) Hz, \(Self.source(refresh.source)))"
            if let reported = run.reportedRefreshMilliseconds, abs(reported - refresh.ms) > 0.05 * reported {
                text += "; the compositor reports \(ReportText.number(reported)) ms (\(ReportText.number(1000 / reported)) Hz)"
            }
            rows.append(("refresh", text))
        }
        rows.append(("scenes", run.scenes.isEmpty ? "none" : run.scenes.joined(separator: ", ")))
        rows.append(("backends", run.backends.isEmpty ? "none recorded" : run.backends.joined(separator: ", ")))
        let windows = run.configures.map { c in
            var text = "\(ReportText.number(c.width, significant: 6))x\(ReportText.number(c.height, significant: 6))"
            if let scale = c.scale { text += " at scale \(ReportText.number(scale))" }
            if let w = c.bufferWidth, let h = c.bufferHeight {
                text += " (buffer \(ReportText.number(w, significant: 6))x\(ReportText.number(h, significant: 6)) px)"
            }
            return text
        }
        rows.append(("window", windows.isEmpty ? "never configured" : windows.joined(separator: ", then ")))
        if let decorations = run.decorations { rows.append(("decorations", decorations)) }
        let downs = run.touches.count
        rows.append(("touches", "\(count(run.touchEvents, "touch event")), \(count(downs, "touch down"))"))
        var kinds: [(String, Int)] = []
        for g in run.gestures {
            if let i = kinds.firstIndex(where: { $0.0 == g.kind.rawValue }) { kinds[i].1 += 1 }
            else { kinds.append((g.kind.rawValue, 1)) }
        }
        rows.append(("gestures", run.gestures.isEmpty ? "none"
            : "\(run.gestures.count): " + kinds.map { "\($0.0) × \($0.1)" }.joined(separator: ", ")))
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

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
