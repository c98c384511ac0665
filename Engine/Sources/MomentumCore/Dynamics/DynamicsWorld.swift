/// A per-step hook (UIKit behaviour `action`): runs after every fixed step and may change the world.
public typealias DynamicsAction = @Sendable (inout DynamicsWorld) -> Void

/// A UIKit Dynamics–style world: box items, soft attachments, pushes, gravity, container collisions, collisions
/// between items (`DynamicsItemProperties.collidesWithItems`: Box2D 2.4's box manifolds and contact solver) and sleeping,
/// stepped at a fixed rate (default 60 Hz, like UIKit/Box2D) with an accumulator.
///
/// The simulation runs at most one step ahead of display time; presented values are interpolated between the last
/// two steps and are never written back, so trajectories are identical at any display rate. Units: see
/// `DynamicsUnits`. The step follows Box2D 2.4's island solver: integrate forces, apply damping (Padé), warm-start
/// and iterate the velocity constraints (attachments, then contacts between items), clamp and integrate positions, push
/// overlapping items apart, resolve container contacts, update sleep.
public struct DynamicsWorld: Sendable {
    /// Gravity in UIKit units (1.0 = 1000 pt/s²); y grows downwards.
    public var gravity: SIMD2<Double> = .zero {
        didSet { if gravity != oldValue { wake() } }
    }
    /// The container rectangle items collide with (when their `collidesWithBounds` is set); nil = unbounded.
    public var bounds: DynamicsRect? {
        didSet { wake() }
    }
    /// Runs after every fixed step (e.g. stop when an item leaves the container).
    public var action: DynamicsAction?
    /// Velocity iterations per step (Box2D default 8).
    public var velocityIterations = 8
    /// The most `advance(by:)` simulates in one call: a safety rail against a non-finite or absurd `dt` (which
    /// would otherwise loop for ever), not a hitch policy — clamping hitches is the driver's job (`Animator`).
    static let maximumAdvance = 60.0

    /// Fixed step length in seconds.
    public let stepInterval: Double
    /// Solver substeps per fixed step (1 matches Box2D).
    public let substeps: Int
    /// Number of fixed steps taken so far.
    public private(set) var stepCount = 0
    /// True when every item is asleep (or there are none): nothing will move until something changes.
    public private(set) var isIdle = true

    var bodies = ContiguousArray<DynamicsBody>()
    var joints = ContiguousArray<DynamicsJoint>()
    /// The solver's body state (Box2D 3's `b2BodyState`, hot data): each body's linear velocity during the
    /// velocity iterations, which then touch only the joints and these 16 bytes a body instead of the whole
    /// `DynamicsBody`. Filled by `integrateVelocities`, written back by `integratePositions`; its capacity is kept,
    /// so a step allocates nothing.
    var solverVelocities = ContiguousArray<SIMD2<Double>>()
    /// The solver's angular velocities (contacts turn the items they touch off-centre).
    var solverAngularVelocities = ContiguousArray<Double>()
    /// The touching pairs of items that collide with each other, with their warm-start impulses.
    var contacts = ContiguousArray<DynamicsContact>()
    /// Position iterations per step (Box2D default 3) for the contacts between items.
    public var positionIterations = 3
    /// Simulated time minus display time, in [0, stepInterval] after `advance`.
    var lead: Double = 0

    /// Creates an empty world stepping at `stepRate` Hz with `substeps` solver substeps per step.
    public init(stepRate: Double = 60, substeps: Int = 1) {
        stepInterval = 1 / max(stepRate, 1)
        self.substeps = max(substeps, 1)
    }

    /// Simulated time in seconds (a whole number of steps).
    public var simulatedTime: Double { Double(stepCount) * stepInterval }

    /// Display time in seconds: the sum of all `advance(by:)` intervals after clamping.
    public var displayTime: Double { simulatedTime - lead }

    // MARK: Items

