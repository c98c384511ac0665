import Testing
@testable import MomentumCore

/// One pair of boxes swept by Box2D 2.4.1's `b2TimeOfImpact` (tools/box2d-peer/toi.cpp).
private struct TimeOfImpactCase {
    let a: DynamicsSweep
    let b: DynamicsSweep
    let duration: Double
    /// Box2D's `b2TOIOutput::State`: 1 failed, 2 overlapped, 3 touching, 4 separated.
    let state: Int
    let time: Double

    init?(_ line: Substring) {
        let n = line.split(separator: " ").compactMap { Double($0) }
        guard n.count == 19 else { return nil }
        func box(_ i: Int) -> DynamicsSweep {
            DynamicsSweep(center: SIMD2(n[i], n[i + 1]), halfSize: SIMD2(n[i + 2], n[i + 3]), angle: n[i + 4],
                          velocity: SIMD2(n[i + 5], n[i + 6]), angularVelocity: n[i + 7])
        }
        a = box(0)
        b = box(8)
        duration = n[16]
        state = Int(n[17])
        time = n[18]
    }

    /// How fast the distance closes at `time` (pt/s), by a central difference.
    func closingRate(at time: Double) -> Double {
        let h = 1e-6
        return (DynamicsSweep.distance(a, b, at: time - h) - DynamicsSweep.distance(a, b, at: time + h)) / (2 * h)
    }

    /// The distances at 500 evenly spread times in [0, end].
    func distances(until end: Double) -> [(time: Double, distance: Double)] {
        (0...500).map { k in
            let time = end * Double(k) / 500
            return (time, DynamicsSweep.distance(a, b, at: time))
        }
    }

    /// The least distance at 500 evenly spread times in [0, end].
    func leastDistance(until end: Double) -> Double { distances(until: end).map(\.distance).min() ?? .infinity }
}

@Suite("Time of impact vs Box2D 2.4.1 and closed forms")
struct DynamicsTimeOfImpactTests {
    private let cases = dynamicsTimeOfImpactFixtures.split(separator: "\n").compactMap(TimeOfImpactCase.init)
    /// Box2D's target distance (its linear slop, 0.5 pt) and tolerance (a quarter of it), as `timeOfImpact`'s
    /// defaults; Box2D works in floats on metres: at 20 m a float's step is 2e-6 m (2e-4 pt), angles to 1e-7 rad
    /// on boxes up to 280 pt across, so its distances are good to 0.01 pt.
    private let target = DynamicsUnits.linearSlop, tolerance = 0.125, floats = 0.01

    @Test("400 random pairs, turned and turning, every fourth upright: Box2D both touches and misses")
    func fixturesCoverBothOutcomes() {
        #expect(cases.count == 400)
        #expect(cases.filter { $0.state == 3 }.count > 100)
        #expect(cases.filter { $0.state == 4 }.count > 100)
    }

