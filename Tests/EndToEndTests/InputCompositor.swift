import Foundation
import MomentumApp
import MomentumCore
import MomentumRun
import MomentumScenes

/// Pointer and keyboard helpers over the real compositor: the module's seat also has a pointer and a keyboard
/// (harness/README.md, "Pointer and keyboard"), and the app reports pointer input as touch id -1.
extension Compositor {
    /// Presses and releases `key` (a harness key name: `esc`, `tab`, `1`, `q`, …).
    func type(_ key: String) throws { try play("0 type \(key)") }

    /// Waits for a pointer (touch id -1) event in `phase` at index ≥ `after`.
    @discardableResult
    func waitPointer(_ phase: TouchPhase, after: Int) throws -> (index: Int, event: TraceLine) {
        try app.waitFor("pointer \(phase.rawValue)", after: after) {
            guard let touch = $0.touch else { return false }
            return touch.id == -1 && touch.phase == phase
        }
    }

    /// Clicks at global (`x`, `y`) and returns the surface-local position the app saw the button go down at
    /// (in a window placed by desktop-shell, `Compositor(window:)`, global and local differ by its origin).
    func clickLocal(_ x: Double, _ y: Double) throws -> (index: Int, x: Double, y: Double) {
        let mark = app.events.count
        try play("0 click \(x) \(y)")
        let down = try waitPointer(.down, after: mark)
        try waitPointer(.up, after: down.index)
        return (down.index, down.event.touch?.position.x ?? .nan, down.event.touch?.position.y ?? .nan)
    }

    /// Waits for a panel record at index ≥ `after` whose backend is `backend`.
    @discardableResult
    func waitPanelBackend(_ backend: BackendKind, after: Int) throws -> (index: Int, event: TraceLine) {
        try app.waitFor("a panel frame on the \(backend.rawValue) backend", after: after) {
            $0.panel?.backendKind == backend
        }
    }
}
