import Foundation
import MomentumScenes
import Testing

/// The GL programs each scene's first frame draws with before its commit (the first frame's debug line): llvmpipe
/// builds a program's code at its first draw (4–7 ms of CPU each even with Mesa's shader cache warm), so each one
/// more is that much later on the screen. The first frames draw shapes and shadows with one combined program, flat
/// fills and glyphs with their own (`Renderer.drawsCombined`): three, where the kinds' own programs were four.
@Suite(.serialized) struct FirstFrameProgramsEndToEndTests {
    @Test(arguments: SceneKind.allCases)
    func theFirstFrameIsDrawnWithThreePrograms(scene: SceneKind) throws {
        let c = try Compositor(scene: scene, arguments: ["--log-level", "debug"])
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
        let line = c.app.stderr.split(separator: "\n").first { $0.contains("debug: first frame: drawn in") }
        let programs = line.flatMap { $0.split(separator: ",").last }
            .flatMap { Int($0.split(separator: " ").first ?? "") }
        #expect(programs == 3, "\(line.map(String.init) ?? c.app.stderr.suffix(2000).description)")
    }
}
