import Foundation
import Testing
@testable import MomentumApp
import MomentumCore
import MomentumTestSupport

/// The closed-form damped oscillator (MomentumTestSupport, independent of the engine) about `target`.
private struct Oscillator {
    let k: Double, c: Double, m: Double
    let x0: Double, v0: Double, target: Double

    func state(at t: Double) -> (x: Double, v: Double) {
        let s = ClosedFormOscillator(stiffness: k, damping: c, mass: m).state(x0: x0 - target, v0: v0, at: t)
        return (target + s.x, s.v)
    }
}

private func config(_ args: [String]) throws -> TraceConfiguration {
    try TraceCommand.parse(args).arguments.configuration()
}

/// Parses CSV text back into rows of numbers.
private func parseCSV(_ text: String) -> (header: String, rows: [[Double]]) {
    let lines = text.split(separator: "\n").map(String.init)
    let rows = lines.dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
    return (lines.first ?? "", Array(rows))
}

@Suite("momentum trace: simulation")
struct TraceSimulationTests {
    @Test func csvHasHeaderAndOneRowPerFrameStartingAtFromAndSettlingAtTo() throws {
        let c = try config(["--backend", "spring", "--from", "10,-20", "--to", "110,80"])
        let run = TraceSimulation.run(c)
        let (header, rows) = parseCSV(TraceOutput.csv(run.rows))
        #expect(header == "t,x,y,vx,vy")
        #expect(rows.count == run.rows.count)
        #expect(rows.allSatisfy { $0.count == 5 })
        #expect(rows.first == [0, 10, -20, 0, 0])
        for (i, row) in rows.enumerated() { #expect(abs(row[0] - Double(i) / 60) < 1e-6) }
        let last = try #require(rows.last)
        #expect(abs(last[1] - 110) < 0.75 && abs(last[2] - 80) < 0.75)
        #expect(hypot(last[3], last[4]) < 46.875)
        // It stopped because it settled (well before the 10 s cap), not because time ran out.
        #expect(last[0] < 2)
    }

    @Test func jsonHasTheSameRows() throws {
        let c = try config(["--backend", "spring", "--from", "0", "--to", "100", "--format", "json"])
        let run = TraceSimulation.run(c)
        let data = Data(TraceOutput.text(run.rows, format: c.format).utf8)
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Double]])
        #expect(objects.count == run.rows.count)
        #expect(objects.first == ["t": 0, "x": 0, "y": 0, "vx": 0, "vy": 0])
        #expect(abs((objects.last?["x"] ?? 0) - 100) < 0.75)
    }

    @Test(arguments: [
        // (args, k, c, m): the seed's default spring, an overdamped one with a fling, response style.
        (["--from", "0", "--to", "500"], 300.0, 20.0, 1.0, 0.0),
        (["--from", "0", "--to", "500", "--stiffness", "100", "--damping", "30", "--velocity", "-800"],
         100.0, 30.0, 1.0, -800.0),
        (["--from", "0", "--to", "500", "--stiffness", "400", "--damping", "12", "--mass", "2", "--velocity", "3000"],
         400.0, 12.0, 2.0, 3000.0),
    ])
    func springRowsMatchTheClosedFormOscillator(args: [String], k: Double, c: Double, m: Double, v0: Double) throws {
        let run = TraceSimulation.run(try config(["--backend", "spring"] + args))
        let exact = Oscillator(k: k, c: c, m: m, x0: 0, v0: v0, target: 500)
        #expect(run.rows.count > 10)
        // Every row except the final snap onto the target (within the 0.75 px rest threshold).
        for row in run.rows.dropLast() {
            let (x, v) = exact.state(at: row.t)
            #expect(abs(row.x - x) < 1e-3, "t=\(row.t): x \(row.x) vs \(x)")
            #expect(abs(row.vx - v) < 1e-2, "t=\(row.t): v \(row.vx) vs \(v)")
        }
    }

    @Test func jitteredFramesStillSampleTheExactSolution() throws {
        let c = try config(["--backend", "spring", "--from", "0", "--to", "500", "--jitter", "0.5", "--seed", "7"])
        let run = TraceSimulation.run(c)
        let exact = Oscillator(k: 300, c: 20, m: 1, x0: 0, v0: 0, target: 500)
        for row in run.rows.dropLast() { #expect(abs(row.x - exact.state(at: row.t).x) < 1e-3) }
    }

    @Test func retargetKeepsVelocityContinuousWhileAnAbruptRestartJumps() throws {
        // 1 kHz frames so the rows straddling T are 1 ms apart.
        let c = try config(["--backend", "spring", "--from", "0", "--to", "500", "--rate", "1000",
                            "--retarget", "0.1005:0", "--plot", "/dev/null", "--compare-abrupt"])
        let smooth = TraceSimulation.run(c)
        let event = try #require(smooth.retargets.first)
        #expect(event.before == event.after)
        #expect(event.before.vx > 3000)  // retargeted mid-flight, at speed
        // Rows at 0.100 and 0.101 s: the velocity changes only by the spring's pull over 1 ms, with no jump.
        let i = try #require(smooth.rows.firstIndex { $0.t > 0.1005 })
        let (a, b) = (smooth.rows[i - 1], smooth.rows[i])
        let acceleration = abs(-300 * (event.after.x - 0) - 20 * event.after.vx)
        #expect(abs(b.vx - a.vx) < 1.5 * acceleration * (b.t - a.t))
        #expect(abs(b.vx - a.vx) < 0.05 * abs(a.vx))

        let abrupt = TraceSimulation.run(c, mode: .restartFromRest)
        let jump = try #require(abrupt.retargets.first)
        #expect(jump.before.position == jump.after.position)
        #expect(jump.after.velocity == .zero)
        #expect(abs(abrupt.rows[i].vx - abrupt.rows[i - 1].vx) > 0.9 * abs(abrupt.rows[i - 1].vx))
    }

    @Test(arguments: ["spring", "pop", "dynamics", "tween"])
    func everyTargetedBackendRetargetsWithoutAVelocityJump(backend: String) throws {
        let c = try config(["--backend", backend, "--from", "0,0", "--to", "0,400", "--retarget", "0.13:300,0"])
        let run = TraceSimulation.run(c)
        let event = try #require(run.retargets.first)
        #expect(event.before.vy > 100)
        #expect(abs(event.after.vy - event.before.vy) < 1e-6 * abs(event.before.vy))
        #expect(abs(event.after.y - event.before.y) < 1e-9)
        let last = try #require(run.rows.last)
        #expect(abs(last.x - 300) < 1 && abs(last.y) < 1)
        let abrupt = TraceSimulation.run(c, mode: .restartFromRest).retargets.first
        #expect(abrupt?.after.velocity == .zero)
    }

    @Test func popIsTheSeedsSpringInClosedForm() throws {
        // `--backend pop` with no flags: springBounciness 6, springSpeed 15 (seed 000), which pop maps to origami
        // tension 88.515 and friction 9.6596, i.e. k = (88.515 − 30)·3.62 + 194 and c = (9.6596 − 8)·3 + 25 at m 1.
        let c = try config(["--backend", "pop", "--from", "0", "--to", "500"])
        let k = (88.51470588235296 - 30) * 3.62 + 194, damping = (9.659575385568488 - 8) * 3 + 25
        let run = TraceSimulation.run(c)
        #expect(run.rows.count > 10)
        // Every row until the last, where it counts as settled (within half a pixel) and is placed on the target.
        for row in run.rows.dropLast() {
            let exact = Oscillator(k: k, c: damping, m: 1, x0: 0, v0: 0, target: 500).state(at: row.t)
            #expect(abs(row.x - exact.x) < 1e-5 && abs(row.vx - exact.v) < 1e-4 + 1e-6 * abs(exact.v),
                    "t \(row.t): (\(row.x), \(row.vx)) vs (\(exact.x), \(exact.v))")
        }
    }

    @Test func retargetIsAppliedExactlyAtItsTimeNotAtTheNextFrame() throws {
        // T = 0.105 lies between frames 0.1 and 0.11667; the trace must equal a spring restarted at exactly T
        // from the state there (closed form on both pieces).
        let c = try config(["--backend", "spring", "--from", "0", "--to", "500", "--retarget", "0.105:100"])
        let run = TraceSimulation.run(c)
        let first = Oscillator(k: 300, c: 20, m: 1, x0: 0, v0: 0, target: 500).state(at: 0.105)
        let second = Oscillator(k: 300, c: 20, m: 1, x0: first.x, v0: first.v, target: 100)
        for row in run.rows.dropLast() where row.t > 0.105 {
            #expect(abs(row.x - second.state(at: row.t - 0.105).x) < 1e-3)
        }
        #expect(abs((run.retargets.first?.before.x ?? 0) - first.x) < 1e-3)
    }

    @Test func jitterIsDeterministicPerSeedAndStaysWithinBounds() throws {
        let base = ["--backend", "spring", "--from", "0", "--to", "500", "--jitter", "0.3"]
        let a = TraceSimulation.run(try config(base + ["--seed", "42"])).rows.map(\.t)
        let b = TraceSimulation.run(try config(base + ["--seed", "42"])).rows.map(\.t)
        let other = TraceSimulation.run(try config(base + ["--seed", "43"])).rows.map(\.t)
        #expect(a == b)
        #expect(Array(a.prefix(5)) != Array(other.prefix(5)))
        let intervals = zip(a.dropFirst(), a).map { $0 - $1 }
        #expect(intervals.allSatisfy { $0 >= 0.7 / 60 - 1e-12 && $0 <= 1.3 / 60 + 1e-12 })
        #expect(intervals.contains { abs($0 - 1.0 / 60) > 0.1 / 60 })  // it really jitters
    }

    @Test func secondsFixesTheLengthEvenAfterSettling() throws {
        let run = TraceSimulation.run(try config(["--backend", "spring", "--from", "0", "--to", "100",
                                                  "--seconds", "2", "--rate", "50"]))
        #expect(run.rows.count == 101)
        #expect(abs((run.rows.last?.t ?? 0) - 2) < 1e-9)
        #expect(run.rows.last?.x == 100)
    }

    @Test func untilDoneStopsAtTenSeconds() throws {
        // Undamped: never settles.
        let run = TraceSimulation.run(try config(["--backend", "spring", "--from", "0", "--to", "100",
                                                  "--damping", "0"]))
        #expect(run.rows.count == 601)
        #expect(abs((run.rows.last?.t ?? 0) - 10) < 1e-9)
    }

    @Test func decayWithToLandsThereAndFollowsTheClosedForm() throws {
        let c = try config(["--backend", "decay", "--from", "0,0", "--to", "0,600"])
        let run = TraceSimulation.run(c)
        let v0 = try #require(run.rows.first).vy
        // v(t) = v0 · 0.998^(1000 t), x(t) = v0 (0.998^(1000t) − 1) / (1000 ln 0.998).
        let lambda = 1000 * log(0.998)
        #expect(abs(v0 - (-600 * lambda)) < 1e-9)
        for row in run.rows.dropLast().prefix(60) {
            #expect(abs(row.y - v0 * expm1(lambda * row.t) / lambda) < 1e-6)
            #expect(abs(row.vy - v0 * exp(lambda * row.t)) < 1e-6)
        }
        #expect(abs((run.rows.last?.y ?? 0) - 600) < 1e-9)
    }

    @Test func dynamicsStartsAtFromAndSettlesOnTheTarget() throws {
        let run = TraceSimulation.run(try config(["--backend", "dynamics", "--from", "0,0", "--to", "0,-300",
                                                  "--velocity", "0,900"]))
        #expect(run.rows.first?.position == SIMD2(0, 0))
        #expect(run.rows.first?.velocity == SIMD2(0, 900))
        let last = try #require(run.rows.last)
        #expect(abs(last.y + 300) < 1 && last.t < 10)
    }

    @Test func aUnitIntervalPropertyRunsUntilItsOwnVisibleStep() throws {
        // 0 → 1 read as a position settles within half a pixel: a handful of frames. As an opacity it runs until
        // it is within 0.75/256 of 1 and slower than 62.5 × that, checked against the closed form.
        let asPosition = TraceSimulation.run(try config(["--backend", "spring", "--from", "0", "--to", "1"]))
        let asOpacity = TraceSimulation.run(try config(["--backend", "spring", "--from", "0", "--to", "1",
                                                        "--property", "opacity"]))
        #expect(asPosition.rows.count < 12)
        #expect(asOpacity.rows.count > 3 * asPosition.rows.count)
        let oscillator = Oscillator(k: 300, c: 20, m: 1, x0: 0, v0: 0, target: 1)
        guard let last = asOpacity.rows.last, asOpacity.rows.count >= 2 else { return }
        let before = asOpacity.rows[asOpacity.rows.count - 2]
        let settled = oscillator.state(at: last.t), moving = oscillator.state(at: before.t)
        let distance = 0.75 / 256
        #expect(abs(settled.x - 1) < distance && abs(settled.v) < 62.5 * distance)
        #expect(abs(moving.x - 1) >= distance || abs(moving.v) >= 62.5 * distance)
        #expect(last.x == 1 && last.vx == 0)
    }

    @Test func anExplicitThresholdAndAScaleSetWhenASpringSettles() throws {
        let fine = try config(["--backend", "spring", "--from", "0", "--to", "100", "--threshold", "0.01"])
        #expect(fine.restThreshold == RestThreshold(distance: 0.01, speed: 0.625))
        let retina = try config(["--backend", "spring", "--from", "0", "--to", "100", "--scale", "2"])
        #expect(retina.restThreshold.distance == 0.25)
        #expect(TraceSimulation.run(fine).rows.count > TraceSimulation.run(retina).rows.count)
    }
}
