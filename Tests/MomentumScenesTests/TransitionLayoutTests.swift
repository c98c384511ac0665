import Testing
@testable import MomentumScenes

/// The message's text wraps to the card at every size.
struct TransitionTextTests {
    @Test func wrappingKeepsEveryWordInOrderAndEachLineWithinTheColumns() {
        for paragraph in TransitionScene.body {
            for columns in [20, 38, 61, 84] {
                let lines = TransitionScene.wrap(paragraph, columns: columns)
                #expect(lines.allSatisfy { $0.count <= columns }, "\(columns): \(lines)")
                #expect(lines.joined(separator: " ") == paragraph)
                // Greedy: no line could have taken the next line's first word.
                for (a, b) in zip(lines, lines.dropFirst()) {
                    #expect(a.count + 1 + (b.split(separator: " ").first?.count ?? 0) > columns)
                }
            }
        }
        #expect(TransitionScene.wrap("supercalifragilistic word", columns: 8) == ["supercalifragilistic", "word"])
    }

    @Test func theCardIsAFormSheetOnALargeScreen() {
        let large = TransitionLayout(width: 1920, height: 1080)
        #expect(large.cardSize == SIMD2(TransitionLayout.maximumCardWidth, TransitionLayout.maximumCardHeight))
        let phone = TransitionLayout(width: 360, height: 720)
        #expect(phone.cardSize == SIMD2(328, 576))
    }
}
