import MomentumCore
import Foundation  // atan2
import MomentumLayers
import Testing
@testable import MomentumScenes

/// What the playground draws around its card shows what acts on it, as a user sees it in the drawn frame.
struct PlaygroundDecorTests {
    /// The rotated bar of the pull: a 2 px tall rounded rect, if one is drawn.
    private func pullLine(in list: DrawList) -> RoundedRect? {
        list.commands.lazy.compactMap { command -> RoundedRect? in
            // 2 px tall and longer than a glyph's round cap (the guide's icons have 2 px ones).
            if case .roundedRect(let r) = command, r.rect.height == 2, r.rect.width > 2 { return r }
            return nil
        }.first
    }

    private func texts(in list: DrawList) -> [String] {
        list.commands.compactMap { command -> String? in
            if case .text(let run) = command { return run.string }
            return nil
        }
    }

    private func drawn(_ scene: PlaygroundScene) -> DrawList {
        var list = DrawList()
        scene.draw(into: &list)
        return list
    }

    @Test func whileTheCardIsPulledALineRunsFromWhereItGoesToTheCard() {
        var d = PlaygroundDriver()
        #expect(pullLine(in: drawn(d.scene)) == nil, "at rest nothing pulls")
        _ = d.down(SIMD2(300, 300))
        d.wait(0.05)
        _ = d.up(SIMD2(300, 300))
        d.wait(0.1)
        let target = d.scene.target, position = d.scene.position
        guard let line = pullLine(in: drawn(d.scene)) else {
            Issue.record("no pull line while the card moves to \(target)")
            return
        }
        let d2 = position - target
        #expect(abs(line.rect.width - (d2 * d2).sum().squareRoot()) < 1e-9)
        #expect(length(line.rect.center - (position + target) / 2) < 1e-9)
        #expect(abs(line.rotation - atan2(d2.y, d2.x)) < 1e-9)
        d.settle()
        #expect(pullLine(in: drawn(d.scene)) == nil, "at rest again nothing pulls")
    }

    @Test func theLegendSaysWhatActsOnEachBackendAndUnderGravity() {
        var d = PlaygroundDriver()
        #expect(texts(in: drawn(d.scene)).contains { $0.hasPrefix("spring to the ring") })
        d.scene.switchBackend(to: PlaygroundScene.cardDynamics(), name: "dynamics")
        #expect(texts(in: drawn(d.scene)).contains { $0.hasPrefix("attachment to the ring") })
        let toggled = d.scene.toggleGravity()
        #expect(toggled)
        d.wait(0.1)
        let falling = drawn(d.scene)
        #expect(texts(in: falling).contains { $0.hasPrefix("falling free") })
        #expect(pullLine(in: falling) == nil, "nothing attaches a falling card")
    }

    @Test func theFieldsWallsAreWhereTheCardBounces() {
        // Without a dock (a window too narrow for the legend's lines under the field) the floor is the window's foot.
        let size = SIMD2(320.0, 560)
        let scene = PlaygroundScene(size: size)
        #expect(scene.dock == nil)
        let rects = drawn(scene).commands.compactMap { command -> DrawRect? in
            if case .roundedRect(let r) = command, r.rotation == 0, r.scale == 1 { return r.rect }
            if case .rect(let r, _) = command { return r }
            return nil
        }
        // The ceiling at the chrome band's edge, the floor at the window's bottom edge, sides at its sides.
        let band = SceneChrome.bandHeight(for: size)
        #expect(rects.contains { $0.y == band && $0.width == 320 && $0.height <= 3 })
        #expect(rects.contains { $0.maxY == 560 && $0.width == 320 && $0.height <= 3 })
        #expect(rects.contains { $0.x == 0 && $0.y == band && $0.maxY == 560 && $0.width <= 3 })
        #expect(rects.contains { $0.maxX == 320 && $0.y == band && $0.maxY == 560 && $0.width <= 3 })
    }

