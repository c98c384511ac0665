import RealModule

/// One contact between two items that collide with each other (UIKit `UICollisionBehavior` in items mode), as
/// Box2D 2.4 keeps it: a manifold of up to two points found by clipping the incident edge of one box against the
/// reference face of the other (`b2CollidePolygons`, boxes with Box2D's polygon skin), solved in velocity with
/// restitution, Coulomb friction and the two-point block solver, warm-started from the last step's impulses of the
/// same features, then pushed apart in position (`b2ContactSolver`).
struct DynamicsContact: Sendable {
    /// The two bodies (a < b).
    var a: Int
    var b: Int
    /// Manifold in the reference box's frame: true when the reference face is on body B (`e_faceB`).
    var flip = false
    var localNormal: SIMD2<Double> = .zero
    var localPoint: SIMD2<Double> = .zero
    var count = 0
    var points = (Point(), Point())
    /// Solver temporaries: world normal, friction, restitution and (two points) the block solver's K and its inverse.
    var normal: SIMD2<Double> = .zero
    var friction = 0.0
    var restitution = 0.0
    var k = SIMD4<Double>.zero
    var normalMassBlock = SIMD4<Double>.zero
    var blockCount = 0

    /// One manifold point: where it is on the incident box (in that box's frame), its feature key, and its solver state.
    struct Point: Sendable {
        var localPoint: SIMD2<Double> = .zero
        var key: UInt32 = 0
        var normalImpulse = 0.0
        var tangentImpulse = 0.0
        var rA: SIMD2<Double> = .zero
        var rB: SIMD2<Double> = .zero
        var normalMass = 0.0
        var tangentMass = 0.0
        var velocityBias = 0.0
    }

    subscript(i: Int) -> Point {
        get { i == 0 ? points.0 : points.1 }
        set { if i == 0 { points.0 = newValue } else { points.1 = newValue } }
    }
}

/// A box's placement for the narrow phase: centre, rotation (cos, sin) and half size.
struct DynamicsBoxPose: Sendable {
    var center: SIMD2<Double>
    var c: Double
    var s: Double
    var half: SIMD2<Double>

    init(_ body: DynamicsBody) {
        self.init(center: body.position, angle: body.angle, half: SIMD2(body.width / 2, body.height / 2))
    }

    init(center: SIMD2<Double>, angle: Double, half: SIMD2<Double>) {
        self.center = center
        c = Double.cos(angle)
        s = Double.sin(angle)
        self.half = half
    }

    func rotate(_ v: SIMD2<Double>) -> SIMD2<Double> { SIMD2(c * v.x - s * v.y, s * v.x + c * v.y) }
    func unrotate(_ v: SIMD2<Double>) -> SIMD2<Double> { SIMD2(c * v.x + s * v.y, -s * v.x + c * v.y) }
    func apply(_ v: SIMD2<Double>) -> SIMD2<Double> { center + rotate(v) }
    func applyInverse(_ v: SIMD2<Double>) -> SIMD2<Double> { unrotate(v - center) }

    /// Box2D's `SetAsBox` vertices and normals, counter-clockwise in its y-up sense: (−x,−y), (x,−y), (x,y), (−x,y).
    func vertex(_ i: Int) -> SIMD2<Double> {
        switch i & 3 {
        case 0: SIMD2(-half.x, -half.y)
        case 1: SIMD2(half.x, -half.y)
        case 2: SIMD2(half.x, half.y)
        default: SIMD2(-half.x, half.y)
        }
    }

    /// The four corners placed, in `vertex`'s order.
    var corners: [SIMD2<Double>] { (0..<4).map { apply(vertex($0)) } }

    static func normal(_ i: Int) -> SIMD2<Double> {
        switch i & 3 {
        case 0: SIMD2(0, -1)
        case 1: SIMD2(1, 0)
        case 2: SIMD2(0, 1)
        default: SIMD2(-1, 0)
        }
    }
}

extension DynamicsContact {
    /// Box2D's polygon skin (`b2_polygonRadius`, 2 × linear slop) in pt: each box collides as if this much larger.
    static let skin = 2 * DynamicsUnits.linearSlop
    /// Box2D's `b2_baumgarte`: the share of the penetration the position solver removes per iteration.
    static let baumgarte = 0.2
    /// Box2D's `b2_maxLinearCorrection` (0.2 m) in pt.
    static let maxLinearCorrection = 0.2 * DynamicsUnits.pointsPerMetre

