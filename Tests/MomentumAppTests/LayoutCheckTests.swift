import MomentumLayers
import MomentumRun
import MomentumScenes
import Testing
@testable import MomentumApp

/// The layout check `momentum headless` applies to every scene at rest.
struct LayoutCheckTests {
    static func event(_ targets: [(String, [Double])], chrome: [(String, [Double])] = []) -> TraceRecord.Layout? {
        func list(_ items: [(String, [Double])]) -> [TouchTarget] {
            items.map { TouchTarget($0.0, DrawRect(x: $0.1[0], y: $0.1[1], width: $0.1[2], height: $0.1[3])) }
        }
        return TraceRecord.Layout(scene: "s", targets: list(targets), chrome: list(chrome))
    }

    @Test func nestedAndSeparateTargetsPass() throws {
        let e = try #require(Self.event([("panel", [16, 300, 328, 420]), ("wifi", [32, 334, 143, 56]),
                                         ("bluetooth", [185, 334, 143, 56])],
                                        chrome: [("menu", [12, 12, 144, 36]), ("hud", [164, 12, 184, 72])]))
        #expect(LayoutCheck.problems(in: e, width: 360, height: 720).isEmpty)
    }

    @Test func whatALookWouldCatchIsCaught() throws {
        // Two items half over each other.
        let overlap = try #require(Self.event([("a", [0, 100, 100, 100]), ("b", [50, 150, 100, 100])]))
        #expect(LayoutCheck.problems(in: overlap, width: 800, height: 600) == ["a [0.0, 100.0, 100.0, 100.0] and b [50.0, 150.0, 100.0, 100.0] overlap"])
        // Cut off by the window's edge.
        let cut = try #require(Self.event([("card", [300, 100, 100, 100])]))
        #expect(LayoutCheck.problems(in: cut, width: 360, height: 720).count == 1)
        // The HUD over something to touch, and two pieces of chrome over each other.
        let covered = try #require(Self.event([("item", [200, 40, 100, 100])],
                                              chrome: [("hud", [164, 12, 184, 72]), ("menu", [12, 12, 160, 36])]))
        let problems = LayoutCheck.problems(in: covered, width: 360, height: 720)
        #expect(problems.count == 2)
        #expect(problems.contains { $0.hasPrefix("hud") && $0.contains("lies over item") })
        // Edges that only meet are apart.
        let touching = try #require(Self.event([("a", [0, 100, 100, 100]), ("b", [100, 100, 100, 100])]))
        #expect(LayoutCheck.problems(in: touching, width: 800, height: 600).isEmpty)
    }
}