    /// Adds a box item of `size` centred at `center`, at rest.
    public mutating func addItem(center: SIMD2<Double>, width: Double, height: Double,
                                 properties: DynamicsItemProperties = DynamicsItemProperties()) -> DynamicsItem {
        bodies.append(DynamicsBody(position: center, width: width, height: height, properties: properties))
        wake()
        return DynamicsItem(index: bodies.count - 1)
    }

    /// Removes the item from the simulation (it keeps its last state; its attachments are removed).
    public mutating func removeItem(_ item: DynamicsItem) {
        bodies[item.index].isActive = false
        bodies[item.index].velocity = .zero
        for j in joints.indices where joints[j].bodyB == item.index || joints[j].bodyA == item.index {
            joints[j].isActive = false
        }
        wake()
    }

    /// The item's intrinsic properties.
    public func properties(of item: DynamicsItem) -> DynamicsItemProperties { bodies[item.index].properties }

    /// Replaces the item's intrinsic properties (mass follows density).
    public mutating func setProperties(_ properties: DynamicsItemProperties, for item: DynamicsItem) {
        bodies[item.index].properties = properties
        bodies[item.index].updateMass()
        wake()
    }

    /// The item's mass in UIKit units (density × area, see `DynamicsUnits`).
    public func mass(of item: DynamicsItem) -> Double { bodies[item.index].mass }

    /// Authoritative centre after the last step (up to one step ahead of display time).
    public func position(of item: DynamicsItem) -> SIMD2<Double> { bodies[item.index].position }

    /// Authoritative linear velocity in pt/s after the last step.
    public func velocity(of item: DynamicsItem) -> SIMD2<Double> { bodies[item.index].velocity }

    /// Authoritative rotation in radians after the last step.
    public func angle(of item: DynamicsItem) -> Double { bodies[item.index].angle }

    /// Authoritative angular velocity in rad/s after the last step.
    public func angularVelocity(of item: DynamicsItem) -> Double { bodies[item.index].angularVelocity }

    /// Interpolation weight of the current step for the presented values.
    var presentationAlpha: Double { min(max(1 - lead / stepInterval, 0), 1) }

    /// Centre at display time, interpolated between the last two steps with cubic Hermite (positions and
    /// velocities), so the shown motion is C¹: right after a hand-off it moves with exactly the velocity it was
    /// given, not with the next step's. A step with a wall impact is interpolated linearly (no overshoot into it).
    public func presentedPosition(of item: DynamicsItem) -> SIMD2<Double> { presentedState(of: item).position }

    /// Linear velocity at display time: the derivative of the presented position.
    public func presentedVelocity(of item: DynamicsItem) -> SIMD2<Double> { presentedState(of: item).velocity }

    private func presentedState(of item: DynamicsItem) -> (position: SIMD2<Double>, velocity: SIMD2<Double>) {
        let b = bodies[item.index]
        let u = presentationAlpha
        if b.impactedThisStep {
            return (b.previousPosition.lerp(to: b.position, u), b.previousVelocity.lerp(to: b.velocity, u))
        }
        let s = CubicHermite.interpolate(x0: b.previousPosition, v0: b.previousVelocity,
                                         x1: b.position, v1: b.velocity, step: stepInterval, fraction: u)
        return (s.value, s.velocity)
    }

    /// Rotation at display time, interpolated between the last two steps.
    public func presentedAngle(of item: DynamicsItem) -> Double {
        let b = bodies[item.index]
        return b.previousAngle + (b.angle - b.previousAngle) * presentationAlpha
    }

    /// The item's frame (unrotated) at display time.
    public func presentedFrame(of item: DynamicsItem) -> DynamicsRect {
        let b = bodies[item.index]
        let p = presentedPosition(of: item)
        return DynamicsRect(x: p.x - b.width / 2, y: p.y - b.height / 2, width: b.width, height: b.height)
    }

    /// Moves the item (e.g. while dragged); the presented value jumps there too.
    public mutating func setPosition(_ position: SIMD2<Double>, for item: DynamicsItem) {
        bodies[item.index].position = position
        bodies[item.index].previousPosition = position
        wake()
    }

