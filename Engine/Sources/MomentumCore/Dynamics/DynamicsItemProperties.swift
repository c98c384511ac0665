/// Intrinsic properties of a dynamic item (UIKit `UIDynamicItemBehavior`).
public struct DynamicsItemProperties: Equatable, Hashable, Sendable {
    /// Mass per unit area: mass = density × area (see `DynamicsUnits`). UIKit default 1.
    public var density: Double
    /// Linear damping per second, applied as v ← v / (1 + h·resistance) each step (Box2D's Padé form).
    public var resistance: Double
    /// Angular damping per second, applied like `resistance` to the angular velocity.
    public var angularResistance: Double
    /// Restitution of collisions with the container bounds and other items (0 = no bounce, 1 = elastic).
    public var elasticity: Double
    /// Coulomb friction coefficient against the container bounds and other items.
    public var friction: Double
    /// Whether the item may rotate (torque from off-centre pushes).
    public var allowsRotation: Bool
    /// Whether the item collides with the world's container bounds.
    public var collidesWithBounds: Bool
    /// Whether the item collides with the other items that do (UIKit `UICollisionBehavior` in items mode): boxes,
    /// turned by their angle, with restitution max(a, b) and friction √(a·b) as Box2D mixes them. Items joined by
    /// an attachment do not collide.
    public var collidesWithItems: Bool

    /// Creates item properties; defaults follow UIKit (density 1, no resistance, no elasticity, friction 0, rotation on).
    public init(density: Double = 1, resistance: Double = 0, angularResistance: Double = 0, elasticity: Double = 0,
                friction: Double = 0, allowsRotation: Bool = true, collidesWithBounds: Bool = false,
                collidesWithItems: Bool = false) {
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.elasticity = elasticity
        self.friction = friction
        self.allowsRotation = allowsRotation
        self.collidesWithBounds = collidesWithBounds
        self.collidesWithItems = collidesWithItems
    }

    /// The interactive-animations seed's panel: density 100, resistance 10.
    public static let seedPanel = DynamicsItemProperties(density: 100, resistance: 10)
}
