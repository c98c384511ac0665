import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
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

    /// A small run: two frames 20 ms apart, idle for 2 s, then a frame drawn at once for a touch and one by callback.
    private static let run = """
        {"t":0.01,"event":"configure","width":800,"height":600,"scale":2,"buffer_width":1600,"buffer_height":1200}
        {"t":0.1,"event":"frame","seq":1,"callback_ms":null,"step":0,"tick_us":0,"render_us":5000,"drawn_px":100,"damage_px":100}
        {"t":0.1001,"event":"panel","state":"closed","target":"closed","y":528,"vy":0,"backend":"spring"}
        {"t":0.12,"event":"frame","seq":2,"callback_ms":5,"step":0.02,"tick_us":100,"render_us":400,"drawn_px":0,"damage_px":0}
        {"t":0.1201,"event":"panel","state":"closed","target":"closed","y":528,"vy":0,"backend":"spring"}
        {"t":0.13,"event":"presented","seq":1,"ns":1000000000,"refresh_ns":16666666,"msc":0,"flags":[]}
        {"t":0.15,"event":"presented","seq":2,"ns":1016666666,"refresh_ns":16666666,"msc":0,"flags":[]}
        {"t":2.1,"event":"touch","phase":"down","id":0,"x":400,"y":560}
        {"t":2.11,"event":"frame","seq":3,"callback_ms":null,"step":0,"tick_us":50,"render_us":450,"drawn_px":0,"damage_px":0}
        {"t":2.1101,"event":"panel","state":"dragging","target":"closed","y":520,"vy":-400,"backend":"pop"}
        {"t":2.13,"event":"frame","seq":4,"callback_ms":2040,"step":0.02,"tick_us":60,"render_us":440,"drawn_px":0,"damage_px":0}
        {"t":2.1301,"event":"panel","state":"dragging","target":"closed","y":510,"vy":-500,"backend":"pop"}
        {"t":2.14,"event":"touch","phase":"up","id":0,"x":400,"y":540}
        {"t":2.14,"event":"gesture","kind":"tap","before":[528,0],"after":[282,0]}
        {"t":2.15,"event":"presented","seq":3,"ns":3016666666,"refresh_ns":16666666,"msc":0,"flags":[]}
        {"t":2.16,"event":"discarded","seq":4}
        {"t":2.5,"event":"exit","code":0,"reason":"quit-after","feedback_unanswered":0,"feedback_freed":0}

        """

    @Test func analysisReadsFramesPresentationTouchesAndIdle() throws {
        let trace = try RunTrace.parse(Array(Self.run.utf8), path: "t.jsonl")
        let run = RunAnalysis(trace)
        #expect(run.frames.map(\.seq) == [1, 2, 3, 4])
        #expect(run.presented.count == 3 && run.discarded == 1)
        #expect(run.idle == [0.12...2.11])
        #expect(run.scenes == ["panel"] && run.backends == ["spring", "pop"])
        #expect(run.touches.count == 1 && run.touches.first?.down == 2.1 && run.touches.first?.up == 2.14)
        // 1 → 2 is a frame interval; 2 → 3 ends in a frame drawn at once after idle, so it is none.
        let intervals = run.intervals
        #expect(intervals.source.hasPrefix("presentation times"))
        #expect(intervals.points.count == 1 && intervals.skipped == 1)
        #expect(abs((intervals.points.first?.y ?? 0) - 16.666666) < 1e-6)
        #expect(abs((run.refreshMilliseconds ?? 0) - 16.666666) < 1e-6)
        let facts = Dictionary(RunReport.facts(run, lineCount: 17), uniquingKeysWith: { a, _ in a })
        #expect(facts["window"] == "800x600 at scale 2 (buffer 1600x1200 px)")
        #expect(facts["exit"] == "quit-after, code 0")
        #expect(facts["discarded"] == "1")
        #expect(facts["gestures"] == "1: tap × 1")
    }

    @Test func aSceneShownTwiceIsNotJoinedAcrossTheOtherScene() throws {
        let text = """
            {"t":0.1,"event":"panel","y":528,"vy":0,"backend":"spring"}
            {"t":0.12,"event":"panel","y":520,"vy":-100,"backend":"spring"}
            {"t":0.13,"event":"scene","name":"scroll"}
            {"t":0.14,"event":"scroll","offset":0,"velocity":0}
            {"t":0.16,"event":"scroll","offset":-5,"velocity":-300}
            {"t":0.17,"event":"scene","name":"panel"}
            {"t":0.18,"event":"panel","y":500,"vy":-100,"backend":"spring"}
            {"t":0.2,"event":"panel","y":490,"vy":-100,"backend":"spring"}
            """
        let run = RunAnalysis(try RunTrace.parse(Array(text.utf8), path: "t.jsonl"))
        #expect(run.scenes == ["panel", "scroll"])
        #expect(run.motions.map(\.scene) == ["panel", "scroll"])
        let html = RunReport.html(run, path: "t.jsonl", lineCount: 8)
        let document = try XMLDocument(xmlString: html)
        let panel = try document.nodes(forXPath: "//*[local-name()='svg'][*[local-name()='title']='panel: position (panel top edge)']"
            + "//*[@class='series']")
        #expect(panel.count == 2)
        let scroll = try document.nodes(forXPath: "//*[local-name()='svg'][*[local-name()='title']='scroll: position (list offset)']"
            + "//*[@class='series']")
        #expect(scroll.count == 1)
    }

    @Test func withoutPresentationIntervalsComeFromFrameTimesAndSaySo() throws {
        let text = Self.run.split(separator: "\n").filter { !$0.contains("\"presented\"") }.joined(separator: "\n")
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
            == "\(dir)/csv.jsonl:1: not a Momentum trace: the line is not JSON")
        #expect(refusal(try file("other.jsonl", "{\"time\":1,\"event\":\"frame\"}\n"))
            == "\(dir)/other.jsonl:1: not a Momentum trace: no numeric \"t\" (seconds since start)")
        // Nothing was made for any of them.
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func refusesAMalformedLineNamingIt() throws {
        var lines = Self.run.split(separator: "\n").map(String.init)
        lines[4] = "{\"t\":0.2,\"event\":\"frame\",\"seq\":"  // cut off mid-line
        #expect(refusal(try file("cut.jsonl", lines.joined(separator: "\n")))
            == "\(dir)/cut.jsonl:5: not a trace event: the line is not JSON")
        lines[4] = "{\"t\":0.2,\"event\":\"panel\",\"y\":\"high\",\"vy\":0}"
        #expect(refusal(try file("panel.jsonl", lines.joined(separator: "\n")))
            == "\(dir)/panel.jsonl:5: panel event without a numeric \"y\"")
        lines[4] = ""
        #expect(refusal(try file("blank.jsonl", lines.joined(separator: "\n")))
            == "\(dir)/blank.jsonl:5: not a trace event: the line is empty")
        lines[4] = "{\"t\":0.2,\"event\":\"playground\",\"position\":[1],\"velocity\":[0,0]}"
        #expect(refusal(try file("pg.jsonl", lines.joined(separator: "\n")))
            == "\(dir)/pg.jsonl:5: playground event without \"position\" as [x, y]")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
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
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out") == ["report.html"])
    }
}
