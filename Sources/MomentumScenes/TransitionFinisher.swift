import MomentumCore

/// The seed's `FinishingBehavior` on the dynamics backend: the card, a dynamic item, is attached to its final
/// position by a soft spring (frequency 3.5 Hz — the seed's value, which feels right here too — damping ratio 0.6,
/// length 0) with item resistance 25 and density 100, and starts with the gesture's (or the interrupted
/// animation's) velocity. Only vertical motion: the item may not rotate and the horizontal velocity is dropped.
///
/// Every finishing motion gets a fresh `DynamicsWorld` (as the seed creates a fresh behaviour), so the presented
/// position and velocity right after the start are exactly the ones handed over.
///
/// Heading for `dismissed`, the anchor lies `dismissOvershoot` pt beyond the dismissed rest (the seed anchors at
/// −100 for a card resting at −90), so the card really leaves the container; the world's per-step action checks
/// whether it has, and then removes every behaviour (`removeAllBehaviors`, as the seed does) — the scene sees the
/// action gone and completes the transition.
struct TransitionFinisher: Sendable {
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

    private(set) var world: DynamicsWorld
    let item: DynamicsItem
    /// Where the card is heading.
    let target: TransitionScene.Target
    /// Half the card's height: the item's centre is this far below the card's top edge.
    private let halfHeight: Double
    private let watchesLeaving: Bool

    /// Starts the card with its top edge at `y` and vertical velocity `vy`, toward `target` in `layout`.
    init(layout: TransitionLayout, y: Double, vy: Double, toward target: TransitionScene.Target) {
        self.target = target
        let size = layout.cardSize
        halfHeight = size.y / 2
        var world = DynamicsWorld(stepRate: 60)
        world.maximumFrameInterval = .infinity
        let centerX = layout.cardX + size.x / 2
        let properties = DynamicsItemProperties(density: Self.density, resistance: Self.resistance,
                                                allowsRotation: false)
        let item = world.addItem(center: DynamicsVector(x: centerX, y: y + halfHeight), width: size.x,
                                 height: size.y, properties: properties)
        world.setVelocity(DynamicsVector(x: 0, y: vy), for: item)
        var anchorY = layout.y(for: target) + halfHeight
        if target == .dismissed { anchorY -= Self.dismissOvershoot }
        _ = world.attach(item, to: DynamicsVector(x: centerX, y: anchorY), length: 0, frequency: Self.frequency,
                         damping: Self.damping)
        watchesLeaving = target == .dismissed
        if watchesLeaving {
            let container = DynamicsRect(x: 0, y: 0, width: layout.width, height: layout.height)
            world.action = { world in
                // The seed: `if (!CGRectIntersectsRect(container.frame, view.frame)) [animator removeAllBehaviors];`
                let center = world.position(of: item)
                let frame = DynamicsRect(x: center.x - size.x / 2, y: center.y - size.y / 2, width: size.x,
                                         height: size.y)
                if !frame.intersects(container) { world.removeAllBehaviors() }
            }
        }
        self.item = item
        self.world = world
    }

    /// The card's top edge at display time.
    var y: Double { world.presentedPosition(of: item).y - halfHeight }
    /// The card's vertical velocity at display time.
    var vy: Double { world.presentedVelocity(of: item).y }
    /// True once the action hook found the card outside the container and removed the behaviours.
    var hasLeftContainer: Bool { watchesLeaving && world.action == nil }
    /// True when the world has fallen asleep (nothing moves any more).
    var isIdle: Bool { world.isIdle }

    /// Advances display time by `dt` seconds.
    mutating func advance(by dt: Double) { world.advance(by: dt) }
}
