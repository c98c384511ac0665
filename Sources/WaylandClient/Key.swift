/// A key press, translated through the compositor's keymap.
public enum Key: Sendable, Equatable {
    /// Escape.
    case escape
    /// A key that produces text (lowercase for letters without modifiers).
    case character(Character)
    /// Any other key, by its xkb keysym.
    case other(UInt32)
}
