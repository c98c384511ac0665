import ArgumentParser
import MomentumRun
import MomentumScenes
import FileIO
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Logging

/// `momentum headless`: the demo on a machine with no display. Starts a private weston (headless backend,
/// pixman renderer, the momentum-touch module), runs the app fullscreen inside it, plays a short tour of real
/// touch gestures, then saves the trace, a screenshot and weston's log, stops weston and says where they are.
///
/// The module is the one installed next to the binary (`<prefix>/lib/momentum/momentum-touch.so`, see
/// scripts/install), else, for a binary in a source checkout, built from that checkout's harness/.
struct HeadlessCommand: LoggingCommand {
    static let configuration = CommandConfiguration(
        commandName: "headless",
        abstract: "Run the demo inside a private headless weston with a scripted tour of touch gestures.")

    @OptionGroup var logging: LoggingOptions
    @Option(help: "Folder for trace.jsonl, screenshot.png (and two frames mid-animation, screenshot-mid1.png and screenshot-mid2.png) and weston.log.", completion: .directory)
    var out = "momentum-headless"
    @Option(help: "The animator backend of the panel and the playground card (default spring).")
    var backend: BackendKind?
    @Option(help: "Output size WxH in logical px (default 800x600).") var size: String?
    @Option(help: "Output scale (device px per logical px: the screen has WxH times this many pixels; default 1).")
    var scale: Int?
    @Option(help: "The scene to tour (default panel).") var scene: SceneKind?
    @Flag(help: """
        Tour every scene at every size (\(Self.allSizes.map(\.name).joined(separator: ", "))): \
        screenshots <scene>-<size>.png and two mid-animation frames <scene>-<size>-mid1.png and -mid2.png in --out, \
        each tour's trace and log in a folder of that name.
        """)
    var allSizes = false
    @Flag(help: "Show the frame-timing HUD in the screenshots (it runs, and is checked against the layout, either way).")
    var hud = false

    /// The screens `--all-sizes` tours: a phone in portrait (also at scale 2, i.e. 720×1440) and in landscape (also
    /// a shorter 16:9 one and a small one, as an iPhone SE's 568×320), a small laptop window, a desktop window, a
    /// landscape tablet, 1080p and 4K (1920×1080 at scale 2).
    static let allSizes: [Screen] = [Screen(360, 720), Screen(360, 720, scale: 2), Screen(720, 360), Screen(640, 360),
                                     Screen(568, 320), Screen(640, 480), Screen(800, 600), Screen(1280, 800),
                                     Screen(1920, 1080), Screen(1920, 1080, scale: 2)]

    /// An output: its size in logical px and its scale.
    struct Screen {
        let width: Int, height: Int, scale: Int
        init(_ width: Int, _ height: Int, scale: Int = 1) {
            self.width = width
            self.height = height
            self.scale = scale
        }
        /// `360x720`, `360x720@2`.
        var name: String { "\(width)x\(height)" + (scale == 1 ? "" : "@\(scale)") }
    }

    func validate() throws {
        if allSizes {
            for (flag, given) in [("--size", size != nil), ("--scale", scale != nil), ("--scene", scene != nil)]
            where given {
                throw ValidationError("\(flag) cannot be combined with --all-sizes (it tours every scene at every size)")
            }
            return
        }
        if let size {
            guard Size(size) != nil else { throw ValidationError("--size '\(size)' is not WxH with positive integers") }
            if let small = Size.belowMinimum(size, flag: "--size") { throw ValidationError(small) }
        }
        if let scale, !(1...4).contains(scale) { throw ValidationError("--scale \(scale) is not 1, 2, 3 or 4") }
        if let backend, !(scene ?? .panel).usesBackend {
            throw ValidationError(RunCommand.backendRefusal(backend, scene: scene ?? .panel))
        }
    }

