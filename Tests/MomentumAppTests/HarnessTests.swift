import Foundation
import Testing
@testable import MomentumApp

/// Real weston 10 (headless) with the momentum-touch module: these tests fail, never skip, if weston or
/// libweston-10-dev is missing.
@Suite("Touch-injection harness")
struct HarnessTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    private func startSession() throws -> WestonSession {
        let module = try HarnessModule.build(packageRoot: Self.packageRoot)
        return try WestonSession(module: module)
    }

    @Test("a bad script is rejected naming its line, plays nothing, and a good script afterwards plays")
    func badScriptThenGoodScript() throws {
        let session = try startSession()
        defer { session.stop() }

        #expect(throws: HarnessError.script("<control>:3: unknown command 'swipe'")) {
            try session.submit(script: "# header\n0 tap 0 10 10\n5 swipe 0 1 2\n")
        }
        do {
            _ = try session.submit(script: "0 tap 0 10 10\n\n20 down 1 5\n")
            Issue.record("a down with two numbers was accepted")
        } catch HarnessError.script(let message) {
            #expect(message.hasPrefix("<control>:3: 'down' expected 3 numbers, got 2"))
        }
        #expect(throws: HarnessError.script("<control>:2: time goes backwards (100 < 300)")) {
            try session.submit(script: "300 tap 0 10 10\n100 tap 1 10 10\n")
        }
        #expect(throws: HarnessError.script("<control>:1: touch id 4 is not down")) {
            try session.submit(script: "0 motion 4 10 10\n")
        }

        // tap = down, frame, up, frame; the up comes after the hold.
        let result = try session.play(script: "0 tap 0 100 100 40\n", timeout: .seconds(20))
        #expect(result == PlayResult(events: 4, durationMs: 40))
        // a second script on the same connection
        let drag = try session.play(script: "0 drag 0 10 10 110 10 100\n", timeout: .seconds(20))
        #expect(drag.events == 2 + 12 * 2 + 2)
        #expect(drag.durationMs == 100)
        // a point pressed by one script stays down for the next: moveto continues from it, release lifts it
        #expect(try session.play(script: "0 press 3 10 10") == PlayResult(events: 2, durationMs: 0))
        #expect(throws: HarnessError.script("<control>:1: touch id 3 is already down")) {
            try session.submit(script: "0 down 3 10 10")
        }
        #expect(try session.play(script: "0 moveto 3 20 20 25\n30 release 3")
            == PlayResult(events: 3 * 2 + 2, durationMs: 30))
        #expect(throws: HarnessError.script("<control>:1: touch id 3 is not down")) {
            try session.submit(script: "0 release 3")
        }
        #expect(session.isRunning)
    }

    @Test("play of a missing file is an error on the control line and weston keeps running")
    func playMissingFile() throws {
        let session = try startSession()
        defer { session.stop() }
        do {
            _ = try session.submit(script: "play /nonexistent/momentum-script.txt")
            Issue.record("play of a missing file was accepted")
        } catch HarnessError.script(let message) {
            #expect(message.hasPrefix("<control>:1: cannot read '/nonexistent/momentum-script.txt'"))
        }
        // a file with an error is reported with the file's name and line
        let file = session.runtimeDir + "/bad.touch"
        try "0 tap 0 1 1\n# fine so far\n10 pinch 0\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: HarnessError.script("\(file):3: unknown command 'pinch'")) {
            try session.submit(script: "play \(file)")
        }
        try "0 tap 0 1 1 10\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try session.play(script: "play \(file)") == PlayResult(events: 4, durationMs: 10))
        #expect(session.isRunning)
    }

    @Test("a real Wayland client receives down, motion, up and a real cancel")
    func probeReceivesTouch() throws {
        let module = try HarnessModule.build(packageRoot: Self.packageRoot)
        let session = try WestonSession(module: module)
        defer { session.stop() }
        let probe = try ProbeProcess(path: HarnessModule.probePath(packageRoot: Self.packageRoot),
                                    environment: session.environment)
        defer { probe.stop() }
        let ready = try probe.next(deadline: .now + .seconds(20))
        #expect(ready == "ready 800 600")

        try session.play(script: """
            0 drag 0 100 100 300 100 100
            200 press 1 400 300
            250 moveto 1 500 300 50
            320 cancel
            400 tap 2 50 60 20
            """, timeout: .seconds(20))

        var lines: [String] = []
        while !(lines.last?.hasPrefix("up ") == true && lines.last?.hasSuffix(" 2") == true) {
            lines.append(try probe.next(deadline: .now + .seconds(10)))
        }
        let kinds = lines.map { $0.split(separator: " ")[0] }
        // drag: down+frame, 12 motion+frame, up (weston 10 sends no frame after the last up)
        #expect(Array(kinds.prefix(2)) == ["down", "frame"])
        #expect(lines[0].hasSuffix(" 0 100.00 100.00"))
        let dragMotions = lines.filter { $0.hasPrefix("motion ") && $0.contains(" 0 ") && !$0.hasPrefix("motion 0") }
        #expect(dragMotions.count == 12)
        #expect(dragMotions.last?.hasSuffix(" 0 300.00 100.00") == true)
        let down0 = time(lines[0])
        let up0 = lines.first { $0.hasPrefix("up ") && $0.hasSuffix(" 0") }
        #expect(up0 != nil)
        if let up0 { #expect(abs(time(up0) - down0 - 100) <= 1) }
        // press/moveto then cancel: the client sees wl_touch.cancel, no up for point 1
        #expect(lines.contains { $0.hasPrefix("down ") && $0.hasSuffix(" 1 400.00 300.00") })
        #expect(lines.contains { $0.hasPrefix("motion ") && $0.hasSuffix(" 1 500.00 300.00") })
        #expect(!lines.contains { $0.hasPrefix("up ") && $0.hasSuffix(" 1") })
        let cancelIndex = lines.firstIndex(of: "cancel")
        let down2Index = lines.firstIndex { $0.hasPrefix("down ") && $0.hasSuffix(" 2 50.00 60.00") }
        #expect(cancelIndex != nil)
        #expect(down2Index != nil)
        if let cancelIndex, let down2Index { #expect(cancelIndex < down2Index) }
        #expect(session.isRunning)
    }

    @Test("a compositor that disappears makes play fail instead of hanging")
    func killedCompositor() throws {
        let session = try startSession()
        session.kill()
        #expect(!session.isRunning)
        #expect(throws: HarnessError.self) {
            try session.play(script: "0 tap 0 1 1", timeout: .seconds(5))
        }
        #expect(!FileManager.default.fileExists(atPath: session.runtimeDir))
    }

    private func time(_ line: String) -> Int {
        Int(line.split(separator: " ")[1]) ?? -1
    }
}
