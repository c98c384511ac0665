#if canImport(Glibc)
import Glibc
#endif

/// The write end of the pipe `StopOnSignal`'s handler writes the signal's number into (-1: none installed).
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// The signal handler: only `write(2)`, which is async-signal-safe.
private func forwardSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipe, &byte, 1)
}

/// While a command holds a private compositor: SIGINT, SIGTERM and SIGHUP run the clean-ups it registered (stop the
/// compositor, remove a work folder) on a thread of their own, then the process dies of the signal as it would
/// have, so no compositor and no runtime folder outlives it. The handler only writes the signal's number into a pipe;
/// a caught signal goes back to its default in every program exec'd meanwhile, so children are not affected. The
/// main thread, whatever fails there once the compositor is gone, does not get past `end` to report it.
final class StopOnSignal: @unchecked Sendable {
    /// The signals handled.
    static let signals: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

    private let lock = Lock()
    private var cleanups: [@Sendable () -> Void] = []
    /// A signal that arrived while `deferring` ran: acted on when it returns.
    private var pending: Int32?
    private var deferred = 0
    /// Set once the clean-ups start: the process is about to die of a signal.
    private var dying = false
    private let readEnd: Int32
    /// The line said (after `SIGTERM: `) when a signal stopped the command.
    private let message: String

    /// Installs the handlers (at most one `StopOnSignal` at a time); `end` removes them. `message` is what a signal
    /// stopping the command says after the signal's name.
    init(message: String) throws(AppError) {
        self.message = message
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0 else {
            throw AppError("cannot make a pipe for signals: \(String(cString: strerror(errno)))")
        }
        readEnd = ends[0]
        signalPipe = ends[1]
        for signal in Self.signals { Glibc.signal(signal.number, forwardSignal) }
        // Handled, so not blocked: a process started from a thread that blocks them (a test's) inherits that mask.
        // (Threads made from here on, the watcher's and the children's, start with this thread's mask.)
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in Self.signals { sigaddset(&mask, signal.number) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        do {
            _ = try WorkerThread("signals") { [self] in watch() }
        } catch {
            for signal in Self.signals { Glibc.signal(signal.number, SIG_DFL) }
            close(ends[0])
            close(ends[1])
            signalPipe = -1
            throw error
        }
    }

    /// Runs `cleanup` when a signal comes (before the process dies of it).
    func add(_ cleanup: @escaping @Sendable () -> Void) {
        lock.withLock { cleanups.append(cleanup) }
    }

    /// Runs `body` with a signal's effect put off until it returns: a compositor being started there is registered
    /// (`add`) before the clean-ups run.
    func deferring<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { deferred += 1 }
        defer {
            let signal = lock.withLock {
                deferred -= 1
                return deferred == 0 ? pending : nil
            }
            if let signal { die(of: signal) }
        }
        return try body()
    }

    /// Puts the default handlers back; clean-ups no longer run. Once a signal's clean-ups have started, never
    /// returns: the process dies of the signal.
    func end() {
        // Blocks for ever: the signal thread ends the process.
        if lock.withLock({ dying }) { while true { pause() } }
        for signal in Self.signals { Glibc.signal(signal.number, SIG_DFL) }
        var stop: UInt8 = 0
        _ = write(signalPipe, &stop, 1)
        close(signalPipe)
        signalPipe = -1
    }

    private func watch() {
        var byte: UInt8 = 0
        while true {
            let count = read(readEnd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || byte == 0 { break }
            let signal = Int32(byte)
            let later = lock.withLock {
                if deferred > 0 { pending = signal }
                return deferred > 0
            }
            if !later { die(of: signal) }
        }
        close(readEnd)
    }

    /// Runs the clean-ups once, says so in one line, and dies of `signal`.
    private func die(of signal: Int32) -> Never {
        let run = lock.withLock {
            dying = true
            defer { cleanups = [] }
            return cleanups
        }
        for cleanup in run { cleanup() }
        let name = Self.signals.first { $0.number == signal }?.name ?? "signal \(signal)"
        Console.error("\(name): \(message)")
        Glibc.signal(signal, SIG_DFL)
        Glibc.kill(getpid(), signal)
        _exit(128 + signal)
    }
}
