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
        if kind >= 4 {
            // Colliding items: the larger excursion of the two.
            return rows.map { row in
                max(SIMD2<Double>(x: row[0] - start.0, y: row[1] - start.1).length,
                    SIMD2<Double>(x: row[2] - anchor.0, y: row[3] - anchor.1).length)
            }.max() ?? 1
        }
        if kind == 0 || kind == 2 {
            return SIMD2<Double>(x: start.0 - anchor.0, y: start.1 - anchor.1).length
        }
        return rows.map { SIMD2<Double>(x: $0[0] - start.0, y: $0[1] - start.1).length }.max() ?? 1
    }

    /// Builds the same scene in a `DynamicsWorld`; returns the world and its items (moving item first).
    func makeWorld() -> (DynamicsWorld, [DynamicsItem]) {
        var world = DynamicsWorld()
        let props = DynamicsItemProperties(density: density, resistance: resistance, elasticity: elasticity,
                                           friction: friction, collidesWithBounds: kind == 3,
                                           collidesWithItems: kind >= 4)
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
        case 4, 5:
            // The second box: its centre is `anchor`, its side `length`, its density `frequency`, its angle `damping`.
            var other = props
            other.density = frequency
            let second = world.addItem(center: SIMD2<Double>(x: anchor.0, y: anchor.1), width: length, height: length,
                                       properties: other)
            world.setAngle(damping, for: second)
            items.append(second)
            if kind == 5 {
                // Box2D's floor is a static edge; here an immovable item (density 0) whose top is the floor.
                var floor = props
                floor.density = 0
                floor.allowsRotation = false
                _ = world.addItem(center: SIMD2<Double>(x: 0, y: anchor.1 + length / 2 + 500), width: 200_000,
                                  height: 1000, properties: floor)
            }
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

@Suite("Colliding items vs Box2D 2.4.1")
struct DynamicsContactBox2DTests {
    static var itemCases: [DynamicsBox2DCase] { dynamicsBox2DFixtures.filter { $0.kind >= 4 } }

    /// The world's positions and angles at every step of a case.
    static func run(_ c: DynamicsBox2DCase) -> [[Double]] {
        var (world, items) = c.makeWorld()
        var out: [[Double]] = []
        for n in 0..<c.rows.count {
            if n > 0 { world.step() }
            let a = world.position(of: items[0]), b = world.position(of: items[1])
            out.append([a.x, a.y, b.x, b.y, world.angle(of: items[0]), world.angle(of: items[1])])
        }
        return out
    }

    /// Velocity in pt/s over the step ending at row `n` (Box2D integrates x₊ = x + h·v₊, so this is its v₊).
    static func velocity(_ rows: [[Double]], _ n: Int, body k: Int) -> SIMD2<Double> {
        SIMD2<Double>(x: rows[n][2 * k] - rows[n - 1][2 * k], y: rows[n][2 * k + 1] - rows[n - 1][2 * k + 1]) * 60
    }

    @Test("five cases: head-on, heavy on light, off-centre, oblique onto a turned box, a stack")
    func casesPresent() {
        #expect(Self.itemCases.count == 5)
    }

    @Test("both items stay within 2 % of the travel and 0.05 rad of Box2D at every 60 Hz step")
    func trajectoriesAgree() {
        for c in Self.itemCases {
            let ours = Self.run(c), theirs = c.rows
            var worst = 0.0, worstAngle = 0.0
            for (o, t) in zip(ours, theirs) {
                for k in 0..<2 {
                    worst = max(worst, SIMD2<Double>(x: o[2 * k] - t[2 * k], y: o[2 * k + 1] - t[2 * k + 1]).length)
                    worstAngle = max(worstAngle, abs(o[4 + k] - t[4 + k]))
                }
            }
            let percent = 100 * worst / c.travel
            print("items-vs-box2d \(c.name): \(worst) pt (\(percent) % of \(c.travel) pt), angle \(worstAngle) rad")
            #expect(percent < 2, "\(c.name): \(percent) % of travel")
            #expect(worstAngle < 0.05, "\(c.name): \(worstAngle) rad")
        }
    }

    @Test("head-on: the velocities after the impact are Box2D's and Newton's, momentum kept, energy × (1 + e²)/2")
    func headOn() throws {
        let c = try #require(Self.itemCases.first { $0.name == "items head-on e0.5" })
        let ours = Self.run(c), theirs = c.rows
        let last = ours.count - 1
        let vA = Self.velocity(ours, last, body: 0), vB = Self.velocity(ours, last, body: 1)
        // Equal masses, e = 0.5, 600 pt/s onto one at rest: 150 and 450 pt/s.
        #expect(abs(vA.x - 150) < 0.5 && abs(vB.x - 450) < 0.5, "\(vA) \(vB)")
        #expect(abs(vA.x - Self.velocity(theirs, last, body: 0).x) < 0.5)
        #expect(abs(vB.x - Self.velocity(theirs, last, body: 1).x) < 0.5)
        let mass = 1.0
        #expect(abs(mass * (vA.x + vB.x) - mass * 600) < 0.5)
        let energy = (vA.lengthSquared + vB.lengthSquared) / (600 * 600)
        #expect(abs(energy - (1 + 0.25) / 2) < 0.002, "\(energy)")
    }

    @Test("heavy on light and off-centre: the velocities and spins after the impact are Box2D's (within 3 %)")
    func afterImpact() {
        for c in Self.itemCases where c.kind == 4 && c.name != "items head-on e0.5" {
            let ours = Self.run(c), theirs = c.rows
            let n = ours.count - 1
            for k in 0..<2 {
                let v = Self.velocity(ours, n, body: k), w = Self.velocity(theirs, n, body: k)
                #expect((v - w).length < 0.03 * max(w.length, 100), "\(c.name) body \(k): \(v) vs \(w)")
                let spin = (ours[n][4 + k] - ours[n - 1][4 + k]) * 60, theirSpin = (theirs[n][4 + k] - theirs[n - 1][4 + k]) * 60
                #expect(abs(spin - theirSpin) < 0.03 * max(abs(theirSpin), 1), "\(c.name) body \(k): \(spin) vs \(theirSpin) rad/s")
            }
            // Momentum: what the first lost the second gained.
            let mA = c.density * c.width * c.height / 10_000, mB = c.frequency * c.length * c.length / 10_000
            let before = mA * SIMD2<Double>(x: c.velocity.0, y: c.velocity.1)
            let after = mA * Self.velocity(ours, n, body: 0) + mB * Self.velocity(ours, n, body: 1)
            if c.resistance == 0 { #expect((after - before).length < 0.01 * before.length, "\(c.name): \(after) vs \(before)") }
        }
    }

    @Test("a box dropped on another comes to rest on it, as in Box2D, and stays: no jitter, no sinking")
    func stackRests() throws {
        let c = try #require(Self.itemCases.first { $0.kind == 5 })
        let ours = Self.run(c), theirs = c.rows
        let last = ours[ours.count - 1], theirLast = theirs[theirs.count - 1]
        #expect(abs(last[1] - theirLast[1]) < 0.5 && abs(last[3] - theirLast[3]) < 0.5, "\(last) vs \(theirLast)")
        // Resting on it: the gap between the two faces within Box2D's slop and skin (1 pt a side).
        let gap = (last[3] - c.length / 2) - (last[1] + c.height / 2)
        #expect(gap > -DynamicsUnits.linearSlop && gap < 2, "gap \(gap)")
        // Still for the last second.
        for n in (ours.count - 60)..<ours.count {
            #expect(Self.velocity(ours, n, body: 0).length < 1 && Self.velocity(ours, n, body: 1).length < 1)
        }
    }
}
