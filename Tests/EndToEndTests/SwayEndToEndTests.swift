import Foundation
import MomentumApp
import MomentumRun
import WaylandClient
import Testing

/// The end-to-end smoke under a second compositor: sway 1.7 headless (wlroots, pixman), with pointer and keys from
/// virtual devices. sway answers no presentation feedback headless and gives the seat pointer and keyboard only
/// while a virtual device exists, so unplugging and replugging is ending one injector and starting another.
@Suite(.serialized) struct SwayEndToEndTests {
    @Test func startRenderInputIdleUnplugReplugAndSIGTERM() throws {
        let sway = try SwaySession()
        defer { sway.stop() }
        var input = try sway.virtualInput()
        let app = try sway.app(["--size", "800x600"])
        // The compositor offers zxdg_decoration_manager_v1: it decorates the window, libdecor stays out.
        let made = try app.waitFor("the window made") { $0.decorations != nil }
        #expect(made.event.windowDecorations == .server, "\(made.event.encoded)")
        let configure = try app.waitFor("the window configured by sway") {
            $0.configure.map { $0.width == 800 && $0.height == 600 } ?? false
        }
        try app.waitFor("the panel laid out and drawn", after: configure.index) { $0.panel?.rect.y == 600 - 72 }
        // A frame drawn after a frame callback of sway's (the launch's second: the panel's surface after the
        // window): sway has read the window's first commit and mapped it. A press before that goes nowhere (the CI
        // at 8458bfe, once: the pointer entered the window after the drag's press, no pan in 20 s), as under KWin.
        try app.waitFor("a frame after sway's callback", after: configure.index) {
            $0.frame?.callbackMilliseconds != nil
        }
        // The pointer acts as a finger: an upward drag opens the panel.
        var mark = app.events.count
        try input.send("drag 400 560 400 200 12 300")
        try app.waitForGesture(.panEnded, after: mark)
        let open = try app.waitFor("the panel at rest open", after: mark) { $0.panel?.state == .open }
        // At rest nothing is drawn: an unbound key draws nothing, h draws exactly one frame (no HUD).
        try input.send("key x")
        try input.send("key h")
        let hidden = try app.waitFor("a frame without the HUD", after: open.index) { $0.frame?.hud == false }
        let between = app.events[(open.index + 1)..<hidden.index].filter { $0.frame != nil }
        #expect(between.isEmpty, "frames at rest: \(between.map(\.encoded))")

        // Unplug (the injector's devices go, the seat loses pointer and keyboard) and plug in again.
        mark = app.events.count
        input.close()
        let unplugged = try app.waitFor("the pointer and keyboard released", after: mark) { $0.devices == [] }
        input = try sway.virtualInput()
        try app.waitFor("a new pointer and keyboard bound", after: unplugged.index) {
            $0.devices == [.pointer, .keyboard]
        }
        // The app's bind requests may still be on their way to sway: one more roundtrip of the injector first.
        try input.send("move 400 300")
        mark = app.events.count
        try input.send("drag 400 300 400 580 12 300")
        let closed = try app.waitFor("the panel closed by the new pointer", after: mark) { $0.panel?.state == .closed }
        try input.send("key h")
        try app.waitFor("the HUD back through the new keyboard", after: closed.index) { $0.frame?.hud == true }

        app.signal()
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        let exit = app.events.last?.exit
        #expect(exit?.reason == "SIGTERM", "\(app.events.last?.encoded ?? "no line")")
        #expect(!app.events.contains { $0.presented != nil }, "sway 1.7 headless answers no presentation feedback")
        // Unanswered feedback is freed: at most 16 objects were held, the rest of the frames' feedback was freed.
        let frames = app.events.filter { $0.frame != nil }.count
        #expect(frames > 16, "too few frames to fill the feedback queue: \(frames)")
        let unanswered = exit.map { Double($0.feedbackUnanswered) } ?? .infinity
        #expect(unanswered <= 16, "feedback held at exit: \(unanswered)")
        let answered = app.events.filter { $0.discarded != nil }.count  // sway discards a few, presents none
        #expect(exit.map { Double($0.feedbackFreed) } == Double(frames - answered) - unanswered,
                "\(frames) frames, \(answered) discarded, \(String(describing: exit))")
    }

    @Test func theCompositorKilledEndsTheRunWithAnError() throws {
        let sway = try SwaySession()
        defer { sway.stop() }
        let app = try sway.app(["--size", "800x600"])
        try app.waitFor("a drawn frame") { $0.frame != nil }
        sway.kill()
        #expect(try app.waitExit() == 1)
        let last = app.events.last
        #expect(last?.exit?.code == 1, "\(last?.encoded ?? "no line")")
        #expect(app.stderr.contains("compositor"), "\(app.stderr)")
        #expect(app.stderr.split(separator: "\n").count == 1, "\(app.stderr)")
    }
}