    /// The deepest separation of `p2`'s corners along `p1`'s face normals, and that face (`b2FindMaxSeparation`).
    static func maxSeparation(_ p1: DynamicsBoxPose, _ p2: DynamicsBoxPose) -> (edge: Int, separation: Double) {
        var best = 0, maxSeparation = -Double.infinity
        for i in 0..<4 {
            let n = p1.rotate(DynamicsBoxPose.normal(i)), v1 = p1.apply(p1.vertex(i))
            var si = Double.infinity
            for j in 0..<4 { si = min(si, n.dot(p2.apply(p2.vertex(j)) - v1)) }
            if si > maxSeparation { maxSeparation = si; best = i }
        }
        return (best, maxSeparation)
    }

    /// Clips a segment to the half plane `normal`·v ≤ `offset` (`b2ClipSegmentToLine`); a point made by the clip
    /// takes `vertexIndexA` as its feature.
    private static func clip(_ v: [(SIMD2<Double>, UInt32)], normal: SIMD2<Double>, offset: Double,
                             vertexIndexA: Int) -> [(SIMD2<Double>, UInt32)] {
        var out: [(SIMD2<Double>, UInt32)] = []
        let d0 = normal.dot(v[0].0) - offset, d1 = normal.dot(v[1].0) - offset
        if d0 <= 0 { out.append(v[0]) }
        if d1 <= 0 { out.append(v[1]) }
        if d0 * d1 < 0 {
            let t = d0 / (d0 - d1)
            // indexA = the clipping vertex, indexB = the incident point's, typeA = vertex (0), typeB = face (1).
            let key = UInt32(vertexIndexA) | (v[0].1 & 0xFF00) | (1 << 24)
            out.append((v[0].0 + t * (v[1].0 - v[0].0), key))
        }
        return out
    }

    /// The manifold of boxes `a` and `b` (`b2CollidePolygons`): no points when they are further apart than the skin.
    static func collide(_ pa: DynamicsBoxPose, _ pb: DynamicsBoxPose, into contact: inout DynamicsContact) {
        var old = [(UInt32, Double, Double)]()
        for i in 0..<contact.count { old.append((contact[i].key, contact[i].normalImpulse, contact[i].tangentImpulse)) }
        contact.count = 0
        let totalRadius = 2 * skin
        let (edgeA, separationA) = maxSeparation(pa, pb)
        guard separationA <= totalRadius else { return }
        let (edgeB, separationB) = maxSeparation(pb, pa)
        guard separationB <= totalRadius else { return }
        let flip = separationB > separationA + 0.1 * DynamicsUnits.linearSlop
        let (p1, p2, edge1) = flip ? (pb, pa, edgeB) : (pa, pb, edgeA)
        // The incident edge: the face of p2 most anti-parallel to the reference normal.
        let n1 = p2.unrotate(p1.rotate(DynamicsBoxPose.normal(edge1)))
        var index = 0, minDot = Double.infinity
        for i in 0..<4 where n1.dot(DynamicsBoxPose.normal(i)) < minDot {
            minDot = n1.dot(DynamicsBoxPose.normal(i))
            index = i
        }
        let i2 = (index + 1) & 3
        // Keys: indexA = reference edge, indexB = incident vertex, typeA = face (1), typeB = vertex (0).
        let incident: [(SIMD2<Double>, UInt32)] = [
            (p2.apply(p2.vertex(index)), UInt32(edge1) | UInt32(index) << 8 | 1 << 16),
            (p2.apply(p2.vertex(i2)), UInt32(edge1) | UInt32(i2) << 8 | 1 << 16),
        ]
        let iv1 = edge1, iv2 = (edge1 + 1) & 3
        let lv11 = p1.vertex(iv1), lv12 = p1.vertex(iv2)
        let localTangent = (lv12 - lv11) / (lv12 - lv11).length
        let localNormal = SIMD2(localTangent.y, -localTangent.x)
        let tangent = p1.rotate(localTangent), normal = SIMD2(tangent.y, -tangent.x)
        let v11 = p1.apply(lv11), v12 = p1.apply(lv12)
        let frontOffset = normal.dot(v11)
        let side1 = -tangent.dot(v11) + totalRadius, side2 = tangent.dot(v12) + totalRadius
        let clip1 = clip(incident, normal: -tangent, offset: side1, vertexIndexA: iv1)
        guard clip1.count >= 2 else { return }
        let clip2 = clip(clip1, normal: tangent, offset: side2, vertexIndexA: iv2)
        guard clip2.count >= 2 else { return }
        contact.flip = flip
        contact.localNormal = localNormal
        contact.localPoint = (lv11 + lv12) / 2
        var count = 0
        for (point, rawKey) in clip2.prefix(2) where normal.dot(point) - frontOffset <= totalRadius {
            var key = rawKey
            if flip {
                // Swap the features: A ↔ B.
                key = (key & 0xFF) << 8 | (key >> 8) & 0xFF | ((key >> 16) & 0xFF) << 24 | ((key >> 24) & 0xFF) << 16
            }
            var p = Point(localPoint: p2.applyInverse(point), key: key)
            // Warm start from last step's point of the same features (`b2Contact::Update`).
            for o in old where o.0 == key {
                p.normalImpulse = o.1
                p.tangentImpulse = o.2
            }
            contact[count] = p
            count += 1
        }
        contact.count = count
    }