    func run() throws {
        let logger = AppLogging.logger()
        let executable = try Self.executablePath()
        guard let westonPath = SearchPath.find("weston") else {
            throw AppError("weston not found on PATH: apt-get install weston")
        }
        logger.debug("weston: \(westonPath)")
        let module = try Self.module(executable: executable) { logger.debug("\($0)") }
        try Self.makeDirectory(out)
        let outDir = URL(fileURLWithPath: out).standardizedFileURL.path
        // SIGINT, SIGTERM and SIGHUP stop the tour's weston (and its runtime folder) before the process dies of them.
        let stopper = try StopOnSignal(message: "the tour and its weston are stopped")
        defer { stopper.end() }
        let tours = Tours(executable: executable, module: module, weston: westonPath, backend: backend,
                          logLevel: logging.logLevel, hud: hud, stopper: stopper)
        guard allSizes else {
            guard let parsed = Size(size ?? "800x600") else { return }
            try tours.run(scene: scene ?? .panel,
                          screen: Screen(Int(parsed.width), Int(parsed.height), scale: scale ?? 1),
                          folder: outDir, screenshot: outDir + "/screenshot.png")
            return
        }
        var failed: [String] = []
        var count = 0
        for screen in Self.allSizes {
            for scene in SceneKind.allCases {
                let name = "\(scene.rawValue)-\(screen.name)"
                count += 1
                Console.out("[\(count)/\(Self.allSizes.count * SceneKind.allCases.count)] \(name)")
                let folder = outDir + "/" + name
                do {
                    try Self.makeDirectory(folder)
                    try tours.run(scene: scene, screen: screen, folder: folder, screenshot: outDir + "/\(name).png")
                } catch {
                    Console.error("\(name): \(error)")
                    failed.append(name)
                }
            }
        }
        Console.out("screenshots: \(outDir)/<scene>-<size>.png, <scene>-<size>-mid1.png, <scene>-<size>-mid2.png")
        if !failed.isEmpty {
            throw AppError("\(failed.count) of \(count) tours failed: \(failed.joined(separator: ", "))")
        }
    }

    /// Runs tours: each in a private weston, the app fullscreen inside it.
    struct Tours {
        let executable: String, module: String, weston: String
        let backend: BackendKind?
        let logLevel: LogLevel?
        /// Whether the screenshots show the HUD.
        let hud: Bool
        /// Stops each tour's weston on a terminating signal.
        let stopper: StopOnSignal
        /// The text widths the layout checks measure with (the fonts loaded at the first check).
        let textWidths = LazyTextWidths()

        private func widths() throws -> TextWidths {
            do { return try textWidths.get() } catch { throw AppError("cannot check the layout: \(error.description)") }
        }

