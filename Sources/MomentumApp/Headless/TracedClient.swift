import Foundation

/// A running `momentum run` whose trace streams through a pipe (`--trace /dev/stdout`), so a caller can wait
/// for trace events as they happen (with a deadline) instead of sleeping.
public final class TracedClient: @unchecked Sendable {
    /// Errors while waiting on the client.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the client's stderr.
        public let description: String
        /// A failure saying `description`.
        public init(description: String) { self.description = description }
    }

    private let process = Process()
    private let lock = NSCondition()
    private var collected: [TraceEvent] = []
    private var stdoutClosed = false
    private var stderrText = ""
    private let copy: FileHandle?

    /// Starts `executable run <arguments> --trace /dev/stdout` with `environment`; every trace line is also
    /// appended to `copyTo` when given.
    public init(executable: String, arguments: [String], environment: [String: String], copyTo: String? = nil) throws {
        if let copyTo {
            _ = FileManager.default.createFile(atPath: copyTo, contents: nil)
            copy = FileHandle(forWritingAtPath: copyTo)
        } else {
            copy = nil
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["run"] + arguments + ["--trace", "/dev/stdout"]
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = Thread { [self] in readLines(out.fileHandleForReading) }
        reader.start()
        let errReader = Thread { [self] in
            let data = err.fileHandleForReading.readDataToEndOfFile()
            lock.lock()
            stderrText += String(decoding: data, as: UTF8.self)
            lock.unlock()
        }
        errReader.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    private func readLines(_ handle: FileHandle) {
        var buffer = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            copy?.write(chunk)
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                if let event = TraceEvent(line: line) {
                    lock.lock()
                    collected.append(event)
                    lock.broadcast()
                    lock.unlock()
                }
            }
        }
        lock.lock()
        stdoutClosed = true
        lock.broadcast()
        lock.unlock()
    }

    /// Every event so far.
    public var events: [TraceEvent] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    /// What the client wrote on stderr so far.
    public var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return stderrText
    }

    /// The process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Waits until an event at index ≥ `after` satisfies `predicate`; returns it with its index.
    @discardableResult
    public func waitFor(_ what: String, after: Int = 0, timeout: Double = 20,
                        where predicate: (TraceEvent) -> Bool) throws -> (index: Int, event: TraceEvent) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        lock.lock()
        defer { lock.unlock() }
        var scanned = after
        while true {
            while scanned < collected.count {
                if predicate(collected[scanned]) { return (scanned, collected[scanned]) }
                scanned += 1
            }
            if stdoutClosed {
                throw Failure(description: "momentum exited before \(what); stderr: \(stderrText)")
            }
            if !lock.wait(until: deadline) {
                throw Failure(description: "timed out after \(timeout) s waiting for \(what); stderr: \(stderrText)")
            }
        }
    }

    /// Sends a signal (SIGTERM by default).
    public func signal(_ signal: Int32 = SIGTERM) { kill(process.processIdentifier, signal) }

    /// Waits for the process to exit and its trace to be read to the end; returns the exit status.
    public func waitExit(timeout: Double = 20) throws -> Int32 {
        let deadline = Date(timeIntervalSinceNow: timeout)
        lock.lock()
        while !stdoutClosed {
            if !lock.wait(until: deadline) {
                lock.unlock()
                throw Failure(description: "momentum did not exit within \(timeout) s")
            }
        }
        lock.unlock()
        process.waitUntilExit()
        try? copy?.close()
        return process.terminationStatus
    }
}
