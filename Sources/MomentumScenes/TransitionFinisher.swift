import MomentumCore

/// The seed's `FinishingBehavior` on the dynamics backend: the card, a dynamic item, is attached to its final
/// position by a soft spring (frequency 3.5 Hz — the seed's value, which feels right here too — damping ratio 0.6,
/// length 0) with item resistance 25 and density 100, and starts with the gesture's (or the interrupted
/// animation's) velocity. Only vertical motion: the item may not rotate and the horizontal velocity is dropped.
///
/// Every finishing motion is a fresh backend with a fresh `DynamicsWorld` (as the seed creates a fresh behaviour),
/// so the presented position and velocity right after the start are exactly the ones handed over. The animated
/// value is the card's top-left corner (the card layer's anchor point).
///
/// Heading for `dismissed`, the anchor lies `dismissOvershoot` pt beyond the dismissed rest (the seed anchors at
/// −100 for a card resting at −90), so the card really leaves the container; the world's per-step action checks
/// whether it has, and then removes every behaviour (`removeAllBehaviors`, as the seed does) — the scene sees
/// `hasLeftContainer` and completes the transition.
enum TransitionFinisher {
    /// Attachment frequency in Hz.
    static let frequency = 3.5
    /// Attachment damping ratio.
    static let damping = 0.6
    /// Item resistance (linear damping per second).
    static let resistance = 25.0
    /// Item density.
    static let density = 100.0
    /// How far beyond the dismissed rest (pt) the anchor lies when dismissing.
    static let dismissOvershoot = 24.0

    /// The finishing motion of a card with its top edge at `y` and vertical velocity `vy`, toward `target`.
    static func motion(in layout: TransitionLayout, y: Double, vy: Double,
                       toward target: TransitionScene.Target) -> DynamicsBackend {
        let size = layout.cardSize
        let properties = DynamicsItemProperties(density: density, resistance: resistance, allowsRotation: false)
        var backend = DynamicsBackend(value: SIMD2(layout.cardX, y), frequency: frequency, damping: damping, length: 0,
                                      properties: properties, itemWidth: size.x, itemHeight: size.y, stepRate: 60)
        var anchorY = layout.y(for: target)
        if target == .dismissed { anchorY -= dismissOvershoot }
        backend.start(from: SIMD2(layout.cardX, y), velocity: SIMD2(0, vy), to: SIMD2(layout.cardX, anchorY))
        if target == .dismissed {
            backend.removeBehaviorsOnLeaving(DynamicsRect(x: 0, y: 0, width: layout.width, height: layout.height),
                                             frameOffset: .zero, frameSize: size)
        }
        return backend
    }
}
