import MomentumCore

/// The animator backends the panel can run on, built with the seeds' constants.
enum Backends {
    /// Names accepted by `--backend`, in key order (keys 1, 2, 3).
    static let names = ["spring"]

    /// A fresh backend by name, or nil for an unknown name.
    static func make(_ name: String) -> (any AnimationBackend)? {
        switch name {
        case "spring": SpringAnimation(parameters: SpringParameters(stiffness: 300, damping: 20, mass: 1), at: .zero)
        default: nil
        }
    }
}
