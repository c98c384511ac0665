/// Every gesture a scene recognises and every decision it reports, as written to the trace's `gesture` events.
public enum GestureKind: String, Sendable, Hashable, CaseIterable {
    /// A pan took over the touch (the finger moved past the slop).
    case panBegan = "pan-began"
    /// The pan's finger lifted; carries the release `velocity`.
    case panEnded = "pan-ended"
    /// A press and lift without moving, quick enough.
    case tap
    /// A moving item was stopped where it is seen.
    case `catch`
    /// The compositor took the touch sequence away (`wl_touch.cancel`).
    case touchCancel = "touch-cancel"
    /// A tap sent the item somewhere else mid-flight, keeping value and velocity.
    case retarget
    /// Two fingers began to pinch or twist.
    case pinchBegan = "pinch-began"
    /// The pinch ended; carries the scale velocity.
    case pinchEnded = "pinch-ended"
    /// The twist ended; carries the angular velocity.
    case rotationEnded = "rotation-ended"
    /// The transition began presenting the card.
    case present
    /// The transition began dismissing the card.
    case dismiss
    /// A release completes the transition that was under way when the card was grabbed.
    case finish
    /// A release turns the transition back.
    case cancel
    /// The dismissing card left the container (the seed's action removed its behaviours).
    case leftContainer = "left-container"
    /// The transition's motion reached its rest.
    case completed
    /// A tap interrupted a running animation and started it again from what is shown.
    case restart
    /// An item's animation ran to its end.
    case finished
    /// `--autoplay` started the next motion by itself.
    case autoplay
    /// A tap pushed the playground card (dynamics backend) or its tile.
    case push
    /// The playground's card and tile collided: carries both velocities before and after the impact.
    case collision
    /// The playground's tile, turned, struck a wall with a corner (which its upright box would not have reached):
    /// carries its velocity before and after and its spin after.
    case wallStrike = "wall-strike"
    /// Gravity was turned on or off (key g, dynamics backend).
    case gravity
    /// The wheel or a touchpad scrolled: carries `source`, and `to` (a wheel's target offset) or `velocity` (the
    /// coast a touchpad's lift starts).
    case scroll
    /// A control inside a scene (a Control Center toggle, slider or media button) changed; carries `control` and
    /// its new `value`.
    case control
}
