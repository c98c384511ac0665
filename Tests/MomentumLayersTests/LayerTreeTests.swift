import MomentumCore
import MomentumLayers
import MomentumTestSupport
import RealModule
import Testing

/// The layer tree: model values, animations keyed on layer properties, the presentation tree, hit-testing and
/// drawing of what is presented. Oracles are closed forms, never the tree itself.
struct LayerTreeTests {
    /// A critically damped spring (ω = 10 rad/s, k = 100, c = 20, m = 1): x(t) = x* + (x0 − x*)(1 + ωt)e^(−ωt).
    static let critical = SpringParameters(stiffness: 100, damping: 20, mass: 1)

    /// Animates `layer`'s position on the critically damped spring from `from` (at rest) to `to`.
    private func springMove(_ tree: inout LayerTree, _ layer: LayerID, from: SIMD2<Double>, to: SIMD2<Double>) {
        var spring = SpringAnimation(parameters: Self.critical, at: .zero)
        spring.start(from: from, velocity: .zero, to: to)
        tree.animate(.position, of: layer, with: .spring(spring))
    }

    private func card(_ tree: inout LayerTree, at centre: SIMD2<Double>) -> LayerID {
        tree.add(Layer(frame: DrawRect(origin: centre - 50, size: SIMD2(100, 100)), backgroundColor: .white))
    }

