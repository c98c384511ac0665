import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import MomentumLayers

/// `momentum trace`: simulate one backend offline and print its presented state once per display frame.
struct TraceCommand: LoggingCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Simulate an animation offline; print t,x,y,vx,vy per display frame.",
        discussion: """
        Frames come at --rate (±--jitter, reproducible with --seed). A --retarget T:X,Y advances exactly to T, \
        changes the target there (value and velocity continue), then carries on to the next frame. Without \
        --seconds the trace stops once the animation is done (at most 10 s).
        Spring styles (one of): --stiffness --damping --mass | --response --damping-ratio [--mass] | \
        --bounciness --speed | --duration --bounce [--mass] | --frequency --damping-ratio [--mass]. \
        Dynamics: --frequency --damping-ratio --resistance --density --size. Tween: --duration --timing. \
        Decay: --deceleration, with --velocity (or --to to land there).
        """)

    @OptionGroup var logging: LoggingOptions
    @Option(help: "Backend: spring|pop|dynamics|tween|decay.", completion: .list(TraceArguments.backendNames))
    var backend: String?
    @Option(parsing: .unconditional, help: "Start value X[,Y] (each within ±1e6).") var from: String?
    @Option(parsing: .unconditional, help: "Target X[,Y] (each within ±1e6).") var to: String?
    @Option(parsing: .unconditional, help: "Initial velocity VX[,VY] in units/s (default 0; each within ±1e7).") var velocity: String?
    @Option(parsing: .unconditional, help: "Display frames per second (default 60).") var rate: Double?
    @Option(parsing: .unconditional, help: "Frame interval jitter fraction in [0, 1) (default 0).") var jitter: Double?
    @Option(help: "Seed for --jitter (default 1).") var seed: UInt64?
    @Option(parsing: .unconditional, help: "Trace length in seconds (default: until done, at most 10).")
    var seconds: Double?
    @Option(parsing: .unconditionalSingleValue, help: "Change the target at time T to X[,Y] (repeatable), as T:X[,Y].")
    var retarget: [String] = []
    @Option(help: "Output format: csv|json (default csv).", completion: .list(TraceFormat.allCases.map(\.rawValue)))
    var format: String?
    @Option(help: "Also draw position and velocity over time to FILE.svg.", completion: .file(extensions: ["svg"]))
    var plot: String?
    @Flag(help: "In the plot, overlay a restart from rest (velocity zeroed) at each retarget.")
    var compareAbrupt = false
    @Option(help: "What the value is, for when it counts as settled: position|size|scale|rotation|opacity (default position: within half a device pixel).",
            completion: .list(LayerProperty.traceNames.keys.sorted()))
    var property: String?
    @Option(parsing: .unconditional, help: "Output scale for --property position/size (default 1).") var scale: Double?
    @Option(parsing: .unconditional, help: "Settled within this distance (speed 62.5 × it per second); overrides --property.")
    var threshold: Double?

    @Option(parsing: .unconditional, help: "Spring stiffness k (default 300).") var stiffness: Double?
    @Option(parsing: .unconditional, help: "Spring damping c (default 20).") var damping: Double?
    @Option(parsing: .unconditional, help: "Spring mass m (default 1).") var mass: Double?
    @Option(parsing: .unconditional, help: "Spring response in s (default 0.5).") var response: Double?
    @Option(parsing: .unconditional, help: "Damping ratio ζ (spring response/frequency styles; dynamics, default 0.4).")
    var dampingRatio: Double?
    @Option(parsing: .unconditional, help: "pop bounciness in [0, 20] (default 6, seed 000's).") var bounciness: Double?
    @Option(parsing: .unconditional, help: "pop speed in [0, 20] (default 15, seed 000's).") var speed: Double?
    @Option(parsing: .unconditional, help: "Spring perceptual duration (default 0.5) / tween duration (default 0.4) in s.")
    var duration: Double?
    @Option(parsing: .unconditional, help: "Spring bounce in (-1, 1) (default 0).") var bounce: Double?
    @Option(parsing: .unconditional, help: "Frequency in Hz (spring with --damping-ratio; dynamics, default 3.5).")
    var frequency: Double?
    @Option(parsing: .unconditional, help: "Dynamics resistance (default 10).") var resistance: Double?
    @Option(parsing: .unconditional, help: "Dynamics density (default 100).") var density: Double?
    @Option(help: "Dynamics item size WxH (default 300x400).") var size: String?
    @Option(help: "Tween timing (default easeInEaseOut): ease-in|ease-out|easeOutBack…|cubic-bezier(x1,y1,x2,y2)|steps(n).")
    var timing: String?
    @Option(parsing: .unconditional, help: "Decay velocity kept per ms, in (0, 1) (default 0.998).")
    var deceleration: Double?

    /// The flags as plain values.
    var arguments: TraceArguments {
        TraceArguments(
            backend: backend, from: from, to: to, velocity: velocity, rate: rate, jitter: jitter, seed: seed,
            seconds: seconds, retarget: retarget, format: format, plot: plot, compareAbrupt: compareAbrupt,
            property: property, scale: scale, threshold: threshold,
            stiffness: stiffness, damping: damping, mass: mass, response: response, dampingRatio: dampingRatio,
            bounciness: bounciness, speed: speed, duration: duration, bounce: bounce, frequency: frequency,
            resistance: resistance, density: density, size: size, timing: timing, deceleration: deceleration)
    }

    func validate() throws {
        do { _ = try arguments.configuration() } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        let config: TraceConfiguration
        do { config = try arguments.configuration() } catch { throw ValidationError(error.description) }
        // Rows go out as they are computed; only the plot keeps them.
        var writer = TraceRowWriter(format: config.format)
        var kept: [TraceRow] = []
        let keep = config.plotPath != nil
        let retargets = TraceSimulation.run(config) { row in
            writer.write(row)
            if keep { kept.append(row) }
        }
        try writer.finish()
        if let path = config.plotPath {
            let run = TraceRun(rows: kept, retargets: retargets)
            let abrupt = config.compareAbrupt ? TraceSimulation.run(config, mode: .restartFromRest) : nil
            let svg = TracePlot(run: run, abrupt: abrupt, config: config).svg()
            try OutputFile.write(Array(svg.utf8), to: path, what: "plot")
        }
    }
}
