import CWaylandClient
import CLinux
import Glibc

/// The one-thread event loop: prepare_read → flush → poll → read_events → dispatch_pending, with every
/// asynchronous terminating signal (`EventLoop.signals`) taken through a signalfd so it ends the loop cleanly
/// instead of killing the process.
public final class EventLoop {
    /// Why `run` returned.
    public enum Exit: Equatable, Sendable {
        /// The app asked to stop (`stop(code:reason:)`).
        case requested(code: Int32, reason: String)
        /// One of `EventLoop.signals` arrived (its name, e.g. `SIGTERM`).
        case signal(name: String)
        /// The connection broke: compositor gone or protocol error.
        case failed(WaylandError)
    }

    /// Another file descriptor the loop serves (libdecor's, when its plugin does not use the connection's).
    public struct Source {
        /// What it is, for the one-line error when it fails.
        public let name: String
        /// Polled for reading alongside the connection.
        public let fd: Int32
        /// Called when `fd` is readable; false ends the loop as a broken connection.
        public let dispatch: () -> Bool

        /// A source.
        public init(name: String, fd: Int32, dispatch: @escaping () -> Bool) {
            self.name = name
            self.fd = fd
            self.dispatch = dispatch
        }
    }

    private let display: Display
    private let signalFD: Int32
    private var exit: Exit?
    private var sources: [Source] = []

    /// The signals that end the loop: every signal whose default action terminates the process and that is sent
    /// from outside (not a fault of the process itself, and not SIGPIPE or SIGXFSZ, which the app ignores so that
    /// the failing write reports its error instead).
    public static let signals: [(number: Int32, name: String)] = [
        (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGTERM, "SIGTERM"), (SIGUSR1, "SIGUSR1"),
        (SIGUSR2, "SIGUSR2"), (SIGALRM, "SIGALRM"), (SIGVTALRM, "SIGVTALRM"), (SIGPROF, "SIGPROF"),
        (SIGXCPU, "SIGXCPU"), (SIGIO, "SIGIO"), (SIGPWR, "SIGPWR"), (SIGSTKFLT, "SIGSTKFLT"),
    ]

    /// Blocks `signals` for the process and routes them into the loop.
    public init(display: Display) {
        self.display = display
        Self.blockSignals()
        signalFD = Self.signalDescriptor()
    }

    /// Blocks `signals` for the process (before any thread starts, so all inherit it): one that arrives before the
    /// loop runs waits for it and ends the run as it would later. Returns the set.
    public static func blockSignals() {
        var mask = signalSet()
        sigprocmask(SIG_BLOCK, &mask, nil)
    }

