import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

/// A private wlroots compositor — sway 1.7 or Phosh's phoc 0.24 — nested in a private headless weston (its wayland
/// backend, `WLR_BACKENDS=wayland WLR_RENDERER=pixman`, no input devices of its own, no Xwayland): one window in
/// weston, which weston's kiosk shell makes fullscreen, so the inner output is `width`×`height` at weston's (0,0)
/// and a point of weston's output is the same point of the inner one. Headless wlroots 0.15 answers no presentation
/// feedback; nested, the inner compositor forwards weston's, and weston's momentum-touch module gives it genuine
/// `wl_touch`, which it passes on to its clients.
///
/// wlroots 0.15 makes no touch device for a capability its parent's seat had when it started (fixed in 0.16), so once
/// the inner compositor is up the module unplugs its touch device and plugs it in again, and the session waits until
/// the inner seat offers touch. Both compositors refuse, or are not meant, to run as root: as root the inner one and
/// its clients run as the system user `SwaySession.user` (through `setpriv`), in a runtime folder it owns, and weston's
/// runtime folder is opened to that user's group only (its socket given to the user). phoc runs without a session bus
/// (`GSETTINGS_BACKEND=memory`: its settings are the defaults, not a user's) and with `PHOC_DEBUG=no-quit` (it would
/// quit when its startup command ends). Readiness: sway runs its config's `exec`, phoc its `-E` command, once up,
/// which writes the inner display's name into a FIFO. `stop` and `kill` end the inner compositor, then weston, and
/// remove both folders.
public final class NestedSession: CompositorSession {
    public let kind: CompositorKind
    public let width: Int
    public let height: Int
    public let waylandDisplay: String
    public let clientUser: (uid: UInt32, gid: UInt32)?
    public var runtimeDir: String { process.runtimeDir }
    /// The inner compositor's log (stdout and stderr).
    public var logPath: String { runtimeDir + "/\(kind.rawValue).log" }
    /// The parent weston, with the touch-injection module.
    public let parent: WestonSession

    private let process: CompositorProcess

    /// The inner compositor's process id (`setpriv` and `env` exec it in place).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// The compositors that can be nested: sway and phoc.
    public static let kinds: [CompositorKind] = [.sway, .phoc]

    /// Starts weston (with the module at `module`, an absolute path) and `kind` (sway or phoc, the first on PATH) in
    /// it with one `width`×`height` output, waits up to 30 s until it is up and its seat offers touch.
    public init(_ kind: CompositorKind, module: String, width: Int = 800, height: Int = 600) throws(SessionError) {
        guard Self.kinds.contains(kind) else { throw SessionError("\(kind.name) cannot be nested in weston (only sway and phoc)") }
        guard let inner = SearchPath.find(kind.rawValue) else {
            throw SessionError("\(kind.rawValue) not found on PATH: apt-get install \(kind.rawValue)")
        }
        (self.kind, self.width, self.height) = (kind, width, height)
        do {
            parent = try WestonSession(module: module, width: width, height: height, shell: "kiosk-shell.so")
        } catch {
            throw SessionError("cannot start weston for \(kind.rawValue) to nest in: \(error)")
        }
        do throws(SessionError) {
            clientUser = try geteuid() == 0 ? SessionUser.system(named: SwaySession.user) : nil
            process = try CompositorProcess(name: kind.rawValue, prefix: "momentum-\(kind.rawValue)-", owner: clientUser)
        } catch {
            parent.stop()
            throw error
        }
        do throws(SessionError) {
            waylandDisplay = try Self.start(kind, inner, process: process, parent: parent, user: clientUser,
                                            width: width, height: height)
            try Self.plugTouch(parent: parent, socket: process.runtimeDir + "/" + waylandDisplay, name: kind.rawValue)
        } catch {
            process.kill()
            parent.stop()
            throw error
        }
    }

    deinit { stop() }

    /// Clients run with the session's environment, their XDG_CACHE_HOME in the runtime folder: Mesa keeps its shader
    /// cache there (without it, it would look in the home of the passwd entry, which `momentum-sway` has not, and every
    /// client would compile every shader again, seconds with llvmpipe).
    public var clientLauncher: [String] {
        SessionUser.launcher(user: clientUser, runtime: runtimeDir,
                             extra: ["WAYLAND_DISPLAY=\(waylandDisplay)", "XDG_CACHE_HOME=\(runtimeDir)/.cache"])
    }

