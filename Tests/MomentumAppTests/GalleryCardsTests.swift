import MomentumCore
import MomentumLayers
import MomentumScenes
import Testing
@testable import MomentumApp

/// The gallery groups its four demos on cards at every size (as libadwaita groups a page's parts in boxes): on a
/// phone or a small window its items lay scattered over the gradient, each line of text a caption floating free.
struct GalleryCardsTests {
    /// The drawn gallery at `size`, at rest: its cards in window coordinates and its text runs' boxes as shaped.
    static func drawn(_ size: SIMD2<Double>, widths: TextWidths) -> (cards: [DrawRect], texts: [(String, DrawRect)]) {
        let scene = GalleryScene(size: size)
        let cards = scene.layout.cards.map { card in
            DrawRect(origin: scene.layout.toWindow(card.origin, zoom: scene.zoom), size: card.size * scene.zoom)
        }
        var list = DrawList()
        scene.draw(into: &list)
        let texts = list.commands.compactMap { command -> (String, DrawRect)? in
            guard case .text(let run) = command else { return nil }
            return (run.string, DrawnLayout.box(of: run, width: widths.width(of: run)))
        }
        return (cards, texts)
    }

    static func contains(_ outer: DrawRect, _ inner: DrawRect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    /// Every label and caption lies on a card, at least 6 px inside its edges; the cards keep 6 px apart and 6 px
    /// from the window's sides and foot. Before, 360x720, 720x360 and 800x600 had no cards at all.
    @Test(arguments: [SIMD2<Double>(360, 720), SIMD2(720, 360), SIMD2(800, 600), SIMD2(412, 915), SIMD2(640, 480),
                      SIMD2(1280, 800), SIMD2(1920, 1080), SIMD2(640, 360), SIMD2(568, 320)])
    func everyLineOfTextSitsOnACard(size: SIMD2<Double>) throws {
        let (cards, texts) = Self.drawn(size, widths: try TextWidths())
        #expect(cards.count >= 3, "\(cards.count) cards at \(size)")
        #expect(texts.count >= 13)
        for (string, box) in texts {
            let home = cards.first { $0.insetBy(6).intersection(box) != nil }
            #expect(home.map { Self.contains($0.insetBy(6), box) } == true,
                    "\"\(string)\" at \(box) is not 6 px inside a card at \(size): \(cards)")
        }
        for (i, card) in cards.enumerated() {
            #expect(card.x >= 6 && card.maxX <= size.x - 6 && card.maxY <= size.y - 6, "\(card) at \(size)")
            for other in cards[(i + 1)...] {
                #expect(card.insetBy(-3).intersection(other.insetBy(-3)) == nil, "\(card) and \(other) at \(size)")
            }
        }
    }

    /// Every label and caption drawn as at least 13 px type (capitals 9.5 px tall: the least for body text),
    /// whole inside the window: at 640x480 the two columns were shown at 0.85× (11 px type) and at 568x320 the short
    /// layout of a 631 px window at 0.9×.
    @Test(arguments: [SIMD2<Double>(640, 480), SIMD2(568, 320), SIMD2(640, 360), SIMD2(720, 360), SIMD2(360, 720),
                      SIMD2(800, 600), SIMD2(600, 460), SIMD2(844, 390), SIMD2(1024, 768), SIMD2(1920, 1080)])
    func everyLineOfTextIsAtLeast13Px(size: SIMD2<Double>) throws {
        let (_, texts) = Self.drawn(size, widths: try TextWidths())
        var list = DrawList()
        GalleryScene(size: size).draw(into: &list)
        let runs = list.commands.compactMap { command -> TextRun? in
            guard case .text(let run) = command else { return nil }
            return run
        }
        #expect(runs.count >= 13)
        // A run's size is its type's (its em, in window px): 9.5 px capitals are 13.07 px type.
        for run in runs { #expect(run.size >= 13, "\"\(run.string)\" at \(run.size) px type at \(size)") }
        for (string, box) in texts {
            #expect(box.x >= 0 && box.maxX <= size.x && box.maxY <= size.y, "\"\(string)\" at \(box) at \(size)")
        }
    }
}
