import ArgumentParser
import MomentumScenes

/// `--scene` takes a `SceneKind`: `--help` lists the scenes and shell completion offers them.
extension SceneKind: ExpressibleByArgument {}

/// `--backend` takes a `BackendKind`: `--help` lists the backends and shell completion offers them.
extension BackendKind: ExpressibleByArgument {}
