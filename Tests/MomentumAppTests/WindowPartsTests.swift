import MomentumLayers
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing
@testable import MomentumApp

/// What a large window is shown as instead of a buffer of its size (`WindowParts`): its backdrop's strip and boxes
/// holding everything drawn over it.
struct WindowPartsTests {
    /// The panel's first frame at 1920x1080 (the clock, the hint, the notifications and the switcher's pills over
    /// the backdrop, the sheet apart) is shown in parts covering at most `largestShare` of the window, disjoint,
    /// inside the window, and every pixel a command over the backdrop can touch lies in one of them.
    @Test func thePanelsWindowIsAFewPartsHoldingAllItsContent() throws {
        let plan = try #require(FirstPlan.of(.panel, width: 1920, height: 1080, scale: 2))
        let size = SIMD2(1920.0, 1080.0)
        let boxes = try #require(WindowParts.plan(plan.list, size: size), "the panel's window is not shown in parts")
        #expect(!boxes.isEmpty && boxes.count <= WindowParts.mostParts, "\(boxes)")
        let covered = boxes.reduce(0) { $0 + $1.width * $1.height }
        #expect(covered <= WindowParts.largestShare * size.x * size.y, "parts cover \(covered) of \(size.x * size.y)")
        let window = DrawRect(origin: .zero, size: size)
        for (i, a) in boxes.enumerated() {
            #expect(a.intersection(window) == a && a.origin == a.origin.rounded(.down) && a.size == a.size.rounded(.down),
                    "\(a) not whole px inside the window")
            for b in boxes[(i + 1)...] { #expect(!a.intersects(b), "\(a) overlaps \(b)") }
        }
        for command in plan.list.commands.dropFirst() {
            guard let reach = command.reach.intersection(window) else { continue }
            #expect(boxes.contains { $0.intersection(reach) == reach }, "\(command) reaches \(reach) outside \(boxes)")
        }
    }

    /// A window whose content covers most of it (the gallery's cards) is not shown in parts, nor one without a
    /// backdrop first, nor one with a second backdrop.
    @Test func aWindowFilledByItsContentOrWithoutABackdropIsNot() throws {
        let gallery = try #require(FirstPlan.of(.gallery, width: 1920, height: 1080, scale: 2))
        #expect(WindowParts.plan(gallery.list, size: SIMD2(1920, 1080)) == nil)
        let box = DrawCommand.rect(DrawRect(x: 10, y: 10, width: 20, height: 20), fill: RGBA(r: 1, g: 1, b: 1))
        let sky = DrawCommand.background(top: RGBA(r: 0, g: 0, b: 0), bottom: RGBA(r: 1, g: 1, b: 1))
        #expect(WindowParts.plan(DrawList(commands: [box]), size: SIMD2(100, 100)) == nil)
        #expect(WindowParts.plan(DrawList(commands: [sky, box, sky]), size: SIMD2(100, 100)) == nil)
        #expect(WindowParts.plan(DrawList(commands: [sky, box]), size: SIMD2(100, 100)) == [
            DrawRect(x: 9, y: 9, width: 22, height: 22)])
    }

    /// A part's backdrop is the window's gradient at the part's rows: the colours at its top and bottom edges are
    /// the window's there (a linear gradient drawn between them gives each row the window's colour), and only the
    /// commands reaching into the part are in it, moved to its coordinates.
    @Test func aPartShowsTheWindowsRowsAndWhatReachesIntoIt() {
        let top = RGBA(r: 0.2, g: 0.4, b: 0.6), bottom = RGBA(r: 0.6, g: 0.2, b: 1.0)
        let inside = DrawCommand.rect(DrawRect(x: 110, y: 210, width: 20, height: 20), fill: RGBA(r: 1, g: 1, b: 1))
        let outside = DrawCommand.rect(DrawRect(x: 10, y: 10, width: 20, height: 20), fill: RGBA(r: 1, g: 1, b: 1))
        let list = DrawList(commands: [.background(top: top, bottom: bottom), inside, outside])
        let part = WindowParts.content(of: list, in: DrawRect(x: 100, y: 200, width: 50, height: 100), height: 400)
        guard case let .background(partTop, partBottom)? = part.commands.first else {
            Issue.record("no backdrop first: \(part.commands)")
            return
        }
        // A half and three quarters down the 400 px window.
        #expect(abs(partTop.r - 0.4) < 1e-6 && abs(partTop.g - 0.3) < 1e-6 && abs(partTop.b - 0.8) < 1e-6)
        #expect(abs(partBottom.r - 0.5) < 1e-6 && abs(partBottom.g - 0.25) < 1e-6 && abs(partBottom.b - 0.9) < 1e-6)
        #expect(Array(part.commands.dropFirst()) == [inside.offsetBy(SIMD2(-100, -200))])
    }
}
