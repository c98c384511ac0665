import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// A launch's first frame written by the CPU (`RenderTarget.writesFirstFrame`) in a real weston: committed before any
/// GL program drew (llvmpipe builds a program's code at its first draw, ~4–8 ms of CPU each), and the window within a
/// step of the GL's.
@Suite(.serialized) struct FirstFrameEndToEndTests {
    /// The number of GL programs the first frame's debug line says had drawn when it was committed.
    static func programsAtFirstFrame(_ stderr: String) -> Int? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.contains("debug: first frame: drawn in") }),
              let words = line.split(separator: ",").last?.split(separator: " "), words.count == 3,
              words[1] == "GL", words[2].hasPrefix("program") else { return nil }
        return Int(words[0])
    }

    /// Every scene's first frame (the scroll list's background, header and tiles; the panel's, the transition's, the
    /// gallery's and the playground's shadows, lines and shapes: all the writer's, since the twentieth step), in a
    /// window of the output's size at 800x600 (the scroll list also at 360x720): no GL program drew before it; with
    /// the GL first frame put back (`MOMENTUM_GL_FIRST_FRAME=1`) the same line counts the programs that did. The
    /// frames after it are drawn and presented, and, for the scenes that stand still untouched (the scroll list, the
    /// panel), at rest weston shows the window within a step of each byte of the GL first frame's run.
    @Test(arguments: [(SceneKind.scroll, 800, 600), (.scroll, 360, 720), (.panel, 800, 600), (.transition, 800, 600),
                      (.gallery, 800, 600), (.playground, 800, 600)])
    func eachScenesFirstFrameIsCommittedWithNoGLProgram(scene: SceneKind, width: Int, height: Int) throws {
        var captures: [PPM] = []
        for glFirst in [false, true] {
            let c = try Compositor(scene: scene, arguments: ["--no-hud", "--log-level", "debug"],
                                   output: (width, height),
                                   environment: glFirst ? ["MOMENTUM_GL_FIRST_FRAME": "1"] : [:])
            // The second frame is the GL's (the window's EGL surface takes over from the CPU's buffers).
            try c.app.waitFor("the second frame presented") { $0.presented.map { $0.sequence >= 2 } ?? false }
            try c.waitIdle()
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("momentum-first-\(getpid())-\(UUID().uuidString).ppm").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try c.weston.capture(to: path)
            captures.append(try PPM(path: path))
            c.app.signal()
            #expect(try c.app.waitExit() == 0, "\(c.app.stderr)")
            let programs = Self.programsAtFirstFrame(c.app.stderr)
            if glFirst {
                #expect((programs ?? 0) >= 1, "the GL's first frame: \(programs.map(String.init) ?? "no line")")
            } else {
                #expect(programs == 0, "\(scene.rawValue) \(width)x\(height): \(programs.map(String.init) ?? "no line") GL programs drew before the first commit")
            }
        }
        guard scene == .scroll || scene == .panel else { return }
        let (cpu, gl) = (captures[0], captures[1])
        #expect(cpu.width == gl.width && cpu.height == gl.height)
        // At rest this build still shows the window as the CPU wrote it (its list unchanged), the other run the GL's:
        // llvmpipe rounds the window's background quad on its linear path (1.15 fixed point), one step off the
        // writer's in about two rows of five (docs/benchmarks/scenes.md, nineteenth step): no byte more than 1 apart,
        // the share not checked.
        var largest = 0
        for (p, q) in zip(cpu.bytes, gl.bytes) where p != q { largest = max(largest, abs(Int(p) - Int(q))) }
        #expect(largest <= 1, "weston shows bytes up to \(largest) apart")
    }
}