    /// The world normal (from A to B) and each point's position and separation now (`b2WorldManifold`).
    func worldManifold(_ pa: DynamicsBoxPose, _ pb: DynamicsBoxPose) -> (normal: SIMD2<Double>,
                                                                        points: [(SIMD2<Double>, Double)]) {
        let r = Self.skin
        let (ref, inc) = flip ? (pb, pa) : (pa, pb)
        let normal = ref.rotate(localNormal), plane = ref.apply(localPoint)
        var out: [(SIMD2<Double>, Double)] = []
        for i in 0..<count {
            let clipPoint = inc.apply(self[i].localPoint)
            let cRef = clipPoint + (r - (clipPoint - plane).dot(normal)) * normal
            let cInc = clipPoint - r * normal
            out.append(((cRef + cInc) / 2, (cInc - cRef).dot(normal)))
        }
        return (flip ? -normal : normal, out)
    }
}

extension DynamicsWorld {
    /// True when the two bodies collide with each other: both collide with items, they share no negative group
    /// (`setCollisionGroup`) and no attachment joins them (Box2D's `collideConnected` false).
    func collides(_ i: Int, _ j: Int) -> Bool {
        guard bodies[i].isActive, bodies[j].isActive, bodies[i].properties.collidesWithItems,
              bodies[j].properties.collidesWithItems, bodies[i].group >= 0 || bodies[i].group != bodies[j].group
        else { return false }
        return !joints.contains { $0.isActive && (($0.bodyA == i && $0.bodyB == j) || ($0.bodyA == j && $0.bodyB == i)) }
    }

    /// The contacts of the bodies as they are now (Box2D's `Collide` at the start of a step), each keeping the
    /// impulses of the features it kept for warm starting; pairs not touching are dropped.
    mutating func updateContacts() {
        guard bodies.count > 1, bodies.contains(where: { $0.properties.collidesWithItems }) else {
            contacts.removeAll(keepingCapacity: true)
            return
        }
        var next = ContiguousArray<DynamicsContact>()
        for i in bodies.indices {
            for j in (i + 1)..<bodies.count where collides(i, j) {
                var contact = contacts.first { $0.a == i && $0.b == j } ?? DynamicsContact(a: i, b: j)
                DynamicsContact.collide(DynamicsBoxPose(bodies[i]), DynamicsBoxPose(bodies[j]), into: &contact)
                if contact.count > 0 { next.append(contact) }
            }
        }
        contacts = next
    }

