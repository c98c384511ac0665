import MomentumCore
import MomentumLayers
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing

/// What moves rides a surface of its own, so a frame in which only it moves leaves the window's drawing as it was
/// (nothing shaded there, no window buffer copied), in the scenes whose motion is not a plain slide too.
struct LayerSurfaceFrameTests {
    /// Two consecutive frames `at` s into `scene`'s autoplay at 800x600.
    static func frames(_ scene: SceneKind, at t: Double) throws -> (FramePlan, FramePlan) {
        var driver = RunCoreTests.autoplay(scene)
        driver.run(until: t)
        let plans = driver.lastPlans
        try #require(plans.count == 2)
        return (plans[0], plans[1])
    }

    /// The first two consecutive frames of `scene`'s autoplay (from 0.5 s, looked at every `step` s until `end`)
    /// that `pair` holds for.
    static func firstTwoFrames(_ scene: SceneKind, until end: Double, step: Double,
                               where pair: (FramePlan, FramePlan) -> Bool) -> (FramePlan, FramePlan)? {
        var driver = RunCoreTests.autoplay(scene)
        var t = 0.5
        while t < end {
            t += step
            driver.run(until: t)
            let plans = driver.lastPlans
            if plans.count == 2, pair(plans[0], plans[1]) { return (plans[0], plans[1]) }
        }
        return nil
    }

    /// The playground card's surface in `plan`: the scene surface as large as the card (160 px).
    static func card(_ plan: FramePlan) -> SeparateLayer? {
        SurfaceSlot.sceneSlots.compactMap { plan.separated[$0] }.first { $0.frame.width >= 150 && $0.frame.height >= 150 }
    }

    /// The surface showing the playground's pull line in `plan`: the one drawing a 2 px rounded rectangle of the
    /// pull's colour.
    static func pull(_ plan: FramePlan) -> SeparateLayer? {
        let pull = RGBA(r: 1, g: 1, b: 1, a: 0.6)   // PlaygroundDecor.pullColor
        return SurfaceSlot.sceneSlots.compactMap { plan.separated[$0] }.first { layer in
            layer.content.commands.contains { if case .roundedRect(let r) = $0 { r.fill == pull && r.rect.height == 2 } else { false } }
        }
    }

    /// `scene`'s autoplay run, a millisecond at a time, until it has drawn `frames` frames or 2 s have passed; and
    /// the time it was run to.
    static func launch(_ scene: SceneKind, frames: Int) -> (RunCoreDriver, Double) {
        var driver = RunCoreTests.autoplay(scene)
        var t = 0.0
        while driver.framesDrawn < frames, t < 2 {
            t += 0.001
            driver.run(until: t)
        }
        return (driver, t)
    }

