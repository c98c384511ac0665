/// Many 2-D springs that share one parameter set and rest threshold, for particle fields and long lists.
///
/// Storage is structure-of-arrays: displacement from the target (x, y), velocity (x, y) and target (x, y) are six
/// contiguous runs of `Double` in one buffer, and the propagator is shared. Because the damped-oscillator
/// propagator is exact for any duration, a frame is ONE jump by the map for the whole frame interval, cached for
/// the last interval (a steady display reuses it every frame): the state is always at display time, so nothing is
/// interpolated and no time is lost or gained. The per-frame loop touches only the four state runs, performs two
/// 2×2 products per spring and never allocates.
///
/// Rest detection is per spring and follows `SpringAnimation`: after each advance a spring whose distance to its
/// target and speed are both below `restThreshold` (vector norms) snaps to its target. A spring at rest has an
/// all-zero state, which the propagator keeps at zero, so the loop needs no branch for it.
public struct SpringField: Sendable {
    /// The spring constants every spring uses.
    public let parameters: SpringParameters
    /// When a spring counts as settled.
    public let restThreshold: RestThreshold
    /// Number of springs.
    public let count: Int
    /// Number of springs still moving (not at rest).
    public private(set) var movingCount: Int

    /// [dx | dy | vx | vy | tx | ty], each `count` long; d is the displacement from the target t.
    private var storage: ContiguousArray<Double>
    private let distanceSquared: Double
    private let speedSquared: Double
    /// The cached jump: the exact map over `jumpDuration` seconds.
    private var jumpDuration: Double
    private var jump: DampedOscillatorPropagator

    /// Springs at rest at `positions` (spring i starts at `positions[i]`).
    public init(parameters: SpringParameters = SpringParameters(), restThreshold: RestThreshold = .position,
                positions: some Collection<SIMD2<Double>>) {
        let n = positions.count
        self.parameters = parameters
        self.restThreshold = restThreshold
        self.count = n
        self.movingCount = 0
        self.distanceSquared = restThreshold.distance * restThreshold.distance
        self.speedSquared = restThreshold.speed * restThreshold.speed
        self.jumpDuration = 0
        self.jump = .identity
        var storage = ContiguousArray<Double>(repeating: 0, count: 6 * n)
        for (i, point) in positions.enumerated() {
            storage[4 * n + i] = point.x
            storage[5 * n + i] = point.y
        }
        self.storage = storage
    }

    /// True when no spring is moving.
    public var isAtRest: Bool { movingCount == 0 }

    /// The position of spring `i` now.
    public func position(_ i: Int) -> SIMD2<Double> {
        precondition(i >= 0 && i < count, "spring index out of range")
        return SIMD2(storage[4 * count + i] + storage[i], storage[5 * count + i] + storage[count + i])
    }

    /// The velocity of spring `i` now.
    public func velocity(_ i: Int) -> SIMD2<Double> {
        precondition(i >= 0 && i < count, "spring index out of range")
        return SIMD2(storage[2 * count + i], storage[3 * count + i])
    }

    /// Where spring `i` is heading.
    public func target(_ i: Int) -> SIMD2<Double> {
        precondition(i >= 0 && i < count, "spring index out of range")
        return SIMD2(storage[4 * count + i], storage[5 * count + i])
    }

    /// True while spring `i` is moving.
    public func isMoving(_ i: Int) -> Bool {
        let v = velocity(i)
        return storage[i] != 0 || storage[count + i] != 0 || v.x != 0 || v.y != 0
    }

    /// Starts spring `i` from `value` with absolute `velocity` toward `target` (it rests at once if already
    /// within the rest threshold).
    public mutating func start(_ i: Int, from value: SIMD2<Double>, velocity: SIMD2<Double>, to target: SIMD2<Double>) {
        precondition(i >= 0 && i < count, "spring index out of range")
        let wasMoving = isMoving(i)
        var d = value - target
        var v = velocity
        if (d * d).sum() < distanceSquared && (v * v).sum() < speedSquared {
            d = .zero
            v = .zero
        }
        let n = count
        storage[i] = d.x
        storage[n + i] = d.y
        storage[2 * n + i] = v.x
        storage[3 * n + i] = v.y
        storage[4 * n + i] = target.x
        storage[5 * n + i] = target.y
        movingCount += (isMoving(i) ? 1 : 0) - (wasMoving ? 1 : 0)
    }

    /// Sends spring `i` to `target` from where it is now, keeping its velocity vector unchanged.
    public mutating func retarget(_ i: Int, to target: SIMD2<Double>) {
        start(i, from: position(i), velocity: velocity(i), to: target)
    }

    /// Advances every spring by `dt` seconds (one exact jump), then snaps the settled ones to their targets.
    public mutating func advance(by dt: Double) {
        guard dt > 0, movingCount > 0 else { return }
        if dt != jumpDuration {
            jump = DampedOscillatorPropagator(parameters: parameters, duration: dt)
            jumpDuration = dt
        }
        let p = jump
        let n = count
        let distance2 = distanceSquared
        let speed2 = speedSquared
        movingCount = storage.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let dx = buffer.baseAddress else { return 0 }
            let dy = dx + n
            let vx = dx + 2 * n
            let vy = dx + 3 * n
            var moving = 0
            for i in 0..<n {
                let x0 = dx[i], y0 = dy[i], u0 = vx[i], w0 = vy[i]
                let x1 = p.dd * x0 + p.dv * u0
                let u1 = p.vd * x0 + p.vv * u0
                let y1 = p.dd * y0 + p.dv * w0
                let w1 = p.vd * y0 + p.vv * w0
                let d2 = x1 * x1 + y1 * y1
                let v2 = u1 * u1 + w1 * w1
                // Settled, or exactly still (so a zero threshold cannot keep a spring at its target "moving").
                let settled = (d2 < distance2 && v2 < speed2) || (d2 == 0 && v2 == 0)
                dx[i] = settled ? 0 : x1
                dy[i] = settled ? 0 : y1
                vx[i] = settled ? 0 : u1
                vy[i] = settled ? 0 : w1
                moving &+= settled ? 0 : 1
            }
            return moving
        }
    }
}
