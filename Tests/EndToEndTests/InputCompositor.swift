import Foundation
import MomentumApp

/// Pointer and keyboard helpers over the real compositor: the module's seat also has a pointer and a keyboard
/// (harness/README.md, "Pointer and keyboard"), and the app reports pointer input as touch id -1.
extension Compositor {
    /// Presses and releases `key` (a harness key name: `esc`, `tab`, `1`, `q`, …).
    func type(_ key: String) throws { try play("0 type \(key)") }

    /// Waits for a pointer (touch id -1) event in `phase` at index ≥ `after`.
    @discardableResult
    func waitPointer(_ phase: String, after: Int) throws -> (index: Int, event: TraceEvent) {
        try app.waitFor("pointer \(phase)", after: after) {
            $0.kind == "touch" && $0.number("id") == -1 && $0.string("phase") == phase
        }
    }

    /// Clicks at global (`x`, `y`) and returns the surface-local position the app saw the button go down at
    /// (in a window placed by desktop-shell, `Compositor(window:)`, global and local differ by its origin).
    func clickLocal(_ x: Double, _ y: Double) throws -> (index: Int, x: Double, y: Double) {
        let mark = app.events.count
        try play("0 click \(x) \(y)")
        let down = try waitPointer("down", after: mark)
        try waitPointer("up", after: down.index)
        return (down.index, down.event.number("x") ?? .nan, down.event.number("y") ?? .nan)
    }

    /// Waits for a `panel` event after index `after` whose backend is `name`.
    @discardableResult
    func waitPanelBackend(_ name: String, after: Int) throws -> (index: Int, event: TraceEvent) {
        try app.waitFor("a panel frame on the \(name) backend", after: after) {
            $0.kind == "panel" && $0.string("backend") == name
        }
    }
}