    @Test("where Box2D finds a first contact, the sweep finds it at the same time, to the tolerance's worth of travel")
    func touchingAgreesWithBox2D() throws {
        for c in cases where c.state == 3 {
            let found = DynamicsSweep.timeOfImpact(c.a, c.b, within: c.duration)
            guard case .touching(let time) = found else {
                Issue.record("\(c.a) \(c.b) over \(c.duration) s: Box2D touches at \(c.time) s, the sweep \(found)")
                continue
            }
            // Box2D's time: its distance there is the target to within its tolerance (our distance agrees).
            let atBox2D = DynamicsSweep.distance(c.a, c.b, at: c.time)
            #expect(abs(atBox2D - target) <= tolerance + floats, "Box2D's time \(c.time): distance \(atBox2D)")
            // Ours: within the tolerance above the target, never below it (never past the first contact).
            let atOurs = DynamicsSweep.distance(c.a, c.b, at: time)
            #expect(atOurs >= target - 1e-9 && atOurs <= target + tolerance, "our time \(time): distance \(atOurs)")
            // Both distances lie in a band 2 tolerances (and the floats) wide, which the distance, closing at
            // this rate, crosses in this time.
            let rate = c.closingRate(at: c.time)
            #expect(rate > 0)
            #expect(abs(time - c.time) <= (2 * tolerance + floats) / rate * 1.5 + 1e-7,
                    "ours \(time) s, Box2D's \(c.time) s, closing at \(rate) pt/s")
            // Neither passed an earlier contact.
            #expect(c.leastDistance(until: min(time, c.time)) >= target - tolerance - floats)
        }
    }

    @Test("where Box2D finds the two apart over the whole span, so does the sweep; where Box2D misses a box passing right through the other, the sweep finds the contact")
    func separatedAgreesWithBox2D() {
        var missedByBox2D = 0
        for c in cases where c.state == 4 {
            let found = DynamicsSweep.timeOfImpact(c.a, c.b, within: c.duration)
            let samples = c.distances(until: c.duration)
            guard let first = samples.first(where: { $0.distance <= target }) else {
                // A pass closer than the tolerance band may be called either way; none of the 400 comes so close.
                #expect(c.leastDistance(until: c.duration) > target + tolerance)
                #expect(found == .separated, "\(c.a) \(c.b) over \(c.duration) s: \(found)")
                continue
            }
            // Box2D's "separated" is the separation at the span's end along the axis found at its start: a box that
            // travels several times its size in the span (Box2D moves a body at most 200 pt a step) and turns can
            // pass through the other and out on that axis's far side. The sweep finds where it goes in.
            missedByBox2D += 1
            guard case .touching(let time) = found else {
                Issue.record("\(c.a) \(c.b) over \(c.duration) s: they meet by \(first.time) s, the sweep \(found)")
                continue
            }
            let atOurs = DynamicsSweep.distance(c.a, c.b, at: time)
            #expect(time <= first.time && atOurs >= target - 1e-9 && atOurs <= target + tolerance)
        }
        // 4 of the 186 (each travelling 3–6 times its size): Box2D's misses are rare, not the rule.
        #expect(missedByBox2D <= 4)
    }

    @Test("upright boxes that do not turn: the slab closed form (first time both axes' gaps are closed)")
    func uprightMatchesTheClosedForm() {
        var random = SplitMix64(seed: 2_200)
        var touched = 0, missed = 0
        for _ in 0..<2000 {
            let a = DynamicsSweep(center: SIMD2(random.symmetric(500), random.symmetric(500)),
                                  halfSize: SIMD2(10 + random.nextUnit() * 190, 10 + random.nextUnit() * 190),
                                  velocity: SIMD2(random.symmetric(4000), random.symmetric(4000)))
            let b = DynamicsSweep(center: SIMD2(random.symmetric(500), random.symmetric(500)),
                                  halfSize: SIMD2(10 + random.nextUnit() * 190, 10 + random.nextUnit() * 190),
                                  velocity: SIMD2(random.symmetric(800), random.symmetric(800)))
            let duration = 0.004 + random.nextUnit() * 0.5
            // Per axis, the times the gap between the faces is closed: [enter, leave].
            let d = b.center - a.center, v = a.velocity - b.velocity, reach = a.halfSize + b.halfSize
            var enter = -Double.infinity, leave = Double.infinity, enteringRate = 0.0
            for k in 0..<2 {
                if v[k] == 0 {
                    if abs(d[k]) >= reach[k] { leave = -1 }
                    continue
                }
                let t1 = (d[k] - reach[k]) / v[k], t2 = (d[k] + reach[k]) / v[k]
                if min(t1, t2) > enter { enter = min(t1, t2); enteringRate = abs(v[k]) }
                leave = min(leave, max(t1, t2))
            }
            let found = DynamicsSweep.timeOfImpact(a, b, within: duration, target: 0, tolerance: 1e-3)
            if enter <= 0, leave > 0 {
                #expect(found == .overlapping)
            } else if enter > 0, enter < leave, enter <= duration {
                touched += 1
                guard case .touching(let time) = found else {
                    Issue.record("\(a) \(b): closed form \(enter) s, sweep \(found)")
                    continue
                }
                // Found where the gap is at most 1e-3 pt: that much travel early at the entering axis's rate, never late.
                #expect(time <= enter + 1e-12 && time >= enter - 1e-3 / enteringRate - 1e-12,
                        "closed form \(enter) s, sweep \(time) s")
            } else if enter > duration + 1e-9 || enter >= leave {
                missed += 1
                #expect(found == .separated, "\(a) \(b) over \(duration): \(found)")
            }
        }
        #expect(touched > 200 && missed > 200)
    }

    @Test("a box turning in place toward another: the corner's closed form")
    func aTurningBoxMeetsAWallByItsCorner() {
        // A 2a×2a square at the origin turning at ω; a wide box whose face is at x = f. The corner's reach along x
        // is a·√2·cos(π/4 − θ) for θ in [0, π/4]: it meets the face when that equals f.
        let half = 50.0, face = 60.0, omega = 3.0
        let spinner = DynamicsSweep(center: .zero, halfSize: SIMD2(half, half), angularVelocity: omega)
        let wall = DynamicsSweep(center: SIMD2(face + 500, 0), halfSize: SIMD2(500, 500))
        let closed = (Double.pi / 4 - Double.acos(face / (half * 2.0.squareRoot()))) / omega
        guard case .touching(let time) = DynamicsSweep.timeOfImpact(spinner, wall, within: 1, target: 0,
                                                                    tolerance: 1e-4)
        else { Issue.record("no contact"); return }
        #expect(time <= closed && time > closed - 1e-3)
    }
}
