import ArgumentParser
import Foundation

/// `momentum headless`: the demo on a machine with no display. Starts a private weston (headless backend,
/// pixman renderer, the momentum-touch module), runs the app fullscreen inside it, plays a short tour of real
/// touch gestures, then saves the trace, a screenshot and weston's log, stops weston and says where they are.
struct HeadlessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "headless",
        abstract: "Run the demo inside a private headless weston with a scripted tour of touch gestures.")

    @Option(help: "Folder for trace.jsonl, screenshot.png and weston.log.") var out = "momentum-headless"
    @Option(help: "Animator backend: \(Backends.names.joined(separator: "|")).") var backend = "spring"
    @Option(help: "Output size WxH.") var size = "800x600"

    func validate() throws {
        guard Size(size) != nil else { throw ValidationError("--size '\(size)' is not WxH with positive integers") }
        guard Backends.names.contains(backend) else {
            throw ValidationError("--backend '\(backend)' is unknown (choose \(Backends.names.joined(separator: ", ")))")
        }
    }

    func run() throws {
        guard let parsed = Size(size) else { return }
        let executable = try Self.executablePath()
        guard let root = Self.sourceRoot(from: [executable, FileManager.default.currentDirectoryPath]) else {
            throw AppError("cannot find the source tree (harness/Makefile) above \(executable) or the current folder; "
                + "run momentum headless from the Momentum checkout")
        }
        let module: String
        do { module = try HarnessModule.build(packageRoot: root) } catch {
            throw AppError("cannot build the touch-injection module: \(error)")
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let outDir = URL(fileURLWithPath: out).standardizedFileURL.path
        let tracePath = outDir + "/trace.jsonl", shotPath = outDir + "/screenshot.png", logPath = outDir + "/weston.log"

        Console.out("starting weston (headless, pixman) with the touch-injection module…")
        let weston: WestonSession
        do { weston = try WestonSession(module: module, width: Int(parsed.width), height: Int(parsed.height)) } catch {
            throw AppError("cannot start weston: \(error)")
        }
        defer {
            try? FileManager.default.removeItem(atPath: logPath)
            try? weston.logText().write(toFile: logPath, atomically: true, encoding: .utf8)
            weston.stop()
        }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in weston.environment { env[key] = value }
        let app = try TracedClient(executable: executable,
                                   arguments: ["--fullscreen", "--backend", backend, "--screenshot", shotPath],
                                   environment: env, copyTo: tracePath)
        do {
            try app.waitFor("the first presented frame") { $0.kind == "presented" }
            try HeadlessTour(weston: weston, app: app, width: Double(parsed.width), height: Double(parsed.height)).play()
        } catch {
            app.signal()
            _ = try? app.waitExit()
            throw AppError("headless tour failed: \(error)")
        }
        app.signal()
        let status = try app.waitExit()
        let events = app.events
        let frames = events.filter { $0.kind == "frame" }.count
        let gestures = events.filter { $0.kind == "gesture" }.compactMap { $0.string("kind") }
        Console.out("tour done: \(frames) frames, gestures: \(gestures.joined(separator: " "))")
        Console.out("trace:      \(tracePath)")
        Console.out("screenshot: \(shotPath)")
        Console.out("weston log: \(logPath)")
        if status != 0 { throw AppError("momentum exited with status \(status): \(app.stderr)") }
    }

    /// The running executable's absolute path.
    static func executablePath() throws -> String {
        let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        return path
    }

    /// The first folder at or above one of `starts` that holds harness/Makefile.
    static func sourceRoot(from starts: [String]) -> String? {
        for start in starts {
            var url = URL(fileURLWithPath: start)
            while url.path != "/" {
                if FileManager.default.fileExists(atPath: url.appendingPathComponent("harness/Makefile").path) {
                    return url.path
                }
                url.deleteLastPathComponent()
            }
        }
        return nil
    }
}

/// The scripted tour: open by tap, drag down and let go still (closes), flick up and tap it mid-flight (reverses),
/// flick up again (opens), flick down (closes), tap (opens, for the screenshot).
struct HeadlessTour {
    let weston: WestonSession
    let app: TracedClient
    let width: Double
    let height: Double

    func play() throws {
        let x = width / 2
        let closedY = height - 36 // inside the peeking strip
        try gesture("tap the closed panel", "0 tap 0 \(x) \(closedY)")
        try waitRest("open")
        let openTop = height - (height * 0.6).rounded()
        try gesture("drag it down and hold still before lifting",
                    "0 drag 0 \(x) \(openTop + 40) \(x) \(openTop + 180) 500 120")
        try waitRest("closed")
        let mark = app.events.count
        try gesture("flick up", "0 flick 0 \(x) \(closedY) \(x) \(closedY - 160) 70")
        let moving = try app.waitFor("the panel animating", after: mark) {
            $0.kind == "panel" && $0.string("state") == "animating"
        }
        let rect = moving.event.numbers("rect") ?? [0, closedY - 20, 0, 0]
        try gesture("tap it mid-flight", "0 tap 0 \(x) \(rect[1] + 30)")
        try waitRest("closed")
        try gesture("flick up", "0 flick 0 \(x) \(closedY) \(x) \(closedY - 200) 80")
        try waitRest("open")
        try gesture("flick down", "0 flick 0 \(x) \(openTop + 30) \(x) \(openTop + 230) 80")
        try waitRest("closed")
        try gesture("tap it open for the screenshot", "0 tap 0 \(x) \(closedY)")
        try waitRest("open")
    }

    private func gesture(_ what: String, _ script: String) throws {
        Console.out("  \(what)")
        _ = try weston.play(script: script)
    }

    private func waitRest(_ state: String) throws {
        try app.waitFor("the panel at rest \(state)", after: max(0, app.events.count - 1)) {
            $0.kind == "panel" && $0.string("state") == state
        }
    }
}
