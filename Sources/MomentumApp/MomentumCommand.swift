import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import Logging
import MomentumRun
import MomentumScenes
import WaylandClient

/// `momentum`: the interactive-animation demo.
struct MomentumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "momentum",
        abstract: "Interruptible, velocity-continuous animations on Wayland.",
        version: MomentumVersion.full,
        subcommands: [RunCommand.self, HeadlessCommand.self, TraceCommand.self, BenchCommand.self, ReportCommand.self],
        defaultSubcommand: RunCommand.self)
}

/// `momentum run`: a window under the running compositor.
struct RunCommand: LoggingCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Open the demo window.")

    @OptionGroup var logging: LoggingOptions

    @Option(help: "The scene to show.") var scene = SceneKind.panel
    @Option(help: "The animator backend of the panel and the playground card (default spring; keys 1-4 switch it).")
    var backend: BackendKind?
    @Flag(help: "Ask for a fullscreen window.") var fullscreen = false
    @Option(parsing: .unconditional, help: "Window size WxH in logical px.") var size = "800x600"
    @Option(help: "Write the JSON Lines trace to FILE.", completion: .file()) var trace: String?
    @Option(name: .customLong("trace-limit"), parsing: .unconditional,
            help: "Stop the trace with a 'truncated' event at SIZE bytes (k, M, G suffixes; 4k to 1T).")
    var traceLimit = "256M"
    @Flag(name: .customLong("trace-drawn"), help: "With --trace: also write what frames draw as the layout checks see it (a 'drawn' line every other frame while the scene moves and when it rests: text, opaque fills, bars and controls).")
    var traceDrawn = false
    @Flag(name: .customLong("mid-screenshots"), help: "With --screenshot FILE.png: also save two frames mid-animation as FILE-mid1.png and FILE-mid2.png (the panel or the card in full flight, the card half presented, the covers mid-shuffle or the lanes half run, the list coasting).")
    var midScreenshots = false
    @Option(name: .customLong("quit-after"), parsing: .unconditional,
            help: "Quit after SECONDS (finite, > 0).") var quitAfter: Double?
    @Option(help: "On exit, save the last frame as a PNG to FILE.", completion: .file(extensions: ["png"]))
    var screenshot: String?
    @Flag(name: .customLong("notify-ready"), help: "Print 'ready' on stdout once the first frame was shown.")
    var notifyReady = false
    @Flag(help: "Keep animating: each scene plays its demonstration again whenever it comes to rest (the panel opens and closes, the transition presents and dismisses, the gallery runs each item, the playground card goes round the screen, the list is flicked end to end).")
    var autoplay = false
    @Flag(name: .customLong("no-hud"), help: "Start with the frame-timing HUD hidden (key h toggles it).")
    var noHUD = false
    @Option(name: .customLong("screenshot-hud"),
            help: "Whether --screenshot shows the HUD where it is shown (on), or leaves it out (off).")
    var screenshotHUD = Switch.on
    @Option(help: "A scripted input workload for benchmarks: drag (once the panel rests, a finger sampled at 120 Hz drags it up and down at 1000 px/s, then lifts; panel scene only).")
    var workload: Workload?
    @Flag(name: .customLong("no-subsurfaces"),
          help: "Draw every layer into the window (no surface of its own, moved by the compositor, for a moving layer).")
    var noSubsurfaces = false
    @Option(name: .customLong("surface-buffers"),
            help: "What holds the window's frames: auto (the default: shm for a window larger than 1280x1024 buffer px drawn by Mesa's software rasteriser, else egl), egl (an EGL window surface), or shm (the app's own wl_shm buffers drawn in bands of rows and read back, which holds no full-size GL buffer; where EGL can bind a context to no surface, else egl).")
    var surfaceBuffers = SurfaceBuffersKind.auto
    @Option(help: "Draw a dragged object where the finger will be when the frame is shown (on), or where its newest sample was (off).")
    var predict = Switch.on
    @Option(name: .customLong("frame-start"),
            help: "When a frame is built after its callback: at the latest safe time learned from presentation feedback, with the newest input (deadline), or at once (callback).")
    var frameStart = FrameStart.deadline
    @Option(name: .customLong("drag-speed"), parsing: .unconditional,
            help: "--workload drag's finger speed in px/s (10-10000, default 1000).")
    var dragSpeed = DragWorkload.defaultSpeed

    func validate() throws {
        guard dragSpeed >= 10, dragSpeed <= 10000 else {
            throw ValidationError("--drag-speed must be from 10 to 10000 px/s, got \(dragSpeed)")
        }
        guard Size(size) != nil else { throw ValidationError("--size '\(size)' is not WxH with positive integers (e.g. 800x600)") }
        if workload == .drag, scene != .panel {
            throw ValidationError("--workload drag: it drags the panel; run it with --scene panel")
        }
        if let small = Size.belowMinimum(size, flag: "--size") { throw ValidationError(small) }
        guard TraceLimit.parse(traceLimit) != nil else {
            throw ValidationError("--trace-limit '\(traceLimit)' is not a size from 4k to 1T (e.g. 256M)")
        }
        if traceDrawn, trace == nil { throw ValidationError("--trace-drawn needs --trace FILE") }
        if midScreenshots, screenshot == nil { throw ValidationError("--mid-screenshots needs --screenshot FILE.png") }
        if let quitAfter, !(quitAfter > 0 && quitAfter.isFinite) {
            throw ValidationError("--quit-after must be a finite positive number of seconds, got \(quitAfter)")
        }
        if let backend, !scene.usesBackend {
            throw ValidationError(RunCommand.backendRefusal(backend, scene: scene))
        }
    }

    /// The one line for a `--backend` given to a scene that has none to choose.
    static func backendRefusal(_ backend: BackendKind, scene: SceneKind) -> String {
        "--backend \(backend.rawValue): the \(scene.rawValue) scene does not run on a chosen backend; "
            + "\(SceneKind.backendScenes) do"
    }

    /// Whether `arguments` (the process's, program name first) run this command: `run …`, or the default command
    /// (no subcommand named).
    static func isInvoked(by arguments: [String]) -> Bool {
        guard arguments.count > 1 else { return true }
        let first = arguments[1]
        if first == configuration.commandName { return true }
        if first.hasPrefix("-") { return !["-h", "--help", "--version", "--generate-completion-script"].contains(first) }
        return false
    }

    /// `momentum [run] OPTIONS` parsed by the run command alone: without the root's parse, which builds every
    /// subcommand's arguments and help (a few ms of the launch); nil for anything it does not parse (help, a
    /// mistake, another command), which the root's parse then reads and reports as it always did.
    static func parsedAlone(_ arguments: [String]) -> RunCommand? {
        guard isInvoked(by: arguments) else { return nil }
        var rest = Array(arguments.dropFirst())
        if rest.first == configuration.commandName { rest.removeFirst() }
        return (try? parseAsRoot(rest)) as? RunCommand
    }

    func run() throws {
        var options = RunOptions()
        options.core.scene = scene
        options.core.backend = backend ?? .spring
        options.fullscreen = fullscreen
        if let parsed = Size(size) { options.core.size = SIMD2(Double(parsed.width), Double(parsed.height)) }
        options.tracePath = trace
        options.core.tracing = trace != nil
        options.core.traceDrawn = traceDrawn
        options.core.midScreenshots = midScreenshots
        options.traceLimit = TraceLimit.parse(traceLimit) ?? TraceLimit.defaultBytes
        options.core.quitAfter = quitAfter
        options.screenshotPath = screenshot
        options.core.notifyReady = notifyReady
        options.core.hud = !noHUD
        options.screenshotHUD = screenshotHUD == .on
        options.core.autoplay = autoplay
        options.subsurfaces = !noSubsurfaces
        options.surfaceBuffers = surfaceBuffers
        options.core.dragWorkload = workload == .drag
        options.core.predict = predict == .on
        options.core.lateFrameStart = frameStart == .deadline
        options.core.dragSpeed = dragSpeed
        let runner = try RunAdapter(options: options, logger: AppLogging.logger())
        let code = runner.run()
        if code != 0 { throw ExitCode(code) }
    }
}

