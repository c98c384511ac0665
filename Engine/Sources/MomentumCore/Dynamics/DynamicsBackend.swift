/// An `AnimationBackend` driven by a one-item `DynamicsWorld`: the item is attached to the target by a UIKit-style
/// soft attachment (the interactive-animations seed's `PaneBehavior`), with intrinsic properties for resistance.
///
/// Defaults are the seed's: frequency 3.5 Hz, damping ratio 0.4, length 0, density 100, resistance 10 on a
/// 300×400 pt panel. Stepping is fixed (60 Hz by default); presented values are interpolated, so the motion is the
/// same at any display rate. When the world falls asleep the item is placed exactly on the target.
public struct DynamicsBackend: AnimationBackend, Sendable {
    /// The underlying world (one item, one attachment); read it for authoritative state.
    public private(set) var world: DynamicsWorld
    /// The animated item.
    public let item: DynamicsItem
    /// The attachment pulling the item toward the target.
    public let attachment: DynamicsAttachment
    /// Attachment length in pt (0 = the item's centre goes to the target).
    public let length: Double
    private var interrupted = true
    private var watchesLeaving = false
    /// True after `detach()`: the item moves on its own (gravity, collisions, resistance) until the next start.
    public private(set) var isDetached = false

    /// Creates a backend at rest at `value` with the given attachment spring, item properties and item size.
    public init(value: SIMD2<Double> = .zero, frequency: Double = 3.5, damping: Double = 0.4, length: Double = 0,
                properties: DynamicsItemProperties = .seedPanel, itemWidth: Double = 300, itemHeight: Double = 400,
                stepRate: Double = 60, substeps: Int = 1) {
        var world = DynamicsWorld(stepRate: stepRate, substeps: substeps)
        let start = value
        item = world.addItem(center: start, width: itemWidth, height: itemHeight, properties: properties)
        attachment = world.attach(item, to: start, length: length, frequency: frequency, damping: damping)
        world.removeAttachment(attachment)
        world.wake()
        self.length = length
        self.world = world
        settle()
    }

    /// Where the motion is heading: the attachment's anchor, or, detached, wherever the item is.
    public var target: SIMD2<Double> { isDetached ? world.position(of: item) : world.anchor(of: attachment) }

    /// The container the item collides with when its properties say it does (`collidesWithBounds`); nil: none.
    public var bounds: DynamicsRect? {
        get { world.bounds }
        set { world.bounds = newValue }
    }

    /// Gravity in UIKit units (1.0 = 1000 pt/s² down).
    public var gravity: SIMD2<Double> {
        get { world.gravity }
        set { world.gravity = newValue }
    }

    /// The item's intrinsic properties (density, resistance, elasticity, …).
    public var properties: DynamicsItemProperties {
        get { world.properties(of: item) }
        set { world.setProperties(newValue, for: item) }
    }

    /// Lets the item go on its own: the attachment is removed and the item keeps its velocity, moved by gravity,
    /// collisions and resistance alone until it falls asleep (where it is) or the next `start`/`retarget`.
    public mutating func detach() {
        world.removeAttachment(attachment)
        isDetached = true
        interrupted = false
        world.wake()
    }

    /// The item's centre at display time.
    public var presentedValue: SIMD2<Double> { world.presentedPosition(of: item) }

    /// The item's velocity at display time.
    public var presentedVelocity: SIMD2<Double> { world.presentedVelocity(of: item) }

    /// True when interrupted or when the world has fallen asleep.
    public var isAtRest: Bool { interrupted || world.isIdle }

    /// Places the item at `value` with absolute `velocity` and attaches it to `target`.
    public mutating func start(from value: SIMD2<Double>, velocity: SIMD2<Double>, to target: SIMD2<Double>) {
        interrupted = false
        isDetached = false
        world.setPosition(value, for: item)
        world.setVelocity(velocity, for: item)
        world.setAngularVelocity(0, for: item)
        world.removeAttachment(attachment)
        world.joints[attachment.index].isActive = true
        world.setAnchor(target, for: attachment)
        // Already at rest on the target (a layout change, a hand-off at rest): nothing to simulate, stay asleep.
        if value == target && velocity == .zero { settle() } else { world.wake() }
    }

    /// The seed's leaving check (`FinishingBehavior`'s action): after every world step, once the item's frame —
    /// `frameOffset` from its position, `frameSize` large — no longer intersects `container`, every behaviour is
    /// removed (`removeAllBehaviors`) and `hasLeftContainer` turns true. Call after `start`.
    public mutating func removeBehaviorsOnLeaving(_ container: DynamicsRect, frameOffset: SIMD2<Double>,
                                                   frameSize: SIMD2<Double>) {
        let item = item
        watchesLeaving = true
        world.action = { world in
            let position = world.position(of: item)
            let frame = DynamicsRect(x: position.x + frameOffset.x, y: position.y + frameOffset.y,
                                     width: frameSize.x, height: frameSize.y)
            if !frame.intersects(container) { world.removeAllBehaviors() }
        }
    }

    /// True once the leaving check found the item outside its container and removed the behaviours.
    public var hasLeftContainer: Bool { watchesLeaving && world.action == nil }

    /// Moves the anchor; the item's state is untouched, so value and velocity stay continuous.
    public mutating func retarget(to target: SIMD2<Double>) {
        world.setAnchor(target, for: attachment)
        if interrupted || isDetached {
            interrupted = false
            isDetached = false
            world.joints[attachment.index].isActive = true
            world.wake()
        }
    }

    /// Advances display time by `dt`; the world takes whole 1/stepRate steps and interpolates.
    public mutating func advance(by dt: Double) {
        guard !interrupted, !world.isIdle else { return }
        world.advance(by: dt)
        if world.isIdle && length == 0 && !isDetached {
            // Asleep: Box2D's tolerance leaves it within a fraction of a point; place it exactly on the target.
            let t = world.anchor(of: attachment)
            world.bodies[item.index].position = t
            world.bodies[item.index].previousPosition = t
            world.bodies[item.index].previousVelocity = .zero
        }
    }

    /// Stops the motion where it is presented and returns the presented value and velocity.
    public mutating func interrupt() -> PresentedState<SIMD2<Double>> {
        let state = PresentedState(value: presentedValue, velocity: presentedVelocity)
        interrupted = true
        world.removeAttachment(attachment)
        world.setPosition(state.value, for: item)
        world.setVelocity(.zero, for: item)
        world.joints[attachment.index].anchor = state.value
        settle()
        return state
    }

    /// Puts the world to sleep with everything still.
    private mutating func settle() {
        world.bodies[item.index].velocity = .zero
        world.bodies[item.index].previousVelocity = .zero
        world.bodies[item.index].angularVelocity = 0
        world.markIdle()
    }
}
