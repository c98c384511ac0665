import MomentumText
import Testing
@testable import MomentumApp

/// The window patch's box (`PatchBox`): on a 64 px grid, never shrinking while the patch shows, within its share of
/// the window; and the parts of a grown box a new patch buffer fills from the window's buffer.
struct PatchBoxTests {
    /// The playground's knock at 1920x1080@2 (3840x2160 buffer px) leaves 54x54 px marks one after another: each
    /// mark near the last one stays in the box made for the first (no new patch buffer), and the box only grows.
    @Test func marksCloseToEachOtherKeepTheBoxOnItsGrid() throws {
        let (width, height, scale) = (3840, 2160, 2)
        let first = try #require(PatchBox.of(changed: PixelRect(x: 700, y: 900, width: 54, height: 54), shown: nil,
                                             scale: scale, width: width, height: height, share: 1.0 / 3))
        #expect(first == PixelRect(minX: 640, minY: 896, maxX: 768, maxY: 960))
        // The next mark 10 px right and down: inside the box, which stays as it is.
        let second = PatchBox.of(changed: PixelRect(x: 710, y: 904, width: 54, height: 54), shown: first,
                                 scale: scale, width: width, height: height, share: 1.0 / 3)
        #expect(second == first)
        // A mark far off: the box grows on the grid and still holds the first.
        let third = try #require(PatchBox.of(changed: PixelRect(x: 2700, y: 1580, width: 54, height: 54),
                                             shown: second, scale: scale, width: width, height: height,
                                             share: 1.0 / 3))
        #expect(third == PixelRect(minX: 640, minY: 896, maxX: 2816, maxY: 1664))
        // A small change inside it later: no shrinking while the patch shows.
        #expect(PatchBox.of(changed: PixelRect(x: 1000, y: 1000, width: 4, height: 4), shown: third, scale: scale,
                            width: width, height: height, share: 1.0 / 3) == third)
    }

    /// At the window's edges the grid stops there; a box over the share on the grid falls back to whole logical px,
    /// and past the share there is none (the frame is drawn over the window).
    @Test func theGridStopsAtTheWindowAndTheShareHolds() {
        // 1366 px wide at scale 1: the last column's grid cell ends at 1408, the box at the window's edge.
        #expect(PatchBox.of(changed: PixelRect(x: 1340, y: 0, width: 20, height: 10), shown: nil, scale: 1,
                            width: 1366, height: 768, share: 1.0 / 3)
                    == PixelRect(minX: 1280, minY: 0, maxX: 1366, maxY: 64))
        // At scale 3 the step is 66 buffer px (22 logical px).
        #expect(PatchBox.of(changed: PixelRect(x: 70, y: 70, width: 3, height: 3), shown: nil, scale: 3,
                            width: 1200, height: 900, share: 1.0 / 3)
                    == PixelRect(minX: 66, minY: 66, maxX: 132, maxY: 132))
        // 330x330 of a 600x600 window is under a third; on the grid 384x384 is over: the box without the grid.
        #expect(PatchBox.of(changed: PixelRect(x: 10, y: 10, width: 330, height: 330), shown: nil, scale: 2,
                            width: 600, height: 600, share: 1.0 / 3)
                    == PixelRect(minX: 10, minY: 10, maxX: 340, maxY: 340))
        #expect(PatchBox.of(changed: PixelRect(x: 0, y: 0, width: 400, height: 400), shown: nil, scale: 1,
                            width: 600, height: 600, share: 1.0 / 3) == nil)
    }

    /// A grown box's parts outside the box shown cover every pixel of it outside that box once, and none inside.
    @Test func theAddedPartsCoverWhatTheBoxAdded() {
        let box = PixelRect(minX: 0, minY: 0, maxX: 256, maxY: 192)
        for inner in [PixelRect(minX: 64, minY: 64, maxX: 128, maxY: 128), PixelRect(minX: 0, minY: 0, maxX: 64,
                                                                                       maxY: 192), box] {
            let parts = PatchBox.parts(of: box, outside: inner)
            var count = 0
            for y in box.minY..<box.maxY {
                for x in box.minX..<box.maxX {
                    let pixel = PixelRect(x: x, y: y, width: 1, height: 1)
                    let covering = parts.filter { $0.intersects(pixel) }.count
                    count += covering
                    #expect(covering == (inner.intersects(pixel) ? 0 : 1))
                }
            }
            #expect(count == box.area - inner.area)
        }
    }
}
