/// A failure the app reports as one line on stderr before exiting non-zero.
struct AppError: Error, CustomStringConvertible {
    /// The one-line message.
    let description: String
    /// The exit code (1 unless said otherwise).
    let code: Int32
    init(_ message: String, code: Int32 = 1) {
        description = message
        self.code = code
    }
}
