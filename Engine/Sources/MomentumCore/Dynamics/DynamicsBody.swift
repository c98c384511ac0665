/// Solver state of one rigid, axis-aligned box item (internal; the world stores these contiguously).
struct DynamicsBody: Sendable {
    var position: SIMD2<Double>
    var previousPosition: SIMD2<Double>
    var velocity: SIMD2<Double>
    var previousVelocity: SIMD2<Double>
    var angle: Double = 0
    var previousAngle: Double = 0
    var angularVelocity: Double = 0
    var width: Double
    var height: Double
    var properties: DynamicsItemProperties
    var mass: Double = 0
    var invMass: Double = 0
    var invInertia: Double = 0
    /// Continuous push in UIKit force units (N), applied every step until changed.
    var force: SIMD2<Double> = .zero
    /// Continuous torque in N·pt from an off-centre continuous push.
    var torque: Double = 0
    var sleepTime: Double = 0
    /// True when a wall impact turned the velocity around during the last step (presentation then stays linear).
    var impactedThisStep = false
    var isActive = true
    /// Box2D's filter group (`b2Filter::groupIndex`): items sharing a negative group never collide with each other.
    var group = 0

    init(position: SIMD2<Double>, width: Double, height: Double, properties: DynamicsItemProperties) {
        self.position = position
        previousPosition = position
        velocity = .zero
        previousVelocity = .zero
        self.width = width
        self.height = height
        self.properties = properties
        updateMass()
    }

    /// Box2D polygon mass data for a box: m = ρ·A, I = m(w² + h²)/12 (here in kg·pt²).
    mutating func updateMass() {
        mass = DynamicsUnits.mass(density: properties.density, width: width, height: height)
        invMass = mass > 0 ? 1 / mass : 0
        let inertia = mass * (width * width + height * height) / 12
        invInertia = properties.allowsRotation && inertia > 0 ? 1 / inertia : 0
        if !properties.allowsRotation { angularVelocity = 0 }
    }

    /// The item's frame, ignoring rotation.
    var frame: DynamicsRect {
        DynamicsRect(x: position.x - width / 2, y: position.y - height / 2, width: width, height: height)
    }
}