    @Test("at launch the panel is on its own surface from the first frame: the window is drawn once, not again a frame later without it")
    func theFirstFrameIsSplit() throws {
        let (driver, _) = Self.launch(.panel, frames: 2)
        let plans = driver.lastPlans
        try #require(plans.count == 2, "two frames in 2 s")
        let (first, second) = (plans[0], plans[1])
        let panel = try #require(SurfaceSlot.sceneSlots.compactMap { first.separated[$0] }.first,
                                 "the first frame shows the panel on a surface of its own")
        #expect(SurfaceSlot.sceneSlots.compactMap { second.separated[$0] }.first?.layer == panel.layer)
        // The window's drawing of the first frame serves the second as it is: no second window buffer is drawn.
        #expect(first.list == second.list)
    }

    @Test("at launch the scroll list's bar is drawn above the rows apart from the first frame: the window is drawn once, not again when the rows first slide under the bar")
    func theListsBarIsApartFromTheFirstFrame() throws {
        var (driver, t) = Self.launch(.scroll, frames: 1)
        let first = try #require(driver.lastPlans.last, "a frame in 2 s")
        let band = SceneChrome.bandHeight(for: SIMD2(800, 600))
        func list(_ plan: FramePlan) -> SeparateLayer? { SurfaceSlot.sceneSlots.compactMap { plan.separated[$0] }.first }
        let atRest = try #require(list(first), "the first frame shows the list on a surface of its own")
        #expect(atRest.frame.y >= band, "at launch the rows start below the bar: \(atRest.frame)")
        let bar = try #require(SurfaceSlot.chromeSlots.compactMap { first.separated[$0] }.first,
                               "the first frame draws the bar apart, above the list")
        #expect(bar.frame.y == 0 && bar.frame.height >= band, "\(bar.frame)")
        // Once the autoplay's flick has slid the rows well under the bar, the window's drawing is the first frame's.
        var under: FramePlan?
        while under == nil, t < 3 {
            t += 0.005
            driver.run(until: t)
            if let plan = driver.lastPlans.last, let shown = list(plan), shown.frame.y < band - 100 { under = plan }
        }
        let later = try #require(under, "the rows slid under the bar in 3 s")
        #expect(later.list == first.list, "the window is drawn again once the rows are under the bar")
        #expect(SurfaceSlot.chromeSlots.compactMap { later.separated[$0] }.first?.content == bar.content)
    }

    @Test("a frame in which only the panel moves builds no draw list: the window's list (its very storage) and the panel's drawing are the last frame's")
    func panelLayerOnlyFrameBuildsNothing() throws {
        var driver = RunCoreTests.autoplay(.panel)
        driver.run(until: 1)
        func autoplays(_ driver: RunCoreDriver) -> Int { driver.lines.filter { $0.gesture?.kind == .autoplay }.count }
        var t = 1.0, checked = 0, builds = driver.core.drawListBuilds, starts = autoplays(driver)
        var last = driver.lastPlans.last?.sequence ?? 0
        let storage = { (list: DrawList) in list.commands.withUnsafeBufferPointer { $0.baseAddress } }
        func panel(_ plan: FramePlan) -> SeparateLayer? { SurfaceSlot.sceneSlots.compactMap { plan.separated[$0] }.first }
        while t < 4 {
            t += 0.002
            driver.run(until: t)
            let plans = driver.lastPlans
            guard plans.count == 2, plans[1].sequence != last else { continue }
            defer { (last, builds, starts) = (plans[1].sequence, driver.core.drawListBuilds, autoplays(driver)) }
            // One frame since the last look, mid-motion: none started in it and it did not come to rest (a motion's
            // first and last frames write the model, the controls' roles with it: those are built anew).
            let state = driver.panelFrames.last { $0.sequence == plans[1].sequence }?.state
            guard plans[1].sequence == last + 1, autoplays(driver) == starts, state == .animating,
                  let a = panel(plans[0]), let b = panel(plans[1]), a.frame.origin != b.frame.origin else { continue }
            checked += 1
            #expect(driver.core.drawListBuilds == builds, "frame \(plans[1].sequence) built the window's list again")
            #expect(storage(plans[0].list) == storage(plans[1].list), "frame \(plans[1].sequence): a new window list")
            #expect(storage(a.content) == storage(b.content), "frame \(plans[1].sequence): the panel drawn again")
        }
        #expect(checked >= 40, "only \(checked) frames in which the panel moved alone")
    }

    @Test("the playground's card slides on its surface and its pull line turns on one of its own: the window's drawing is unchanged from frame to frame")
    func playgroundCardRidesItsSurface() throws {
        // The first two consecutive frames of the autoplay's slide in which the card's surface moved, both pulled
        // (the frame the pull begins draws its ring into the window: which pair that is depends on the frames'
        // phase, which the launch's frames set).
        let moved = Self.firstTwoFrames(.playground, until: 4, step: 0.01) { a, b in
            guard let card = Self.card(a), let c = Self.card(b) else { return false }
            return card.frame.origin != c.frame.origin && Self.pull(a) != nil && Self.pull(b) != nil
        }
        let (a, b) = try #require(moved, "the card's surface never moved while pulled")
        #expect(Self.card(a)?.content == Self.card(b)?.content)
        // Nothing of the line is drawn into the window: it turns and stretches on its own surface, under the card's.
        #expect(a.list == b.list)
        // Not even built again: the line's model is written on every frame, but only the line's drawing changes, so
        // the frame keeps the last window list (its very storage).
        let storage = { (plan: FramePlan) in plan.list.commands.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(storage(a) == storage(b), "the window's list was built again for a frame where only the card and its line moved")
        let pull = RGBA(r: 1, g: 1, b: 1, a: 0.6)
        #expect(!b.list.commands.contains { if case .roundedRect(let r) = $0 { r.fill == pull } else { false } })
        let line = try #require(Self.pull(b))
        let slots = SurfaceSlot.sceneSlots
        let lineSlot = try #require(slots.firstIndex { b.separated[$0] == line })
        let cardSlot = try #require(slots.firstIndex { b.separated[$0] == Self.card(b) })
        #expect(lineSlot < cardSlot, "the line is under the card")
        // Around the line only, not the window.
        #expect(line.frame.width * line.frame.height < 0.5 * 800 * 600)
    }

    @Test("the gallery's satellite turns on a small surface of its own while it orbits: the window's drawing is unchanged")
    func gallerySatelliteRidesItsSurface() throws {
        // The lanes have settled by 4 s; the satellite runs its three laps.
        let (a, b) = try Self.frames(.gallery, at: 4)
        #expect(a.list == b.list)
        // Not even built again: while only the satellite turns and moves, the frame keeps the last window list (its
        // very storage), so neither the tree nor the renderer looks at it again.
        let storage = { (plan: FramePlan) in plan.list.commands.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(storage(a) == storage(b), "the window's list was built again for a frame where only the satellite turned")
        let moved = SurfaceSlot.sceneSlots.compactMap { slot -> SeparateLayer? in
            guard let before = a.separated[slot], let after = b.separated[slot],
                  before.content != after.content || before.frame != after.frame else { return nil }
            return after
        }
        #expect(moved.count == 1, "one surface changes: the satellite's; \(SurfaceSlot.sceneSlots.map { (a.separated[$0]?.frame, b.separated[$0]?.frame) })")
        // Small: around the satellite (its body, panels and nose), not around the orbit.
        if let satellite = moved.first { #expect(satellite.frame.width <= 80 && satellite.frame.height <= 80) }
    }

    @Test("while the gallery's lanes run, only the dots' surface is drawn again — nine circles without shadows, nothing else — not the labels and tracks, nor the window")
    func galleryLaneDotsRunOnTheirOwnSurface() throws {
        // The lanes run from the start for 1.5 s: two frames from 0.5 s on.
        let (a, b) = try #require(Self.firstTwoFrames(.gallery, until: 1.2, step: 0.005) { _, _ in true })
        #expect(a.list == b.list, "the window is not drawn again while the dots run")
        let redrawn = Self.redrawn(a, b).filter { $0.frame.width > 80 || $0.frame.height > 80 }  // not the satellite
        try #require(redrawn.count == 1, "one large surface drawn again: \(redrawn.map(\.frame))")
        // What the CPU writes into the app's buffers (`ShapeRaster.shapes(of:)`): rounded rectangles without
        // shadows, the clear extent aside; no text, so no GL round trip for the labels.
        var circles = 0
        for command in redrawn[0].content.commands {
            switch command {
            case .rect(_, let fill): #expect(fill.a == 0, "only a clear extent besides the dots")
            case .roundedRect(let shape):
                #expect(shape.shadow == nil && shape.boundingBox.width < 20 && shape.boundingBox.height < 20)
                circles += 1
            default: Issue.record("the dots' surface draws \(command)")
            }
        }
        #expect(circles == GalleryLane.all.count)
        // The labels and tracks keep their surface, drawn as it was.
        let labels = SurfaceSlot.sceneSlots.compactMap { b.separated[$0] }.first { layer in
            layer.content.commands.contains { if case .text = $0 { true } else { false } }
        }
        let still = try #require(labels, "the lanes' labels on a surface of their own")
        #expect(SurfaceSlot.sceneSlots.contains { a.separated[$0] == still })
    }

    @Test("the HUD's numbers and bars are brought up to date about four times a second while frames run, not on every frame nor ten times a second")
    func hudIsDrawnAFewTimesASecond() throws {
        var driver = RunCoreTests.autoplay(.transition)
        var t = 0.5, last: (sequence: UInt64, hud: SeparateLayer?)?, changes = 0, frames = 0
        driver.run(until: t)
        while t < 2.5 {
            t += 0.005
            driver.run(until: t)
            guard let plan = driver.lastPlans.last, plan.sequence != last?.sequence else { continue }
            frames += 1
            if let last, last.hud != plan.separated[.overlay] { changes += 1 }
            last = (plan.sequence, plan.separated[.overlay])
        }
        try #require(frames >= 60, "the transition's autoplay ran \(frames) frames in 2 s")
        // 2 s at most every 0.25 s: 8 takings, and one more where the scene comes to rest in between.
        #expect((4...9).contains(changes), "the HUD changed \(changes) times in \(frames) frames over 2 s")
    }

    /// The scene surfaces that changed from `a` to `b` other than by moving (their drawing differs), and the window's
    /// list and the chrome's, each the same or not.
    static func redrawn(_ a: FramePlan, _ b: FramePlan) -> [SeparateLayer] {
        SurfaceSlot.sceneSlots.compactMap { slot -> SeparateLayer? in
            guard let after = b.separated[slot] else { return nil }
            return a.separated[slot]?.content == after.content ? nil : after
        }
    }

    @Test("the transition's titles slide and cross-fade with nothing drawn again: mid-presentation only one-colour surfaces (the shade, a title's veil) change, and they change only their colour")
    func transitionTitlesFadeWithoutDrawing() throws {
        let bar = RGBA(hex: 0xF7F8FA)
        func veil(_ plan: FramePlan) -> SeparateLayer? {
            SurfaceSlot.sceneSlots.compactMap { plan.separated[$0] }.first { layer in
                layer.content.solidFill(size: layer.frame.size).map { $0.r == bar.r && $0.g == bar.g && $0.b == bar.b
                    && $0.a > 0.05 && $0.a < 0.95 } ?? false
            }
        }
        let fading = Self.firstTwoFrames(.transition, until: 3, step: 0.005) { a, b in
            guard let a = veil(a), let b = veil(b) else { return false }
            return a.content != b.content
        }
        let (a, b) = try #require(fading, "no two frames with a title half faded")
        #expect(a.list == b.list, "nothing of the transition is drawn into the window while the card moves")
        #expect(SurfaceSlot.chromeSlots.allSatisfy { a.separated[$0] == b.separated[$0] })
        let redrawn = Self.redrawn(a, b)
        #expect(!redrawn.isEmpty)
        for layer in redrawn {
            #expect(layer.content.solidFill(size: layer.frame.size) != nil,
                    "a surface drawn again mid-fade: \(layer.frame), \(layer.content.count) commands")
        }
    }

    @Test("the gallery's covers shuffle on a surface of their own, under the orbit's, which is drawn once: the window's drawing is unchanged")
    func galleryCoversShuffleOnTheirSurface() throws {
        var driver = RunCoreTests.autoplay(.gallery)
        driver.run(until: 1)
        let covers = try #require(GalleryScene(size: SIMD2(800, 600)).touchTargets.first { $0.name == "covers" }).rect
        for (k, phase) in [TouchPhase.down, .up].enumerated() {
            let time = 1 + 0.05 * Double(k)
            driver.schedule(.touch(TouchFrame(changes: [TouchChange(id: 0, phase: phase, position: covers.center,
                                                                    time: time)])), at: time)
        }
        driver.run(until: 1.3)
        let plans = driver.lastPlans
        try #require(plans.count == 2)
        let (a, b) = (plans[0], plans[1])
        #expect(a.list == b.list, "the window is not drawn again while the covers shuffle")
        // The covers' surface: the one drawing the four covers' colours.
        let coverFills = [0xFF375F, 0xFF9F0A, 0x34C759, 0x3478F6].map { RGBA(hex: UInt32($0)) }
        func isCovers(_ layer: SeparateLayer) -> Bool {
            let fills = Set(layer.content.commands.compactMap { command -> UInt32? in
                if case .roundedRect(let r) = command, let i = coverFills.firstIndex(of: r.fill) { UInt32(i) } else { nil }
            })
            return fills.count == 4
        }
        let redrawn = Self.redrawn(a, b)
        #expect(redrawn.contains(where: isCovers), "the covers' surface is drawn again as they turn")
        // Under the orbit's surface (its ellipse and sun), which is the same in both frames.
        let slots = SurfaceSlot.sceneSlots
        let coversSlot = try #require(slots.firstIndex { b.separated[$0].map(isCovers) ?? false })
        let orbitSlot = try #require(slots.firstIndex { slot in
            // The ellipse: a closed polyline of 96 segments.
            (b.separated[slot]?.content.commands.filter { if case .line = $0 { true } else { false } }.count ?? 0) >= 90
        })
        #expect(coversSlot < orbitSlot)
        #expect(a.separated[slots[orbitSlot]]?.content == b.separated[slots[orbitSlot]]?.content)
    }
}
