import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MomentumRun
import MomentumScenes

/// `momentum bench`: the frame timing (and, where touch can be injected, touch latency and drag lag) of the
/// compositor Momentum runs under, as a report to read and share.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark frame timing (and touch latency) under your compositor or a private one (--compositor weston|mutter|sway|phoc|kwin); writes a report.",
        subcommands: [BenchRunCommand.self, BenchCompareCommand.self, BenchSessionCommand.self],
        defaultSubcommand: BenchRunCommand.self)
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
        abstract: "Run the workload under the compositor you are in (or a private headless one: --compositor) and write a report.",
        discussion: "Late intervals (the report's late_interval_share, and --versus's for both clients, from 1 s after "
            + "the first frame shown, the autoplay's rests left out): " + BenchReport.lateRule + ".")

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
    @Option(name: .customLong("surface-buffers"),
            help: "Run the app with --surface-buffers auto|egl|shm (what holds the window's frames).")
    var surfaceBuffers = SurfaceBuffersKind.auto
    @Option(help: "Folder for report.json, report.html, frames-*.csv and the traces.", completion: .directory) var out = "momentum-bench"
    @Option(help: """
        Run in a private headless compositor started for the bench and stopped after it (also on SIGINT, SIGTERM, \
        SIGHUP): weston (touch injected through its module), mutter (genuine touch through its remote-desktop API), \
        sway or phoc (nested in a private weston: its presentation feedback and injected touch) — touch latency and \
        drag lag too —, or kwin (the scripted drag: no injection there).
        """)
    var compositor: CompositorKind?
    @Flag(help: "The same as --compositor weston.")
    var headless = false
    @Option(help: "With --compositor weston or --headless: run this peer in the same weston and compare (weston-simple-egl).",
            completion: .list(["weston-simple-egl"]))
    var versus: String?
    @Option(help: """
        Private compositors to benchmark in turn, comma-separated (\(CompositorKind.allCases.map(\.rawValue).joined(separator: ",")) \
        or all): each started, run through the same workloads --rounds times, stopped; one matrix report of them all.
        """, completion: .list(CompositorKind.allCases.map(\.rawValue) + ["all"]))
    var compositors: String?
    @Option(help: """
        With --compositors: how many times each compositor runs the workloads (the matrix gives the median and min-max \
        over them; default 1). With --versus: rounds of the two clients, the order alternating (default 2).
        """)
    var rounds: Int?
    @Option(name: .customLong("drag-speeds"),
            help: "Finger speeds (px/s, comma-separated) of the drag workload, each run with --predict on and off.")
    var dragSpeeds = "300,1000,3000"
    @Option(help: "Which drags to run: with prediction and without (both), or only one (on, off).")
    var predict = PredictChoice.both
    @Option(name: .customLong("frame-start"), help: "Passed to every run: deadline (default) or callback.")
    var frameStart = FrameStart.deadline

    /// The private compositor asked for (`--compositor`, or weston for `--headless`); nil: the one you are in.
    var privateCompositor: CompositorKind? { headless ? .weston : compositor }

    /// The compositors of `--compositors` (every kind for `all`), in the order given; nil without the option.
    var matrixKinds: [CompositorKind]? { compositors.flatMap { try? Self.kinds($0) } }

    /// Parses a `--compositors` list; the problem in one line.
    static func kinds(_ list: String) throws(ValidationError) -> [CompositorKind] {
        let known = CompositorKind.allCases.map(\.rawValue).joined(separator: ", ")
        if list == "all" { return CompositorKind.allCases }
        var kinds: [CompositorKind] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingSpaces().lowercased()
            guard let kind = CompositorKind(rawValue: name) else {
                throw ValidationError("--compositors '\(list)': '\(part)' is not a compositor (\(known) or all)")
            }
            guard !kinds.contains(kind) else { throw ValidationError("--compositors '\(list)': \(name) is named twice") }
            kinds.append(kind)
        }
        return kinds
    }

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
        if let compositors {
            _ = try Self.kinds(compositors)
            if compositor != nil { throw ValidationError("--compositors and --compositor cannot be combined (--compositors weston is one)") }
            if versus != nil {
                throw ValidationError("--versus runs the peer in one private weston: use --compositor weston, not --compositors")
            }
        }
        if let rounds {
            guard rounds >= 1, rounds <= 100 else { throw ValidationError("--rounds \(rounds): must be from 1 to 100") }
            guard compositors != nil || versus != nil else {
                throw ValidationError("--rounds needs --compositors (rounds of the workloads) or --versus (rounds of the two clients)")
            }
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
        }
        if let scale {
            guard privateCompositor != nil || compositors != nil else {
                throw ValidationError("--scale needs --headless, --compositor or --compositors (your compositor sets its own scale)")
            }
            guard (1...4).contains(scale) else { throw ValidationError("--scale \(scale) is not 1, 2, 3 or 4") }
            let kinds = (privateCompositor.map { [$0] } ?? []) + (matrixKinds ?? [])
            if scale != 1, let nested = kinds.first(where: NestedSession.kinds.contains) {
                throw ValidationError("--scale \(scale): \(nested.rawValue) runs nested in weston at scale 1 only")
            }
            if scale != 1, kinds.contains(.mutter) {
                throw ValidationError("--scale \(scale): mutter's headless virtual monitor has scale 1 only")
            }
        }
        if case .one(let kind) = scene, case .one(let b) = backend, !kind.usesBackend, b != .spring {
            throw ValidationError(RunCommand.backendRefusal(b, scene: kind))
        }
    }

    /// One workload's numbers: its name, scene, backend, workload and analysis.
    typealias Run = (name: String, scene: String, backend: String?, workload: String, analysis: BenchAnalysis)

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
        var stopper: StopOnSignal?
        defer { stopper?.end() }
        if let kinds = matrixKinds {
            let onSignal = try StopOnSignal(message: "the bench and its compositors are stopped, no report written")
            stopper = onSignal
            onSignal.add { try? FileManager.default.removeItem(atPath: work) }
            try runMatrix(kinds, executable: executable, outDir: outDir, work: work, onSignal: onSignal)
            return
        }
        var session: CompositorSession?
        defer { session?.stop() }
        if let kind = privateCompositor {
            let onSignal = try StopOnSignal(message: "the bench and its compositor are stopped, no report written")
            stopper = onSignal
            onSignal.add { try? FileManager.default.removeItem(atPath: work) }
            session = try onSignal.deferring {
                let started = try startSession(kind, executable: executable, width: windowSize.width, height: windowSize.height)
                onSignal.add { started.stop() }
                return started
            }
        }
        let (report, runs) = try benchmark(session: session, executable: executable, work: work)
        try write(report, runs: runs, work: work, to: outDir)
        Console.out(BenchSummary.text(report))
        Console.out("report: \(outDir)/report.html (and report.json, report.md, frames-*.csv, traces/)")
    }

    /// The output's (or window's) size in logical px.
    var windowSize: (width: Int, height: Int) {
        let size = Size(size ?? "800x600") ?? Size(width: 800, height: 600)
        return (Int(size.width), Int(size.height))
    }

    /// Every workload once, under `session` (nil: the compositor you are in), the traces written into `work`: the
    /// report and each run's analysis.
    func benchmark(session: CompositorSession?, executable: String, work: String) throws -> (BenchReport, [Run]) {
        var environment = ProcessInfo.processInfo.environment
        if let session {
            environment.merge(session.environment) { $1 }
        } else if environment["WAYLAND_DISPLAY"] == nil {
            throw AppError("no Wayland compositor (WAYLAND_DISPLAY is not set): run inside one, or use --compositor")
        }
        let weston = session as? WestonSession
        let touch = session?.touch
        let clients = Clients(executable: executable, environment: environment, session: session)
        var compositor = BenchHost.compositor(environment: environment, session: session?.kind)
        if let nested = session as? NestedSession {
            let parent = BenchHost.compositor(environment: nested.parent.environment, session: .weston)
            compositor["nested_in"] = parent
            if let name = compositor["name"] as? String, let parentName = parent["name"] as? String {
                compositor["name"] = name.replacing(" (headless)", with: "") + " (nested in \(parentName))"
            }
        }
        Console.out("compositor: \(compositor["name"] as? String ?? "unknown")")
        // The compositor's CPU over each run (its process and its children: Xwayland, helpers), from /proc.
        let compositorPID = (compositor["pid"] as? Int).map(Int32.init)
        func compositorCPU() -> Double? {
            compositorPID.map { pid in ([pid] + ProcFS.children(of: pid)).reduce(0) { $0 + ProcFS.cpuSeconds($1) } }
        }
        var details: [String: [String: Any]] = [:]
        // A run's analysis from its events and, where the injector kept one, its record of the finger.
        func measured(_ name: String, _ body: () throws -> ([TraceLine], [InjectedTouch]?)) throws -> BenchAnalysis {
            let before = compositorCPU()
            let (lines, finger) = try body()
            var analysis = BenchAnalysis(lines: lines)
            if let finger { analysis.useInjectedFinger(finger) }
            if let before, let after = compositorCPU() {
                let shown = (analysis.hasPresentation ? analysis.presented.count : analysis.frames.count) - 1
                details[name, default: [:]]["compositor_cpu_per_frame_us"] =
                    shown > 0 ? BenchReport.round3((after - before) * 1e6 / Double(shown)) : JSONNull()
            }
            return analysis
        }

        // In a private compositor the output is --size and the window fills it (as a phone shell or kiosk would show
        // it): a desktop-shell window as large as the output would be pushed partly off it by the shell's panel.
        let placement = (session != nil ? ["--fullscreen"] : size.map { ["--size", $0] } ?? ["--fullscreen"])
            + (noSubsurfaces ? ["--no-subsurfaces"] : []) + ["--surface-buffers", surfaceBuffers.rawValue]
            + ["--frame-start", frameStart.rawValue]
        // A session whose clients have an environment of their own (sway, phoc, KWin) may start with Mesa's shader
        // cache empty (sway and phoc nested keep it in their runtime folder), where weston's clients use this user's:
        // every shader would be compiled during the first measured run (seconds with llvmpipe). One unmeasured run of
        // each scene fills it first.
        if let session, !session.clientLauncher.isEmpty {
            for kind in scene.scenes {
                Console.out("\(kind.rawValue): warming up the session's shader cache (not measured)…")
                let app = try clients.start(arguments: placement + ["--scene", kind.rawValue, "--autoplay"],
                                            trace: "\(work)/warm-up-\(kind.rawValue).jsonl")
                do {
                    try app.waitFor("the warm-up's 20th frame", timeout: 60) { ($0.frame?.sequence ?? 0) >= 20 }
                } catch {
                    app.signal()
                    _ = try? app.waitExit()
                    throw AppError("the warm-up run failed: \(error)")
                }
                _ = try Self.finish(app, stop: true)
            }
        }
        var runs: [Run] = []
        for kind in scene.scenes {
            for b in kind.usesBackend ? backend.backends.map(Optional.some) : [nil] {
                let name = [kind.rawValue, b?.rawValue].compactMap { $0 }.joined(separator: "-")
                Console.out("\(name): autoplay for \(duration) s…")
                let analysis = try measured(name) {
                    (try clients.run(arguments: placement + ["--scene", kind.rawValue, "--autoplay", "--quit-after", "\(duration)"]
                                         + (b.map { ["--backend", $0.rawValue] } ?? []),
                                     trace: "\(work)/trace-\(name).jsonl", timeout: duration + 60), nil)
                }
                runs.append((name, kind.rawValue, b?.rawValue, "autoplay", analysis))
            }
        }
        // Touch latency, drag lag, the stop and rest: a finger drags the panel at each speed, with prediction and
        // without; after the last drag nothing moves for `rest` s.
        let drags = speeds.flatMap { speed in predict.values.map { (speed, $0) } }
        for (k, (speed, predicted)) in drags.enumerated() {
            let name = "panel-drag-\(Int(speed))" + (predicted ? "" : "-unpredicted")
            let restHere = k == drags.count - 1 ? rest : 0
            let arguments = ["--predict", predicted ? "on" : "off"]
            let path = DragPath(width: Double(windowSize.width), height: Double(windowSize.height), speed: speed)
            let trace = "\(work)/trace-\(name).jsonl"
            let analysis = try measured(name) {
                if let touch {
                    Console.out("panel: a finger drags it at \(Int(speed)) px/s, prediction \(predicted ? "on" : "off")"
                        + (restHere > 0 ? ", then rest for \(rest) s…" : "…"))
                    return try Self.dragRun(clients: clients, arguments: placement + arguments, touch: touch, path: path,
                                            rest: restHere, trace: trace)
                }
                // No input can be injected here: a scripted finger (`--workload drag`) drags the panel inside the
                // app, its samples timestamped and fed before each frame.
                Console.out("panel: a scripted finger drags it at \(Int(speed)) px/s, prediction \(predicted ? "on" : "off")"
                    + (restHere > 0 ? ", then rest for \(rest) s…" : "…"))
                return (try clients.run(arguments: placement + arguments + [
                                           "--scene", "panel", "--workload", "drag", "--drag-speed", "\(speed)",
                                           "--quit-after", "\(1.5 + path.liftAt + 1.5 + restHere)"],
                                       trace: trace, timeout: path.liftAt + restHere + 60), nil)
            }
            runs.append((name, "panel", "spring", touch == nil ? "scripted-drag" : "drag", analysis))
            details[name, default: [:]].merge(["predict": predicted, "drag_speed_px_s": speed]) { $1 }
        }
        var versusJSON: [String: Any]?
        if versus != nil, let weston {
            let rounds = rounds ?? 2
            Console.out("versus weston-simple-egl: \(rounds) rounds of \(duration) s each, the order alternating…")
            let peer = BenchVersus(momentum: executable, simpleEGL: try BenchVersus.findSimpleEGL(), weston: weston,
                                   environment: environment, duration: duration, placement: placement, work: work)
            versusJSON = BenchVersus.json(try peer.run(rounds: rounds), duration: duration)
        }
        let report = BenchReport(command: Self.commandLine, compositor: compositor, host: BenchHost.facts(), runs: runs,
                                 versus: versusJSON, details: details)
        return (report, runs)
    }

    /// The command line as typed after `momentum`.
    static var commandLine: String { (["momentum", "bench"] + CommandLine.arguments.dropFirst(2)).joined(separator: " ") }

    /// Writes the report of `runs` (report.json, .html, .md, frames-*.csv) into `work`, then moves them and the runs'
    /// traces (`work/trace-<run>.jsonl`) into `folder` (`traces/<run>.jsonl`).
    func write(_ report: BenchReport, runs: [Run], work: String, to folder: String) throws {
        // Written into the work folder, then moved into --out one by one (each a rename within one file system).
        var files: [String: [UInt8]] = ["report.json": try report.encoded(),
                                        "report.html": Array(BenchHTML.page(report, runs: runs.map { ($0.name, $0.analysis) }).utf8),
                                        "report.md": Array(BenchSummary.markdown(report).utf8)]
        for run in runs { files["frames-\(run.name).csv"] = Array(BenchReport.framesCSV(run.analysis).utf8) }
        for (name, bytes) in files { try OutputFile.write(bytes, to: "\(work)/\(name)", what: name) }
        try WorkFolder.makeOwnFolder(folder + "/traces")
        for run in runs {
            let from = "\(work)/trace-\(run.name).jsonl"
            if FileManager.default.fileExists(atPath: from) { try Self.move(from, to: "\(folder)/traces/\(run.name).jsonl") }
        }
        for name in files.keys.sorted() { try Self.move("\(work)/\(name)", to: "\(folder)/\(name)") }
    }

    /// `--compositors`: each compositor started in turn, the workloads run `--rounds` times in it, stopped; a
    /// compositor that cannot start or whose workloads fail is recorded as failed and the others still run, and the
    /// bench then exits 1 after writing the matrix (a matrix with a hole is still worth reading; the exit says it
    /// has one). Each round's report goes to `<kind>/round-<n>/` in --out, the matrix to report.json, .md, .html.
    func runMatrix(_ kinds: [CompositorKind], executable: String, outDir: String, work: String,
                   onSignal: StopOnSignal) throws {
        let rounds = rounds ?? 1
        var entries: [BenchMatrix.Entry] = []
        for kind in kinds {
            var entry = BenchMatrix.Entry(kind: kind.rawValue, name: kind.name)
            let folder = "\(work)/\(kind.rawValue)"
            do {
                try WorkFolder.makeOwnFolder(folder)
                let session = try onSignal.deferring {
                    let started = try startSession(kind, executable: executable, width: windowSize.width, height: windowSize.height)
                    onSignal.add { started.stop() }
                    return started
                }
                defer { session.stop() }
                for round in 1...rounds {
                    Console.out("\(kind.name), round \(round) of \(rounds):")
                    let roundWork = "\(work)/.\(kind.rawValue)-\(round)"
                    try WorkFolder.makeOwnFolder(roundWork)
                    let (report, runs) = try benchmark(session: session, executable: executable, work: roundWork)
                    let roundFolder = "\(folder)/round-\(round)"
                    try WorkFolder.makeOwnFolder(roundFolder)
                    try write(report, runs: runs, work: roundWork, to: roundFolder)
                    try? FileManager.default.removeItem(atPath: roundWork)
                    entry.rounds.append(report)
                }
            } catch {
                let line = "\(error)"
                Console.error("\(kind.name): \(line)")
                entry.error = line
            }
            entries.append(entry)
        }
        let matrix = BenchMatrix(command: Self.commandLine, host: BenchHost.facts(), rounds: rounds, entries: entries)
        let files: [String: [UInt8]] = ["report.json": try matrix.encoded(), "report.md": Array(matrix.markdown().utf8),
                                        "report.html": Array(matrix.html().utf8)]
        for (name, bytes) in files { try OutputFile.write(bytes, to: "\(work)/\(name)", what: name) }
        // Each compositor's folder replaces the one a previous bench left (moved aside into the work folder, which
        // goes at the end), then the matrix.
        for entry in entries where FileManager.default.fileExists(atPath: "\(work)/\(entry.kind)") {
            let target = "\(outDir)/\(entry.kind)"
            try WorkFolder.checkOwnFolder(target)
            if FileManager.default.fileExists(atPath: target) { try Self.move(target, to: "\(work)/.old-\(entry.kind)") }
            try Self.move("\(work)/\(entry.kind)", to: target)
        }
        for name in files.keys.sorted() { try Self.move("\(work)/\(name)", to: "\(outDir)/\(name)") }
        Console.out(matrix.text())
        Console.out("report: \(outDir)/report.html (and report.json, report.md; each round's own report in <compositor>/round-<n>/)")
        let failed = entries.filter { $0.error != nil }
        if !failed.isEmpty {
            throw AppError("\(failed.count) of \(entries.count) compositors failed (recorded in the report): "
                + failed.map { "\($0.name): \($0.error ?? "")" }.joined(separator: "; "))
        }
    }

    /// Renames `from` over `to`; one line naming both on failure.
    static func move(_ from: String, to: String) throws(AppError) {
        guard rename(from, to) == 0 else {
            throw AppError("cannot move \(from) to \(to): \(String(cString: strerror(errno)))")
        }
    }

    /// Starts the private compositor asked for, saying so.
    func startSession(_ kind: CompositorKind, executable: String, width: Int, height: Int) throws -> CompositorSession {
        try Self.startSession(kind, executable: executable, width: width, height: height, scale: scale ?? 1)
    }

    /// Starts the private compositor `kind` with one `width`×`height` output at `scale`, saying so.
    static func startSession(_ kind: CompositorKind, executable: String, width: Int, height: Int,
                             scale: Int) throws -> CompositorSession {
        switch kind {
        case .weston:
            Console.out("starting weston (headless, pixman) with the touch-injection module…")
            let module = try HeadlessCommand.module(executable: executable)
            guard let westonPath = SearchPath.find("weston") else { throw AppError("weston not found on PATH: apt-get install weston") }
            do {
                return try WestonSession(module: module, width: width, height: height,
                                         extraArguments: scale == 1 ? [] : ["--scale=\(scale)"], weston: westonPath)
            } catch {
                throw AppError("cannot start weston: \(error)")
            }
        case .mutter:
            Console.out("starting mutter (headless, a virtual monitor) with its remote-desktop touch…")
            do { return try MutterSession(width: width, height: height) } catch {
                throw AppError("cannot start mutter: \(error)")
            }
        case .sway, .phoc:
            Console.out("starting \(kind.rawValue) nested in weston (headless, pixman) with the touch-injection module…")
            let module = try HeadlessCommand.module(executable: executable)
            do { return try NestedSession(kind, module: module, width: width, height: height) } catch {
                throw AppError("cannot start \(kind.rawValue): \(error)")
            }
        case .kwin:
            Console.out("starting KWin (virtual, QPainter)…")
            do { return try KWinSession(width: width, height: height, scale: scale) } catch {
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
                throw AppError("cannot start \(executable) run: \(error)")
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
    /// moving; then quit. The run's events, and the finger as the injector put it where it keeps a record.
    static func dragRun(clients: Clients, arguments: [String], touch: TouchInjecting,
                        path: DragPath, rest: Double, trace: String) throws -> ([TraceLine], [InjectedTouch]?) {
        let app = try clients.start(arguments: arguments + ["--scene", "panel"], trace: trace)
        let finger: [InjectedTouch]?
        do {
            // The window in place first: every configure the compositor sends a new window before it is.
            var placed = 0
            for k in 0..<(clients.session?.configuresUntilPlaced ?? 1) {
                placed = try app.waitFor("configure \(k + 1) of the window", after: placed) { $0.configure != nil }.index + 1
            }
            let resting = try app.waitFor("the panel at rest", after: placed) { $0.rest != nil }
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
            finger = try touch.playedFinger()
            // The finger holds still before it lifts (the app may rest then): the rest that counts follows the lift.
            let lift = try app.waitFor("the finger's lift", after: mark, timeout: path.liftAt + 20) {
                $0.touch?.phase == .up
            }
            try app.waitFor("the panel at rest after the drag", after: lift.index) { $0.rest != nil }
            // The measurement window at rest: how many commits and how much CPU while nothing moves.
            WorkerThread.sleep(seconds: rest)
        } catch {
            app.signal()
            _ = try? app.waitExit()
            throw AppError("the drag workload failed: \(error)")
        }
        return (try finish(app, stop: true), finger)
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
