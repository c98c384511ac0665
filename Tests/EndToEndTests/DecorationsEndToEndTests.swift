import Foundation
import MomentumApp
import MomentumRun
import WaylandClient
import Testing

/// Desktop window manners under weston 10's desktop-shell, which offers no `zxdg_decoration_manager_v1`: the window
/// is decorated by libdecor (its cairo plugin: a 24 px title bar above the content with minimise, maximise and close
/// buttons 32 px wide at its right end), moved by its title bar, maximised and closed from it; and the pointer gets
/// a cursor of the app's own on entering the window. What weston shows is read back from its output.
@Suite(.serialized) struct DecorationsEndToEndTests {
    /// libdecor's cairo plugin: the title bar's height and a button's width (logical px).
    static let titleHeight = 24.0, buttonWidth = 32.0
    /// weston's desktop-shell panel along the output's top edge (logical px).
    static let panelHeight = 32.0

    /// Reads back what weston's output shows now.
    static func capture(_ c: Compositor) throws -> PPM {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("momentum-decor-\(getpid())-\(UUID().uuidString).ppm").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try c.weston.capture(to: path)
        return try PPM(path: path)
    }

    /// Reads back the output until `shows` holds (weston animates a window's mapping and repaints after a cursor
    /// change on its next output frame), at most `timeout` s; the last image either way, for the caller to check.
    static func capture(_ c: Compositor, timeout: Double = 10, until shows: (PPM) -> Bool) throws -> PPM {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var image = try capture(c)
        while !shows(image) && Date() < deadline { image = try capture(c) }
        return image
    }

