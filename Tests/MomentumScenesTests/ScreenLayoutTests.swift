import MomentumCore
import MomentumLayers
import Testing
@testable import MomentumScenes

/// Every scene's layout on every screen the product issue names, in logical px: a phone in portrait (360x640,
/// 360x720, 412x915; 720x1440 at scale 2 is 360x720), a landscape tablet (1280x800), a laptop window (800x600),
/// 1080p (and 3840x2160 at scale 2, the same logical size), 1.5 (2560x1440 at 1.5 is 1707x960), and a phone in
/// landscape (720x360, 640x400: the compact band). Touch targets lie inside the window and below the chrome band,
/// apart from each other and from the HUD's corner.
struct ScreenLayoutTests {
    static let sizes: [SIMD2<Double>] = [SIMD2(360, 640), SIMD2(360, 720), SIMD2(412, 915), SIMD2(1280, 800),
                                         SIMD2(800, 600), SIMD2(1920, 1080), SIMD2(1707, 960), SIMD2(720, 360),
                                         SIMD2(640, 400)]
    /// The HUD's corner: 184×72, 12 px from the top-right edges (in a short window's compact band 36 px tall, 8 px
    /// from the top: what `HUD.box(for:)` takes at most).
    static func hud(_ size: SIMD2<Double>) -> DrawRect {
        DrawRect(x: size.x - 196, y: SceneChrome.inset(for: size), width: 184,
                 height: SceneChrome.isCompact(size) ? 36 : 72)
    }