    @Test func presentationFollowsTheAnimationAndTheModelHoldsItsTarget() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let id = card(&tree, at: SIMD2(100, 100))
        #expect(tree.presentation(of: id).position == SIMD2(100, 100))
        springMove(&tree, id, from: SIMD2(100, 100), to: SIMD2(300, 100))
        #expect(tree[id].position == SIMD2(300, 100))            // the model is where it is going
        #expect(tree.presentation(of: id).position == SIMD2(100, 100))  // the presentation is where it is
        var t = 0.0
        for _ in 0..<30 {
            tree.advance(by: 1.0 / 60)
            t += 1.0 / 60
            let closed = 300 + (100 - 300) * (1 + 10 * t) * Double.exp(-10 * t)
            #expect(abs(tree.presentation(of: id).position.x - closed) < 1e-6)
            #expect(tree.isAnimating)
        }
    }

    @Test func aSettledAnimationIsRemovedAndThePresentationIsTheModel() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let id = card(&tree, at: SIMD2(100, 100))
        springMove(&tree, id, from: SIMD2(100, 100), to: SIMD2(300, 100))
        var frames = 0
        while tree.isAnimating && frames < 600 {
            tree.advance(by: 1.0 / 60)
            frames += 1
        }
        #expect(frames < 120)
        #expect(tree.animation(.position, of: id) == nil)
        #expect(tree.presentation(of: id).position == SIMD2(300, 100))
    }

    @Test func removingAnAnimationLeavesTheLayerWhereItIsSeen() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let id = card(&tree, at: SIMD2(100, 100))
        springMove(&tree, id, from: SIMD2(100, 100), to: SIMD2(300, 100))
        for _ in 0..<10 { tree.advance(by: 1.0 / 60) }
        let seen = tree.presented(.position, of: id)
        let t = 10.0 / 60
        let speed = 200 * 100 * t * Double.exp(-10 * t)           // d/dt of the closed form: (x* − x0)·ω²·t·e^(−ωt)
        let held = tree.removeAnimation(.position, of: id)
        #expect(held == seen)
        #expect(abs(held.velocity.x - speed) < 1e-3)
        #expect(tree[id].position == seen.value)
        #expect(!tree.isAnimating)
        tree.advance(by: 1.0 / 60)
        #expect(tree.presentation(of: id).position == seen.value)
    }

    @Test func retargetKeepsValueAndVelocity() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let id = card(&tree, at: SIMD2(100, 100))
        let retargetedAtRest = tree.retarget(.position, of: id, to: SIMD2(0, 0))
        #expect(!retargetedAtRest)  // nothing animating: nothing to retarget
        var tween = TweenBackend(duration: 0.4, at: .zero)
        tween.start(from: SIMD2(100, 100), velocity: .zero, to: SIMD2(500, 100))
        tree.animate(.position, of: id, with: .tween(tween))
        for _ in 0..<6 { tree.advance(by: 1.0 / 60) }
        let before = tree.presented(.position, of: id)
        let retargeted = tree.retarget(.position, of: id, to: SIMD2(100, 300))
        #expect(retargeted)
        #expect(tree[id].position == SIMD2(100, 300))
        let after = tree.presented(.position, of: id)
        #expect(length(after.value - before.value) < 1e-9)
        #expect(length(after.velocity - before.velocity) < 1e-9)
    }

    @Test func theAnimatorClampsAHitchOnce() {
        var tree = LayerTree(size: SIMD2(800, 600), maxFrameInterval: 0.1)
        let hitch = tree.advance(by: 5)
        let frame = tree.advance(by: 1.0 / 60)
        let backwards = tree.advance(by: -1)
        #expect(hitch == 0.1)
        #expect(frame == 1.0 / 60)
        #expect(backwards == 0)
    }

    @Test func sublayersFollowTheirSuperlayersRotationScaleAndOpacity() {
        var tree = LayerTree(size: SIMD2(800, 600))
        var parentLayer = Layer(frame: DrawRect(x: 300, y: 200, width: 200, height: 100), backgroundColor: .white)
        parentLayer.rotation = Double.pi / 2
        parentLayer.scale = 2
        parentLayer.opacity = 0.5
        let parent = tree.add(parentLayer)
        // 40 px right of the parent's centre (centre of the bounds is (100, 50)), 10×10.
        var childLayer = Layer(frame: DrawRect(x: 135, y: 45, width: 10, height: 10), backgroundColor: .white)
        childLayer.opacity = 0.5
        let child = tree.add(childLayer, to: parent)
        let placed = tree.placement(of: child)
        // Scaled ×2 then turned a quarter clockwise (y down): (40, 0) → (0, 80) from the parent's centre (400, 250).
        #expect(length(placed.anchor - SIMD2(400, 330)) < 1e-9)
        #expect(placed.scale == 2)
        #expect(abs(placed.rotation - Double.pi / 2) < 1e-15)
        #expect(placed.opacity == 0.25)
        #expect(tree.hitTest(SIMD2(400, 330)) == child)
        #expect(tree.hitTest(SIMD2(400, 250)) == parent)
        // Scaled, the parent is 400×200; turned, it is 200 wide and 400 tall: x 300…500, y 50…450.
        #expect(tree.hitTest(SIMD2(550, 250)) == nil)
        #expect(tree.hitTest(SIMD2(480, 420)) == parent)
    }

    @Test func hitTestingUsesThePresentedGeometry() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let id = card(&tree, at: SIMD2(100, 100))
        springMove(&tree, id, from: SIMD2(400, 100), to: SIMD2(700, 100))
        // The model is at 700 but the card is seen at 400: a touch at 400 grabs it, one at 700 does not.
        #expect(tree.hitTest(SIMD2(400, 100)) == id)
        #expect(tree.hitTest(SIMD2(700, 100)) == nil)
        #expect(tree.hitTest(SIMD2(100, 100)) == nil)
    }

    @Test func drawingIsInZOrderThenInsertionOrderAndSkipsHiddenLayers() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let red = RGBA(r: 1, g: 0, b: 0, a: 1), green = RGBA(r: 0, g: 1, b: 0, a: 1), blue = RGBA(r: 0, g: 0, b: 1, a: 1)
        var top = Layer(frame: DrawRect(x: 0, y: 0, width: 10, height: 10), backgroundColor: red)
        top.zPosition = 1
        tree.add(top)
        tree.add(Layer(frame: DrawRect(x: 0, y: 0, width: 10, height: 10), backgroundColor: green))
        let hidden = tree.add(Layer(frame: DrawRect(x: 0, y: 0, width: 10, height: 10), backgroundColor: blue))
        tree[hidden].isHidden = true
        var list = DrawList()
        tree.draw(into: &list)
        let fills: [RGBA] = list.commands.compactMap { command in
            switch command {
            case .roundedRect(let shape): shape.fill
            case .rect(_, let fill): fill
            default: nil
            }
        }
        #expect(fills == [green, red])
    }

    @Test func removedSublayersLoseTheirAnimationsAndTheirSlotsAreReused() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let parent = card(&tree, at: SIMD2(100, 100))
        let child = tree.add(Layer(frame: DrawRect(x: 0, y: 0, width: 10, height: 10)), to: parent)
        springMove(&tree, child, from: SIMD2(0, 0), to: SIMD2(50, 0))
        tree.removeSublayers(of: parent)
        #expect(tree.sublayers(of: parent).isEmpty)
        #expect(!tree.isAnimating)
        let again = tree.add(Layer(frame: DrawRect(x: 0, y: 0, width: 10, height: 10)), to: parent)
        #expect(again == child)
        #expect(tree.superlayer(of: again) == parent)
    }

    private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
}