    /// Genuine touch through weston's module: weston's output and the inner one are the same, point for point.
    public var touch: TouchInjecting? { parent }

    /// Stops the inner compositor (SIGTERM, SIGKILL after 10 s), then weston; both reaped, both folders removed.
    public func stop() {
        process.stop()
        parent.stop()
    }

    /// Kills the inner compositor at once (SIGKILL), then weston; both reaped, both folders removed.
    public func kill() {
        process.kill()
        parent.kill()
    }

    /// Writes the inner compositor's configuration, starts it and waits for its display name.
    private static func start(_ kind: CompositorKind, _ executable: String, process: CompositorProcess,
                              parent: WestonSession, user: (uid: UInt32, gid: UInt32)?,
                              width: Int, height: Int) throws(SessionError) -> String {
        let runtime = process.runtimeDir
        let ready = runtime + "/ready", log = runtime + "/\(kind.rawValue).log"
        let parentSocket = parent.runtimeDir + "/" + parent.waylandDisplay
        if let user { try openParent(parent, socket: parentSocket, to: user) }
        try SessionFiles.fifo(ready, owner: user)
        let announce = "/bin/sh -c 'echo \"$WAYLAND_DISPLAY\" > \(ready)'"
        var extra = ["WAYLAND_DISPLAY=\(parentSocket)", "WLR_BACKENDS=wayland", "WLR_RENDERER=pixman",
                     "WLR_LIBINPUT_NO_DEVICES=1"]
        let command: [String]
        switch kind {
        case .phoc:
            let config = runtime + "/phoc.ini"
            try SessionFiles.write("[core]\nxwayland=false\n\n[output:WL-1]\nmode=\(width)x\(height)\nscale=1\n",
                                   to: config, mode: 0o644)
            extra += ["GSETTINGS_BACKEND=memory", "PHOC_DEBUG=no-quit"]
            command = SessionUser.launcher(user: user, runtime: runtime, extra: extra, unblocking: true)
                + [executable, "-C", config, "-E", announce]
        default:
            let config = runtime + "/sway.config"
            try SessionFiles.write("""
                xwayland disable
                default_border none
                output WL-1 mode \(width)x\(height) position 0 0
                exec \(announce)

                """, to: config, mode: 0o644)
            command = SessionUser.launcher(user: user, runtime: runtime, extra: extra) + [executable, "-c", config]
        }
        try process.start(command, output: log)
        return try process.readyLine(fifo: ready, timeout: 30, log: log)
    }

    /// Lets `user` reach weston's socket, and nothing else there: weston's runtime folder is opened to the user's
    /// group for passing through (not listing), and the socket given to the user.
    private static func openParent(_ parent: WestonSession, socket: String,
                                   to user: (uid: UInt32, gid: UInt32)) throws(SessionError) {
        guard chown(parent.runtimeDir, UInt32.max, user.gid) == 0, chmod(parent.runtimeDir, 0o710) == 0,
              chown(socket, user.uid, user.gid) == 0 else {
            throw SessionError("cannot open weston's socket \(socket) to uid \(user.uid): \(String(cString: strerror(errno)))")
        }
    }

    /// Unplugs weston's touch device and plugs it in again, and waits until the inner seat (at `socket`) offers
    /// touch.
    private static func plugTouch(parent: WestonSession, socket: String, name: String) throws(SessionError) {
        do {
            try parent.play(script: "0 unplug touch\n0 plug touch\n", timeout: .seconds(20))
        } catch {
            throw SessionError("cannot unplug and plug weston's touch device for \(name): \(error)")
        }
        do {
            let watch = try SeatWatch(socket: socket)
            guard watch.hasSeat else { throw SessionError("\(name) nested in weston offers no seat") }
            guard try watch.waitForTouch(timeout: .seconds(20)) else {
                throw SessionError("\(name) nested in weston offered no touch within 20 s of weston's touch device plugged in")
            }
        } catch let error as SessionError {
            throw error
        } catch {
            throw SessionError("\(name): watching its seat: \(error)")
        }
    }
}
