import MomentumScenes

/// What a key press does: the app's key table in one place (the platform's keys are mapped onto it by the adapter).
public enum KeyCommand: Equatable, Sendable {
    /// Esc, q: quit (exit 0).
    case quit
    /// h: show or hide the HUD.
    case toggleHUD
    /// m: show or hide where moving layers are heading (their model values) and their velocity arrows.
    case toggleModel
    /// g: gravity on or off for the playground card on the dynamics backend.
    case toggleGravity
    /// s, Tab: the next scene.
    case nextScene
    /// 1, 2, 3: switch the backend, handing the motion over with its velocity.
    case backend(BackendKind)

    /// The command bound to the character `c`, if any (Escape is `.quit` too).
    public init?(character c: Character) {
        switch c {
        case "q": self = .quit
        case "h": self = .toggleHUD
        case "m": self = .toggleModel
        case "g": self = .toggleGravity
        case "s", "\t": self = .nextScene
        default:
            let kinds = BackendKind.allCases
            guard let digit = c.wholeNumberValue, digit >= 1, digit <= kinds.count else { return nil }
            self = .backend(kinds[digit - 1])
        }
    }
}
