import MomentumCore
import Testing
@testable import MomentumScenes

/// `--autoplay` in every scene: at rest it starts the scene's next demonstration, and only at rest.
struct AutoplayTests {
    /// Runs `scene` at 60 Hz for `seconds`, calling autoplay at every frame as the app does; returns how many
    /// motions autoplay started and how many frames the scene was at rest.
    private func play(_ scene: inout some Scene, seconds: Double) -> (started: Int, restFrames: Int) {
        var started = 0, rest = 0
        for _ in 0..<Int(seconds * 60) {
            if scene.autoplay() { started += 1 }
            if !scene.needsFrames { rest += 1 }
            _ = scene.advance(by: 1.0 / 60)
        }
        return (started, rest)
    }

    @Test func everySceneKeepsPlaying() {
        for kind in SceneKind.allCases {
            var scene = kind.make(size: SIMD2(800, 600), backend: .spring)
            let (started, rest) = play(&scene, seconds: 20)
            // Something starts again each time the last motion ends: many motions, hardly a frame at rest.
            #expect(started >= 3, "\(kind): \(started) motions in 20 s")
            #expect(rest <= started, "\(kind): \(rest) frames at rest")
        }
    }

    @Test func autoplayStartsNothingWhileAMotionRuns() {
        var transition = TransitionScene(size: SIMD2(800, 600))
        let presenting = transition.autoplay()
        #expect(presenting && transition.state == .presenting)
        let again = transition.autoplay()
        #expect(!again)
        var playground = PlaygroundScene(size: SIMD2(800, 600))
        let start = playground.position
        let flicked = playground.autoplay()
        #expect(flicked && playground.needsFrames)
        let twice = playground.autoplay()
        #expect(!twice)
        _ = playground.advance(by: 1.0 / 60)
        // Flicked toward its goal: it moves that way at once.
        #expect(playground.position.x < start.x && playground.position.y < start.y)
    }

    @Test func autoplayWaitsForATouchToEnd() {
        var playground = PlaygroundScene(size: SIMD2(800, 600))
        let down = TouchFrame(changes: [TouchChange(id: 0, phase: .down, position: SIMD2(100, 500), time: 1)])
        _ = playground.handle(down)
        let whileTouched = playground.autoplay()
        #expect(!whileTouched)
        var gallery = GalleryScene(size: SIMD2(800, 600))
        _ = gallery.handle(down)
        let galleryWhileTouched = gallery.autoplay()
        #expect(!galleryWhileTouched)
    }
}
