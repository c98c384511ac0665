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
            #expect(r.x >= 0 && r.y >= SceneChrome.top && r.maxX <= size.x && r.maxY <= size.y, "\(a) at \(r) in \(size)")
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
}
