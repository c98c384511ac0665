#if canImport(Glibc)
import Glibc
#endif

/// A connection to something that plays touch scripts by harness/README.md's control protocol (weston's
/// momentum-touch module; mutter's RemoteDesktop injector): script lines then `end`, answered `ok <events>
/// <duration_ms>` or `error <where>: <message>`, then `done` once played. Not thread-safe: its session serialises.
final class TouchControl {
    private let connection: ControlConnection
    private var pending = false

    /// Takes over `connection`, whose `ready` was read.
    init(_ connection: ControlConnection) { self.connection = connection }

    /// Closes the connection.
    func close() {
        connection.close()
        pending = false
    }

    /// Submits a script and blocks until it is played (`done`) or `timeout` passes.
    @discardableResult
    func play(script: String, timeout: Duration) throws -> PlayResult {
        let result = try submit(script: script)
        try waitDone(deadline: .now + timeout)
        return result
    }

    /// Submits a script and returns once it was accepted (`ok`); throws `HarnessError.script` with the player's
    /// message if it was rejected (nothing is played).
    func submit(script: String, timeout: Duration = .seconds(20)) throws -> PlayResult {
        guard !pending else { throw HarnessError.connection("a script is still playing; call waitDone first") }
        if let line = script.split(separator: "\n", omittingEmptySubsequences: false)
            .first(where: { $0.trimmingSpaces() == "end" }) {
            throw HarnessError.script("<control>: a script line may not be `\(line)` (it ends the submission)")
        }
        var text = script
        if !text.hasSuffix("\n") { text += "\n" }
        try connection.send(text + "end\n")
        let reply = try connection.readLine(deadline: .now + timeout, what: "reply to a script")
        if reply.hasPrefix("error ") {
            throw HarnessError.script(String(reply.dropFirst("error ".count)))
        }
        guard let result = PlayResult(okLine: reply) else {
            throw HarnessError.connection("unexpected reply `\(reply)`")
        }
        pending = true
        return result
    }

    /// Waits for the `done` of the script accepted by the last `submit`.
    func waitDone(deadline: ContinuousClock.Instant) throws {
        guard pending else { return }
        let line = try connection.readLine(deadline: deadline, what: "`done`")
        guard line == "done" else { throw HarnessError.connection("expected `done`, got `\(line)`") }
        pending = false
    }

    /// Sends the one-line request `line` (not while a script plays: its `done` would interleave with the reply) and
    /// returns the reply; an `error …` reply is thrown as `HarnessError.script`.
    func request(_ line: String, timeout: Duration) throws -> String {
        guard !pending else { throw HarnessError.connection("a script is still playing; call waitDone first") }
        try connection.send(line + "\nend\n")
        let reply = try connection.readLine(deadline: .now + timeout, what: "reply to `\(line)`")
        if reply.hasPrefix("error ") { throw HarnessError.script(String(reply.dropFirst("error ".count))) }
        return reply
    }
}
