import Foundation
import MomentumApp
import MomentumRun
import WaylandClient
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
        try app.waitFor("touch offered at start") { $0.devices == [.touch, .pointer, .keyboard] }
        // The compositor offers zxdg_decoration_manager_v1: it decorates the window, libdecor stays out.
        let made = try app.waitFor("the window made") { $0.decorations != nil }
        #expect(made.event.windowDecorations == .server, "\(made.event.encoded)")
        let configure = try app.waitFor("the window configured by KWin") {
            $0.configure.map { $0.width == 800 && $0.height == 600 } ?? false
        }
        try app.waitFor("the panel laid out and drawn", after: configure.index) { $0.panel?.rect.y == 600 - 72 }
        // A frame drawn after a frame callback of KWin's (the launch's second: the panel's surface after the window):
        // KWin has read the window's first commit and mapped it. The app traces a frame before its commit leaves (the
        // event loop flushes after), and a finger put down before KWin maps the window touches nothing (CI, once: no
        // finger down in 20 s after the first drawn frame).
        try app.waitFor("a frame after KWin's callback", after: configure.index) {
            $0.frame?.callbackMilliseconds != nil
        }
        // A finger drags up: genuine wl_touch, where it was put (the 800×600 window fills the output at 0,0).
        try input.send("sync")
        var mark = app.events.count
        try input.send("drag 400 560 400 200 12 300")
        let open = try app.waitForPanelDraggedOpen(after: mark)
        // At rest nothing is drawn: an unbound key draws nothing, h draws exactly one frame (no HUD).
        try input.send("key x")
        try input.send("key h")
        let hidden = try app.waitFor("a frame without the HUD", after: open.index) { $0.frame?.hud == false }
        let between = app.events[(open.index + 1)..<hidden.index].filter { $0.frame != nil }
        #expect(between.isEmpty, "frames at rest: \(between.map(\.encoded))")

        // Unplug (the fake input device goes, the seat keeps only its keyboard) and plug in again.
        mark = app.events.count
        input.close()
        let unplugged = try app.waitFor("touch and pointer released", after: mark) { $0.devices == [.keyboard] }
        input = try kwin.fakeInput()
        try app.waitFor("a new touch bound", after: unplugged.index) { $0.devices == [.touch, .pointer, .keyboard] }
        // The app's get_touch may still be on its way to KWin: one more roundtrip of the injector first.
        try input.send("sync")
        mark = app.events.count
        try input.send("drag 400 300 400 580 12 300")
        let closed = try app.waitFor("the panel closed by the new finger", after: mark) { $0.panel?.state == .closed }
        try input.send("key h")
        try app.waitFor("the HUD back", after: closed.index) { $0.frame?.hud == true }

        app.signal()
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        let exit = app.events.last?.exit
        #expect(exit?.reason == "SIGTERM", "\(app.events.last?.encoded ?? "no line")")
        #expect(!app.events.contains { $0.presented != nil || $0.discarded != nil }, "KWin 5.27 has no wp_presentation")
        #expect(exit?.feedbackUnanswered == 0 && exit?.feedbackFreed == 0, "\(String(describing: exit))")
    }

    @Test func theCompositorKilledEndsTheRunWithAnError() throws {
        let kwin = try KWinSession()
        defer { kwin.stop() }
        let app = try kwin.app(["--size", "800x600"])
        try app.waitFor("a drawn frame") { $0.frame != nil }
        kwin.kill()
        #expect(try app.waitExit() == 1)
        let last = app.events.last
        #expect(last?.exit?.code == 1, "\(last?.encoded ?? "no line")")
        #expect(app.stderr.contains("compositor"), "\(app.stderr)")
        #expect(app.stderr.split(separator: "\n").count == 1, "\(app.stderr)")
    }
}
