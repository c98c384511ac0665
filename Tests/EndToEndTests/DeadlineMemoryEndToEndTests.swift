import Foundation
import MomentumCore
import MomentumRun
import Testing

/// What a run learned of the frame deadline is left for the next run on the same compositor
/// (`$XDG_RUNTIME_DIR/momentum-deadline-DISPLAY`), under weston headless.
struct DeadlineMemoryEndToEndTests {
    @Test("a run leaves what it learned of the frame deadline for the next run on the compositor; the next run reads it and leaves its own; a file that is no memory is said and ignored")
    func aRunLeavesItsDeadlineForTheNext() throws {
        let dir = try temporaryDirectory("momentum-deadline-memory")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (weston, env) = try startWeston(width: 800, height: 600)
        defer { weston.stop() }
        let runtime = try #require(env["XDG_RUNTIME_DIR"]), display = try #require(env["WAYLAND_DISPLAY"])
        let path = runtime + "/momentum-deadline-" + display.replacingOccurrences(of: "/", with: "_")
        func run(_ name: String) throws -> String {
            let trace = dir + "/\(name).jsonl"
            let run = try ProgramRun(try Compositor.momentumBinary(),
                                     ["run", "--fullscreen", "--scene", "panel", "--autoplay", "--no-hud",
                                      "--quit-after", "3", "--trace", trace], environment: env)
            #expect(run.status == 0, "\(run.transcript)")
            #expect(try traceLines(atPath: trace).contains { $0.frame?.callbackT != nil }, "no frame after a callback")
            return run.stderr
        }
        func memory() throws -> FrameDeadline.Memory {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            return try #require(FrameDeadline.Memory(line: Substring(text.trimmingCharacters(in: .newlines))),
                                "\(text)")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        _ = try run("first")
        // Weston headless: a 60 Hz refresh, paced at ~40 Hz; the target inside the cycle.
        let first = try memory()
        #expect(abs(first.refresh - 1.0 / 60) < 0.001 && first.cycle > 0.02 && first.cycle < 0.045
                    && first.target < first.cycle, "\(first.line)")
        // The second run reads it (when it fits, its frames start from it: FrameDeadlineTests,
        // FreshDragTests.rememberedRunReachesTheFloor) and leaves its own.
        let quiet = try run("second")
        #expect(!quiet.contains("frame deadline memory"), "\(quiet)")
        #expect(try memory() != first)

        // Anything else in the file: one line, the run goes on, and it leaves a memory again.
        try "not a memory\n".write(toFile: path, atomically: true, encoding: .utf8)
        let third = try run("third")
        #expect(third.contains("frame deadline memory \(path): not a memory line, ignored"), "\(third)")
        _ = try memory()
    }
}
