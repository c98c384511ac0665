import MomentumCore

/// The animator backends the panel can run on, built with the seeds' constants.
enum Backends {
    /// Names accepted by `--backend`, in key order (keys 1, 2, 3).
    static let names = ["spring", "dynamics", "tween"]

    /// A fresh backend by name, or nil for an unknown name.
    static func make(_ name: String) -> PropertyAnimation? {
        switch name {
        // Seed 000's hand-driven spring constants: spring constant 300, friction 20, mass 1.
        case "spring": .spring(SpringAnimation(parameters: SpringParameters(stiffness: 300, damping: 20, mass: 1), at: .zero))
        // Seed 000's UIKit Dynamics setup: attachment frequency 3.5, damping 0.4, length 0; density 100, resistance 10.
        case "dynamics": .dynamics(DynamicsBackend(value: .zero, frequency: 3.5, damping: 0.4, length: 0, properties: .seedPanel))
        // Core Animation semantics: a 0.4 s ease-in-ease-out tween; retargets compose additively (iOS 8) so the
        // velocity stays continuous, and a release velocity shapes the first Bézier's start slope.
        case "tween": .tween(TweenBackend(duration: 0.4, timingFunction: .easeInEaseOut, at: .zero))
        default: nil
        }
    }
}