    /// Sets the absolute linear velocity in pt/s (not a delta, unlike UIKit's `addLinearVelocity`).
    public mutating func setVelocity(_ velocity: SIMD2<Double>, for item: DynamicsItem) {
        bodies[item.index].velocity = velocity
        bodies[item.index].previousVelocity = velocity
        wake()
    }

    /// Adds to the linear velocity in pt/s (UIKit `addLinearVelocity`).
    public mutating func addVelocity(_ delta: SIMD2<Double>, for item: DynamicsItem) {
        setVelocity(bodies[item.index].velocity + delta, for: item)
    }

    /// Turns the item to `angle` radians (e.g. where a gesture left it); the presented angle turns there too.
    public mutating func setAngle(_ angle: Double, for item: DynamicsItem) {
        bodies[item.index].angle = angle
        bodies[item.index].previousAngle = angle
        wake()
    }

    /// Sets the absolute angular velocity in rad/s (ignored when the item does not allow rotation).
    public mutating func setAngularVelocity(_ omega: Double, for item: DynamicsItem) {
        guard bodies[item.index].properties.allowsRotation else { return }
        bodies[item.index].angularVelocity = omega
        wake()
    }

    /// Instantaneous push (UIKit `UIPushBehaviorModeInstantaneous`): an impulse in UIKit units (N·s) applied at
    /// `point` (world pt; nil = centre). Magnitude 1 on a 100×100 pt item of density 1 adds 100 pt/s.
    public mutating func push(_ impulse: SIMD2<Double>, item: DynamicsItem, at point: SIMD2<Double>? = nil) {
        var b = bodies[item.index]
        let p = DynamicsUnits.pointsPerMetre * impulse
        b.velocity = b.velocity + b.invMass * p
        if let point {
            b.angularVelocity += b.invInertia * (point - b.position).cross(p)
        }
        b.previousVelocity = b.velocity
        bodies[item.index] = b
        wake()
    }

    /// Continuous push (UIKit `UIPushBehaviorModeContinuous`): a force in UIKit units (N) applied every step until
    /// changed, at `point` (world pt at the time of the call; nil = centre). Magnitude 1 accelerates a 100×100 pt
    /// item of density 1 at 100 pt/s².
    public mutating func setContinuousPush(_ force: SIMD2<Double>, item: DynamicsItem, at point: SIMD2<Double>? = nil) {
        bodies[item.index].force = force
        if let point {
            let f = DynamicsUnits.pointsPerMetre * force
            bodies[item.index].torque = (point - bodies[item.index].position).cross(f)
        } else {
            bodies[item.index].torque = 0
        }
        wake()
    }

    // MARK: Attachments

    /// Attaches the item's centre to a fixed anchor point with a soft spring (UIKit `UIAttachmentBehavior`).
    /// `frequency` in Hz (0 = rigid), `damping` is the damping ratio.
    public mutating func attach(_ item: DynamicsItem, to anchor: SIMD2<Double>, length: Double = 0,
                                frequency: Double = 3.5, damping: Double = 0.4) -> DynamicsAttachment {
        joints.append(DynamicsJoint(bodyA: nil, bodyB: item.index, anchor: anchor, length: max(length, 0),
                                    frequency: frequency, dampingRatio: damping))
        wake()
        return DynamicsAttachment(index: joints.count - 1)
    }

    /// Attaches the centres of two items with a soft spring.
    public mutating func attach(_ item: DynamicsItem, to other: DynamicsItem, length: Double,
                                frequency: Double = 3.5, damping: Double = 0.4) -> DynamicsAttachment {
        joints.append(DynamicsJoint(bodyA: other.index, bodyB: item.index, anchor: .zero, length: max(length, 0),
                                    frequency: frequency, dampingRatio: damping))
        wake()
        return DynamicsAttachment(index: joints.count - 1)
    }

