import Logging
import WaylandClient

/// The app's one logging set-up: swift-log bootstrapped once with `ConsoleLogHandler` at the chosen level.
enum AppLogging {
    /// The label of the app's loggers.
    static let label = "momentum"

    /// Routes every swift-log `Logger` in the process to stderr at `level`. Call once, before creating loggers.
    static func bootstrap(level: LogLevel) {
        let threshold = level.level
        LoggingSystem.bootstrap { _ in ConsoleLogHandler(level: threshold) }
    }

    /// A logger for the app (after `bootstrap`, one that writes to stderr at the chosen level).
    static func logger() -> Logger { Logger(label: label) }
}

extension Logger.Level {
    /// The swift-log level for a message the platform reports.
    init(_ platform: PlatformLogLevel) {
        switch platform {
        case .debug: self = .debug
        case .info: self = .info
        case .warning: self = .warning
        case .error: self = .error
        }
    }
}
