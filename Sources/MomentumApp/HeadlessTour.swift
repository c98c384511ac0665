import MomentumRun
import MomentumScenes

/// The scripted tours `momentum headless` plays with real touch, one per scene. Each step waits for the app to
/// show its effect in the trace before the next one starts; the last step leaves something worth a screenshot.
struct HeadlessTour {
    let weston: WestonSession
    let app: TracedClient
    let scene: SceneKind
    let width: Double
    let height: Double
    /// The trace's length when the last gesture started: what it brought comes after.
    let mark = Mark()

    final class Mark: @unchecked Sendable {
        var index = 0
    }

    func play() throws {
        switch scene {
        case .panel: try panel()
        case .transition: try transition()
        case .gallery: try gallery()
        case .playground: try playground()
        case .scroll: try scroll()
        }
    }

    /// Panel: open by tap, flip a toggle and drag a slider (the panel stays put), drag it down past halfway and let go still (closes: the nearer state), flick up and tap it
    /// mid-flight (caught by the press, sent back),
    /// flick up again (opens), flick down (closes), tap (opens, for the screenshot).
    private func panel() throws {
        let x = width / 2
        let closedY = height - 36 // inside the peeking strip
        try gesture("tap the closed panel", "0 tap 0 \(x) \(closedY)")
        try waitFor("panel open") { $0.panel?.state == .open }
        let layout = PanelLayout(width: width, height: height)
        let openTop = layout.y(for: .open)
        let origin = SIMD2(layout.panelX, openTop)
        if let focus = layout.controls.toggles[.focus] {
            let mark = app.events.count
            let p = focus.center + origin
            try gesture("tap the Focus toggle: it turns on", "0 tap 0 \(p.x) \(p.y)")
            try app.waitForGesture(.control, after: mark)
        }
        if let track = layout.controls.sliders[.brightness] {
            let mark = app.events.count
            let p = track.center + origin
            // Along its axis: left, or down on a landscape panel's upright slider.
            let to = ControlCenterLayout.isUpright(track) ? p + SIMD2(0, track.height / 4) : p - SIMD2(track.width / 4, 0)
            try gesture("drag the brightness slider toward its low end",
                        "0 drag 0 \(p.x) \(p.y) \(to.x) \(to.y) 300 60")
            let slid = try app.waitForGesture(.control, after: mark)
            // The frame drawn for the lift: the panel stayed open (the slider took the drag).
            try app.waitFor("the panel still open", after: slid.index) { $0.panel?.state == .open }
        }
        let middle = (openTop + layout.y(for: .closed)) / 2
        try gesture("drag it down past halfway and hold still before lifting",
                    "0 drag 0 \(x) \(openTop + 40) \(x) \(middle + 80) 500 120")
        try waitFor("panel closed") { $0.panel?.state == .closed }
        let mark = app.events.count
        try gesture("flick up", "0 flick 0 \(x) \(closedY) \(x) \(closedY - 160) 70")
        let moving = try app.waitFor("the panel animating", after: mark) {
            $0.panel?.state == .animating
        }
        let top = moving.event.panel?.rect.y ?? closedY - 20
        try gesture("tap it mid-flight", "0 tap 0 \(x) \(top + 30)")
        try waitFor("panel closed") { $0.panel?.state == .closed }
        try gesture("flick up", "0 flick 0 \(x) \(closedY) \(x) \(closedY - 200) 80")
        try waitFor("panel open") { $0.panel?.state == .open }
        try gesture("flick down", "0 flick 0 \(x) \(openTop + 30) \(x) \(openTop + 230) 80")
        try waitFor("panel closed") { $0.panel?.state == .closed }
        try gesture("tap it open for the screenshot", "0 tap 0 \(x) \(closedY)")
        try waitFor("panel open") { $0.panel?.state == .open }
    }