    static func overlaps(_ a: DrawRect, _ b: DrawRect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    static func inside(_ r: DrawRect, _ size: SIMD2<Double>, belowBand: Bool = true) -> Bool {
        r.x >= 0 && r.maxX <= size.x && r.maxY <= size.y && r.y >= (belowBand ? SceneChrome.bandHeight(for: size) : 0)
    }

    @Test(arguments: sizes) func theSwitcherFitsBesideTheHUD(size: SIMD2<Double>) {
        var switcher = SceneSwitcher(names: SceneKind.allCases.map(\.rawValue), selected: 0, room: size.x - 204)
        switcher.setRoom(size.x - 204, compact: SceneChrome.isCompact(size))
        for (name, r) in switcher.targets {
            #expect(Self.inside(r, size, belowBand: false) && !Self.overlaps(r, Self.hud(size)), "\(name) \(r) at \(size)")
            #expect(r.maxY <= SceneChrome.bandHeight(for: size))
        }
        if switcher.form == .menu {
            // Open, its list is inside the window, one row under another, each a finger tall.
            _ = switcher.filter(TouchFrame(changes: [TouchChange(id: 0, phase: .down, position: switcher.buttonRect.center, time: 0)]))
            _ = switcher.filter(TouchFrame(changes: [TouchChange(id: 0, phase: .up, position: switcher.buttonRect.center, time: 0.05)]))
            let rows = switcher.targets.filter { $0.name.hasPrefix("scene:") }.map(\.rect)
            #expect(rows.count == SceneKind.allCases.count)
            #expect(rows.allSatisfy { Self.inside($0, size, belowBand: false) && $0.height >= 44 })
        }
    }

    @Test(arguments: sizes) func thePanelOpensBelowTheBandAndPeeksWhenClosed(size: SIMD2<Double>) {
        let layout = PanelLayout(width: size.x, height: size.y)
        #expect(layout.y(for: .open) >= SceneChrome.bandHeight(for: size))
        #expect(layout.rect(y: layout.y(for: .open)).maxY == size.y)          // open: all of it shows
        let closed = layout.rect(y: layout.y(for: .closed))
        #expect(closed.y == size.y - 72 && closed.x >= 0 && closed.maxX <= size.x)
        #expect(layout.layerRect(y: layout.y(for: .open)).maxY >= size.y + size.y * 0.5)  // no gap under it
    }

    @Test(arguments: sizes) func theTransitionsCardAndButtonAreBelowTheBand(size: SIMD2<Double>) {
        let layout = TransitionLayout(width: size.x, height: size.y)
        let card = layout.cardRect(y: layout.presentedY)
        #expect(Self.inside(card, size), "card \(card) at \(size)")
        #expect(Self.inside(layout.buttonRect, size))
        let scene = TransitionScene(size: size)
        #expect(scene.closeRect.width == 96 && scene.closeRect.maxX == layout.cardRect(y: scene.cardY).maxX)
    }

    @Test(arguments: sizes) func theGalleryItemsAreApartBelowTheBand(size: SIMD2<Double>) {
        // As shown: a window too short for the layout shows a larger one smaller.
        let (layout, zoom) = GalleryLayout.fitting(width: size.x, height: size.y)
        let frames = GalleryItem.allCases.map { item in
            let f = layout.frame(of: item)
            return DrawRect(origin: layout.toWindow(f.origin, zoom: zoom), size: f.size * zoom)
        }
        for (i, a) in frames.enumerated() {
            #expect(Self.inside(a, size), "\(GalleryItem.allCases[i]) at \(a) in \(size)")
            for b in frames[(i + 1)...] { #expect(!Self.overlaps(a, b)) }
        }
    }

    @Test(arguments: sizes) func thePlaygroundCardStartsInTheMiddleAndRestsBelowTheBand(size: SIMD2<Double>) {
        var scene = PlaygroundScene(size: SIMD2(800, 600))
        scene.resize(to: size)
        // At home: the window's middle, or the middle of the field's free part where that is lopsided
        // (`PlaygroundDecorTests`), centred across.
        #expect(scene.position == scene.home && scene.home.x == size.x / 2)
        #expect(scene.home == size / 2 || scene.dock == nil || scene.side > PlaygroundScene.cardSide, "\(size): \(scene.home)")
        let corner = scene.clamped(SIMD2(0, 0))
        #expect(corner.y - 80 >= SceneChrome.bandHeight(for: size) && corner.x - 80 >= 0)
    }

    @Test(arguments: sizes) func theListFillsTheViewportBelowTheBand(size: SIMD2<Double>) {
        let scene = ScrollScene(size: size)
        #expect(scene.viewport.y == SceneChrome.bandHeight(for: size) && scene.viewport.maxY == size.y)
        #expect(scene.minimumOffset < 0)   // sixty rows always overflow: there is something to scroll
    }
}

/// Windows too short for the gallery's layout (small desktop windows, the minimum window) show a larger layout
/// smaller, a landscape phone a short layout of its own, large windows a layout larger, all below the chrome band:
/// every item whole, apart, and reached by a tap where it is drawn.
struct GalleryZoomTests {
    @Test(arguments: [SIMD2<Double>(640, 480), SIMD2(720, 360), SIMD2(320, 320), SIMD2(1280, 400), SIMD2(1280, 800),
                      SIMD2(1920, 1080)])
    func everyItemFitsAndIsTappedWhereItIsDrawn(size: SIMD2<Double>) {
        var scene = GalleryScene(size: size)
        let targets = scene.touchTargets
        for t in targets {
            #expect(t.rect.y >= SceneChrome.bandHeight(for: size) - 1e-9 && t.rect.maxY <= size.y + 1e-9 && t.rect.x >= 0
                    && t.rect.maxX <= size.x + 1e-9, "\(t.name) at \(t.rect) in \(size)")
        }
        for i in targets.indices {
            for j in targets.indices where j > i {
                #expect(targets[i].rect.intersection(targets[j].rect) == nil, "\(targets[i].name) and \(targets[j].name)")
            }
        }
        // A tap at the centre of each drawn item starts that item.
        var time = 10.0
        for t in targets {
            let p = t.rect.center
            _ = scene.handle(TouchFrame(changes: [TouchChange(id: 0, phase: .down, position: p, time: time)]))
            time += 0.05
            let events = scene.handle(TouchFrame(changes: [TouchChange(id: 0, phase: .up, position: p, time: time)]))
            time += 0.5
            let item = events.first { $0.kind == .tap }?.string(.item)
            #expect(item == t.name, "tap on \(t.name) at \(p): \(events)")
        }
    }

    @Test func aWindowTheLayoutFitsIsShownAsLaidOut() {
        // 640x480 shows the short layout at full size (it showed the two columns at 0.85×), 568x320 too (0.9×).
        for size in [SIMD2<Double>(800, 600), SIMD2(360, 720), SIMD2(720, 360), SIMD2(640, 480), SIMD2(568, 320)] {
            let layout = GalleryLayout(width: size.x, height: size.y)
            #expect(GalleryScene(size: size).zoom == 1, "\(size): bottom \(layout.contentBottom), frames \(GalleryItem.allCases.map(layout.frame(of:)))")
        }
        for size in [SIMD2<Double>(360, 640), SIMD2(320, 320)] { #expect(GalleryScene(size: size).zoom < 1) }
    }

    /// A landscape phone gets three columns at full size: its labels and captions are 13 px type, not 6.
    @Test func aLandscapePhoneShowsThreeColumnsAtFullSize() {
        let scene = GalleryScene(size: SIMD2(720, 360))
        #expect(scene.layout.isShort && scene.zoom == 1)
        let t = Dictionary(uniqueKeysWithValues: scene.touchTargets.map { ($0.name, $0.rect) })
        guard let lanes = t["lanes"], let covers = t["covers"], let orbit = t["satellite"], let field = t["shake"] else {
            Issue.record("targets \(scene.touchTargets)")
            return
        }
        #expect(lanes.maxX < covers.x && covers.maxX < orbit.x && orbit.maxY < field.y)
    }

    /// A large window shows the layout larger, so it fills the screen rather than a column in its middle.
    @Test(arguments: [SIMD2<Double>(1920, 1080), SIMD2(1280, 800)])
    func aLargeWindowIsFilled(size: SIMD2<Double>) {
        let scene = GalleryScene(size: size)
        #expect(scene.zoom > 1.2)
        let rects = scene.touchTargets.map(\.rect)
        let left = rects.map(\.x).min() ?? 0, right = rects.map(\.maxX).max() ?? 0
        #expect(right - left >= 0.7 * size.x, "\(size): items from \(left) to \(right)")
    }
}
