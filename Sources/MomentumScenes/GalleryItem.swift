/// The tappable items of the gallery scene (seed 003), each running its own Core Animation–style animation.
public enum GalleryItem: String, Sendable, CaseIterable {
    /// The timing-function lanes: one dot per timing function, all over the same duration.
    case lanes
    /// The form field shaken by an additive keyframe animation.
    case shake
    /// The satellite orbiting an ellipse (paced, rotate-auto).
    case satellite
    /// The cover stack shuffled by an animation group.
    case covers
}
