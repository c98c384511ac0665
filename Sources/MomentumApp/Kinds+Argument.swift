import ArgumentParser
import MomentumScenes

/// `--scene` takes a `SceneKind`: `--help` lists the scenes and shell completion offers them.
extension SceneKind: ExpressibleByArgument {}

/// `--backend` takes a `BackendKind`: `--help` lists the backends and shell completion offers them.
extension BackendKind: ExpressibleByArgument {}

/// `--predict on|off`.
enum Switch: String, CaseIterable, ExpressibleByArgument {
    case on, off
}

/// `--frame-start`: when a frame is built after its callback.
enum FrameStart: String, CaseIterable, ExpressibleByArgument {
    /// At the deadline learned from presentation feedback (at once without feedback).
    case deadline
    /// At once, as the callback arrives.
    case callback
}

/// `bench --compositor weston|mutter|sway|phoc|kwin`.
extension CompositorKind: ExpressibleByArgument {}
