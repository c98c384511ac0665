import Foundation
import MomentumApp
import Testing

/// The window and the headless run under a real weston.
@Suite(.serialized) struct WindowEndToEndTests {
    @Test func windowedRunKeepsItsRequestedSize() throws {
        let (weston, env) = try startWeston(width: 1024, height: 768)
        defer { weston.stop() }
        let app = try TracedClient(executable: try Compositor.momentumBinary(), arguments: ["--size", "640x400"],
                                   environment: env)
        let configure = try app.waitFor("configure") { $0.kind == "configure" }.event
        #expect(configure.number("width") == 640 && configure.number("height") == 400)
        let panel = try app.waitFor("the panel laid out") { $0.kind == "panel" }.event
        #expect(panel.numbers("rect")?[1] == Double(400 - 72), "closed panel peeks 72 px above the bottom of a 400 px window")
        app.signal()
        #expect(try app.waitExit() == 0)
    }

    @Test func outputScaleTwoDrawsDoubleSizedBuffers() throws {
        let (weston, env) = try startWeston(width: 800, height: 600, extraArguments: ["--scale=2"])
        defer { weston.stop() }
        let app = try TracedClient(executable: try Compositor.momentumBinary(), arguments: ["--fullscreen"],
                                   environment: env)
        // Weston's --width/--height are logical: the output is 1600×1200 pixels at scale 2. The window stays
        // 800×600 logical px and draws 1600×1200 buffers, from its very first frame (scale guessed from the outputs).
        let first = try app.waitFor("the first configure") { $0.kind == "configure" }.event
        #expect(first.number("scale") == 2 && first.number("buffer_width") == 1600)
        let scaled = try app.waitFor("a fullscreen configure at scale 2") {
            $0.kind == "configure" && $0.number("scale") == 2 && $0.number("width") == 800
        }
        #expect(scaled.event.number("height") == 600)
        #expect(scaled.event.number("buffer_width") == 1600 && scaled.event.number("buffer_height") == 1200)
        try app.waitFor("a frame presented after the scale change", after: scaled.index) { $0.kind == "presented" }
        app.signal()
        #expect(try app.waitExit() == 0)
    }

    /// What each scene's tour must have done, read from its trace: gestures seen and the scene's final state.
    static func tour(_ scene: String) -> (gestures: [String], kind: String, final: (TraceEvent) -> Bool)? {
        // (Taps: at least 3, 2 in the playground, 1 in the scroll scene; see `taps`.)
        switch scene {
        case "panel": (["tap", "pan-ended"], "panel", { $0.string("state") == "open" })
        case "transition": (["present", "cancel", "finish", "left-container", "completed"], "transition",
                            { $0.string("state") == "presented" })
        case "gallery": (["restart", "finished"], "gallery", { e in
            (e.fields["shake"] as? [String: Any])?["running"] as? Bool == false })
        case "playground": (["retarget", "pan-ended", "pinch-ended"], "playground",
                            { $0.string("state") == "idle" && $0.number("scale") == 1 })
        case "scroll": (["pan-ended", "catch"], "scroll", { $0.string("state") == "idle" && $0.number("offset") == 0 })
        default: nil
        }
    }

    @Test(arguments: ["panel", "transition", "gallery", "playground", "scroll"])
    func headlessRunPlaysTheSceneTourAndLeavesTraceAndScreenshot(scene: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("momentum-headless-\(getpid())-\(scene)")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Compositor.momentumBinary())
        process.arguments = ["headless", "--scene", scene, "--out", out.path]
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = TracedClient.readToEnd(pipe.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        let trace = try String(contentsOf: out.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        let events = trace.split(separator: "\n").compactMap { TraceEvent(line: String($0)) }
        let gestures = events.filter { $0.kind == "gesture" }.compactMap { $0.string("kind") }
        guard let tour = Self.tour(scene) else { Issue.record("no tour expectations for \(scene)"); return }
        let taps = ["playground": 2, "scroll": 1][scene] ?? 3
        #expect(gestures.filter { $0 == "tap" }.count >= taps, "\(gestures)")
        for g in tour.gestures { #expect(gestures.contains(g), "\(scene) tour: no \(g) in \(gestures)") }
        #expect(events.last?.kind == "exit" && events.last?.number("code") == 0)
        #expect(events.last(where: { $0.kind == tour.kind }).map(tour.final) == true,
                "\(scene) ends as expected: \(events.last(where: { $0.kind == tour.kind })?.line ?? "no record")")
        let png = try Data(contentsOf: out.appendingPathComponent("screenshot.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
        #expect(output.contains("screenshot: ") && output.contains("trace: "))
    }
}
