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
        #expect(list.count >= 6 + 3)     // the fill, four edges, the label, and the arrow's three strokes
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
}
