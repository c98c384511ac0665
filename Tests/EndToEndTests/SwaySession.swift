import Foundation
import MomentumApp

/// sway 1.7 headless (`WLR_BACKENDS=headless WLR_RENDERER=pixman`) with the app and the `vinput` injector
/// (pointer and keys through `zwlr_virtual_pointer_v1` / `zwp_virtual_keyboard_v1`) inside it. sway refuses to
/// run as root, so as root everything here runs as an unprivileged user made for it (`momentum-sway`), in a
/// runtime directory it owns, with the app and the injector copied there (a CI checkout may sit where that user
/// cannot reach). A missing sway is a failure, never a skip.
final class SwaySession {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static let user = "momentum-sway"
    /// XDG_RUNTIME_DIR of the session: sway's sockets, its log, the copied binaries.
    let runtime: String
    /// The Wayland display name sway chose (`wayland-1` for sway 1.7).
    let display: String
    /// The user everything runs as (this process's own when not root).
    let uid: UInt32, gid: UInt32
    private let sway: Process
    /// The momentum binary, copied where the session's user can run it.
    let momentum: String
    private let vinput: String

    /// Starts sway with one `width`×`height` output and waits until it runs its config's `exec` (the compositor
    /// is up and the Wayland socket exists).
    init(width: Int = 800, height: Int = 600) throws {
        guard let swayPath = SearchPath.find("sway") else { throw Failure(description: "sway not found: apt-get install sway") }
        if geteuid() == 0 {
            if getpwnam(Self.user) == nil {
                let add = try ProgramRun("/usr/sbin/useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", Self.user])
                guard add.status == 0 else { throw Failure(description: "useradd \(Self.user) failed: \(add.transcript)") }
            }
            guard let entry = getpwnam(Self.user) else { throw Failure(description: "no user \(Self.user) after useradd") }
            (uid, gid) = (entry.pointee.pw_uid, entry.pointee.pw_gid)
        } else {
            (uid, gid) = (getuid(), getgid())
        }
        var template = Array((NSTemporaryDirectory() + "momentum-sway-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw Failure(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        runtime = directory
        guard chown(runtime, uid, gid) == 0, chmod(runtime, 0o700) == 0 else {
            throw Failure(description: "cannot give \(runtime) to uid \(uid): \(String(cString: strerror(errno)))")
        }
        // The binaries, where the user can run them.
        momentum = runtime + "/momentum"
        vinput = runtime + "/vinput"
        try FileManager.default.copyItem(atPath: try Compositor.momentumBinary(), toPath: momentum)
        try FileManager.default.copyItem(atPath: try buildHarnessTool("vinput"), toPath: vinput)
        // Readiness: sway runs `exec` once it is up, which writes the display name into a FIFO read here.
        let ready = runtime + "/ready"
        guard mkfifo(ready, 0o600) == 0, chown(ready, uid, gid) == 0 else {
            throw Failure(description: "cannot make \(ready): \(String(cString: strerror(errno)))")
        }
        let config = """
            xwayland disable
            default_border none
            output HEADLESS-1 mode \(width)x\(height) position 0 0
            exec /bin/sh -c 'echo "$WAYLAND_DISPLAY" > \(ready)'

            """
        try config.write(toFile: runtime + "/sway.config", atomically: false, encoding: .utf8)
        let log = runtime + "/sway.log"
        guard FileManager.default.createFile(atPath: log, contents: nil), let logHandle = FileHandle(forWritingAtPath: log) else {
            throw Failure(description: "cannot create \(log)")
        }
        sway = Process()
        let command = Self.launcher(uid: uid, gid: gid, runtime: runtime,
                                    extra: ["WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1"])
            + [swayPath, "-c", runtime + "/sway.config"]
        try Self.start(sway, command, input: FileHandle.nullDevice, output: logHandle, error: logHandle)
        try? logHandle.close()
        let started = sway
        do {
            display = try Self.readLine(fifo: ready, timeout: 30, alive: { started.isRunning })
        } catch {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if started.isRunning { Glibc.kill(started.processIdentifier, SIGKILL) }
            started.waitUntilExit()
            try? FileManager.default.removeItem(atPath: directory)
            throw Failure(description: "\(error); sway log:\n\(text)")
        }
    }

    deinit { stop() }

    /// `setpriv … env -i …` (or just `env -i …` when not root): runs a command as the session's user with only the
    /// session's environment.
    private static func launcher(uid: UInt32, gid: UInt32, runtime: String, extra: [String]) -> [String] {
        let asUser = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(gid)", "--init-groups", "--"] : []
        return asUser + ["/usr/bin/env", "-i", "HOME=\(runtime)", "PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(runtime)"] + extra
    }

    /// Runs `command` (its first element the executable) in `process` with these standard streams.
    static func start(_ process: Process, _ command: [String], input: Any, output: Any, error: Any) throws {
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
    }

    /// The launcher for a client of this session.
    var clientLauncher: [String] { Self.launcher(uid: uid, gid: gid, runtime: runtime, extra: ["WAYLAND_DISPLAY=\(display)"]) }

    /// Starts `momentum run <arguments>` in the session, its trace streamed back.
    func app(_ arguments: [String]) throws -> TracedClient {
        try TracedClient(executable: momentum, arguments: arguments, environment: [:], launcher: clientLauncher,
                         pipeOwner: (uid, gid))
    }

    /// Starts an injector: its virtual pointer and keyboard plug those capabilities into the seat until `close`.
    func virtualInput() throws -> VirtualInput { try VirtualInput(command: clientLauncher + [vinput, "-"]) }

    /// sway's log so far.
    func logText() -> String { (try? String(contentsOfFile: runtime + "/sway.log", encoding: .utf8)) ?? "" }

    /// Kills sway at once (the compositor crashing under the app).
    func kill() { if sway.isRunning { Glibc.kill(sway.processIdentifier, SIGKILL) } }

    /// Stops sway (SIGTERM, then SIGKILL after 10 s) and removes the runtime directory.
    func stop() {
        if sway.isRunning {
            Glibc.kill(sway.processIdentifier, SIGTERM)
            let deadline = Date(timeIntervalSinceNow: 10)
            while sway.isRunning && Date() < deadline { usleep(10_000) }
            if sway.isRunning { Glibc.kill(sway.processIdentifier, SIGKILL) }
            sway.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtime)
    }

    /// The first line written into `fifo`, waiting at most `timeout` s while `alive` holds (`compositor` names it
    /// in the errors).
    static func readLine(fifo: String, timeout: Double, compositor: String = "sway", alive: () -> Bool) throws -> String {
        // Non-blocking open: Linux reports no hang-up on a FIFO until a writer has come and gone.
        let fd = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: "cannot open \(fifo): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let reader = PollLineReader(fd: fd)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let line = try reader.line(timeoutMs: 100) { return line }
            guard alive() else { throw Failure(description: "\(compositor) exited before it was ready") }
        }
        throw Failure(description: "\(compositor) was not ready within \(timeout) s")
    }
}

