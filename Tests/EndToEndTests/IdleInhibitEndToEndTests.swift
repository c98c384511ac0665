import Foundation
import MomentumApp
import MomentumRun
import Testing

/// `zwp_idle_inhibit_manager_v1` under sway 1.7 (weston 10 does not offer it): the screen is kept on for the whole
/// of an autoplay, and while something moves in a normal run, and let go at rest; sway's own view of the window
/// (`swaymsg -t get_tree`: `inhibit_idle`) agrees.
@Suite(.serialized) struct IdleInhibitEndToEndTests {
    /// sway's `inhibit_idle` for the Momentum window, from its IPC socket in the session's runtime folder.
    private func swayInhibitsIdle(_ sway: SwaySession) throws -> Bool? {
        let files = try FileManager.default.contentsOfDirectory(atPath: sway.runtimeDir)
        guard let socket = files.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }) else {
            Issue.record("no sway IPC socket in \(sway.runtimeDir): \(files)")
            return nil
        }
        let tree = try ProgramRun("/usr/bin/swaymsg", ["-s", sway.runtimeDir + "/" + socket, "-r", "-t", "get_tree"])
        #expect(tree.status == 0, "\(tree.transcript)")
        guard let range = tree.stdout.range(of: "\"app_id\": \"dev.momentum.Momentum\"") else { return nil }
        // The view's fields follow its app_id in the same object; the first inhibit_idle after it is the window's.
        let rest = tree.stdout[range.upperBound...]
        if let on = rest.range(of: "\"inhibit_idle\": true"), rest.range(of: "\"inhibit_idle\": false")
            .map({ on.lowerBound < $0.lowerBound }) ?? true {
            return true
        }
        return rest.contains("\"inhibit_idle\": false") ? false : nil
    }

    /// Waits up to 5 s for sway to say `expected` (the app's request may still be on its way); what it said last.
    private func swayInhibitsIdle(_ sway: SwaySession, becomes expected: Bool) throws -> Bool? {
        var said = try swayInhibitsIdle(sway)
        let deadline = Date().addingTimeInterval(5)
        while said != expected, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            said = try swayInhibitsIdle(sway)
        }
        return said
    }

    @Test func autoplayHoldsTheInhibitorForTheWholeRun() throws {
        let sway = try SwaySession()
        defer { sway.stop() }
        let app = try sway.app(["--size", "800x600", "--autoplay", "--log-level", "debug"])
        try app.waitFor("autoplay under way") { $0.gesture(.autoplay) != nil }
        #expect(try swayInhibitsIdle(sway, becomes: true) == true)
        app.signal()
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        #expect(app.stderr.contains("momentum: debug: bound zwp_idle_inhibit_manager_v1 version 1\n"), "\(app.stderr)")
        #expect(app.stderr.contains("momentum: debug: idle inhibited: autoplay\n"), "\(app.stderr)")
        #expect(!app.stderr.contains("idle inhibitor released"), "\(app.stderr)")
    }

    @Test func aMotionHoldsItAndRestLetsItGo() throws {
        let sway = try SwaySession()
        defer { sway.stop() }
        let input = try sway.virtualInput()
        let app = try sway.app(["--size", "800x600", "--log-level", "debug"])
        let drawn = try app.waitFor("the panel laid out and drawn") { $0.panel?.rect.y == 600 - 72 }
        try app.waitFor("the first rest", after: drawn.index) { $0.rest != nil }
        #expect(try swayInhibitsIdle(sway, becomes: false) == false)
        // A flick opens the panel: it moves, then rests.
        let mark = app.events.count
        try input.send("drag 400 560 400 200 12 300")
        try app.waitFor("the panel at rest open", after: mark) { $0.panel?.state == .open }
        try app.waitFor("the rest after it", after: mark) { $0.rest != nil }
        #expect(try swayInhibitsIdle(sway, becomes: false) == false)
        app.signal()
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        let lines = app.stderr.split(separator: "\n").filter { $0.contains("idle inhibit") }
        #expect(lines.first == "momentum: debug: idle inhibited: moving"
                && lines.last == "momentum: debug: idle inhibitor released: at rest", "\(app.stderr)")
    }
}
