import ArgumentParser
import Foundation
import MomentumRun
import MomentumScenes

/// `momentum bench`: the frame timing (and, where touch can be injected, touch latency and drag lag) of the
/// compositor Momentum runs under, as a report to read and share.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark frame timing (and touch latency) under your compositor or a private one (--compositor weston|mutter|sway|kwin); writes a report.",
        subcommands: [BenchRunCommand.self, BenchCompareCommand.self], defaultSubcommand: BenchRunCommand.self)
}

/// A scene, or every scene.
enum SceneChoice: ExpressibleByArgument, Equatable {
    case one(SceneKind), all
    init?(argument: String) {
        if argument == "all" { self = .all } else if let kind = SceneKind(argument: argument) { self = .one(kind) } else { return nil }
    }
    static var allValueStrings: [String] { SceneKind.allCases.map(\.rawValue) + ["all"] }
    /// Shell completion offers the scenes and all (the type is not CaseIterable, so it must be said).
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    /// `--help` and the man page say `default: panel`, as it is typed.
    var defaultValueDescription: String { if case .one(let kind) = self { kind.rawValue } else { "all" } }
    var scenes: [SceneKind] { if case .one(let kind) = self { [kind] } else { SceneKind.allCases } }
}

/// A backend, or every backend.
enum BackendChoice: ExpressibleByArgument, Equatable {
    case one(BackendKind), all
    init?(argument: String) {
        if argument == "all" { self = .all } else if let kind = BackendKind(argument: argument) { self = .one(kind) } else { return nil }
    }
    static var allValueStrings: [String] { BackendKind.allCases.map(\.rawValue) + ["all"] }
    /// Shell completion offers the backends and all.
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    /// `--help` and the man page say `default: spring`, as it is typed.
    var defaultValueDescription: String { if case .one(let kind) = self { kind.rawValue } else { "all" } }
    var backends: [BackendKind] { if case .one(let kind) = self { [kind] } else { BackendKind.allCases } }
}