    /// Transition: present by tapping the backdrop, grab the card mid-presentation and pull it back up (cancels),
    /// present again, drag it down slowly and let go past halfway (dismisses by location), present for the shot.
    private func transition() throws {
        let layout = TransitionLayout(width: width, height: height)
        let x = width / 2, backdropY = height - 20
        try gesture("tap the backdrop: the card presents", "0 tap 0 \(x) \(backdropY)")
        let mark = app.events.count
        let midway = try app.waitFor("the card part-way in", after: max(0, mark - 1)) {
            guard let card = $0.transition else { return false }
            return card.state == .presenting && card.completion > 0.4
        }
        let cardBottom = (midway.event.transition?.cardY ?? layout.presentedY) + layout.cardSize.y
        try gesture("grab it mid-presentation and flick it back up",
                    "0 flick 0 \(x) \(cardBottom - 40) \(x) \(cardBottom - 160) 60")
        try waitFor("the card dismissed") { $0.transition?.state == .dismissed }
        try gesture("present it again", "0 tap 0 \(x) \(backdropY)")
        try waitFor("the card presented") { $0.transition?.state == .presented }
        let grab = layout.presentedY + layout.cardSize.y - 40
        try gesture("drag it up past halfway slowly and let go still",
                    "0 drag 0 \(x) \(grab) \(x) \(max(8, grab - (layout.presentedY - layout.dismissedY) * 0.75)) 900 150")
        try waitFor("the card dismissed") { $0.transition?.state == .dismissed }
        try gesture("present it for the screenshot", "0 tap 0 \(x) \(backdropY)")
        try waitFor("the card presented") { $0.transition?.state == .presented }
    }

    /// Gallery: shake the field, shuffle the covers, restart the lanes and the satellite, and wait for the
    /// shake and the shuffle to finish.
    private func gallery() throws {
        let (layout, zoom) = GalleryLayout.fitting(width: width, height: height)
        for (item, what) in [(GalleryItem.shake, "tap the field: it shakes"),
                             (.covers, "tap the covers: they shuffle after 0.5 s"),
                             (.lanes, "tap the lanes: they run back"), (.satellite, "tap the orbit: three more laps")] {
            let mark = app.events.count
            let c = layout.toWindow(layout.frame(of: item).center, zoom: zoom)
            try gesture(what, "0 tap 0 \(c.x) \(c.y)")
            try app.waitForGesture(.tap, item: item, after: mark)
            if item == .shake || item == .covers {
                try app.waitForGesture(.finished, item: item, after: mark)
            }
        }
    }

    /// Playground: flick the card, tap elsewhere while it flies (retarget), throw it at the tile (they collide), catch
    /// it, pinch it, leave it at rest.
    private func playground() throws {
        // Where the card rests at the start (its home: the window's middle, or the field's where that is lopsided).
        let c = app.events.last(where: { $0.playground != nil })?.playground?.position ?? SIMD2(width / 2, height / 2)
        let reach = min(120, width * 0.25)
        try gesture("flick the card right", "0 flick 0 \(c.x) \(c.y) \(c.x + reach) \(c.y + reach / 3) 80")
        let mark = app.events.count
        // Left of home, level with it: the target ring clear of the hint and the legend.
        let aside = PlaygroundScene(size: SIMD2(width, height)).asideSpot
        try gesture("tap elsewhere while it flies: it retargets", "0 tap 0 \(aside.x) \(aside.y)")
        try app.waitForGesture(.retarget, after: max(0, mark - 1))
        try waitFor("the card idle") { $0.playground?.state == .idle }
        // Throw it at the tile: they collide, the tile is knocked away (a flash where they meet). A throw that ends
        // with the card beside the tile (it grazed it, or the tile sat in a corner of a short field) is thrown again
        // from where the card came to rest, as a user would, up to three times.
        for attempt in 1...3 {
            guard let record = app.events.last(where: { $0.playground != nil })?.playground else { break }
            let toward = record.tile - record.position, length = (toward * toward).sum().squareRoot()
            let end = record.position + toward / max(length, 1) * min(100, length / 2)
            let hit = app.events.count
            try gesture("throw the card at the tile: it knocks it away",
                        "0 flick 0 \(record.position.x) \(record.position.y) \(end.x) \(end.y) 60")
            do {
                try app.waitForGesture(.collision, after: max(0, hit - 1), timeout: attempt < 3 ? 8 : 20)
            } catch where attempt < 3 {
                try app.waitFor("the card idle after a throw that missed", after: hit) { $0.playground?.state == .idle }
                continue
            }
            try waitFor("the card idle") { $0.playground?.state == .idle }
            break
        }
        // Idle once it got there: the tap seen first (the card idle before it counts for nothing), so the pinch finds
        // the card where it came to rest, not where it set out from (at 1920x1080 it caught the card in flight).
        let sent = app.events.count
        try gesture("tap to the right of the middle: it comes over", "0 tap 0 \(c.x + min(200, width * 0.2)) \(c.y)")
        let tap = try app.waitForGesture(.tap, after: max(0, sent - 1))
        // From the tap on: a card the tap landed on stays idle, its one record after the tap the last frame drawn.
        try app.waitFor("the card idle", after: tap.index) { $0.playground?.state == .idle }
        let position = app.events.last { $0.playground != nil }?.playground?.position ?? c
        let card = [position.x, position.y]
        try gesture("pinch it open and let go", "0 press 0 \(card[0] - 30) \(card[1])\n0 press 1 \(card[0] + 30) \(card[1])\n"
                    + "10 moveto 0 \(card[0] - 70) \(card[1] - 20) 120\n10 moveto 1 \(card[0] + 70) \(card[1] + 20) 120\n"
                    + "140 release 0\n140 release 1")
        try waitFor("the card idle") { $0.playground?.state == .idle }
    }