    /// Sets up each contact's velocity constraints, then applies the warm start (`b2ContactSolver`'s
    /// `InitializeVelocityConstraints` and `WarmStart`, in that order: restitution is measured before any warm start).
    mutating func initContacts() {
        for n in contacts.indices {
            var c = contacts[n]
            let ba = bodies[c.a], bb = bodies[c.b]
            let (mA, iA, mB, iB) = (ba.invMass, ba.invInertia, bb.invMass, bb.invInertia)
            c.friction = (ba.properties.friction * bb.properties.friction).squareRoot()
            c.restitution = max(ba.properties.elasticity, bb.properties.elasticity)
            let world = c.worldManifold(DynamicsBoxPose(ba), DynamicsBoxPose(bb))
            c.normal = world.normal
            let normal = world.normal, tangent = SIMD2(normal.y, -normal.x)
            let vA = solverVelocities[c.a], wA = solverAngularVelocities[c.a]
            let vB = solverVelocities[c.b], wB = solverAngularVelocities[c.b]
            for k in 0..<c.count {
                var p = c[k]
                p.rA = world.points[k].0 - ba.position
                p.rB = world.points[k].0 - bb.position
                let rnA = p.rA.cross(normal), rnB = p.rB.cross(normal)
                let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                p.normalMass = kNormal > 0 ? 1 / kNormal : 0
                let rtA = p.rA.cross(tangent), rtB = p.rB.cross(tangent)
                let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
                p.tangentMass = kTangent > 0 ? 1 / kTangent : 0
                let vRel = normal.dot(vB + Self.crossSV(wB, p.rB) - vA - Self.crossSV(wA, p.rA))
                p.velocityBias = vRel < -DynamicsUnits.restitutionThreshold ? -c.restitution * vRel : 0
                if vRel < 0 {
                    bodies[c.a].impactedThisStep = true
                    bodies[c.b].impactedThisStep = true
                }
                c[k] = p
            }
            c.blockCount = c.count
            if c.count == 2 {
                let rn1A = c[0].rA.cross(normal), rn1B = c[0].rB.cross(normal)
                let rn2A = c[1].rA.cross(normal), rn2B = c[1].rB.cross(normal)
                let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
                let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
                let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
                if k11 * k11 < 1000 * (k11 * k22 - k12 * k12) {
                    let det = k11 * k22 - k12 * k12, inv = det != 0 ? 1 / det : 0
                    c.k = SIMD4(k11, k12, k12, k22)
                    c.normalMassBlock = SIMD4(inv * k22, -inv * k12, -inv * k12, inv * k11)
                } else {
                    c.blockCount = 1
                }
            }
            contacts[n] = c
        }
        // The warm start, once every contact's restitution has been taken from the velocities before it.
        for c in contacts {
            let tangent = SIMD2(c.normal.y, -c.normal.x)
            for k in 0..<c.count {
                let p = c[k].normalImpulse * c.normal + c[k].tangentImpulse * tangent
                applyContactImpulse(p, c.a, c.b, rA: c[k].rA, rB: c[k].rB)
            }
        }
    }

