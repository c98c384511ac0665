import MomentumCore
import MomentumLayers
@testable import MomentumScenes
import Testing
@testable import MomentumRun

/// A short window (a phone in landscape) keeps its content area large, as a landscape phone app does: the chrome is
/// one compact bar (the switcher's pill, a scene's title inline beside it, the HUD's short box), not the 96 px band
/// and a header bar under it that took a quarter of 720x360. Taller windows keep the band as it was.
struct CompactChromeTests {
    static let short: [SIMD2<Double>] = [SIMD2(720, 360), SIMD2(640, 400), SIMD2(844, 390), SIMD2(1280, 400)]
    static let tall: [SIMD2<Double>] = [SIMD2(360, 720), SIMD2(640, 480), SIMD2(800, 600), SIMD2(1920, 1080)]

    private static func runs(_ list: DrawList) -> [TextRun] {
        list.commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
    }

    /// The switcher as the run core sets it up for a window of `size`.
    private static func switcher(_ size: SIMD2<Double>) -> SceneSwitcher {
        var switcher = SceneSwitcher(names: SceneKind.allCases.map(\.rawValue), selected: 1)
        switcher.setRoom(HUD.switcherRoom(for: size), compact: SceneChrome.isCompact(size))
        return switcher
    }

    @Test("a short window's scenes keep at least 85 % of its height below the chrome", arguments: short)
    func aShortWindowsContentAreaTakesMostOfItsHeight(size: SIMD2<Double>) {
        // The list's viewport, the transition's backdrop under its bar (the bar as drawn), the playground's field:
        // each 85 % of the height (the band took 27 % of 360). The gallery's columns are centred in what is under
        // the bar where they are a landscape phone's three columns (they began 4 px under the band and left 20 px
        // under their captions at 720x360; 1280x400 shows them zoomed, a layout of its own).
        let scroll = ScrollScene(size: size)
        #expect(scroll.viewport.height >= 0.85 * size.y, "\(size): the list's viewport \(scroll.viewport)")
        var list = DrawList()
        TransitionScene(size: size).draw(into: &list)
        let bars = list.commands.compactMap { command -> DrawRect? in
            if case .rect(let r, _) = command, r.x == 0, r.y == 0, r.width == size.x, r.height < size.y { return r }
            return nil
        }
        #expect(!bars.isEmpty && bars.allSatisfy { $0.height <= 0.15 * size.y }, "\(size): the header bar \(bars)")
        let backdrop = TransitionScene(size: size).touchTargets.first { $0.name == "backdrop" }?.rect
        #expect((backdrop?.height ?? 0) >= 0.85 * size.y, "\(size): the backdrop \(String(describing: backdrop))")
        // The playground's field and, under it, its own dock holding the legend (a toolbar along the foot, out of
        // the bodies' reach: look29n), not the chrome's.
        let field = PlaygroundScene(size: size).fieldRect
        let dock = PlaygroundScene.dock(for: size)?.height ?? 0
        #expect(field.height + dock >= 0.85 * size.y, "\(size): the playground's field \(field) and dock \(dock)")
        let band = SceneChrome.bandHeight(for: size), gallery = GalleryScene(size: size)
        let above = (gallery.touchTargets.map(\.rect.y).min() ?? 0) - band, below = size.y - gallery.layout.contentBottom
        #expect(above >= 0 && (!gallery.layout.isShort || gallery.zoom != 1 || abs(above - below) <= 12),
                "\(size): the gallery's items \(above) px under the bar, \(below) over the foot")
    }

    @Test("a short window's switcher, scene title and HUD share one bar, apart", arguments: short)
    func theSwitcherTheTitleAndTheHUDShareOneBar(size: SIMD2<Double>) throws {
        let band = SceneChrome.bandHeight(for: size), hud = HUD.box(for: size), switcher = Self.switcher(size)
        let pills = switcher.targets.map(\.rect)
        // Every piece of chrome inside the bar, with 8 px above and below it.
        for r in pills + [hud] {
            #expect(r.y >= 8 && r.maxY <= band - 8, "\(size): \(r) in a \(band) px bar")
        }
        #expect(pills.allSatisfy { $0.maxX + 8 <= hud.x }, "\(size): the switcher \(pills) under the HUD \(hud)")
        // The transition's and the list's titles inline, between the switcher and the HUD, inside the bar.
        var transition = DrawList(), scroll = DrawList()
        TransitionScene(size: size).draw(into: &transition)
        ScrollScene(size: size).draw(into: &scroll)
        for (title, list) in [("Inbox", transition), ("Library", scroll)] {
            let run = try #require(Self.runs(list).first { $0.string == title }, "\(size): \(title) drawn")
            let capitals = run.size * TextRun.capHeightPerEm, width = Double(title.count) * run.size * 0.62
            #expect(run.position.y - capitals >= 8 && run.position.y + 0.25 * run.size <= band - 4,
                    "\(size): \(title)'s baseline at \(run.position.y) in a \(band) px bar")
            #expect(pills.allSatisfy { run.position.x >= $0.maxX + 8 } && run.position.x + width <= hud.x - 8,
                    "\(size): \(title) at \(run.position.x)…\(run.position.x + width), switcher \(pills), HUD \(hud)")
        }
    }

    @Test("a window at least 480 px tall keeps the 96 px band, its chrome 12 px in and titles under the switcher",
          arguments: tall)
    func tallWindowsKeepTheBand(size: SIMD2<Double>) throws {
        #expect(SceneChrome.bandHeight(for: size) == 96)
        #expect(HUD.box(for: size).y == 12 && Self.switcher(size).targets.allSatisfy { $0.rect.y == 12 })
        var list = DrawList()
        ScrollScene(size: size).draw(into: &list)
        let title = try #require(Self.runs(list).first { $0.string == "Library" })
        // Its left edge is the rows' (ScrollLookTests); here only that it sits under the switcher, not beside it.
        #expect(title.position.x >= 20 && title.position.y > 60, "\(size): \(title.position)")
        #expect(ScrollScene(size: size).viewport.y == 96)
    }
}
