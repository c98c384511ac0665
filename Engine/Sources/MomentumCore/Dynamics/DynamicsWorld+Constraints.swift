extension DynamicsWorld {
    /// Box2D 2.x soft-constraint set-up for one attachment (b2LinearStiffness + InitVelocityConstraints), with the
    /// warm start applied to the solver's velocities.
    static func initJoint(_ joint: inout DynamicsJoint, _ bodies: UnsafeBufferPointer<DynamicsBody>,
                          _ velocities: UnsafeMutableBufferPointer<SIMD2<Double>>, _ h: Double) {
        let positionB = bodies[joint.bodyB].position
        let invMassB = bodies[joint.bodyB].invMass
        let massB = bodies[joint.bodyB].mass
        var invMassA = 0.0
        var massA = 0.0
        var pA = joint.anchor
        if let a = joint.bodyA {
            invMassA = bodies[a].invMass
            massA = bodies[a].mass
            pA = bodies[a].position
        }
        let effectiveMass: Double
        if massA > 0 && massB > 0 {
            effectiveMass = massA * massB / (massA + massB)
        } else {
            effectiveMass = massA > 0 ? massA : massB
        }
        let omega = 2 * Double.pi * joint.frequency
        let k = effectiveMass * omega * omega
        let d = 2 * effectiveMass * joint.dampingRatio * omega
        let soft = joint.frequency > 0
        var gamma = h * (d + h * k)
        gamma = soft && gamma != 0 ? 1 / gamma : 0
        joint.gamma = gamma
        // Rigid attachments (frequency 0) use Baumgarte feedback instead of the soft bias.
        let biasFactor = soft ? h * k * gamma : 0.2 / h
        joint.invMassA = invMassA
        joint.invMassB = invMassB
        let invMass = invMassA + invMassB
        joint.softMass = invMass + gamma != 0 ? 1 / (invMass + gamma) : 0

        if joint.length == 0 {
            joint.bias = biasFactor * (positionB - pA)
            applyImpulse(joint.impulse, joint, velocities)
        } else {
            var u = positionB - pA
            let current = u.length
            if current > DynamicsUnits.linearSlop {
                u = (1 / current) * u
            } else {
                u = .zero
                joint.scalarImpulse = 0
            }
            joint.direction = u
            let c = current - max(joint.length, DynamicsUnits.linearSlop)
            joint.scalarBias = biasFactor * c
            applyImpulse(joint.scalarImpulse * u, joint, velocities)
        }
    }

    /// One velocity iteration for one attachment (b2MouseJoint / b2DistanceJoint SolveVelocityConstraints), on the
    /// solver's velocities.
    static func solveJoint(_ joint: inout DynamicsJoint, _ velocities: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        let vB = velocities[joint.bodyB]
        let vA = joint.bodyA.map { velocities[$0] } ?? .zero
        if joint.length == 0 {
            let cdot = vB - vA
            let impulse = -joint.softMass * (cdot + joint.bias + joint.gamma * joint.impulse)
            joint.impulse = joint.impulse + impulse
            applyImpulse(impulse, joint, velocities)
        } else {
            let cdot = joint.direction.dot(vB - vA)
            let impulse = -joint.softMass * (cdot + joint.scalarBias + joint.gamma * joint.scalarImpulse)
            joint.scalarImpulse += impulse
            applyImpulse(impulse * joint.direction, joint, velocities)
        }
    }

    /// Applies impulse `p` to body B and −`p` to body A (an anchor takes none), with the masses `initJoint` cached.
    static func applyImpulse(_ p: SIMD2<Double>, _ joint: DynamicsJoint,
                             _ velocities: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        velocities[joint.bodyB] = velocities[joint.bodyB] + joint.invMassB * p
        if let a = joint.bodyA {
            velocities[a] = velocities[a] - joint.invMassA * p
        }
    }

    /// Keeps an item inside the container. An item that crossed a wall during this step is moved back to the time
    /// of impact, its impact is resolved like Box2D's contact solver (restitution above
    /// `DynamicsUnits.restitutionThreshold`, Coulomb friction), and it travels the rest of the step with the new
    /// velocity — as Box2D's time-of-impact sub-step does.
    mutating func collide(_ i: Int, with bounds: DynamicsRect, _ h: Double) {
        var b = bodies[i]
        let hw = b.width / 2
        let hh = b.height / 2
        if b.position.x - hw < bounds.minX {
            resolveImpact(&b, normal: SIMD2<Double>(x: 1, y: 0), separation: b.position.x - hw - bounds.minX, h)
        } else if b.position.x + hw > bounds.maxX {
            resolveImpact(&b, normal: SIMD2<Double>(x: -1, y: 0), separation: bounds.maxX - b.position.x - hw, h)
        }
        if b.position.y - hh < bounds.minY {
            resolveImpact(&b, normal: SIMD2<Double>(x: 0, y: 1), separation: b.position.y - hh - bounds.minY, h)
        } else if b.position.y + hh > bounds.maxY {
            resolveImpact(&b, normal: SIMD2<Double>(x: 0, y: -1), separation: bounds.maxY - b.position.y - hh, h)
        }
        bodies[i] = b
    }

    /// Resolves one wall impact; `separation` < 0 is the penetration after integration along the inward `n`.
    func resolveImpact(_ b: inout DynamicsBody, normal n: SIMD2<Double>, separation: Double, _ h: Double) {
        let vn = b.velocity.dot(n)
        // Back to the wall.
        b.position = b.position - separation * n
        guard vn < 0 else { return }
        b.impactedThisStep = true
        // Fraction of the step spent before the impact.
        let before = separation - h * vn
        let alpha = min(max(before / (-h * vn), 0), 1)
        let t = SIMD2<Double>(x: -n.y, y: n.x)
        let vt = b.velocity.dot(t)
        let newVn = vn < -DynamicsUnits.restitutionThreshold ? -b.properties.elasticity * vn : 0
        let dvn = newVn - vn
        let maxFriction = b.properties.friction * dvn
        let dvt = min(max(-vt, -maxFriction), maxFriction)
        b.velocity = b.velocity + dvn * n + dvt * t
        // The rest of the step with the new velocity.
        let remainder = (1 - alpha) * h
        b.position = b.position + (remainder * newVn) * n + (remainder * dvt) * t
    }
}
