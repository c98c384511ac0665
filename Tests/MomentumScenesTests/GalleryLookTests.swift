import MomentumCore
import MomentumLayers
import Testing
@testable import MomentumScenes

/// What a user reads and sees of the gallery, in the drawn frame.
struct GalleryLookTests {
    /// On a landscape phone every line of text keeps 16 px from the window's foot (the lanes' caption kept 5), and
    /// the lanes' caption and the form field's end level with each other (within 12 px).
    @Test func aLandscapePhonesCaptionsKeepClearOfTheFoot() throws {
        let scene = GalleryScene(size: SIMD2(720, 360))
        var list = DrawList()
        scene.draw(into: &list)
        let runs = list.commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
        // Descenders: a quarter of the em under the baseline.
        let lowest = try #require(runs.map { $0.position.y + 0.25 * $0.size }.max())
        #expect(lowest <= 360 - 16, "the lowest line reaches \(lowest)")
        let lanes = try #require(runs.first { $0.string.hasPrefix("tap: run back") })
        let shake = try #require(runs.first { $0.string.hasPrefix("tap: shake") })
        #expect(abs(lanes.position.y - shake.position.y) <= 12, "\(lanes.position) / \(shake.position)")
    }

    /// On a phone the shuffling cover's swing reaches under the orbit: it passes behind the planet, the satellite and
    /// the orbit's caption, never over them.
    @Test func midShuffleTheFlyingCoverPassesBehindTheSatelliteAndItsCaption() {
        var scene = GalleryScene(size: SIMD2(360, 720))
        _ = scene.trigger(.covers)
        let orbit = scene.layout.orbitFrame
        var reached = false
        for _ in 0..<Int((GalleryCoverStack.delay + GalleryCoverStack.duration) * 60) {
            _ = scene.advance(by: 1.0 / 60)
            var list = DrawList()
            scene.draw(into: &list)
            var lastCover = -1, satellite = -1, caption = -1
            for (k, command) in list.commands.enumerated() {
                switch command {
                case .roundedRect(let r) where r.rect.size == SIMD2(repeating: GalleryLayout.cardSize):
                    lastCover = k
                    let half = r.rect.size * 0.5 * r.scale
                    if r.rect.center.x + half.x > orbit.x, r.rect.center.y - half.y < orbit.maxY { reached = true }
                case .roundedRect(let r) where r.rect.size == SIMD2(24, 12): satellite = k
                case .text(let run) where run.string.hasPrefix("tap: 3 laps"): caption = k
                default: break
                }
            }
            #expect(satellite > lastCover && caption > lastCover, "cover at \(lastCover), satellite \(satellite)")
        }
        #expect(reached, "the swing should reach the orbit's area at 360x720 (else this test shows nothing)")
    }

    /// Labels and captions are 13 px type (9.5 px capitals) on every screen, the landscape phone's included.
    @Test(arguments: [SIMD2<Double>(360, 720), SIMD2(720, 360), SIMD2(800, 600), SIMD2(1920, 1080)])
    func labelsAndCaptionsAreReadable(size: SIMD2<Double>) {
        let scene = GalleryScene(size: size)
        var list = DrawList()
        scene.draw(into: &list)
        let runs = list.commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
        #expect(runs.count >= 13)
        for run in runs { #expect(run.size * TextRun.capHeightPerEm >= 9.5 - 1e-9, "\(run.string) at \(size)") }
    }
}
