import Foundation
import MomentumCore
import MomentumRun
import Testing

/// What a run learned of the frame deadline is left for the next run on the same compositor
/// (`$XDG_RUNTIME_DIR/momentum-deadline-DISPLAY`), under weston headless.
struct DeadlineMemoryEndToEndTests {
    /// How long after its callback each frame started (s), for the frames drawn after a callback, in order.
    static func waits(_ trace: String) throws -> [Double] {
        try traceLines(atPath: trace).compactMap(\.frame).compactMap { frame in
            frame.callbackT.flatMap { callback in frame.wakeT.map { $0 - callback } }
        }
    }

    @Test("a second run starts its first frames where the first run's deadline was learned, not half a period after the callback; a file that is no memory is said and ignored")
    func secondRunStartsFromTheFirstRunsDeadline() throws {
        let dir = try temporaryDirectory("momentum-deadline-memory")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (weston, env) = try startWeston(width: 800, height: 600)
        defer { weston.stop() }
        let runtime = try #require(env["XDG_RUNTIME_DIR"]), display = try #require(env["WAYLAND_DISPLAY"])
        let path = runtime + "/momentum-deadline-" + display.replacingOccurrences(of: "/", with: "_")
        func run(_ name: String) throws -> (waits: [Double], stderr: String) {
            let trace = dir + "/\(name).jsonl"
            let run = try ProgramRun(try Compositor.momentumBinary(),
                                     ["run", "--fullscreen", "--scene", "panel", "--autoplay", "--no-hud",
                                      "--quit-after", "3", "--trace", trace], environment: env)
            #expect(run.status == 0, "\(run.transcript)")
            return (try Self.waits(trace), run.stderr)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        let first = try run("first")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let memory = try #require(FrameDeadline.Memory(line: Substring(text.trimmingCharacters(in: .newlines))),
                                  "\(text)")
        // Weston headless: a 60 Hz refresh, paced at ~40 Hz.
        #expect(abs(memory.refresh - 1.0 / 60) < 0.001 && memory.cycle > 0.02 && memory.cycle < 0.045, "\(memory.line)")
        let second = try run("second")
        // Frames 3–6 after a callback (before them the compositor has sent no feedback): the first run's start from
        // the guess (half the 16.7 ms refresh, less the slack) until the statistics begin (four intervals timed);
        // the second's from the memory (its target less the slack) when the first run's machine was quiet (its
        // slack at most an eighth of the cycle), else from the guess as well.
        let early = { (waits: [Double]) in Array(waits.dropFirst(2).prefix(4)) }
        let mean = { (waits: [Double]) in waits.reduce(0, +) / Double(max(waits.count, 1)) }
        let summary = "first \(early(first.waits)), second \(early(second.waits)) against \(memory.line)"
        #expect(early(second.waits).count == 4, "\(summary)")
        if memory.slack <= memory.cycle / 8 {
            #expect(mean(early(second.waits)) >= mean(early(first.waits)) + 0.003, "\(summary)")
        } else {
            #expect(mean(early(second.waits)) < memory.cycle / 2, "\(summary)")
        }

        // Anything else in the file: one line, and the run starts as a fresh one.
        try "not a memory\n".write(toFile: path, atomically: true, encoding: .utf8)
        let third = try run("third")
        #expect(third.stderr.contains("frame deadline memory \(path): not a memory line, ignored"), "\(third.stderr)")
        #expect(mean(early(third.waits)) < memory.cycle / 2, "third \(early(third.waits)); \(summary)")
    }
}
