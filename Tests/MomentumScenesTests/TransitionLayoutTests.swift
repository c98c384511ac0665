import Testing
@testable import MomentumScenes
import MomentumLayers

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

/// The card comes out from under the header bar: it never passes under the switcher and the HUD (drawn over the bar).
struct TransitionLayeringTests {
    @Test func theHeaderBarIsDrawnOverTheIncomingCard() throws {
        var scene = TransitionScene(size: SIMD2(800, 600))
        _ = scene.present()
        var frames = 0
        while !(scene.cardRect.y < scene.layout.headerHeight && scene.cardRect.maxY > scene.layout.headerHeight
                && scene.cardRect.maxY > 200), frames < 120 {
            _ = scene.advance(by: 1.0 / 60)
            frames += 1
        }
        #expect(frames < 120, "the card crosses the header's lower edge")
        var list = DrawList()
        scene.draw(into: &list)
        let card = list.commands.firstIndex {
            if case .roundedRect(let r) = $0 { return r.rect.size == scene.layout.cardSize }
            return false
        }
        let header = list.commands.firstIndex {
            switch $0 {
            case .rect(let r, _): return r.size == SIMD2(800, scene.layout.headerHeight)
            case .roundedRect(let r): return r.rect.size == SIMD2(800, scene.layout.headerHeight)
            default: return false
            }
        }
        let c = try #require(card), h = try #require(header)
        #expect(h > c, "header at \(h), card at \(c)")
    }
}

/// The "Open message" button: clear of the header, and hidden whole under the presented card (no edge of it peeks out).
struct TransitionButtonTests {
    @Test(arguments: [SIMD2<Double>(360, 720), SIMD2(720, 360), SIMD2(800, 600), SIMD2(1920, 1080), SIMD2(640, 480)])
    func thePresentedCardCoversTheButton(size: SIMD2<Double>) {
        let layout = TransitionLayout(width: size.x, height: size.y)
        let button = layout.buttonRect, card = layout.cardRect(y: layout.presentedY)
        #expect(button.y >= layout.headerHeight && button.maxY <= size.y, "\(size): \(button)")
        #expect(card.x <= button.x && card.maxX >= button.maxX && card.y <= button.y && card.maxY >= button.maxY + 12,
                "\(size): card \(card), button \(button)")
    }
}

/// A phone in landscape (720x360): the card reads as a mail reader's two panes, the inbox as a list.
struct TransitionShortLayoutTests {
    private func runs(_ scene: TransitionScene) -> [TextRun] {
        var list = DrawList()
        scene.draw(into: &list)
        return list.commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
    }

    /// The card presented in a window of `size`: its rectangle, the runs drawn, the message's lines (the runs at its
    /// left edge from its paragraphs) and the last of them.
    private func presented(_ size: SIMD2<Double>) throws -> (card: DrawRect, drawn: [TextRun], body: [TextRun],
                                                           last: TextRun) {
        var scene = TransitionScene(size: size)
        _ = scene.present()
        for _ in 0..<120 where scene.needsFrames { _ = scene.advance(by: 1.0 / 60) }
        #expect(scene.state == .presented)
        let card = scene.cardRect, drawn = runs(scene)
        let paragraphs = TransitionScene.body + TransitionScene.moreBody
        let body = drawn.filter { run in
            abs(run.position.x - (card.x + 20)) < 1 && paragraphs.contains { $0.contains(run.string) }
        }
        let last = try #require(body.max { $0.position.y < $1.position.y }, "\(size): the message drawn")
        return (card, drawn, body, last)
    }

