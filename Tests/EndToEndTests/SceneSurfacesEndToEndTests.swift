import Foundation
import MomentumApp
import MomentumCore
import MomentumLayers
import MomentumRun
import MomentumScenes
import Testing

/// The transition's, the scroll list's, the gallery's and the playground's moving layers on surfaces of their own
/// (the card, the dimming shade, the list, the gallery's lanes, the playground's card; the bars over them lifted onto
/// a chrome surface), under a real weston with real touch: while they move the
/// client shades only what changed, and what weston shows at rest is what the window alone (`--no-subsurfaces`)
/// shows.
@Suite(.serialized) struct SceneSurfacesEndToEndTests {
    /// Plays `script` in `scene`, waits until `atRest` holds, then until the frame showing that state was presented,
    /// and reads back weston's output.
    static func playAndCapture(_ scene: SceneKind, _ arguments: [String], screen: Screen, script: String,
                               atRest: @escaping (TraceLine) -> Bool) throws -> (image: PPM, compositor: Compositor,
                                                                                 mark: Int) {
        let c = try Compositor(scene: scene, arguments: ["--no-hud"] + arguments, output: (screen.width, screen.height),
                               scale: screen.scale)
        let mark = c.app.events.count
        try c.play(script)
        let rest = try c.app.waitFor("\(scene.rawValue) at rest", after: mark, where: atRest)
        guard let last = c.app.events[..<rest.index].lastIndex(where: { $0.frame != nil }),
              let shown = c.app.events[last].frame?.sequence else {
            throw TracedClient.Failure(description: "no frame before \(scene.rawValue) came to rest")
        }
        // From that frame on: its feedback may come before the rest (a frame after it that changed nothing was not
        // committed, and the rest came a cycle later).
        try c.app.waitFor("that frame presented", after: last) { $0.presented.map { $0.sequence >= shown } ?? false }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("momentum-capture-\(getpid())-\(UUID().uuidString).ppm").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try c.weston.capture(to: path)
        return (try PPM(path: path), c, mark)
    }

