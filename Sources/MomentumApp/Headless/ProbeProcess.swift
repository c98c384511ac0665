import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// harness/touch-probe (or any line-printing helper) as a child process whose stdout lines are read with a
/// deadline; what the tests use to see what a plain Wayland client receives.
final class ProbeProcess {
    private let process: ChildProcess
    private let pipe: ChildPipe
    private let reader: LineReader

    /// Starts `path` with `arguments`, the current environment overlaid with `environment`.
    init(path: String, arguments: [String] = [], environment: [String: String]) throws {
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        pipe = try ChildPipe()
        reader = LineReader(fd: pipe.readEnd)
        process = try ChildProcess([path] + arguments, environment: env, stdin: .inherit, stdout: .pipe(pipe))
    }

    /// The next output line, or an error when the deadline passes or the process exits first.
    func next(deadline: ContinuousClock.Instant) throws -> String {
        guard let line = try reader.readLine(deadline: deadline, what: "touch-probe output") else {
            throw HarnessError.connection("touch-probe exited")
        }
        return line
    }

    /// True until the process exits.
    var isRunning: Bool { process.isRunning }

    /// Reads and discards the rest of the output until the process closes it, then waits for it to exit.
    func drain() {
        _ = TracedClient.readToEnd(pipe.readEnd)
        process.waitUntilExit()
    }

    /// SIGKILL: children spawned from a test thread inherit its blocked signal mask, so SIGTERM may never arrive.
    func stop() {
        process.signal(SIGKILL)
        process.waitUntilExit()
    }
}
