/// The seat's input chain without Wayland: each `wl_touch`, `wl_pointer` and `zwp_input_timestamps_v1` event as it
/// arrives, through `InputTimestamp` (u32 ms unwrapped, or the high-resolution stamp given just before), the
/// `InputSanitizer` (positions far outside the surface clamped) and the `TouchFrameAssembler` (touch frames, with
/// weston's missing frame after the last up), out as touch frames. `Seat`'s listeners feed it; tests and the fuzzer
/// feed it the same way.
///
/// Only input on the window's own surface counts (`onWindow`): a finger or the pointer on a decoration is
/// libdecor's. The pointer is finger `TouchFrameAssembler.pointerID`, down while its left button is.
public struct SeatInput: Sendable {
    public private(set) var assembler = TouchFrameAssembler()
    private var sanitizer = InputSanitizer()
    private var touchClock = InputTimestamp()
    private var pointerClock = InputTimestamp()
    private var pointerPosition = SIMD2<Double>(0, 0)
    /// Whether the pointer is over the window's surface (false: elsewhere, or on a decoration); nil until the
    /// pointer object's first enter (sway 1.7 sends a newly bound pointer none while it is already over the
    /// window, and its events count then as before).
    private var pointerOnWindow: Bool?
    /// The time of the newest input event delivered, for events that carry none (cancel, leave).
    private var lastTime = 0.0
    /// What the sanitizer said when a point started being clamped, not yet taken (`takeNotes`).
    private var notes: [String] = []

    /// Nothing down.
    public init() {}

    /// The surface's logical size (positions more than a surface beyond it are clamped).
    public var surfaceSize: SIMD2<Double>? {
        get { sanitizer.bounds }
        set { sanitizer.bounds = newValue }
    }

