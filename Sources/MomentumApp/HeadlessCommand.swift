import ArgumentParser
import MomentumScenes
import Foundation
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
    @Option(help: "Folder for trace.jsonl, screenshot.png and weston.log.") var out = "momentum-headless"
    @Option(help: "The animator backend of the panel and the playground card (default spring).")
    var backend: BackendKind?
    @Option(help: "Output size WxH in logical px.") var size = "800x600"
    @Option(help: "Output scale (device px per logical px: the screen has WxH times this many pixels).") var scale = 1
    @Option(help: "The scene to tour.") var scene = SceneKind.panel

    func validate() throws {
        guard Size(size) != nil else { throw ValidationError("--size '\(size)' is not WxH with positive integers") }
        if let small = Size.belowMinimum(size, flag: "--size") { throw ValidationError(small) }
        guard (1...4).contains(scale) else { throw ValidationError("--scale \(scale) is not 1, 2, 3 or 4") }
        if let backend, !scene.usesBackend {
            throw ValidationError(RunCommand.backendRefusal(backend, scene: scene))
        }
    }

    func run() throws {
        guard let parsed = Size(size) else { return }
        let logger = AppLogging.logger()
        let executable = try Self.executablePath()
        guard let westonPath = SearchPath.find("weston") else {
            throw AppError("weston not found on PATH: apt-get install weston")
        }
        logger.debug("weston: \(westonPath)")
        let module: String
        switch HarnessModule.source(executable: executable) {
        case .installed(let installed):
            module = installed
            logger.debug("touch-injection module (installed): \(module)")
        case .sourceTree(let root):
            logger.debug("building the touch-injection module from \(root)/harness")
            do { module = try HarnessModule.build(packageRoot: root) } catch {
                throw AppError("cannot build the touch-injection module: \(error)")
            }
        case .missing(let expected):
            throw AppError(HarnessError.moduleNotInstalled(expected).description)
        }
        try Self.makeDirectory(out)
        let outDir = URL(fileURLWithPath: out).standardizedFileURL.path
        let tracePath = outDir + "/trace.jsonl", shotPath = outDir + "/screenshot.png", logPath = outDir + "/weston.log"

        Console.out("starting weston (headless, pixman) with the touch-injection module…")
        let weston: WestonSession
        do {
            // weston's headless --width/--height are the output's size in logical px; --scale multiplies the mode.
            weston = try WestonSession(module: module, width: Int(parsed.width), height: Int(parsed.height),
                                       extraArguments: scale == 1 ? [] : ["--scale=\(scale)"], weston: westonPath)
        } catch {
            throw AppError("cannot start weston: \(error)")
        }
        // The log is saved on every path; on the success path a failure to save it is the run's error.
        var logSaved = false
        func saveLog() throws(AppError) {
            logSaved = true
            try OutputFile.write(Array(weston.logText().utf8), to: logPath, what: "weston log")
        }
        defer {
            if !logSaved { do throws(AppError) { try saveLog() } catch { Console.error(error.description) } }
            weston.stop()
        }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in weston.environment { env[key] = value }
        let app = try TracedClient(executable: executable,
                                   arguments: ["--fullscreen", "--scene", scene.rawValue, "--screenshot", shotPath]
                                       + (backend.map { ["--backend", $0.rawValue] } ?? [])
                                       + (logging.logLevel.map { ["--log-level", $0.rawValue] } ?? []),
                                   environment: env, copyTo: tracePath)
        do {
            try app.waitFor("the first presented frame") { $0.kind == "presented" }
            try HeadlessTour(weston: weston, app: app, scene: scene,
                             width: Double(parsed.width), height: Double(parsed.height)).play()
        } catch {
            app.signal()
            _ = try? app.waitExit()
            throw AppError("headless tour failed: \(error)")
        }
        app.signal()
        let status = try app.waitExit()
        var childLog = app.stderr
        if status == 0, !childLog.isEmpty {
            // The app's own log lines (at the level passed on to it), as it wrote them.
            if childLog.hasSuffix("\n") { childLog.removeLast() }
            Console.errorLine(childLog)
        }
        let events = app.events
        let frames = events.filter { $0.kind == "frame" }.count
        let gestures = events.filter { $0.kind == "gesture" }.compactMap { $0.string("kind") }
        Console.out("tour done: \(frames) frames, gestures: \(gestures.joined(separator: " "))")
        Console.out("trace:      \(tracePath)")
        Console.out("screenshot: \(shotPath)")
        Console.out("weston log: \(logPath)")
        if status != 0 { throw AppError("momentum exited with status \(status): \(app.stderr)") }
        if let failure = app.copyFailure { throw failure }
        try saveLog()
    }

    /// Creates `path` and its missing parents (like `mkdir -p`); a failure names the path and the errno.
    static func makeDirectory(_ path: String) throws(AppError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw AppError("--out: cannot create directory \(prefix): \(String(cString: strerror(errno)))")
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw AppError("--out: \(path) is not a directory")
        }
    }

    /// The running executable's absolute path.
    static func executablePath() throws -> String {
        let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        return path
    }
}
