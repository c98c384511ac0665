/// The finger → value mapping of a one-dimensional drag that began after the pan slop (what the panel's top edge
/// and the list's offset follow). When the pan begins the finger is already `slop` px from where it went down;
/// the value must not jump there, and must not lag by the slop for the rest of the drag either. So the offset
/// between finger and value goes from where the pan began (nothing moves) to where the finger went down (the pressed
/// point back under the finger) over the next `takeUp` px of finger travel, along a smoothstep (no step in speed
/// where the take-up begins or ends; at most 2× the finger's speed for an 8 px slop).
///
/// Values are unstretched: a caller that rubber-bands maps them (and unbands the value it starts from).
struct DragMapping {
    /// Finger travel (px) over which the slop is taken up.
    static let takeUp = 12.0
    private let startOffset: Double
    private let grabOffset: Double
    /// Finger travel since the pan began (px, along the drag's axis, both ways counted).
    private(set) var travelled = 0.0
    private var lastFinger: Double

    /// A drag whose pan began with the value at `value` and the finger at `finger`, after the finger went down at
    /// `pressedFinger` with the value at `pressedValue`.
    init(value: Double, finger: Double, pressedValue: Double, pressedFinger: Double) {
        startOffset = value - finger
        grabOffset = pressedValue - pressedFinger
        lastFinger = finger
    }

    /// The value for the finger at `finger` after `travelled` px of travel.
    func value(finger: Double, travelled distance: Double) -> Double {
        let t = min(1, distance / Self.takeUp)
        return finger + startOffset + (grabOffset - startOffset) * (t * t * (3 - 2 * t))
    }

    /// The finger moved to `finger`: returns the value there.
    mutating func move(to finger: Double) -> Double {
        travelled += abs(finger - lastFinger)
        lastFinger = finger
        return value(finger: finger, travelled: travelled)
    }

    /// The velocity of `shown(value)` for a finger at `finger` moving at `velocity`: the finger's times the slope of
    /// the whole mapping along the way it moves (a central difference, ±0.25 px).
    func velocity(finger: Double, moving velocity: Double, shown: (Double) -> Double) -> Double {
        let h = 0.25, d = velocity >= 0 ? 1.0 : -1.0
        let ahead = shown(value(finger: finger + d * h, travelled: travelled + h))
        let behind = shown(value(finger: finger - d * h, travelled: max(0, travelled - h)))
        return velocity * (ahead - behind) / (2 * h * d)
    }
}
