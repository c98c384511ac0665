import Foundation
import MomentumApp
import MomentumRun
import Testing

/// `--version`, `--log-level` and `MOMENTUM_LOG_LEVEL` on the real binary; under a real weston, what the platform
/// reports at start-up (bound globals, missing optional ones) shows only at debug.
@Suite(.serialized) struct LoggingEndToEndTests {
    @Test func versionPrintsTheVersionAndExitsZero() throws {
        let run = try ProgramRun(try Compositor.momentumBinary(), ["--version"])
        // The version and the build (`git describe` of the checkout: a tag or a commit, maybe -dirty).
        #expect(run.status == 0 && run.stdout.hasPrefix("0.1.0 (") && run.stdout.hasSuffix(")\n") && run.stderr.isEmpty,
                "\(run.transcript)")
    }

    @Test(arguments: [["--version"], ["--help"], ["bench", "--help"], ["headless", "--help"]])
    func outputThatCannotBeWrittenIsOneLineAndANonZeroExit(arguments: [String]) throws {
        // stdout on a full disk: the text a caller waited for is not there, and it must hear so.
        let quoted = ([try Compositor.momentumBinary()] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let run = try ProgramRun("/bin/sh", ["-c", "exec \(quoted) >/dev/full"])
        #expect(run.status == 1, "\(run.transcript)")
        #expect(run.stderr == "momentum: cannot write to stdout: No space left on device\n", "\(run.transcript)")
    }

    @Test(arguments: [(["bench", "--duration", "-1"], "--duration -1"), (["bench", "--rounds", "-3"], "--rounds -3")])
    func aNegativeNumberIsNamedNotCalledMissing(arguments: [String], named: String) throws {
        let run = try ProgramRun(try Compositor.momentumBinary(), arguments)
        #expect(run.status == 64 && run.stdout.isEmpty, "\(run.transcript)")
        #expect(run.stderr == "momentum: \(named): must be a positive number (see momentum --help)\n", "\(run.transcript)")
    }

    @Test func aRunThatDiesOfASignalIsSaidSo() throws {
        let folder = try temporaryDirectory("dies-of-signal")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/momentum"
        try "#!/bin/sh\nkill -9 $$\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let app = try TracedClient(executable: script, arguments: [], environment: ProcessInfo.processInfo.environment)
        #expect(try app.waitExit() != 0)
        #expect(app.failureLine == "momentum run was killed by signal 9 (SIGKILL) and wrote nothing on stderr")
    }

    @Test(arguments: ["run", "headless", "trace"])
    func aBadFlagOrVariableIsOneLineNamingItAndExitsNonZero(command: String) throws {
        let binary = try Compositor.momentumBinary()
        let flag = try ProgramRun(binary, [command, "--log-level", "loud"])
        #expect(flag.status == 64 && flag.stdout.isEmpty, "\(flag.transcript)")
        #expect(flag.stderr.split(separator: "\n").count == 1 && flag.stderr.contains("'--log-level <log-level>'")
                && flag.stderr.contains("loud"), "\(flag.transcript)")

        var env = ProcessInfo.processInfo.environment
        env["MOMENTUM_LOG_LEVEL"] = "loud"
        let arguments = command == "trace" ? ["trace", "--backend", "spring", "--from", "0", "--to", "1"] : [command]
        let variable = try ProgramRun(binary, arguments, environment: env)
        #expect(variable.status == 64 && variable.stdout.isEmpty, "\(variable.transcript)")
        #expect(variable.stderr == "momentum: MOMENTUM_LOG_LEVEL='loud' is not a log level "
            + "(choose trace, debug, info, notice, warning, error, critical)\n", "\(variable.transcript)")
    }

    @Test(arguments: [("run", "gallery"), ("run", "transition"), ("headless", "gallery")])
    func aBackendForASceneWithoutOneIsRefusedNamingTheScenesThatHaveOne(command: String, scene: String) throws {
        let run = try ProgramRun(try Compositor.momentumBinary(), [command, "--scene", scene, "--backend", "pop"])
        #expect(run.status == 64 && run.stdout.isEmpty, "\(run.transcript)")
        #expect(run.stderr.split(separator: "\n").count == 1
                && run.stderr.contains("--backend pop: the \(scene) scene does not run on a chosen backend; "
                                       + "panel and playground do"), "\(run.transcript)")
    }

    @Test(arguments: ["run", "headless"])
    func aSizeBelowTheSmallestLayoutIsRefusedAtOnce(command: String) throws {
        let run = try ProgramRun(try Compositor.momentumBinary(), [command, "--size", "10x10"])
        #expect(run.status == 64 && run.stdout.isEmpty, "\(run.transcript)")
        #expect(run.stderr.split(separator: "\n").count == 1
                && run.stderr.contains("--size 10x10 is smaller than the smallest window the scenes lay out for, 320x320"),
                "\(run.transcript)")
    }

    @Test(arguments: [["--size", "800x600"], ["--scale", "2"], ["--scene", "gallery"]])
    func allSizesWithASizeScaleOrSceneIsRefused(option: [String]) throws {
        let run = try ProgramRun(try Compositor.momentumBinary(), ["headless", "--all-sizes"] + option)
        #expect(run.status == 64 && run.stdout.isEmpty, "\(run.transcript)")
        #expect(run.stderr.split(separator: "\n").count == 1
                && run.stderr.contains("\(option[0]) cannot be combined with --all-sizes"), "\(run.transcript)")
    }

    /// Starts `momentum run --fullscreen <arguments>` with `environment` (a weston's) and `MOMENTUM_LOG_LEVEL` set to
    /// `variable` (unset when nil), waits for a presented frame, quits it with SIGTERM and returns its stderr.
    private func startUpLog(_ environment: [String: String], variable: String?, arguments: [String] = []) throws -> String {
        var env = environment
        env["MOMENTUM_LOG_LEVEL"] = variable
        let app = try TracedClient(executable: try Compositor.momentumBinary(), arguments: ["--fullscreen"] + arguments,
                                   environment: env)
        try app.waitFor("a presented frame") { $0.presented != nil }
        app.signal()
        #expect(try app.waitExit() == 0)
        return app.stderr
    }

    @Test func startUpIsQuietByDefaultAndTheMissingOptionalGlobalsShowAtDebug() throws {
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        // Weston 10 offers neither xdg-decoration nor fractional-scale: once warnings on every start.
        let quiet = try startUpLog(env, variable: nil)
        #expect(quiet.isEmpty, "stderr at the default level: \(quiet)")

        let debug = try startUpLog(env, variable: "debug")
        #expect(debug.contains("momentum: debug: the compositor offers no zxdg_decoration_manager_v1 "
            + "(no server-side decorations: a window is decorated by libdecor)\n"), "\(debug)")
        #expect(debug.contains("momentum: debug: the compositor offers no wp_fractional_scale_manager_v1"), "\(debug)")
        #expect(debug.contains("momentum: debug: bound wl_compositor version "), "\(debug)")
        #expect(debug.contains("momentum: debug: bound wl_seat version "), "\(debug)")
        #expect(!debug.contains("warning"), "\(debug)")
        #expect(debug.split(separator: "\n").allSatisfy { $0.hasPrefix("momentum: debug: ") }, "\(debug)")

        let flagWins = try startUpLog(env, variable: "debug", arguments: ["--log-level", "info"])
        #expect(flagWins.isEmpty, "--log-level info over MOMENTUM_LOG_LEVEL=debug: \(flagWins)")
        let flagDebug = try startUpLog(env, variable: "error", arguments: ["--log-level", "debug"])
        #expect(flagDebug.contains("momentum: debug: bound xdg_wm_base version "), "\(flagDebug)")
    }
}