    /// The notes since the last call (one per point that started being clamped), for the debug log.
    public mutating func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes
    }

    // MARK: Touch

    /// `zwp_input_timestamps_v1.timestamp` for the next touch event (or, with `pointer`, the next pointer event).
    public mutating func timestamp(secondsHigh hi: UInt32, secondsLow lo: UInt32, nanoseconds nsec: UInt32,
                                   pointer: Bool) {
        if pointer {
            pointerClock.setNextTimestamp(secondsHigh: hi, secondsLow: lo, nanoseconds: nsec)
        } else {
            touchClock.setNextTimestamp(secondsHigh: hi, secondsLow: lo, nanoseconds: nsec)
        }
    }

    /// `wl_touch.down` at `raw` (surface px) stamped `ms`; ignored off the window (its motion and up are then too).
    public mutating func touchDown(id: Int32, at raw: SIMD2<Double>, ms: UInt32, onWindow: Bool = true) -> Touch.Frame? {
        guard onWindow else { return nil }
        let t = touchClock.seconds(milliseconds: ms)
        return delivered(assembler.down(id: id, position: sane(raw, id: id), time: t))
    }

    /// `wl_touch.motion`.
    public mutating func touchMotion(id: Int32, to raw: SIMD2<Double>, ms: UInt32) -> Touch.Frame? {
        let t = touchClock.seconds(milliseconds: ms)
        return delivered(assembler.motion(id: id, position: sane(raw, id: id), time: t))
    }

    /// `wl_touch.up`.
    public mutating func touchUp(id: Int32, ms: UInt32) -> Touch.Frame? {
        sanitizer.release(id: id)
        return delivered(assembler.up(id: id, time: touchClock.seconds(milliseconds: ms)))
    }

    /// `wl_touch.frame`.
    public mutating func touchFrame() -> Touch.Frame? { delivered(assembler.frame()) }

    /// `wl_touch.cancel` (it carries no time: the newest input's).
    public mutating func touchCancel() -> Touch.Frame? {
        sanitizer = InputSanitizer(bounds: sanitizer.bounds)
        return delivered(assembler.cancel(time: lastTime))
    }

    /// The touch device went away; with `cancelling`, fingers still down get a cancel frame (their gesture ends as
    /// the compositor's own `wl_touch.cancel` would end it).
    public mutating func releaseTouch(cancelling: Bool) -> Touch.Frame? {
        let frame = cancelling && assembler.fingerIsDown ? delivered(assembler.cancel(time: lastTime)) : nil
        sanitizer = InputSanitizer(bounds: sanitizer.bounds)
        return frame
    }

    // MARK: Pointer

    /// `wl_pointer.enter` at `raw`; false `onWindow` for a surface that is not the window's. True when the cursor
    /// should be set (the pointer is on the window).
    public mutating func pointerEnter(at raw: SIMD2<Double>, onWindow: Bool = true) -> Bool {
        pointerOnWindow = onWindow
        guard onWindow else { return false }
        pointerPosition = sane(raw, id: TouchFrameAssembler.pointerID)
        return true
    }

    /// `wl_pointer.leave` (it carries no time): a held button is let go.
    public mutating func pointerLeave() -> Touch.Frame? {
        guard pointerOnWindow != false else { return nil }
        pointerOnWindow = false
        return delivered(assembler.pointerUp(time: lastTime))
    }

    /// `wl_pointer.motion`.
    public mutating func pointerMotion(to raw: SIMD2<Double>, ms: UInt32) -> Touch.Frame? {
        guard pointerOnWindow != false else { return nil }
        pointerPosition = sane(raw, id: TouchFrameAssembler.pointerID)
        let t = pointerClock.seconds(milliseconds: ms)
        return delivered(assembler.pointerMotion(position: pointerPosition, time: t))
    }

    // MARK: Scroll

    /// `wl_pointer.axis_source`: what the frame's axis events come from.
    public mutating func pointerAxisSource(_ source: UInt32) {
        guard pointerOnWindow != false else { return }
        pendingScroll.source = source
    }

    /// `wl_pointer.axis`: `value` logical px on `axis` (0 vertical, 1 horizontal).
    public mutating func pointerAxis(_ axis: UInt32, value: Double, ms: UInt32) {
        guard pointerOnWindow != false, value.isFinite else { return }
        pendingScroll.time = pointerClock.seconds(milliseconds: ms)
        pendingScroll.delta[axis == 1 ? 0 : 1] += Swift.max(-10_000, Swift.min(value, 10_000))
        pendingScroll.hasMotion = true
    }

    /// `wl_pointer.axis_discrete` (`steps` notches) or `axis_value120` (`steps` = value / 120) on `axis`.
    public mutating func pointerAxisSteps(_ axis: UInt32, steps: Double) {
        guard pointerOnWindow != false, steps.isFinite else { return }
        pendingScroll.steps[axis == 1 ? 0 : 1] += Swift.max(-100, Swift.min(steps, 100))
    }

    /// `wl_pointer.axis_stop`: the fingers lifted (what scrolls now coasts).
    public mutating func pointerAxisStop(_ axis: UInt32, ms: UInt32) {
        guard pointerOnWindow != false else { return }
        pendingScroll.time = pointerClock.seconds(milliseconds: ms)
        pendingScroll.stopped = true
    }

    /// `wl_pointer.frame` (or, before version 5, the end of each axis event): the scroll gathered since the last
    /// one, if any moved or stopped.
    public mutating func pointerFrame() -> Touch.Scroll? {
        defer { pendingScroll = PendingScroll() }
        guard pendingScroll.hasMotion || pendingScroll.stopped || pendingScroll.steps != .zero else { return nil }
        let time = pendingScroll.time ?? lastTime
        lastTime = Swift.max(lastTime, time)
        return Touch.Scroll(source: pendingScroll.source, delta: pendingScroll.delta, steps: pendingScroll.steps,
                            stopped: pendingScroll.stopped, time: time)
    }

    private struct PendingScroll {
        var source: UInt32?
        var delta = SIMD2<Double>.zero
        var steps = SIMD2<Double>.zero
        var stopped = false
        var hasMotion = false
        var time: Double?
    }
    private var pendingScroll = PendingScroll()

    // MARK: Pinch

    /// A touchpad pinch on the window in progress: its scale and accumulated rotation (radians).
    private var pinch: (scale: Double, rotation: Double)?

    /// `zwp_pointer_gesture_pinch_v1.begin` (on the window's surface or not).
    public mutating func pinchBegin(onWindow: Bool, ms: UInt32) -> Touch.Pinch? {
        guard onWindow else {
            pinch = nil
            return nil
        }
        pinch = (1, 0)
        return Touch.Pinch(phase: .began, scale: 1, rotation: 0, time: pointerClock.seconds(milliseconds: ms))
    }

    /// `zwp_pointer_gesture_pinch_v1.update`: `scale` since the beginning, `degrees` of rotation since the last event.
    public mutating func pinchUpdate(scale: Double, degrees: Double, ms: UInt32) -> Touch.Pinch? {
        guard var current = pinch else { return nil }
        // A compositor's wild numbers stay within what a card can show.
        if scale.isFinite { current.scale = Swift.min(Swift.max(scale, 0.05), 20) }
        if degrees.isFinite { current.rotation += Swift.min(Swift.max(degrees, -180), 180) * .pi / 180 }
        pinch = current
        return Touch.Pinch(phase: .changed, scale: current.scale, rotation: current.rotation,
                           time: pointerClock.seconds(milliseconds: ms))
    }

    /// `zwp_pointer_gesture_pinch_v1.end`.
    public mutating func pinchEnd(cancelled: Bool, ms: UInt32) -> Touch.Pinch? {
        guard let current = pinch else { return nil }
        pinch = nil
        return Touch.Pinch(phase: cancelled ? .cancelled : .ended, scale: current.scale, rotation: current.rotation,
                           time: pointerClock.seconds(milliseconds: ms))
    }

    /// `wl_pointer.button` for the left button.
    public mutating func pointerButton(pressed: Bool, ms: UInt32) -> Touch.Frame? {
        guard pointerOnWindow != false else { return nil }
        let t = pointerClock.seconds(milliseconds: ms)
        return delivered(pressed ? assembler.pointerDown(position: pointerPosition, time: t)
                                 : assembler.pointerUp(time: t))
    }

    /// The pointer device went away; with `lifting`, a held button is let go (as when the pointer leaves).
    public mutating func releasePointer(lifting: Bool) -> Touch.Frame? {
        let frame = lifting ? delivered(assembler.pointerUp(time: lastTime)) : nil
        pointerOnWindow = nil
        return frame
    }

    // MARK: -

    /// `raw` through the sanitizer, noting when a point starts being clamped.
    private mutating func sane(_ raw: SIMD2<Double>, id: Int32) -> SIMD2<Double> {
        let (position, note) = sanitizer.position(raw, id: id)
        if let note { notes.append(note) }
        return position
    }

    private mutating func delivered(_ frame: Touch.Frame?) -> Touch.Frame? {
        if let newest = frame?.changes.map(\.time).max() { lastTime = max(lastTime, newest) }
        return frame
    }
}
