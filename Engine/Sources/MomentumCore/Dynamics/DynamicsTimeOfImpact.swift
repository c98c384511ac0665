/// A box moving at a constant velocity and turning at a constant rate: where it is at time 0 and how it moves on.
/// Box2D's `b2Sweep` of a box (`SetAsBox`) whose centre of mass is its centre.
public struct DynamicsSweep: Sendable, Equatable {
    /// The centre at time 0 (pt).
    public var center: SIMD2<Double>
    /// Half the width and half the height (pt).
    public var halfSize: SIMD2<Double>
    /// The turn at time 0 (rad).
    public var angle: Double
    /// pt/s.
    public var velocity: SIMD2<Double>
    /// rad/s.
    public var angularVelocity: Double

    public init(center: SIMD2<Double>, halfSize: SIMD2<Double>, angle: Double = 0, velocity: SIMD2<Double> = .zero,
                angularVelocity: Double = 0) {
        self.center = center
        self.halfSize = halfSize
        self.angle = angle
        self.velocity = velocity
        self.angularVelocity = angularVelocity
    }

    /// The box placed at `time`.
    func pose(at time: Double) -> DynamicsBoxPose {
        DynamicsBoxPose(center: center + velocity * time, angle: angle + angularVelocity * time, half: halfSize)
    }

    /// The farthest any point of the box lies from its centre.
    public var radius: Double { (halfSize * halfSize).sum().squareRoot() }
}

/// What a sweep of two boxes over a time span finds.
public enum DynamicsImpact: Sendable, Equatable {
    /// They overlap at time 0.
    case overlapping
    /// They first come within the target distance of each other at this time (s), inside the span (0: they are
    /// that close, not overlapping, at its start).
    case touching(at: Double)
    /// They stay apart over the whole span.
    case separated
}

extension DynamicsSweep {
    /// The shortest distance between two boxes at `time` (0 where they overlap or touch).
    public static func distance(_ a: DynamicsSweep, _ b: DynamicsSweep, at time: Double) -> Double {
        nearest(a.pose(at: time), b.pose(at: time)).distance
    }

    /// Between two boxes: the shortest distance and the unit direction from `b`'s nearest point to `a`'s; 0 (and no
    /// direction) when no face of either separates them (the contact solver's `maxSeparation`: they overlap). For two
    /// convex polygons apart, the nearest points are a corner of one and a point of an edge of the other.
    static func nearest(_ a: DynamicsBoxPose, _ b: DynamicsBoxPose) -> (distance: Double, normal: SIMD2<Double>) {
        guard DynamicsContact.maxSeparation(a, b).separation > 0 || DynamicsContact.maxSeparation(b, a).separation > 0
        else { return (0, .zero) }
        let p = a.corners, q = b.corners
        var least = Double.infinity, normal = SIMD2<Double>.zero
        for (corners, edges, sign) in [(p, q, 1.0), (q, p, -1.0)] {
            for v in corners {
                for i in 0..<4 {
                    let a = edges[i], ab = edges[(i + 1) & 3] - a, lengthSquared = (ab * ab).sum()
                    let t = lengthSquared > 0 ? Swift.min(Swift.max(((v - a) * ab).sum() / lengthSquared, 0), 1) : 0
                    let d = v - (a + ab * t), length = (d * d).sum().squareRoot()
                    if length < least {
                        least = length
                        normal = length > 0 ? d * (sign / length) : .zero
                    }
                }
            }
        }
        return (least, normal)
    }

    /// The time of first contact of two moving, turning boxes within `duration` seconds: the first time their
    /// distance comes down to `target` (pt), found to within `tolerance` (pt) above it, never past it.
    ///
    /// Conservative advancement (Mirtich's): along the direction n between the nearest points now, the boxes'
    /// separation, a lower bound of their distance at every time, closes no faster than
    /// −(vA − vB)·n + |ωA|·rA + |ωB|·rB (r: a box's farthest corner from its centre); each step advances by the
    /// distance left over that rate, so never past the first contact, and where the rate is not positive they never
    /// meet. Box2D's `b2TimeOfImpact` (2.4.1) finds the same time by its separating-axis root finder, with `target`
    /// 0.5 pt (its linear slop) and `tolerance` 0.125 pt. At most `maxIterations` steps: a box gliding past the other
    /// at a hair's breadth which does not come within the tolerance in them is taken to touch there (early, never late).
    public static func timeOfImpact(_ a: DynamicsSweep, _ b: DynamicsSweep, within duration: Double,
                                    target: Double = DynamicsUnits.linearSlop, tolerance: Double = 0.125,
                                    maxIterations: Int = 64) -> DynamicsImpact {
        let relative = a.velocity - b.velocity
        let spin = abs(a.angularVelocity) * a.radius + abs(b.angularVelocity) * b.radius
        var time = 0.0
        for _ in 0..<maxIterations {
            let (apart, normal) = nearest(a.pose(at: time), b.pose(at: time))
            // As Box2D: overlapping only where the boxes themselves overlap (closer than the target: touching).
            if apart == 0, time == 0 { return .overlapping }
            let gap = apart - target
            if gap <= tolerance { return .touching(at: time) }
            let rate = spin - (relative * normal).sum()
            guard rate > 0 else { return .separated }
            time += gap / rate
            if time > duration { return .separated }
        }
        return .touching(at: time)
    }
}
