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

    /// The playground's autoplay throws the card at the tile each lap and passes the puck (low on the right): its
    /// third stop is left of the puck, so the last leg down to the left passes clear of it. From above the puck (0.7
    /// across) that leg grazed the puck's corner at 800x600, and the card, turned back right off the tile, drove it
    /// into the wall: a flash and a contact solve on each of 7 frames running, where the base's lap knocks the tile.
    @Test(arguments: [SIMD2(800.0, 600), SIMD2(720.0, 360), SIMD2(360.0, 720), SIMD2(1920.0, 1080)])
    func thePlaygroundsAutoplayKnocksTheTileAndPassesThePuck(size: SIMD2<Double>) {
        var scene = PlaygroundScene(size: size)
        var met: [String] = []
        for _ in 0..<(20 * 60) {
            _ = scene.autoplay()
            met += scene.advance(by: 1.0 / 60).filter { $0.kind == .collision }.map { $0.string(.object) ?? "?" }
        }
        #expect(met.contains("tile"), "at \(size): \(met)")
        #expect(!met.contains { $0.contains("puck") }, "at \(size): \(met)")
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
