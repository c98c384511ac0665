import Foundation
@testable import MomentumApp

/// harness/touch-probe as a child process whose stdout lines are read with a deadline.
final class ProbeClient {
    private let process = Process()
    private let pipe = Pipe()
    private let reader: LineReader

    init(path: String, environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: path)
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardOutput = pipe
        reader = LineReader(fd: pipe.fileHandleForReading.fileDescriptor)
        try process.run()
    }

    func next(deadline: ContinuousClock.Instant) throws -> String {
        guard let line = try reader.readLine(deadline: deadline, what: "touch-probe output") else {
            throw HarnessError.connection("touch-probe exited")
        }
        return line
    }

    /// SIGKILL: children spawned from a test thread inherit its blocked signal mask, so SIGTERM may never arrive.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