struct LayerAnchorTests {
    @Test func rotationAndScaleTurnAboutTheAnchorPoint() {
        var tree = LayerTree(size: SIMD2(800, 600))
        var layer = Layer(frame: DrawRect(x: 200, y: 200, width: 100, height: 50), backgroundColor: .white,
                          anchorPoint: SIMD2(0, 0))
        #expect(layer.position == SIMD2(200, 200))
        layer.rotation = Double.pi / 2
        let id = tree.add(layer)
        // The centre (50, 25) from the top-left corner turns a quarter clockwise about it: (−25, 50).
        let centre = tree.placement(of: id).center(of: tree.presentation(of: id))
        #expect(abs(centre.x - 175) < 1e-9 && abs(centre.y - 250) < 1e-9)
        #expect(tree.hitTest(SIMD2(175, 250)) == id)
        #expect(tree.hitTest(SIMD2(250, 225)) == nil)  // where the unturned centre would be
        #expect(tree[id].frame == DrawRect(x: 200, y: 200, width: 100, height: 50))
    }
}

struct LayerRestThresholdTests {
    /// A 300 px move on the seed's spring (k 300, c 20, m 1) at 60 Hz: the frame it settles on, and how far the
    /// closed-form spring still was from the target then (the size of the final snap, px).
    private func settle(outputScale: Double) -> (frames: Int, snap: Double) {
        var tree = LayerTree(size: SIMD2(800, 600))
        tree.outputScale = outputScale
        let id = tree.add(Layer(frame: DrawRect(x: 0, y: 0, width: 10, height: 10)))
        var spring = SpringAnimation(parameters: SpringParameters(stiffness: 300, damping: 20, mass: 1), at: .zero)
        spring.start(from: SIMD2(5, 5), velocity: .zero, to: SIMD2(305, 5))
        tree.animate(.position, of: id, with: .spring(spring))
        var frames = 0
        while tree.isAnimating && frames < 600 {
            tree.advance(by: 1.0 / 60)
            frames += 1
        }
        let oracle = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)
        let unsnapped = oracle.state(x0: -300, v0: 0, at: Double(frames) / 60).x
        #expect(tree.presentation(of: id).position == SIMD2(305, 5))
        return (frames, abs(unsnapped))
    }

    @Test func aPositionSettlesWithinHalfADevicePixel() {
        let one = settle(outputScale: 1), two = settle(outputScale: 2)
        #expect(one.snap < 0.5)
        #expect(two.snap < 0.25)
        #expect(two.frames > one.frames)  // a finer output waits for a finer rest
    }

    @Test func eachPropertySettlesByItsOwnVisibleStep() {
        #expect(LayerProperty.position.restThreshold(outputScale: 2).distance == 0.25)
        #expect(LayerProperty.opacity.restThreshold(outputScale: 2) == .opacity)
        #expect(LayerProperty.rotation.restThreshold(outputScale: 1) == .rotation)
        #expect(LayerProperty.scale.restThreshold(outputScale: 3) == .scale)
    }
}

/// Timed animations (Core Animation's CAAnimation on a layer property) on the tree's one animator and clock.
struct LayerTimedAnimationTests {
    private func card(_ tree: inout LayerTree, at centre: SIMD2<Double>) -> LayerID {
        tree.add(Layer(frame: DrawRect(origin: centre - 50, size: SIMD2(100, 100)), backgroundColor: .white))
    }

    private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

