import MomentumCore
import MomentumLayers
import Testing
@testable import MomentumScenes

/// The Control Center inside the panel: its parts fit and do not overlap on every screen, and its controls are
/// touch targets of their own inside a draggable panel.
struct ControlCenterTests {
    /// Every screen the issue names, in logical px (720×1440 and 3840×2160 at scale 2 are 360×720 and 1920×1080; at
    /// 1.5, 2560×1440 is 1707×960), plus the minimum window.
    static let screens: [SIMD2<Double>] = [
        SIMD2(360, 720), SIMD2(360, 640), SIMD2(412, 915), SIMD2(1280, 800), SIMD2(800, 600), SIMD2(1920, 1080),
        SIMD2(1707, 960), SIMD2(320, 320),
    ]

    @Test("on every screen the controls lie inside the open panel, apart, and big enough for a finger",
          arguments: screens)
    func controlsFitAndDoNotOverlap(screen: SIMD2<Double>) {
        let layout = PanelLayout(width: screen.x, height: screen.y)
        let controls = layout.controls
        let panel = DrawRect(x: 0, y: 0, width: layout.panelSize.x, height: layout.panelSize.y)
        let targets = controls.targets
        #expect(targets.count >= 4, "the toggles at least")
        for (control, rect) in targets {
            #expect(rect.x >= 8 && rect.maxX <= panel.maxX - 8 && rect.y >= 24 && rect.maxY <= panel.maxY - 8,
                    "\(control) at \(rect) outside the \(panel.size) panel")
            #expect(min(rect.width, rect.height) >= 40, "\(control) is \(rect.size): too small to touch")
        }
        for i in targets.indices {
            for j in targets.indices where j > i {
                #expect(targets[i].rect.intersection(targets[j].rect) == nil,
                        "\(targets[i].control) and \(targets[j].control) overlap")
            }
        }
        // The open panel shows wholly below the chrome band on every screen that is not tiny.
        if screen.y >= 600 { #expect(layout.y(for: .open) >= SceneChrome.bandHeight(for: screen)) }
    }

    @Test("a phone portrait screen gets everything: toggles, media, both sliders; the minimum window the toggles")
    func whatFitsWhere() {
        let phone = PanelLayout(width: 360, height: 720).controls
        #expect(phone.media != nil && phone.sliders.count == 2 && phone.buttons.count == 2)
        let desktop = PanelLayout(width: 800, height: 600).controls
        #expect(desktop.media != nil && desktop.sliders.count == 2 && desktop.buttons.count == 3)
        // Wide: the media tile sits beside the toggles, as tall as their grid.
        #expect(desktop.media?.y == desktop.toggles[.wifi]?.y)
        // The smallest window: the toggles and, in the height under its compact bar, one slider (no media tile).
        let tiny = PanelLayout(width: 320, height: 320).controls
        #expect(tiny.toggles.count == 4 && tiny.media == nil && Array(tiny.sliders.keys) == [.brightness])
    }

    /// The panel opened and settled.
    static func openPanel() -> PanelDriver {
        var d = PanelDriver()
        _ = d.tap()
        d.settle()
        return d
    }

    /// A control's centre in container coordinates, for the open panel.
    static func centre(of control: ControlCenter.Control, in d: PanelDriver) -> SIMD2<Double> {
        let rect = PanelDriver.layout.controls.targets.first { $0.control == control }?.rect
        return d.scene.rect.origin + (rect?.center ?? .zero)
    }

    @Test func aTapOnAToggleFlipsItAndLeavesThePanelOpen() {
        var d = Self.openPanel()
        #expect(d.scene.state == .open)
        let wifi = Self.centre(of: .toggle(.wifi), in: d)
        _ = d.down(wifi.x, wifi.y)
        d.time += 0.08
        let events = d.up(wifi.x, wifi.y)
        #expect(events.map(\.kind) == [.control])
        #expect(events.first?.string(.control) == ControlCenter.Control.toggle(.wifi).name && events.first?.bool(.value) == false)
        #expect(!d.scene.controls.on(.wifi))
        #expect(d.scene.state == .open && !d.scene.needsFrames)
        // The tile shows it: its glyph's disc is no longer the accent.
        var list = DrawList()
        d.scene.draw(into: &list)
        let discs = list.commands.compactMap { command -> RGBA? in
            if case .roundedRect(let r) = command, r.rect.width == 36, r.rect.height == 36 { return r.fill }
            return nil
        }
        #expect(discs.count == 4)
        #expect(discs.first == Palette.well)
        // The media button steps the track; a second tap on the toggle turns it back on.
        let next = Self.centre(of: .button(.next), in: d)
        _ = d.down(next.x, next.y)
        d.time += 0.08
        #expect(d.up(next.x, next.y).first?.fields.last == TraceField("value", .number(1)))
        _ = d.down(wifi.x, wifi.y)
        d.time += 0.08
        _ = d.up(wifi.x, wifi.y)
        #expect(d.scene.controls.on(.wifi))
    }

    @Test func aDragThatStartsOnASliderMovesTheSliderNotThePanel() throws {
        var d = Self.openPanel()
        let openY = d.scene.y
        let track = try #require(PanelDriver.layout.controls.sliders[.brightness])
        let before = d.scene.controls.value(.brightness)
        let start = Self.centre(of: .slider(.brightness), in: d)
        _ = d.down(start.x, start.y)
        // Sideways and a little down (a finger never moves straight): past the slop, then 12 px more, then on.
        var x = start.x
        var events: [SceneEvent] = []
        for step in 1...20 {
            d.time += 0.01
            x -= 4
            events += d.move(x, start.y + Double(step))
            d.advanceFrame()
            #expect(d.scene.y == openY, "the panel stays put")
        }
        #expect(!events.contains { $0.kind == .panBegan }, "the panel did not take the touch")
        // After the take-up the point pressed stays under the finger: the level moved by the finger's travel.
        let expected = before - 80 / (track.width - ControlCenterLayout.track)
        #expect(abs(d.scene.controls.value(.brightness) - expected) < 1e-9)
        d.time += 0.01
        let lift = d.up(x, start.y + 20)
        #expect(lift.map(\.kind) == [.control])
        #expect(d.scene.state == .open && !d.scene.needsFrames)
        // Dragged past its end it stops at 0.
        _ = d.down(x, start.y)
        for _ in 0..<40 {
            d.time += 0.01
            x -= 20
            _ = d.move(x, start.y)
        }
        _ = d.up(x, start.y)
        #expect(d.scene.controls.value(.brightness) == 0)
        // A tap sets the level where it lands.
        let at = d.scene.rect.x + track.x + track.width * 0.75
        _ = d.down(at, start.y)
        d.time += 0.08
        _ = d.up(at, start.y)
        #expect(abs(d.scene.controls.value(.brightness) - (0.75 * track.width - ControlCenterLayout.track)
                    / (track.width - ControlCenterLayout.track)) < 1e-9)
    }

    @Test func aDragThatStartsOnAToggleMovesThePanel() {
        var d = Self.openPanel()
        let wifi = Self.centre(of: .toggle(.wifi), in: d)
        _ = d.down(wifi.x, wifi.y)
        var events: [SceneEvent] = []
        for step in 1...10 {
            d.time += 0.01
            events += d.move(wifi.x, wifi.y + 6 * Double(step))
        }
        #expect(events.map(\.kind) == [.panBegan])
        #expect(d.scene.state == .dragging && d.scene.y > PanelSceneTests.openY)
        d.time += 0.01
        _ = d.up(wifi.x, wifi.y + 60)
        #expect(d.scene.controls.on(.wifi), "the toggle did not flip")
    }

    @Test func closedOrMovingThePanelIsOneHandle() {
        // Closed: a tap where a toggle peeks out opens the panel.
        var d = PanelDriver()
        let peek = d.scene.rect.origin + (PanelDriver.layout.controls.toggles[.wifi]?.center ?? .zero) - SIMD2(0, 12)
        _ = d.down(peek.x, peek.y)
        d.time += 0.08
        let tap = d.up(peek.x, peek.y)
        #expect(tap.map(\.kind) == [.tap] && d.scene.target == .open && d.scene.controls.on(.wifi))
        // Moving: a tap on a control is a tap on the panel (it turns back toward closed), not on the control.
        for _ in 0..<12 { d.advanceFrame() }
        let toggle = d.scene.rect.origin + (PanelDriver.layout.controls.toggles[.airplane]?.center ?? .zero)
        let press = d.down(toggle.x, toggle.y)
        #expect(press.isEmpty)
        d.time += 0.08
        let lift = d.up(toggle.x, toggle.y)
        #expect(lift.map(\.kind) == [.tap] && d.scene.target == .closed)
        #expect(!d.scene.controls.on(.airplane))
    }

    @Test("the trace carries every control's state")
    func traceRecord() {
        var d = Self.openPanel()
        let airplane = Self.centre(of: .toggle(.airplane), in: d)
        _ = d.down(airplane.x, airplane.y)
        d.time += 0.08
        _ = d.up(airplane.x, airplane.y)
        // The record says every control's state, and reads back as it was.
        let record = d.scene.record
        #expect(record.panel?.controls == d.scene.controls && d.scene.controls.on(.airplane))
        #expect((try? SceneRecord(name: record.name, fields: record.fields)) == record)
    }
}