/// A `WxH` size argument.
struct Size {
    let width: Int32
    let height: Int32
    /// The smallest window the scenes are laid out for (logical px): a phone's 360 px less a margin.
    static let minimum = (width: Int32(320), height: Int32(320))

    /// The one-line refusal when `text` is a size below the minimum, else nil.
    static func belowMinimum(_ text: String, flag: String) -> String? {
        guard let size = Size(text), size.width < minimum.width || size.height < minimum.height else { return nil }
        return "\(flag) \(text) is smaller than the smallest window the scenes lay out for, "
            + "\(minimum.width)x\(minimum.height)"
    }
    init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
    }
    init?(_ text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int32(parts[0]), let h = Int32(parts[1]), w > 0, h > 0, w <= 16384, h <= 16384
        else { return nil }
        width = w
        height = h
    }
}

/// Entry point used by the `momentum` executable: parses, sets up logging, runs, and reports any error as one line.
public enum MomentumMain {
    /// Runs the command line and exits with its status.
    public static func main() -> Never {
        var logger: Logger?
        // A write to a closed pipe or past the file-size limit fails with an error the app reports (one line,
        // non-zero exit) instead of killing the process without a word.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        // The completion scripts, with the default subcommands completed (CompletionScript).
        if let shell = CompletionScript.requestedShell(Array(CommandLine.arguments.dropFirst())) {
            Console.out(CompletionScript.script(for: shell))
            exitSayingStdoutFailure(0)
        }
        // `run` ends every terminating signal with its trace's `exit` line: from the first instant, not only once
        // its event loop exists (a signal in the first ~100 ms killed it without one).
        if RunCommand.isInvoked(by: CommandLine.arguments) { EventLoop.blockSignals() }
        do {
            var command = try RunCommand.parsedAlone(CommandLine.arguments) ?? MomentumCommand.parseAsRoot()
            if let logged = command as? any LoggingCommand {
                let level = try logged.logging.resolve(environment: LoggingOptions.environment())
                AppLogging.bootstrap(level: level)
                logger = AppLogging.logger()
            }
            try command.run()
            exitSayingStdoutFailure(0)
        } catch let error as AppError {
            if let logger { logger.error("\(error.description)") } else { Console.error(error.description) }
            exit(error.code)
        } catch {
            let code = MomentumCommand.exitCode(for: error)
            if code == .success {
                // --help and --version print their text on stdout.
                Console.out(MomentumCommand.fullMessage(for: error))
                exitSayingStdoutFailure(0)
            }
            if let exitCode = error as? ExitCode { exitSayingStdoutFailure(exitCode.rawValue) }
            let message = negativeValue(MomentumCommand.message(for: error), arguments: CommandLine.arguments)
                ?? oneLine(MomentumCommand.message(for: error))
            Console.error("\(message) (see momentum --help)")
            exit(code.rawValue)
        }
    }

