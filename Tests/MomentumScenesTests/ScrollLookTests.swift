import MomentumCore
import MomentumLayers
import Testing
@testable import MomentumScenes

/// What a user reads of the list, in the drawn frame.
struct ScrollLookTests {
    static func runs(_ size: SIMD2<Double>) -> [TextRun] {
        let scene = ScrollScene(size: size)
        var list = DrawList()
        scene.draw(into: &list)
        return list.commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
    }

    /// The list's title starts where the rows' cards do (4 px in), at every size: at 1920x1080 it stood at the
    /// window's left edge, 212 px left of the list. On a large window the rows' titles and lines take the larger
    /// type (1.2×: titles of 13.2 px capitals, lines of 10.8), as its other scenes' text does; a phone's stay 11 and 9.
    @Test(arguments: [SIMD2<Double>(360, 720), SIMD2(800, 600), SIMD2(1920, 1080), SIMD2(2560, 1440)])
    func theTitleLinesUpWithTheRowsAndLargeWindowsReadLarger(size: SIMD2<Double>) throws {
        let runs = Self.runs(size)
        let title = try #require(runs.first { $0.string == "Library" })
        let first = try #require(runs.first { $0.string == ScrollScene.rows[0].title })
        // A row's title is 60 px into its card.
        let rowsLeft = first.position.x - 60
        #expect(title.position.x == rowsLeft + 4, "title at \(title.position.x), rows from \(rowsLeft) at \(size)")
        let scale = size.x >= SceneChrome.largeWidth ? 1.2 : 1
        let detail = try #require(runs.first { $0.string.hasPrefix(ScrollScene.rows[0].artist) })
        #expect(abs(first.size * TextRun.capHeightPerEm - 11 * scale) < 1e-9, "\(first.size) at \(size)")
        #expect(abs(detail.size * TextRun.capHeightPerEm - 9 * scale) < 1e-9, "\(detail.size) at \(size)")
        // The line stays below the title: its capitals start under the title's descenders.
        #expect(detail.position.y - detail.size * TextRun.capHeightPerEm >= first.position.y + 0.2 * first.size)
    }
}