    /// ω × r for a scalar ω.
    static func crossSV(_ w: Double, _ r: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-w * r.y, w * r.x) }

    /// Applies impulse `p` at the contact point to body B and −`p` to body A.
    mutating func applyContactImpulse(_ p: SIMD2<Double>, _ a: Int, _ b: Int, rA: SIMD2<Double>, rB: SIMD2<Double>) {
        solverVelocities[a] = solverVelocities[a] - bodies[a].invMass * p
        solverAngularVelocities[a] -= bodies[a].invInertia * rA.cross(p)
        solverVelocities[b] = solverVelocities[b] + bodies[b].invMass * p
        solverAngularVelocities[b] += bodies[b].invInertia * rB.cross(p)
    }

    /// The relative velocity of B's point to A's at a contact point.
    func relativeVelocity(_ a: Int, _ b: Int, rA: SIMD2<Double>, rB: SIMD2<Double>) -> SIMD2<Double> {
        solverVelocities[b] + Self.crossSV(solverAngularVelocities[b], rB)
            - solverVelocities[a] - Self.crossSV(solverAngularVelocities[a], rA)
    }

    /// One velocity iteration over the contacts: friction first, then non-penetration (`SolveVelocityConstraints`).
    mutating func solveContacts() {
        for n in contacts.indices {
            var c = contacts[n]
            let normal = c.normal, tangent = SIMD2(normal.y, -normal.x)
            for k in 0..<c.count {
                var p = c[k]
                let vt = relativeVelocity(c.a, c.b, rA: p.rA, rB: p.rB).dot(tangent)
                let maxFriction = c.friction * p.normalImpulse
                let newImpulse = min(max(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction)
                let lambda = newImpulse - p.tangentImpulse
                p.tangentImpulse = newImpulse
                applyContactImpulse(lambda * tangent, c.a, c.b, rA: p.rA, rB: p.rB)
                c[k] = p
            }
            if c.blockCount == 2 {
                solveBlock(&c)
            } else {
                for k in 0..<c.count {
                    var p = c[k]
                    let vn = relativeVelocity(c.a, c.b, rA: p.rA, rB: p.rB).dot(normal)
                    let newImpulse = max(p.normalImpulse - p.normalMass * (vn - p.velocityBias), 0)
                    let lambda = newImpulse - p.normalImpulse
                    p.normalImpulse = newImpulse
                    applyContactImpulse(lambda * normal, c.a, c.b, rA: p.rA, rB: p.rB)
                    c[k] = p
                }
            }
            contacts[n] = c
        }
    }

    /// Box2D's block solver for a two-point manifold: solves both normal impulses together as a linear
    /// complementarity problem (the four cases in turn), so a face contact neither rocks nor jitters.
    private mutating func solveBlock(_ c: inout DynamicsContact) {
        let normal = c.normal
        let p1 = c[0], p2 = c[1]
        let a = SIMD2(p1.normalImpulse, p2.normalImpulse)
        let vn1 = relativeVelocity(c.a, c.b, rA: p1.rA, rB: p1.rB).dot(normal)
        let vn2 = relativeVelocity(c.a, c.b, rA: p2.rA, rB: p2.rB).dot(normal)
        let k = c.k, m = c.normalMassBlock
        var b = SIMD2(vn1 - p1.velocityBias, vn2 - p2.velocityBias)
        b -= SIMD2(k[0] * a.x + k[2] * a.y, k[1] * a.x + k[3] * a.y)
        func apply(_ x: SIMD2<Double>, _ c: inout DynamicsContact) {
            let d = x - a
            applyContactImpulse(d.x * normal, c.a, c.b, rA: p1.rA, rB: p1.rB)
            applyContactImpulse(d.y * normal, c.a, c.b, rA: p2.rA, rB: p2.rB)
            c.points.0.normalImpulse = x.x
            c.points.1.normalImpulse = x.y
        }
        // Both points pushing.
        let x = -SIMD2(m[0] * b.x + m[2] * b.y, m[1] * b.x + m[3] * b.y)
        if x.x >= 0 && x.y >= 0 { apply(x, &c); return }
        // Only the first.
        let x1 = -p1.normalMass * b.x
        if x1 >= 0 && k[1] * x1 + b.y >= 0 { apply(SIMD2(x1, 0), &c); return }
        // Only the second.
        let x2 = -p2.normalMass * b.y
        if x2 >= 0 && k[2] * x2 + b.x >= 0 { apply(SIMD2(0, x2), &c); return }
        // Neither.
        if b.x >= 0 && b.y >= 0 { apply(.zero, &c) }
    }

    /// One position iteration over the contacts (`SolvePositionConstraints`): each point's penetration past the
    /// slop is removed a fifth at a time (`baumgarte`), at most `maxLinearCorrection`. True once none penetrates more
    /// than 3 slops.
    mutating func solveContactPositions(baumgarte: Double = DynamicsContact.baumgarte) -> Bool {
        var minSeparation = 0.0
        for c in contacts {
            for k in 0..<c.count {
                let pa = DynamicsBoxPose(bodies[c.a]), pb = DynamicsBoxPose(bodies[c.b])
                let (ref, inc) = c.flip ? (pb, pa) : (pa, pb)
                var normal = ref.rotate(c.localNormal)
                let plane = ref.apply(c.localPoint), point = inc.apply(c[k].localPoint)
                let separation = (point - plane).dot(normal) - 2 * DynamicsContact.skin
                if c.flip { normal = -normal }
                let rA = point - bodies[c.a].position, rB = point - bodies[c.b].position
                minSeparation = min(minSeparation, separation)
                let correction = min(max(baumgarte * (separation + DynamicsUnits.linearSlop),
                                         -DynamicsContact.maxLinearCorrection), 0)
                let (mA, iA, mB, iB) = (bodies[c.a].invMass, bodies[c.a].invInertia,
                                        bodies[c.b].invMass, bodies[c.b].invInertia)
                let rnA = rA.cross(normal), rnB = rB.cross(normal)
                let kk = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                let p = (kk > 0 ? -correction / kk : 0) * normal
                bodies[c.a].position -= mA * p
                bodies[c.a].angle -= iA * rA.cross(p)
                bodies[c.b].position += mB * p
                bodies[c.b].angle += iB * rB.cross(p)
            }
        }
        return minSeparation >= -3 * DynamicsUnits.linearSlop
    }
}

