/// One sample of a trace: time and the presented position and velocity.
struct TraceRow: Equatable {
    /// Seconds since the start.
    var t: Double
    /// Presented position.
    var x: Double
    var y: Double
    /// Presented velocity (units per second).
    var vx: Double
    var vy: Double

    init(t: Double, position: SIMD2<Double>, velocity: SIMD2<Double>) {
        self.t = t
        x = position.x
        y = position.y
        vx = velocity.x
        vy = velocity.y
    }

    /// (x, y).
    var position: SIMD2<Double> { SIMD2(x, y) }
    /// (vx, vy).
    var velocity: SIMD2<Double> { SIMD2(vx, vy) }
}
