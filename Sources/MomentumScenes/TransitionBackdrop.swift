import MomentumCore

/// The backdrop's animation, kept paused and scrubbed by the transition's completion percentage — the seed's
/// navigation-bar technique (layer speed 0, time offset = percentage), modelled with a paused `PropertyAnimator`
/// whose `fractionComplete` is set every time the card moves.
///
/// The animated value is a pair: `x` is the dimming alpha over the backdrop (0 → `maxDim`), `y` the header
/// cross-fade (0: the backdrop's title shows, 1: the card's title shows; their opacities are `1 − y` and `y`).
/// Scrubbing is linear in the fraction, as UIKit's paused animators scrub.
public struct TransitionBackdrop: Sendable {
    /// Dimming alpha when the card is fully presented.
    public static let maxDim = 0.5
    /// The duration the paused animation would have if it ran (the presentation's 0.35 s); scrubbing ignores it.
    public static let duration = 0.35

    private var animator: PropertyAnimator<SIMD2<Double>>

    /// A paused backdrop animation at fraction 0 (no dimming, backdrop title shown).
    public init() {
        animator = PropertyAnimator(from: SIMD2(0, 0), to: SIMD2(Self.maxDim, 1), duration: Self.duration,
                                    timingFunction: .linear)
        animator.setFractionComplete(0)
    }

    /// Scrubs the paused animation to `fraction` (the transition's completion).
    public mutating func scrub(to fraction: Double) { animator.setFractionComplete(fraction) }

    /// The paused animation's fraction complete (read back from the animator, by projection of its value).
    public var fractionComplete: Double { animator.fractionComplete(at: 0) }

    /// The scrubbed values now: `x` dimming alpha, `y` header cross-fade.
    public var value: SIMD2<Double> { animator.presentation(at: 0).value }

    /// Dimming alpha over the backdrop.
    public var dimAlpha: Double { value.x }

    /// Opacity of the card's header title (the backdrop's title has `1 − headerFade`).
    public var headerFade: Double { value.y }
}
