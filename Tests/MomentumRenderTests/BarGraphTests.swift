import MomentumLayers
import Testing

/// The HUD bar graph's expansion into rectangles, against hand-computed geometry.
struct BarGraphTests {
    @Test func barsScaleToMaxValueAndClipAtTheTop() {
        let graph = BarGraph(rect: DrawRect(x: 10, y: 20, width: 30, height: 100), values: [10, 20, 50],
                             reference: 16, maxValue: 40, backgroundColor: .black,
                             barColor: .white, overColor: RGBA(r: 1, g: 0, b: 0), referenceColor: RGBA(r: 0, g: 0, b: 1))
        var list = DrawList()
        list.addBarGraph(graph)
        #expect(list.commands == [
            .rect(DrawRect(x: 10, y: 20, width: 30, height: 100), fill: .black),
            // 10/40 of 100 px, in a 10 px slot with a 1 px gap.
            .rect(DrawRect(x: 10, y: 95, width: 9, height: 25), fill: .white),
            // 20 ms is over the 16 ms reference.
            .rect(DrawRect(x: 20, y: 70, width: 9, height: 50), fill: RGBA(r: 1, g: 0, b: 0)),
            // 50 ms is clipped to the full height.
            .rect(DrawRect(x: 30, y: 20, width: 9, height: 100), fill: RGBA(r: 1, g: 0, b: 0)),
            // Reference: 16/40 of 100 = 40 px above the bottom, 1 px thick sitting on that level.
            .rect(DrawRect(x: 10, y: 79, width: 30, height: 1), fill: RGBA(r: 0, g: 0, b: 1)),
        ])
    }

    @Test func onlyTheNewestValuesFitAndTheyAreRightAligned() {
        let graph = BarGraph(rect: DrawRect(x: 0, y: 0, width: 4, height: 10), values: [1, 2, 3, 4, 5, 6],
                             reference: 100, maxValue: 10, capacity: 2, backgroundColor: nil)
        var list = DrawList()
        list.addBarGraph(graph)
        // Slot 2 px wide (< 3, so no gap): newest two values 5 and 6; the reference is above the top so it clips there.
        let rects = list.commands.compactMap { command -> DrawRect? in
            if case let .rect(rect, _) = command { return rect } else { return nil }
        }
        #expect(rects == [DrawRect(x: 0, y: 5, width: 2, height: 5), DrawRect(x: 2, y: 4, width: 2, height: 6),
                          DrawRect(x: 0, y: -1, width: 4, height: 1)])
    }

    @Test func missingOrInvalidValuesDrawNoBar() {
        let graph = BarGraph(rect: DrawRect(x: 0, y: 0, width: 10, height: 10), values: [0, .nan, -3],
                             reference: 0, maxValue: 0, backgroundColor: nil)
        var list = DrawList()
        list.addBarGraph(graph)
        #expect(list.isEmpty)
    }
}