extension DynamicsWorld {
    /// Resolves the contacts between the items as they are now in velocity alone, without stepping: what one step's
    /// contact solver (restitution, friction, the block solver) does to the velocities at an impact, for a driver
    /// that moves its items itself (each on an animation of its own) and only asks what an impact does to them.
    /// Nothing moves: with `pushOut` (s) each overlapping point also gets the velocity that removes a fifth of its
    /// penetration in that time, at most `maxPushOutSpeed` (Box2D 3's contact push-out), so bodies resting on each
    /// other under gravity neither sink nor jump apart. Returns true when any two items touch. An item of density 0
    /// is immovable (a finger holds it): the other takes the whole impulse.
    ///
    /// With `atCentreOfPressure`, a two-point manifold (two faces pressed together) acts at one point, the middle
    /// of the two, where evenly spread pressure over the touching stretch of face has its resultant. Box2D's block
    /// solver keeps both points at one normal velocity, which for boxes level with each other allows no turn at all
    /// unless friction fails (a card striking the top half of a tile moves it without a spin); one impulse at the
    /// centre of pressure turns a free body struck off its centre, as a thrown object does. Restitution, friction
    /// and momentum are those of that one point.
    public mutating func resolveContacts(pushOut: Double? = nil, atCentreOfPressure: Bool = false) -> Bool {
        updateContacts()
        guard !contacts.isEmpty else { return false }
        solverVelocities = ContiguousArray(bodies.map(\.velocity))
        solverAngularVelocities = ContiguousArray(bodies.map(\.angularVelocity))
        initContacts()
        if let pushOut, pushOut > 0 {
            for n in contacts.indices {
                let world = contacts[n].worldManifold(DynamicsBoxPose(bodies[contacts[n].a]),
                                                      DynamicsBoxPose(bodies[contacts[n].b]))
                for k in 0..<contacts[n].count {
                    let depth = -(world.points[k].1 + DynamicsUnits.linearSlop)
                    guard depth > 0 else { continue }
                    let speed = min(DynamicsContact.baumgarte * depth / pushOut, Self.maxPushOutSpeed)
                    contacts[n][k].velocityBias = max(contacts[n][k].velocityBias, speed)
                }
            }
        }
        if atCentreOfPressure { mergeManifoldPoints() }
        for _ in 0..<max(velocityIterations, 1) { solveContacts() }
        for i in bodies.indices where bodies[i].isActive {
            bodies[i].velocity = solverVelocities[i]
            if bodies[i].properties.allowsRotation { bodies[i].angularVelocity = solverAngularVelocities[i] }
            bodies[i].previousVelocity = bodies[i].velocity
        }
        wake()
        return true
    }