    /// `signals` as a set.
    private static func signalSet() -> sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal.number) }
        return mask
    }

    /// A non-blocking signalfd reading `signals` (blocked already); -1 when it cannot be made.
    static func signalDescriptor() -> Int32 {
        var mask = signalSet()
        return signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
    }

    /// Reads one signal from a `signalDescriptor()`: its name, or nil when none was waiting.
    static func takeSignal(from fd: Int32) -> String? {
        var info = signalfd_siginfo()
        guard read(fd, &info, MemoryLayout<signalfd_siginfo>.size) > 0 else { return nil }
        return signals.first { UInt32($0.number) == info.ssi_signo }?.name ?? "signal \(info.ssi_signo)"
    }

    deinit { if signalFD >= 0 { close(signalFD) } }

    /// Serves `source` from the next iteration on.
    public func add(_ source: Source) { sources.append(source) }

    /// Makes `run` return after the current iteration.
    public func stop(code: Int32, reason: String) {
        if exit == nil { exit = .requested(code: code, reason: reason) }
    }

    /// True from the loop's own read of the connection until its `afterDispatch` returns: everything the compositor
    /// had sent when the poll returned (microseconds ago) was read then.
    private var justRead = false

    /// Set by `afterDispatch` for the poll that follows it: when that poll has a timeout, it does not wake for the
    /// compositor's events; they are read (one non-blocking read) when it returns, at the timeout or for a signal or
    /// another source. For an app that would only queue them until a time it knows (a frame's learned start, where it
    /// reads them anyway): one wake-up fewer for each batch that comes meanwhile.
    public var defersReading = false

    /// Reads and dispatches whatever the compositor has sent by now, without waiting: the newest input reaches its
    /// handlers before a frame is built from it. Within the `afterDispatch` of the loop's own read it only
    /// dispatches what is queued: the poll that woke the loop read the connection microseconds ago, and a second
    /// poll would cost a system call a frame to find what arrived since (nearly always nothing). False when the
    /// connection broke (`run` then reports it).
    @discardableResult
    public func dispatchWaiting() -> Bool {
        let wl = display.pointer
        if justRead {
            justRead = false
            return wl_display_dispatch_pending(wl) >= 0
        }
        while wl_display_prepare_read(wl) != 0 {
            if wl_display_dispatch_pending(wl) < 0 { return false }
        }
        var fd = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&fd, 1, 0) > 0, fd.revents & Int16(POLLIN) != 0 {
            if wl_display_read_events(wl) < 0 { return false }
        } else {
            wl_display_cancel_read(wl)
        }
        return wl_display_dispatch_pending(wl) >= 0
    }

    /// How many batches found queued before the poll (read by someone else) are followed by `afterDispatch` in a
    /// row before the loop polls once (without sleeping) for signals and its other sources.
    static let queuedRunLimit = 4

    /// Runs until stopped, signalled or disconnected. `afterDispatch` runs after every batch of events (those the
    /// loop read, and those others read meanwhile, found queued before it sleeps) and once before the first poll;
    /// it returns the poll timeout in seconds (negative: sleep until an event), kept to the microsecond (a frame
    /// started at a learned deadline must not wake a millisecond late).
    public func run(afterDispatch: () -> Double) -> Exit {
        let wl = display.pointer
        var timeout = afterDispatch()
        // The descriptors polled: made again only when a source is added (no array made per iteration).
        var fds: [pollfd] = []
        var queuedRuns = 0
        while exit == nil {
            // Events that something else read from the connection while `afterDispatch` ran (Mesa inside
            // eglSwapBuffers, a round trip on its own queue) wait on the queue, where the poll does not see them:
            // dispatched here, they are a batch like any other, followed by `afterDispatch` before the loop sleeps
            // (a touch that came during a frame's drawing is handled for the frame after it, not at the next wake-up).
            var queued: Int32 = 0
            while wl_display_prepare_read(wl) != 0 {
                let dispatched = wl_display_dispatch_pending(wl)
                if dispatched < 0 { return .failed(display.connectionError()) }
                queued += dispatched
            }
            // At most a few such batches in a row: then the poll below runs without sleeping, so the signal
            // descriptor and the other sources are looked at even while every frame's swap reads the next events.
            if queued > 0 {
                queuedRuns += 1
                if queuedRuns <= Self.queuedRunLimit {
                    wl_display_cancel_read(wl)
                    timeout = afterDispatch()
                    continue
                }
                timeout = 0
            }
            queuedRuns = 0
            var wantWrite = false
            if wl_display_flush(wl) < 0 {
                if errno == EAGAIN { wantWrite = true } else {
                    wl_display_cancel_read(wl)
                    return .failed(display.connectionError())
                }
            }
            if fds.count != 2 + sources.count {
                fds = [pollfd(fd: display.fileDescriptor, events: 0, revents: 0),
                       pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)]
                    + sources.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            }
            let deferring = defersReading && timeout >= 0
            fds[0].events = (deferring ? 0 : Int16(POLLIN)) | (wantWrite ? Int16(POLLOUT) : 0)
            for index in fds.indices { fds[index].revents = 0 }
            let ready = momentum_poll_ns(&fds, UInt(fds.count), timeout < 0 ? -1 : Int64(min(timeout, 1e6) * 1e9))
            if ready < 0 && errno != EINTR {
                wl_display_cancel_read(wl)
                return .failed(.compositorGone("poll failed: \(String(cString: strerror(errno)))"))
            }
            // Deferred: read now whatever came meanwhile (the socket does not block; nothing there reads as nothing).
            if fds[0].revents & Int16(POLLIN) != 0 || deferring {
                if wl_display_read_events(wl) < 0 { return .failed(display.connectionError()) }
            } else {
                wl_display_cancel_read(wl)
            }
            if fds[0].revents & Int16(POLLERR | POLLHUP) != 0 && fds[0].revents & Int16(POLLIN) == 0 {
                return .failed(.compositorGone("the compositor went away (connection hung up)"))
            }
            if wl_display_dispatch_pending(wl) < 0 { return .failed(display.connectionError()) }
            for (index, source) in sources.enumerated() where fds[2 + index].revents != 0 {
                if !source.dispatch() { return .failed(.compositorGone("\(source.name) failed")) }
            }
            if fds[1].revents & Int16(POLLIN) != 0, let name = Self.takeSignal(from: signalFD) {
                return .signal(name: name)
            }
            justRead = true
            timeout = afterDispatch()
            justRead = false
        }
        _ = wl_display_flush(wl)
        return exit ?? .requested(code: 0, reason: "stopped")
    }
}
