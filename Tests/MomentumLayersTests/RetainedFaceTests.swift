import MomentumCore
import MomentumLayers
import Testing

/// A rasterised layer's upright face (`LayerTree.rasterRun`) is kept while the layer only turns, moves, scales or
/// fades (the playground's tile as it spins): drawn once, not every frame, and every frame's list the same as a tree
/// that never kept it draws. A change inside it is drawn in the frame it happens.
struct RetainedFaceTests {
    /// A tile like the playground's: a rounded background, a disc, a ring and a glyph, rasterised, at `rotation`.
    static func tile(rotation: Double = 0, at position: SIMD2<Double> = SIMD2(120, 120)) -> (LayerTree, LayerID) {
        var tree = LayerTree(size: SIMD2(240, 240))
        var tile = Layer(frame: DrawRect(x: 0, y: 0, width: 80, height: 80), backgroundColor: RGBA(hex: 0xFF9500),
                         cornerRadius: 19)
        tile.position = position
        tile.rotation = rotation
        tile.shouldRasterize = true
        let id = tree.add(tile)
        tree.add(Layer(frame: DrawRect(x: 20, y: 20, width: 40, height: 40), backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.3),
                       cornerRadius: 20), to: id)
        var ring = Layer(frame: DrawRect(x: 14, y: 14, width: 52, height: 52))
        ring.content = .ellipse(lineWidth: 2, color: RGBA(r: 1, g: 1, b: 1, a: 0.6))
        tree.add(ring, to: id)
        tree.add(.text("♪", frame: DrawRect(x: 30, y: 28, width: 20, height: 24), size: 18, color: .white,
                       alignment: .center), to: id)
        return (tree, id)
    }

    static func list(_ tree: LayerTree) -> DrawList {
        var list = DrawList()
        tree.draw(into: &list)
        return list
    }

    static func face(_ list: DrawList) -> RasterRun? {
        list.commands.lazy.compactMap { command -> RasterRun? in
            if case let .raster(run) = command { return run } else { return nil }
        }.first
    }

    /// The tile spinning (a rotation spring) while it slides (a position spring): its face is drawn on the first
    /// turned frame only, and each frame's list is the one a fresh tree at the same presented angle and place draws.
    @Test func aSpinningTileDrawsItsFaceOnceAndEveryFrameAsAFreshTree() throws {
        var (tree, id) = Self.tile()
        let spin = SpringAnimation(parameters: SpringParameters(stiffness: 60, damping: 6, mass: 1),
                                   restThreshold: .rotation, value: SIMD2(0, 0), velocity: SIMD2(9, 0),
                                   target: SIMD2(0, 0))
        tree.animate(.rotation, of: id, with: .spring(spin))
        var slide = SpringAnimation(parameters: SpringParameters(stiffness: 100, damping: 20, mass: 1), at: .zero)
        slide.start(from: tree[id].position, velocity: SIMD2(300, -200), to: tree[id].position)
        tree.animate(.position, of: id, with: .spring(slide))
        let before = tree.rasterFacesDrawn
        var turned = 0
        for _ in 0..<12 {
            tree.advance(by: 1.0 / 60)
            let presented = tree.presentation(of: id)
            let list = Self.list(tree)
            let fresh = Self.tile(rotation: presented.rotation, at: presented.position).0
            #expect(list == Self.list(fresh))
            if Self.face(list) != nil { turned += 1 }
        }
        #expect(turned == 12)
        #expect(tree.rasterFacesDrawn == before + 1, "the face was drawn \(tree.rasterFacesDrawn - before) times")
    }

    /// A sublayer written (the disc's colour), a sublayer fading, the tile resized, a sublayer added: each shows in
    /// the frame it happens, as a fresh tree draws it; with nothing changed after, the face is kept again.
    @Test func aChangeInsideTheFaceIsDrawnAtOnce() throws {
        var (tree, id) = Self.tile(rotation: 0.4)
        let first = try #require(Self.face(Self.list(tree)))
        let disc = tree.sublayers(of: id)[0]
        tree[disc].backgroundColor = RGBA(hex: 0x5856D6)
        let recoloured = try #require(Self.face(Self.list(tree)))
        #expect(recoloured.content != first.content)
        var fresh = Self.tile(rotation: 0.4).0
        fresh[fresh.sublayers(of: id)[0]].backgroundColor = RGBA(hex: 0x5856D6)
        #expect(recoloured == Self.face(Self.list(fresh)))

        // Fading: every frame drawn as presented (not kept while it animates).
        tree.animateModel(.opacity, of: disc, to: SIMD2(0.2, 0), duration: 0.5)
        var faces: [DrawList] = []
        for _ in 0..<3 {
            tree.advance(by: 0.1)
            faces.append(try #require(Self.face(Self.list(tree))).content)
        }
        #expect(faces[0] != faces[1] && faces[1] != faces[2])
        for _ in 0..<5 { tree.advance(by: 0.1) }
        #expect(!tree.isAnimating(.opacity, of: disc))
        let faded = try #require(Self.face(Self.list(tree)))
        let drawn = tree.rasterFacesDrawn
        #expect(try #require(Self.face(Self.list(tree))) == faded)
        #expect(tree.rasterFacesDrawn == drawn)

        // The tile's own colour (its background, drawn under the face as placed) and turn: the face is kept.
        tree[id].backgroundColor = RGBA(hex: 0x34C759)
        tree[id].rotation = 1.1
        let recoloured2 = try #require(Self.face(Self.list(tree)))
        #expect(recoloured2.content == faded.content && recoloured2.corners != faded.corners)
        #expect(tree.rasterFacesDrawn == drawn)
        // A sublayer added: drawn too.
        tree.add(Layer(frame: DrawRect(x: 10, y: 60, width: 30, height: 4), backgroundColor: .black), to: id)
        let added = try #require(Self.face(Self.list(tree)))
        #expect(added.content.count == faded.content.count + 1)
        #expect(tree.rasterFacesDrawn == drawn + 1)
    }
}