    /// The attachment's anchor point (for anchor attachments).
    public func anchor(of attachment: DynamicsAttachment) -> SIMD2<Double> { joints[attachment.index].anchor }

    /// Moves an anchor attachment's anchor point (retarget); velocity is kept.
    public mutating func setAnchor(_ anchor: SIMD2<Double>, for attachment: DynamicsAttachment) {
        guard joints[attachment.index].anchor != anchor else { return }
        joints[attachment.index].anchor = anchor
        wake()
    }

    /// Changes an attachment's spring: length (pt), frequency (Hz) and damping ratio.
    public mutating func setSpring(length: Double, frequency: Double, damping: Double,
                                   for attachment: DynamicsAttachment) {
        joints[attachment.index].length = max(length, 0)
        joints[attachment.index].frequency = frequency
        joints[attachment.index].dampingRatio = damping
        wake()
    }

    /// Removes an attachment.
    public mutating func removeAttachment(_ attachment: DynamicsAttachment) {
        joints[attachment.index].isActive = false
        joints[attachment.index].impulse = .zero
        joints[attachment.index].scalarImpulse = 0
        wake()
    }

    /// Removes every attachment, continuous push and the action (UIKit `removeAllBehaviors`); gravity stays.
    public mutating func removeAllBehaviors() {
        for j in joints.indices { joints[j].isActive = false }
        for i in bodies.indices {
            bodies[i].force = .zero
            bodies[i].torque = 0
        }
        action = nil
    }

    // MARK: Time

    /// Advances display time by `dt` seconds, taking as many fixed steps as needed to stay at most one step ahead.
    public mutating func advance(by dt: Double) {
        guard dt > 0 else { return }
        lead -= min(dt, Self.maximumAdvance)
        let tolerance = stepInterval * 1e-9
        while lead < -tolerance {
            stepOnce()
            lead += stepInterval
        }
    }

    /// Advances by exactly one fixed step.
    public mutating func step() {
        advance(by: stepInterval)
    }

    /// Wakes every item (any change to the world does this).
    public mutating func wake() {
        isIdle = false
        for i in bodies.indices { bodies[i].sleepTime = 0 }
    }

    /// Puts the world to sleep immediately (used by backends after placing items by hand).
    mutating func markIdle() {
        isIdle = true
    }

    mutating func stepOnce() {
        stepCount += 1
        bodies.withUnsafeMutableBufferPointer { bodies in
            for i in bodies.indices {
                bodies[i].previousPosition = bodies[i].position
                bodies[i].previousVelocity = bodies[i].velocity
                bodies[i].impactedThisStep = false
                bodies[i].previousAngle = bodies[i].angle
            }
        }
        guard !isIdle else { return }
        let h = stepInterval / Double(substeps)
        for _ in 0..<substeps {
            solve(h)
        }
        updateSleep(stepInterval)
        if let action {
            action(&self)
        }
    }

    mutating func solve(_ h: Double) {
        // Box2D: the contacts from where the items are at the start of the step, then the island solver.
        updateContacts()
        integrateVelocities(h)
        if !contacts.isEmpty { initContacts() }
        let iterations = max(velocityIterations, 1)
        joints.withUnsafeMutableBufferPointer { joints in
            solverVelocities.withUnsafeMutableBufferPointer { velocities in
                bodies.withUnsafeBufferPointer { bodies in
                    for j in joints.indices where joints[j].isActive {
                        Self.initJoint(&joints[j], bodies, velocities, h)
                    }
                }
                if contacts.isEmpty {
                    for _ in 0..<iterations {
                        for j in joints.indices where joints[j].isActive {
                            Self.solveJoint(&joints[j], velocities)
                        }
                    }
                }
            }
        }
        if !contacts.isEmpty {
            // Each iteration: the attachments, then the contacts (Box2D's order).
            for _ in 0..<iterations {
                joints.withUnsafeMutableBufferPointer { joints in
                    solverVelocities.withUnsafeMutableBufferPointer { velocities in
                        for j in joints.indices where joints[j].isActive {
                            Self.solveJoint(&joints[j], velocities)
                        }
                    }
                }
                solveContacts()
            }
        }
        integratePositions(h)
        if !contacts.isEmpty {
            for _ in 0..<max(positionIterations, 1) where !solveContactPositions() {}
        }
        if let bounds {
            for i in bodies.indices where bodies[i].isActive && bodies[i].properties.collidesWithBounds {
                collide(i, with: bounds, h)
            }
        }
    }

