import Benchmark
import MomentumCore

/// `CubicBezier.value(at:)` (y for a given x) over 1000 inputs spread over (0, 1) in scrambled order, so no
/// evaluation can be folded or predicted; results go to `blackHole`. Reported per evaluation (scaling factor 1000).
enum BezierBenchmarks {
    static let inputs: [Double] = {
        var random = Lcg(seed: 5)
        return (0..<1000).map { _ in random.next() }
    }()

    static func register() {
        let curves: [(String, CubicBezier)] = [
            ("Bezier.easeInEaseOut", .easeInEaseOut),
            ("Bezier.0.5-0-0.9-0.7", steepCurve()),
        ]
        var configuration = Benchmark.defaultConfiguration
        configuration.scalingFactor = .kilo
        for (name, curve) in curves {
            Benchmark(name, configuration: configuration) { benchmark in
                let xs = inputs
                benchmark.startMeasurement()
                for i in benchmark.scaledIterations {
                    blackHole(curve.value(at: xs[i]))
                }
                benchmark.stopMeasurement()
            }
        }
    }

    /// cubic-bezier(0.5, 0, 0.9, 0.7), the gallery's custom lane.
    static func steepCurve() -> CubicBezier {
        do {
            return try CubicBezier(0.5, 0, 0.9, 0.7)
        } catch {
            fatalError("valid control points rejected: \(error)")
        }
    }
}
