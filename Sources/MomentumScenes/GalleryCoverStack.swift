import MomentumCore

/// The gallery's cover shuffle (seed 003's animation group): a stack of cards; a shuffle brings the back card to the
/// front while the others each step back.
///
/// This is the stack's model order and the shuffle's animations; they run on the scene's layer tree, one card layer
/// per card (position relative to the stack's anchor, rotation, zPosition). A shuffle sets every card's model to
/// its new slot at once and adds, per card and property, one `AnimationGroup` — duration 1.2 s, `beginTime` 0.5 s
/// after the tap, fill mode backwards so the cards hold their old places until it begins — whose children are
/// additive and end at zero, so once the groups are removed the presented values equal the models (no snap): the
/// moving card's position is a keyframe animation through the article's swing (110, −20) px, its rotation a
/// keyframe animation 0 → 0.14 → 0 rad (both ease-in-out per segment), and its z a linear basic animation from the
/// back to the front. The other cards slide one step back (ease-in-out) and their z drops by one (linear). A
/// shuffle during a shuffle stacks more groups on top (the first ones run to their end), so position and velocity
/// stay continuous.
public struct GalleryCoverStack: Sendable {
    /// A card's presented state.
    public struct Card: Sendable, Equatable {
        /// The card's identity (0 ..< count), also its colour.
        public var id: Int
        /// Centre relative to the stack's anchor (px, y down).
        public var position: SIMD2<Double>
        /// Rotation (radians).
        public var rotation: Double
        /// Depth: higher is nearer (drawn later).
        public var z: Double
    }

    /// One card's part of a shuffle: its new model values and the groups to add to its properties.
    public struct Move: Sendable {
        /// The card.
        public var id: Int
        /// Where it rests once the shuffle ends.
        public var model: Card
        /// The group for its position.
        public var position: AnimationGroup<SIMD2<Double>>
        /// The group for its rotation (the moving card only).
        public var rotation: AnimationGroup<SIMD2<Double>>?
        /// The group for its zPosition (in x).
        public var z: AnimationGroup<SIMD2<Double>>
    }

    /// Number of cards.
    public static let count = 4
    /// Group duration (s).
    public static let duration = 1.2
    /// Delay from the tap to the group's begin time (s).
    public static let delay = 0.5
    /// The moving card's swing at the middle of the group (the article's additive keyframe).
    public static let swing = SIMD2<Double>(110, -20)
    /// The moving card's rotation at the middle of the group (rad).
    public static let tilt = 0.14

    /// Model order, back to front (card ids).
    public private(set) var order: [Int]

    /// A stack at rest, card 0 at the back.
    public init() {
        order = Array(0..<Self.count)
    }

    /// Card `id` resting in stack slot `slot` (0 = back … count − 1 = front): each deeper card sits one step higher.
    public static func card(_ id: Int, inSlot slot: Int) -> Card {
        Card(id: id, position: SIMD2(0, -Double(count - 1 - slot) * GalleryLayout.cardStep), rotation: 0,
             z: Double(slot))
    }

    /// The model cards (where they rest once the animations end), by id.
    public var model: [Card] {
        var cards = (0..<Self.count).map { Self.card($0, inSlot: 0) }
        for (slot, id) in order.enumerated() { cards[id] = Self.card(id, inSlot: slot) }
        return cards
    }

    /// Starts a shuffle at media time `time`: the order changes at once; returns every card's move, whose groups
    /// begin at `time + delay`. The moving card swings out by `swing` at the middle (the article's, or less where
    /// the layout has less room beside the stack: `GalleryLayout.coverSwing`).
    public mutating func shuffle(at time: Double, swing: SIMD2<Double> = Self.swing) -> [Move] {
        guard let mover = order.first else { return [] }
        let old = model
        order = Array(order.dropFirst()) + [mover]
        let new = model
        let ease = TimingFunction.easeInEaseOut
        let child = MediaTiming(duration: Self.duration)
        let timing = MediaTiming(beginTime: time + Self.delay, duration: Self.duration, fillMode: .backwards)
        func group(_ animation: TweenAnimation<SIMD2<Double>>) -> AnimationGroup<SIMD2<Double>> {
            AnimationGroup(animations: [animation], timing: timing)
        }
        return (0..<Self.count).map { id in
            let planar = old[id].position - new[id].position
            let depth = SIMD2(old[id].z - new[id].z, 0)
            let z = group(.basic(BasicAnimation(from: depth, to: .zero, timing: child, timingFunction: .linear,
                                                isAdditive: true)))
            guard id == mover else {
                let slide = BasicAnimation(from: planar, to: .zero, timing: child, timingFunction: ease, isAdditive: true)
                return Move(id: id, model: new[id], position: group(.basic(slide)), rotation: nil, z: z)
            }
            let middle = 0.5 * planar + swing
            let swing = try? KeyframeAnimation(values: [planar, middle, .zero], keyTimes: [0, 0.5, 1],
                                               timingFunctions: [ease, ease], timing: child, isAdditive: true)
            let tilt = try? KeyframeAnimation(values: [.zero, SIMD2(Self.tilt, 0), .zero], keyTimes: [0, 0.5, 1],
                                              timingFunctions: [ease, ease], timing: child, isAdditive: true)
            return Move(id: id, model: new[id],
                        position: AnimationGroup(animations: swing.map { [.keyframe($0)] } ?? [], timing: timing),
                        rotation: tilt.map { group(.keyframe($0)) }, z: z)
        }
    }
}
