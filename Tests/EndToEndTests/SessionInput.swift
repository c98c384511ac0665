import Foundation
import MomentumApp
import MomentumRun
import Testing

/// The test-only side of the private sway and KWin sessions (`SwaySession`, `KWinSession` in MomentumApp): the app
/// started inside them, and the injectors built from harness/ (a missing compositor or tool is a failure, never a
/// skip).
extension CompositorSession {
    /// Starts `momentum run <arguments>` in the session, its trace streamed back.
    func app(_ arguments: [String]) throws -> TracedClient {
        try startClient(try Compositor.momentumBinary(), arguments: arguments)
    }
}

extension SwaySession {
    /// Starts a `vinput` injector: its virtual pointer and keyboard (`zwlr_virtual_pointer_v1`,
    /// `zwp_virtual_keyboard_v1`) plug those capabilities into the seat until `close`.
    func virtualInput() throws -> VirtualInput {
        try VirtualInput(command: clientLauncher + [try runnable(try buildHarnessTool("vinput")), "-"], name: "vinput")
    }
}

extension KWinSession {
    /// Starts a `kwinput` injector: its fake input device (`org_kde_kwin_fake_input`: genuine touch, pointer and keys)
    /// plugs touch and pointer into the seat until `close`.
    func fakeInput() throws -> VirtualInput {
        try VirtualInput(command: clientLauncher + [try runnable(try buildHarnessTool("kwinput")), "-"], name: "kwinput")
    }
}

/// A running `vinput -` (one virtual pointer and keyboard under sway) or `kwinput -` (one fake input device under
/// KWin); each command is answered `ok` once the compositor processed it.
final class VirtualInput {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let reader: LineReader
    /// The injector's name in errors.
    private let name: String

    /// Starts `command` (its first element the executable) and waits for its `ready`.
    init(command: [String], name: String) throws {
        self.name = name
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        reader = LineReader(fd: output.fileHandleForReading.fileDescriptor)
        try expect("ready")
    }

    deinit { close() }

    /// Sends one command (see harness/vinput.c, harness/kwinput.c) and waits for its `ok`.
    func send(_ command: String) throws {
        // Checked first: writing to a pipe nobody reads would raise SIGPIPE in this test process.
        guard process.isRunning else { throw TracedClient.Failure(description: "\(name) is gone (sending '\(command)')") }
        let bytes = Array((command + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw TracedClient.Failure(description: "cannot send '\(command)' to \(name): \(String(cString: strerror(errno)))")
        }
        try expect("ok")
    }

    private func expect(_ word: String, timeout: Duration = .seconds(20)) throws {
        let what = "'\(word)' from \(name)"
        guard let line = try reader.readLine(deadline: .now + timeout, what: what) else {
            throw TracedClient.Failure(description: "\(name) ended before it said '\(word)'")
        }
        guard line == word else { throw TracedClient.Failure(description: "\(name) said '\(line)', expected '\(word)'") }
    }

    /// Ends the injector (end of input): its devices go away (sway's seat loses pointer and keyboard, KWin's touch
    /// and pointer).
    func close() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
    }
}

extension TracedClient {
    /// The smoke tests' drag, after `mark`: a finger pressed on the resting panel's strip at (400, 560) and lifted at
    /// y 200 (each where it was put), the pan it made ended, and the panel open; returns the open panel's line.
    @discardableResult
    func waitForPanelDraggedOpen(after mark: Int, downTimeout: Double = 20) throws -> (index: Int, event: TraceLine) {
        let down = try waitFor("the finger down", after: mark, timeout: downTimeout) { $0.touch?.phase == .down }
        #expect(down.event.touch?.position == SIMD2(400, 560), "\(down.event.encoded)")
        try waitFor("the finger up", after: down.index) {
            guard let touch = $0.touch else { return false }
            return touch.phase == .up && touch.position.y == 200
        }
        try waitForGesture(.panEnded, after: mark)
        return try waitFor("the panel open", after: mark) { $0.panel?.state == .open }
    }
}
