import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// `momentum bench session` (not in the help): one of the bench's private compositors, held for a script that
/// measures other clients in it beside Momentum (scripts/bench-touch-floor.py: a C client's touch → present, the
/// compositor's floor), with the bench's own start, touch injection and stop.
///
/// Its stdout, line by line: whatever starting says, then `session <JSON>` once the compositor is up (`environment`:
/// XDG_RUNTIME_DIR and WAYLAND_DISPLAY; `launcher`: the command a client runs under, empty for none; `client_uid`
/// and `client_gid`: who clients run as, null for this process's user; `runtime_dir`; `configures_until_placed`: how
/// many configures a new fullscreen window gets before it is in place). Then it reads requests from
/// stdin: `runnable <path>` answers `runnable <path>` with where the clients' user can run that program (a copy in
/// the runtime folder where it is another user); touch script lines (harness/README.md) then `end` play the script
/// through the compositor's genuine touch and answer `done`, or `error <one line>`. At the end of stdin (or on
/// SIGINT, SIGTERM, SIGHUP) the compositor is stopped, reaped and its runtime folder removed.
struct BenchSessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Hold a private compositor of the bench for a measuring script (stdin: requests; its end stops it).",
        shouldDisplay: false)

    @Option(help: "The compositor: weston, mutter, sway or phoc (the ones touch can be injected into).")
    var compositor: CompositorKind
    @Option(help: "The output's size WxH in logical px.") var size = "800x600"

    func validate() throws {
        guard Size(size) != nil else { throw ValidationError("--size '\(size)' is not WxH with positive integers") }
        if compositor == .kwin { throw ValidationError("--compositor kwin: no touch can be injected into KWin here") }
    }

    func run() throws {
        let executable = try HeadlessCommand.executablePath()
        let output = Size(size) ?? Size(width: 800, height: 600)
        let onSignal = try StopOnSignal(message: "the session is stopped")
        defer { onSignal.end() }
        let session = try onSignal.deferring {
            let started = try BenchRunCommand.startSession(compositor, executable: executable, width: Int(output.width),
                                                           height: Int(output.height), scale: 1)
            onSignal.add { started.stop() }
            return started
        }
        defer { session.stop() }
        let description: [String: Any] = [
            "environment": session.environment, "launcher": session.clientLauncher, "runtime_dir": session.runtimeDir,
            "client_uid": session.clientUser.map { Int($0.uid) } ?? JSONNull(),
            "client_gid": session.clientUser.map { Int($0.gid) } ?? JSONNull(),
            "configures_until_placed": session.configuresUntilPlaced,
        ]
        let json = try AnyJSON.encode(description)
        Console.out("session " + String(decoding: json, as: UTF8.self))
        var script: [String] = []
        while let line = readLine() {
            if line.hasPrefix("runnable ") {
                do { Console.out("runnable " + (try session.runnable(String(line.dropFirst("runnable ".count))))) } catch {
                    Console.out("error \(error)")
                }
            } else if line.trimmingSpaces() == "end" {
                defer { script = [] }
                guard let touch = session.touch else {
                    Console.out("error \(compositor.name) takes no injected touch")
                    continue
                }
                do {
                    try touch.playTouch(script: script.joined(separator: "\n"), timeout: .seconds(120))
                    Console.out("done")
                } catch {
                    Console.out("error \(String(describing: error).split(separator: "\n").first ?? "")")
                }
            } else {
                script.append(line)
            }
        }
    }
}
