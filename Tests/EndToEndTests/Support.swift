import Foundation
import MomentumApp
import MomentumLayers
import MomentumRun
import MomentumScenes
import WaylandClient

// What the end-to-end suites share, once: where the package is, the harness's tools, a weston with the environment
// that points a client at it, fresh temporary folders, reading a trace file, and the scene drivers more than one
// suite plays.

/// The package's root folder (this file is Tests/EndToEndTests/Support.swift).
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Builds the harness's `tool` (`vinput`, `kwinput`) into .build/harness with its Makefile; the tool's path.
func buildHarnessTool(_ tool: String) throws -> String {
    let out = packageRoot + "/.build/harness"
    let make = try ProgramRun("/usr/bin/make", ["-s", "-C", packageRoot + "/harness", "OUT=\(out)", tool])
    guard make.status == 0 else { throw TracedClient.Failure(description: "building \(tool) failed: \(make.transcript)") }
    return out + "/" + tool
}

/// Starts weston headless (`width`×`height` logical px) with the touch-injection module; returns it with this
/// process's environment pointed at it (a client started with that environment runs inside it).
func startWeston(width: Int = 800, height: Int = 600,
                 extraArguments: [String] = []) throws -> (weston: WestonSession, environment: [String: String]) {
    let module = try HarnessModule.build(packageRoot: packageRoot)
    let weston = try WestonSession(module: module, width: width, height: height, extraArguments: extraArguments)
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in weston.environment { environment[key] = value }
    return (weston, environment)
}

/// A fresh empty folder `name`-<pid> under the system's temporary folder (whatever was there before is removed).
func temporaryDirectory(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

// MARK: The trace

/// The trace file at `path`, every line decoded; a line that is not a trace line throws, naming it.
func traceLines(atPath path: String) throws -> [TraceLine] {
    try traceLines(try String(contentsOfFile: path, encoding: .utf8), from: path)
}

/// The trace lines of `text` (JSON Lines read `from` a file or a pipe, for messages); a line that is not a trace line
/// throws, naming it.
func traceLines(_ text: String, from source: String) throws -> [TraceLine] {
    try text.split(separator: "\n").enumerated().map { number, line in
        do throws(TraceDecodeError) {
            return try TraceLine(decoding: line.utf8)
        } catch {
            throw TracedClient.Failure(description: "\(source):\(number + 1): \(error.reason)")
        }
    }
}

extension SceneRecord {
    /// The scene that wrote the record.
    var kind: SceneKind {
        switch self {
        case .panel: .panel
        case .transition: .transition
        case .gallery: .gallery
        case .playground: .playground
        case .scroll: .scroll
        }
    }
}

extension TraceLine {
    /// Who draws the window's decorations, as the platform names them (a `window` line).
    var windowDecorations: Window.Decorations? { decorations.flatMap(Window.Decorations.init(rawValue:)) }

    /// The input devices a `seat` line lists, in its order (nil when it names one the platform does not know).
    var devices: [SeatDevice]? {
        guard let names = seatDevices else { return nil }
        let devices = names.compactMap { name in SeatDevice.allCases.first { "\($0)" == name } }
        return devices.count == names.count ? devices : nil
    }
}

extension SceneEvent {
    /// The gallery item the event is about.
    var item: GalleryItem? { string(.item).flatMap(GalleryItem.init(rawValue:)) }
}

extension PanelScene.Record {
    /// The backend the panel runs on.
    var backendKind: BackendKind? { BackendKind(rawValue: backend) }
}

extension TraceRecord.Switcher {
    /// The switcher's touch targets by name (the first of a name).
    var targetsByName: [String: DrawRect] {
        Dictionary(targets.map { ($0.name, $0.rect) }, uniquingKeysWith: { first, _ in first })
    }
}

/// How far apart two points are (infinite when either is missing).
func distance(_ a: SIMD2<Double>?, _ b: SIMD2<Double>?) -> Double {
    guard let a, let b else { return .infinity }
    let d = a - b
    return (d * d).sum().squareRoot()
}

// MARK: Scene drivers more than one suite plays

extension Compositor {
    /// Presents the transition's card with `script` (a tap or a click on the backdrop at 800x600) and waits until it
    /// is part-way in (presenting, its top below y −260); returns the tap the scene saw and that line.
    func presentCardMidway(_ script: String) throws -> (tap: SceneEvent?, index: Int, event: TraceLine) {
        let mark = app.events.count
        try play(script)
        let tap = try app.waitForGesture(.tap, after: mark)
        let midway = try app.waitFor("the card part-way in", after: tap.index) {
            guard let card = $0.transition else { return false }
            return card.state == .presenting && card.cardY > -260
        }
        return (tap.event.gesture, midway.index, midway.event)
    }

    /// Waits for the transition's decision at a release (cancel or finish) at index ≥ `after`.
    func waitForDecision(after: Int) throws -> (index: Int, event: SceneEvent?) {
        let decision = try app.waitFor("the decision", after: after) {
            guard let kind = $0.gesture?.kind else { return false }
            return kind == .cancel || kind == .finish
        }
        return (decision.index, decision.event.gesture)
    }

    /// Waits for the transition's card at rest, presented or dismissed, at index ≥ `after`.
    @discardableResult
    func waitForCardAtRest(after: Int) throws -> (index: Int, event: TraceLine) {
        try app.waitFor("at rest", after: after) {
            guard let card = $0.transition else { return false }
            return card.state == .presented || card.state == .dismissed
        }
    }
}

// MARK: Processes

/// Starts the momentum binary with `arguments` (stdin and stdout closed, stderr piped), in `environment` when given
/// (else this process's): the process and its stderr.
func startMomentum(_ arguments: [String], environment: [String: String]? = nil) throws -> (process: Process, stderr: Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try Compositor.momentumBinary())
    process.arguments = arguments
    if let environment { process.environment = environment }
    let err = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    return (process, err)
}

