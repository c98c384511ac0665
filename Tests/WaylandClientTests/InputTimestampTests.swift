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

    @Test func timestampEventArgumentsBecomeNanoseconds() {
        #expect(InputTimestamp.nanoseconds(secondsHigh: 0, secondsLow: 1016, nanoseconds: 250_123) == 1_016_000_250_123)
        #expect(InputTimestamp.nanoseconds(secondsHigh: 1, secondsLow: 0, nanoseconds: 7) == 4_294_967_296_000_000_007)
        var clock = InputTimestamp()
        _ = clock.seconds(milliseconds: 1000)
        clock.setNextTimestamp(secondsHigh: 0, secondsLow: 1, nanoseconds: 16_250_123)
        #expect(clock.seconds(milliseconds: 1016) == 1_016_250_123.0 / 1e9)
    }

    /// Regression: `Seat` computed `(hi << 32 | lo) * 1e9 + nsec` in `UInt64`, which traps on overflow, so a
    /// compositor sending `tv_sec_hi` = 5 (or 0xFFFFFFFF) killed the app. Such a time is dropped instead.
    @Test func timestampPast64BitsOfNanosecondsIsDropped() {
        #expect(InputTimestamp.nanoseconds(secondsHigh: 4, secondsLow: 0, nanoseconds: 0) == 17_179_869_184_000_000_000)
        #expect(InputTimestamp.nanoseconds(secondsHigh: 5, secondsLow: 0, nanoseconds: 0) == nil)
        #expect(InputTimestamp.nanoseconds(secondsHigh: .max, secondsLow: .max, nanoseconds: .max) == nil)
        // 18 446 744 073 s and 709 551 615 ns is UInt64.max exactly; one more nanosecond does not fit.
        #expect(InputTimestamp.nanoseconds(secondsHigh: 4, secondsLow: 1_266_874_889, nanoseconds: 709_551_615) == .max)
        #expect(InputTimestamp.nanoseconds(secondsHigh: 4, secondsLow: 1_266_874_889, nanoseconds: 709_551_616) == nil)
        var clock = InputTimestamp()
        _ = clock.seconds(milliseconds: 1000)
        clock.setNextTimestamp(secondsHigh: 0, secondsLow: 1, nanoseconds: 10_000_000)
        clock.setNextTimestamp(secondsHigh: .max, secondsLow: 0, nanoseconds: 0)  // replaces the pending one
        #expect(abs(clock.seconds(milliseconds: 1016) - 1.016) < 1e-12)
    }
}
