import Testing
@testable import MomentumCore

/// One trajectory recorded from the real Box2D 2.4.1 by tools/box2d-peer (parameters in UIKit units).
struct DynamicsBox2DCase: Sendable {
    let name: String
    let kind: Int
    let width: Double
    let height: Double
    let density: Double
    let resistance: Double
    let frequency: Double
    let damping: Double
    let length: Double
    let start: (Double, Double)
    let anchor: (Double, Double)
    let velocity: (Double, Double)
    let gravityY: Double
    let push: (Double, Double)
    let elasticity: Double
    let friction: Double
    let samples: String

    /// Rows of (x, y[, x2, y2]) per step, starting with the initial state.
    var rows: [[Double]] {
        samples.split(separator: "\n").map { line in line.split(separator: " ").compactMap { Double($0) } }
    }

    /// The distance the motion covers: start to anchor for springs, the largest excursion otherwise.
    var travel: Double {
        if kind == 0 || kind == 2 {
            return SIMD2<Double>(x: start.0 - anchor.0, y: start.1 - anchor.1).length
        }
        return rows.map { SIMD2<Double>(x: $0[0] - start.0, y: $0[1] - start.1).length }.max() ?? 1
    }

    /// Builds the same scene in a `DynamicsWorld`; returns the world and its items (moving item first).
    func makeWorld() -> (DynamicsWorld, [DynamicsItem]) {
        var world = DynamicsWorld()
        let props = DynamicsItemProperties(density: density, resistance: resistance, elasticity: elasticity,
                                           friction: friction, collidesWithBounds: kind == 3)
        let item = world.addItem(center: SIMD2<Double>(x: start.0, y: start.1), width: width, height: height,
                                 properties: props)
        world.setVelocity(SIMD2<Double>(x: velocity.0, y: velocity.1), for: item)
        var items = [item]
        switch kind {
        case 0:
            _ = world.attach(item, to: SIMD2<Double>(x: anchor.0, y: anchor.1), length: length,
                             frequency: frequency, damping: damping)
        case 2:
            let other = world.addItem(center: SIMD2<Double>(x: anchor.0, y: anchor.1), width: width,
                                      height: height, properties: props)
            _ = world.attach(item, to: other, length: length, frequency: frequency, damping: damping)
            items.append(other)
        case 3:
            world.bounds = DynamicsRect(x: -100_000, y: -100_000, width: 200_000, height: 100_000 + anchor.1)
        default:
            break
        }
        world.gravity = SIMD2<Double>(x: 0, y: gravityY)
        world.setContinuousPush(SIMD2<Double>(x: push.0, y: push.1), item: item)
        return (world, items)
    }

    /// Largest distance between the world's item centres and Box2D's at every 60 Hz step, in pt.
    func maxStepDeviation() -> Double {
        var (world, items) = makeWorld()
        var worst = 0.0
        for (n, row) in rows.enumerated() {
            if n > 0 { world.step() }
            for (k, item) in items.enumerated() {
                let p = world.presentedPosition(of: item)
                worst = max(worst, SIMD2<Double>(x: p.x - row[2 * k], y: p.y - row[2 * k + 1]).length)
            }
        }
        return worst
    }

    /// Box2D's trajectory linearly interpolated to time `t` (between its 60 Hz samples).
    /// Box2D's state between two of its steps, by the display rule the world documents: cubic Hermite through the
    /// step positions with the step velocities. Box2D's integrator is symplectic Euler (x₊ = x + h·v₊), so the
    /// velocity after each step is recovered exactly from its positions: v₊ = (x₊ − x)/h; before the first step it is
    /// the initial velocity.
    func box2D(at t: Double, rows: [[Double]]) -> SIMD2<Double> {
        let h = 1.0 / 60
        let s = t * 60
        let i = min(Int(s), rows.count - 2)
        let u = s - Double(i)
        func p(_ n: Int) -> (Double, Double) { (rows[n][0], rows[n][1]) }
        func v(_ n: Int) -> (Double, Double) {
            n == 0 ? velocity : ((rows[n][0] - rows[n - 1][0]) / h, (rows[n][1] - rows[n - 1][1]) / h)
        }
        let (p0, v0, p1, v1) = (p(i), v(i), p(i + 1), v(i + 1))
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = (u3 - 2 * u2 + u) * h, h01 = 3 * u2 - 2 * u3, h11 = (u3 - u2) * h
        return SIMD2<Double>(x: h00 * p0.0 + h10 * v0.0 + h01 * p1.0 + h11 * v1.0,
                              y: h00 * p0.1 + h10 * v0.1 + h01 * p1.1 + h11 * v1.1)
    }
}

@Suite("Dynamics vs Box2D 2.4.1")
struct DynamicsBox2DTests {
    @Test("fixtures cover the seed sweep, 2-D, rope, two bodies, forces and a bounce")
    func fixturesPresent() {
        #expect(dynamicsBox2DFixtures.count >= 113)
        #expect(dynamicsBox2DFixtures.allSatisfy { $0.rows.count == 181 })
    }

    @Test("every case stays within 2 % of the travel of Box2D at every 60 Hz step")
    func trajectoriesAgreeAtEveryStep() {
        var report: [String] = []
        var worstPercent = 0.0
        for c in dynamicsBox2DFixtures {
            let percent = 100 * c.maxStepDeviation() / c.travel
            worstPercent = max(worstPercent, percent)
            report.append("\(c.name): \(percent) %")
            #expect(percent < 2, "\(c.name): \(percent) % of travel \(c.travel) pt")
        }
        print("dynamics-vs-box2d max deviation, % of travel:\n" + report.joined(separator: "\n"))
        print("dynamics-vs-box2d worst: \(worstPercent) %")
    }

    @Test("presented values at 30/60/120/144 Hz display rates agree with Box2D at their own times",
          arguments: [30.0, 60.0, 120.0, 144.0])
    func displayRateIndependent(rate: Double) {
        var worstPercent = 0.0
        for c in dynamicsBox2DFixtures where c.kind != 2 {
            let rows = c.rows
            var (world, items) = c.makeWorld()
            let frames = Int((3 * rate).rounded(.down))
            var worst = 0.0
            for n in 1...frames {
                world.advance(by: 1 / rate)
                let t = Double(n) / rate
                let d = world.presentedPosition(of: items[0]) - c.box2D(at: t, rows: rows)
                worst = max(worst, d.length)
            }
            let percent = 100 * worst / c.travel
            worstPercent = max(worstPercent, percent)
            #expect(percent < 2, "\(c.name) at \(rate) Hz: \(percent) %")
        }
        print("dynamics display \(rate) Hz worst vs box2d: \(worstPercent) %")
    }

    @Test("the 60 Hz steps underneath are identical at every display rate")
    func sameStepsAtAnyRate() throws {
        let c = try #require(dynamicsBox2DFixtures.first { $0.name == "panel f3.5 z0.4 r10 v+0" })
        var reference = c.makeWorld()
        var trail: [SIMD2<Double>] = []
        for _ in 0..<120 {
            reference.0.step()
            trail.append(reference.0.position(of: reference.1[0]))
        }
        for rate in [30.0, 59.94, 90.0, 120.0, 144.0] {
            var (world, items) = c.makeWorld()
            var n = 0
            while world.stepCount < 120 {
                world.advance(by: 1 / rate)
                n += 1
                #expect(world.stepCount == 0 || world.position(of: items[0]) == trail[world.stepCount - 1])
            }
            // Display time is elapsed time: nothing is lost or gained.
            #expect(abs(world.displayTime - Double(n) / rate) < 1e-9)
        }
    }
}