/// Starts the momentum binary with `arguments` (stdin and stdout closed, stderr piped) and waits, up to 60 s, until
/// it runs a child of each name in `names` (its compositor, the app): the command, its stderr, and those children
/// (a name missing when the command ended or the time ran out first).
func startWithChildren(_ arguments: [String], named names: [String]) throws
    -> (process: Process, stderr: Pipe, children: [String: ChildProcess]) {
    let (process, err) = try startMomentum(arguments)
    var found: [String: ChildProcess] = [:]
    let deadline = Date(timeIntervalSinceNow: 60)
    while found.count < names.count && process.isRunning && Date() < deadline {
        for child in ChildProcess.children(of: process.processIdentifier) where names.contains(child.name) {
            found[child.name] = child
        }
        usleep(50_000)
    }
    return (process, err, found)
}

/// A process as /proc shows it: for checking what a command started and left behind.
struct ChildProcess {
    let pid: Int32
    /// Its name (`/proc/<pid>/comm`).
    let name: String
    /// The first word of its command line (the path it was started as).
    let executable: String

    /// The process `pid`, nil when there is none.
    init?(pid: Int32) {
        guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return nil }
        self.pid = pid
        name = comm.trimmingCharacters(in: .whitespacesAndNewlines)
        let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        executable = String(decoding: cmdline.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The processes whose parent is `parent`.
    static func children(of parent: Int32) -> [ChildProcess] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
        return pids.filter { pid in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("PPid:") }) else { return false }
            return Int32(line.dropFirst("PPid:".count).trimmingCharacters(in: .whitespaces)) == parent
        }.compactMap { ChildProcess(pid: $0) }
    }

    /// Whether this process has ended (and was reaped, or is a zombie) within `seconds`.
    func isGone(within seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        repeat {
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?
                .split(separator: ")").last?.split(separator: " ").first
            if state == nil || state == "Z" || ChildProcess(pid: pid)?.name != name { return true }
            usleep(50_000)
        } while Date() < deadline
        return false
    }
}