struct BenchRunCommand: LoggingCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the workload under the compositor you are in (or a private headless one: --compositor) and write a report.")

    @OptionGroup var logging: LoggingOptions
    @Option(help: "The scene whose --autoplay loop is the workload, or all.") var scene = SceneChoice.one(.panel)
    @Option(help: "The animator backend (scenes that have one), or all.") var backend = BackendChoice.one(.spring)
    @Option(help: "Seconds each workload runs.") var duration = 10.0
    @Option(help: "Seconds at rest measured after the workloads (commits and CPU while nothing moves).") var rest = 3.0
    @Option(help: "Window size WxH in logical px (default: fullscreen). With --compositor or --headless: the output's size, the window fullscreen in it (default 800x600).") var size: String?
    @Flag(help: "Fullscreen window (the default unless --size is given).") var fullscreen = false
    @Option(help: "With --compositor or --headless: the output's scale (it has WxH times this many pixels; 1-4, default 1).")
    var scale: Int?
    @Flag(name: .customLong("no-subsurfaces"),
          help: "Run the app with --no-subsurfaces (every layer drawn into the window), to weigh what they save.")
    var noSubsurfaces = false
    @Option(help: "Folder for report.json, report.html, frames-*.csv and the traces.", completion: .directory) var out = "momentum-bench"
    @Option(help: """
        Run in a private headless compositor started for the bench and stopped after it (also on SIGINT, SIGTERM, \
        SIGHUP): weston (touch injected through its module) or mutter (genuine touch through its remote-desktop \
        API): touch latency and drag lag too; sway or kwin (the scripted drag: no injection there).
        """)
    var compositor: CompositorKind?
    @Flag(help: "The same as --compositor weston.")
    var headless = false
    @Option(help: "With --compositor weston or --headless: run this peer in the same weston and compare (weston-simple-egl).",
            completion: .list(["weston-simple-egl"]))
    var versus: String?
    @Option(help: "With --versus: rounds of the two clients, the order alternating.") var rounds = 2
    @Option(name: .customLong("drag-speeds"),
            help: "Finger speeds (px/s, comma-separated) of the drag workload, each run with --predict on and off.")
    var dragSpeeds = "300,1000,3000"
    @Option(help: "Which drags to run: with prediction and without (both), or only one (on, off).")
    var predict = PredictChoice.both
    @Option(name: .customLong("frame-start"), help: "Passed to every run: deadline (default) or callback.")
    var frameStart = FrameStart.deadline

    /// The private compositor asked for (`--compositor`, or weston for `--headless`); nil: the one you are in.
    var privateCompositor: CompositorKind? { headless ? .weston : compositor }

    /// The drag speeds asked for.
    var speeds: [Double] { dragSpeeds.split(separator: ",").compactMap { Double($0) } }

    func validate() throws {
        guard duration > 0, duration.isFinite else { throw ValidationError("--duration \(duration): must be more than 0 seconds") }
        guard rest >= 0, rest.isFinite else { throw ValidationError("--rest \(rest): must be 0 seconds or more") }
        let parts = dragSpeeds.split(separator: ",", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ Double($0).map { $0 >= 10 && $0 <= 10000 } ?? false }) else {
            throw ValidationError("--drag-speeds '\(dragSpeeds)' is not a list of speeds from 10 to 10000 px/s (e.g. 300,1000,3000)")
        }
        if let size {
            guard Size(size) != nil else { throw ValidationError("--size '\(size)' is not WxH with positive integers") }
            if let small = Size.belowMinimum(size, flag: "--size") { throw ValidationError(small) }
            if fullscreen { throw ValidationError("--size and --fullscreen cannot be combined") }
        }
        if headless, let compositor, compositor != .weston {
            throw ValidationError("--headless is --compositor weston: it cannot be combined with --compositor \(compositor.rawValue)")
        }
        if let versus {
            guard versus == "weston-simple-egl" else {
                throw ValidationError("--versus \(versus): the peer Momentum knows is weston-simple-egl")
            }
            guard let privateCompositor else {
                throw ValidationError("--versus needs --headless or --compositor weston (the peer runs in the same private weston)")
            }
            guard privateCompositor == .weston else {
                throw ValidationError("--versus runs the peer in a private weston only, not under --compositor \(privateCompositor.rawValue)")
            }
            guard rounds >= 1 else { throw ValidationError("--rounds \(rounds): must be 1 or more") }
        }
        if let scale {
            guard privateCompositor != nil else {
                throw ValidationError("--scale needs --headless or --compositor (your compositor sets its own scale)")
            }
            guard (1...4).contains(scale) else { throw ValidationError("--scale \(scale) is not 1, 2, 3 or 4") }
            if privateCompositor == .mutter, scale != 1 {
                throw ValidationError("--scale \(scale): mutter's headless virtual monitor has scale 1 only")
            }
        }
        if case .one(let kind) = scene, case .one(let b) = backend, !kind.usesBackend, b != .spring {
            throw ValidationError(RunCommand.backendRefusal(b, scene: kind))
        }
    }

    func run() throws {
        let executable = try HeadlessCommand.executablePath()
        try HeadlessCommand.makeDirectory(out)
        let outDir = URL(fileURLWithPath: out).standardizedFileURL.path
        guard access(outDir, W_OK) == 0 else {
            throw AppError("--out \(out): cannot write there (\(String(cString: strerror(errno))))")
        }
        // The children start in the current folder: where that cannot be entered (another user's checkout), they
        // start in --out instead (every path here is absolute).
        if access(".", R_OK | X_OK) != 0, chdir(outDir) != 0 {
            throw AppError("--out \(out): cannot enter it (\(String(cString: strerror(errno))))")
        }
        // Everything goes to a private work folder first; the report's files are moved into --out at the end, whole,
        // and a traces/ already there must be a folder of this user's (checked now, before anything runs).
        try WorkFolder.checkOwnFolder(outDir + "/traces")
        let work = try WorkFolder.make(in: outDir)
        defer { try? FileManager.default.removeItem(atPath: work) }

        // A private compositor is stopped on every way out: an error, the end, and SIGINT, SIGTERM or SIGHUP (which
        // remove the work folder too).
        let windowSize = Size(size ?? "800x600") ?? Size(width: 800, height: 600)
        var stopper: StopOnSignal?
        defer { stopper?.end() }
        var session: CompositorSession?
        defer { session?.stop() }
        if let kind = privateCompositor {
            let onSignal = try StopOnSignal(message: "the bench and its compositor are stopped, no report written")
            stopper = onSignal
            onSignal.add { try? FileManager.default.removeItem(atPath: work) }
            session = try onSignal.deferring {
                let started = try startSession(kind, executable: executable,
                                               width: Int(windowSize.width), height: Int(windowSize.height))
                onSignal.add { started.stop() }
                return started
            }
        }
        var environment = ProcessInfo.processInfo.environment
        if let session {
            environment.merge(session.environment) { $1 }
        } else if environment["WAYLAND_DISPLAY"] == nil {
            throw AppError("no Wayland compositor (WAYLAND_DISPLAY is not set): run inside one, or use --compositor")
        }
        let weston = session as? WestonSession
        let touch = session?.touch
        let clients = Clients(executable: executable, environment: environment, session: session)
        let compositor = BenchHost.compositor(environment: environment, session: session?.kind)
        Console.out("compositor: \(compositor["name"] as? String ?? "unknown")")

        // In a private compositor the output is --size and the window fills it (as a phone shell or kiosk would show
        // it): a desktop-shell window as large as the output would be pushed partly off it by the shell's panel.
        let placement = (session != nil ? ["--fullscreen"] : size.map { ["--size", $0] } ?? ["--fullscreen"])
            + (noSubsurfaces ? ["--no-subsurfaces"] : []) + ["--frame-start", frameStart.rawValue]
        var runs: [(name: String, scene: String, backend: String?, workload: String, analysis: BenchAnalysis)] = []
        for kind in scene.scenes {
            for b in kind.usesBackend ? backend.backends.map(Optional.some) : [nil] {
                let name = [kind.rawValue, b?.rawValue].compactMap { $0 }.joined(separator: "-")
                Console.out("\(name): autoplay for \(duration) s…")
                let events = try clients.run(arguments: placement + ["--scene", kind.rawValue, "--autoplay",
                                                                     "--quit-after", "\(duration)"]
                                                 + (b.map { ["--backend", $0.rawValue] } ?? []),
                                             trace: "\(work)/trace-\(name).jsonl", timeout: duration + 60)
                runs.append((name, kind.rawValue, b?.rawValue, "autoplay", BenchAnalysis(lines: events)))
            }
        }
        // Touch latency, drag lag, the stop and rest: a finger drags the panel at each speed, with prediction and
        // without; after the last drag nothing moves for `rest` s.
        let drags = speeds.flatMap { speed in predict.values.map { (speed, $0) } }
        var details: [String: [String: Any]] = [:]
        for (k, (speed, predicted)) in drags.enumerated() {
            let name = "panel-drag-\(Int(speed))" + (predicted ? "" : "-unpredicted")
            let restHere = k == drags.count - 1 ? rest : 0
            let arguments = ["--predict", predicted ? "on" : "off"]
            let path = DragPath(width: Double(windowSize.width), height: Double(windowSize.height), speed: speed)
            let trace = "\(work)/trace-\(name).jsonl"
            let events: [TraceLine]
            if let touch {
                Console.out("panel: a finger drags it at \(Int(speed)) px/s, prediction \(predicted ? "on" : "off")"
                    + (restHere > 0 ? ", then rest for \(rest) s…" : "…"))
                events = try Self.dragRun(clients: clients, arguments: placement + arguments, touch: touch, path: path,
                                          rest: restHere, trace: trace)
            } else {
                // No input can be injected here: a scripted finger (`--workload drag`) drags the panel inside the
                // app, its samples timestamped and fed before each frame.
                Console.out("panel: a scripted finger drags it at \(Int(speed)) px/s, prediction \(predicted ? "on" : "off")"
                    + (restHere > 0 ? ", then rest for \(rest) s…" : "…"))
                events = try clients.run(arguments: placement + arguments + [
                                             "--scene", "panel", "--workload", "drag", "--drag-speed", "\(speed)",
                                             "--quit-after", "\(1.5 + path.liftAt + 1.5 + restHere)"],
                                         trace: trace, timeout: path.liftAt + restHere + 60)
            }
            runs.append((name, "panel", "spring", touch == nil ? "scripted-drag" : "drag", BenchAnalysis(lines: events)))
            details[name] = ["predict": predicted, "drag_speed_px_s": speed]
        }
        var versusJSON: [String: Any]?
        if versus != nil, let weston {
            Console.out("versus weston-simple-egl: \(rounds) rounds of \(duration) s each, the order alternating…")
            let peer = BenchVersus(momentum: executable, simpleEGL: try BenchVersus.findSimpleEGL(), weston: weston,
                                   environment: environment, duration: duration, placement: placement, work: work)
            versusJSON = BenchVersus.json(try peer.run(rounds: rounds), duration: duration)
        }
        let command = (["momentum", "bench"] + CommandLine.arguments.dropFirst(2)).joined(separator: " ")
        let report = BenchReport(command: command, compositor: compositor, host: BenchHost.facts(), runs: runs,
                                 versus: versusJSON, details: details)
        // Written into the work folder, then moved into --out one by one (each a rename within one file system).
        var files: [String: [UInt8]] = ["report.json": try report.encoded(),
                                        "report.html": Array(BenchHTML.page(report, runs: runs.map { ($0.name, $0.analysis) }).utf8),
                                        "report.md": Array(BenchSummary.markdown(report).utf8)]
        for run in runs { files["frames-\(run.name).csv"] = Array(BenchReport.framesCSV(run.analysis).utf8) }
        for (name, bytes) in files { try OutputFile.write(bytes, to: "\(work)/\(name)", what: name) }
        try WorkFolder.makeOwnFolder(outDir + "/traces")
        for run in runs {
            let from = "\(work)/trace-\(run.name).jsonl"
            if FileManager.default.fileExists(atPath: from) { try Self.move(from, to: "\(outDir)/traces/\(run.name).jsonl") }
        }
        for name in files.keys.sorted() { try Self.move("\(work)/\(name)", to: "\(outDir)/\(name)") }
        Console.out(BenchSummary.text(report))
        Console.out("report: \(outDir)/report.html (and report.json, report.md, frames-*.csv, traces/)")
    }

    /// Renames `from` over `to`; one line naming both on failure.
    static func move(_ from: String, to: String) throws(AppError) {
        guard rename(from, to) == 0 else {
            throw AppError("cannot move \(from) to \(to): \(String(cString: strerror(errno)))")
        }
    }

    /// Starts the private compositor asked for, saying so.
    func startSession(_ kind: CompositorKind, executable: String, width: Int, height: Int) throws -> CompositorSession {
        switch kind {
        case .weston:
            Console.out("starting weston (headless, pixman) with the touch-injection module…")
            let module = try HeadlessCommand.module(executable: executable)
            guard let westonPath = SearchPath.find("weston") else { throw AppError("weston not found on PATH: apt-get install weston") }
            do {
                return try WestonSession(module: module, width: width, height: height,
                                         extraArguments: (scale ?? 1) == 1 ? [] : ["--scale=\(scale ?? 1)"], weston: westonPath)
            } catch {
                throw AppError("cannot start weston: \(error)")
            }
        case .mutter:
            Console.out("starting mutter (headless, a virtual monitor) with its remote-desktop touch…")
            do { return try MutterSession(width: width, height: height) } catch {
                throw AppError("cannot start mutter: \(error)")
            }
        case .sway:
            Console.out("starting sway (headless, pixman)…")
            do { return try SwaySession(width: width, height: height, scale: scale ?? 1) } catch {
                throw AppError("cannot start sway: \(error)")
            }
        case .kwin:
            Console.out("starting KWin (virtual, QPainter)…")
            do { return try KWinSession(width: width, height: height, scale: scale ?? 1) } catch {
                throw AppError("cannot start KWin: \(error)")
            }
        }
    }

    /// How the bench starts its `momentum run` children: in the compositor you are in (this environment), or inside
    /// the private session (through its launcher, as its client user).
    struct Clients {
        let executable: String
        let environment: [String: String]
        let session: CompositorSession?

        /// Starts `momentum run <arguments>`, its trace copied to `trace`.
        func start(arguments: [String], trace: String) throws -> TracedClient {
            do {
                if let session { return try session.startClient(executable, arguments: arguments, copyTo: trace) }
                return try TracedClient(executable: executable, arguments: arguments, environment: environment, copyTo: trace)
            } catch let error as AppError {
                throw error
            } catch let error as SessionError {
                throw AppError("cannot start \(executable) run: \(error)")
            } catch {
                throw AppError("cannot start \(executable) run: \(error.localizedDescription)")
            }
        }

        /// Runs `momentum run <arguments>` to its own end (`--quit-after`), its trace copied to `trace`; its events.
        func run(arguments: [String], trace: String, timeout: Double) throws -> [TraceLine] {
            try BenchRunCommand.finish(try start(arguments: arguments, trace: trace), timeout: timeout)
        }
    }

    /// Waits for a run to end (after SIGTERM with `stop`); its events, or one line saying why it failed.
    static func finish(_ app: TracedClient, stop: Bool = false, timeout: Double = 20) throws -> [TraceLine] {
        if stop { app.signal() }
        let status = try app.waitExit(timeout: timeout)
        if let failure = app.copyFailure { throw failure }
        guard status == 0 else { throw AppError(app.failureLine) }
        if let unreadable = app.unreadableLine { throw AppError("momentum run's \(unreadable)") }
        return app.events
    }

    /// The panel at rest, then the finger of `path` (pressed on its strip, dragged up and down, stopped, held,
    /// lifted; 120 Hz samples with real CLOCK_MONOTONIC timestamps); the panel settles; then `rest` s with nothing
    /// moving; then quit.
    static func dragRun(clients: Clients, arguments: [String], touch: TouchInjecting,
                        path: DragPath, rest: Double, trace: String) throws -> [TraceLine] {
        let app = try clients.start(arguments: arguments + ["--scene", "panel"], trace: trace)
        do {
            let resting = try app.waitFor("the panel at rest") { $0.rest != nil }
            // Where the compositor sends feedback, the frame at rest is shown first: the window is in place (mutter
            // moves a window to fullscreen only when the buffer acknowledging that arrives), so the finger lands on
            // what the screen shows.
            if app.events.contains(where: { $0.presented != nil }),
               let last = app.events[..<resting.index].lastIndex(where: { $0.frame != nil }),
               let sequence = app.events[last].frame?.sequence {
                try app.waitFor("the panel at rest shown", after: last) {
                    ($0.presented?.sequence ?? 0) >= sequence || ($0.discarded ?? 0) >= sequence
                }
            }
            let script = path.script
            let mark = app.events.count
            try touch.playTouch(script: script, timeout: .seconds(60))
            // The finger holds still before it lifts (the app may rest then): the rest that counts follows the lift.
            let lift = try app.waitFor("the finger's lift", after: mark, timeout: path.liftAt + 20) {
                $0.touch?.phase == .up
            }
            try app.waitFor("the panel at rest after the drag", after: lift.index) { $0.rest != nil }
            // The measurement window at rest: how many commits and how much CPU while nothing moves.
            Thread.sleep(forTimeInterval: rest)
        } catch {
            app.signal()
            _ = try? app.waitExit()
            throw AppError("the drag workload failed: \(error)")
        }
        return try finish(app, stop: true)
    }
}

/// `bench --predict`: which of the drags to run.
enum PredictChoice: String, ExpressibleByArgument, CaseIterable {
    case both, on, off
    /// The `--predict` values of the runs, in order.
    var values: [Bool] {
        switch self {
        case .both: [true, false]
        case .on: [true]
        case .off: [false]
        }
    }
}
