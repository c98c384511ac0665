import Foundation
import MomentumApp
import Testing

/// `--autoplay` under a real weston: every scene keeps demonstrating itself with nobody touching it (the workload
/// the frame-timing benchmark runs), and the frames keep coming while it does.
@Suite(.serialized) struct AutoplayEndToEndTests {
    @Test(arguments: ["panel", "transition", "gallery", "playground", "scroll"])
    func everySceneKeepsPlayingByItself(scene: String) throws {
        let c = try Compositor(scene: scene, arguments: ["--autoplay"])
        let mark = c.app.events.count
        var seen = 0
        let third = try c.app.waitFor("three autoplay motions in \(scene)", after: mark, timeout: 30) { e in
            if e.kind == "gesture", e.string("kind") == "autoplay" { seen += 1 }
            return seen >= 3
        }
        let window = c.app.events[mark...third.index]
        #expect(!window.contains { $0.kind == "touch" })
        // The scene moved between them: its records changed, frame after frame.
        let records = window.filter { $0.kind == scene }.map { $0.line.replacingOccurrences(of: #""t":[0-9.e+-]+,"#,
                                                                                           with: "", options: .regularExpression) }
        #expect(Set(records).count >= 10, "\(scene): \(Set(records).count) distinct records")
    }
}
