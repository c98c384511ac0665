import ArgumentParser
import Testing
@testable import MomentumApp
@testable import MomentumCore

/// The one-line message `momentum` prints for these `trace` arguments (nil if they are accepted).
private func refusal(_ args: [String]) -> String? {
    do {
        _ = try MomentumCommand.parseAsRoot(["trace"] + args)
        return nil
    } catch {
        return MomentumCommand.message(for: error)
    }
}

@Suite("momentum trace: arguments")
struct TraceArgumentsTests {
    static let base = ["--backend", "spring", "--from", "0", "--to", "100"]

    @Test(arguments: [
        // (extra arguments, flag the message must name)
        (["--stiffness", "-5"], "--stiffness"),
        (["--stiffness", "nan"], "--stiffness"),
        (["--damping", "-1"], "--damping"),
        (["--mass", "0"], "--mass"),
        (["--stiffness", "abc"], "--stiffness"),
        (["--rate", "0"], "--rate"),
        (["--rate", "-60"], "--rate"),
        (["--jitter", "1"], "--jitter"),
        (["--jitter", "-0.1"], "--jitter"),
        (["--seconds", "0"], "--seconds"),
        (["--retarget", "0.5"], "--retarget"),
        (["--retarget", "x:1,2"], "--retarget"),
        (["--retarget", "0.5:1,2,3"], "--retarget"),
        (["--retarget", "-1:5"], "--retarget"),
        (["--retarget", "11:5"], "--retarget"),
        (["--seconds", "1", "--retarget", "1.5:5"], "--retarget"),
        (["--format", "xml"], "--format"),
        (["--property", "colour"], "--property"),
        (["--scale", "0.5"], "--scale"),
        (["--threshold", "0"], "--threshold"),
        (["--threshold", "nan"], "--threshold"),
        (["--compare-abrupt"], "--compare-abrupt"),
        (["--velocity", "1,2,3"], "--velocity"),
        (["--resistance", "3"], "--resistance"),           // dynamics flag on a spring
        (["--timing", "linear"], "--timing"),              // tween flag on a spring
        (["--deceleration", "0.99"], "--deceleration"),    // decay flag on a spring
        (["--stiffness", "200", "--response", "0.4"], "--response"),  // mixed styles
        (["--bounciness", "4", "--damping", "10"], "--bounciness"),   // mixed styles
        (["--damping-ratio", "0.5"], "--damping-ratio"),   // needs --response or --frequency
        (["--frequency", "2"], "--damping-ratio"),
        (["--bounciness", "25"], "--bounciness"),
        (["--bounce", "1"], "--bounce"),
        (["--response", "0"], "--response"),
    ])
    func badSpringOrCommonFlagsAreRefusedNamingTheFlag(extra: [String], flag: String) throws {
        let message = try #require(refusal(Self.base + extra), "accepted \(extra)")
        #expect(message.contains(flag), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test(arguments: [
        (["--backend", "spring", "--to", "1"], "--from"),
        (["--backend", "spring", "--from", "1"], "--to"),
        (["--backend", "springy", "--from", "0", "--to", "1"], "--backend"),
        (["--from", "0", "--to", "1"], "--backend"),
        (["--backend", "spring", "--from", "0,", "--to", "1"], "--from"),
        (["--backend", "dynamics", "--from", "0", "--to", "1", "--frequency", "30"], "--frequency"),
        (["--backend", "dynamics", "--from", "0", "--to", "1", "--density", "0"], "--density"),
        (["--backend", "dynamics", "--from", "0", "--to", "1", "--resistance", "-1"], "--resistance"),
        (["--backend", "dynamics", "--from", "0", "--to", "1", "--size", "300"], "--size"),
        (["--backend", "dynamics", "--from", "0", "--to", "1", "--stiffness", "3"], "--stiffness"),
        (["--backend", "tween", "--from", "0", "--to", "1", "--duration", "0"], "--duration"),
        (["--backend", "tween", "--from", "0", "--to", "1", "--timing", "cubic-bezier(1.5,0,1,1)"], "--timing"),
        (["--backend", "tween", "--from", "0", "--to", "1", "--timing", "wobbly"], "--timing"),
        (["--backend", "tween", "--from", "0", "--to", "1", "--mass", "2"], "--mass"),
        (["--backend", "decay", "--from", "0"], "--velocity"),
        (["--backend", "decay", "--from", "0", "--to", "5", "--velocity", "100"], "--to"),
        (["--backend", "decay", "--from", "0", "--velocity", "100", "--deceleration", "1"], "--deceleration"),
        (["--backend", "decay", "--from", "0", "--velocity", "100", "--retarget", "0.1:5"], "--retarget"),
        // Legal doubles whose simulation overflows (they printed nan rows and exited 0).
        (["--backend", "spring", "--from", "-1e308", "--to", "1e308"], "--from"),
        (["--backend", "spring", "--from", "0", "--to", "1e308"], "--to"),
        (["--backend", "spring", "--from", "0", "--to", "1", "--retarget", "0.2:1e308"], "--retarget"),
        (["--backend", "spring", "--from", "0", "--to", "1", "--velocity", "1e300"], "--velocity"),
    ])
    func badBackendFlagsAreRefusedNamingTheFlag(args: [String], flag: String) throws {
        let message = try #require(refusal(args), "accepted \(args)")
        #expect(message.contains(flag), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test func theLargestCoordinatesAllowedGiveFiniteRows() throws {
        let limit = TraceArguments.coordinateLimit
        for backend in ["spring", "pop", "dynamics", "tween"] {
            let config = try TraceCommand.parse(["--backend", backend, "--from", "-\(limit)", "--to", "\(limit)",
                                                 "--velocity", "\(TraceArguments.velocityLimit)"]).arguments.configuration()
            var rows: [TraceRow] = []
            _ = TraceSimulation.run(config) { rows.append($0) }
            let bad = rows.first { !($0.x.isFinite && $0.y.isFinite && $0.vx.isFinite && $0.vy.isFinite) }
            #expect(bad == nil, "\(backend): \(String(describing: bad))")
            #expect(rows.count > 1)
        }
    }

    @Test func validationIsAPureFunctionWithATypedError() {
        var args = TraceArguments(backend: "spring", from: "0", to: "1")
        args.rate = -1
        #expect(throws: TraceError("--rate", "--rate must be a number of frames per second in (0, 1000], got -1.0")) {
            try args.configuration()
        }
    }

    @Test func acceptedArgumentsMapToTheRightParameters() throws {
        func spring(_ extra: [String]) throws -> SpringParameters? {
            let config = try TraceCommand.parse(Self.base + extra).arguments.configuration()
            if case .spring(let p) = config.backend { return p }
            return nil
        }
        #expect(try spring([]) == SpringParameters(stiffness: 300, damping: 20, mass: 1))
        let response = try #require(try spring(["--response", "0.5", "--damping-ratio", "0.8"]))
        #expect(abs(response.stiffness - (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5)) < 1e-9)
        #expect(abs(response.dampingRatio - 0.8) < 1e-12)
        let frequency = try #require(try spring(["--frequency", "2", "--damping-ratio", "0.3", "--mass", "2"]))
        #expect(abs(frequency.stiffness - 2 * (4 * Double.pi) * (4 * Double.pi)) < 1e-9)
        #expect(try spring(["--bounciness", "4", "--speed", "12"]) == SpringParameters(popBounciness: 4, speed: 12))
        #expect(try spring(["--speed", "12"]) == SpringParameters(popBounciness: 6, speed: 12))   // the seed's 6
        #expect(abs((try spring(["--duration", "0.4", "--bounce", "0.2"])?.dampingRatio ?? 0) - 0.8) < 1e-12)

        let config = try TraceCommand.parse(["--backend", "dynamics", "--from=-100,-50", "--to", "-20,30",
                                             "--velocity", "-5,7", "--retarget", "0.3:-1,-2", "--retarget", "0.1:4",
                                             "--size", "200x100"]).arguments.configuration()
        #expect(config.from == SIMD2(-100, -50) && config.to == SIMD2(-20, 30) && config.velocity == SIMD2(-5, 7))
        #expect(config.retargets == [TraceRetarget(time: 0.1, target: SIMD2(4, 0)),
                                     TraceRetarget(time: 0.3, target: SIMD2(-1, -2))])
        #expect(config.backend == .dynamics(frequency: 3.5, dampingRatio: 0.4, resistance: 10, density: 100,
                                           width: 200, height: 100))
    }

    @Test func negativeValuesParseAfterASpace() throws {
        let config = try TraceCommand.parse(["--backend", "spring", "--from", "-100", "--to", "-5,-6",
                                             "--velocity", "-300"]).arguments.configuration()
        #expect(config.from == SIMD2(-100, 0) && config.to == SIMD2(-5, -6) && config.velocity == SIMD2(-300, 0))
        // And a negative stiffness reaches validation (named), not the option splitter.
        #expect(refusal(Self.base + ["--stiffness", "-5"])?.hasPrefix("--stiffness must be positive") == true)
    }
}
