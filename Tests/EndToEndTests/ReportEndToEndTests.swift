import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import MomentumApp
import MomentumRun
import Testing

/// `momentum report` on traces of real runs under weston headless: the report and the Chrome trace of what the app
/// did, and the refusals a user meets.
struct ReportEndToEndTests {
    /// The brief's run: the panel on autoplay for 3 s with `--trace`, then `momentum report` with a Chrome trace.
    @Test func autoplayRunBecomesAReportAndAChromeTrace() throws {
        let dir = try temporaryDirectory("momentum-report-autoplay")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (weston, env) = try startWeston(width: 800, height: 600)
        defer { weston.stop() }
        let trace = dir + "/trace.jsonl"
        let run = try ProgramRun(try Compositor.momentumBinary(),
                                 ["run", "--fullscreen", "--scene", "panel", "--autoplay", "--quit-after", "3",
                                  "--trace", trace], environment: env)
        #expect(run.status == 0, "\(run.transcript)")
        let events = try traceLines(atPath: trace)
        let frames = events.filter { $0.frame != nil }.count
        #expect(frames > 20)

        let out = dir + "/report", chrome = dir + "/run.json"
        let report = try ProgramRun(try Compositor.momentumBinary(), ["report", trace, "--out", out, "--chrome-trace", chrome])
        #expect(report.status == 0, "\(report.transcript)")
        #expect(report.stderr.isEmpty, "\(report.transcript)")
        #expect(report.stdout == "\(out)/report.html\n\(chrome)\n")
        // One file: report.html alone in the directory (no temporary left behind), no scripts, nothing fetched.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["report.html"])
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(!html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http"))
        #expect(!html.contains("src=") && !html.contains("<link"))
        let document = try XMLDocument(xmlString: html)
        let titles = try document.nodes(forXPath: "//*[local-name()='svg']/*[local-name()='title']").compactMap(\.stringValue)
        #expect(titles == ["panel: position (panel top edge)", "panel: velocity", "Frame interval over time",
                           "Frame interval histogram", "Frame interval distribution", "Tick and render time per frame",
                           "Render time by pixels shaded"])
        let facts = Dictionary(try document.nodes(forXPath: "//table[@class='facts']/tr").compactMap { row -> (String, String)? in
            guard let cells = row.children, cells.count == 2, let k = cells[0].stringValue, let v = cells[1].stringValue
            else { return nil }
            return (k, v)
        }, uniquingKeysWith: { a, _ in a })
        #expect(facts["scenes"] == "panel")
        #expect(facts["backends"] == "spring")
        #expect(facts["frames"]?.hasPrefix("\(frames) (seq 1–") == true, "\(facts)")
        #expect(facts["presented"] == "\(events.filter { $0.presented != nil }.count)")
        #expect(facts["window"] == "800x600 at scale 1 (buffer 800x600 px)")
        #expect(facts["exit"] == "quit-after, code 0")
        // The autoplay's motions are gestures on the motion charts.
        #expect(html.contains(">autoplay</text>"))
        #expect(html.contains("From presentation times (presented ns)."))

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: chrome)))
        let traceEvents = try #require((json as? [String: Any])?["traceEvents"] as? [[String: Any]])
        func count(_ ph: String, _ name: String) -> Int {
            traceEvents.filter { $0["ph"] as? String == ph && $0["name"] as? String == name }.count
        }
        #expect(count("X", "tick") == frames)
        #expect(count("X", "render") == frames)
        #expect(count("C", "panel position") == events.filter { $0.panel != nil }.count)
        #expect(count("C", "panel velocity") == events.filter { $0.panel != nil }.count)
        #expect(count("i", "presented") == events.filter { $0.presented != nil }.count)
        #expect(count("i", "gesture autoplay") == events.filter { $0.gesture(.autoplay) != nil }.count)
        #expect(count("i", "gesture autoplay") > 0)
        // Each frame's render ends when its frame event was written; times are microseconds.
        let firstFrame = try #require(events.first { $0.frame != nil })
        let render = try #require(traceEvents.first { $0["name"] as? String == "render" })
        let ts = try #require(render["ts"] as? Double), dur = try #require(render["dur"] as? Double)
        #expect(abs(ts + dur - firstFrame.t * 1e6) < 1)
        #expect(traceEvents.allSatisfy { $0["pid"] != nil && $0["ph"] != nil && $0["name"] != nil })
    }

    /// Touches, gestures and an idle gap: a tap opens the panel, it rests for a while, a second tap closes it.
    @Test func touchesGesturesAndAnIdleGapShowInTheReport() throws {
        let dir = try temporaryDirectory("momentum-report-touch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (weston, env) = try startWeston(width: 800, height: 600)
        defer { weston.stop() }
        let trace = dir + "/trace.jsonl"
        let app = try TracedClient(executable: try Compositor.momentumBinary(),
                                   arguments: ["--fullscreen", "--scene", "panel"], environment: env, copyTo: trace)
        try app.waitFor("a presented frame") { $0.presented != nil }
        // The panel settles open within about a second of the first tap; the second, 2.5 s after it, lands on the
        // open panel's top (282 at 800x600) above its controls.
        _ = try weston.play(script: "0 tap 0 400 560\n2500 tap 0 400 295\n")
        let second = try app.waitForGesture(.tap, after: try app.waitForGesture(.tap).index + 1)
        try app.waitFor("the panel at rest closed", after: second.index) {
            $0.panel?.state == .closed
        }
        app.signal()
        #expect(try app.waitExit() == 0)
        let events = try traceLines(atPath: trace)
        let frameTimes = events.filter { $0.frame != nil }.map(\.t)
        let gaps = zip(frameTimes, frameTimes.dropFirst()).filter { $1 - $0 > 0.5 }
        #expect(gaps.count >= 1, "the panel rested between the taps")

        let out = dir + "/out"
        let report = try ProgramRun(try Compositor.momentumBinary(), ["report", trace, "--out", out])
        #expect(report.status == 0, "\(report.transcript)")
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        let document = try XMLDocument(xmlString: html)
        let position = try #require(try document.nodes(forXPath: "//*[local-name()='svg'][*[local-name()='title']"
            + "='panel: position (panel top edge)']").first as? XMLElement)
        let breakLabels = try position.nodes(forXPath: ".//*[@class='break']/*[local-name()='text']").compactMap(\.stringValue)
        // Each idle gap is a break labelled with its length.
        #expect(breakLabels.count == 2 * gaps.count)
        if let gap = gaps.first {
            #expect(breakLabels.contains("\(ReportText.number(gap.1 - gap.0, significant: 2)) s"), "\(breakLabels)")
        }
        // The two taps are shaded finger-down spans and labelled gesture markers.
        #expect(try position.nodes(forXPath: ".//*[@class='span']").count == 2)
        let labels = try position.nodes(forXPath: ".//*[@class='marker-label']").compactMap(\.stringValue)
        #expect(labels.filter { $0 == "tap" }.count == 2, "\(labels)")
        // The line is not drawn across a gap: a piece between each two (a polyline, or a dot for a lone frame).
        let pieces = try position.nodes(forXPath: ".//*[@class='series' or @class='point']").count
        #expect(pieces == 1 + gaps.count, "\(gaps)")
        #expect(html.contains("SIGTERM, code 0"))
    }

    /// The refusals as a user sees them: one line on stderr, exit 1, nothing written.
    @Test func badInputIsOneLineAndNothingIsWritten() throws {
        let dir = try temporaryDirectory("momentum-report-refusals")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let binary = try Compositor.momentumBinary()
        let bad = dir + "/bad.jsonl"
        try "{\"t\":0.1,\"event\":\"seat\",\"devices\":[]}\n{\"t\":0.2,\"event\":\"frame\"}\n"
            .write(toFile: bad, atomically: false, encoding: .utf8)
        // A sparse file of 600 MiB of zeros, no newline in it: refused once its first line is longer than a trace
        // line can be, not read to its end.
        let huge = dir + "/huge.jsonl"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 600 << 20) == 0)
        let cases: [([String], String)] = [
            (["report", dir + "/missing.jsonl", "--out", dir + "/out"],
             "momentum: cannot read trace \(dir)/missing.jsonl: No such file or directory\n"),
            (["report", bad, "--out", dir + "/out"], "momentum: \(bad):2: frame event without a numeric \"seq\"\n"),
            (["report", "/proc/version", "--out", dir + "/out"],
             "momentum: /proc/version:1: not a Momentum trace: the line is not JSON (unexpected character at byte 0)\n"),
            // A device never ends (/dev/zero read until memory ran out): refused before reading.
            (["report", "/dev/zero", "--out", dir + "/out"],
             "momentum: cannot read trace /dev/zero: not a file (a device or a socket)\n"),
            (["report", huge, "--out", dir + "/out"],
             "momentum: \(huge):1: not a Momentum trace: the line is longer than 1 MiB\n"),
        ]
        for (arguments, stderr) in cases {
            let run = try ProgramRun(binary, arguments)
            #expect(run.status == 1, "\(run.transcript)")
            #expect(run.stderr == stderr)
            #expect(run.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// Hostile traces through the real binary (the in-process fuzz is `ReportFuzzTests`): one line naming FILE:LINE
    /// and exit 1, or a report; never a trap.
    @Test func hostileTracesAreOneLineOrAReport() throws {
        let dir = try temporaryDirectory("momentum-report-hostile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let binary = try Compositor.momentumBinary()
        let good = "{\"t\":0.1,\"event\":\"frame\",\"seq\":1,\"callback_ms\":null,\"step\":0,\"hud\":false,\"ghosts\":0,"
            + "\"tick_us\":10,\"render_us\":20,\"damage_px\":1,\"drawn_px\":1,\"layer_surface\":null,\"callback_t\":null,"
            + "\"commit_t\":0.1,\"cpu_us\":1,\"wake_t\":null,\"target_t\":null,\"predict_us\":null}\n"
        let cases: [(name: String, bytes: [UInt8], line: Int?)] = [
            ("nested", Array(good.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [0x0A], 2),
            ("seq", Array((good + good.replacingOccurrences(of: "\"seq\":1,", with: "\"seq\":1e300,")).utf8), 2),
            ("nan", Array((good + good.replacingOccurrences(of: "\"tick_us\":10", with: "\"tick_us\":NaN")).utf8), 2),
            ("binary", Array(good.utf8) + [0x7B, 0x00, 0xFF, 0xFE, 0x22, 0x0A], 2),
            ("long", Array(good.utf8) + [UInt8](repeating: UInt8(ascii: "{"), count: 2 << 20), 2),
            ("huge-times", Array((good.replacingOccurrences(of: "\"t\":0.1", with: "\"t\":1e300")
                + good.replacingOccurrences(of: "\"t\":0.1", with: "\"t\":-1e300")).utf8), nil),
        ]
        for (name, bytes, line) in cases {
            let path = dir + "/\(name).jsonl"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            let run = try ProgramRun(binary, ["report", path, "--out", dir + "/out-\(name)"])
            if let line {
                #expect(run.status == 1, "\(name): \(run.transcript)")
                #expect(run.stderr.hasPrefix("momentum: \(path):\(line): ") && run.stderr.filter { $0 == "\n" }.count == 1,
                        "\(name): \(run.transcript)")
                #expect(!FileManager.default.fileExists(atPath: dir + "/out-\(name)"))
            } else {
                #expect(run.status == 0 && run.stderr.isEmpty, "\(name): \(run.transcript)")
            }
        }
    }

    /// A trace from a pipe (`momentum report /dev/stdin`) is read; one with no newline in it is refused in one line
    /// once its line is longer than a trace line can be.
    @Test func aTraceFromStandardInput() throws {
        let dir = try temporaryDirectory("momentum-report-stdin")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let binary = try Compositor.momentumBinary()
        func report(_ input: [UInt8]) throws -> (status: Int32, stderr: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["report", "/dev/stdin", "--out", dir + "/out"]
            let stdin = Pipe(), stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = FileHandle.nullDevice
            process.standardError = stderr
            try process.run()
            // Written whole: the report reads every byte before it answers (a refusal comes after the 1 MiB + 1st).
            let writer = Thread {
                _ = OutputFile.writeAll(stdin.fileHandleForWriting.fileDescriptor, input)
                try? stdin.fileHandleForWriting.close()
            }
            writer.start()
            let said = TracedClient.readToEnd(stderr.fileHandleForReading.fileDescriptor)
            process.waitUntilExit()
            return (process.terminationStatus, said)
        }
        let trace = "{\"t\":0.1,\"event\":\"scene\",\"name\":\"panel\"}\n{\"t\":0.2,\"event\":\"backend\",\"name\":\"pop\"}\n"
        let good = try report(Array(trace.utf8))
        #expect(good.status == 0 && good.stderr.isEmpty, "\(good)")
        #expect(try String(contentsOfFile: dir + "/out/report.html", encoding: .utf8).contains("Momentum run: panel"))
        let zeros = try report([UInt8](repeating: 0, count: (1 << 20) + 1))
        #expect(zeros.status == 1)
        #expect(zeros.stderr == "momentum: /dev/stdin:1: not a Momentum trace: the line is longer than 1 MiB\n")
    }

    /// SIGINT or SIGTERM while a report is written (its trace a FIFO that has not ended): the temporary files and the
    /// folder it made are removed, one line says so, and it dies of the signal.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalWhileTheReportIsWrittenLeavesNothing(signal: Int32) throws {
        // One folder per case: the two cases run at once in one process.
        let dir = try temporaryDirectory("momentum-report-signal-\(signal)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/trace.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for writing (read-write, so this does not wait for the reader): the trace never ends.
        let writer = open(fifo, O_RDWR | O_CLOEXEC)
        #expect(writer >= 0)
        defer { close(writer) }
        _ = OutputFile.writeAll(writer, Array("{\"t\":0.1,\"event\":\"scene\",\"name\":\"panel\"}\n".utf8))
        let out = dir + "/out"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Compositor.momentumBinary())
        process.arguments = ["report", fifo, "--out", out, "--chrome-trace", out + "/run.json"]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Until both outputs are being written (their temporary files beside them).
        let deadline = Date().addingTimeInterval(60)
        var hidden: [String] = []
        while Date() < deadline {
            hidden = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.hasPrefix(".") }
            if hidden.contains(where: { $0.hasPrefix(".report.html.") }) && hidden.contains(where: { $0.hasPrefix(".run.json.") }) {
                break
            }
            usleep(20_000)
        }
        #expect(hidden.count == 2, "the report's temporary files never appeared: \(hidden)")
        kill(process.processIdentifier, signal)
        let said = TracedClient.readToEnd(stderr.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                "\(process.terminationReason) \(process.terminationStatus): \(said)")
        #expect(said == "momentum: \(signal == SIGINT ? "SIGINT" : "SIGTERM"): the report is stopped, nothing written\n")
        #expect(!FileManager.default.fileExists(atPath: out), "\((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? [])")
    }
}