        /// Tours `scene` on `screen`: trace.jsonl and weston.log into `folder`, the screenshot to `screenshot`. Fails
        /// when a step does not show its effect, the app does not exit cleanly, or the layout at rest is broken
        /// (`LayoutCheck`).
        func run(scene: SceneKind, screen: Screen, folder: String, screenshot shotPath: String) throws {
            let tracePath = folder + "/trace.jsonl", logPath = folder + "/weston.log"
            Console.out("starting weston (headless, pixman) with the touch-injection module…")
            let session: WestonSession
            do {
                // weston's headless --width/--height are the output's size in logical px; --scale multiplies the mode.
                session = try stopper.deferring {
                    let started = try WestonSession(module: module, width: screen.width, height: screen.height,
                                                    extraArguments: screen.scale == 1 ? [] : ["--scale=\(screen.scale)"],
                                                    weston: weston)
                    stopper.add { started.stop() }
                    return started
                }
            } catch {
                throw AppError("cannot start weston: \(error)")
            }
            // The log is saved on every path; on the success path a failure to save it is the run's error.
            var logSaved = false
            func saveLog() throws(AppError) {
                logSaved = true
                try OutputFile.write(Array(session.logText().utf8), to: logPath, what: "weston log")
            }
            defer {
                if !logSaved { do throws(AppError) { try saveLog() } catch { Console.error(error.description) } }
                session.stop()
            }
            var env = ProcessInfo.processInfo.environment
            for (key, value) in session.environment { env[key] = value }
            let backendArguments = scene.usesBackend ? (backend.map { ["--backend", $0.rawValue] } ?? []) : []
            let app = try TracedClient(executable: executable,
                                       arguments: ["--fullscreen", "--scene", scene.rawValue, "--screenshot", shotPath,
                                                   "--trace-drawn", "--mid-screenshots", "--screenshot-hud", hud ? "on" : "off"]
                                           + backendArguments + (logLevel.map { ["--log-level", $0.rawValue] } ?? []),
                                       environment: env, copyTo: tracePath)
            do {
                try app.waitFor("the first presented frame") { $0.presented != nil }
                try HeadlessTour(weston: session, app: app, scene: scene,
                                 width: Double(screen.width), height: Double(screen.height)).play()
            } catch {
                app.signal()
                _ = try? app.waitExit()
                throw AppError("headless tour failed: \(error)")
            }
            app.signal()
            // The app writes its pictures (encoded off its run loop, the two mid-animation ones too, if it has not
            // caught up) before it exits: a debug build's PNG of 3840x2160 takes seconds, more on a loaded machine.
            let status = try app.waitExit(timeout: HeadlessCommand.exitTimeout)
            var childLog = app.stderr
            if status == 0, !childLog.isEmpty {
                // The app's own log lines (at the level passed on to it), as it wrote them.
                if childLog.hasSuffix("\n") { childLog.removeLast() }
                Console.errorLine(childLog)
            }
            let events = app.events
            let frames = events.filter { $0.frame != nil }.count
            let gestures = events.compactMap { $0.gesture?.kind.rawValue }
            Console.out("tour done: \(frames) frames, gestures: \(gestures.joined(separator: " "))")
            Console.out("trace:      \(tracePath)")
            Console.out("screenshot: \(shotPath)")
            let stem = String(shotPath.dropLast(4))
            let mids = (1...MidMotion.count).map { index -> String in "\(stem)-mid\(index).png" }
                .filter { path in FileManager.default.fileExists(atPath: path) }
            if mids.count == MidMotion.count {
                Console.out("mid-animation: \(mids.joined(separator: ", "))")
            } else {
                Console.error("\(scene.rawValue) \(screen.name): \(mids.count) of \(MidMotion.count) mid-animation frames taken")
            }
            Console.out("weston log: \(logPath)")
            if status != 0 { throw AppError(app.failureLine) }
            if let failure = app.copyFailure { throw failure }
            try saveLog()
            if let unreadable = app.unreadableLine { throw AppError("\(tracePath): \(unreadable)") }
            guard let layout = events.last(where: { $0.layout != nil })?.layout else {
                throw AppError("the trace has no layout event")
            }
            let problems = LayoutCheck.problems(in: layout, width: Double(screen.width), height: Double(screen.height))
            if !problems.isEmpty {
                throw AppError("layout at rest: \(problems.joined(separator: "; "))")
            }
            // In motion: every frame the trace has of what was drawn (`drawn`), as it was drawn.
            var findings = LayoutFindings(scene: scene.rawValue, size: screen.name, width: Double(screen.width),
                                          height: Double(screen.height), widths: try widths())
            var judged = 0
            let began = ContinuousClock.now
            for line in events {
                guard let drawn = line.drawn, drawn.scene == scene.rawValue else { continue }
                findings.judge(drawn.layout, t: line.t, atRest: drawn.atRest)
                judged += 1
            }
            guard judged > 0 else { throw AppError("the trace has no drawn event") }
            let took = ContinuousClock.now - began
            let milliseconds = Double(took.components.seconds) * 1000 + Double(took.components.attoseconds) / 1e15
            Console.out("layout:     \(judged) frames checked in motion and at rest (\(Int(milliseconds.rounded())) ms)")
            if !findings.all.isEmpty {
                throw AppError("layout in motion: \(findings.all.map(\.description).joined(separator: "; "))")
            }
        }
    }

    /// How long a tour waits for the app to exit once told to (its screenshots written).
    static let exitTimeout = 120.0

    /// Creates `path` and its missing parents (like `mkdir -p`); a failure names the path and the errno.
    static func makeDirectory(_ path: String) throws(AppError) {
        if let (folder, error) = FileIO.makeDirectories(path, mode: 0o777) {
            throw AppError("--out: cannot create directory \(folder): \(FileIO.reason(error))")
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw AppError("--out: \(path) is not a directory")
        }
    }

    /// The touch-injection module for a private weston: the one installed next to `executable`, else built from the
    /// source tree `executable` was built in; one line saying what to do when there is neither.
    static func module(executable: String, log: (String) -> Void = { _ in }) throws -> String {
        switch HarnessModule.source(executable: executable) {
        case .installed(let installed):
            log("touch-injection module (installed): \(installed)")
            return installed
        case .sourceTree(let root):
            log("building the touch-injection module from \(root)/harness")
            do { return try HarnessModule.build(packageRoot: root) } catch {
                throw AppError("cannot build the touch-injection module: \(error)")
            }
        case .missing(let expected): throw AppError(HarnessError.moduleNotInstalled(expected).description)
        }
    }

    /// The running executable's absolute path.
    static func executablePath() throws -> String {
        let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        return path
    }
}