    @Test("a large window docks the legend and the gesture guide under the field: drawn there, the floor at its top")
    func aLargeWindowDocksTheLegendAndTheGuide() throws {
        let scene = PlaygroundScene(size: SIMD2(1920, 1080))
        let dock = try #require(scene.dock)
        #expect(dock.maxY == 1080 && dock.width == 1920 && dock.height < 130, "\(dock)")
        #expect(scene.floor == dock.y && scene.fieldRect.maxY == dock.y)
        let list = drawn(scene)
        let runs = list.commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
        for label in ["Flick to throw", "Pinch to scale", "Twist to turn", "Tap to send it", "spring to the ring", "keys 1-4"] {
            let run = try #require(runs.first { $0.string.hasPrefix(label) }, "\(label) drawn")
            #expect(run.position.y > dock.y && run.position.y < dock.maxY, "\(label) at \(run.position), dock \(dock)")
        }
        // The floor drawn at the dock's top edge, across the window.
        let rects = list.commands.compactMap { command -> DrawRect? in
            if case .roundedRect(let r) = command, r.rotation == 0, r.scale == 1 { return r.rect }
            if case .rect(let r, _) = command { return r }
            return nil
        }
        #expect(rects.contains { $0.maxY == dock.y && $0.width == 1920 && $0.height <= 3 })
        // The card's rest is above it.
        #expect(scene.clamped(SIMD2(960, 2000)).y + scene.side / 2 == dock.y)
        // A phone's window (and 800x600), in portrait or in landscape, docks the legend's lines alone (a window under
        // 600 px tall in a slimmer dock); a window too narrow for them, or too short for the card above a dock, has none.
        for size in [SIMD2(360.0, 720), SIMD2(800.0, 600), SIMD2(720.0, 360), SIMD2(640.0, 360), SIMD2(568.0, 320),
                     SIMD2(640.0, 480)] {
            let phone = PlaygroundScene(size: size)
            let dock = try #require(phone.dock, "\(size)")
            #expect(!PlaygroundScene.guideDocked(for: size) && phone.fieldRect.maxY == dock.y)
            let lines = drawn(phone).commands.compactMap { command -> TextRun? in
                if case .text(let run) = command, run.string.hasPrefix("spring to") || run.string.hasPrefix("keys") { return run }
                return nil
            }
            #expect(lines.count == 2 && lines.allSatisfy { $0.position.y > dock.y && $0.position.y < dock.maxY }, "\(lines)")
        }
        for size in [SIMD2(320.0, 560), SIMD2(320.0, 320), SIMD2(600.0, 260)] {
            #expect(PlaygroundScene.dock(for: size) == nil, "\(size)")
        }
    }

    /// At 800x600 the gesture guide's four chips (throw, pinch, twist, tap) are shown under the title, where the hint
    /// and the chips together did not fit and the window showed neither chip (pinch and twist a line of grey text):
    /// every label drawn whole on its chip, the chips apart, below the title, inside the window and at least 24 px
    /// above the card at home, over the faint grid a large window's field has. 1024x768 keeps the hint's lines and
    /// the chips under them.
    @Test(arguments: [SIMD2<Double>(800, 600), SIMD2(1024, 768)])
    func aWindowAsWideAsTheChipsShowsThem(size: SIMD2<Double>) throws {
        let scene = PlaygroundScene(size: size)
        let runs = drawn(scene).commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
        let title = try #require(runs.first { $0.string == "Playground" })
        let card = scene.home.y - scene.side / 2
        var chips: [TextRun] = []
        for label in ["Flick to throw", "Pinch to scale", "Twist to turn", "Tap to send it"] {
            let run = try #require(runs.first { $0.string == label }, "\(label) drawn at \(size)")
            chips.append(run)
            // Its capitals' top below the title's descenders, its descenders 24 px above the card at home.
            #expect(run.position.y - run.size * TextRun.capHeightPerEm > title.position.y + 0.25 * title.size, "\(label)")
            #expect(run.position.y + 0.25 * run.size + 24 <= card, "\(label) at \(run.position), card from \(card)")
            #expect(run.position.x > 12 && run.position.x < size.x - 100)
        }
        #expect(Set(chips.map(\.position.y)).count == 1, "one row")
        #expect(zip(chips, chips.dropFirst()).allSatisfy { $1.position.x - $0.position.x >= 120 }, "apart")
        let hintLine = runs.contains { $0.string.hasPrefix("Throw the card") }
        #expect(hintLine == (size.y >= 768), "the hint's lines shown only where they fit with the chips")
        // The field is a mat, as a large window's: a faint grid's full-height lines (a phone's field has none: drawn
        // again wherever the ring and the spark damage the window, they cost a landscape phone's frames).
        func gridLines(_ scene: PlaygroundScene) -> Int {
            drawn(scene).commands.filter { command in
                if case .roundedRect(let r) = command { return r.rect.width == 1 && r.rect.height > scene.fieldRect.height - 8 }
                if case .rect(let r, _) = command { return r.width == 1 && r.height > scene.fieldRect.height - 8 }
                return false
            }.count
        }
        #expect(gridLines(scene) >= 5, "\(gridLines(scene)) grid lines at \(size)")
        #expect(gridLines(PlaygroundScene(size: SIMD2(360, 720))) == 0 && gridLines(PlaygroundScene(size: SIMD2(720, 360))) == 0)
    }

