import MomentumCore
import Testing
@testable import MomentumRun

/// Touch times in whole milliseconds (no `zwp_input_timestamps_v1`: wlroots 0.15, mutter's remote-desktop touch) are
/// the millisecond each sample fell in. A finger at 1000 px/s sampled every 8 ms, each sample taken 0.5 ms into its
/// millisecond, predicted 40 ms past its newest sample: taken as the middle of its millisecond, each time is the
/// sample's own and the straight finger is predicted exactly; taken as it is, the prediction would run 0.5 ms
/// (0.5 px) ahead. Times that are not whole milliseconds (input timestamps' ns, or a 120 Hz clock's exact times, whole
/// one in three) are taken as they are.
struct FingerPredictionsTests {
    /// The predicted y at `newest + 0.040` of a finger at 1000 px/s whose samples were taken at `taken(k)` and stamped
    /// `stamp(k)`, each arriving 2 ms after it was taken.
    static func predicted(taken: (Int) -> Double, stamp: (Int) -> Double) -> (y: Double, truth: Double) {
        var predictions = FingerPredictions()
        let speed = 1000.0, start = 10.0
        for k in 0..<8 {
            let change = TouchChange(id: 0, phase: k == 0 ? .down : .motion,
                                     position: SIMD2(400, speed * (taken(k) - start)), time: stamp(k))
            predictions.track(TouchFrame(changes: [change]), arrivedAt: taken(k) + 0.002)
        }
        let presentation = taken(7) + 0.040
        let y = predictions.fingers(at: presentation, now: taken(7) + 0.002).positions[0]?.y ?? .nan
        return (y, speed * (presentation - start))
    }

    @Test func wholeMillisecondTimesAreTheMiddleOfTheirMillisecond() {
        let whole = Self.predicted(taken: { 10 + 0.008 * Double($0) + 0.0005 }, stamp: { 10 + 0.008 * Double($0) })
        #expect(abs(whole.y - whole.truth) < 1e-6, "\(whole)")
        let exact = Self.predicted(taken: { 10 + 0.008 * Double($0) + 0.000_123 }, stamp: { 10 + 0.008 * Double($0) + 0.000_123 })
        #expect(abs(exact.y - exact.truth) < 1e-6, "\(exact)")
        // Two whole-ms times in a row make the input's times whole ms; exact 120 Hz times are whole ms one in three.
        var times = FingerPredictions()
        #expect(times.sampleTime(51556.676) == 51556.676 && times.sampleTime(51556.685) == 51556.685 + 0.0005)
        #expect(times.sampleTime(51556.676_123_456) == 51556.676_123_456)
        var clock = FingerPredictions()
        let shifted = (0..<12).filter { k in
            let t = 2.0 + Double(k) / 120
            return clock.sampleTime(t) != t
        }
        #expect(FingerPredictions.isWholeMillisecond(2.025) && shifted.isEmpty, "\(shifted)")
    }
}
