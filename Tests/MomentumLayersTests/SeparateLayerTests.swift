import MomentumCore
import MomentumLayers
import Testing

/// Layers drawn apart for a surface of their own (`Layer.wantsOwnSurface`): what goes apart, what stays, that the
/// content does not change while the layer only moves (so it is drawn once and moved by the compositor), and that a
/// turned or faded layer goes apart drawn exactly as the window would draw it.
struct SeparateLayerTests {
    /// A tree with a backdrop card, a sheet that wants its own surface (corner radius 20, a 24 px shadow offset up
    /// by 2, two tiles in it) at `top`, and a badge above it.
    static func tree(top: Double, rotation: Double = 0, opacity: Double = 1, tileRotation: Double = 0)
        -> (LayerTree, LayerID) {
        var tree = LayerTree(size: SIMD2(800, 600))
        tree.add(Layer(frame: DrawRect(x: 10, y: 10, width: 50, height: 50), backgroundColor: RGBA(hex: 0x336699)))
        var sheet = Layer(frame: DrawRect(x: 80, y: top, width: 640, height: 360), backgroundColor: RGBA(hex: 0xF4F5F8),
                          cornerRadius: 20)
        sheet.shadow = DropShadow(blurRadius: 24, offset: SIMD2(0, -2))
        sheet.wantsOwnSurface = true
        sheet.rotation = rotation
        sheet.opacity = opacity
        let id = tree.add(sheet)
        var tile = Layer(frame: DrawRect(x: 40, y: 40, width: 64, height: 64), backgroundColor: RGBA(hex: 0x3478F6),
                         cornerRadius: 16)
        tile.rotation = tileRotation
        tree.add(tile, to: id)
        tree.add(Layer(frame: DrawRect(x: 120, y: 40, width: 64, height: 64), backgroundColor: RGBA(hex: 0x34C759)),
                 to: id)
        tree.add(Layer(frame: DrawRect(x: 700, y: 20, width: 30, height: 30), backgroundColor: RGBA(hex: 0xFF375F)))
        return (tree, id)
    }

    /// `command` moved by `delta` (the kinds a layer tree draws for backgrounds).
    static func moved(_ command: DrawCommand, by delta: SIMD2<Double>) -> DrawCommand {
        switch command {
        case .roundedRect(var shape):
            shape.rect = shape.rect.offsetBy(delta)
            return .roundedRect(shape)
        case .rect(let rect, let fill): return .rect(rect.offsetBy(delta), fill: fill)
        default: return command
        }
    }

    @Test func theSheetGoesApartAndEverythingElseStaysInOrder() throws {
        let (tree, id) = Self.tree(top: 240)
        var inline = DrawList()
        tree.draw(into: &inline)
        var rest = DrawList()
        let separated = tree.draw(into: &rest, separating: 1)
        let apart = try #require(separated.first)
        #expect(separated.count == 1 && apart.layer == id)
        // The rest is the inline list without the sheet's three commands, which sat at `index`.
        #expect(apart.index == 1 && rest.count == inline.count - 3 && apart.content.count == 3)
        #expect(Array(inline.commands[..<apart.index]) == Array(rest.commands[..<apart.index]))
        #expect(Array(inline.commands[(apart.index + 3)...]) == Array(rest.commands[apart.index...]))
        // Its content is those commands, with the surface's top-left corner at the origin.
        let back = apart.content.commands.map { Self.moved($0, by: apart.frame.origin) }
        #expect(back == Array(inline.commands[apart.index..<(apart.index + 3)]))
    }

