import MomentumLayers
import MomentumText
import Testing
@testable import MomentumRender

/// The damage bookkeeping on its own: which commands differ, and the rectangles they become.
struct DamageRegionTests {
    static func rect(_ x: Double) -> DrawCommand { .rect(DrawRect(x: x, y: 0, width: 10, height: 10), fill: .init(r: 1, g: 1, b: 1)) }

    @Test func identicalListsDifferNowhere() {
        let list = (0..<20).map { Self.rect(Double($0)) }
        let changed = CommandDiff.unmatched(old: list, new: list)
        #expect(changed.old.isEmpty && changed.new.isEmpty)
    }

    @Test func aChangedCommandIsTheOnlyOneReportedOnBothSides() {
        let old = (0..<20).map { Self.rect(Double($0)) }
        var new = old
        new[7] = Self.rect(100)
        let changed = CommandDiff.unmatched(old: old, new: new)
        #expect(changed.old == [7] && changed.new == [7])
    }

    @Test func anInsertedOrRemovedCommandLeavesTheOthersMatched() {
        let old = (0..<10).map { Self.rect(Double($0)) }
        var new = old
        new.insert(Self.rect(50), at: 4)
        new.remove(at: 8)  // old[7]
        let changed = CommandDiff.unmatched(old: old, new: new)
        #expect(changed.old == [7] && changed.new == [4])
    }

    @Test func twoCommandsThatSwapPlacesAreDamaged() {
        // Same commands, other order: what overlaps them may now stack differently.
        let a = Self.rect(1)
        let b = Self.rect(2)
        let changed = CommandDiff.unmatched(old: [a, b], new: [b, a])
        #expect(changed.old.count == 1 && changed.new.count == 1)
    }

    @Test func overlappingRectanglesMergeAndTheAreaCountsEachPixelOnce() {
        var region = DamageRegion(width: 100, height: 100)
        region.add(PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10))
        region.add(PixelRect(minX: 5, minY: 5, maxX: 15, maxY: 15))
        #expect(region.rects == [PixelRect(minX: 0, minY: 0, maxX: 15, maxY: 15)])
        region.add(PixelRect(minX: 50, minY: 50, maxX: 60, maxY: 60))
        #expect(region.area == 15 * 15 + 100)
    }

    @Test func rectanglesAreClippedToTheViewportAndKeptFew() {
        var region = DamageRegion(width: 100, height: 100)
        region.add(PixelRect(minX: -20, minY: 90, maxX: 10, maxY: 130))
        #expect(region.rects == [PixelRect(minX: 0, minY: 90, maxX: 10, maxY: 100)])
        for i in 0..<20 { region.add(PixelRect(minX: i * 4, minY: 0, maxX: i * 4 + 2, maxY: 2)) }
        #expect(region.rects.count <= DamageRegion.rectangleLimit)
        for (i, a) in region.rects.enumerated() {
            for b in region.rects[(i + 1)...] { #expect(!a.intersects(b), "\(a) and \(b) overlap") }
        }
        // Every added pixel is still covered.
        for i in 0..<20 {
            #expect(region.rects.contains { $0.minX <= i * 4 && $0.maxX >= i * 4 + 2 && $0.minY <= 0 && $0.maxY >= 2 })
        }
    }
}
