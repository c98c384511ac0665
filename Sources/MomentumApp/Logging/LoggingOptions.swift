import ArgumentParser
import Glibc
import Logging

/// `--log-level`, shared by the subcommands; with `MOMENTUM_LOG_LEVEL` as the fallback.
struct LoggingOptions: ParsableArguments {
    /// The environment variable read when `--log-level` is not given.
    static let environmentVariable = "MOMENTUM_LOG_LEVEL"

    @Option(name: .customLong("log-level"),
            help: "Show log lines on stderr at this level and above (default: $\(environmentVariable), else info).")
    var logLevel: LogLevel?

    /// The level to log at: `--log-level` if given, else `MOMENTUM_LOG_LEVEL` if set, else `LogLevel.standard`.
    /// A set but unknown `MOMENTUM_LOG_LEVEL` is an error even when the flag overrides it, so a typo never goes unseen.
    func resolve(environment: [String: String]) throws(AppError) -> LogLevel {
        let fromEnvironment = try Self.environmentLevel(environment)
        return logLevel ?? fromEnvironment ?? .standard
    }

    /// The variables `resolve` reads, from the process's environment (getenv: no Foundation at a run's launch).
    static func environment() -> [String: String] {
        getenv(environmentVariable).map { [environmentVariable: String(cString: $0)] } ?? [:]
    }

    /// The level `MOMENTUM_LOG_LEVEL` names; nil when it is unset or empty, a one-line usage error when unknown.
    static func environmentLevel(_ environment: [String: String]) throws(AppError) -> LogLevel? {
        guard let text = environment[environmentVariable], !text.isEmpty else { return nil }
        guard let level = LogLevel(rawValue: text.lowercased()) else {
            throw AppError("\(environmentVariable)='\(text)' is not a log level (choose \(LogLevel.choices))",
                           code: ExitCode.validationFailure.rawValue)
        }
        return level
    }
}

/// A command that takes `--log-level`; `MomentumMain` sets up logging from it before running the command.
protocol LoggingCommand: ParsableCommand {
    /// The command's logging options.
    var logging: LoggingOptions { get }
}
