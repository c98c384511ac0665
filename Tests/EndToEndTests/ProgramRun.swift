import Foundation
import MomentumApp

/// A program run to completion with its stdout and stderr collected; waited on with a deadline, never a sleep.
struct ProgramRun {
    /// The exit status.
    let status: Int32
    /// Everything written on stdout.
    let stdout: String
    /// Everything written on stderr.
    let stderr: String

    /// Collected output of the two pipes, filled by reader threads.
    private final class Output: @unchecked Sendable {
        let lock = NSLock()
        var stdout = "", stderr = ""
    }

    /// Runs `executable` with `arguments` in `directory`, with `environment` (this process's when nil), stdin
    /// empty; if it has not exited and closed its pipes within `timeout` seconds it is killed and this throws.
    init(_ executable: String, _ arguments: [String], in directory: String? = nil,
         environment: [String: String]? = nil, timeout: Double = 120) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let done = DispatchGroup(), output = Output()
        done.enter()
        done.enter()
        done.enter()
        process.terminationHandler = { _ in done.leave() }
        try process.run()
        Thread {
            let text = TracedClient.readToEnd(out.fileHandleForReading.fileDescriptor)
            output.lock.withLock { output.stdout = text }
            done.leave()
        }.start()
        Thread {
            let text = TracedClient.readToEnd(err.fileHandleForReading.fileDescriptor)
            output.lock.withLock { output.stderr = text }
            done.leave()
        }.start()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = done.wait(timeout: .now() + 10)
            throw TracedClient.Failure(description: "\(executable) \(arguments.joined(separator: " ")) did not finish "
                + "within \(timeout) s; stderr: \(output.lock.withLock { output.stderr })")
        }
        process.waitUntilExit()
        status = process.terminationStatus
        (stdout, stderr) = output.lock.withLock { (output.stdout, output.stderr) }
    }

    /// stdout and stderr together, for failure messages.
    var transcript: String { "status \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
}
