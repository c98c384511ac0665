import ArgumentParser
import Logging

/// The levels `--log-level` and `MOMENTUM_LOG_LEVEL` accept: swift-log's, from most to least verbose.
enum LogLevel: String, CaseIterable, ExpressibleByArgument, Sendable {
    case trace, debug, info, notice, warning, error, critical

    /// The level used when neither the flag nor the variable says otherwise.
    static let standard: LogLevel = .info

    /// The swift-log level.
    var level: Logger.Level {
        switch self {
        case .trace: .trace
        case .debug: .debug
        case .info: .info
        case .notice: .notice
        case .warning: .warning
        case .error: .error
        case .critical: .critical
        }
    }

    /// The accepted values, comma-separated, for error messages.
    static var choices: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
