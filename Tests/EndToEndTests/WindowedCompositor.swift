import Foundation
import MomentumApp

/// Windowed runs: `Compositor(window: (640, 480))` puts `momentum` in an ordinary desktop-shell toplevel.
extension Compositor {
    /// Clicks at global (`x`, `y`) and returns the surface-local position the app saw the button go down at.
    func clickLocal(_ x: Double, _ y: Double) throws -> (index: Int, x: Double, y: Double) {
        let mark = app.events.count
        try play("0 click \(x) \(y)")
        let down = try waitPointer("down", after: mark)
        try waitPointer("up", after: down.index)
        return (down.index, down.event.number("x") ?? .nan, down.event.number("y") ?? .nan)
    }
}