    /// Scroll: flick the list up (it coasts), touch it mid-coast (it stops there), flick it down into its top (it
    /// bounces), drag it down past its top (it resists) and let go (it bounces back), flick it into its top once more,
    /// leave it at rest.
    private func scroll() throws {
        let x = width / 2, low = height * 0.85, high = height * 0.35
        try gesture("flick the list up", "0 flick 0 \(x) \(low) \(x) \(high) 80")
        try app.waitFor("the list coasting", after: max(0, app.events.count - 1)) {
            $0.scroll?.state == .decelerating
        }
        try gesture("touch it while it coasts: it stops", "0 tap 0 \(x) \(height * 0.6)")
        try waitFor("the list idle") { $0.scroll?.state == .idle }
        try gesture("flick it back down into its top: it bounces", "0 flick 0 \(x) \(high) \(x) \(low) 60")
        try waitFor("the list idle") { $0.scroll?.state == .idle }
        try gesture("pull it down past its top and let go", "0 drag 0 \(x) \(high) \(x) \(low) 300 100")
        try waitFor("the list idle") { $0.scroll?.state == .idle }
        // Once more, until a frame of the bounce was drawn (at most three times), so that a run whose frames came too
        // sparse for the bounces to be pictured (a debug build at 4K under the whole suite's load) has a second
        // instant to show: the whole-suite runs of `--all-sizes` missed a scroll -mid2 now and then.
        for _ in 1...3 {
            try gesture("flick it down into its top again: it bounces", "0 flick 0 \(x) \(high) \(x) \(low) 60")
            let flicked = mark.index
            try waitFor("the list idle") { $0.scroll?.state == .idle }
            if app.events[flicked...].contains(where: { $0.scroll?.state == .bouncing }) { break }
        }
    }

    private func gesture(_ what: String, _ script: String) throws {
        Console.out("  \(what)")
        mark.index = app.events.count
        _ = try weston.play(script: script)
    }

    /// Waits for a line that shows `what`, from the scene's latest state once the gesture was played (not the
    /// latest line: that state may already be followed by other lines, its feedback or its gesture, and a scene at
    /// rest writes no more), and never from before the gesture started (nor from its first frames' state when none
    /// has come since: a list touched at rest is still idle on the press).
    private func waitFor(_ what: String, _ predicate: (TraceLine) -> Bool) throws {
        let events = app.events
        let latestState = events.indices.last { events[$0].sceneState != nil } ?? 0
        try app.waitFor(what, after: max(mark.index, latestState), where: predicate)
    }
}
