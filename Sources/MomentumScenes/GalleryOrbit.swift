import RealModule
import MomentumCore

/// The gallery's satellite: a `PathAnimation` along an ellipse centred on the origin, paced (constant speed along
/// the arc) with rotation mode auto (the satellite's angle is the path's tangent direction).
///
/// This is the orbit's geometry and timing; the motion runs on the scene's layer tree, the path's position on the
/// satellite layer's `position` and its rotate-auto angle on its `rotation` (one timing, two properties). A run is
/// `orbits` full laps. It starts where the satellite is (its progress along the path becomes the animation's
/// `timeOffset`), so the model value — that same point and its tangent angle — is where the run ends, and removing
/// the finished animation shows no jump. Restarting mid-run keeps position, velocity and angle continuous: the pace
/// is the same, only the lap count starts over.
public struct GalleryOrbit: Sendable {
    /// The satellite's presented state.
    public struct Pose: Sendable, Equatable {
        /// Position relative to the orbit's centre (px, y down).
        public var position: SIMD2<Double>
        /// Velocity (px/s); zero at rest.
        public var velocity: SIMD2<Double>
        /// Rotation (radians): the tangent direction atan2(dy, dx) of the path.
        public var angle: Double
        /// Fraction of the path's arc length covered from its start (0 ..< 1).
        public var progress: Double
    }

    /// Seconds per lap.
    public static let lapDuration = 4.0
    /// Laps per run; finite so the scene comes to rest and the process can sleep.
    public static let orbits = 3.0
    /// Cubic arcs used for the ellipse (16 keep the tangent within 3e-6 rad of the true ellipse's).
    public static let arcs = 16

    /// The ellipse's radii.
    public let radii: SIMD2<Double>
    /// The path the satellite follows.
    public let path: KeyframePath

    /// An orbit with the given radii; progress 0 is the +x vertex (angle π/2, heading down).
    public init(radii: SIMD2<Double>) {
        self.radii = radii
        self.path = Self.ellipse(radii: radii)
    }

    /// An ellipse x = a cos θ, y = b sin θ, θ from 0 to 2π, as `arcs` cubic arcs (control length (4/3) tan(Δ/4)).
    public static func ellipse(radii: SIMD2<Double>, arcs: Int = GalleryOrbit.arcs) -> KeyframePath {
        var path = KeyframePath()
        let step = 2 * Double.pi / Double(arcs)
        let k = 4.0 / 3.0 * Double.sin(step / 4) / Double.cos(step / 4)
        func point(_ t: Double) -> SIMD2<Double> { radii * SIMD2(Double.cos(t), Double.sin(t)) }
        func tangent(_ t: Double) -> SIMD2<Double> { radii * SIMD2(-Double.sin(t), Double.cos(t)) }
        path.move(to: point(0))
        for i in 0..<arcs {
            let t0 = Double(i) * step, t1 = Double(i + 1) * step
            path.addCurve(to: point(t1), control1: point(t0) + k * tangent(t0), control2: point(t1) - k * tangent(t1))
        }
        return path
    }

    /// The timing of a run beginning at media time `time` from path progress `start`.
    public static func runTiming(at time: Double, from start: Double) -> MediaTiming {
        MediaTiming(beginTime: time, duration: lapDuration, timeOffset: start * lapDuration, repeatCount: orbits)
    }

    /// The paced, rotate-auto path animation along this orbit with `timing`.
    public func animation(timing: MediaTiming) -> PathAnimation? {
        try? PathAnimation(path: path, calculationMode: .paced, rotationMode: .auto, timing: timing)
    }

    /// The pose at a path progress, standing still.
    public func restingPose(progress: Double) -> Pose {
        let probe = animation(timing: MediaTiming(duration: 1, fillMode: .both))
        guard let sample = probe?.sample(at: progress, over: PresentedState(resting: .zero)) else {
            return Pose(position: SIMD2(radii.x, 0), velocity: .zero, angle: Double.pi / 2, progress: progress)
        }
        return Pose(position: sample.position.value, velocity: .zero, angle: sample.rotation, progress: progress)
    }
}