    /// Where a sheet's rows repeat (`Layer.rowsRepeatBelow`, its own coordinates) is said in its surface's
    /// coordinates, which start at its shadow's top: the same rows wherever it slides; a layer drawn as placed
    /// (turned) or that says nothing has none.
    @Test func whereASheetsRowsRepeatIsSaidInItsSurfacesCoordinates() throws {
        var (tree, id) = Self.tree(top: 240)
        tree[id].rowsRepeatBelow = 200
        var rest = DrawList()
        let apart = try #require(tree.draw(into: &rest, separating: 1).first)
        // The sheet's top at 240, its surface's (the shadow's) higher: row 200 of the sheet is row 440 of the root.
        let from = try #require(apart.rowsRepeatFrom)
        #expect(apart.frame.y < 240 && apart.frame.y + from == 440)
        tree[id].position.y += 37
        let moved = try #require(tree.draw(into: &rest, separating: 1).first)
        #expect(moved.rowsRepeatFrom == from && moved.frame.y == apart.frame.y + 37)
        var (turned, turnedID) = Self.tree(top: 240, rotation: 0.3)
        turned[turnedID].rowsRepeatBelow = 200
        #expect(turned.draw(into: &rest, separating: 1).first.map { $0.rowsRepeatFrom == nil } ?? false)
        let (plain, _) = Self.tree(top: 240)
        #expect(plain.draw(into: &rest, separating: 1).first.map { $0.rowsRepeatFrom == nil } ?? false)
    }

