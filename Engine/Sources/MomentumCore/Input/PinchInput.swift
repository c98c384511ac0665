/// A touchpad's two-finger pinch (`zwp_pointer_gesture_pinch_v1`): where the gesture is, the scale and the rotation
/// since it began.
public struct PinchInput: Sendable, Equatable {
    /// Where the gesture is.
    public enum Phase: String, Sendable, Equatable { case began, changed, ended, cancelled }

    /// Where the gesture is.
    public var phase: Phase
    /// The scale since the gesture began (1 at its start); non-finite or non-positive values become 1.
    public var scale: Double
    /// The rotation since the gesture began, radians clockwise; non-finite values become 0.
    public var rotation: Double
    /// Input time, s (the clock touch frames use).
    public var time: Double

    /// Creates a pinch event.
    public init(phase: Phase, scale: Double, rotation: Double, time: Double) {
        self.phase = phase
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.rotation = rotation.isFinite ? rotation : 0
        self.time = time.isFinite ? time : 0
    }
}
