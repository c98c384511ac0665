import MomentumCore

/// The gallery's cover shuffle (seed 003's animation group): a stack of cards; a shuffle brings the back card to the
/// front while the others each step back.
///
/// Each card is one `AnimatedProperty<AnimatableVector>` holding (x, y, rotation, z) relative to the stack's
/// anchor. A shuffle sets every card's model to its new slot at once and adds one `AnimationGroup` per card —
/// duration 1.2 s, `beginTime` 0.5 s after the tap, fill mode backwards so the cards hold their old places until
/// it begins — whose children are additive and end at zero, so once the group is removed the presented values
/// equal the models (no snap): the moving card's position is a keyframe animation through the article's swing
/// (110, −20) px, its rotation a keyframe animation 0 → 0.14 → 0 rad (both ease-in-out per segment), and its
/// z a linear basic animation from the back to the front. The other cards slide one step back (ease-in-out)
/// and their z drops by one (linear). A shuffle during a shuffle stacks another group on top (the first one
/// runs to its end), so position and velocity stay continuous.
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

    /// Card properties by id.
    public private(set) var cards: [AnimatedProperty<AnimatableVector>]
    /// Model order, back to front (card ids).
    public private(set) var order: [Int]
    private var serial = 0

    /// A stack at rest, card 0 at the back.
    public init() {
        order = Array(0..<Self.count)
        cards = (0..<Self.count).map { AnimatedProperty(modelValue: Self.slot($0)) }
    }

    /// The model value of stack slot `slot` (0 = back … count − 1 = front): each deeper card sits one step higher.
    public static func slot(_ slot: Int) -> AnimatableVector {
        AnimatableVector(0, -Double(count - 1 - slot) * GalleryLayout.cardStep, 0, Double(slot))
    }

    /// True while any card has an animation.
    public var isAnimating: Bool { cards.contains { !$0.isIdle } }

    /// Starts a shuffle at `time`: models move at once; the groups begin at `time + delay`.
    public mutating func shuffle(at time: Double) {
        guard let mover = order.first else { return }
        order = Array(order.dropFirst()) + [mover]
        serial += 1
        let ease = TimingFunction.easeInEaseOut
        let child = MediaTiming(duration: Self.duration)
        for (slot, id) in order.enumerated() {
            let old = cards[id].modelValue
            let new = Self.slot(slot)
            let delta = old - new
            let planar = AnimatableVector(delta[0], delta[1], 0, 0)
            let depth = AnimatableVector(0, 0, 0, delta[3])
            let zero = AnimatableVector.zero(count: 4)
            var children: [TweenAnimation<AnimatableVector>] = []
            if id == mover {
                let middle = 0.5 * planar + AnimatableVector(Self.swing.x, Self.swing.y, 0, 0)
                if let position = try? KeyframeAnimation(values: [planar, middle, zero], keyTimes: [0, 0.5, 1],
                                                         timingFunctions: [ease, ease], timing: child, isAdditive: true) {
                    children.append(.keyframe(position))
                }
                if let rotation = try? KeyframeAnimation(values: [zero, AnimatableVector(0, 0, Self.tilt, 0), zero],
                                                         keyTimes: [0, 0.5, 1], timingFunctions: [ease, ease],
                                                         timing: child, isAdditive: true) {
                    children.append(.keyframe(rotation))
                }
            } else {
                children.append(.basic(BasicAnimation(from: planar, to: zero, timing: child, timingFunction: ease,
                                                      isAdditive: true)))
            }
            children.append(.basic(BasicAnimation(from: depth, to: zero, timing: child, timingFunction: .linear,
                                                  isAdditive: true)))
            let group = AnimationGroup(animations: children,
                                       timing: MediaTiming(beginTime: time + Self.delay, duration: Self.duration,
                                                           fillMode: .backwards))
            cards[id].modelValue = new
            cards[id].add(.group(group), forKey: "shuffle-\(serial)")
        }
    }

    /// Removes finished groups; returns true when the last one just went.
    public mutating func removeCompleted(at time: Double) -> Bool {
        let was = isAnimating
        for id in cards.indices { cards[id].removeCompletedAnimations(at: time) }
        return was && !isAnimating
    }

    /// The presented cards at `time`, by id.
    public func presented(at time: Double) -> [Card] {
        cards.indices.map { id in
            let v = cards[id].presentation(at: time).value
            return Card(id: id, position: v.xy, rotation: v[2], z: v[3])
        }
    }

    /// The model cards (where they rest once the animations end), by id.
    public var model: [Card] {
        cards.indices.map { id in
            let v = cards[id].modelValue
            return Card(id: id, position: v.xy, rotation: v[2], z: v[3])
        }
    }

    /// The running groups' local times at `time` (seconds since their begin; negative before it), oldest first.
    public func localTimes(at time: Double) -> [Double] {
        guard let first = cards.first else { return [] }
        return first.animations.map { (time - $0.animation.timing.beginTime) * $0.animation.timing.speed }
    }
}
