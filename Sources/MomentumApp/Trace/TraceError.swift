/// A refused `momentum trace` argument: one line that names the flag at fault.
struct TraceError: Error, Equatable, CustomStringConvertible {
    /// The flag the message is about, e.g. `--stiffness`.
    let flag: String
    /// The one-line message; it always contains `flag`.
    let description: String

    init(_ flag: String, _ message: String) {
        self.flag = flag
        description = message.contains(flag) ? message : "\(flag): \(message)"
    }
}
