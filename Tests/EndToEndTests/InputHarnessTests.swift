import Foundation
import Testing
@testable import MomentumApp

/// The momentum-touch module's pointer and keyboard commands against real weston 10 and a real Wayland client
/// (harness/touch-probe --all): validation messages, expansion counts, and what the client receives.
@Suite(.serialized) struct InputHarnessTests {
    private func startSession() throws -> WestonSession {
        try WestonSession(module: try HarnessModule.build(packageRoot: packageRoot))
    }

    @Test func badPointerAndKeyLinesAreRejectedNamingTheProblem() throws {
        let session = try startSession()
        defer { session.stop() }
        let cases: [(String, String)] = [
            ("0 key f1 down", "<control>:1: unknown key 'f1' (esc, tab, space, enter, backspace, 0-9, a-z)"),
            ("0 pointer 1 1\n5 button back down", "<control>:2: unknown button 'back' (left, right, middle)"),
            ("0 key q pressed",
             "<control>:1: 'key' expected down or up, got 'pressed' (usage: <t> key <name> <down|up>)"),
            ("0 key q up", "<control>:1: key q is not down"),
            ("0 button left down\n10 click 5 5", "<control>:2: button left is already down"),
            ("0 type", "<control>:1: 'type' expected 1 to 2 arguments, got 0 (usage: <t> type <name> [hold_ms])"),
            ("0 pointer 1", "<control>:1: 'pointer' expected 2 numbers, got 1 (usage: <t> pointer <x> <y>)"),
            ("0 mousedrag 1 2 3 4 0", "<control>:1: 'mousedrag' duration_ms must be > 0, got 0"),
            // merged by time: the click at 10 presses the button the mousedrag at 0 still holds
            ("0 mousedrag 0 0 100 0 100\n10 click 5 5", "<control>:2: button left is already down"),
        ]
        for (script, message) in cases {
            #expect(throws: HarnessError.script(message), "\(script)") { try session.submit(script: script) }
        }
        // Expansions: click = motion+frame, down+frame, up+frame; type = down, up; mousedrag = motion+frame,
        // down+frame, 12 samples (100 ms at 120 Hz) each with a frame, up+frame.
        #expect(try session.play(script: "0 click 5 5") == PlayResult(events: 6, durationMs: 60))
        #expect(try session.play(script: "0 type esc") == PlayResult(events: 2, durationMs: 30))
        #expect(try session.play(script: "0 mousedrag 0 0 100 0 100 20")
            == PlayResult(events: 4 + 12 * 2 + 2, durationMs: 120))
        // A key held by one script stays down for the next.
        #expect(try session.play(script: "0 key a down") == PlayResult(events: 1, durationMs: 0))
        #expect(throws: HarnessError.script("<control>:1: key a is already down")) {
            try session.submit(script: "0 type a")
        }
        #expect(try session.play(script: "0 key a up") == PlayResult(events: 1, durationMs: 0))
        #expect(session.isRunning)
    }

    @Test func aClientGetsKeyboardFocusAndGenuinePointerAndKeyEvents() throws {
        let session = try startSession()
        defer { session.stop() }
        let probe = try ProbeProcess(path: HarnessModule.probePath(packageRoot: packageRoot), arguments: ["--all"],
                                   environment: session.environment)
        defer { probe.stop() }
        // Keyboard focus comes with the window mapping (desktop-shell activates new toplevels): no click first.
        var lines: [String] = []
        while !(lines.contains("keyboard-enter") && lines.contains("ready 800 600")) {
            lines.append(try probe.next(deadline: .now + .seconds(20)))
        }
        try session.play(script: """
            0 click 200 150
            100 type q
            200 mousedrag 10 20 110 20 100 50
            400 scroll 0 15
            """, timeout: .seconds(20))
        lines = []
        while !(lines.last?.hasPrefix("axis ") == true) {
            lines.append(try probe.next(deadline: .now + .seconds(10)))
        }
        let words = lines.map { $0.split(separator: " ").map(String.init) }
        func time(_ w: [String]) -> Int { Int(w[1]) ?? -1 }
        let buttons = words.filter { $0[0] == "button" }
        let keys = words.filter { $0[0] == "key" }
        let motions = words.filter { $0[0] == "pointer-motion" }
        // click: the pointer goes to 200,150, BTN_LEFT (272) down, up 60 ms later
        #expect(motions.first.map { Array($0[2...]) } == ["200.00", "150.00"])
        #expect(buttons.map { Array($0[2...]) } == [["272", "pressed"], ["272", "released"],
                                                    ["272", "pressed"], ["272", "released"]])
        if buttons.count == 4 {
            #expect(time(buttons[1]) - time(buttons[0]) == 60)
            // mousedrag: 100 ms of motion plus 50 ms held still before the release
            #expect(time(buttons[3]) - time(buttons[2]) == 150)
        }
        // type q: KEY_Q (16) down, up 30 ms later
        #expect(keys.map { Array($0[2...]) } == [["16", "pressed"], ["16", "released"]])
        if keys.count == 2 { #expect(time(keys[1]) - time(keys[0]) == 30) }
        // mousedrag: start point, then 12 samples at constant speed ending exactly at 110,20
        let dragMotions = motions.dropFirst()
        #expect(dragMotions.count == 13)
        #expect(dragMotions.last.map { Array($0[2...]) } == ["110.00", "20.00"])
        // every pointer event of the script is followed by its frame (the last axis' frame is not read yet)
        let script = words.drop { $0[0] != "pointer-motion" }
        let pointerEvents = script.filter { ["pointer-motion", "button", "axis"].contains($0[0]) }.count
        #expect(script.filter { $0[0] == "pointer-frame" }.count == pointerEvents - 1)
        #expect(lines.last?.hasSuffix(" 15.00") == true)
        #expect(!lines.contains("keyboard-leave"))
    }
}