/// Every control of the Control Center is on the open panel, on screen, at every size a user runs it at.
struct ControlCenterFitsTests {
    @Test("on a landscape phone the open panel lays its controls in two columns: toggles and media left, the sliders upright right",
          arguments: [SIMD2<Double>(720, 360), SIMD2(640, 360), SIMD2(568, 320), SIMD2(844, 390), SIMD2(640, 400)])
    func aLandscapePhonesPanelLaysItsControlsInColumns(size: SIMD2<Double>) throws {
        let layout = PanelLayout(width: size.x, height: size.y)
        let controls = layout.controls, band = SceneChrome.bandHeight(for: size)
        let open = layout.y(for: .open)
        // Every control there: the four toggles, the media tile with its buttons and both sliders (at 568x320 the
        // stacked layout left Volume and the media tile out).
        #expect(controls.toggles.count == 4 && controls.sliders.count == 2, "\(size): \(controls.sliders.keys)")
        let media = try #require(controls.media, "\(size): no media tile")
        #expect(controls.buttons[.playPause] != nil && controls.buttons[.next] != nil)
        // iOS's landscape Control Center: the toggles over the media tile on the left; Brightness and Volume upright
        // side by side on the right, from the first row of toggles (under their captions) to the media tile's foot,
        // tall enough to set a level by sliding a finger up or down (the horizontal ones of a phone held upright
        // were 56 px rows beside the toggles).
        let brightness = try #require(controls.sliders[.brightness]), volume = try #require(controls.sliders[.volume])
        let left = controls.toggles.values.map(\.maxX).max() ?? 0
        let firstRow = try #require(controls.toggles[.wifi])
        #expect(ControlCenterLayout.isUpright(brightness) && ControlCenterLayout.isUpright(volume),
                "\(size): \(brightness), \(volume)")
        #expect(brightness.x >= max(left, media.maxX) + ControlCenterLayout.gap
                && volume.x >= brightness.maxX + ControlCenterLayout.gap / 2 && volume.y == brightness.y
                && volume.size == brightness.size, "\(size): \(brightness), \(volume), left column to \(left)")
        #expect(brightness.y - ControlCenterLayout.caption == firstRow.y && brightness.maxY == media.maxY,
                "\(size): \(brightness), first row \(firstRow), media \(media)")
        #expect(brightness.height >= 150 && brightness.width >= 56, "\(size): a \(brightness.size) slider")
        // The media tile under the toggles, in their column.
        #expect(media.y >= firstRow.maxY + 56 && media.x == firstRow.x && media.maxX <= left)
        let rects = controls.targets.map(\.rect).filter { !media.contains($0.center) }
        for i in rects.indices { for j in rects.indices where j > i { #expect(!rects[i].intersects(rects[j])) } }
        // All of it on screen once open, inside the panel, and the panel 8 px or more under the bar (at 568x320 its
        // top edge lay on the bar's foot).
        #expect(open >= band + 8, "\(size): open at \(open), the bar \(band)")
        for rect in controls.targets.map(\.rect) + [media] {
            #expect(rect.x >= 0 && rect.maxX <= controls.width && rect.maxY + ControlCenterLayout.tightBottom
                    <= layout.panelSize.y && open + rect.maxY <= size.y, "\(size): \(rect)")
        }
    }

    /// A landscape window a few px shorter than 568x320 has no room for the 8 px under the bar with every part in:
    /// the panel takes that room (up to the bar, as before) rather than leave the media tile out.
    @Test("a landscape panel takes the room under the bar before it leaves a part out",
          arguments: [SIMD2<Double>(568, 318), SIMD2(568, 319)])
    func aLandscapePanelTakesTheRoomUnderTheBarBeforeLeavingAPartOut(size: SIMD2<Double>) throws {
        let layout = PanelLayout(width: size.x, height: size.y)
        let controls = layout.controls, open = layout.y(for: .open)
        #expect(controls.media != nil && controls.toggles.count == 4 && controls.sliders.count == 2,
                "\(size): media \(String(describing: controls.media)), \(controls.sliders.count) sliders")
        #expect(open >= SceneChrome.bandHeight(for: size), "\(size): open at \(open)")
        for rect in controls.targets.map(\.rect) {
            #expect(open + rect.maxY + ControlCenterLayout.tightBottom <= size.y, "\(size): \(rect)")
        }
    }

    @Test("an upright slider follows the finger up and down, not the panel; a tap sets its level where it lands")
    func anUprightSliderMovesAlongItsOwnAxis() throws {
        var d = PanelDriver(layout: PanelLayout(width: 720, height: 360))
        _ = d.tap()
        d.settle()
        let openY = d.scene.y
        #expect(d.scene.state == .open)
        let track = try #require(d.scene.layout.controls.sliders[.volume])
        let origin = d.scene.rect.origin
        let before = d.scene.controls.value(.volume)
        let start = origin + track.center
        _ = d.down(start.x, start.y)
        // Up, wobbling sideways by up to 12 px (a thumb's drag): past the slop, the take-up, then on.
        var events: [SceneEvent] = []
        for step in 1...15 {
            d.time += 0.01
            events += d.move(start.x + Double(step % 4) * 4, start.y - Double(step) * 4)
            d.advanceFrame()
            #expect(d.scene.y == openY, "the panel stays put")
        }
        #expect(!events.contains { $0.kind == .panBegan }, "the panel did not take the touch")
        // After the take-up the point pressed stays under the finger: the level rose by the finger's travel.
        let expected = before + 60 / (track.height - track.width)
        #expect(abs(d.scene.controls.value(.volume) - expected) < 1e-9, "\(d.scene.controls.value(.volume))")
        d.time += 0.01
        #expect(d.up(start.x, start.y - 60).map(\.kind) == [.control])
        #expect(d.scene.state == .open && !d.scene.needsFrames)
        // Dragged down past its foot it stops at 0.
        _ = d.down(start.x, start.y)
        var y = start.y
        for _ in 0..<30 {
            d.time += 0.01
            y += 20
            _ = d.move(start.x, y)
        }
        _ = d.up(start.x, y)
        #expect(d.scene.controls.value(.volume) == 0 && d.scene.y == openY)
        // A tap three quarters up sets the level there.
        let at = origin.y + track.maxY - track.height * 0.75
        _ = d.down(start.x, at)
        d.time += 0.08
        _ = d.up(start.x, at)
        #expect(abs(d.scene.controls.value(.volume) - (0.75 * track.height - track.width) / (track.height - track.width))
                < 1e-9)
        // A drag down from a toggle still closes the panel.
        let wifi = origin + (d.scene.layout.controls.toggles[.wifi]?.center ?? .zero)
        _ = d.down(wifi.x, wifi.y)
        for step in 1...20 {
            d.time += 0.01
            _ = d.move(wifi.x, wifi.y + Double(step) * 12)
            d.advanceFrame()
        }
        _ = d.up(wifi.x, wifi.y + 240)
        d.settle()
        #expect(d.scene.state == .closed)
    }

    @Test("a phone held upright or a desktop window keeps the stacked layout",
          arguments: [SIMD2<Double>(360, 720), SIMD2(800, 600), SIMD2(640, 480), SIMD2(320, 320)])
    func tallOrNarrowPanelsKeepTheSlidersUnderTheToggles(size: SIMD2<Double>) throws {
        let controls = PanelLayout(width: size.x, height: size.y).controls
        let brightness = try #require(controls.sliders[.brightness])
        let togglesBottom = controls.toggles.values.map(\.maxY).max() ?? 0
        #expect(brightness.y >= togglesBottom && brightness.x == ControlCenterLayout.margin, "\(size): \(brightness)")
    }

    @Test(arguments: [SIMD2<Double>(720, 360), SIMD2(800, 600), SIMD2(360, 720), SIMD2(1920, 1080), SIMD2(640, 360)])
    func everySliderIsOnTheOpenPanel(size: SIMD2<Double>) {
        let layout = PanelLayout(width: size.x, height: size.y)
        let controls = layout.controls
        #expect(Set(controls.sliders.keys) == Set(ControlCenter.Slider.allCases), "\(size): \(controls.sliders.keys)")
        // On screen once open: every track inside the panel's visible part, none overlapping another.
        let panelHeight = layout.panelSize.y
        for track in controls.sliders.values {
            #expect(track.maxY <= panelHeight && track.x >= 0 && track.maxX <= controls.width, "\(size): \(track)")
        }
        let tracks = Array(controls.sliders.values)
        for i in tracks.indices { for j in tracks.indices where j > i { #expect(!tracks[i].intersects(tracks[j])) } }
    }
}
