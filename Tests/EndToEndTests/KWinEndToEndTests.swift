import Foundation
import MomentumApp
import Testing

/// The end-to-end smoke under a third compositor: KWin 5.27 on its virtual backend, with genuine touch (and keys)
/// from a fake input device. KWin's seat always has a keyboard and has touch and pointer only while a fake input
/// device exists, so unplugging and replugging is ending one injector and starting another. KWin 5.27 has no
/// `wp_presentation`, so the app asks for no feedback there.
@Suite(.serialized) struct KWinEndToEndTests {
    @Test func startRenderTouchIdleUnplugReplugAndSIGTERM() throws {
        let kwin = try KWinSession()
        defer { kwin.stop() }
        var input = try kwin.fakeInput()
        let app = try kwin.app(["--size", "800x600"])
        try app.waitFor("touch offered at start") {
            $0.kind == "seat" && ($0.fields["devices"] as? [String]) == ["touch", "pointer", "keyboard"]
        }
        // The compositor offers zxdg_decoration_manager_v1: it decorates the window, libdecor stays out.
        let made = try app.waitFor("the window made") { $0.kind == "window" }
        #expect(made.event.string("decorations") == "server", "\(made.event.line)")
        let configure = try app.waitFor("the window configured by KWin") {
            $0.kind == "configure" && $0.number("width") == 800 && $0.number("height") == 600
        }
        try app.waitFor("the panel laid out and drawn", after: configure.index) {
            $0.kind == "panel" && $0.numbers("rect")?[1] == 600 - 72
        }
        try app.waitFor("a drawn frame", after: configure.index) { $0.kind == "frame" }
        // A finger drags up: genuine wl_touch, where it was put (the 800×600 window fills the output at 0,0).
        var mark = app.events.count
        try input.send("drag 400 560 400 200 12 300")
        let down = try app.waitFor("the finger down", after: mark) { $0.kind == "touch" && $0.string("phase") == "down" }
        #expect(down.event.number("x") == 400 && down.event.number("y") == 560, "\(down.event)")
        try app.waitFor("the finger up", after: down.index) {
            $0.kind == "touch" && $0.string("phase") == "up" && $0.number("y") == 200
        }
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

        // Unplug (the fake input device goes, the seat keeps only its keyboard) and plug in again.
        mark = app.events.count
        input.close()
        let unplugged = try app.waitFor("touch and pointer released", after: mark) {
            $0.kind == "seat" && ($0.fields["devices"] as? [String]) == ["keyboard"]
        }
        input = try kwin.fakeInput()
        try app.waitFor("a new touch bound", after: unplugged.index) {
            $0.kind == "seat" && ($0.fields["devices"] as? [String]) == ["touch", "pointer", "keyboard"]
        }
        // The app's get_touch may still be on its way to KWin: one more roundtrip of the injector first.
        try input.send("sync")
        mark = app.events.count
        try input.send("drag 400 300 400 580 12 300")
        let closed = try app.waitFor("the panel closed by the new finger", after: mark) {
            $0.kind == "panel" && $0.string("state") == "closed"
        }
        try input.send("key h")
        try app.waitFor("the HUD back", after: closed.index) {
            $0.kind == "frame" && $0.fields["hud"] as? Bool == true
        }

        app.signal()
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        let exit = app.events.last
        #expect(exit?.kind == "exit" && exit?.string("reason") == "SIGTERM", "\(String(describing: exit))")
        #expect(!app.events.contains { $0.kind == "presented" || $0.kind == "discarded" }, "KWin 5.27 has no wp_presentation")
        #expect(exit?.number("feedback_unanswered") == 0 && exit?.number("feedback_freed") == 0, "\(String(describing: exit))")
    }

    @Test func theCompositorKilledEndsTheRunWithAnError() throws {
        let kwin = try KWinSession()
        defer { kwin.stop() }
        let app = try kwin.app(["--size", "800x600"])
        try app.waitFor("a drawn frame") { $0.kind == "frame" }
        kwin.kill()
        #expect(try app.waitExit() == 1)
        let exit = app.events.last
        #expect(exit?.kind == "exit" && exit?.number("code") == 1, "\(String(describing: exit))")
        #expect(app.stderr.contains("compositor"), "\(app.stderr)")
        #expect(app.stderr.split(separator: "\n").count == 1, "\(app.stderr)")
    }
}
