import Testing
@testable import WaylandClient

/// Input event times: one monotonic seconds scale from wrapping u32 milliseconds and optional ns timestamps.
struct InputTimestampTests {
    @Test func millisecondsBecomeSeconds() {
        var clock = InputTimestamp()
        #expect(clock.seconds(milliseconds: 1000) == 1.0)
        #expect(abs(clock.seconds(milliseconds: 1016) - 1.016) < 1e-12)
    }

    @Test func wraparoundMovesForward() {
        var clock = InputTimestamp()
        let before = clock.seconds(milliseconds: 4_294_967_290)
        let after = clock.seconds(milliseconds: 5)
        // 6 ms up to 2^32, then 5 more: 11 ms later, not 49.7 days earlier.
        #expect(abs((after - before) - 0.011) < 1e-9)
        let later = clock.seconds(milliseconds: 21)
        #expect(abs((later - after) - 0.016) < 1e-9)
        #expect(clock.unwrap(22) == 4_294_967_296 + 22)
    }

    @Test func slightlyLateEventStaysSlightlyEarlier() {
        var clock = InputTimestamp()
        let a = clock.seconds(milliseconds: 5000)
        let late = clock.seconds(milliseconds: 4996)     // delivered after, stamped 4 ms before
        #expect(abs((late - a) + 0.004) < 1e-12)
        let b = clock.seconds(milliseconds: 5008)
        #expect(abs((b - a) - 0.008) < 1e-12)
        // Late across the wrap: the newest is 3 ms past 2^32, a late one 2 ms before it.
        var wrap = InputTimestamp()
        let newest = wrap.seconds(milliseconds: 4_294_967_295)
        let past = wrap.seconds(milliseconds: 3)
        let lateAcross = wrap.seconds(milliseconds: 4_294_967_294)
        #expect(abs((past - newest) - 0.004) < 1e-9)
        #expect(abs((lateAcross - newest) + 0.001) < 1e-9)
        #expect(abs((wrap.seconds(milliseconds: 4) - past) - 0.001) < 1e-9)
    }

    @Test func nanosecondTimestampWinsForOneEventOnly() {
        var clock = InputTimestamp()
        _ = clock.seconds(milliseconds: 1000)
        clock.setNextNanoseconds(1_016_250_123)
        #expect(clock.seconds(milliseconds: 1016) == 1_016_250_123.0 / 1e9)
        // The next event has no ns timestamp of its own: back to its milliseconds.
        #expect(abs(clock.seconds(milliseconds: 1033) - 1.033) < 1e-12)
        // A newer ns timestamp replaces an unused older one.
        clock.setNextNanoseconds(1_040_000_001)
        clock.setNextNanoseconds(1_049_900_002)
        #expect(clock.seconds(milliseconds: 1049) == 1_049_900_002.0 / 1e9)
        #expect(abs(clock.seconds(milliseconds: 1066) - 1.066) < 1e-12)
    }

    @Test func nanosecondEventsStillTrackTheMillisecondWrap() {
        var clock = InputTimestamp()
        _ = clock.seconds(milliseconds: 4_294_967_290)
        clock.setNextNanoseconds(7_000_000_000)
        _ = clock.seconds(milliseconds: 4)                 // wraps while the ns time is used
        // The ms-only event after it continues past the wrap (no 49.7-day jump back).
        let t = clock.seconds(milliseconds: 10)
        #expect(abs(t - Double(4_294_967_296 + 10) / 1e3) < 1e-9)
    }
}
