import MomentumRun
import MomentumScenes
import Testing

/// The scroll list shown as tiles: while it coasts after the autoplay's flicks (2500 px/s, bouncing at the ends),
/// frame by frame at 40 fps, every row in view is on screen the frame it comes into view without being drawn then
/// (it was drawn ahead), and no frame draws more than its budget — never a band of rows at once.
struct TileScheduleTests {
    /// Windows as `momentum run --autoplay` shows the list: width and height (logical px) and scale.
    static let screens: [SIMD3<Double>] = [SIMD3(800, 600, 1), SIMD3(360, 720, 2), SIMD3(1920, 1080, 1),
                                           SIMD3(1920, 1080, 2)]

    @Test(arguments: screens)
    func aCoastingListIsDrawnAheadATileOrTwoAFrame(screen: SIMD3<Double>) {
        let (width, height, scale) = (screen.x, screen.y, screen.z)
        var scene = ScrollScene(size: SIMD2(width, height))
        scene.setOutputScale(scale)
        let rows = TileSchedule.height(forWidthPixels: Int(width * scale), scale: scale)
        var schedule = TileSchedule(tileHeight: rows)
        let tilePixels = Int(width * scale) * Int(rows * scale)
        let windowPixels = Int(width * scale * height * scale)
        // The most a frame may draw once the list moves: the ahead budget, or two tiles (the motion's share).
        let most = max(Int(TileSchedule.aheadBudget * Double(windowPixels)), 2 * tilePixels)
        var frames = 0, flicks = 0, lateTiles: [String] = [], heavyFrames: [String] = []
        var maxSurfaces = 0
        while flicks < 4 || scene.needsFrames {
            if !scene.needsFrames, scene.autoplay() { flicks += 1 }
            // Where the layer is in the window, and the part of it the window shows (layer px).
            let layerTop = scene.viewport.y + scene.offset
            let top = max(0, -layerTop), bottom = min(scene.contentHeight, height - layerTop)
            let frame = schedule.plan(top: top, bottom: bottom, layerHeight: scene.contentHeight,
                                      windowHeight: height, tilePixels: tilePixels, windowPixels: windowPixels)
            // Every tile in view is shown, top to bottom.
            let first = Int((top / rows).rounded(.down))
            let last = Int((bottom / rows).rounded(.up)) - 1
            #expect(frame.show.map(\.tile) == Array(first...last), "frame \(frames)")
            let drawn = (frame.show.filter(\.draw).count + frame.ahead.count) * tilePixels
            // The first frame draws what is in view; the second may draw a row the flick uncovered at once.
            if frames >= 2 {
                for shown in frame.show where shown.draw { lateTiles.append("frame \(frames): tile \(shown.tile)") }
                if drawn > most { heavyFrames.append("frame \(frames): \(drawn) px") }
            }
            maxSurfaces = max(maxSurfaces, schedule.held.count)
            _ = scene.advance(by: 1.0 / 40)
            frames += 1
        }
        #expect(frames > 100)
        #expect(lateTiles.isEmpty, "tiles drawn only when they came into view: \(lateTiles)")
        #expect(heavyFrames.isEmpty, "frames over \(most) px (a tile is \(tilePixels) px): \(heavyFrames)")
        // Surfaces: the window's tiles, half a window ahead and two behind.
        let bound = Int((height / rows).rounded(.up)) + 1
            + Int((0.5 * height / rows).rounded(.up)) + TileSchedule.behindTiles
        #expect(maxSurfaces <= bound)
    }