    /// The window placed by desktop-shell, checked to be decorated by libdecor, and its title bar on the output
    /// below weston's panel (desktop-shell places the content surface, and the title bar sits above it).
    static func decoratedWindow(environment: [String: String] = [:]) throws -> (Compositor, (x: Double, y: Double)) {
        let c = try Compositor(window: (640, 480), environment: environment)
        let made = c.app.events.first { $0.decorations != nil }
        #expect(made?.windowDecorations == .client, "\(made?.encoded ?? "no window line")")
        let origin = try WindowedMouseEndToEndTests.locate(c)
        try #require(origin.y - titleHeight >= panelHeight,
                     "the title bar (from y \(origin.y - titleHeight)) is under weston's panel")
        return (c, origin)
    }

    /// The largest difference of a pixel from `colour`, over the channels.
    static func distance(_ p: (Int, Int, Int), _ colour: (Int, Int, Int)) -> Int {
        max(abs(p.0 - colour.0), abs(p.1 - colour.1), abs(p.2 - colour.2))
    }

    @Test func theWindowHasATitleBarAboveItsContentThatMovesIt() throws {
        let (c, origin) = try Self.decoratedWindow()
        let left = Int(origin.x), top = Int(origin.y), width = Int(c.width)
        // Once weston's map animation is over: the content's top centre is the app's background colour.
        let image = try Self.capture(c) { Self.distance($0.pixel(x: left + width / 2, y: top + 2), (0x1B, 0x2A, 0x49)) <= 6 }
        // The band of 24 px above the content is the title bar: one dark colour along its top rows (over the
        // desktop's light pattern), from the window's left edge to the buttons...
        let bar = image.pixel(x: left + 4, y: top - 22)
        #expect(max(bar.0, bar.1, bar.2) < 0x40, "title bar colour \(bar)")
        for y in [top - 23, top - 22, top - 2] {
            for x in stride(from: left + 1, to: left + 120, by: 3) {
                #expect(Self.distance(image.pixel(x: x, y: y), bar) <= 2, "(\(x), \(y)) off the title bar's colour")
            }
        }
        // ...with the title written in light letters in its middle...
        var light = 0
        for y in (top - 20)..<(top - 4) {
            for x in (left + width / 2 - 60)..<(left + width / 2 + 60) where image.pixel(x: x, y: y).0 > 0xC0 { light += 1 }
        }
        #expect(light >= 40, "light pixels of the title: \(light)")
        // ...and the content right below it is the app's (its background, not the bar's colour).
        let content = image.pixel(x: left + width / 2, y: top + 2)
        #expect(Self.distance(content, bar) > 0x10, "content \(content) vs bar \(bar)")

        // Drag the title bar 60 px left and 20 px down: weston moves the window; the app sees none of it.
        let mark = c.app.events.count
        let grab = (x: origin.x + 200, y: origin.y - Self.titleHeight / 2)
        try c.play("0 mousedrag \(grab.x) \(grab.y) \(grab.x - 60) \(grab.y + 20) 300 50")
        // A click at the global point that was window point (320, 240) now lands 60 px right and 20 px up of it.
        let seen = try c.clickLocal(origin.x + 320, origin.y + 240)
        #expect(seen.x == 380 && seen.y == 220, "after the move the click landed at (\(seen.x), \(seen.y))")
        let touches = c.app.events[mark..<seen.index].filter { $0.touch != nil }
        #expect(touches.isEmpty, "the title bar's drag reached the app: \(touches.map(\.encoded))")
    }

    @Test func theCloseButtonEndsTheAppWithACompleteTrace() throws {
        let (c, origin) = try Self.decoratedWindow()
        let mark = c.app.events.count
        try c.play("0 click \(origin.x + c.width - Self.buttonWidth / 2) \(origin.y - Self.titleHeight / 2)")
        #expect(try c.app.waitExit() == 0, "\(c.app.stderr)")
        let after = c.app.events[mark...]
        #expect(!after.contains { $0.touch != nil }, "the close click reached the app as a touch")
        let last = c.app.events.last
        #expect(last?.exit?.code == 0 && last?.exit?.reason == "closed", "\(last?.encoded ?? "no exit line")")
        #expect(c.app.stderr.isEmpty, "\(c.app.stderr)")
    }

    @Test func theMaximiseButtonFillsTheDesktopAndRestoresTheWindow() throws {
        let (c, origin) = try Self.decoratedWindow()
        var mark = c.app.events.count
        let maximise = (x: origin.x + c.width - 1.5 * Self.buttonWidth, y: origin.y - Self.titleHeight / 2)
        try c.play("0 click \(maximise.x) \(maximise.y)")
        // The content is the desktop below the panel, less the title bar (libdecor reports the content's size).
        let full = (width: c.outputWidth, height: c.outputHeight - Self.panelHeight - Self.titleHeight)
        let maximised = try c.app.waitFor("the window maximised", after: mark) {
            guard let size = $0.configure else { return false }
            return Double(size.width) == full.width && Double(size.height) == full.height
        }
        let panel = try c.app.waitFor("the panel laid out for that size", after: maximised.index) {
            $0.panel?.rect.y == full.height - 72
        }
        try c.app.waitFor("a frame at that size presented", after: panel.index) { $0.presented != nil }
        // The content's top left is now under the title bar below the panel: a click there lands at (10, 10).
        let seen = try c.clickLocal(10, Self.panelHeight + Self.titleHeight + 10)
        #expect(seen.x == 10 && seen.y == 10, "a maximised window's click landed at (\(seen.x), \(seen.y))")
        // What weston shows is the panel laid out for the new size, on its own surface, where the app put it:
        // its sheet colour just inside its top edge, the background above its shadow.
        guard let rect = c.app.events[panel.index].panel?.rect else { return }
        let top = Int(Self.panelHeight + Self.titleHeight + rect.y)
        let image = try Self.capture(c) { Self.distance($0.pixel(x: Int(rect.x + rect.width / 4), y: top + 20), (0xF4, 0xF5, 0xF8)) <= 2 }
        let sheet = image.pixel(x: Int(rect.x + rect.width / 4), y: top + 20)
        let above = image.pixel(x: Int(rect.x + rect.width / 2), y: top - 60)
        #expect(Self.distance(sheet, (0xF4, 0xF5, 0xF8)) <= 2, "the panel's sheet at y \(top + 20): \(sheet)")
        #expect(max(above.0, above.1, above.2) < 0x80, "above the panel: \(above)")

        // The same button (now at the output's right end) restores the window's own size.
        mark = c.app.events.count
        try c.play("0 click \(c.outputWidth - 1.5 * Self.buttonWidth) \(Self.panelHeight + Self.titleHeight / 2)")
        try c.app.waitFor("the window restored to 640x480", after: mark) {
            $0.configure.map { $0.width == 640 && $0.height == 480 } ?? false
        }
        c.app.signal()
        #expect(try c.app.waitExit() == 0, "\(c.app.stderr)")
    }

    /// The cursor's visible pixels near `point` in `image`: the bounding box of what differs from the background
    /// colour just left of the box (the window's vertical gradient: each row has one colour there).
    static func cursorBox(in image: PPM, at point: (x: Int, y: Int)) -> (width: Int, height: Int, left: Int, top: Int)? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in (point.y - 8)..<(point.y + 64) {
            let background = image.pixel(x: point.x - 40, y: y)
            for x in (point.x - 8)..<(point.x + 48) where distance(image.pixel(x: x, y: y), background) > 24 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return (maxX - minX + 1, maxY - minY + 1, minX, minY)
    }

    @Test func enteringTheWindowSetsTheThemeCursorWhichWestonDraws() throws {
        // A cursor bigger than any weston's own clients use (desktop-shell's is 24 or 32 px), so what is drawn
        // over the window is the app's.
        let (c, origin) = try Self.decoratedWindow(environment: ["XCURSOR_THEME": "DMZ-White", "XCURSOR_SIZE": "48"])
        // locate() clicked inside: the pointer entered the window, and the app set its cursor from the theme.
        let cursor = try c.app.waitFor("the cursor set") { $0.cursor != nil }
        let set = cursor.event.cursor
        #expect(set?.via == "theme" && set?.name == "left_ptr", "\(cursor.event.encoded)")
        #expect(set?.theme == "DMZ-White" && set?.size == 48 && set?.scale == 1, "\(cursor.event.encoded)")

        // Put the pointer over the plain background and read back until weston's repaint shows it there.
        for point in [(x: Int(origin.x) + 320, y: Int(origin.y) + 120), (x: Int(origin.x) + 160, y: Int(origin.y) + 220)] {
            let mark = c.app.events.count
            try c.play("0 pointer \(point.x) \(point.y)")
            let image = try Self.capture(c) {
                Self.cursorBox(in: $0, at: point).map { abs($0.left - point.x) <= 6 && abs($0.top - point.y) <= 6 } == true
            }
            let box = Self.cursorBox(in: image, at: point)
            // DMZ-White's 48 px arrow: its tip (outline included) within a few px of the hotspot, about 25×39 px drawn.
            #expect(box.map { abs($0.left - point.x) <= 6 && abs($0.top - point.y) <= 6 } == true,
                    "no cursor drawn at \(point): \(String(describing: box))")
            #expect(box.map { $0.height >= 34 && $0.height <= 48 && $0.width >= 16 && $0.width <= 40 } == true,
                    "the cursor drawn at \(point) is not the 48 px theme's: \(String(describing: box))")
            // Moving within the window is no new enter: the cursor stays set, nothing more is reported.
            #expect(!c.app.events[mark...].contains { $0.cursor != nil })
        }
    }

    @Test func aFullscreenWindowHasNoDecorations() throws {
        let c = try Compositor(arguments: ["--no-hud"])
        let made = c.app.events.first { $0.decorations != nil }
        #expect(made?.windowDecorations == Window.Decorations.none, "\(made?.encoded ?? "no window line")")
        // Its content fills the output from the top edge: the app's own background there, no title bar (once
        // weston's fade-in of a fullscreen window is over).
        let image = try Self.capture(c) { Self.distance($0.pixel(x: 500, y: 4), (0x1B, 0x2A, 0x49)) <= 12 }
        for x in [300, 500, 790] {
            let p = image.pixel(x: x, y: 4)
            #expect(Self.distance(p, (0x1B, 0x2A, 0x49)) <= 12, "(\(x), 4) is \(p), not the app's background top")
        }
    }
}
