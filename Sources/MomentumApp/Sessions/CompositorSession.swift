import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MomentumCore

/// The compositors Momentum can start privately, headless, for `momentum bench --compositor`, `momentum headless`
/// and the tests.
public enum CompositorKind: String, CaseIterable, Sendable {
    /// weston 10, headless backend, pixman, with the touch-injection module (`WestonSession`).
    case weston
    /// GNOME's mutter 43, headless, one virtual monitor, touch through its remote-desktop API (`MutterSession`).
    case mutter
    /// sway 1.7 (wlroots): nested in a private weston headless for the bench, with presentation feedback and touch
    /// (`NestedSession`); on wlroots' headless backend, without either, for the tests of virtual input (`SwaySession`).
    case sway
    /// KWin 5.27, virtual backend, QPainter (`KWinSession`).
    case kwin
    /// phoc 0.24, Phosh's compositor (wlroots), nested in a private weston headless (`NestedSession`).
    case phoc

    /// The compositor's name in messages.
    public var name: String {
        switch self {
        case .weston: "weston"
        case .mutter: "mutter"
        case .sway: "sway"
        case .kwin: "KWin"
        case .phoc: "phoc"
        }
    }
}

/// Why a private sway or KWin session could not start or run a client: one line.
public struct SessionError: Error, Equatable, CustomStringConvertible {
    /// The one-line reason.
    public let description: String
    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }
}

/// A private compositor Momentum started, with one output of the size it was started with, in a runtime folder of its
/// own (XDG_RUNTIME_DIR), until `stop` (SIGTERM, then SIGKILL; the compositor reaped, the folder removed) or `kill`
/// (SIGKILL at once: the compositor crashing under its clients). Stopping twice, or from another thread while the
/// owner stops it too, is safe. A client runs inside it as `clientLauncher + [program, arguments…]`, as
/// `clientUser` when that is set (see `startClient`).
public protocol CompositorSession: AnyObject, Sendable {
    /// Which compositor this is.
    var kind: CompositorKind { get }
    /// The output's size in logical px.
    var width: Int { get }
    /// The output's size in logical px.
    var height: Int { get }
    /// The runtime folder (XDG_RUNTIME_DIR of the compositor and its clients): sockets, logs, copied binaries.
    var runtimeDir: String { get }
    /// The Wayland socket's name inside `runtimeDir` (WAYLAND_DISPLAY).
    var waylandDisplay: String { get }
    /// The command that runs a client inside the session with the session's environment (empty: started directly,
    /// with this process's environment and `environment` on top).
    var clientLauncher: [String] { get }
    /// The user a client runs as when not this process's (sway as root: `momentum-sway`): the trace pipe is given to
    /// it, and programs are copied where it can run them. Nil: clients run as this process's user.
    var clientUser: (uid: UInt32, gid: UInt32)? { get }
    /// The compositor's log file (inside `runtimeDir`).
    var logPath: String { get }
    /// Stops the compositor (SIGTERM, SIGKILL after 10 s), reaps it and removes the runtime folder.
    func stop()
    /// Kills the compositor at once (SIGKILL), reaps it and removes the runtime folder.
    func kill()
    /// Genuine touch into this compositor's seat (harness scripts, see harness/README.md), nil where none can be
    /// injected (the bench then drags with a scripted finger inside the app).
    var touch: TouchInjecting? { get }
    /// How many configures the compositor sends a new fullscreen window before it is in place (mutter 43: it maps
    /// the window, then makes it fullscreen with a second one): touch lands on what the screen shows after them.
    var configuresUntilPlaced: Int { get }
}

