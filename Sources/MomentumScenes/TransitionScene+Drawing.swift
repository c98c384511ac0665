import MomentumCore
import MomentumLayers

extension TransitionScene {
    /// Appends the presented layers: the backdrop (content rows and the "Present" button), the dimming, the
    /// header bar with its two cross-fading titles, and the card. The dimming's opacity and the titles' come from
    /// the scrubbed backdrop animation.
    public func draw(into list: inout DrawList) { layers.draw(into: &list) }
}
