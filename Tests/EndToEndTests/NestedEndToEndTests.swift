import Foundation
import MomentumApp
import MomentumRun
import WaylandClient
import Testing

/// The end-to-end smoke under Phosh's compositor: phoc 0.24 nested in a private weston headless, which forwards
/// weston's presentation feedback and genuine touch from weston's module (`NestedSession`). The app maps, draws,
/// gets its frames presented, a finger drags the panel open, nothing is drawn at rest, SIGTERM ends it cleanly, and
/// stopping the session leaves no process and no folder behind.
@Suite(.serialized) struct NestedEndToEndTests {
    @Test func underPhocAGenuineFingerDragsThePanelAndFramesArePresented() throws {
        let phoc = try NestedSession(.phoc, module: try HarnessModule.build(packageRoot: packageRoot))
        defer { phoc.stop() }
        let weston = phoc.parent
        let app = try phoc.app(["--fullscreen"])
        try app.waitFor("touch offered (weston's touch device passed through phoc)") { $0.devices?.contains(.touch) == true }
        let configure = try app.waitFor("the window configured by phoc at the output's size") {
            $0.configure.map { $0.width == 800 && $0.height == 600 } ?? false
        }
        try app.waitFor("the panel laid out and drawn", after: configure.index) { $0.panel?.rect.y == 600 - 72 }
        // phoc forwards weston's presentation feedback (headless wlroots 0.15 would send none).
        try app.waitFor("a frame presented", after: configure.index) { $0.presented != nil }

        // A finger drags up, injected into weston at its output's coordinates: phoc's window fills weston's output
        // and the app's fills phoc's, so the app sees the same point.
        let mark = app.events.count
        try weston.playTouch(script: "0 drag 0 400 560 400 200 300", timeout: .seconds(20))
        let down = try app.waitFor("the finger down", after: mark) { $0.touch?.phase == .down }
        #expect(down.event.touch?.position == SIMD2(400, 560), "\(down.event.encoded)")
        try app.waitFor("the finger up", after: down.index) {
            guard let touch = $0.touch else { return false }
            return touch.phase == .up && touch.position.y == 200
        }
        let open = try app.waitFor("the panel at rest open", after: mark) { $0.panel?.state == .open }
        let panelYs = app.events[down.index..<open.index].compactMap { $0.panel?.y }
        #expect((panelYs.min() ?? 600) < 300, "the panel followed the finger up: \(panelYs)")

        // At rest nothing is drawn: a window of real time with nothing to do, measuring absence.
        let atRest = app.events.count
        Thread.sleep(forTimeInterval: 1.0)
        let later = app.events.dropFirst(atRest).filter { $0.frame != nil || $0.panel != nil }
        #expect(later.isEmpty, "\(later.count) frames drawn at rest")
        // Every frame of the drag and the settle was presented (its feedback comes a repaint of weston's later than
        // phoc's, hence counted once the window of rest is over).
        let drawn = app.events[mark..<atRest].filter { $0.frame != nil }.count
        let presented = app.events[mark...].filter { $0.presented != nil }.count
        let discarded = app.events[mark...].filter { $0.discarded != nil }.count
        #expect(drawn >= 5 && presented >= drawn - 1 && presented + discarded >= drawn,
                "\(drawn) frames drawn, \(presented) presented, \(discarded) discarded")

        app.signal()
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        let exit = app.events.last?.exit
        #expect(exit?.reason == "SIGTERM", "\(app.events.last?.encoded ?? "no line")")

        // Stopped: phoc, weston and both runtime folders are gone.
        let pids = [phoc.processIdentifier, weston.processIdentifier]
        #expect(pids.map { ChildProcess(pid: $0)?.name } == ["phoc", "weston"])
        let folders = [phoc.runtimeDir, weston.runtimeDir]
        phoc.stop()
        for pid in pids { #expect(ChildProcess(pid: pid) == nil, "pid \(pid) still runs after stop") }
        for folder in folders { #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) is still there") }
    }
}
