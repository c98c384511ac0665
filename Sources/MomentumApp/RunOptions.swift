import MomentumScenes

/// What `momentum run` was asked to do.
struct RunOptions {
    var scene = SceneKind.panel
    var backend = BackendKind.spring
    var fullscreen = false
    var width: Int32 = 800
    var height: Int32 = 600
    var tracePath: String?
    var quitAfter: Double?
    var screenshotPath: String?
    var notifyReady = false
    var hud = true
    var autoplay = false
}
