/// What `MultiTouchGestureRecognizer` reports, in the order things happened within a touch frame.
///
/// Translations are in logical px from where the gesture's first finger went down; velocities are per second.
/// Scale is the current finger span over the span when the pinch began; angles are radians, positive clockwise
/// on screen (y grows downwards), unwrapped (a full turn reads 2π, not 0).
public enum GestureEvent: Sendable, Equatable {
    /// The first finger of a gesture went down at this point (nothing else is down).
    case touchDown(SIMD2<Double>)
    /// The tracked point moved past the slop: a pan began with this translation.
    case panBegan(translation: SIMD2<Double>)
    /// The pan's translation changed.
    case panChanged(translation: SIMD2<Double>)
    /// The last finger lifted while panning, with the release velocity (px/s).
    case panEnded(translation: SIMD2<Double>, velocity: SIMD2<Double>)
    /// A second finger went down: a pinch began (scale 1).
    case pinchBegan(scale: Double)
    /// The pinch's scale changed.
    case pinchChanged(scale: Double)
    /// One of the two fingers lifted: the pinch ended with its scale velocity (1/s).
    case pinchEnded(scale: Double, scaleVelocity: Double)
    /// A second finger went down: a rotation began (angle 0).
    case rotationBegan(angle: Double)
    /// The rotation's angle changed.
    case rotationChanged(angle: Double)
    /// One of the two fingers lifted: the rotation ended with its angular velocity (rad/s).
    case rotationEnded(angle: Double, angularVelocity: Double)
    /// A short press of one finger that stayed within the slop, at the lift point.
    case tap(SIMD2<Double>)
    /// The last finger lifted, at this point (after any ended or tap event of the same lift).
    case lifted(SIMD2<Double>)
    /// The compositor cancelled the sequence: everything ended, no tap, no fling.
    case cancelled
}
