import Foundation
import Glibc
import MomentumApp
import MomentumRun
import Testing

/// `momentum run --trace FILE` into a regular file, which the run holds in memory while it animates: what a signal
/// finds held is written before the run ends, so the file is whole.
@Suite(.serialized) struct TraceFileEndToEndTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalMidAnimationLeavesTheWholeTrace(signal: Int32) throws {
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        let folder = try temporaryDirectory("momentum-trace-file")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = folder + "/trace.jsonl"
        let (process, err) = try startMomentum(["run", "--scene", "panel", "--autoplay", "--no-hud", "--size", "640x480",
                                                "--trace", trace], environment: env)
        // The autoplay flicks the panel at once; the file shows the frames of a moving panel within a second.
        let deadline = Date(timeIntervalSinceNow: 30)
        var moving = false
        while !moving, process.isRunning, Date() < deadline {
            let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
            // Whole lines only: a reader may find the last one half written.
            let whole = text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1)
            moving = whole.contains { $0.contains("\"event\":\"panel\"") && $0.contains("\"state\":\"animating\"") }
            if !moving { usleep(20_000) }
        }
        #expect(moving, "no moving panel in the trace within 30 s")
        kill(process.processIdentifier, signal)
        let stderr = TracedClient.readToEnd(err.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(stderr)")
        let lines = try traceLines(atPath: trace)
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        #expect(lines.last?.exit?.reason == name, "\(lines.last?.encoded ?? "no line")")
        // Every frame numbered is in the file, committed (a `frame` line, then the panel's) or left uncommitted
        // (`unchanged`): none of the lines held when the signal came is lost.
        var numbered: [UInt64] = []
        for (index, line) in lines.enumerated() {
            if let frame = line.frame {
                numbered.append(frame.sequence)
                #expect(index + 1 < lines.count && lines[index + 1].panel != nil, "frame \(frame.sequence)")
            }
            if let sequence = line.unchanged { numbered.append(sequence) }
        }
        #expect(!numbered.isEmpty && numbered == Array(1...UInt64(numbered.count)), "\(numbered)")
        let presented = lines.compactMap(\.presented)
        #expect(!presented.isEmpty && presented.allSatisfy { $0.sequence <= UInt64(numbered.count) })
    }
}