/// Something that plays a touch script (harness/README.md: `down`, `move`, `up`, `@T` times…) into a compositor as
/// genuine `wl_touch` events: weston's momentum-touch module, or what a session forwards to it.
public protocol TouchInjecting: AnyObject, Sendable {
    /// Plays `script` to its end (or throws one line saying why it could not).
    func playTouch(script: String, timeout: Duration) throws
    /// The finger of the last script played as the injector put it, where the compositor's own event times do not
    /// tell it (mutter stamps each event in whole ms when it takes it from the bus); nil where they do.
    func playedFinger() throws -> [InjectedTouch]?
}

extension TouchInjecting {
    /// The events' own times tell the finger (weston's module gives each its nanoseconds).
    public func playedFinger() throws -> [InjectedTouch]? { nil }
}

/// One touch event as an injector sent it: when (CLOCK_MONOTONIC ns), what, which point, where (the output's px).
public struct InjectedTouch: Equatable, Sendable {
    public var nanoseconds: Int64
    public var phase: TouchPhase
    public var id: Int
    public var x: Double, y: Double

    public init(nanoseconds: Int64, phase: TouchPhase, id: Int, x: Double, y: Double) {
        (self.nanoseconds, self.phase, self.id, self.x, self.y) = (nanoseconds, phase, id, x, y)
    }

    /// Reads an injector's record: one event a line, `<ns> <down|motion|up> <id> <x> <y>`; a problem names its
    /// line (`what:LINE`).
    public static func parse(_ text: String, what: String) throws(SessionError) -> [InjectedTouch] {
        var touches: [InjectedTouch] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let words = line.split(separator: " ")
            guard words.count == 5, let ns = Int64(words[0]), let phase = TouchPhase(rawValue: String(words[1])),
                  phase != .cancel, let id = Int(words[2]), let x = Double(words[3]), let y = Double(words[4]),
                  x.isFinite, y.isFinite else {
                throw SessionError("\(what):\(number + 1): expected `<ns> <down|motion|up> <id> <x> <y>`, got `\(line)`")
            }
            if let last = touches.last, ns < last.nanoseconds {
                throw SessionError("\(what):\(number + 1): time goes backwards (\(ns) < \(last.nanoseconds))")
            }
            touches.append(InjectedTouch(nanoseconds: ns, phase: phase, id: id, x: x, y: y))
        }
        return touches
    }
}

extension CompositorSession {
    /// No touch injection, unless a session says otherwise.
    public var touch: TouchInjecting? { nil }

    /// One configure, unless a session says otherwise.
    public var configuresUntilPlaced: Int { 1 }

    /// The compositor's log so far (empty if unreadable).
    public func logText() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// XDG_RUNTIME_DIR and WAYLAND_DISPLAY of a client of this compositor.
    public var environment: [String: String] { ["XDG_RUNTIME_DIR": runtimeDir, "WAYLAND_DISPLAY": waylandDisplay] }

    /// `executable` where `clientUser` can run it: the path itself for this process's user, else a copy in the
    /// runtime folder (which that user owns; a checkout may sit where it cannot reach), made on the first call.
    public func runnable(_ executable: String) throws(SessionError) -> String {
        guard clientUser != nil else { return executable }
        let copy = runtimeDir + "/" + URL(fileURLWithPath: executable).lastPathComponent
        if !FileManager.default.fileExists(atPath: copy) { try SessionFiles.copy(executable, to: copy) }
        return copy
    }

    /// Starts `executable run <arguments>` inside the session, its trace streamed back (and copied to `copyTo`).
    /// Run as another user, the client starts in the runtime folder (the caller's folder may be closed to it).
    public func startClient(_ executable: String, arguments: [String], copyTo: String? = nil) throws -> TracedClient {
        let program = try runnable(executable)
        var environment: [String: String] = [:]
        if clientLauncher.isEmpty {
            environment = ProcessInfo.processInfo.environment.merging(self.environment) { $1 }
        }
        return try TracedClient(executable: program, arguments: arguments, environment: environment, copyTo: copyTo,
                                launcher: clientLauncher, pipeOwner: clientUser,
                                directory: clientUser == nil ? nil : runtimeDir)
    }
}
