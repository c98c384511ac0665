import Testing
import WaylandClient

/// The wheel and the touchpad through the seat's input chain: axis events gathered until `wl_pointer.frame`.
struct SeatScrollTests {
    @Test func aWheelNotchIsOneScrollWithItsSourceStepsAndDistance() {
        var input = SeatInput()
        _ = input.pointerEnter(at: SIMD2(10, 10))
        input.pointerAxisSource(0)
        input.pointerAxisSteps(0, steps: 2)
        input.pointerAxis(0, value: 20, ms: 1000)
        let scroll = input.pointerFrame()
        #expect(scroll == Touch.Scroll(source: 0, delta: SIMD2(0, 20), steps: SIMD2(0, 2), stopped: false, time: 1))
        #expect(input.pointerFrame() == nil, "a frame with no axis event is no scroll")
    }

    @Test func value120CountsFractionalNotchesAndHorizontalGoesToX() {
        var input = SeatInput()
        _ = input.pointerEnter(at: SIMD2(10, 10))
        input.pointerAxisSteps(1, steps: 60.0 / 120)
        input.pointerAxis(1, value: 5, ms: 2000)
        #expect(input.pointerFrame()?.steps == SIMD2(0.5, 0))
    }

    @Test func theTouchpadsLiftIsAStoppedScroll() {
        var input = SeatInput()
        _ = input.pointerEnter(at: SIMD2(10, 10))
        input.pointerAxisSource(1)
        input.pointerAxis(0, value: 12.5, ms: 1000)
        #expect(input.pointerFrame()?.stopped == false)
        input.pointerAxisSource(1)
        input.pointerAxisStop(0, ms: 1016)
        let lift = input.pointerFrame()
        #expect(lift?.stopped == true && lift?.delta == .zero && lift?.source == 1)
    }

    @Test func scrollingOverADecorationIsNotTheWindows() {
        var input = SeatInput()
        _ = input.pointerEnter(at: SIMD2(10, -10), onWindow: false)
        input.pointerAxis(0, value: 30, ms: 1000)
        #expect(input.pointerFrame() == nil)
    }

    @Test func hostileValuesAreBounded() {
        var input = SeatInput()
        _ = input.pointerEnter(at: SIMD2(10, 10))
        input.pointerAxis(0, value: 1e12, ms: 1000)
        input.pointerAxis(0, value: .nan, ms: 1000)
        input.pointerAxisSteps(0, steps: -1e9)
        let scroll = input.pointerFrame()
        #expect(scroll?.delta.y == 10_000 && scroll?.steps.y == -100)
    }
}
