import Foundation
import Testing
import MomentumCore
import MomentumLayers
@testable import MomentumScenes

@Suite("Gallery: layout")
struct GalleryLayoutTests {
    static func overlaps(_ a: DrawRect, _ b: DrawRect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    @Test("the four items' tap areas are inside the window, apart, and a tap at each centre finds it",
          arguments: [SIMD2<Double>(800, 600), SIMD2(1280, 800), SIMD2(1024, 768), SIMD2(360, 720), SIMD2(412, 915),
                      SIMD2(1920, 1080)])
    func itemsApart(size: SIMD2<Double>) {
        let layout = GalleryLayout(width: size.x, height: size.y)
        let items = GalleryItem.allCases
        for (i, a) in items.enumerated() {
            let r = layout.frame(of: a)
            // Inside the window and below the chrome band (the switcher and the HUD).
            #expect(r.x >= 0 && r.y >= SceneChrome.bandHeight(for: size) && r.maxX <= size.x && r.maxY <= size.y, "\(a) at \(r) in \(size)")
            #expect(layout.item(at: r.center) == a)
            for b in items[(i + 1)...] { #expect(!Self.overlaps(r, layout.frame(of: b)), "\(a) overlaps \(b)") }
        }
        // The cover swing (up to 110 px right of the stack) stays on screen, and on a phone clear of the orbit.
        #expect(layout.coversAnchor.x + layout.coverSwing.x + GalleryLayout.cardSize / 2 <= size.x)
        if layout.isNarrow {
            #expect(layout.coversAnchor.x + layout.coverSwing.x + GalleryLayout.cardSize / 2 <= layout.orbitFrame.x + 4)
        }
    }

    @Test("resizing mid-run keeps every item where it was along its animation (fractions, orbit progress)")
    func resizeKeepsProgress() {
        var driver = GalleryDriver()
        driver.advance(to: 1.0)
        let fractions = GalleryLane.all.indices.map { driver.scene.laneFraction($0) }
        let progress = driver.scene.satellite.progress
        driver.scene.resize(to: SIMD2(1280, 800))
        for (i, f) in fractions.enumerated() { #expect(driver.scene.laneFraction(i) == f) }
        #expect(abs(driver.scene.satellite.progress - progress) < 1e-12)
        let radii = driver.scene.layout.orbitRadii
        let local = driver.scene.satellite.position
        #expect(abs((local.x / radii.x) * (local.x / radii.x) + (local.y / radii.y) * (local.y / radii.y) - 1) < 1e-6)
    }

    @Test("on a large window the four items sit on a grid of cards filling the screen: each item, its caption and the cover's swing inside its own card, the cards apart",
          arguments: [SIMD2<Double>(1920, 1080), SIMD2(1280, 800)])
    func largeWindowsGroupTheItemsOnCards(size: SIMD2<Double>) {
        let (layout, zoom) = GalleryLayout.fitting(width: size.x, height: size.y)
        #expect(layout.isGrid && layout.cards.count == 4 && layout.fits, "\(size)")
        let cards = layout.cards
        for (i, card) in cards.enumerated() {
            for other in cards[(i + 1)...] { #expect(!Self.overlaps(card, other), "\(card) overlaps \(other)") }
        }
        func inside(_ r: DrawRect, _ card: DrawRect) -> Bool {
            r.x >= card.x && r.y >= card.y && r.maxX <= card.maxX && r.maxY <= card.maxY
        }
        // Each item with its caption (up to 21 px under it), in the card of its place.
        for (item, card) in zip([GalleryItem.lanes, .satellite, .shake, .covers], cards) {
            let f = layout.frame(of: item), r = DrawRect(x: f.x, y: f.y, width: f.width, height: f.height + 21)
            #expect(inside(r, card), "\(item) at \(r) outside its card \(card) at \(size)")
        }
        let swingRight = layout.coversAnchor.x + layout.coverSwing.x + GalleryLayout.cardSize / 2
        #expect(swingRight <= cards[3].maxX, "the shuffled cover swings out of its card at \(size)")
        // The cards fill the window below the chrome band: no more than a tenth of its height is left under them.
        let bottom = layout.toWindow(SIMD2(0, cards.map(\.maxY).max() ?? 0), zoom: zoom).y
        #expect(size.y - bottom <= size.y * 0.1, "\(size.y - bottom) px left under the cards at \(size)")
    }

    @Test("on a large window the grid is balanced: under the chrome band, no further from the window's foot than from the switcher",
          arguments: [SIMD2<Double>(1920, 1080), SIMD2(2560, 1440)])
    func largeWindowsBalanceTheGrid(size: SIMD2<Double>) {
        let (layout, zoom) = GalleryLayout.fitting(width: size.x, height: size.y)
        let top = layout.toWindow(SIMD2(0, layout.cards.map(\.y).min() ?? 0), zoom: zoom).y
        let bottom = layout.toWindow(SIMD2(0, layout.cards.map(\.maxY).max() ?? 0), zoom: zoom).y
        // Clear of the band (the HUD's place); the space under them no more than between the switcher's pills (their
        // foot 42 px down) and them. At 1920x1080 the cards began 13 px into the band and left 104 px under them.
        let pills = SceneSwitcher.margin + SceneSwitcher.pill.y, below = size.y - bottom
        #expect(top >= SceneChrome.bandHeight(for: size) && below <= top - pills && below >= 16,
                "the cards from \(top) to \(bottom), \(below) px under them, at \(size)")
        #expect(layout.fits, "\(size)")
    }

    @Test("a phone 640 px tall shows its cards at 0.95× or more (its labels 9 px capitals), as a 720 px one at 1×")
    func aShorterPhoneShowsTheCardsNearlyFullSize() {
        let (layout, zoom) = GalleryLayout.fitting(width: 360, height: 640)
        #expect(layout.isNarrow && zoom >= 0.95 && zoom < 1, "\(zoom)")
        #expect(GalleryLayout.fitting(width: 360, height: 720).zoom == 1)
    }

    @Test("phones and small windows group their items on cards too, without the large grid: each item and its caption inside a card, the cards apart",
          arguments: [SIMD2<Double>(360, 720), SIMD2(720, 360), SIMD2(800, 600), SIMD2(412, 915)])
    func smallWindowsGroupTheItemsOnCards(size: SIMD2<Double>) {
        let (layout, zoom) = GalleryLayout.fitting(width: size.x, height: size.y)
        #expect(!layout.isGrid && zoom == 1 && layout.fits, "\(size)")
        let cards = layout.cards
        #expect(cards.count == (layout.isNarrow || layout.isShort ? 3 : 4), "\(size)")
        for (i, card) in cards.enumerated() {
            for other in cards[(i + 1)...] { #expect(!Self.overlaps(card, other), "\(card) overlaps \(other)") }
        }
        // Each item's tap area with its caption (up to 21 px under it, less its own margins: the orbit's and the
        // stack's areas reach 24 and 10 px past what they draw) inside a card.
        for item in GalleryItem.allCases {
            let f = layout.frame(of: item)
            let margin = item == .satellite ? 20.0 : item == .covers ? 8 : 0
            let r = DrawRect(x: f.x + margin, y: f.y + margin, width: f.width - 2 * margin, height: f.height - 2 * margin + 17)
            #expect(cards.contains { $0.x <= r.x && $0.y <= r.y && $0.maxX >= r.maxX && $0.maxY >= r.maxY },
                    "\(item) at \(r) on no card at \(size): \(cards)")
        }
    }
}
