import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MomentumLayers
import MomentumRun
import MomentumScenes
import Testing
@testable import MomentumApp

/// `momentum report` on traces written here: what it reads from them, and the one-line refusals.
@Suite("momentum report", .serialized)
struct ReportCommandTests {
    private let dir: String

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("momentum-report-tests-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    private func file(_ name: String, _ text: String) throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// The error `ReportCommand.write` throws for these arguments.
    private func refusal(_ trace: String, out: String? = nil, chrome: String? = nil) -> String? {
        do {
            _ = try ReportCommand.write(trace: trace, out: out ?? dir + "/out", chromeTrace: chrome)
            return nil
        } catch {
            return error.description
        }
    }

    /// The panel's record on a frame.
    static func panel(_ y: Double, vy: Double = 0, _ state: PanelScene.State = .closed,
                      backend: String = "spring") -> TraceRecord {
        .sceneState(.panel(.init(state: state, target: .closed, y: y, vy: vy,
                                 rect: DrawRect(x: 80, y: y, width: 640, height: 318), backend: backend,
                                 controls: ControlCenter())))
    }

    static func frame(_ seq: UInt64, callback: UInt32?, step: Double, tick: Double, render: Double,
                      drawn: Int) -> TraceRecord {
        .frame(.init(sequence: seq, callbackMilliseconds: callback, step: step, hud: true, ghosts: 0, tickMicros: tick,
                     renderMicros: render, damagePixels: drawn, drawnPixels: drawn, layerSurface: nil, callbackT: nil,
                     wakeT: nil, commitT: 0, cpuMicros: 0, targetT: nil, predictMicros: nil))
    }

    static func presented(_ seq: UInt64, ns: UInt64) -> TraceRecord {
        .presented(.init(sequence: seq, nanoseconds: ns, refreshNanoseconds: 16_666_666, msc: 0, flags: []))
    }

    static func text(_ lines: [TraceLine]) -> String { lines.map(\.encoded).joined() }

    /// A small run: two frames 20 ms apart, idle for 2 s, then a frame drawn at once for a touch and one by callback.
    private static let runLines: [TraceLine] = [
        TraceLine(t: 0.01, .configure(.init(width: 800, height: 600, scale: 2, bufferWidth: 1600, bufferHeight: 1200))),
        TraceLine(t: 0.1, frame(1, callback: nil, step: 0, tick: 0, render: 5000, drawn: 100)),
        TraceLine(t: 0.1001, panel(528)),
        TraceLine(t: 0.12, frame(2, callback: 5, step: 0.02, tick: 100, render: 400, drawn: 0)),
        TraceLine(t: 0.1201, panel(528)),
        TraceLine(t: 0.13, presented(1, ns: 1_000_000_000)),
        TraceLine(t: 0.15, presented(2, ns: 1_016_666_666)),
        TraceLine(t: 2.1, .touch(.init(phase: .down, id: 0, position: SIMD2(400, 560), time: 2.1))),
        TraceLine(t: 2.11, frame(3, callback: nil, step: 0, tick: 50, render: 450, drawn: 0)),
        TraceLine(t: 2.1101, panel(520, vy: -400, .dragging, backend: "pop")),
        TraceLine(t: 2.13, frame(4, callback: 2040, step: 0.02, tick: 60, render: 440, drawn: 0)),
        TraceLine(t: 2.1301, panel(510, vy: -500, .dragging, backend: "pop")),
        TraceLine(t: 2.14, .touch(.init(phase: .up, id: 0, position: SIMD2(400, 540), time: 2.14))),
        TraceLine(t: 2.14, .gesture(SceneEvent(.tap, [TraceField(EventField.before, .vector(SIMD2(528, 0))),
                                                      TraceField(EventField.after, .vector(SIMD2(282, 0)))]))),
        TraceLine(t: 2.15, presented(3, ns: 3_016_666_666)),
        TraceLine(t: 2.16, .discarded(sequence: 4)),
        TraceLine(t: 2.5, .exit(.init(code: 0, reason: "quit-after", feedbackUnanswered: 0, feedbackFreed: 0, cpu: 0.5))),
    ]
    private static let run = text(runLines)

    @Test func analysisReadsFramesPresentationTouchesAndIdle() throws {
        let trace = try RunTrace.parse(Array(Self.run.utf8), path: "t.jsonl")
        let run = RunAnalysis(trace)
        #expect(run.frames.items.map(\.item.seq) == [1, 2, 3, 4] && run.frameCount == 4 && run.sequences == 1...4)
        #expect(run.presentedCount == 3 && run.discarded == 1)
        #expect(run.idle == [0.12...2.11])
        #expect(run.scenes == ["panel"] && run.backends == ["spring", "pop"])
        #expect(run.touches.items.count == 1 && run.touches.items.first?.down == 2.1 && run.touches.items.first?.up == 2.14)
        // 1 → 2 is a frame interval; 2 → 3 ends in a frame drawn at once after idle, so it is none.
        let intervals = run.intervals
        #expect(intervals.source.hasPrefix("presentation times"))
        #expect(intervals.points.count == 1 && intervals.skipped == 1)
        #expect(abs((intervals.points.first?.y ?? 0) - 16.666666) < 1e-6)
        #expect(abs((run.reportedRefreshMilliseconds ?? 0) - 16.666666) < 1e-6)
        // One interval of 16.7 ms, no vsync flag and no retrace counter: the refresh is estimated from it.
        #expect(run.refresh.map { abs($0.ms - 16.666666) < 1e-3 && $0.source == .estimated } == true)
        #expect(run.lineCount == 17)
        let facts = Dictionary(RunReport.facts(run), uniquingKeysWith: { a, _ in a })
        #expect(facts["window"] == "800x600 at scale 2 (buffer 1600x1200 px)")
        #expect(facts["exit"] == "quit-after, code 0")
        #expect(facts["discarded"] == "1")
        #expect(facts["gestures"] == "1: tap × 1")
    }

    @Test func aSceneShownTwiceIsNotJoinedAcrossTheOtherScene() throws {
        func scroll(_ offset: Double, _ velocity: Double) -> TraceRecord {
            .sceneState(.scroll(.init(state: .idle, offset: offset, velocity: velocity, minOffset: -1000, viewportY: 96,
                                      viewportHeight: 500)))
        }
        let text = Self.text([
            TraceLine(t: 0.1, Self.panel(528)), TraceLine(t: 0.12, Self.panel(520, vy: -100)),
            TraceLine(t: 0.13, .scene(name: "scroll")), TraceLine(t: 0.14, scroll(0, 0)), TraceLine(t: 0.16, scroll(-5, -300)),
            TraceLine(t: 0.17, .scene(name: "panel")), TraceLine(t: 0.18, Self.panel(500, vy: -100)),
            TraceLine(t: 0.2, Self.panel(490, vy: -100)),
        ])
        let run = RunAnalysis(try RunTrace.parse(Array(text.utf8), path: "t.jsonl"))
        #expect(run.scenes == ["panel", "scroll"])
        #expect(run.motions.map(\.scene) == [.panel, .scroll])
        let html = RunReport.html(run, path: "t.jsonl")
        let document = try XMLDocument(xmlString: html)
        let panel = try document.nodes(forXPath: "//*[local-name()='svg'][*[local-name()='title']='panel: position (panel top edge)']"
            + "//*[@class='series']")
        #expect(panel.count == 2)
        let scroll = try document.nodes(forXPath: "//*[local-name()='svg'][*[local-name()='title']='scroll: position (list offset)']"
            + "//*[@class='series']")
        #expect(scroll.count == 1)
    }

    @Test func withoutPresentationIntervalsComeFromFrameTimesAndSaySo() throws {
        let text = Self.text(Self.runLines.filter { $0.presented == nil })
        let run = RunAnalysis(try RunTrace.parse(Array(text.utf8), path: "t.jsonl"))
        let intervals = run.intervals
        #expect(intervals.source.contains("the times frame events were written"))
        // 1 → 2 and 3 → 4 (20 ms each); 2 → 3 follows idle.
        #expect(intervals.points.map { ($0.y * 1000).rounded() / 1000 } == [20, 20])
    }

    @Test func reportAndChromeTraceOfASmallRun() throws {
        let trace = try file("run.jsonl", Self.run)
        let out = dir + "/deep/out", chrome = dir + "/deep/out/run.json"
        let written = try ReportCommand.write(trace: trace, out: out, chromeTrace: chrome)
        #expect(written == [out + "/report.html", chrome])
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        let document = try XMLDocument(xmlString: html)
        let breaks = try document.nodes(forXPath: "//*[@class='break']").count
        // The 2 s idle gap is a break in the position and velocity charts (the interval chart has one interval,
        // before the gap).
        #expect(breaks == 2)
        #expect(html.contains(">2 s</text>"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: chrome))) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        let tick = try #require(events.first { $0["name"] as? String == "tick" && ($0["args"] as? [String: Any])?["seq"] as? Int == 2 })
        let render = try #require(events.first { $0["name"] as? String == "render" && ($0["args"] as? [String: Any])?["seq"] as? Int == 2 })
        // Frame 2 was written at 0.12 s after 100 µs of tick and 400 µs of render.
        #expect(tick["ts"] as? Double == 119_500 && tick["dur"] as? Double == 100)
        #expect(render["ts"] as? Double == 119_600 && render["dur"] as? Double == 400)
        #expect(events.filter { $0["ph"] as? String == "i" }.compactMap { $0["name"] as? String }
            == ["presented", "presented", "touch down", "touch up", "gesture tap", "presented", "discarded"])
        let counter = try #require(events.first { $0["ph"] as? String == "C" && $0["name"] as? String == "panel velocity" && $0["ts"] as? Double == 2_110_100 })
        #expect((counter["args"] as? [String: Any])?["vy"] as? Double == -400)
    }

