#if canImport(Glibc)
import Glibc
#endif

/// A private KWin 5.27 on its virtual backend (`kwin_wayland --virtual`), one output, no window decorations, no
/// D-Bus, no Xwayland, no lock screen and no global shortcuts, running as this process's user (root is fine).
/// Debian's `kwin_wayland` carries a file capability (`cap_sys_resource`) that a container refuses to exec ("Operation
/// not permitted"), so a plain copy of it without the capability runs, in the runtime folder.
/// `KWIN_WAYLAND_NO_PERMISSION_CHECKS=1` makes KWin offer its restricted globals (fake input among them) to any
/// client; `KWIN_COMPOSE=Q` composites with QPainter, which takes less than half the CPU of llvmpipe GL. Readiness:
/// KWin runs the program named on its command line once it is up, which writes the display name into a FIFO.
public final class KWinSession: CompositorSession {
    public let kind = CompositorKind.kwin
    public let width: Int
    public let height: Int
    /// The output's scale.
    public let scale: Int
    public let waylandDisplay: String
    public var clientUser: (uid: UInt32, gid: UInt32)? { nil }
    public var runtimeDir: String { process.runtimeDir }
    /// KWin's log (stdout and stderr).
    public var logPath: String { runtimeDir + "/kwin.log" }

    private let process: CompositorProcess

    /// Starts KWin (a copy of the first `kwin_wayland` on PATH) with one `width`×`height` virtual output in logical
    /// px at `scale`, and waits up to 30 s until it is up.
    public init(width: Int = 800, height: Int = 600, scale: Int = 1) throws(SessionError) {
        guard let kwin = SearchPath.find("kwin_wayland") else {
            throw SessionError("kwin_wayland not found on PATH: apt-get install kwin-wayland")
        }
        (self.width, self.height, self.scale) = (width, height, scale)
        process = try CompositorProcess(name: "KWin", prefix: "momentum-kwin-")
        let runtime = process.runtimeDir
        let binary = runtime + "/kwin_wayland", ready = runtime + "/ready", hook = runtime + "/ready.sh"
        do throws(SessionError) {
            try SessionFiles.copy(kwin, to: binary)
            try SessionFiles.fifo(ready)
            try SessionFiles.write("#!/bin/sh\necho \"$WAYLAND_DISPLAY\" > '\(ready)'\n", to: hook, mode: 0o755)
            // No window decorations, whatever is installed: the window's top left is the output's (0,0), so touch
            // coordinates are the same in the output and in the window.
            guard mkdir(runtime + "/.config", 0o700) == 0 else {
                throw SessionError("cannot create \(runtime)/.config: \(String(cString: strerror(errno)))")
            }
            try SessionFiles.write("[org.kde.kdecoration2]\nNoPlugin=true\n", to: runtime + "/.config/kwinrc", mode: 0o644)
        } catch {
            process.stop()
            throw error
        }
        let command = SessionUser.launcher(user: nil, runtime: runtime,
                                           extra: ["KWIN_WAYLAND_NO_PERMISSION_CHECKS=1", "KWIN_COMPOSE=Q"], unblocking: true)
            + [binary, "--virtual", "--width", "\(width)", "--height", "\(height)"]
            + (scale == 1 ? [] : ["--scale", "\(scale)"])
            + ["--socket", "momentum-kwin", "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities", hook]
        try process.start(command, output: runtime + "/kwin.log")
        waylandDisplay = try process.readyLine(fifo: ready, timeout: 30, log: runtime + "/kwin.log")
    }

    deinit { stop() }

    public var clientLauncher: [String] {
        SessionUser.launcher(user: nil, runtime: runtimeDir, extra: ["WAYLAND_DISPLAY=\(waylandDisplay)"])
    }

    public func stop() { process.stop() }

    public func kill() { process.kill() }
}
