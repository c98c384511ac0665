import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// `--autoplay` under a real weston: every scene keeps demonstrating itself with nobody touching it (the workload
/// the frame-timing benchmark runs), and the frames keep coming while it does.
@Suite(.serialized) struct AutoplayEndToEndTests {
    @Test(arguments: SceneKind.allCases)
    func everySceneKeepsPlayingByItself(scene: SceneKind) throws {
        let c = try Compositor(scene: scene, arguments: ["--autoplay"])
        let mark = c.app.events.count
        var seen = 0
        let third = try c.app.waitFor("three autoplay motions in \(scene.rawValue)", after: mark, timeout: 30) { e in
            if e.gesture(.autoplay) != nil { seen += 1 }
            return seen >= 3
        }
        let window = c.app.events[mark...third.index]
        #expect(!window.contains { $0.touch != nil })
        // The scene moved between them: its records changed, frame after frame.
        let records = window.compactMap(\.sceneState).filter { $0.kind == scene }
        let distinct = records.reduce(into: [SceneRecord]()) { if !$0.contains($1) { $0.append($1) } }
        #expect(distinct.count >= 10, "\(scene.rawValue): \(distinct.count) distinct records")
    }
}