    mutating func integrateVelocities(_ h: Double) {
        let g = DynamicsUnits.pointsPerGravityUnit * gravity
        if solverVelocities.count != bodies.count {
            solverVelocities = ContiguousArray(repeating: .zero, count: bodies.count)
            solverAngularVelocities = ContiguousArray(repeating: 0, count: bodies.count)
        }
        bodies.withUnsafeMutableBufferPointer { bodies in
            solverVelocities.withUnsafeMutableBufferPointer { velocities in
              solverAngularVelocities.withUnsafeMutableBufferPointer { angular in
                for i in bodies.indices {
                    // An item of density 0 is immovable (Box2D's static body): nothing accelerates it.
                    if bodies[i].isActive && bodies[i].invMass > 0 {
                        let f = DynamicsUnits.pointsPerMetre * bodies[i].force
                        var v = bodies[i].velocity + h * (g + bodies[i].invMass * f)
                        var w = bodies[i].angularVelocity + h * bodies[i].invInertia * bodies[i].torque
                        v = (1 / (1 + h * bodies[i].properties.resistance)) * v
                        w *= 1 / (1 + h * bodies[i].properties.angularResistance)
                        bodies[i].velocity = v
                        bodies[i].angularVelocity = w
                    }
                    velocities[i] = bodies[i].velocity
                    angular[i] = bodies[i].angularVelocity
                }
              }
            }
        }
    }

    mutating func integratePositions(_ h: Double) {
        bodies.withUnsafeMutableBufferPointer { bodies in
            solverVelocities.withUnsafeBufferPointer { velocities in
              solverAngularVelocities.withUnsafeBufferPointer { angular in
                for i in bodies.indices where bodies[i].isActive {
                    var v = velocities[i]
                    var w = angular[i]
                    let translation = h * v
                    let maxT = DynamicsUnits.maxTranslation
                    if translation.lengthSquared > maxT * maxT {
                        v = (maxT / translation.length) * v
                    }
                    let rotation = h * w
                    if rotation * rotation > DynamicsUnits.maxRotation * DynamicsUnits.maxRotation {
                        w *= DynamicsUnits.maxRotation / abs(rotation)
                    }
                    bodies[i].velocity = v
                    bodies[i].angularVelocity = w
                    bodies[i].position = bodies[i].position + h * v
                    bodies[i].angle += h * w
                }
              }
            }
        }
    }

    mutating func updateSleep(_ h: Double) {
        var minSleepTime = Double.infinity
        let linTol = DynamicsUnits.linearSleepTolerance
        let angTol = DynamicsUnits.angularSleepTolerance
        bodies.withUnsafeMutableBufferPointer { bodies in
            for i in bodies.indices where bodies[i].isActive {
                let v = bodies[i].velocity, w = bodies[i].angularVelocity
                if v.lengthSquared > linTol * linTol || w * w > angTol * angTol {
                    bodies[i].sleepTime = 0
                    minSleepTime = 0
                } else {
                    bodies[i].sleepTime += h
                    minSleepTime = min(minSleepTime, bodies[i].sleepTime)
                }
            }
        }
        if minSleepTime >= DynamicsUnits.timeToSleep {
            isIdle = true
            for i in bodies.indices {
                bodies[i].velocity = .zero
                bodies[i].angularVelocity = 0
                bodies[i].sleepTime = 0
                bodies[i].previousPosition = bodies[i].position
                bodies[i].previousVelocity = .zero
                bodies[i].previousAngle = bodies[i].angle
            }
        }
    }
}
