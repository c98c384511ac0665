import Testing
import MomentumCore
import MomentumLayers
@testable import MomentumScenes

/// The panel scene's wallpaper, as a new user sees it.
@Suite("Panel: the lock screen's wallpaper")
struct PanelLookTests {
    static func runs(_ size: SIMD2<Double>) -> (runs: [TextRun], layout: PanelLayout) {
        let layout = PanelLayout(width: size.x, height: size.y)
        let scene = PanelScene(layout: layout, backend: .spring(SpringAnimation(parameters: SpringParameters(stiffness: 300, damping: 20, mass: 1), at: .zero)),
                               backendName: "spring")
        var list = DrawList()
        scene.draw(into: &list)
        let runs = list.commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
        return (runs, layout)
    }

    /// A desktop's screen has room above the open panel: two notifications fill it under the hint, between the
    /// hint's last line and the open panel, their text readable (9.5 px capitals or more).
    @Test(arguments: [SIMD2<Double>(1920, 1080), SIMD2(2560, 1440)])
    func aLargeScreenShowsNotificationsUnderTheHint(size: SIMD2<Double>) throws {
        let (runs, layout) = Self.runs(size)
        let hint = try #require(runs.first { $0.string == "A drag on a slider moves the slider" })
        for string in ["Ada Lovelace", "Weather"] {
            let run = try #require(runs.first { $0.string == string }, "\(string) at \(size)")
            #expect(run.position.y > hint.position.y + 20, "\(string) under the hint at \(size)")
            #expect(run.position.y < layout.y(for: .open) - 20, "\(string) above the open panel at \(size)")
        }
        let body = try #require(runs.first { $0.string.hasPrefix("Notes on the engine") })
        #expect(body.size * TextRun.capHeightPerEm >= 9.5 - 1e-9 && body.position.y < layout.y(for: .open) - 12)
    }

    /// Phones and small windows have no room for them: the clock and the hint only.
    @Test(arguments: [SIMD2<Double>(360, 720), SIMD2(720, 360), SIMD2(800, 600), SIMD2(1280, 800)])
    func smallScreensShowNone(size: SIMD2<Double>) {
        #expect(!Self.runs(size).runs.contains { $0.string == "Ada Lovelace" }, "\(size)")
    }
}