    /// Each two-point manifold as one point midway between its two (`resolveContacts(atCentreOfPressure:)`): the
    /// mean lever arms, its own normal and tangent masses, the larger bias, the impulses so far added up.
    mutating func mergeManifoldPoints() {
        for n in contacts.indices where contacts[n].count == 2 {
            var c = contacts[n]
            let (p1, p2) = c.points
            let ba = bodies[c.a], bb = bodies[c.b]
            var p = p1
            p.rA = (p1.rA + p2.rA) / 2
            p.rB = (p1.rB + p2.rB) / 2
            let normal = c.normal, tangent = SIMD2(normal.y, -normal.x)
            let rnA = p.rA.cross(normal), rnB = p.rB.cross(normal)
            let kNormal = ba.invMass + bb.invMass + ba.invInertia * rnA * rnA + bb.invInertia * rnB * rnB
            p.normalMass = kNormal > 0 ? 1 / kNormal : 0
            let rtA = p.rA.cross(tangent), rtB = p.rB.cross(tangent)
            let kTangent = ba.invMass + bb.invMass + ba.invInertia * rtA * rtA + bb.invInertia * rtB * rtB
            p.tangentMass = kTangent > 0 ? 1 / kTangent : 0
            p.velocityBias = max(p1.velocityBias, p2.velocityBias)
            p.normalImpulse = p1.normalImpulse + p2.normalImpulse
            p.tangentImpulse = p1.tangentImpulse + p2.tangentImpulse
            c.points = (p, DynamicsContact.Point())
            c.count = 1
            c.blockCount = 1
            contacts[n] = c
        }
    }

    /// The touching pairs of items found by the last `resolveContacts` or `separate` (the lower index first).
    public var touchingPairs: [(DynamicsItem, DynamicsItem)] {
        contacts.map { (DynamicsItem(index: $0.a), DynamicsItem(index: $0.b)) }
    }

    /// Box2D's filter group (`b2Filter::groupIndex`) of `item`: items sharing a negative group never collide with each
    /// other (walls and an item that keeps inside them on its own); 0, the default, collides as its properties say.
    public mutating func setCollisionGroup(_ group: Int, for item: DynamicsItem) {
        bodies[item.index].group = group
    }

    /// How far each two touching items are drawn into each other now (pt, their boxes without the skin; ≤ 0: not
    /// overlapping), from fresh contacts: the lower index first.
    public mutating func overlaps() -> [(DynamicsItem, DynamicsItem, Double)] {
        updateContacts()
        return contacts.map { c in
            let world = c.worldManifold(DynamicsBoxPose(bodies[c.a]), DynamicsBoxPose(bodies[c.b]))
            // The points' separation is between the two skins: the boxes' own is both skins more.
            let deepest = world.points.map { -($0.1 + 2 * DynamicsContact.skin) }.max() ?? -Double.infinity
            return (DynamicsItem(index: c.a), DynamicsItem(index: c.b), deepest)
        }
    }

    /// How far the deepest two touching items are drawn into each other now (pt; ≤ 0: none overlaps; −∞: none
    /// touches).
    public mutating func deepestOverlap() -> Double { overlaps().map(\.2).max() ?? -Double.infinity }

    /// Pushes overlapping items apart in position alone, without stepping (Box2D's position solver, each pass
    /// taking `b2_toiBaumgarte`, 0.75, of each point's penetration past the slop as its time-of-impact solver does,
    /// with fresh contacts each pass), for a driver that moves its items itself: every touching pair at once, the
    /// immovable items (density 0) holding, so an item pressed between two others is not pushed out of one into
    /// the other. Up to `iterations` passes, until no two items are drawn more than `tolerance` pt into each other
    /// (parted items end up to 1.5 pt apart: Box2D's skins less a slop). Velocities are left as they are; turns
    /// where `allowsRotation`. Returns the deepest overlap left (pt; ≤ `tolerance`: parted).
    @discardableResult
    public mutating func separate(iterations: Int = 30, tolerance: Double = 0) -> Double {
        for _ in 0..<max(iterations, 1) {
            guard deepestOverlap() > tolerance else { break }
            _ = solveContactPositions(baumgarte: Self.toiBaumgarte)
        }
        return deepestOverlap()
    }

    /// How far apart (pt) two items' boxes may be and still touch (Box2D's two polygon skins): items further apart
    /// than this make no contact in `resolveContacts`, `overlaps` or `separate`, so a driver may leave out a world
    /// where no two items come this near.
    public static let contactDistance = 2 * DynamicsContact.skin

    /// Box2D's `b2_toiBaumgarte`: the share of a penetration its time-of-impact position solver removes a pass.
    static let toiBaumgarte = 0.75

    /// Box2D 3's `contactPushMaxVelocity` (3 m/s) in pt/s: the fastest overlapping items are pushed apart.
    public static let maxPushOutSpeed = 3 * DynamicsUnits.pointsPerMetre
}
