/// Why text cannot be set up: no usable font at all, or a font library call that failed. `description` is one
/// line, fit for the log or the terminal.
public struct FontError: Error, CustomStringConvertible, Sendable {
    /// One line saying what failed and, where there is one, what to do about it.
    public let description: String

    /// An error reading `description`.
    public init(_ description: String) {
        self.description = description
    }
}
