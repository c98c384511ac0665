import ArgumentParser
import Foundation
import Logging
import Testing
@testable import MomentumApp

/// Lines a `ConsoleLogHandler` wrote, collected instead of going to stderr.
private final class LineSink: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    var lines: [String] { lock.withLock { collected } }
    func append(_ line: String) { lock.withLock { collected.append(line) } }
}

/// The `--log-level` a `run` command line resolves to, with `environment` as the process environment.
private func resolved(_ arguments: [String], environment: [String: String] = [:]) throws -> LogLevel {
    try RunCommand.parse(arguments).logging.resolve(environment: environment)
}

@Suite("Logging: --log-level, MOMENTUM_LOG_LEVEL and the stderr handler")
struct LoggingTests {
    @Test func errorsKeepTheirOldFormAndOtherLevelsNameTheirLevel() {
        #expect(ConsoleLogHandler.line(level: .error, message: "the compositor went away")
            == "momentum: the compositor went away")
        #expect(ConsoleLogHandler.line(level: .debug, message: "bound wl_seat version 7")
            == "momentum: debug: bound wl_seat version 7")
        #expect(ConsoleLogHandler.line(level: .critical, message: "x", metadata: ["b": "2", "a": "1"])
            == "momentum: critical: x a=1 b=2")
    }

    @Test func theHandlerWritesOnlyAtItsLevelAndAbove() {
        let sink = LineSink()
        var logger = Logger(label: "test") { _ in ConsoleLogHandler(level: .info) { sink.append($0) } }
        logger.debug("hidden")
        logger.info("shown")
        logger.error("failed")
        logger[metadataKey: "scene"] = "panel"
        logger.warning("careful")
        #expect(sink.lines == ["momentum: info: shown", "momentum: failed", "momentum: warning: careful scene=panel"])
    }

    @Test func theFlagWinsOverTheVariableWhichWinsOverTheDefault() throws {
        #expect(try resolved([]) == .info)
        #expect(try resolved([], environment: ["MOMENTUM_LOG_LEVEL": "debug"]) == .debug)
        #expect(try resolved([], environment: ["MOMENTUM_LOG_LEVEL": "WARNING"]) == .warning)
        #expect(try resolved([], environment: ["MOMENTUM_LOG_LEVEL": ""]) == .info)
        #expect(try resolved(["--log-level", "trace"], environment: ["MOMENTUM_LOG_LEVEL": "error"]) == .trace)
        #expect(try HeadlessCommand.parse(["--log-level", "critical"]).logging.resolve(environment: [:]) == .critical)
        let trace = try TraceCommand.parse(["--log-level", "notice", "--backend", "spring", "--from", "0", "--to", "1"])
        #expect(try trace.logging.resolve(environment: [:]) == .notice)
    }

    @Test(arguments: [[String](), ["--log-level", "debug"]])
    func anUnknownVariableValueIsAOneLineUsageErrorNamingTheVariable(flag: [String]) throws {
        do {
            _ = try resolved(flag, environment: ["MOMENTUM_LOG_LEVEL": "loud"])
            Issue.record("MOMENTUM_LOG_LEVEL=loud was accepted")
        } catch let error as AppError {
            #expect(error.description
                == "MOMENTUM_LOG_LEVEL='loud' is not a log level (choose trace, debug, info, notice, warning, error, critical)")
            #expect(error.code == ExitCode.validationFailure.rawValue)
        }
    }

    @Test(arguments: ["run", "headless", "trace"])
    func anUnknownFlagValueIsRefusedOnOneLineNamingTheFlagAndTheValues(command: String) throws {
        do {
            _ = try MomentumCommand.parseAsRoot([command, "--log-level", "loud"])
            Issue.record("--log-level loud was accepted")
        } catch {
            let message = MomentumMain.oneLine(MomentumCommand.message(for: error))
            #expect(message.contains("--log-level") && message.contains("'loud'"), "\(message)")
            #expect(message.contains("trace, debug, info, notice, warning, error, critical"), "\(message)")
            #expect(!message.contains("\n"))
            #expect(MomentumCommand.exitCode(for: error) == .validationFailure)
        }
    }

    @Test(arguments: [
        (["--size", "-1x-1"], "--size '-1x-1'"),
        (["--quit-after", "-1"], "--quit-after"),
        (["--quit-after", "inf"], "--quit-after"),
        (["--quit-after", "nan"], "--quit-after"),
        (["--trace-limit", "1k"], "--trace-limit '1k'"),
        (["--trace-limit", "2T"], "--trace-limit '2T'"),
        (["--trace-limit", "-5M"], "--trace-limit '-5M'"),
        (["--trace-limit", "lots"], "--trace-limit 'lots'"),
    ])
    func aBadRunValueIsRefusedNamingTheValueNotAsMissing(args: [String], expected: String) throws {
        do {
            _ = try MomentumCommand.parseAsRoot(["run"] + args)
            Issue.record("\(args) was accepted")
        } catch {
            let message = MomentumMain.oneLine(MomentumCommand.message(for: error))
            #expect(message.contains(expected) && !message.contains("Missing value"), "\(message)")
            #expect(MomentumCommand.exitCode(for: error) == .validationFailure)
        }
    }

    /// A run's arguments are parsed by the run command alone at launch (not every subcommand's): the same values
    /// as the root's parse gives, and anything else (help, a bad value, another command) is left to the root's
    /// parse, which reports it as it always did.
    @Test func aRunParsedAloneIsTheRunTheRootParses() throws {
        for args in [["run", "--scene", "gallery", "--size", "640x480", "--trace", "/tmp/t.jsonl", "--autoplay"],
                     ["--scene", "scroll", "--fullscreen", "--log-level", "debug"], ["run"], []] {
            let alone = try #require(RunCommand.parsedAlone(["momentum"] + args), "\(args)")
            let root = try #require(try MomentumCommand.parseAsRoot(args) as? RunCommand)
            #expect(alone.scene == root.scene && alone.size == root.size && alone.trace == root.trace
                    && alone.autoplay == root.autoplay && alone.fullscreen == root.fullscreen
                    && alone.logging.logLevel == root.logging.logLevel, "\(args)")
        }
        for args in [["run", "--help"], ["--help"], ["--version"], ["run", "--size", "-1x-1"], ["run", "run"],
                     ["trace", "--backend", "spring"], ["bench", "compare", "a", "b"]] {
            #expect(RunCommand.parsedAlone(["momentum"] + args) == nil, "\(args)")
        }
    }

    @Test func helpListsTheLevels() {
        let help = MomentumCommand.helpMessage(for: RunCommand.self)
        #expect(help.contains("--log-level") && help.contains("trace, debug, info, notice, warning, error, critical"),
                "\(help)")
    }
}
