import MomentumScenes
import WaylandClient

/// What a key press does: the app's key table in one place.
enum KeyCommand: Equatable {
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

    /// The command bound to `key`, if any.
    init?(_ key: Key) {
        switch key {
        case .escape, .character("q"): self = .quit
        case .character("h"): self = .toggleHUD
        case .character("m"): self = .toggleModel
        case .character("g"): self = .toggleGravity
        case .character("s"), .character("\t"): self = .nextScene
        case .character(let c):
            let kinds = BackendKind.allCases
            guard let digit = c.wholeNumberValue, digit >= 1, digit <= kinds.count else { return nil }
            self = .backend(kinds[digit - 1])
        default: return nil
        }
    }
}
