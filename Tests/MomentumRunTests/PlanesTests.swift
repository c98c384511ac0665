import MomentumLayers
@testable import MomentumRun
import Testing

/// How a frame is split for layers on surfaces of their own: what the window draws over a separated layer is lifted
/// right above it (below any layer drawn after it), and what it does not reach stays in the window.
struct PlanesTests {
    static let size = SIMD2(800.0, 600.0)
    static let white = RGBA(r: 1, g: 1, b: 1)

    /// A layer drawn apart at `frame`, at `index` in the window's list.
    static func layer(_ frame: DrawRect, at index: Int) -> SeparateLayer {
        SeparateLayer(content: DrawList(commands: [.rect(DrawRect(origin: .zero, size: frame.size), fill: Self.white)]),
                      frame: frame, index: index)
    }

    @Test func aBarOverTheMovingLayerAndWhatIsDrawnOnItAreLiftedTheRestStays() throws {
        var list = DrawList()
        list.addBackground(top: Self.white, bottom: Self.white)                                     // 0: under everything
        list.addRect(DrawRect(x: 0, y: 100, width: 800, height: 60), fill: Self.white)          // 1: a row, under the card
        // The card (drawn apart) would come here, at index 2, covering y 50…550.
        list.addRect(DrawRect(x: 0, y: 0, width: 800, height: 97), fill: Self.white)            // 2: the bar, over the card
        list.addLabel("Message", at: SIMD2(16, 80), size: 20, color: Self.white)               // 3: on the bar
        list.addRect(DrawRect(x: 700, y: 570, width: 40, height: 20), fill: Self.white)         // 4: clear of both
        let card = Self.layer(DrawRect(x: 16, y: 50, width: 768, height: 500), at: 2)
        let planes = Planes(list: list, separated: [card], size: Self.size)
        #expect(planes.window.commands == [list.commands[0], list.commands[1], list.commands[4]])
        let chrome = try #require(planes.chromes[0])
        // The chrome surface holds the bar and its title, moved to its own origin, inside the window.
        #expect(chrome.frame.origin == .zero)
        #expect(chrome.frame.width == 800 && chrome.frame.height >= 97 && chrome.frame.height < 120, "\(chrome.frame)")
        #expect(chrome.content.commands == [list.commands[2], list.commands[3]].map { $0.offsetBy(-chrome.frame.origin) })
    }

    @Test func aBarTheLayerMaySlideUnderIsLiftedBeforeItDoes() throws {
        var list = DrawList()
        list.addBackground(top: Self.white, bottom: Self.white)                                     // 0: under everything
        // The list (drawn apart) would come here, at index 1, below the bar at rest.
        list.addRect(DrawRect(x: 0, y: 0, width: 800, height: 97), fill: Self.white)            // 1: the bar
        var rows = Self.layer(DrawRect(x: 0, y: 105, width: 800, height: 3840), at: 1)
        #expect(Planes(list: list, separated: [rows], size: Self.size).chromes == [nil], "at rest it reaches nothing")
        rows.slidesWithin = DrawRect(x: 0, y: 0, width: 800, height: 600)
        let planes = Planes(list: list, separated: [rows], size: Self.size)
        #expect(planes.window.commands == [list.commands[0]])
        #expect(try #require(planes.chromes[0]).content.commands == [list.commands[1]])
        // Slid under the bar, the split is the same: the window need not be drawn again.
        var slid = rows
        slid.frame.origin.y = -1000
        #expect(Planes.splitsAlike(reaches: Planes.reaches(of: list, from: [rows]), old: [rows], new: [slid]))
        #expect(Planes(list: list, separated: [slid], size: Self.size).window == planes.window)
    }

    @Test func somethingDrawnBetweenTwoLayersThatReachesBothIsLiftedBetweenThem() {
        var list = DrawList()
        list.addBackground(top: Self.white, bottom: Self.white)
        list.addRect(DrawRect(x: 100, y: 100, width: 100, height: 100), fill: Self.white)   // 1: over the first layer…
        let first = Self.layer(DrawRect(x: 50, y: 50, width: 100, height: 100), at: 1)
        let second = Self.layer(DrawRect(x: 150, y: 150, width: 100, height: 100), at: 2)  // …and under the second
        let planes = Planes(list: list, separated: [first, second], size: Self.size)
        #expect(planes.window.commands == [list.commands[0]])
        // On the chrome above the first layer, which is below the second.
        #expect(planes.chromes[0]?.content.count == 1)
        #expect(planes.chromes[1] == nil)
    }

    @Test func liftedCommandsFarApartDoNotReachALaterLayerBetweenThem() throws {
        var list = DrawList()
        list.addBackground(top: Self.white, bottom: Self.white)
        list.addRect(DrawRect(x: 60, y: 60, width: 20, height: 20), fill: Self.white)    // 1: over the first layer
        list.addRect(DrawRect(x: 600, y: 460, width: 20, height: 20), fill: Self.white)  // 2: over the second
        let first = Self.layer(DrawRect(x: 50, y: 50, width: 100, height: 100), at: 1)
        let second = Self.layer(DrawRect(x: 550, y: 400, width: 100, height: 100), at: 1)
        let later = Self.layer(DrawRect(x: 300, y: 250, width: 100, height: 100), at: 3)
        // The layer drawn after both rects lies inside the box around them, but neither reaches it: both rects are
        // lifted above the two layers they were drawn after, below the later one.
        let planes = Planes(list: list, separated: [first, second, later], size: Self.size)
        #expect(planes.window.commands == [list.commands[0]])
        #expect(planes.chromes.map { $0?.content.count } == [nil, 2, nil])
    }

    @Test func withNothingOverTheLayersThereIsNoChrome() throws {
        var list = DrawList()
        list.addBackground(top: Self.white, bottom: Self.white)
        list.addRect(DrawRect(x: 0, y: 0, width: 100, height: 30), fill: Self.white)
        let planes = Planes(list: list, separated: [Self.layer(DrawRect(x: 0, y: 300, width: 800, height: 300), at: 1)],
                            size: Self.size)
        #expect(planes.window == list)
        #expect(planes.chromes.allSatisfy { $0 == nil })
    }
}