/// Reads lines from a file descriptor with `poll` timeouts.
final class PollLineReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var atEnd = false

    init(fd: Int32) { self.fd = fd }

    /// The next line, or nil if none arrived within `timeoutMs`; throws at end of file.
    func line(timeoutMs: Int32) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if atEnd { throw SwaySession.Failure(description: "end of file before a full line (\(String(decoding: buffer, as: UTF8.self)))") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, timeoutMs)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 {
                if pfd.revents & Int16(POLLHUP) != 0 || n == 0 { atEnd = true }
                continue
            }
            buffer += chunk[..<n]
        }
    }
}

/// A running `vinput -` (one virtual pointer and keyboard under sway) or `kwinput -` (one fake input device under
/// KWin); each command is answered `ok` once the compositor processed it.
final class VirtualInput {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let reader: PollLineReader
    /// The injector's name in errors.
    private let name: String

    init(command: [String], name: String = "vinput") throws {
        self.name = name
        try SwaySession.start(process, command, input: input, output: output, error: FileHandle.standardError)
        reader = PollLineReader(fd: output.fileHandleForReading.fileDescriptor)
        try expect("ready")
    }

    deinit { close() }

    /// Sends one command (see harness/vinput.c, harness/kwinput.c) and waits for its `ok`.
    func send(_ command: String) throws {
        // Checked first: writing to a pipe nobody reads would raise SIGPIPE in this test process.
        guard process.isRunning else { throw SwaySession.Failure(description: "\(name) is gone (sending '\(command)')") }
        let bytes = Array((command + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw SwaySession.Failure(description: "cannot send '\(command)' to \(name): \(String(cString: strerror(errno)))")
        }
        try expect("ok")
    }

    private func expect(_ word: String, timeout: Double = 20) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            guard let line = try reader.line(timeoutMs: 100) else { continue }
            if line == word { return }
            throw SwaySession.Failure(description: "\(name) said '\(line)', expected '\(word)'")
        }
        throw SwaySession.Failure(description: "\(name) did not say '\(word)' within \(timeout) s")
    }

    /// Ends the injector (end of input): its devices go away (sway's seat loses pointer and keyboard, KWin's touch
    /// and pointer).
    func close() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
    }
}
