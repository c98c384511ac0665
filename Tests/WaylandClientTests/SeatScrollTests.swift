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

/// A touchpad's pinch through the seat's input chain.
struct SeatPinchTests {
    @Test func aPinchOnTheWindowBeginsChangesWithAccumulatedRotationAndEnds() {
        var input = SeatInput()
        #expect(input.pinchBegin(onWindow: true, ms: 1000)?.phase == .began)
        _ = input.pinchUpdate(scale: 1.2, degrees: 10, ms: 1010)
        let changed = input.pinchUpdate(scale: 1.5, degrees: 20, ms: 1020)
        #expect(changed?.scale == 1.5 && abs((changed?.rotation ?? 0) - 30 * .pi / 180) < 1e-12)
        let ended = input.pinchEnd(cancelled: false, ms: 1030)
        #expect(ended?.phase == .ended && ended?.scale == 1.5 && ended?.time == 1.03)
        #expect(input.pinchUpdate(scale: 2, degrees: 0, ms: 1040) == nil, "nothing after the end")
    }

    @Test func aPinchElsewhereIsNotTheWindowsAndWildNumbersAreBounded() {
        var input = SeatInput()
        #expect(input.pinchBegin(onWindow: false, ms: 1000) == nil)
        #expect(input.pinchUpdate(scale: 2, degrees: 5, ms: 1010) == nil)
        _ = input.pinchBegin(onWindow: true, ms: 2000)
        let wild = input.pinchUpdate(scale: 1e9, degrees: .infinity, ms: 2010)
        #expect(wild?.scale == 20 && wild?.rotation == 0)
        #expect(input.pinchEnd(cancelled: true, ms: 2020)?.phase == .cancelled)
    }
}