    @Test func timedAnimationsRunOnTheTreesClockWithItsClampAndEndOnTheModel() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let id = card(&tree, at: SIMD2(100, 100))
        tree.advance(by: 0.05)  // nothing animates: the clock still runs
        #expect(tree.time == 0.05)
        // Seed 003's pattern: the model jumps to the end, a linear basic animation runs from the old value, 1 s,
        // beginning 0.2 s from now on the tree's clock.
        tree.setModelValue(SIMD2(500, 100), for: .position, of: id)
        tree.addAnimation(.tween(.basic(BasicAnimation(from: SIMD2(100, 100), to: SIMD2(500, 100),
                                                       timing: MediaTiming(beginTime: tree.time + 0.2, duration: 1,
                                                                           fillMode: .backwards)))),
                          to: .position, of: id)
        #expect(tree[id].position == SIMD2(500, 100) && tree.presentation(of: id).position == SIMD2(100, 100))
        tree.advance(by: 0.1)
        tree.advance(by: 0.1)
        #expect(abs(tree.presentation(of: id).position.x - 100) < 1e-9)
        // A 0.75 s stall moves it by the clamped 0.1 s only: 40 px, not 300.
        #expect(tree.advance(by: 0.75) == 0.1)
        #expect(abs(tree.presentation(of: id).position.x - 140) < 1e-9)
        #expect(abs(tree.presented(.position, of: id).velocity.x - 400) < 1e-9)
        for _ in 0..<8 { tree.advance(by: 0.1) }
        #expect(tree.isAnimating(.position, of: id))
        tree.advance(by: 0.1)  // 1 s after the begin time: removed on completion, the model holds the end
        #expect(!tree.isAnimating && tree.presentation(of: id).position == SIMD2(500, 100))
    }

    @Test func setModelValueUnderAnAdditiveAnimationMovesWhatItComposesOver() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let id = card(&tree, at: SIMD2(100, 100))
        // An additive shake of +10 px at its middle.
        let shake = try? KeyframeAnimation(values: [SIMD2<Double>.zero, SIMD2(10, 0), .zero], keyTimes: [0, 0.5, 1],
                                           timing: MediaTiming(beginTime: tree.time, duration: 1), isAdditive: true)
        guard let shake else { Issue.record("keyframes rejected"); return }
        tree.addAnimation(.tween(.keyframe(shake)), to: .position, of: id)
        for _ in 0..<8 { tree.advance(by: 0.0625) }  // frames of 1/16 s: exactly 0.5 s
        #expect(abs(tree.presentation(of: id).position.x - 110) < 1e-9)
        tree.setModelValue(SIMD2(300, 100), for: .position, of: id)  // a layout change mid-shake
        #expect(abs(tree.presentation(of: id).position.x - 310) < 1e-9)
        for _ in 0..<8 { tree.advance(by: 0.0625) }
        #expect(!tree.isAnimating && tree.presentation(of: id).position == SIMD2(300, 100))
    }

    @Test func animateModelRetargetsAdditivelyWithoutAVelocityJump() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let id = card(&tree, at: SIMD2(100, 100))
        tree.animateModel(.position, of: id, to: SIMD2(400, 100), duration: 0.5)
        tree.advance(by: 0.2)
        let before = tree.presented(.position, of: id)
        tree.animateModel(.position, of: id, to: SIMD2(100, 300), duration: 0.5)
        let after = tree.presented(.position, of: id)
        #expect(length(before.value - after.value) < 1e-9 && length(before.velocity - after.velocity) < 1e-9)
        #expect(tree[id].position == SIMD2(100, 300))
        for _ in 0..<5 { tree.advance(by: 0.1) }
        #expect(!tree.isAnimating && tree.presentation(of: id).position == SIMD2(100, 300))
    }

    @Test func siblingsAreDrawnInPresentedZOrder() {
        var tree = LayerTree(size: SIMD2(800, 600))
        let back = tree.add(Layer(frame: DrawRect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .white))
        let front = tree.add(Layer(frame: DrawRect(x: 20, y: 0, width: 10, height: 10), backgroundColor: .white))
        tree[front].zPosition = 1
        // The back layer's z animates from 0 to 2 over 1 s (linear); its model is 2 from the start.
        tree.setModelValue(SIMD2(2, 0), for: .zPosition, of: back)
        tree.addAnimation(.tween(.basic(BasicAnimation(from: SIMD2(0, 0), to: SIMD2(2, 0),
                                                       timing: MediaTiming(beginTime: 0, duration: 1)))),
                          to: .zPosition, of: back)
        func order() -> [Double] {
            var list = DrawList()
            tree.draw(into: &list)
            return list.commands.compactMap { command -> Double? in
                if case .rect(let rect, _) = command { return rect.x }
                return nil
            }
        }
        tree.advance(by: 0.1)
        tree.advance(by: 0.1)  // z 0.4 < 1: still behind
        #expect(order() == [0, 20])
        for _ in 0..<6 { tree.advance(by: 0.1) }  // z 1.6 > 1: in front, although only the presentation changed
        #expect(order() == [20, 0])
    }
}
