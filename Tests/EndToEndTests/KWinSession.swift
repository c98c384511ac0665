import Foundation
import MomentumApp

/// KWin 5.27 on its virtual backend (`kwin_wayland --virtual`) with the app and the `kwinput` injector (genuine
/// touch, pointer and keys through `org_kde_kwin_fake_input`) inside it. Debian's `kwin_wayland` carries a file
/// capability (`cap_sys_resource`) that a container refuses to exec ("Operation not permitted"), so a plain copy of it
/// without the capability runs, in a runtime directory of its own. `KWIN_WAYLAND_NO_PERMISSION_CHECKS=1` makes KWin
/// offer its restricted globals (fake input among them) to any client; `KWIN_COMPOSE=Q` composites with QPainter,
/// which takes less than half the CPU of llvmpipe GL (the other suites run beside this one). KWin runs as the test's
/// own user (root on CI is fine) with no D-Bus, no Xwayland, no lock screen and no global shortcuts. A missing KWin is
/// a failure, never a skip.
final class KWinSession {
    typealias Failure = SwaySession.Failure

    /// XDG_RUNTIME_DIR (and HOME) of the session: KWin's socket, its config (`.config/kwinrc`), its log, the copied
    /// binary.
    let runtime: String
    /// The Wayland display name (the socket KWin was told to listen on).
    let display: String
    private let kwin: Process
    private let kwinput: String

    /// Starts KWin with one `width`×`height` virtual output and waits until it starts its session program (the
    /// workspace and the Wayland socket are up).
    init(width: Int = 800, height: Int = 600) throws {
        guard let kwinPath = SearchPath.find("kwin_wayland") else {
            throw Failure(description: "kwin_wayland not found: apt-get install kwin-wayland")
        }
        kwinput = try buildHarnessTool("kwinput")
        var template = Array((NSTemporaryDirectory() + "momentum-kwin-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw Failure(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        runtime = directory
        // The binary without its file capability: only the contents are copied, no extended attributes.
        let binary = runtime + "/kwin_wayland"
        let contents = try Data(contentsOf: URL(fileURLWithPath: kwinPath))
        guard FileManager.default.createFile(atPath: binary, contents: contents, attributes: [.posixPermissions: 0o755]) else {
            throw Failure(description: "cannot copy \(kwinPath) to \(binary)")
        }
        // Readiness: KWin runs the programs named on its command line once it is up; this one writes the display
        // name into a FIFO read here.
        let ready = runtime + "/ready"
        guard mkfifo(ready, 0o600) == 0 else { throw Failure(description: "cannot make \(ready): \(String(cString: strerror(errno)))") }
        let hook = runtime + "/ready.sh"
        guard FileManager.default.createFile(atPath: hook, contents: Data("#!/bin/sh\necho \"$WAYLAND_DISPLAY\" > '\(ready)'\n".utf8),
                                             attributes: [.posixPermissions: 0o755]) else {
            throw Failure(description: "cannot write \(hook)")
        }
        // No window decorations, whatever is installed: the window's top left is the output's (0,0), so touch
        // coordinates are the same in the output and in the window.
        try FileManager.default.createDirectory(atPath: runtime + "/.config", withIntermediateDirectories: false)
        try "[org.kde.kdecoration2]\nNoPlugin=true\n".write(toFile: runtime + "/.config/kwinrc", atomically: false, encoding: .utf8)
        let log = runtime + "/kwin.log"
        guard FileManager.default.createFile(atPath: log, contents: nil), let logHandle = FileHandle(forWritingAtPath: log) else {
            throw Failure(description: "cannot create \(log)")
        }
        kwin = Process()
        let command = Self.unblockingSignals + Self.launcher(runtime: runtime, extra: ["KWIN_WAYLAND_NO_PERMISSION_CHECKS=1", "KWIN_COMPOSE=Q"])
            + [binary, "--virtual", "--width", "\(width)", "--height", "\(height)", "--socket", "momentum-kwin",
               "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities", hook]
        try SwaySession.start(kwin, command, input: FileHandle.nullDevice, output: logHandle, error: logHandle)
        try? logHandle.close()
        let started = kwin
        do {
            display = try SwaySession.readLine(fifo: ready, timeout: 30, compositor: "KWin", alive: { started.isRunning })
        } catch {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if started.isRunning { Glibc.kill(started.processIdentifier, SIGKILL) }
            started.waitUntilExit()
            try? FileManager.default.removeItem(atPath: directory)
            throw Failure(description: "\(error); KWin log:\n\(text)")
        }
    }

    deinit { stop() }

    /// Runs a command with no signal blocked. A process started from a test inherits the blocked signals of the
    /// dispatch thread that started it (all asynchronous ones), and KWin takes SIGTERM with a plain handler, so it
    /// would never see the SIGTERM that stops it. (perl is Essential in Debian, always there.)
    private static let unblockingSignals = [
        "/usr/bin/perl", "-MPOSIX", "-e",
        "sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die qq(sigprocmask: $!\\n); exec { $ARGV[0] } @ARGV or die qq(exec $ARGV[0]: $!\\n)",
        "--",
    ]

    /// `env -i …`: runs a command with only the session's environment.
    private static func launcher(runtime: String, extra: [String]) -> [String] {
        ["/usr/bin/env", "-i", "HOME=\(runtime)", "PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(runtime)"] + extra
    }

    /// The launcher for a client of this session.
    var clientLauncher: [String] { Self.launcher(runtime: runtime, extra: ["WAYLAND_DISPLAY=\(display)"]) }

    /// Starts `momentum run <arguments>` in the session, its trace streamed back.
    func app(_ arguments: [String]) throws -> TracedClient {
        try TracedClient(executable: try Compositor.momentumBinary(), arguments: arguments, environment: [:],
                         launcher: clientLauncher)
    }

    /// Starts an injector: its fake input device plugs touch and pointer into the seat until `close`.
    func fakeInput() throws -> VirtualInput { try VirtualInput(command: clientLauncher + [kwinput, "-"], name: "kwinput") }

    /// KWin's log so far.
    func logText() -> String { (try? String(contentsOfFile: runtime + "/kwin.log", encoding: .utf8)) ?? "" }

    /// Kills KWin at once (the compositor crashing under the app).
    func kill() { if kwin.isRunning { Glibc.kill(kwin.processIdentifier, SIGKILL) } }

    /// Stops KWin (SIGTERM, then SIGKILL after 10 s) and removes the runtime directory.
    func stop() {
        if kwin.isRunning {
            Glibc.kill(kwin.processIdentifier, SIGTERM)
            let deadline = Date(timeIntervalSinceNow: 10)
            while kwin.isRunning && Date() < deadline { usleep(10_000) }
            if kwin.isRunning { Glibc.kill(kwin.processIdentifier, SIGKILL) }
            kwin.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtime)
    }
}
