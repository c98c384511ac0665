import MomentumCore
import Testing

/// The frame deadline is timed from when the compositor sent each callback: estimated from the callbacks'
/// millisecond stamps, whatever the handling's delay.
struct CallbackArrivalTests {
    @Test func aCallbackHandledLateIsTimedFromWhenItWasSent() {
        var arrival = CallbackArrival()
        var random = SplitMix64(seed: 3)
        // The compositor's clock is 1234.5678 s behind the host's; it repaints every 25 ms and stamps whole ms.
        var worst = 0.0
        for k in 0..<400 {
            let sent = 10.0 + Double(k) * 0.025 + 0.0004
            let stamp = UInt32(truncatingIfNeeded: Int64(((sent - 1234.5678 + 5000) * 1000).rounded(.down)))
            // A fifth handled 1–10 ms late, the rest within 0.3 ms.
            let delay = random.nextUnit() < 0.2 ? 0.001 + 0.009 * random.nextUnit() : 0.0003 * random.nextUnit()
            let estimate = arrival.sent(milliseconds: stamp, handledAt: sent + delay)
            #expect(estimate <= sent + delay)
            if k >= 20 { worst = max(worst, abs(estimate - sent)) }
        }
        // Within the stamps' millisecond and the promptest handling.
        #expect(worst < 0.0015, "worst error \(worst) s")
    }

    @Test("a callback left unread until its frame's start (up to 20 ms) is timed from when it was sent, and does not move the estimate of the ones after")
    func callbacksReadLateAreNotLearnedFrom() {
        var arrival = CallbackArrival()
        func stamp(_ sent: Double) -> UInt32 { UInt32(truncatingIfNeeded: Int64(((sent + 777.25) * 1000).rounded(.down))) }
        var worst = 0.0
        for k in 0..<400 {
            let sent = 5.0 + Double(k) * 0.025 + 0.0004
            // One in 32 read on arrival (within 0.3 ms), the rest 20 ms later, at the frame's start.
            let unread = k % 32 != 0
            let handled = sent + (unread ? 0.020 : 0.0003)
            let estimate = arrival.sent(milliseconds: stamp(sent), handledAt: handled, learns: !unread)
            #expect(estimate <= handled)
            if k >= 64 { worst = max(worst, abs(estimate - sent)) }
        }
        #expect(worst < 0.0015, "worst error \(worst) s")
        // Learned from: the 20 ms would be taken for the clocks' offset.
        var learning = CallbackArrival()
        var last = 0.0
        for k in 0..<100 {
            let sent = 5.0 + Double(k) * 0.025 + 0.0004
            last = learning.sent(milliseconds: stamp(sent), handledAt: sent + 0.020) - sent
        }
        #expect(last > 0.015)
    }

    @Test func stampsThatDoNotFollowTheHostClockAreNotBelieved() {
        var arrival = CallbackArrival()
        // A compositor that stamps every callback 0: the handling time is all there is.
        for k in 0..<50 {
            let now = 3.0 + Double(k) * 0.016
            #expect(arrival.sent(milliseconds: 0, handledAt: now) == now)
        }
    }
}