    /// Every size `--all-sizes` tours: the legend's lines lie under the field's floor, below the lowest the card and
    /// the tile can be sent or dragged (`clamped`, `clampedTile`), and the card at home keeps 24 px from the bar and
    /// from the floor. At 720x360, 640x360 and 568x320 the lines sat in the field's corner, where the card came to rest
    /// over them and flew over them mid-throw.
    @Test("the legend lies under the floor, out of the card's and the tile's reach; the card at home clear of the bar and the floor",
          arguments: [SIMD2<Double>(360, 720), SIMD2(720, 360), SIMD2(640, 360), SIMD2(568, 320), SIMD2(640, 480),
                      SIMD2(800, 600), SIMD2(1280, 800), SIMD2(1920, 1080)])
    func theLegendIsOutOfTheBodiesReach(size: SIMD2<Double>) throws {
        let scene = PlaygroundScene(size: size)
        let lines = drawn(scene).commands.compactMap { command -> TextRun? in
            if case .text(let run) = command, run.string.hasPrefix("spring to") || run.string.hasPrefix("keys") { return run }
            return nil
        }
        #expect(lines.count == 2, "\(size): \(lines)")
        // From its capitals (0.75 em above the baseline).
        let legendTop = try #require(lines.map { $0.position.y - 0.75 * $0.size }.min())
        let low = SIMD2(size.x / 2, size.y * 2)
        let cardFoot = scene.clamped(low).y + scene.side / 2, tileFoot = scene.clampedTile(low).y + scene.tileSide / 2
        #expect(cardFoot <= scene.floor && tileFoot <= scene.floor && scene.floor + 8 <= legendTop,
                "\(size): card down to \(cardFoot), tile to \(tileFoot), floor \(scene.floor), legend from \(legendTop)")
        let home = scene.card.rect, band = SceneChrome.bandHeight(for: size)
        #expect(home.y - band >= 24 && scene.floor - home.maxY >= 24, "\(size): card at home \(home), bar to \(band), floor \(scene.floor)")
    }

    @Test("the card rests in the middle of the field's free part: below the hint on a large screen, above the dock on a landscape phone",
          arguments: [SIMD2(720.0, 360), SIMD2(1920.0, 1080), SIMD2(2560.0, 1440), SIMD2(1280.0, 1024)])
    func theCardRestsInTheMiddleOfTheFreeField(size: SIMD2<Double>) {
        let scene = PlaygroundScene(size: size)
        let card = scene.card.rect
        // The text drawn in the field (the hint above the card, the legend below it where there is no dock; not the
        // card's own face), from its capitals (0.75 em above the baseline) to its descenders (0.25 em below).
        let runs = drawn(scene).commands.compactMap { command -> TextRun? in
            if case .text(let run) = command, run.position.y < scene.floor, !card.contains(run.position) { return run }
            return nil
        }
        let above = runs.filter { $0.position.y < card.center.y }.map { $0.position.y + 0.25 * $0.size }.max()
            ?? scene.fieldRect.y
        let below = runs.filter { $0.position.y > card.center.y }.map { $0.position.y - 0.75 * $0.size }.min()
            ?? scene.floor
        let (top, bottom) = (card.y - max(above, scene.fieldRect.y), min(below, scene.floor) - card.maxY)
        // Clear of both by 8 px, and as far from one as from the other (the text's box is estimated here).
        #expect(top >= 8 && bottom >= 8, "\(size): \(top) px above the card, \(bottom) px below")
        #expect(abs(top - bottom) <= 24, "\(size): \(top) px above the card, \(bottom) px below")
        // The tile starts clear of the card, inside the field.
        let tile = DrawRect(origin: scene.tilePosition - scene.tileSide / 2, size: SIMD2(scene.tileSide, scene.tileSide))
        #expect(tile.intersection(card) == nil && tile.maxY <= scene.floor && tile.y >= scene.fieldRect.y, "\(size): \(tile)")
    }

    @Test("a card sent aside (the tour's retarget tap) lies clear of the text in the field and off the card at home",
          arguments: [SIMD2(360.0, 720), SIMD2(720.0, 360), SIMD2(640.0, 480), SIMD2(800.0, 600), SIMD2(1280.0, 800),
                      SIMD2(1920.0, 1080)])
    func aCardSentAsideKeepsClearOfTheText(size: SIMD2<Double>) {
        let scene = PlaygroundScene(size: size)
        let home = scene.card.rect, spot = scene.asideSpot
        let aside = DrawRect(origin: spot - home.size / 2, size: home.size)
        // The text drawn in the field (the hint, the guide, the legend where there is no dock; not the card's own
        // face), capitals to descenders, across the whole width (centred lines reach either way).
        for case .text(let run) in drawn(scene).commands where run.position.y < scene.floor && !home.contains(run.position) {
            let (top, bottom) = (run.position.y - 0.75 * run.size, run.position.y + 0.25 * run.size)
            #expect(bottom <= aside.y || top >= aside.maxY, "\(size): \"\(run.string)\" (\(top)–\(bottom)) under a card at \(aside)")
        }
        // Off the card at home, so the tap retargets it rather than taking hold of it.
        #expect(spot.x < home.x - 8, "\(size): the spot \(spot) on the card at \(home)")
    }

    private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
}
