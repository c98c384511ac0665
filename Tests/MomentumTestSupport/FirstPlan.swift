import MomentumRun
import MomentumScenes

/// A launch's first frame, as the run core plans it.
public enum FirstPlan {
    /// The first frame a scene's autoplay asks for in a `width` × `height` window at `scale`, layers apart (no HUD).
    public static func of(_ scene: SceneKind, width: Double, height: Double, scale: Double) -> FramePlan? {
        var configuration = RunConfiguration()
        configuration.scene = scene
        configuration.autoplay = true
        configuration.hud = false
        var core = RunCore(configuration: configuration, start: 0.5)
        var plans: [FramePlan] = []
        for event in [RunEvent.configured(WindowConfiguration(width: Int(width), height: Int(height), scale: scale,
                                                              bufferWidth: Int(width * scale),
                                                              bufferHeight: Int(height * scale), canSeparate: true)),
                      .dispatched] {
            for case let .present(plan) in core.handle(event, at: 0.5) { plans.append(plan) }
        }
        return plans.first
    }
}
