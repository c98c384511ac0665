import Foundation  // exp for the closed form
import MomentumCore
import MomentumLayers
import Testing

/// Key m's overlay: a moving layer's model frame (where it is heading) and its velocity, against closed forms.
struct ModelGhostTests {
    @Test func aMovingLayerShowsWhereItIsHeadingAndHowFastItGoes() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let id = tree.add(Layer(frame: DrawRect(x: 50, y: 50, width: 100, height: 100), backgroundColor: .white,
                                cornerRadius: 12))
        let still = tree.add(Layer(frame: DrawRect(x: 600, y: 400, width: 50, height: 50), backgroundColor: .white))
        #expect(tree.modelGhosts().isEmpty)
        // Critically damped (k 100, c 20): x(t) = 300 − 200(1 + 10t)e^(−10t), v(t) = 2000·10t·e^(−10t).
        var spring = SpringAnimation(parameters: SpringParameters(stiffness: 100, damping: 20, mass: 1), at: .zero)
        spring.start(from: SIMD2(100, 100), velocity: .zero, to: SIMD2(300, 100))
        tree.animate(.position, of: id, with: .spring(spring))
        _ = tree.advance(by: 0.1)
        let ghosts = tree.modelGhosts()
        #expect(ghosts.count == 1 && ghosts.first?.layer == id && ghosts.first?.layer != still)
        guard let ghost = ghosts.first else { return }
        #expect(ghost.model == DrawRect(x: 250, y: 50, width: 100, height: 100) && ghost.cornerRadius == 12)
        let t = 0.1
        #expect(abs(ghost.presented.x - (300 - 200 * (1 + 10 * t) * exp(-10 * t))) < 1e-6)
        #expect(abs(ghost.velocity.x - 2000 * 10 * t * exp(-10 * t)) < 1e-4 && ghost.velocity.y == 0)
        var list = DrawList()
        tree.drawModelGhosts(into: &list)
        #expect(list.count == 4 + 1 + 3)     // four edges (nothing filled), the label, and the arrow's three strokes
        for _ in 0..<180 { _ = tree.advance(by: 1.0 / 60) }
        #expect(tree.modelGhosts().isEmpty)  // at rest: the model and the presentation are one
    }

    @Test func aLayerAnchoredAtItsCornerReportsItsCentre() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let id = tree.add(Layer(frame: DrawRect(x: 0, y: 100, width: 200, height: 80), anchorPoint: .zero))
        var spring = SpringAnimation(parameters: SpringParameters(stiffness: 100, damping: 20, mass: 1), at: .zero)
        spring.start(from: SIMD2(0, 100), velocity: SIMD2(0, 50), to: SIMD2(0, 300))
        tree.animate(.position, of: id, with: .spring(spring))
        let ghost = tree.modelGhosts().first
        #expect(ghost?.presented == SIMD2(100, 140) && ghost?.model == DrawRect(x: 0, y: 300, width: 200, height: 80))
    }

    @Test func aNestedLayerUnderAScaledMovedParentIsShownInRootCoordinates() {
        var tree = LayerTree(size: SIMD2(800, 600))
        // A parent at (100, 100), scale 2 about its top-left corner; its child moves from (10, 10) to (60, 10).
        var parentLayer = Layer(frame: DrawRect(x: 100, y: 100, width: 100, height: 100), anchorPoint: .zero)
        parentLayer.scale = 2
        let parent = tree.add(parentLayer)
        let child = tree.add(Layer(frame: DrawRect(x: 0, y: 0, width: 20, height: 20), anchorPoint: .zero), to: parent)
        var spring = SpringAnimation(parameters: SpringParameters(stiffness: 100, damping: 20, mass: 1), at: .zero)
        spring.start(from: SIMD2(10, 10), velocity: SIMD2(30, 0), to: SIMD2(60, 10))
        tree.animate(.position, of: child, with: .spring(spring))
        let ghost = tree.modelGhosts().first
        #expect(ghost?.layer == child)
        // Model at (60, 10) in the parent: (100 + 2·60, 100 + 2·10), 40 px square.
        #expect(ghost?.model == DrawRect(x: 220, y: 120, width: 40, height: 40))
        // Presented at (10, 10): its centre (10 + 10, 10 + 10) in the parent → (140, 140); velocity doubled.
        #expect(ghost?.presented == SIMD2(140, 140) && ghost?.velocity == SIMD2(60, 0))
    }
}