    @Test func theSurfaceIsWholePixelsAndHoldsTheShadow() throws {
        let (tree, _) = Self.tree(top: 240.4)
        var rest = DrawList()
        let apart = try #require(tree.draw(into: &rest, separating: 1).first)
        let f = apart.frame
        for value in [f.x, f.y, f.width, f.height] { #expect(value == value.rounded()) }
        // The shadow reaches 3σ = 1.5 × blur (+1 px of coverage) beyond the sheet, moved 2 px up.
        let reach = 1.5 * 24 + 1
        #expect(f.x <= 80 - reach && f.maxX >= 720 + reach)
        #expect(f.y <= 240 - 2 - reach && f.maxY >= 600 - 2 + reach)
        #expect(f.width < 640 + 2 * reach + 2 && f.height < 360 + 2 * reach + 2, "no more than a pixel spare: \(f)")
        // The sheet is shown at its position rounded to whole px: its top edge lands on 240.
        let sheet = try #require(apart.content.commands.first.flatMap { c -> RoundedRect? in
            if case .roundedRect(let shape) = c { return shape } else { return nil }
        })
        #expect(f.y + sheet.rect.y == 240)
        // Opaque: the sheet's inside clear of its corners and of the anti-aliased edge, in the surface's coordinates.
        #expect(!apart.opaque.isEmpty)
        for rect in apart.opaque {
            #expect(rect.x >= sheet.rect.x + 1 && rect.maxX <= sheet.rect.maxX - 1)
            #expect(rect.y >= sheet.rect.y + 1 && rect.maxY <= sheet.rect.maxY - 1)
            let inCorners = (rect.x < sheet.rect.x + 20 || rect.maxX > sheet.rect.maxX - 20)
                && (rect.y < sheet.rect.y + 20 || rect.maxY > sheet.rect.maxY - 20)
            #expect(!inCorners, "\(rect) reaches into a rounded corner")
        }
    }

    @Test func movingTheSheetChangesOnlyWhereItIsShown() throws {
        var a = DrawList(), b = DrawList()
        let first = try #require(Self.tree(top: 240).0.draw(into: &a, separating: 1).first)
        let second = try #require(Self.tree(top: 103.2).0.draw(into: &b, separating: 1).first)
        #expect(first.content == second.content && first.opaque == second.opaque)
        #expect(first.frame.size == second.frame.size)
        #expect(first.frame.y - second.frame.y == 137)
        #expect(a == b)
    }

    /// A sheet that came to rest after whole turns (a spin settled on 2π) is upright: it goes apart exactly as the
    /// unturned sheet does (its opaque inside kept, drawn at whole px), and the window's list is the same.
    @Test(arguments: [2 * Double.pi, -2 * Double.pi, 4 * Double.pi])
    func aSheetAtRestAfterWholeTurnsGoesApartAsAnUprightOne(rotation: Double) throws {
        var upright = DrawList(), turned = DrawList()
        let a = try #require(Self.tree(top: 240.3).0.draw(into: &upright, separating: 1).first)
        let b = try #require(Self.tree(top: 240.3, rotation: rotation).0.draw(into: &turned, separating: 1).first)
        #expect(!a.opaque.isEmpty)
        #expect(b.content == a.content && b.frame == a.frame && b.opaque == a.opaque)
        #expect(turned == upright)
    }

    @Test(arguments: [(0.3, 1.0, 0.0), (0.0, 0.5, 0.0), (0.0, 1.0, 0.2)])
    func aTurnedFadedOrTurnedInsideSheetGoesApartAsPlaced(rotation: Double, opacity: Double, tile: Double) throws {
        let (tree, id) = Self.tree(top: 240.3, rotation: rotation, opacity: opacity, tileRotation: tile)
        var inline = DrawList(), rest = DrawList()
        tree.draw(into: &inline)
        let apart = try #require(tree.draw(into: &rest, separating: 1).first)
        #expect(apart.layer == id && apart.opaque.isEmpty && apart.index == 1)
        // The sheet's three commands, exactly as the window would draw them, moved by the surface's corner, which
        // is on a whole px (so each pixel is shaded as in the window); the window draws everything else, in order.
        let sheet = Array(inline.commands[apart.index..<(apart.index + 3)])
        #expect(apart.content == DrawList(commands: sheet).offsetBy(-apart.frame.origin))
        #expect(rest.commands == Array(inline.commands[..<apart.index]) + Array(inline.commands[(apart.index + 3)...]))
        let f = apart.frame
        for value in [f.x, f.y, f.width, f.height] { #expect(value == value.rounded()) }
        // It holds every pixel the commands reach (shadows and turned corners included).
        for command in apart.content.commands {
            let reach = command.reach
            #expect(reach.x >= -1e-9 && reach.y >= -1e-9 && reach.maxX <= f.width + 1e-9 && reach.maxY <= f.height + 1e-9,
                    "\(reach) outside \(f.size)")
        }
    }

    @Test func aTurningSheetKeepsItsSurfaceSizeOverSmallTurns() throws {
        // Ten frames of a sheet turning by 0.002 rad a frame: its surface is resized (a new buffer, drawn whole) on
        // at most two of them.
        var sizes: [SIMD2<Double>] = []
        for step in 0..<10 {
            var rest = DrawList()
            let (tree, _) = Self.tree(top: 240, rotation: 0.2 + Double(step) * 0.002)
            sizes.append(try #require(tree.draw(into: &rest, separating: 1).first).frame.size)
        }
        let resized = zip(sizes, sizes.dropFirst()).filter { $0 != $1 }.count
        #expect(resized <= 2, "resized on \(resized) of 9 frames: \(sizes)")
    }

    @Test func noLimitNoSeparation() {
        let (tree, _) = Self.tree(top: 240)
        var inline = DrawList(), rest = DrawList()
        tree.draw(into: &inline)
        #expect(tree.draw(into: &rest, separating: 0).isEmpty && rest == inline)
    }

    /// The sheet drawn apart, and what the window's list is with it.
    static func apart(_ tree: LayerTree) throws -> SeparateLayer {
        var rest = DrawList()
        return try #require(tree.draw(into: &rest, separating: 1).first)
    }

    /// A frame that only moves the sheet (by a spring or a written position) gets the drawing it had, moved; a
    /// change inside it (a tile's colour written, a tile animating, a tile added) is drawn, in the frame it happens.
    @Test func aSheetThatOnlyMovesKeepsItsDrawingAndAChangeInsideIsDrawnAtOnce() throws {
        var (tree, id) = Self.tree(top: 240)
        let first = try Self.apart(tree)
        tree[id].position.x += 30
        let written = try Self.apart(tree)
        #expect(written.content == first.content && written.frame.x == first.frame.x + 30)
        var spring = SpringAnimation(parameters: SpringParameters(stiffness: 100, damping: 20, mass: 1), at: .zero)
        spring.start(from: tree[id].position, velocity: .zero, to: tree[id].position + SIMD2(0, -200))
        tree.animate(.position, of: id, with: .spring(spring))
        tree.advance(by: 0.05)
        let sliding = try Self.apart(tree)
        #expect(sliding.content == first.content && sliding.frame.y < first.frame.y)

        // A tile's colour written: the sheet's drawing shows it at once.
        let tile = tree.sublayers(of: id)[1]
        tree[tile].backgroundColor = RGBA(hex: 0xFF9500)
        let recoloured = try Self.apart(tree)
        #expect(recoloured.content != first.content)
        #expect(recoloured.content.commands.contains { command in
            if case .rect(_, let fill) = command { return fill == RGBA(hex: 0xFF9500) } else { return false }
        })
        // A tile fading: every frame of the fade is drawn as presented.
        tree.animateModel(.opacity, of: tile, to: SIMD2(0.2, 0), duration: 0.5)
        var fills: [Double] = []
        for _ in 0..<3 {
            tree.advance(by: 0.1)
            let fading = try Self.apart(tree)
            for case .roundedRect(let shape) in fading.content.commands where shape.fill.r == RGBA(hex: 0xFF9500).r {
                fills.append(Double(shape.fill.a) * shape.opacity)
            }
            for case .rect(_, let fill) in fading.content.commands where fill.r == RGBA(hex: 0xFF9500).r {
                fills.append(Double(fill.a))
            }
        }
        #expect(fills.count == 3 && fills[0] > fills[1] && fills[1] > fills[2], "\(fills)")
        // A tile added: drawn too.
        let before = try Self.apart(tree).content.count
        tree.add(Layer(frame: DrawRect(x: 200, y: 40, width: 64, height: 64), backgroundColor: RGBA(hex: 0x5856D6)),
                 to: id)
        #expect(try Self.apart(tree).content.count == before + 1)
    }

    /// The panel's controls act only while it rests open: their `role` is written as it opens and as it starts to
    /// close. A role is drawn nowhere, so the sheet's kept drawing outlives such a write — the very same commands'
    /// storage, so the renderer finds the surface's content unchanged at one look instead of comparing it command
    /// by command (and nothing is drawn again) — while the tree still counts the write (the layout check reads
    /// roles). A role written together with a drawn property is drawn.
    @Test func aRoleWrittenInsideTheSheetKeepsItsDrawing() throws {
        var (tree, id) = Self.tree(top: 240)
        func storage(_ list: DrawList) -> UInt? {
            list.commands.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
        }
        let first = try Self.apart(tree)
        let tile = tree.sublayers(of: id)[0]
        let version = tree.newestVersion
        tree[tile].role = .control("tile")
        tree[id].role = .sheet("sheet")
        #expect(tree.newestVersion > version)
        tree[id].position.y -= 40
        let opened = try Self.apart(tree)
        #expect(storage(opened.content) != nil && storage(opened.content) == storage(first.content))
        #expect(opened.frame.y == first.frame.y - 40)
        var written = tree[tile]
        written.role = .none
        written.backgroundColor = RGBA(hex: 0xFF9500)
        tree[tile] = written
        let recoloured = try Self.apart(tree)
        #expect(recoloured.content != first.content)
        #expect(recoloured.content.commands.contains { command in
            if case .roundedRect(let shape) = command { return shape.fill == RGBA(hex: 0xFF9500) } else { return false }
        })
    }

    /// A copy of the tree drawn with a tile's position overridden (a finger's predicted place) draws the tile there,
    /// and the tree itself still draws it where it is: the copy's drawing is not the tree's, nor the other way.
    @Test func aCopyWithAnOverrideDrawsItsOwnSheet() throws {
        let (tree, id) = Self.tree(top: 240)
        let tile = tree.sublayers(of: id)[0]
        let plain = try Self.apart(tree)
        var overrides = PresentationOverrides()
        overrides[.position, of: tile] = tree[tile].position + SIMD2(50, 0)
        let copy = tree.overridden(by: overrides)
        let moved = try Self.apart(copy)
        #expect(moved.content != plain.content)
        #expect(try Self.apart(tree).content == plain.content)
        #expect(try Self.apart(copy).content == moved.content)
    }

    /// The newest version is kept as versions are taken (not found by walking every model's): each way the tree is
    /// written takes a newer one — a layer added, a model written, an animation settling where it ended, sublayers
    /// removed, a freed slot used again — and a frame of a running animation takes none (the moved-only frame's
    /// test in `RunCore.movedLayers`).
    @Test func theNewestVersionFollowsEveryWayTheTreeIsWritten() {
        var (tree, id) = Self.tree(top: 240)
        var version = tree.newestVersion
        func newer(_ what: Comment) {
            #expect(tree.newestVersion > version, what)
            version = tree.newestVersion
        }
        let added = tree.add(Layer(frame: DrawRect(x: 300, y: 40, width: 64, height: 64)), to: id)
        newer("a layer added")
        tree[added].position.x += 5
        newer("a model written")
        tree.animateModel(.position, of: added, to: tree[added].position + SIMD2(100, 0), duration: 0.2)
        newer("an animation's model written")
        tree.advance(by: 0.1)
        #expect(tree.newestVersion == version && tree.isAnimating, "a frame of the animation")
        // Steps of 0.05 s (each within the tree's frame-interval clamp) until the 0.2 s animation is done.
        for _ in 0..<4 where tree.isAnimating { tree.advance(by: 0.05) }
        #expect(!tree.isAnimating)
        newer("the animation settled")
        tree.removeSublayers(of: id)
        newer("sublayers removed")
        tree.add(Layer(frame: DrawRect(x: 40, y: 40, width: 64, height: 64)), to: id)
        newer("a freed slot used again")
    }

    /// A scene that sets its decorations on every frame (the playground's pull line, walls and shadow) writes the
    /// same values while nothing moves them: such a write is no write, so the drawings made from the tree and the
    /// window's list built from it still hold; a write of another value is one.
    @Test func writingWhatTheModelHoldsKeepsItsVersion() {
        var (tree, id) = Self.tree(top: 240)
        let version = tree.newestVersion
        let badge = tree.sublayers(of: id)[0]
        tree[badge].backgroundColor = tree[badge].backgroundColor
        tree[id] = tree[id]
        #expect(tree.newestVersion == version)
        tree[badge].backgroundColor = RGBA(hex: 0xFF9500)
        #expect(tree.newestVersion > version)
    }

    /// What a frame that only slides the sheet draws: the rest of the tree is the same (nothing written since, only
    /// the sheet's position animating), and the sheet drawn apart again where it is now is what a whole new drawing
    /// gives; a write anywhere, or another property animating, says the rest may have changed.
    @Test func aFrameThatOnlySlidesTheSheetDrawsTheRestAsBefore() throws {
        var (tree, id) = Self.tree(top: 240)
        var spring = SpringAnimation(parameters: SpringParameters(stiffness: 100, damping: 20, mass: 1), at: .zero)
        spring.start(from: tree[id].position, velocity: .zero, to: tree[id].position + SIMD2(0, -200))
        tree.animate(.position, of: id, with: .spring(spring))
        tree.advance(by: 0.05)
        var before = DrawList()
        let apart = tree.draw(into: &before, separating: 1)
        let version = tree.newestVersion
        tree.advance(by: 0.05)
        #expect(tree.newestVersion == version && tree.animatesOnlyWithin([id]))
        var now = DrawList()
        let fresh = tree.draw(into: &now, separating: 1)
        #expect(now == before)
        let again = try #require(tree.separatedAgain(apart))
        #expect(again == fresh && again[0].frame.y < apart[0].frame.y)

        // A model written (the badge's colour) or another property animating: not the same any more.
        var written = tree
        written[written.sublayers(of: written.root)[2]].backgroundColor = RGBA(hex: 0xFF9500)
        #expect(written.newestVersion > version)
        var fading = tree
        fading.animateModel(.opacity, of: fading.sublayers(of: fading.root)[0], to: SIMD2(0.5, 0), duration: 0.3)
        #expect(!fading.animatesOnlyWithin([id]))
        #expect(!tree.animatesOnlyWithin([]))
        // The sheet turning, or a layer inside it fading, changes only the sheet's drawing; the sheet changing its
        // place in the drawing order does not.
        var turning = tree
        turning.animateModel(.rotation, of: id, to: SIMD2(0.3, 0), duration: 0.3)
        turning.animateModel(.opacity, of: turning.sublayers(of: id)[0], to: SIMD2(0.5, 0), duration: 0.3)
        #expect(turning.animatesOnlyWithin([id]))
        var raised = tree
        raised.animateModel(.zPosition, of: id, to: SIMD2(2, 0), duration: 0.3)
        #expect(!raised.animatesOnlyWithin([id]))
    }

    /// A model written inside a layer drawn apart (the playground's pull line, stretched and turned by its model on
    /// every frame) changes that layer's drawing, drawn apart again, not the rest of the tree's: the version outside
    /// the layers drawn apart stays, and the sheet drawn apart again is what a whole new drawing gives. A write
    /// outside them, or to their place in the drawing order, is one.
    @Test func aWriteInsideALayerDrawnApartLeavesTheRestAsItWas() throws {
        var (tree, id) = Self.tree(top: 240)
        var before = DrawList()
        let apart = tree.draw(into: &before, separating: 1)
        let outside = tree.newestVersion(outside: [id])
        let state = tree.apartState(of: [id])
        tree[id].size = SIMD2(600, 300)
        tree[tree.sublayers(of: id)[0]].backgroundColor = RGBA(hex: 0xFF9500)
        #expect(tree.newestVersion > outside)
        #expect(tree.newestVersion(outside: [id]) == outside && tree.hasApartState(state, of: [id]))
        var now = DrawList()
        let fresh = tree.draw(into: &now, separating: 1)
        #expect(now == before)
        let again = try #require(tree.separatedAgain(apart))
        #expect(again == fresh && again[0].content != apart[0].content)

        var written = tree
        written[written.sublayers(of: written.root)[0]].backgroundColor = RGBA(hex: 0xFF9500)
        #expect(written.newestVersion(outside: [id]) > outside)
        var raised = tree
        raised[id].zPosition = 2
        #expect(raised.newestVersion(outside: [id]) == outside && !raised.hasApartState(state, of: [id]))
        var merged = tree
        merged[id].wantsOwnSurface = false
        #expect(!merged.hasApartState(state, of: [id]))
    }

    /// A layer drawn apart that nothing changed since it was drawn is taken as it was; one whose model, a sublayer's
    /// model or a superlayer's changed, or that animates, is drawn again: each as a whole new drawing gives it.
    @Test func aLayerNothingChangedIsTakenAsItWasAndAChangedOneIsDrawnAgain() throws {
        let (tree, id) = Self.tree(top: 240)
        var list = DrawList()
        let apart = tree.draw(into: &list, separating: 1)
        let version = tree.newestVersion
        #expect(tree.separatedAgain(apart, since: version) == apart)
        func fresh(_ tree: LayerTree) -> [SeparateLayer] {
            var list = DrawList()
            return tree.draw(into: &list, separating: 1)
        }
        var inside = tree
        inside[inside.sublayers(of: id)[0]].backgroundColor = RGBA(hex: 0xFF9500)
        var moved = tree
        moved[id].position += SIMD2(0, -40)
        var sliding = tree
        sliding.animateModel(.position, of: id, to: tree[id].position + SIMD2(0, -200), duration: 0.3)
        sliding.advance(by: 0.1)
        for changed in [inside, moved, sliding] {
            let again = try #require(changed.separatedAgain(apart, since: version))
            #expect(again == fresh(changed) && again != apart)
        }
    }
}