    /// Runs the same gesture with surfaces and without; checks the moving frames shaded little and the two outputs
    /// at rest match.
    /// `state` is what must be the same in both runs at rest (the whole record by default).
    func compare(_ scene: SceneKind, on screen: Screen, script: String, atRest: @escaping (TraceLine) -> Bool,
                 moving: (TraceLine) -> Bool,
                 state: (TraceLine) -> String? = { line in line.sceneState.map { "\($0)" } },
                 drawnAhead: (_ record: TraceLine, _ previous: TraceLine?) -> Int = { _, _ in 0 }) throws {
        let (separate, c, mark) = try Self.playAndCapture(scene, [], screen: screen, script: script, atRest: atRest)
        let (inline, d, _) = try Self.playAndCapture(scene, ["--no-subsurfaces"], screen: screen, script: script,
                                                     atRest: atRest)
        // The frames that moved it (their frame line comes before the scene's record) shaded at most a sixth of
        // the window each, apart from the first ones that drew the surfaces: the compositor moved the rest.
        var frame: TraceRecord.Frame?
        var previous: TraceLine?
        var shaded: [Int] = [], ahead: [Int] = []
        for line in c.app.events.dropFirst(mark) {
            if let f = line.frame { frame = f }
            if moving(line), let f = frame, f.layerSurface != nil {
                shaded.append(f.drawnPixels ?? -1)
                ahead.append(drawnAhead(line, previous))
                previous = line
            }
        }
        #expect(shaded.count >= 5, "moving frames with layer surfaces: \(shaded.count)")
        // At most the bar across the top (100 logical px tall), in buffer px: the chrome over the moving layers.
        let bar = screen.width * 100 * screen.scale * screen.scale
        // One frame may draw a surface whole: at 1920x1080@2 the gallery's lanes surface (2 M px) was drawn whole
        // once mid-run, most likely a back buffer that did not hold the last frame (RenderTarget's kept-frame check;
        // not traced), which is drawn whole.
        // Beyond that, only what the scene's motion since the last frame owes (`drawnAhead`: the scroll list's
        // tiles coming into view).
        let over = zip(shaded, ahead).dropFirst(2).filter { $0.0 > bar + $0.1 }
        #expect(shaded.dropFirst(2).allSatisfy { $0 >= 0 } && over.count <= 1,
                "drawn_px while \(scene.rawValue) moved (the top bar is \(bar) px, owed \(ahead)): \(shaded)")
        #expect(d.app.events.compactMap(\.frame).allSatisfy { $0.layerSurface == nil })
        #expect(separate.width == inline.width && separate.height == inline.height)
        // The same state in both: the scene's last record before rest.
        let states = [c, d].map { run in run.app.events.last { $0.sceneState != nil }.flatMap(state) }
        #expect(states[0] == states[1], "\(String(describing: states[0])) against \(String(describing: states[1]))")
        let difference = separate.largestDifference(from: inline)
        #expect(difference.value <= 3, "largest channel difference \(difference.value) at \(difference.at)")
    }

    /// An output (logical px and scale): a phone in portrait and in landscape, a small desktop, 4K at scale 2.
    struct Screen: Sendable, CustomTestStringConvertible {
        let width: Int, height: Int, scale: Int
        var testDescription: String { "\(width)x\(height)" + (scale == 1 ? "" : "@\(scale)") }
    }

    static let screens = [Screen(width: 800, height: 600, scale: 1), Screen(width: 360, height: 720, scale: 1),
                          Screen(width: 720, height: 360, scale: 1), Screen(width: 1920, height: 1080, scale: 2)]

    @Test(arguments: screens)
    func thePresentedCardAndItsShadeLookAsTheWindowDrawsThem(screen: Screen) throws {
        // A tap on the backdrop, below the list's rows and the button (the lower third), presents the card.
        try compare(.transition, on: screen, script: "0 tap 0 \(screen.width / 2) \(screen.height * 9 / 10)",
                    atRest: { $0.transition?.state == .presented },
                    moving: { ($0.transition?.state).map { $0 != .presented && $0 != .dismissed } ?? false })
    }

    @Test(arguments: screens)
    func theSentPlaygroundCardLooksAsTheWindowDrawsIt(screen: Screen) throws {
        // A tap near the right edge, off the card, sends it there: it slides on a surface of its own. Level with the
        // card, so it slides straight right, away from the tile (which rests low on its left): a card that hit it
        // would rest wherever the impact's timing left both. A tap lower down (two thirds of the height) sent the
        // card down-right at 360x720 through the tile's corner, and the two runs rested 2 px apart.
        let scene = PlaygroundScene(size: SIMD2(Double(screen.width), Double(screen.height)))
        let start = scene.position.x
        #expect(scene.tilePosition.x < start, "the tile rests left of the card")
        let x = screen.width - 24, y = Int(scene.position.y)
        try compare(.playground, on: screen, script: "0 tap 0 \(x) \(y)",
                    atRest: { line in
                        line.playground.map { $0.state == .idle && $0.position.x > start + 10 } ?? false
                    },
                    moving: { $0.playground?.state == .animating })
    }

    @Test(arguments: screens)
    func theGalleryLanesLookAsTheWindowDrawsThem(screen: Screen) throws {
        // A tap on the lanes runs their dots again, on the lanes' own surface; at rest the lanes and the satellite
        // (which orbits from the start) have stopped where they always stop.
        let scene = GalleryScene(size: SIMD2(Double(screen.width), Double(screen.height)))
        let lanes = try #require(scene.touchTargets.first { $0.name == GalleryItem.lanes.rawValue }).rect
        try compare(.gallery, on: screen, script: "0 tap 0 \(Int(lanes.center.x)) \(Int(lanes.center.y))",
                    atRest: { line in line.gallery.map { !$0.lanes.running && !$0.satellite.running } ?? false },
                    moving: { $0.gallery?.lanes.running == true },
                    // Where everything rests (the scene's clock differs between the runs).
                    state: { line in
                        line.gallery.map { "\($0.lanes.dots.map(\.x)) \($0.satellite.position) \($0.satellite.angle)" }
                    })
    }

    @Test(arguments: screens)
    func aScrolledListUnderItsBarLooksAsTheWindowDrawsIt(screen: Screen) throws {
        // Dragged up a third of the screen and held still before the lift: no coast, the same offset in both runs.
        // 600 ms, 1.5 s at 4K: there weston headless repaints at ~20 Hz, and a loaded machine fewer (at load ~20 a
        // 600 ms drag made 2 frames); the check needs 5 frames.
        let x = screen.width / 2, from = screen.height * 5 / 6, to = from - screen.height / 3
        let duration = screen.scale > 1 ? 1500 : 600
        try compare(.scroll, on: screen, script: "0 drag 0 \(x) \(from) \(x) \(to) \(duration) 150",
                    atRest: { line in line.scroll.map { $0.state == .idle && $0.offset < -50 } ?? false },
                    moving: { $0.scroll?.state == .dragging },
                    drawnAhead: { record, previous in
                        // The list is tiles that the compositor moves; a frame draws those its motion since the last
                        // one brings into view, and tiles ahead of it within TileSchedule's budget: a share of the
                        // window, or one and a half times what the motion uncovered (a slow frame's long step
                        // draws more of them at once). A tile is at most the window wide, and one or two rows tall.
                        guard let now = record.scroll?.offset, let before = previous?.scroll?.offset else { return 0 }
                        let moved = abs(now - before)
                        let rows = TileSchedule.height(forWidthPixels: screen.width * screen.scale,
                                                       scale: Double(screen.scale))
                        let tile = screen.width * screen.scale * Int(rows) * screen.scale
                        let uncovered = Int((moved / rows).rounded(.up)) + 1
                        let drawnAhead = max(Int(TileSchedule.aheadBudget * Double(screen.width * screen.height
                                                                                  * screen.scale * screen.scale)),
                                             Int((1.5 * moved / rows).rounded(.up)) * tile)
                        return uncovered * tile + drawnAhead
                    })
    }

    /// The list's tiles hold their pixels in the app's own `wl_shm` buffers (one memfd each, `momentum-tile`), not
    /// in EGL surfaces with swrast's back buffer beside Mesa's buffers: at every size, also 1920x1080@2, whose
    /// 2912x128 px tiles stayed EGL surfaces (+40 MiB) while the band they are drawn through was RGBA8.
    @Test(arguments: [Screen(width: 800, height: 600, scale: 1), Screen(width: 1920, height: 1080, scale: 2)])
    func theListsTilesLiveInTheAppsOwnBuffers(screen: Screen) throws {
        let c = try Compositor(scene: .scroll, arguments: ["--no-hud"], output: (screen.width, screen.height),
                               scale: screen.scale)
        try c.app.waitFor("the list's first frame presented") { $0.presented != nil }
        let maps = try String(contentsOfFile: "/proc/\(c.app.processIdentifier)/maps", encoding: .utf8)
        let tiles = maps.split(separator: "\n").filter { $0.contains("memfd:momentum-tile") }
        // The tiles in view at least (one row each, or two on a narrow list), each in a buffer of its own.
        let rows = TileSchedule.height(forWidthPixels: screen.width * screen.scale, scale: Double(screen.scale))
        let inView = Int(Double(screen.height) / rows) - 1
        #expect(tiles.count >= inView, "momentum-tile buffers mapped: \(tiles.count), rows in view: \(inView)")
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
    }

    /// The list's tiles are written by the CPU (`Renderer.write`): as the autoplay scrolls, the frames that draw
    /// tiles coming into view draw none through the GL (`layer_swaps` 0), where each tile was a band pass and a
    /// read-back before — at 800x600 (one column) and 1920x1080@2 (two columns of cards in the larger type).
    @Test(arguments: [Screen(width: 800, height: 600, scale: 1), Screen(width: 1920, height: 1080, scale: 2)])
    func theListsTilesAreWrittenWithoutAGLRoundTrip(screen: Screen) throws {
        let c = try Compositor(scene: .scroll, arguments: ["--no-hud", "--autoplay"],
                               output: (screen.width, screen.height), scale: screen.scale)
        // The first frame draws the window and the bar's surface; after it, a frame draws tiles only.
        var drawing: [TraceRecord.Frame] = []
        try c.app.waitFor("ten frames drawing tiles") { line in
            if let f = line.frame, f.sequence > 1, (f.drawnPixels ?? 0) > 0 { drawing.append(f) }
            return drawing.count >= 10
        }
        #expect(drawing.allSatisfy { $0.layerSwaps == 0 },
                "layer surfaces the GL drew on frames drawing tiles: \(drawing.map { $0.layerSwaps ?? -1 })")
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
    }

    /// The HUD's surface is written by the CPU (`Renderer.write`, as the list's tiles are): in the panel's autoplay,
    /// once the panel's layer is drawn whole (the first frame that draws nothing), every frame that draws is one of
    /// the HUD's redraws, four a second as its numbers and bars change; none of them draws through the GL
    /// (`layer_swaps` 0), where each was a band pass and a read-back before — at 800x600 and 1920x1080@2.
    @Test(arguments: [Screen(width: 800, height: 600, scale: 1), Screen(width: 1920, height: 1080, scale: 2)])
    func theHUDIsWrittenWithoutAGLRoundTrip(screen: Screen) throws {
        let c = try Compositor(scene: .panel, arguments: ["--autoplay"], output: (screen.width, screen.height),
                               scale: screen.scale)
        let still = try c.app.waitFor("a frame that draws nothing") { ($0.frame?.drawnPixels ?? -1) == 0 }
        var redraws: [TraceRecord.Frame] = []
        try c.app.waitFor("six of the HUD's redraws", after: still.index) { line in
            if let f = line.frame, (f.drawnPixels ?? 0) > 0 { redraws.append(f) }
            return redraws.count >= 6
        }
        #expect(redraws.allSatisfy { $0.hud }, "frames drawn with the HUD hidden")
        #expect(redraws.allSatisfy { $0.layerSwaps == 0 },
                "layer surfaces the GL drew on the HUD's redraws: \(redraws.map { $0.layerSwaps ?? -1 })")
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
    }

    /// The knock's flash ring (where the card and the tile meet, lifted onto the surface above the card) is written
    /// by the CPU (`ShapeRaster`'s mitred segments, as the HUD and the spinning tile are): in the playground's
    /// autoplay with its HUD, as the bench runs it, over its first two knocks' flashes, every frame while a flash
    /// shows (`SpinningTileEndToEndTests.flashStates`; the ring swells and fades each frame, alone on the surface
    /// above the card or with the dock's chips it reaches) draws no layer through the GL (`layer_swaps` 0), where
    /// each was a band pass and a read-back before (8 frames of a bench's run) — at 800x600 and 360x720 (at
    /// 1920x1080@2 the ring was not drawn on a surface of its own before either).
    @Test(arguments: [Screen(width: 800, height: 600, scale: 1), Screen(width: 360, height: 720, scale: 1)])
    func theKnocksFlashRingIsWrittenWithoutAGLRoundTrip(screen: Screen) throws {
        let c = try Compositor(scene: .playground, arguments: ["--autoplay"], output: (screen.width, screen.height),
                               scale: screen.scale)
        var knocks = 0
        let second = try c.app.waitFor("the autoplay's second knock", timeout: 60) { line in
            if let hit = line.gesture(.collision), let card = hit.vector(.velocityBefore),
               let tile = hit.vector(.tileVelocityBefore), ((card - tile) * (card - tile)).sum() > 300 * 300 {
                knocks += 1
            }
            return knocks >= 2
        }
        // Its flash over in the scene's time (each frame's step at most 0.1 s): past ten frames a second later.
        var after = 0
        try c.app.waitFor("the second flash over", after: second.index) { line in
            if line.frame != nil, line.t > second.event.t + 1 { after += 1 }
            return after >= 10
        }
        var seen: Set<UInt64> = []
        let flashed = SpinningTileEndToEndTests.flashStates(c.app.events[...]).compactMap { state in
            state.flash ? state.frame : nil
        }.filter { seen.insert($0.sequence).inserted }
        // The ring drawn (its last frames, faded under a byte, may draw nothing).
        let drew = flashed.filter { ($0.drawnPixels ?? 0) > 0 }
        #expect(drew.count >= 6, "frames that drew while the two flashes showed: \(drew.count) of \(flashed.count)")
        let swapped = flashed.filter { $0.layerSwaps != 0 }.map { frame in
            "seq \(frame.sequence): \(frame.layerSwaps.map(String.init) ?? "none")"
        }
        #expect(swapped.isEmpty, "\(swapped.count) of \(flashed.count) flash frames drew a layer through the GL: \(swapped)")
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
    }

    /// A chrome the CPU wrote because it held the knock's flash ring (`RenderTarget`'s `chromeOfLines`) is the
    /// playground's alone. A chrome has no layer of its own, so the next scene's chrome in the same slot was taken
    /// for it while the playground's surface was kept (hidden, for a second): switched to the scroll list (key s)
    /// right after a knock, the list's header bar was written whole by the CPU (its switch frame 1 051 152 px drawn,
    /// no layer through the GL), where a switch with no knock before it draws the header through the GL (958 992 px,
    /// one layer). At 800x600, the autoplay's first knock.
    @Test func aChromeThatHeldTheFlashRingIsNotTheNextScenes() throws {
        /// Types s and returns the first frame after the switch to the list.
        func switchToTheList(_ c: Compositor, after mark: Int) throws -> (frame: TraceRecord.Frame, t: Double) {
            try c.type("s")
            let switched = try c.app.waitFor("the switch to the list", after: mark) { $0.sceneSwitch != nil }
            #expect(switched.event.sceneSwitch == .scroll)
            let first = try c.app.waitFor("a frame of the list", after: switched.index) { $0.frame != nil }
            return (try #require(first.event.frame), switched.event.t)
        }
        // The control: a switch with no knock before it draws the list's header through the GL.
        let d = try Compositor(scene: .playground, arguments: ["--no-hud"], output: (800, 600))
        let unknocked = try switchToTheList(d, after: d.app.events.count).frame
        try #require((unknocked.layerSwaps ?? 0) >= 1, "the header through the GL after a plain switch")
        let c = try Compositor(scene: .playground, arguments: ["--autoplay", "--no-hud"], output: (800, 600))
        let knock = try c.app.waitFor("the autoplay's first knock", timeout: 60) { line in
            guard let hit = line.gesture(.collision), let card = hit.vector(.velocityBefore),
                  let tile = hit.vector(.tileVelocityBefore) else { return false }
            return ((card - tile) * (card - tile)).sum() > 300 * 300
        }
        // The ring drawn (lifted onto the chrome above the card, written by the CPU).
        let ring = try c.app.waitFor("the flash drawn", after: knock.index) { ($0.frame?.drawnPixels ?? 0) > 0 }
        let (frame, t) = try switchToTheList(c, after: ring.index)
        // Within the second the playground's chrome surface is kept.
        try #require(t - knock.event.t < 1, "switched \(t - knock.event.t) s after the knock")
        let drawn = "\(frame.drawnPixels ?? -1) px drawn, \(frame.layerSwaps ?? -1) layers through the GL"
        let plain = "\(unknocked.drawnPixels ?? -1) px, \(unknocked.layerSwaps ?? -1)"
        #expect((frame.layerSwaps ?? 0) >= 1, "the list's first frame after a knock: \(drawn) (without: \(plain))")
    }

    /// Every layer surface the GL draws (the panel's, the transition's sheet) holds its pixels in the app's own
    /// `wl_shm` buffers (`momentum-layer`), not in an EGL surface with swrast's back buffer beside Mesa's buffers:
    /// Mesa's buffers (`mesa-shared`) are the window's alone, each as large as the window.
    @Test(arguments: [Screen(width: 800, height: 600, scale: 1), Screen(width: 1920, height: 1080, scale: 2)])
    func layerSurfacesLiveInTheAppsOwnBuffers(screen: Screen) throws {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let windowBytes = (screen.width * screen.height * screen.scale * screen.scale * 4 + pageSize - 1)
            / pageSize * pageSize
        for scene in [SceneKind.panel, .transition] {
            let c = try Compositor(scene: scene, arguments: ["--no-hud", "--autoplay"],
                                   output: (screen.width, screen.height), scale: screen.scale)
            let drawn = try c.app.waitFor("a frame showing the \(scene.rawValue)'s layer surface") {
                $0.frame?.layerSurface != nil
            }
            try c.app.waitFor("that frame presented", after: drawn.index) { $0.presented != nil }
            let layers = try Self.mappings(of: c.app.processIdentifier, named: "memfd:momentum-layer")
            let mesa = try Self.mappings(of: c.app.processIdentifier, named: "memfd:mesa-shared")
            #expect(!layers.isEmpty, "\(scene.rawValue): no momentum-layer buffer mapped")
            #expect(mesa.allSatisfy { $0 >= windowBytes },
                    "\(scene.rawValue): Mesa's buffers \(mesa) bytes, the window's \(windowBytes)")
            c.app.signal()
            #expect(try c.app.waitExit() == 0)
        }
    }

    /// By default (`--surface-buffers auto`) a window larger than 1280x1024 buffer px drawn by this swrast is drawn
    /// into the app's own `wl_shm` buffers (`momentum-window`) and holds no EGL window surface: neither swrast's back
    /// buffer nor Mesa's `wl_shm` buffers (`mesa-shared`), 63 MiB at 1920x1080@2; a smaller one keeps its EGL surface.
    /// In a scene whose window is drawn again (the gallery) and one drawn once (the panel), once a frame after the
    /// first was presented.
    @Test(arguments: [Screen(width: 800, height: 600, scale: 1), Screen(width: 1920, height: 1080, scale: 2)])
    func aLargeWindowLivesInTheAppsOwnBuffersByDefault(screen: Screen) throws {
        let large = screen.width * screen.height * screen.scale * screen.scale > 1280 * 1024
        for scene in [SceneKind.panel, .gallery] {
            let c = try Compositor(scene: scene, arguments: ["--no-hud", "--autoplay"],
                                   output: (screen.width, screen.height), scale: screen.scale)
            let first = try c.app.waitFor("the first frame presented") { $0.presented != nil }
            try c.app.waitFor("a later frame presented", after: first.index) { $0.presented != nil }
            let window = try Self.mappings(of: c.app.processIdentifier, named: "memfd:momentum-window")
            let mesa = try Self.mappings(of: c.app.processIdentifier, named: "memfd:mesa-shared")
            let facts = c.app.events.compactMap { $0.system?.gl?.eglExtensions }.first ?? []
            let inAppBuffers = facts.contains { $0.hasPrefix("window drawn into the app's wl_shm buffers") }
            if large {
                #expect(inAppBuffers, "\(scene.rawValue): EGL facts \(facts)")
                #expect(!window.isEmpty, "\(scene.rawValue): no momentum-window buffer mapped")
                #expect(mesa.isEmpty, "\(scene.rawValue): Mesa's wl_shm buffers mapped: \(mesa) bytes")
            } else {
                #expect(!inAppBuffers, "\(scene.rawValue): EGL facts \(facts)")
                #expect(window.isEmpty, "\(scene.rawValue): momentum-window buffers mapped: \(window) bytes")
                #expect(!mesa.isEmpty, "\(scene.rawValue): no Mesa wl_shm buffer mapped (the window's EGL surface)")
            }
            c.app.signal()
            #expect(try c.app.waitExit() == 0)
        }
    }

    /// `--surface-buffers auto` is chosen again when the window is resized across the line (1280x1024 buffer px):
    /// a 640x480 window at scale 2 (1280x960 px) keeps its EGL surface (Mesa's `wl_shm` buffers); maximised by its
    /// title bar's button (800x544 at scale 2, 1600x1088 px) its frames go into the app's own buffers, one of that
    /// size mapped (or, shown in parts, its backdrop's strip of that height: `holdsWindow`) and none of Mesa's left
    /// once a frame at that size was presented; restored, the EGL surface again
    /// and none of the app's. What weston shows of the window after each switch is its picture, not an emptied
    /// surface: the backdrop's top left as before, not the desktop behind it.
    @Test func aWindowResizedAcrossTheLineChangesItsBuffers() throws {
        let w = try MaximisedWindow(window: (640, 480), output: (800, 600))
        var buffers = try w.mapped()
        #expect(buffers.app.isEmpty && !w.startedInAppBuffers, "640x480@2: the app's \(buffers.app), Mesa's \(buffers.mesa)")
        let full = w.full
        let sized = { (app: [Int]) in MaximisedWindow.holdsWindow(app, width: full.width * 2, height: full.height * 2) }
        buffers = try w.toggle(maximise: true) { sized($0.app) && $0.mesa.isEmpty }
        #expect(sized(buffers.app) && buffers.mesa.isEmpty,
                "maximised (\(full.width * 2)x\(full.height * 2) px): the app's \(buffers.app), Mesa's \(buffers.mesa)")
        buffers = try w.toggle(maximise: false) { $0.app.isEmpty && !$0.mesa.isEmpty }
        #expect(buffers.app.isEmpty && !buffers.mesa.isEmpty, "restored: the app's \(buffers.app), Mesa's \(buffers.mesa)")
        try w.end()
    }

    /// The line has hysteresis (`SurfaceBuffersKind.appBuffersKeptAbove`): a 640x508 window at scale 2 (1280x1016
    /// px, 0.8 % under the line) maximised on a 644 px wide output to 644x512 (1288x1024 px, 0.6 % over it), then
    /// restored and maximised again twice, leaves its EGL surface once, at the first maximise, and keeps the app's
    /// buffers at each later crossing (none of Mesa's mapped again), each time showing its backdrop. Without the
    /// hysteresis each restore went back to Mesa's buffers (a whole frame drawn and a buffer of the window's size
    /// mapped at every crossing). Which sizes the app's buffers have is not asserted after the first switch: in about
    /// one run of four the frame presented after a configure that keeps the app's buffers left the buffer of the
    /// size before mapped (scenes.md, nineteenth step: not explained).
    @Test func aWindowResizedAFewPixelsBackAndForthAcrossTheLineKeepsItsBuffers() throws {
        let top = DecorationsEndToEndTests.panelHeight + DecorationsEndToEndTests.titleHeight
        let w = try MaximisedWindow(window: (640, 508), output: (644, 512 + Int(top)))
        let sized = { (app: [Int]) in MaximisedWindow.holdsWindow(app, width: w.full.width * 2, height: w.full.height * 2) }
        try #require(w.full.width == 644 && w.full.height == 512, "maximised to \(w.full)")
        var buffers = try w.mapped()
        #expect(buffers.app.isEmpty && !w.startedInAppBuffers,
                "1280x1016 px: the app's \(buffers.app), Mesa's \(buffers.mesa)")
        buffers = try w.toggle(maximise: true) { sized($0.app) && $0.mesa.isEmpty }
        #expect(sized(buffers.app) && buffers.mesa.isEmpty,
                "maximised: the app's \(buffers.app), Mesa's \(buffers.mesa)")
        for round in 1...2 {
            buffers = try w.toggle(maximise: false) { !$0.app.isEmpty && $0.mesa.isEmpty }
            #expect(!buffers.app.isEmpty && buffers.mesa.isEmpty,
                    "round \(round), restored: the app's \(buffers.app), Mesa's \(buffers.mesa)")
            if round == 2 { break }
            buffers = try w.toggle(maximise: true) { !$0.app.isEmpty && $0.mesa.isEmpty }
            #expect(!buffers.app.isEmpty && buffers.mesa.isEmpty,
                    "round \(round + 1), maximised: the app's \(buffers.app), Mesa's \(buffers.mesa)")
        }
        try w.end()
    }

    /// The panel as a window at scale 2 in weston's desktop, maximised and restored by its title bar's button;
    /// which buffers it holds (the app's `momentum-window` ones, Mesa's), and what weston shows at its top left.
    struct MaximisedWindow {
        let c: Compositor
        let window: (width: Int, height: Int)
        /// The maximised window's size (logical px): the output under the shell's panel and the title bar.
        let full: (width: Int, height: Int)
        /// The window's backdrop as weston showed it at the start, and the desktop's colour beside it.
        let backdrop: (Int, Int, Int)

        init(window: (width: Int, height: Int), output: (width: Int, height: Int)) throws {
            c = try Compositor(scene: .panel, arguments: ["--no-hud"], output: output, scale: 2, window: window)
            self.window = window
            let top = DecorationsEndToEndTests.panelHeight + DecorationsEndToEndTests.titleHeight
            full = (output.width, output.height - Int(top))
            let origin = try WindowedMouseEndToEndTests.locate(c)
            let before = try DecorationsEndToEndTests.capture(c)
            backdrop = Self.pixel(before, origin.x + 10, origin.y + 10)
            // The desktop beside the window: the output's bottom right corner, or (a window nearly as large as the
            // output) the middle of the wider strip left or right of it.
            let (w, h) = (Double(window.width), Double(window.height)), title = DecorationsEndToEndTests.titleHeight
            let right = c.outputWidth - origin.x - w
            let spot = [(c.outputWidth - 2, c.outputHeight - 2), (origin.x / 2, c.outputHeight / 2),
                        (c.outputWidth - right / 2, c.outputHeight / 2)].first { x, y in
                x < origin.x - 1 || x > origin.x + w + 1 || y < origin.y - title - 1 || y > origin.y + h + 1
            }
            let corner = try #require(spot, "no desktop beside the \(window) window at \(origin)")
            let desktop = Self.pixel(before, corner.0, corner.1)
            try #require(DecorationsEndToEndTests.distance(backdrop, desktop) > 8,
                         "the window's backdrop \(backdrop) is the desktop's colour \(desktop): the check could not fail")
        }

        /// The output's pixel at global logical point (`x`, `y`): the capture is in buffer px (scale 2).
        static func pixel(_ image: PPM, _ x: Double, _ y: Double) -> (Int, Int, Int) {
            image.pixel(x: Int(x * 2), y: Int(y * 2))
        }

        /// Whether the run started with its window in the app's own buffers (the trace's EGL facts). At launch this,
        /// not Mesa's buffers, tells the EGL surface: the first frame is written by the CPU into buffers of its own,
        /// and Mesa maps its `wl_shm` buffers at the GL's first swap, which a panel at rest may not make yet.
        var startedInAppBuffers: Bool {
            let facts = c.app.events.compactMap { $0.system?.gl?.eglExtensions }.first ?? []
            return facts.contains { $0.hasPrefix("window drawn into the app's wl_shm buffers") }
        }

        /// Whether the app's window buffers `app` (bytes each) hold a window of `width`×`height` buffer px: a buffer
        /// of its size, or, where it is shown as its backdrop's strip and its content's parts (`WindowParts`), the
        /// strip (2 px wide, its height; a mapping is whole pages).
        static func holdsWindow(_ app: [Int], width: Int, height: Int) -> Bool {
            let page = 4096
            return app.contains(width * height * 4) || app.contains((2 * height * 4 + page - 1) / page * page)
        }

        /// The sizes in bytes of the app's window buffers and of Mesa's mapped now.
        func mapped() throws -> (app: [Int], mesa: [Int]) {
            let pid = c.app.processIdentifier
            return (try SceneSurfacesEndToEndTests.mappings(of: pid, named: "memfd:momentum-window"),
                    try SceneSurfacesEndToEndTests.mappings(of: pid, named: "memfd:mesa-shared"))
        }

        /// Maximises (or restores) the window by its title bar's button, waits for the first frame at the new size
        /// to be presented, then (at most 10 s: a frame drawn while the configure came may be the one presented, and
        /// what the window left goes a commit later) for the buffers mapped to be as `expected` says; checks that
        /// weston shows the window's backdrop at its top left (not an emptied surface), and returns the buffers
        /// mapped last, for the caller to check.
        func toggle(maximise: Bool, until expected: ((app: [Int], mesa: [Int])) -> Bool) throws
            -> (app: [Int], mesa: [Int]) {
            let title = DecorationsEndToEndTests.titleHeight, button = DecorationsEndToEndTests.buttonWidth
            let origin = try WindowedMouseEndToEndTests.locate(c)
            let size = maximise ? full : window
            let mark = c.app.events.count
            try c.play("0 click \(origin.x + Double(maximise ? window.width : full.width) - 1.5 * button) "
                       + "\(origin.y - title / 2)")
            let configured = try c.app.waitFor("the window at \(size.width)x\(size.height)", after: mark) {
                $0.configure.map { $0.width == size.width && $0.height == size.height } ?? false
            }
            let drawn = try c.app.waitFor("a frame at that size", after: configured.index) { $0.frame != nil }
            let sequence = drawn.event.frame?.sequence ?? 0
            // That frame's own feedback (the one before it may come after it).
            try c.app.waitFor("that frame presented", after: drawn.index) {
                $0.presented.map { $0.sequence >= sequence } ?? false
            }
            let end = Date().addingTimeInterval(10)
            var buffers = try mapped()
            while !expected(buffers), Date() < end {
                usleep(20_000)
                buffers = try mapped()
            }
            let placed = try WindowedMouseEndToEndTests.locate(c)
            let backdrop = backdrop
            let image = try DecorationsEndToEndTests.capture(c) {
                DecorationsEndToEndTests.distance(Self.pixel($0, placed.x + 10, placed.y + 10), backdrop) <= 3
            }
            let shown = Self.pixel(image, placed.x + 10, placed.y + 10)
            #expect(DecorationsEndToEndTests.distance(shown, backdrop) <= 3,
                    "\(size.width)x\(size.height): the window's top left shows \(shown), its backdrop was \(backdrop)")
            if !expected(buffers) {
                let traced = story(since: mark)
                Issue.record("\(size.width)x\(size.height): buffers not as expected 10 s after; the app traced: \(traced)")
            }
            return buffers
        }

        /// What the app traced since event `mark`, for a failure's message: each configure's size, each frame's
        /// number with the window's damage and the pixels drawn (buffer px), each presentation, each frame not drawn.
        func story(since mark: Int) -> String {
            c.app.events.dropFirst(mark).compactMap { line -> String? in
                let t = String(format: "%.3f", line.t)
                switch line.record {
                case .configure(let s): return "\(t) configure \(s.width)x\(s.height)"
                case .frame(let f):
                    return "\(t) frame \(f.sequence) damage \(f.damagePixels ?? -1) drawn \(f.drawnPixels ?? -1)"
                        + " layer swaps \(f.layerSwaps ?? -1)"
                case .presented(let p): return "\(t) presented \(p.sequence)"
                case .unchanged(let sequence, _): return "\(t) unchanged \(sequence)"
                default: return nil
                }
            }.joined(separator: "; ")
        }

        /// Stops the app; it exits cleanly.
        func end() throws {
            c.app.signal()
            #expect(try c.app.waitExit() == 0, "\(c.app.stderr)")
        }
    }

    /// A layer surface hidden for a while gives its buffers back (`RenderTarget.idleSeconds`): the transition's card
    /// moving in holds a `momentum-layer` buffer of its size (720x480 px at 800x600); dismissed, a few seconds after
    /// it left none of that size is mapped (before, it stayed for the whole run; the small ones are the bars'
    /// chrome, still shown); presented again, it is drawn on a surface made anew, into a buffer mapped again.
    @Test func aHiddenLayerSurfaceGivesItsBuffersBack() throws {
        let c = try Compositor(scene: .transition, arguments: ["--no-hud"])
        let pid = c.app.processIdentifier
        let cardBytes = 720 * 480 * 4
        func cardBuffers() throws -> [Int] {
            try Self.mappings(of: pid, named: "memfd:momentum-layer").filter { $0 >= cardBytes }
        }
        try c.app.waitFor("the first frame presented") { $0.presented != nil }
        for round in 1...2 {
            let mark = c.app.events.count
            try c.play("0 tap 0 400 400")
            // Most of the card in (a card less than half in is drawn in view first, its whole a frame later).
            let mostlyIn = try c.app.waitFor("round \(round): the card mostly in", after: mark) {
                guard let card = $0.transition else { return false }
                return card.state == .presenting && card.cardY > -120
            }
            let moving = try c.app.waitFor("a frame showing the card's layer surface", after: mostlyIn.index) {
                $0.frame?.layerSurface != nil
            }
            try c.app.waitFor("that frame presented", after: moving.index) { $0.presented != nil }
            let all = try Self.mappings(of: pid, named: "memfd:momentum")
            #expect(!(try cardBuffers()).isEmpty,
                    "round \(round): no momentum-layer buffer of the card's size mapped while it moves in: \(all)")
            let presented = try c.app.waitFor("presented", after: moving.index) { $0.transition?.state == .presented }
            // A tap on the backdrop beside the card (the card 720 px wide from x 40) dismisses it.
            let dismissing = c.app.events.count
            try c.play("0 tap 0 20 300")
            try c.app.waitFor("dismissed", after: max(dismissing, presented.index)) {
                $0.transition?.state == .dismissed
            }
            // Let go one second after the card's surface was hidden (the loop wakes for it); 10 s under any load.
            let end = Date().addingTimeInterval(10)
            var layers = try cardBuffers()
            while !layers.isEmpty, Date() < end {
                usleep(20_000)
                layers = try cardBuffers()
            }
            #expect(layers.isEmpty, "round \(round): the card's buffers still mapped 10 s after it left: \(layers)")
        }
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
    }

    /// The panel's sheet dragged past its open position and held there shows its extension below the controls
    /// (paper between the shadow's sides: one row repeated, `PanelLayout.rowsRepeatBelow`): weston shows what the
    /// window alone draws (`--no-subsurfaces`), while the sheet's own buffers (`momentum-layer`) hold only the rows
    /// above the extension, the rest one row (`momentum-strip`) the compositor stretches down (before, the sheet's
    /// buffer held every row: at 1920x1080@2 ~22 MiB, ~13.5 of them the extension). At scale 2 (at scale 1 it saves
    /// little, and the sheet holds every row as before).
    @Test(arguments: [Screen(width: 1920, height: 1080, scale: 2), Screen(width: 640, height: 480, scale: 2)])
    func aSheetDraggedPastOpenShowsItsExtensionAsTheWindowDrawsIt(screen: Screen) throws {
        let layout = PanelLayout(width: Double(screen.width), height: Double(screen.height))
        let s = Double(screen.scale)
        let layerBytes = Int(layout.layerSize.x * s) * Int(layout.layerSize.y * s) * 4
        let halfExtension = Int(layout.layerSize.x * s) * Int(layout.extensionBelow * s / 2) * 4
        func heldPastOpen(_ arguments: [String]) throws -> (image: PPM, y: Double?, layers: [Int], strips: [Int]) {
            let c = try Compositor(arguments: Compositor.unpredicted + ["--no-hud"] + arguments,
                                   output: (screen.width, screen.height), scale: screen.scale)
            let mark = c.app.events.count
            // From the peeking strip (32 px under its top) to a third of the screen above the open position, held.
            let x = screen.width / 2, from = screen.height - 40, past = Double(screen.height / 3)
            try c.play("0 press 0 \(x) \(from)\n10 moveto 0 \(x) \(Int(c.openY - past) + 32) 700")
            let banded = c.openY + RubberBand.offset(-past, dimension: c.height)
            let held = try c.app.waitFor("the panel held past open", after: mark) {
                $0.panel.map { $0.state == .dragging && $0.y <= banded + 2 } ?? false
            }
            let rest = try c.app.waitFor("nothing more to draw", after: held.index) { $0.rest != nil }
            guard let last = c.app.events[..<rest.index].lastIndex(where: { $0.frame != nil }),
                  let shown = c.app.events[last].frame?.sequence else {
                throw TracedClient.Failure(description: "no frame before the held panel's rest")
            }
            try c.app.waitFor("that frame presented", after: last) {
                $0.presented.map { $0.sequence >= shown } ?? false
            }
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("momentum-capture-\(getpid())-\(UUID().uuidString).ppm").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try c.weston.capture(to: path)
            let pid = c.app.processIdentifier
            let result = (try PPM(path: path), c.panels(from: mark).last?.y,
                          try Self.mappings(of: pid, named: "memfd:momentum-layer"),
                          try Self.mappings(of: pid, named: "memfd:momentum-strip"))
            try c.play("0 release 0")
            return result
        }
        let separate = try heldPastOpen([])
        let inline = try heldPastOpen(["--no-subsurfaces"])
        let heights = "\(String(describing: separate.y)) and \(String(describing: inline.y))"
        #expect(separate.y != nil && separate.y == inline.y, "held at \(heights)")
        #expect(separate.y.map { $0 < layout.y(for: .open) - 20 } ?? false, "not past open: \(heights)")
        #expect(!separate.layers.isEmpty && separate.layers.allSatisfy { $0 <= layerBytes - halfExtension },
                "the sheet's buffers \(separate.layers) bytes; its whole layer \(layerBytes)")
        #expect(separate.image.width == inline.image.width && separate.image.height == inline.image.height)
        // The rows under the panel's visible part, to the window's bottom: the extension (and the paper's margin
        // under the controls), the same at every row, so where the held drag's fractional top lies does not change
        // them (the window draws it there, a layer surface is placed on whole px: the controls above differ).
        let first = Int(((separate.y ?? 0) + layout.panelSize.y + 2) * s)
        let rows = (first..<separate.image.height).map { y in
            (0..<separate.image.width).map { x in
                let a = separate.image.pixel(x: x, y: y), b = inline.image.pixel(x: x, y: y)
                return max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2))
            }.max() ?? 0
        }
        let largest = rows.max() ?? 0
        #expect(!rows.isEmpty && largest <= 3,
                "the extension's rows \(first)..<\(separate.image.height): largest channel difference \(largest)")
        print("aSheetDraggedPastOpen \(screen.testDescription): the extension's \(rows.count) rows differ by at most "
              + "\(largest), sheet buffers \(separate.layers), strips \(separate.strips), whole layer \(layerBytes)")
    }

    /// The panel in a window of 1920x1080 at scale 2 (drawn into the app's own buffers) is shown as its backdrop's
    /// strip stretched over the window and its content's parts (`WindowParts`: the clock, the hint and the
    /// notifications; the switcher's pills): the window's own buffers (`momentum-window`) are the strip's, a few KiB
    /// (before: a buffer of the window's size, 31.6 MiB), its content's (`momentum-part`) together under a fifth of
    /// that; and weston shows what the window drawn whole shows (`--no-subsurfaces`, which draws it so), within 3 a
    /// channel — at rest after the launch, and after a switch to the scroll list and back (the parts let go and made
    /// again).
    @Test func aLargePanelIsItsBackdropsStripAndItsContentsParts() throws {
        let windowBytes = 3840 * 2160 * 4
        func shown(_ arguments: [String], switching: Bool) throws -> (image: PPM, window: [Int], parts: [Int]) {
            let c = try Compositor(scene: .panel, arguments: ["--no-hud"] + arguments, output: (1920, 1080), scale: 2)
            // The launch's rest may come before the harness hands the run over: looked for from the start.
            var mark = 0
            if switching {
                for scene in [SceneKind.scroll, .panel] {
                    mark = c.app.events.count
                    guard let r = c.switcherTargets()["scene:\(scene.rawValue)"] else {
                        throw TracedClient.Failure(description: "no switcher entry for \(scene.rawValue)")
                    }
                    try c.play("0 tap 0 \(r.x + r.width / 2) \(r.y + r.height / 2)")
                    try c.app.waitFor("the switch to \(scene.rawValue)", after: mark) { $0.sceneSwitch == scene }
                }
            }
            let rest = try c.app.waitFor("nothing more to draw", after: mark) { $0.rest != nil }
            guard let last = c.app.events[..<rest.index].lastIndex(where: { $0.frame != nil }),
                  let sequence = c.app.events[last].frame?.sequence else {
                throw TracedClient.Failure(description: "no frame before the panel's rest")
            }
            try c.app.waitFor("that frame presented", after: last) { $0.presented.map { $0.sequence >= sequence } ?? false }
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("momentum-capture-\(getpid())-\(UUID().uuidString).ppm").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try c.weston.capture(to: path)
            let pid = c.app.processIdentifier
            let window = try Self.mappings(of: pid, named: "memfd:momentum-window")
            let parts = try Self.mappings(of: pid, named: "memfd:momentum-part")
            c.app.signal()
            #expect(try c.app.waitExit() == 0)
            return (try PPM(path: path), window, parts)
        }
        let whole = try shown(["--no-subsurfaces"], switching: false)
        for switching in [false, true] {
            let parted = try shown([], switching: switching)
            let at = switching ? "after a switch to the list and back" : "at launch"
            #expect(!parted.window.isEmpty && parted.window.allSatisfy { $0 < 1 << 20 },
                    "\(at): the window's buffers \(parted.window) bytes (a buffer of its size: \(windowBytes))")
            #expect(!parted.parts.isEmpty && parted.parts.reduce(0, +) < windowBytes / 5,
                    "\(at): the parts' buffers \(parted.parts) bytes")
            #expect(parted.image.width == whole.image.width && parted.image.height == whole.image.height)
            let difference = parted.image.largestDifference(from: whole.image)
            #expect(difference.value <= 3, "\(at): largest channel difference \(difference.value) at \(difference.at)")
        }
    }

    /// The sizes in bytes of the mappings of process `pid` whose line in /proc/PID/maps names `name`.
    /// Read to its end: `String(contentsOfFile:)` stops at the first short read, which /proc/PID/maps gives after a
    /// page or so of lines, and dropped the mappings at the highest addresses (a small buffer made late, such as
    /// the sheet's row strip or the window's backdrop strip).
    static func mappings(of pid: Int32, named name: String) throws -> [Int] {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else {
            throw TracedClient.Failure(description: "cannot read /proc/\(pid)/maps")
        }
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self).split(separator: "\n")
            .filter { $0.contains(name) }
            .map { line in
                let range = line.prefix(while: { $0 != " " }).split(separator: "-").compactMap { Int($0, radix: 16) }
                return range.count == 2 ? range[1] - range[0] : 0
            }
    }
}