    @Test("a short card shows every attachment whole beside its first paragraph, and the inbox three rows above the button")
    func aShortCardShowsItsAttachmentsBesideTheMessage() throws {
        var scene = TransitionScene(size: SIMD2(720, 360))
        #expect(scene.layout.isShort)
        // The inbox: three senders above the button (two, with a row's gap under them, before).
        let button = scene.layout.buttonRect
        let inbox = runs(scene).filter { ["Ada Lovelace", "Grace Hopper", "Alan Kay"].contains($0.string) }
        #expect(inbox.count == 3 && inbox.allSatisfy { $0.position.y + 0.25 * $0.size < button.y - 8 }, "\(inbox), button \(button)")
        _ = scene.present()
        for _ in 0..<120 where scene.needsFrames { _ = scene.advance(by: 1.0 / 60) }
        #expect(scene.state == .presented)
        let card = scene.cardRect, drawn = runs(scene)
        // The whole first paragraph, in lines that start at the message's left edge.
        let first = TransitionScene.body[0]
        let lines = drawn.filter { first.contains($0.string) && $0.string.count > 20 }
        #expect(lines.map(\.string).joined(separator: " ") == first, "\(lines.map(\.string))")
        // Every attachment, whole inside the card (its size line's descenders 12 px above the card's foot), right of
        // the message's lines.
        let bodyRight = lines.map { $0.position.x }.max() ?? card.maxX
        for file in TransitionScene.attachments {
            let name = try #require(drawn.first { $0.string == file.name }, "\(file.name) drawn")
            let size = try #require(drawn.first { $0.string == file.size }, "\(file.size) drawn")
            #expect(name.position.x > bodyRight + 200 && size.position.y + 0.25 * size.size <= card.maxY - 12,
                    "\(file.name) at \(name.position), its size at \(size.position), card \(card)")
        }
    }

    @Test("a wide card too short for its attachments under the message shows every one whole beside it",
          arguments: [SIMD2(640.0, 480.0), SIMD2(600, 460)])
    func aWideShortCardShowsEveryAttachmentBesideTheMessage(size: SIMD2<Double>) throws {
        #expect(!TransitionLayout(width: size.x, height: size.y).isShort)
        let (card, drawn, body, last) = try presented(size)
        let paragraphs = TransitionScene.body + TransitionScene.moreBody
        let right = body.map { $0.position.x + Double($0.string.count) * $0.size * 0.55 }.max() ?? card.maxX
        // Every attachment's name and size (the size alone where its description does not fit), whole inside the
        // card (the size line's descenders above its 20 px margin, its end inside the card), right of the message.
        // At 640x480 the third attachment was not drawn (two rows under the first paragraph).
        for file in TransitionScene.attachments {
            let name = try #require(drawn.first { $0.string == file.name }, "\(size): \(file.name) drawn")
            let line = try #require(drawn.first { !$0.string.isEmpty && file.size.hasPrefix($0.string) },
                                    "\(size): \(file.size) drawn")
            let end = line.position.x + Double(line.string.count) * line.size * 0.55
            #expect(name.position.x > right && line.position.y + 0.25 * line.size <= card.maxY - 20 && end <= card.maxX,
                    "\(size): \(file.name) at \(name.position), its size at \(line.position)…\(end), card \(card)")
        }
        // The message ends where a paragraph does (not cut mid-sentence at the card's foot).
        #expect(paragraphs.contains { $0.hasSuffix(last.string) }, "\(size): the message ends with \"\(last.string)\"")
    }

    @Test("a landscape phone's card has no blank foot: its lowest line ends at its 20 px margin",
          arguments: [SIMD2(720.0, 360.0), SIMD2(640, 360), SIMD2(844, 390), SIMD2(800, 420)])
    func aShortCardIsAsTallAsItsContent(size: SIMD2<Double>) throws {
        #expect(TransitionLayout(width: size.x, height: size.y).isShort)
        let (card, drawn, _, last) = try presented(size)
        // The lowest ink in the card (a line's descenders a quarter of its size under its baseline): the message's
        // last line or the last attachment's size line. At 720x360 it ended 64 px above the foot (60 px blank).
        // (The card's own text: the inbox's rows and button, drawn under it, lie inside its rectangle too.)
        let paragraphs = TransitionScene.body + TransitionScene.moreBody
        let inside = drawn.filter { run in
            !run.string.isEmpty && card.contains(run.position) && (paragraphs.contains { $0.contains(run.string) }
                || TransitionScene.attachments.contains { $0.name == run.string || $0.size.hasPrefix(run.string) })
        }
        let lowest = try #require(inside.map { $0.position.y + 0.25 * $0.size }.max(), "\(size): text in the card")
        #expect(card.maxY - lowest >= 20 && card.maxY - lowest <= 28, "\(size): \(card.maxY - lowest) px under the lowest line")
        // Still the whole message to a paragraph's end and every attachment whole, and the card centred under the bar.
        #expect(paragraphs.contains { $0.hasSuffix(last.string) }, "\(size): the message ends with \"\(last.string)\"")
        for file in TransitionScene.attachments {
            #expect(inside.contains { $0.string == file.name } && inside.contains { file.size.hasPrefix($0.string) },
                    "\(size): \(file.name) drawn")
        }
        let band = SceneChrome.bandHeight(for: size)
        #expect(abs((card.y - band) - (size.y - card.maxY)) <= 1, "\(size): card \(card) under a \(band) px bar")
    }

    @Test("a short narrow card shows its attachments in one row under its first paragraph (568x320)")
    func aNarrowShortCardShowsItsAttachmentsInOneRow() throws {
        let size = SIMD2(568.0, 320.0)
        let (card, drawn, _, last) = try presented(size)
        // The message is the first paragraph (no room for more), and under it every attachment by name: a row, one
        // baseline, left to right apart, whole inside the card's 20 px margin, in 13 px type (the card showed none).
        #expect(TransitionScene.body[0].hasSuffix(last.string), "\(size): the message ends with \"\(last.string)\"")
        let names = try TransitionScene.attachments.map { file in
            try #require(drawn.first { $0.string == file.name }, "\(size): \(file.name) drawn")
        }
        var right = card.x + 20
        for name in names {
            #expect(name.position.y == names[0].position.y && name.position.y > last.position.y + 20
                    && name.size * TextRun.capHeightPerEm >= 9.5 - 1e-9, "\(size): \(name.string) at \(name.position), \(name.size) px")
            #expect(name.position.x >= right + 8, "\(size): \(name.string) at \(name.position.x), the last ended at \(right)")
            // Inter's semibold averages about 0.67 of the capital height a character.
            right = name.position.x + Double(name.string.count) * 0.67 * name.size * TextRun.capHeightPerEm
        }
        #expect(right <= card.maxX - 20, "\(size): the row runs to \(right), the card to \(card.maxX)")
        // The row's foot 20–28 px above the card's foot, as the wider short cards' lowest line; centred under the bar.
        let foot = names[0].position.y + 0.25 * names[0].size
        #expect(card.maxY - foot >= 20 && card.maxY - foot <= 28, "\(size): \(card.maxY - foot) px under the row")
        let band = SceneChrome.bandHeight(for: size)
        #expect(abs((card.y - band) - (size.y - card.maxY)) <= 1, "\(size): card \(card) under a \(band) px bar")
    }

    @Test("a short card too narrow for the attachments' column and too short for them under the message ends at it",
          arguments: [SIMD2(540.0, 300.0)])
    func aNarrowShortCardEndsAtItsFirstParagraph(size: SIMD2<Double>) throws {
        let (card, drawn, _, last) = try presented(size)
        // Its lowest line (the first paragraph's last) 20–28 px above its foot, as a wider short card's: at 540x300
        // it ended 50 px above it, the rest of the card blank.
        let inside = drawn.filter { run in
            !run.string.isEmpty && card.contains(run.position) && TransitionScene.body.contains { $0.contains(run.string) }
        }
        let lowest = try #require(inside.map { $0.position.y + 0.25 * $0.size }.max(), "\(size): text in the card")
        #expect(card.maxY - lowest >= 20 && card.maxY - lowest <= 28, "\(size): \(card.maxY - lowest) px under the lowest line")
        #expect(TransitionScene.body[0].hasSuffix(last.string), "\(size): the message ends with \"\(last.string)\"")
        let band = SceneChrome.bandHeight(for: size)
        #expect(abs((card.y - band) - (size.y - card.maxY)) <= 1, "\(size): card \(card) under a \(band) px bar")
    }

    @Test("a card whose attachments follow the message shows all of them whole, after a whole paragraph",
          arguments: [SIMD2(360.0, 720.0), SIMD2(800, 600), SIMD2(360, 640)])
    func attachmentsFollowingTheMessageAreAllShown(size: SIMD2<Double>) throws {
        // Every attachment's name and size line, whole inside the card (the size line's descenders above its foot),
        // below the message's lines.
        let (card, drawn, _, last) = try presented(size)
        let paragraphs = TransitionScene.body + TransitionScene.moreBody
        for file in TransitionScene.attachments {
            let name = try #require(drawn.first { $0.string == file.name }, "\(size): \(file.name) drawn")
            let line = try #require(drawn.first { $0.string == file.size }, "\(size): \(file.size) drawn")
            #expect(name.position.y > last.position.y && line.position.y + 0.25 * line.size <= card.maxY,
                    "\(size): \(file.name) at \(name.position), its size at \(line.position), card \(card)")
        }
        // The message ends where a paragraph does (the card reads as finished, not cut mid-sentence), and the next
        // paragraph (its lines 21 px apart, a blank line before it) would not have fitted above the attachments
        // (the last row 20 px under its size line, inside the card's 20 px inset).
        let end = try #require(paragraphs.firstIndex { $0.hasSuffix(last.string) }, "\(size): the message ends with \"\(last.string)\"")
        let foot = try #require(drawn.first { $0.string == TransitionScene.attachments.last?.size })
        if end + 1 < TransitionScene.body.count {
            let next = TransitionScene.wrap(TransitionScene.body[end + 1],
                                            columns: TransitionScene.columns(width: min(card.width - 40, 560), size: 9.5))
            #expect(foot.position.y + 20 + Double(next.count + 1) * 21 > card.maxY - 20,
                    "\(size): room for the next paragraph (\(card.maxY - foot.position.y) px under the last attachment)")
        }
    }
}