    /// Exits with `code`, or with 1 and one line when something printed on stdout could not be written (a closed
    /// pipe, a full disk): the output a caller waited for is not there.
    private static func exitSayingStdoutFailure(_ code: Int32) -> Never {
        if let failure = Console.stdoutFailure {
            Console.error(failure)
            exit(code == 0 ? 1 : code)
        }
        exit(code)
    }

    /// The parser's `Missing value for '--duration <duration>'` when the value given was a negative number (which
    /// it takes for an option): `--duration -1: must be a positive number`.
    static func negativeValue(_ message: String, arguments: [String]) -> String? {
        guard message.hasPrefix("Missing value for '--"),
              let flag = message.dropFirst("Missing value for '".count).split(separator: " ").first
                .map({ String($0.filter { $0 != "'" }) }),
              let index = arguments.firstIndex(of: flag), index + 1 < arguments.count,
              let value = Double(arguments[index + 1]), value < 0 else { return nil }
        return "\(flag) \(arguments[index + 1]): must be a positive number"
    }

    /// A parser message on one line: the bullet list argument-parser prints for an option with many values
    /// (`…one of the following:\n  - trace\n  - debug…`) becomes `…one of the following: trace, debug, …`.
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n").map { $0.trimmingSpaces() }
        guard let first = lines.first else { return message }
        let rest = lines.dropFirst().map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }
        return rest.isEmpty ? first : first + " " + rest.joined(separator: ", ")
    }
}

/// `--workload`: scripted input for benchmarks.
enum Workload: String, ExpressibleByArgument, CaseIterable {
    /// A finger dragging the panel (`DragWorkload`).
    case drag
}
