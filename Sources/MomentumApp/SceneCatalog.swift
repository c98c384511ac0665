import MomentumCore
import MomentumScenes

/// The scenes `--scene` and the switcher offer, built for a container size.
enum SceneCatalog {
    /// Scene names in switcher order.
    static let names = ["panel", "transition", "gallery", "playground"]

    /// A fresh scene by name (nil for an unknown name); `backend` is used by scenes that run on one.
    static func make(_ name: String, size: SIMD2<Double>, backend: String) -> (any Scene)? {
        switch name {
        case "panel":
            guard let engine = Backends.make(backend) else { return nil }
            return PanelScene(layout: PanelLayout(width: size.x, height: size.y), backend: engine, backendName: backend)
        case "transition":
            return TransitionScene(size: size)
        case "gallery":
            return GalleryScene(size: size)
        case "playground":
            // Its position runs on the chosen backend; the spring default is its own (response 0.5 s, ζ 0.8).
            guard backend != "spring", let engine = Backends.make(backend) else { return PlaygroundScene(size: size) }
            return PlaygroundScene(size: size, backend: engine, backendName: backend)
        default:
            return nil
        }
    }
}
