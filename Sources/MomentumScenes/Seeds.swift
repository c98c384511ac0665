import MomentumCore

/// The seeds' constants, in one place: every default the scenes, the app's backends and `momentum trace` use.
public enum Seeds {
    /// Seed 000's hand-driven spring: spring constant 300, friction 20, mass 1.
    public static let panelSpring = SpringParameters(stiffness: 300, damping: 20, mass: 1)
    /// Seed 000's UIKit Dynamics attachment frequency (Hz).
    public static let attachmentFrequency = 3.5
    /// Seed 000's UIKit Dynamics attachment damping ratio.
    public static let attachmentDamping = 0.4
    /// Seed 000's attachment length (0: the item's centre goes to the anchor).
    public static let attachmentLength = 0.0
    /// Seed 000's panel item: density 100, resistance 10.
    public static let panelItem = DynamicsItemProperties.seedPanel
    /// Seed 000's panel item size (pt) for the dynamics world.
    public static let panelItemSize = SIMD2<Double>(300, 400)
    /// Core Animation's tween for the panel: 0.4 s, ease-in-ease-out (retargets compose additively, iOS 8).
    public static let tweenDuration = 0.4
    /// The tween's timing function.
    public static let tweenTimingFunction = TimingFunction.easeInEaseOut
    /// Seed 000's pop spring: springBounciness 6 …
    public static let popBounciness = 6.0
    /// … and springSpeed 15 (pop maps them to origami tension 88.5 and friction 9.66: stiffness 405.8 and
    /// damping 29.98 at mass 1, damping ratio 0.744).
    public static let popSpeed = 15.0
}

/// The pluggable animator backends, in key order (keys 1, 2, 3, 4), each built with the seeds' constants.
public enum BackendKind: String, Sendable, CaseIterable {
    /// A fixed-step spring (seed 000's constants).
    case spring
    /// A UIKit-Dynamics attachment with resistance (seed 000's constants).
    case dynamics
    /// A Bézier tween with additive retargeting (Core Animation semantics).
    case tween
    /// pop's spring as seed 000 configures it (springBounciness 6, springSpeed 15).
    case pop

    /// A backend at rest, configured with the seeds' constants; each motion starts from it.
    public func make() -> PropertyAnimation {
        switch self {
        case .spring:
            .spring(SpringAnimation(parameters: Seeds.panelSpring, at: .zero))
        case .dynamics:
            .dynamics(DynamicsBackend(value: .zero, frequency: Seeds.attachmentFrequency,
                                      damping: Seeds.attachmentDamping, length: Seeds.attachmentLength,
                                      properties: Seeds.panelItem, itemWidth: Seeds.panelItemSize.x,
                                      itemHeight: Seeds.panelItemSize.y))
        case .tween:
            .tween(TweenBackend(duration: Seeds.tweenDuration, timingFunction: Seeds.tweenTimingFunction, at: .zero))
        case .pop:
            .spring(SpringAnimation(parameters: SpringParameters(popBounciness: Seeds.popBounciness,
                                                                 speed: Seeds.popSpeed), at: .zero))
        }
    }
}

/// The scenes, in switcher order.
public enum SceneKind: String, Sendable, CaseIterable {
    /// Seed 000: the Control Center panel.
    case panel
    /// Seed 002: the interactive animated transition.
    case transition
    /// Seed 003: Core Animation's timing functions, keyframes, paths and groups.
    case gallery
    /// Seed 004: flick, pinch, twist, retarget and catch one card.
    case playground
    /// Seed 000's opening: a long list that coasts, bounces at its ends and stops under a touch.
    case scroll

    /// True for the scenes whose motion runs on the chosen backend (`--backend`, keys 1–4): the panel and the
    /// playground card. The transition finishes on its own dynamics and the gallery shows Core Animation's timings.
    public var usesBackend: Bool { self == .panel || self == .playground }

    /// The scenes that use a backend, by name, for messages.
    public static var backendScenes: String { allCases.filter(\.usesBackend).map(\.rawValue).joined(separator: " and ") }

    /// A fresh scene for a container of `size` logical px; `backend` moves the panel and the playground card.
    public func make(size: SIMD2<Double>, backend: BackendKind) -> any Scene {
        switch self {
        case .panel:
            PanelScene(layout: PanelLayout(width: size.x, height: size.y), backend: backend.make(),
                       backendName: backend.rawValue)
        case .transition:
            TransitionScene(size: size)
        case .gallery:
            GalleryScene(size: size)
        case .scroll:
            ScrollScene(size: size)
        case .playground:
            // The card's spring is its own (response 0.5 s, damping ratio 0.8); other backends are the seeds'.
            switch backend {
            case .spring: PlaygroundScene(size: size)
            case .dynamics: PlaygroundScene(size: size, backend: PlaygroundScene.cardDynamics(), backendName: "dynamics")
            default: PlaygroundScene(size: size, backend: backend.make(), backendName: backend.rawValue)
            }
        }
    }
}
