import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// Right after a launch, the frames keep the compositor's rate, as the user sees them: the launch's first frame is
/// written by the CPU (`RenderTarget.writesFirstFrame`), and the GL's programs, whose code llvmpipe builds at their
/// first draw (4–10 ms of CPU each), are built between the frames after it (`RenderTarget.warmUpNext`), not in one of
/// them. Before the twenty-first step the second frame built them all and came 2–4 refreshes after the first.
@Suite(.serialized) struct LaunchPacingEndToEndTests {
    /// How many presented frames after the first are judged: past the frames the CPU writes while the programs are
    /// built (one a commit) and the GL's first frame after them.
    static let frames = 16

    /// Every scene's autoplay in a real weston (800x600, 60 Hz, the HUD on as the bench runs it): from the first
    /// presented frame, each of the next `frames` presented frames drawn at a frame callback (a moving run's frame)
    /// is shown less than two and a half refreshes after the frame before it (at most one refresh missed), as
    /// weston's presentation feedback tells it. Frames the run left uncommitted (nothing changed) break the count.
    @Test(arguments: SceneKind.allCases)
    func theFramesAfterTheFirstComeAtTheCompositorsRate(scene: SceneKind) throws {
        let c = try Compositor(scene: scene, arguments: ["--autoplay"])
        let wanted = UInt64(Self.frames + 1)
        try c.app.waitFor("\(wanted) frames presented") { ($0.presented?.sequence ?? 0) >= wanted }
        let events = c.app.events
        var shown: [UInt64: TraceRecord.Presented] = [:]
        for presented in events.compactMap(\.presented) { shown[presented.sequence] = presented }
        let drawn = events.compactMap(\.frame).filter { $0.sequence <= wanted }
        let first = try #require(drawn.first { shown[$0.sequence] != nil }, "no frame presented")
        var intervals: [(sequence: UInt64, ms: Double, refreshes: Double)] = []
        for frame in drawn where frame.sequence > first.sequence && frame.callbackT != nil {
            guard let now = shown[frame.sequence], let before = shown[frame.sequence - 1] else { continue }
            let refresh = Double(now.refreshNanoseconds > 0 ? now.refreshNanoseconds : 16_666_667)
            let gap = Double(now.nanoseconds) - Double(before.nanoseconds)
            intervals.append((frame.sequence, gap / 1e6, gap / refresh))
        }
        #expect(intervals.count >= Self.frames / 2, "\(scene.rawValue): \(intervals.count) intervals judged")
        let long = intervals.filter { $0.refreshes >= 2.5 }
        let said = long.map { "frame \($0.sequence) \(Int($0.ms.rounded())) ms" }.joined(separator: ", ")
        #expect(long.isEmpty, "\(scene.rawValue): shown more than two refreshes after the frame before: \(said)")
    }
}
