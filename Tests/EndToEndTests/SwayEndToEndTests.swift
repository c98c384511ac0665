import Foundation
import MomentumApp
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
        let made = try app.waitFor("the window made") { $0.kind == "window" }
        #expect(made.event.string("decorations") == "server", "\(made.event.line)")
        let configure = try app.waitFor("the window configured by sway") {
            $0.kind == "configure" && $0.number("width") == 800 && $0.number("height") == 600
        }
        try app.waitFor("the panel laid out and drawn", after: configure.index) {
            $0.kind == "panel" && $0.numbers("rect")?[1] == 600 - 72
        }
        // The pointer acts as a finger: an upward drag opens the panel.
        var mark = app.events.count
        try input.send("drag 400 560 400 200 12 300")
        try app.waitForGesture("pan-ended", after: mark)
        let open = try app.waitFor("the panel at rest open", after: mark) {
            $0.kind == "panel" && $0.string("state") == "open"
        }
        // At rest nothing is drawn: an unbound key draws nothing, h draws exactly one frame (no HUD).
        try input.send("key x")
        try input.send("key h")
        let hidden = try app.waitFor("a frame without the HUD", after: open.index) {
            $0.kind == "frame" && $0.fields["hud"] as? Bool == false
        }
        let between = app.events[(open.index + 1)..<hidden.index].filter { $0.kind == "frame" }
        #expect(between.isEmpty, "frames at rest: \(between)")

        // Unplug (the injector's devices go, the seat loses pointer and keyboard) and plug in again.
        mark = app.events.count
        input.close()
        let unplugged = try app.waitFor("the pointer and keyboard released", after: mark) {
            $0.kind == "seat" && ($0.fields["devices"] as? [String]) == []
        }
        input = try sway.virtualInput()
        try app.waitFor("a new pointer and keyboard bound", after: unplugged.index) {
            $0.kind == "seat" && ($0.fields["devices"] as? [String]) == ["pointer", "keyboard"]
        }
        // The app's bind requests may still be on their way to sway: one more roundtrip of the injector first.
        try input.send("move 400 300")
        mark = app.events.count
        try input.send("drag 400 300 400 580 12 300")
        let closed = try app.waitFor("the panel closed by the new pointer", after: mark) {
            $0.kind == "panel" && $0.string("state") == "closed"
        }
        try input.send("key h")
        try app.waitFor("the HUD back through the new keyboard", after: closed.index) {
            $0.kind == "frame" && $0.fields["hud"] as? Bool == true
        }

        app.signal()
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        let exit = app.events.last
        #expect(exit?.kind == "exit" && exit?.string("reason") == "SIGTERM", "\(String(describing: exit))")
        #expect(!app.events.contains { $0.kind == "presented" }, "sway 1.7 headless answers no presentation feedback")
        // Unanswered feedback is freed: at most 16 objects were held, the rest of the frames' feedback was freed.
        let frames = app.events.filter { $0.kind == "frame" }.count
        #expect(frames > 16, "too few frames to fill the feedback queue: \(frames)")
        let unanswered = exit?.number("feedback_unanswered") ?? .infinity
        #expect(unanswered <= 16, "feedback held at exit: \(unanswered)")
        let answered = app.events.filter { $0.kind == "discarded" }.count  // sway discards a few, presents none
        #expect(exit?.number("feedback_freed") == Double(frames - answered) - unanswered,
                "\(frames) frames, \(answered) discarded, \(String(describing: exit))")
    }

    @Test func theCompositorKilledEndsTheRunWithAnError() throws {
        let sway = try SwaySession()
        defer { sway.stop() }
        let app = try sway.app(["--size", "800x600"])
        try app.waitFor("a drawn frame") { $0.kind == "frame" }
        sway.kill()
        #expect(try app.waitExit() == 1)
        let exit = app.events.last
        #expect(exit?.kind == "exit" && exit?.number("code") == 1, "\(String(describing: exit))")
        #expect(app.stderr.contains("compositor"), "\(app.stderr)")
        #expect(app.stderr.split(separator: "\n").count == 1, "\(app.stderr)")
    }
}