    /// On a small window a one-column list's row is a small tile, whose drawing costs mostly what any tile's does
    /// (a surface made current, cleared, checked and swapped): its tiles hold two rows there, so the autoplay's
    /// flicks draw the list in about half as many tiles, with about as many pixels. Wide tiles stay one row.
    @Test func aSmallWindowsListIsDrawnInHalfAsManyTiles() {
        #expect(TileSchedule.height(forWidthPixels: 720, scale: 1) == 2 * TileSchedule.tileHeight)  // 800x600
        #expect(TileSchedule.height(forWidthPixels: 656, scale: 2) == TileSchedule.tileHeight)  // 360x720 at 2
        #expect(TileSchedule.height(forWidthPixels: 1456, scale: 1) == TileSchedule.tileHeight)  // 1920x1080
        #expect(TileSchedule.height(forWidthPixels: 2912, scale: 2) == TileSchedule.tileHeight)  // 3840x2160
        func drawn(rows: Double) -> (tiles: Int, pixels: Int) {
            var scene = ScrollScene(size: SIMD2(800, 600))
            var schedule = TileSchedule(tileHeight: rows)
            let tilePixels = 720 * Int(rows)
            var tiles = 0, flicks = 0
            while flicks < 4 || scene.needsFrames {
                if !scene.needsFrames, scene.autoplay() { flicks += 1 }
                let layerTop = scene.viewport.y + scene.offset
                let top = max(0, -layerTop), bottom = min(scene.contentHeight, 600 - layerTop)
                let frame = schedule.plan(top: top, bottom: bottom, layerHeight: scene.contentHeight, windowHeight: 600,
                                          tilePixels: tilePixels, windowPixels: 480_000)
                tiles += frame.show.filter(\.draw).count + frame.ahead.count
                _ = scene.advance(by: 1.0 / 40)
            }
            return (tiles, tiles * tilePixels)
        }
        // The list's first frame at its top (the view below the bar, 504 px) draws the same rows either way: those
        // in view and the next two.
        func first(rows: Double) -> Int {
            var schedule = TileSchedule(tileHeight: rows)
            let frame = schedule.plan(top: 0, bottom: 504, layerHeight: 3856, windowHeight: 600,
                                      tilePixels: 720 * Int(rows), windowPixels: 480_000)
            return (frame.show.filter(\.draw).count + frame.ahead.count) * 720 * Int(rows)
        }
        #expect(first(rows: 2 * TileSchedule.tileHeight) <= first(rows: TileSchedule.tileHeight))
        let one = drawn(rows: TileSchedule.tileHeight), two = drawn(rows: 2 * TileSchedule.tileHeight)
        #expect(Double(two.tiles) <= 0.6 * Double(one.tiles), "\(two.tiles) two-row tiles vs \(one.tiles) one-row")
        #expect(Double(two.pixels) <= 1.2 * Double(one.pixels), "\(two.pixels) px vs \(one.pixels) px")
    }

    @Test func newContentIsDrawnAgainAsItComesIntoView() {
        var schedule = TileSchedule()
        let first = schedule.plan(top: 0, bottom: 600, layerHeight: 3856, windowHeight: 600, tilePixels: 51_200,
                                  windowPixels: 480_000)
        #expect(first.show.allSatisfy(\.draw) && first.show.count == 10)
        // The first frame also draws the next two tiles below (the way a list at its top can move), no more: the
        // others follow within the later frames' budgets.
        #expect(first.ahead.map(\.tile) == Array(10...11))
        let same = schedule.plan(top: 0, bottom: 600, layerHeight: 3856, windowHeight: 600, tilePixels: 51_200,
                                 windowPixels: 480_000)
        #expect(same.show.allSatisfy { !$0.draw } && same.hide.isEmpty)
        schedule.forgetDrawings()
        let again = schedule.plan(top: 0, bottom: 600, layerHeight: 3856, windowHeight: 600, tilePixels: 51_200,
                                  windowPixels: 480_000)
        #expect(again.show.allSatisfy(\.draw) && again.show.count == 10)
        // A jump far down the list: the tiles in view drawn at once, the old ones hidden.
        let jump = schedule.plan(top: 2000, bottom: 2600, layerHeight: 3856, windowHeight: 600, tilePixels: 51_200,
                                 windowPixels: 480_000)
        #expect(jump.show.map(\.tile) == Array(31...40) && jump.show.allSatisfy(\.draw))
        #expect(Set(jump.hide) == Set(again.show.map(\.surface)))
    }
}
