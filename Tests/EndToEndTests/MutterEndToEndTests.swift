import Foundation
import MomentumApp
import MomentumRun
import Testing

/// The end-to-end smoke under GNOME's mutter 43, headless, with genuine touch through its remote-desktop API
/// (`MutterSession`: a private D-Bus session bus and PipeWire, as `momentum-mutter` under root). mutter sends
/// presentation feedback (hw_completion, 60 Hz) and discards the feedback of a commit that changes nothing: the app
/// makes none.
@Suite(.serialized) struct MutterEndToEndTests {
    @Test func startDrawPresentTouchDragIdleAndSIGTERM() throws {
        let mutter = try MutterSession()
        let runtime = mutter.runtimeDir
        defer {
            mutter.stop()
            #expect(!FileManager.default.fileExists(atPath: runtime), "\(runtime) left behind")
        }
        let touch = try #require(mutter.touch)
        // Fullscreen: the window's top left is the monitor's, so touch coordinates are the window's.
        let app = try mutter.app(["--fullscreen"])
        // The injector made mutter's virtual touchscreen before the app started: touch is offered at once.
        try app.waitFor("touch offered at start") { $0.devices?.contains(.touch) == true }
        let configure = try app.waitFor("the window configured fullscreen by mutter") {
            $0.configure.map { $0.width == 800 && $0.height == 600 } ?? false
        }
        try app.waitFor("the panel laid out and drawn", after: configure.index) { $0.panel?.rect.y == 600 - 72 }
        let shown = try app.waitFor("a frame shown (presentation feedback)", after: configure.index) { $0.presented != nil }
        #expect(shown.event.presented?.flags.contains(.hwCompletion) == true, "\(shown.event.encoded)")
        // A finger drags the panel up: genuine wl_touch from mutter's seat, where it was put.
        let mark = app.events.count
        try touch.playTouch(script: "0 drag 0 400 560 400 200 300", timeout: .seconds(20))
        let down = try app.waitFor("the finger down", after: mark) { $0.touch?.phase == .down }
        #expect(down.event.touch?.position == SIMD2(400, 560), "\(down.event.encoded)")
        try app.waitFor("the finger up", after: down.index) {
            guard let touch = $0.touch else { return false }
            return touch.phase == .up && touch.position.y == 200
        }
        try app.waitForGesture(.panEnded, after: mark)
        let open = try app.waitFor("the panel open", after: mark) { $0.panel?.state == .open }
        let rest = try app.waitFor("the app at rest", after: open.index) { $0.rest != nil }
        #expect(app.events[mark...].contains { $0.presented != nil }, "no frame of the drag shown")
        // At rest nothing is drawn: half a second watched, then SIGTERM.
        Thread.sleep(forTimeInterval: 0.5)
        app.signal()
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        let frames = app.events[(rest.index + 1)...].filter { $0.frame != nil }
        #expect(frames.isEmpty, "frames at rest: \(frames.map(\.encoded))")
        let exit = app.events.last?.exit
        #expect(exit?.reason == "SIGTERM", "\(app.events.last?.encoded ?? "no line")")
        // No empty commits: mutter discarded nothing; frames that changed nothing were not committed.
        let discarded = app.events.compactMap(\.discarded)
        #expect(discarded.isEmpty, "discarded: \(discarded)")
        #expect(exit?.feedbackUnanswered == 0, "\(String(describing: exit))")
    }

    @Test func aScriptMutterCannotPlayIsRefusedInOneLine() throws {
        let mutter = try MutterSession()
        defer { mutter.stop() }
        let touch = try #require(mutter.touch)
        #expect(throws: HarnessError.script("<control>:1: 'key' cannot be played under mutter (touch only: down, motion, up, frame, press, moveto, release, tap, drag, flick)")) {
            try touch.playTouch(script: "0 key a down", timeout: .seconds(10))
        }
        #expect(throws: HarnessError.script("<control>:2: touch id 0 is not down")) {
            try touch.playTouch(script: "0 tap 1 10 10\n5 up 0", timeout: .seconds(10))
        }
        // The injector carries on.
        try touch.playTouch(script: "0 tap 0 10 10", timeout: .seconds(10))
    }

    @Test func theCompositorKilledEndsTheRunWithAnErrorAndLeavesNothingBehind() throws {
        let mutter = try MutterSession()
        let runtime = mutter.runtimeDir
        defer { mutter.stop() }
        let app = try mutter.app(["--fullscreen"])
        try app.waitFor("a drawn frame") { $0.frame != nil }
        mutter.kill()
        #expect(!FileManager.default.fileExists(atPath: runtime), "\(runtime) left behind")
        #expect(try app.waitExit() == 1)
        let last = app.events.last
        #expect(last?.exit?.code == 1, "\(last?.encoded ?? "no line")")
        #expect(app.stderr.contains("compositor"), "\(app.stderr)")
        #expect(app.stderr.split(separator: "\n").count == 1, "\(app.stderr)")
    }
}
