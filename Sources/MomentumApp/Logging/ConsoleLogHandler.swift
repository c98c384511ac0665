import Logging

/// A swift-log handler that writes each message as one line on stderr: `momentum: <message>` for errors (the
/// form the app's failure lines always had), `momentum: <level>: <message>` for every other level, then any
/// metadata as ` key=value`.
struct ConsoleLogHandler: LogHandler {
    /// Lowest level written.
    var logLevel: Logger.Level
    /// Metadata attached to every message of this handler.
    var metadata: Logger.Metadata = [:]
    private let write: @Sendable (String) -> Void

    /// A handler at `level` writing lines (without newline) to `write`; stderr by default.
    init(level: Logger.Level, write: @escaping @Sendable (String) -> Void = { Console.errorLine($0) }) {
        logLevel = level
        self.write = write
    }

    /// Metadata of this handler by key.
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line for `event`.
    func log(event: LogEvent) {
        write(Self.line(level: event.level, message: event.message.description,
                        metadata: metadata.merging(event.metadata ?? [:]) { _, new in new }))
    }

    /// The line for a message: `momentum: ` + the level unless it is `error` + the message + sorted metadata.
    static func line(level: Logger.Level, message: String, metadata: Logger.Metadata = [:]) -> String {
        var text = level == .error ? "momentum: \(message)" : "momentum: \(level.rawValue): \(message)"
        for key in metadata.keys.sorted() {
            if let value = metadata[key] { text += " \(key)=\(value)" }
        }
        return text
    }
}
