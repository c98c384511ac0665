/// The unit mapping between UIKit Dynamics, MomentumCore (pt) and Box2D (metres, kg), and Box2D's tuning constants.
///
/// 1 Box2D metre = 100 pt. Mass (kg) = density × area in m² (area = width × height / 10 000 pt²), so a 100×100 pt
/// item of density 1 has mass 1. A UIKit force/push magnitude of 1 is 1 N: it accelerates mass 1 at 1 m/s² =
/// 100 pt/s². UIKit gravity 1.0 = 10 m/s² = 1000 pt/s².
public enum DynamicsUnits {
    /// Points per Box2D metre.
    public static let pointsPerMetre: Double = 100
    /// Acceleration in pt/s² of one UIKit gravity unit.
    public static let pointsPerGravityUnit: Double = 1000
    /// Box2D `b2_linearSlop` (0.005 m) in pt.
    public static let linearSlop: Double = 0.005 * pointsPerMetre
    /// Box2D `b2_maxTranslation` (2 m per step) in pt: larger moves in one step are clamped.
    public static let maxTranslation: Double = 2 * pointsPerMetre
    /// Box2D `b2_maxRotation` (π/2 per step).
    public static let maxRotation: Double = 0.5 * Double.pi
    /// Box2D `b2_linearSleepTolerance` (0.01 m/s) in pt/s.
    public static let linearSleepTolerance: Double = 0.01 * pointsPerMetre
    /// Box2D `b2_angularSleepTolerance` (2°/s) in rad/s.
    public static let angularSleepTolerance: Double = 2 / 180 * Double.pi
    /// Box2D `b2_timeToSleep` in seconds.
    public static let timeToSleep: Double = 0.5
    /// Box2D `b2_velocityThreshold` (1 m/s) in pt/s: slower impacts do not bounce.
    public static let restitutionThreshold: Double = 1 * pointsPerMetre

    /// Mass in kg (UIKit mass units) of an item of `density` and `width` × `height` pt.
    public static func mass(density: Double, width: Double, height: Double) -> Double {
        density * width * height / (pointsPerMetre * pointsPerMetre)
    }
}
