#if canImport(Glibc)
import Glibc
#endif

/// A private sway 1.7, headless (`WLR_BACKENDS=headless WLR_RENDERER=pixman`, no input devices, no Xwayland, no
/// borders), with one output. sway refuses to run as root, so as root it and its clients run as a system user made
/// for it (`momentum-sway`, through `setpriv`), in a runtime folder that user owns; programs are copied there for it
/// (`runnable`). Readiness: sway runs its config's `exec` once it is up, which writes the display name into a FIFO.
public final class SwaySession: CompositorSession {
    /// The user sway and its clients run as when this process is root.
    public static let user = "momentum-sway"

    public let kind = CompositorKind.sway
    public let width: Int
    public let height: Int
    /// The output's scale (its mode is `width`×`height` times this).
    public let scale: Int
    public let waylandDisplay: String
    public let clientUser: (uid: UInt32, gid: UInt32)?
    public var runtimeDir: String { process.runtimeDir }
    /// sway's log (stdout and stderr).
    public var logPath: String { runtimeDir + "/sway.log" }

    private let process: CompositorProcess

    /// Starts sway (the first `sway` on PATH) with one `width`×`height` output in logical px at `scale`, and waits up
    /// to 30 s until it is up.
    public init(width: Int = 800, height: Int = 600, scale: Int = 1) throws(SessionError) {
        guard let sway = SearchPath.find("sway") else { throw SessionError("sway not found on PATH: apt-get install sway") }
        (self.width, self.height, self.scale) = (width, height, scale)
        clientUser = try geteuid() == 0 ? SessionUser.system(named: Self.user) : nil
        process = try CompositorProcess(name: "sway", prefix: "momentum-sway-", owner: clientUser)
        let runtime = process.runtimeDir
        let ready = runtime + "/ready", config = runtime + "/sway.config"
        do throws(SessionError) {
            try SessionFiles.fifo(ready, owner: clientUser)
            let output = "output HEADLESS-1 mode \(width * scale)x\(height * scale) position 0 0"
                + (scale == 1 ? "" : " scale \(scale)")
            try SessionFiles.write("""
                xwayland disable
                default_border none
                \(output)
                exec /bin/sh -c 'echo "$WAYLAND_DISPLAY" > \(ready)'

                """, to: config, mode: 0o644)
        } catch {
            process.stop()
            throw error
        }
        let command = SessionUser.launcher(user: clientUser, runtime: runtime,
                                    extra: ["WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1"])
            + [sway, "-c", config]
        try process.start(command, output: runtime + "/sway.log")
        waylandDisplay = try process.readyLine(fifo: ready, timeout: 30, log: runtime + "/sway.log")
    }

    deinit { stop() }

    public var clientLauncher: [String] {
        SessionUser.launcher(user: clientUser, runtime: runtimeDir, extra: ["WAYLAND_DISPLAY=\(waylandDisplay)"])
    }

    public func stop() { process.stop() }

    public func kill() { process.kill() }
}
