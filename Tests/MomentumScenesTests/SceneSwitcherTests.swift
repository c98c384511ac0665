import MomentumCore
import MomentumLayers
import Testing
@testable import MomentumScenes

/// The scene switcher: a row of pills where they fit, a menu where they do not; every scene reachable by taps.
struct SceneSwitcherTests {
    static let names = ["panel", "transition", "gallery", "playground", "scroll"]

    private func tap(_ switcher: inout SceneSwitcher, at p: SIMD2<Double>, id: Int32 = 0)
        -> (rest: TouchFrame?, selection: Int?, changed: Bool) {
        let down = switcher.filter(TouchFrame(changes: [TouchChange(id: id, phase: .down, position: p, time: 1)]))
        let up = switcher.filter(TouchFrame(changes: [TouchChange(id: id, phase: .up, position: p, time: 1.05)]))
        return (down.rest ?? up.rest, up.selection, down.changed || up.changed)
    }

    /// The selected pill (a row) and the menu button are white: on a scene's light header bar (the transition's,
    /// #F7F8FA) each has a one-pixel edge under it that differs from it there by a visible step (white on the bar,
    /// the selected pill was gone at 1920x1080).
    @Test(arguments: [1716.0, 156])
    func theWhitePillHasAnEdgeOnALightBar(room: Double) throws {
        let switcher = SceneSwitcher(names: Self.names, selected: 1, room: room)
        let pill = switcher.form == .row ? switcher.rect(of: 1) : switcher.buttonRect
        var list = DrawList()
        switcher.draw(into: &list, size: SIMD2(1920, 1080))
        let shapes = list.commands.compactMap { command -> RoundedRect? in
            if case .roundedRect(let r) = command { return r }
            return nil
        }
        let face = try #require(shapes.firstIndex { $0.rect == pill })
        let edge = try #require(shapes[..<face].last { $0.rect == pill.insetBy(-1) }, "an edge under \(pill)")
        /// The red channel over the bar, 0…255.
        func overBar(_ c: RGBA) -> Double { Double(c.a) * Double(c.r) * 255 + (1 - Double(c.a)) * 247 }
        #expect(overBar(shapes[face].fill) - overBar(edge.fill) >= 30, "\(shapes[face].fill) / \(edge.fill)")
    }

    static let rooms: [(Double, SceneSwitcher.Form)] = [
        (596, .row), (1716, .row), (156, .menu), (1076, .row), (556, .row), (555, .menu),
    ]

    @Test(arguments: rooms) func theFormFollowsTheRoom(room: Double, form: SceneSwitcher.Form) {
        let switcher = SceneSwitcher(names: Self.names, selected: 0, room: room)
        #expect(switcher.form == form)
        // What it shows stays inside its room.
        for target in switcher.targets { #expect(target.rect.maxX <= room) }
    }

    @Test(arguments: [596.0, 156])
    func everySceneIsReachableByTaps(room: Double) {
        for index in Self.names.indices {
            var switcher = SceneSwitcher(names: Self.names, selected: index == 0 ? 1 : 0, room: room)
            if switcher.form == .menu {
                let opened = tap(&switcher, at: switcher.buttonRect.center)
                #expect(opened.changed && switcher.isOpen && opened.rest == nil && opened.selection == nil)
                // Open, the list names every scene, inside a phone's 360 px width, none overlapping another.
                let rows = switcher.targets.filter { $0.name.hasPrefix("scene:") }.map(\.rect)
                #expect(rows.count == Self.names.count)
                #expect(rows.allSatisfy { $0.maxX <= 360 - 12 && $0.height >= 44 })
                for (a, b) in zip(rows, rows.dropFirst()) { #expect(a.maxY <= b.y) }
            }
            guard let target = switcher.targets.first(where: { $0.name == "scene:\(Self.names[index])" }) else {
                Issue.record("no target for \(Self.names[index]) in \(switcher.targets.map(\.name))")
                continue
            }
            let chosen = tap(&switcher, at: target.rect.center)
            #expect(chosen.selection == index && switcher.selected == index && !switcher.isOpen)
            #expect(chosen.rest == nil)                       // the scene never saw the switcher's touches
        }
    }

    @Test func anOpenMenuTakesEveryTouchAndATapOutsideClosesIt() {
        var switcher = SceneSwitcher(names: Self.names, selected: 2, room: 156)
        _ = tap(&switcher, at: switcher.buttonRect.center)
        #expect(switcher.isOpen)
        let outside = tap(&switcher, at: SIMD2(300, 600))
        #expect(outside.rest == nil && outside.changed && !switcher.isOpen && switcher.selected == 2)
        // Closed, a touch outside the button is the scene's.
        let scene = tap(&switcher, at: SIMD2(300, 600))
        #expect(scene.rest != nil && !scene.changed)
        // A press on the button that slides off it before lifting does not open the menu.
        let p = switcher.buttonRect.center
        _ = switcher.filter(TouchFrame(changes: [TouchChange(id: 3, phase: .down, position: p, time: 1)]))
        _ = switcher.filter(TouchFrame(changes: [TouchChange(id: 3, phase: .up, position: SIMD2(300, 400), time: 1.1)]))
        #expect(!switcher.isOpen)
    }

    @Test func growingTheRoomClosesTheMenuAndShowsTheRow() {
        var switcher = SceneSwitcher(names: Self.names, selected: 0, room: 156)
        _ = tap(&switcher, at: switcher.buttonRect.center)
        #expect(switcher.isOpen)
        switcher.setRoom(900)
        #expect(switcher.form == .row && !switcher.isOpen && switcher.targets.count == Self.names.count)
    }

    @Test func theOpenMenuDimsTheWindowAndNamesEveryScene() {
        var switcher = SceneSwitcher(names: Self.names, selected: 0, room: 156)
        var closed = DrawList()
        switcher.draw(into: &closed, size: SIMD2(360, 720))
        _ = tap(&switcher, at: switcher.buttonRect.center)
        var open = DrawList()
        switcher.draw(into: &open, size: SIMD2(360, 720))
        #expect(open.count > closed.count + Self.names.count)
    }
}