    @Test func refusesAMissingOrUnreadableTrace() {
        #expect(refusal(dir + "/none.jsonl") == "cannot read trace \(dir)/none.jsonl: No such file or directory")
        #expect(refusal(dir) == "cannot read trace \(dir): Is a directory")
    }

    @Test func refusesWhatIsNotAMomentumTrace() throws {
        #expect(refusal(try file("empty.jsonl", "")) == "\(dir)/empty.jsonl: not a Momentum trace: the file is empty")
        #expect(refusal(try file("csv.jsonl", "t,x,y,vx,vy\n0,0,0,0,0\n"))
            == "\(dir)/csv.jsonl:1: not a Momentum trace: the line is not JSON (unexpected character at byte 0)")
        #expect(refusal(try file("other.jsonl", "{\"time\":1,\"event\":\"frame\"}\n"))
            == "\(dir)/other.jsonl:1: not a Momentum trace: no numeric \"t\" (seconds since start)")
        // Nothing was made for any of them.
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func refusesAMalformedLineNamingIt() throws {
        var lines = Self.runLines.map(\.encoded)
        let panel = lines[4]
        lines[4] = String(panel.prefix(20)) + "\n"  // cut off mid-line
        #expect(refusal(try file("cut.jsonl", lines.joined()))?.hasPrefix(
            "\(dir)/cut.jsonl:5: not a trace line: the line is not JSON (") == true)
        // The panel's y a string: the line and the field are named.
        lines[4] = panel.replacingOccurrences(of: ",\"y\":528,", with: ",\"y\":\"high\",")
        #expect(refusal(try file("panel.jsonl", lines.joined()))
            == "\(dir)/panel.jsonl:5: panel event without a numeric \"y\"")
        lines[4] = "\n"
        #expect(refusal(try file("blank.jsonl", lines.joined()))
            == "\(dir)/blank.jsonl:5: not a trace line: the line is empty")
        let playground = TraceLine(t: 0.2, .sceneState(PlaygroundScene(size: SIMD2(800, 600)).record)).encoded
        let position = try #require(playground.range(of: "\"position\":["))
        let end = try #require(playground[position.upperBound...].firstIndex(of: "]"))
        lines[4] = playground.replacingCharacters(in: position.upperBound..<end, with: "1")
        #expect(refusal(try file("pg.jsonl", lines.joined()))
            == "\(dir)/pg.jsonl:5: playground event without \"position\" as [x, y]")
        // An out-of-range frame number, an unknown event, a newer trace version: named, not trapped on.
        lines[4] = Self.runLines[3].encoded.replacingOccurrences(of: "\"seq\":2,", with: "\"seq\":1e300,")
        #expect(refusal(try file("seq.jsonl", lines.joined()))?.hasPrefix(
            "\(dir)/seq.jsonl:5: frame event with \"seq\" 1e+300 out of range") == true)
        lines[4] = "{\"t\":0.2,\"event\":\"teleport\"}\n"
        #expect(refusal(try file("unknown.jsonl", lines.joined())) == "\(dir)/unknown.jsonl:5: unknown event \"teleport\"")
        let newer = TraceLine(t: 0, .clock(.init(startNanoseconds: 1, presentation: nil, monotonicNanoseconds: nil,
                                                 presentationNanoseconds: nil, input: "monotonic",
                                                 version: TraceLine.version + 1)))
        #expect(refusal(try file("newer.jsonl", newer.encoded + Self.run)) == "\(dir)/newer.jsonl:1: trace version "
            + "\(TraceLine.version + 1) is newer than this momentum reads (up to \(TraceLine.version)): read it with a newer momentum")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func aLastLineCutByAKilledRunIsLeftOutAndSaid() throws {
        let cut = Self.run + String(Self.runLines[4].encoded.prefix(25))
        let trace = try RunTrace.parse(Array(cut.utf8), path: "t.jsonl")
        #expect(trace.cutLastLine && trace.lines == Self.runLines)
        #expect(try !RunTrace.parse(Array(Self.run.utf8), path: "t.jsonl").cutLastLine)
        // The report says so.
        let facts = Dictionary(RunReport.facts(RunAnalysis(trace)), uniquingKeysWith: { a, _ in a })
        #expect(facts["trace"] == "its last line was cut short (the run was killed mid-write) and is left out")
        #expect(RunReport.facts(RunAnalysis(try RunTrace.parse(Array(Self.run.utf8), path: "t.jsonl"))).allSatisfy { $0.0 != "trace" })
    }

    @Test func refusesAnOutputItCannotWriteAndLeavesNothingHalfWritten() throws {
        let trace = try file("ok.jsonl", Self.run)
        let blocker = try file("plain-file", "x")
        #expect(refusal(trace, out: blocker) == "cannot write report into \(blocker): Not a directory")
        #expect(refusal(trace, out: blocker + "/sub") == "cannot create directory \(blocker)/sub: Not a directory")
        #expect(refusal(trace, out: "/proc/momentum-report") == "cannot create directory /proc/momentum-report: No such file or directory")
        #expect(refusal(trace, chrome: dir + "/missing/run.json")
            == "cannot write Chrome trace \(dir)/missing/run.json: No such file or directory")
        // The Chrome trace was refused before report.html was written.
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/report.html"))
        // A write that fails leaves no temporary file beside the target.
        #expect(refusal(trace, chrome: "/proc/version") != nil)
        // Nor the folder it made for the report.
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    // MARK: Outputs that would overwrite an input or each other, and failures that leave the old outputs

    @Test func anOutputThatIsTheTraceOrTheReportIsRefusedAndNothingIsTouched() throws {
        let trace = try file("same.jsonl", Self.run)
        let out = dir + "/same"
        let report = out + "/report.html"
        _ = try ReportCommand.write(trace: trace, out: out, chromeTrace: nil)
        let reportBefore = try Data(contentsOf: URL(fileURLWithPath: report))
        // The Chrome trace is the report: the same path, the same path spelled otherwise, a hard link to it.
        #expect(refusal(trace, out: out, chrome: report)
            == "cannot write Chrome trace \(report): it is the report itself, \(report) (give another --chrome-trace)")
        #expect(refusal(trace, out: out, chrome: dir + "//same/../same/./report.html")?.contains("it is the report itself") == true)
        #expect(link(report, dir + "/hard.html") == 0)
        #expect(refusal(trace, out: out, chrome: dir + "/hard.html")?.contains("it is the report itself") == true)
        // Also when neither exists yet (and then nothing is made).
        #expect(refusal(trace, out: dir + "/new", chrome: dir + "/new/report.html")?.contains("it is the report itself") == true)
        #expect(!FileManager.default.fileExists(atPath: dir + "/new"))
        // The Chrome trace is the trace being read: by its path, through a symbolic link.
        #expect(refusal(trace, out: out, chrome: trace)
            == "cannot write Chrome trace \(trace): it is the trace being read (give another --chrome-trace)")
        #expect(symlink(trace, dir + "/alias.json") == 0)
        #expect(refusal(trace, out: out, chrome: dir + "/alias.json")?.contains("it is the trace being read") == true)
        // The report is the trace being read (a trace named report.html in --out).
        try FileManager.default.createDirectory(atPath: dir + "/inside", withIntermediateDirectories: true)
        let inside = try file("inside/report.html", Self.run)
        #expect(refusal(inside, out: dir + "/inside")
            == "cannot write report \(inside): it is the trace being read (give another --out)")
        // Nothing was overwritten.
        #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == reportBefore)
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == Self.run)
        #expect(try String(contentsOfFile: inside, encoding: .utf8) == Self.run)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["report.html"])
    }

    @Test func aFailureAnywhereLeavesTheOldReportAndChromeTrace() throws {
        let trace = try file("first.jsonl", Self.run)
        let out = dir + "/kept", chrome = dir + "/kept/run.json"
        _ = try ReportCommand.write(trace: trace, out: out, chromeTrace: chrome)
        let reportBefore = try Data(contentsOf: URL(fileURLWithPath: out + "/report.html"))
        let chromeBefore = try Data(contentsOf: URL(fileURLWithPath: chrome))
        func unchanged() throws -> Bool {
            try Data(contentsOf: URL(fileURLWithPath: out + "/report.html")) == reportBefore
                && Data(contentsOf: URL(fileURLWithPath: chrome)) == chromeBefore
                && FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["report.html", "run.json"]
        }
        // Another run's trace, whose report would differ, with a Chrome trace that cannot be written.
        let second = try file("second.jsonl", Self.text(Array(Self.runLines.prefix(10))))
        #expect(refusal(second, out: out, chrome: "/proc/version")?.hasPrefix("cannot write Chrome trace /proc/version: ") == true)
        #expect(try unchanged())
        // A trace refused half-way, after the Chrome trace began to be written.
        let broken = try file("broken.jsonl", Self.run + "{\"t\":9,\"event\":\"frame\"}\n" + Self.run)
        #expect(refusal(broken, out: out, chrome: chrome) == "\(broken):18: frame event without a numeric \"seq\"")
        #expect(try unchanged())
    }

    // MARK: Streaming: any length in bounded memory, long series decimated and said

    /// A steady 60 Hz run of `frames` frames (presented 4 ms after each commit), one slow frame at `spike`.
    static func steadyRun(frames: Int, spike: Int) -> String {
        var text = ""
        var t = 0.1, ns: UInt64 = 1_000_000_000
        for seq in 1...frames {
            let slow = seq == spike
            t += slow ? 0.1 : 1.0 / 60
            ns += slow ? 100_000_000 : 16_666_667
            text += TraceLine(t: t, frame(UInt64(seq), callback: seq == 1 ? nil : UInt32(seq * 16), step: 1.0 / 60,
                                          tick: slow ? 9000 : 100, render: 400, drawn: 1000)).encoded
            text += TraceLine(t: t + 0.0001, panel(Double(seq % 300), vy: slow ? -5000 : 60)).encoded
            text += TraceLine(t: t + 0.004, presented(UInt64(seq), ns: ns)).encoded
        }
        return text
    }

    @Test func aLongTraceIsReadInChunksAndItsChartsAreDecimatedAndSaySo() throws {
        let frames = 6000
        let text = Self.steadyRun(frames: frames, spike: 3000)
        #expect(text.utf8.count > 2 << 20, "the trace spans several of the reader's 1 MiB chunks")
        let path = try file("long.jsonl", text)
        var streamed = RunAnalysis()
        let reading = try RunTrace.read(path) { streamed.add($0) }
        streamed.finish()
        #expect(reading == RunTrace.Reading(lineCount: 3 * frames, cutLastLine: false))
        // Read in chunks or whole, the same facts.
        let whole = RunAnalysis(try RunTrace.parse(Array(text.utf8), path: path))
        #expect(RunReport.facts(streamed).map { "\($0.0)=\($0.1)" } == RunReport.facts(whole).map { "\($0.0)=\($0.1)" })
        let facts = Dictionary(RunReport.facts(streamed), uniquingKeysWith: { a, _ in a })
        #expect(facts["frames"] == "6000 (seq 1–6000)" && facts["presented"] == "6000")
        #expect(facts["frame interval"] == "p50 16.7 ms, p99 16.7 ms, max 100 ms (5999 intervals)", "\(facts)")
        // The charts keep a bounded number of points, and the spike.
        let intervals = streamed.intervals
        #expect(intervals.series.isDecimated && intervals.points.count <= 2 * RunAnalysis.seriesLimit)
        #expect(intervals.points.contains { abs($0.y - 100) < 1e-6 })
        let motion = try #require(streamed.motions.first)
        #expect(motion.records == frames && motion.isDecimated)
        #expect(motion.velocitySeries[0].points.contains { $0.y == -5000 })
        #expect(streamed.frames.isDecimated && streamed.frames.items.count <= 2 * RunAnalysis.frameLimit)
        #expect(streamed.frames.items.contains { $0.item.seq == 3000 })
        #expect(streamed.drawn.isSampled && streamed.drawn.items.count == 2 * RunAnalysis.frameLimit)
        let html = RunReport.html(streamed, path: path)
        #expect(html.contains("The run is long: the lines are decimated, each point the lowest or the highest of"))
        #expect(html.contains("of the run&#39;s 6000 frames: of each"))
        #expect(html.contains("A sample of 2000 of the 5999 frames after the first"))
        #expect(html.utf8.count < 4 << 20, "\(html.utf8.count) bytes")
        _ = try XMLDocument(xmlString: html)
    }

    @Test func decimationKeepsEveryItemUpToItsLimitThenTheLowestAndHighestOfEachRun() {
        var series = Decimated<(x: Double, y: Double)>(limit: 4)
        for i in 0..<8 { series.add((Double(i), Double(i)), key: Double(i)) }
        #expect(!series.isDecimated && series.points.map(\.x) == [0, 1, 2, 3, 4, 5, 6, 7])
        series.addBreak()
        for i in 8..<1000 { series.add((Double(i), i == 500 ? 1e6 : 0), key: i == 500 ? 1e6 : 0) }
        #expect(series.isDecimated && series.count == 1000)
        let points = series.points
        #expect(points.count <= 2 * 8 + 1)
        #expect(points.contains { $0.y == 1e6 } && points.contains { $0.y.isNaN })
        #expect(points.filter(\.y.isFinite).map(\.x) == points.filter(\.y.isFinite).map(\.x).sorted())
        var events = Thinned<Int>(limit: 3)
        for i in 0..<100 { events.add(i) }
        #expect(events.count == 100 && events.items.count < 6 && events.items.allSatisfy { $0 % events.stride == 0 })
        var sample = Reservoir<Int>(capacity: 10)
        for i in 0..<10 { sample.add(i) }
        #expect(!sample.isSampled && sample.items == Array(0..<10))
        for i in 10..<10_000 { sample.add(i) }
        var again = Reservoir<Int>(capacity: 10)
        for i in 0..<10_000 { again.add(i) }
        #expect(sample.isSampled && sample.items.count == 10 && sample.items == again.items)
    }

    @Test func aLineLongerThanATraceLineCanBeIsRefusedNamingIt() throws {
        let limit = RunTrace.maximumLineLength
        #expect(refusal(try file("wide1.jsonl", String(repeating: "x", count: limit + 1)))
            == "\(dir)/wide1.jsonl:1: not a Momentum trace: the line is longer than 1 MiB")
        let wide = Self.text(Array(Self.runLines.prefix(2))) + "{\"t\":1,\"event\":\"exit\",\"reason\":\""
            + String(repeating: "y", count: limit) + "\"}\n" + Self.text(Array(Self.runLines.suffix(2)))
        #expect(refusal(try file("wide3.jsonl", wide)) == "\(dir)/wide3.jsonl:3: not a trace line: the line is longer than 1 MiB")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func aTraceFromAPipeIsReadAndAnEndlessLineFromOneIsRefused() throws {
        func fifo(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = dir + "/" + name
            #expect(mkfifo(path, 0o600) == 0)
            Thread {
                let fd = open(path, O_WRONLY)
                _ = OutputFile.writeAll(fd, bytes)
                close(fd)
            }.start()
            return path
        }
        let piped = try fifo("piped.jsonl", Array(Self.run.utf8))
        #expect(try ReportCommand.write(trace: piped, out: dir + "/piped", chromeTrace: nil) == [dir + "/piped/report.html"])
        // A pipe with no newline in it (`cat /dev/zero |`): refused once a line is longer than a trace line can be.
        let zeros = try fifo("zeros.jsonl", [UInt8](repeating: 0, count: RunTrace.maximumLineLength + 1))
        #expect(refusal(zeros) == "\(zeros):1: not a Momentum trace: the line is longer than 1 MiB")
    }
}
