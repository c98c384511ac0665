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

    @Test("a callback left unread until its frame's start (25 ms of a 33 ms cycle) is timed from when it was sent, and does not move the estimate of the ones after")
    func callbacksReadLateAreNotLearnedFrom() {
        func stamp(_ sent: Double) -> UInt32 { UInt32(truncatingIfNeeded: Int64(((sent + 777.25) * 1000).rounded(.down))) }
        // One in 32 read on arrival (within 0.3 ms), the rest 25 ms later, at the frame's start; the worst error of
        // the estimates once a few have been read on arrival.
        func worstError(learning: Bool) -> Double {
            var arrival = CallbackArrival()
            var worst = 0.0
            for k in 0..<400 {
                let sent = 5.0 + Double(k) * 0.033 + 0.0004
                let unread = k % 32 != 0 && k > 2
                let handled = sent + (unread ? 0.025 : 0.0003)
                let estimate = arrival.sent(milliseconds: stamp(sent), handledAt: handled,
                                            learns: learning || !unread)
                #expect(estimate <= handled)
                if k >= 64 { worst = max(worst, abs(estimate - sent)) }
            }
            return worst
        }
        #expect(worstError(learning: false) < 0.0015, "worst error \(worstError(learning: false)) s")
        // Learned from, the 25 ms would be taken for the clocks' offset.
        #expect(worstError(learning: true) > 0.015)
    }

    @Test("after a callback handled too late to believe, the estimate starts over: callbacks left unread are not learned from until two are read on arrival")
    func startingOverNeedsCallbacksReadOnArrival() {
        var arrival = CallbackArrival()
        func stamp(_ sent: Double) -> UInt32 { UInt32(truncatingIfNeeded: Int64(((sent + 31.5) * 1000).rounded(.down))) }
        var sent = 2.0004
        for _ in 0..<10 {
            _ = arrival.sent(milliseconds: stamp(sent), handledAt: sent + 0.0002)
            sent += 0.016
        }
        #expect(arrival.isCalibrated)
        // A loaded moment: read on arrival, but 25 ms after it came. Not believed: started over from it.
        #expect(arrival.sent(milliseconds: stamp(sent), handledAt: sent + 0.025) == sent + 0.025)
        #expect(!arrival.isCalibrated)
        sent += 0.016
        // Left unread 9 ms: the handling time is all there is, and it teaches nothing.
        for _ in 0..<5 {
            #expect(arrival.sent(milliseconds: stamp(sent), handledAt: sent + 0.009, learns: false) == sent + 0.009)
            #expect(!arrival.isCalibrated)
            sent += 0.016
        }
        // Two read on arrival: believed again, and a callback left unread is timed from when it was sent.
        _ = arrival.sent(milliseconds: stamp(sent), handledAt: sent + 0.0002)
        sent += 0.016
        _ = arrival.sent(milliseconds: stamp(sent), handledAt: sent + 0.0002)
        sent += 0.016
        #expect(arrival.isCalibrated)
        let estimate = arrival.sent(milliseconds: stamp(sent), handledAt: sent + 0.009, learns: false)
        #expect(abs(estimate - sent) < 0.0015, "\(estimate - sent) s")
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
