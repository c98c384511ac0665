/// Groups `wl_touch` events into frames.
///
/// Events are buffered until `wl_touch.frame`, **and** flushed as soon as the last point goes up, because
/// weston ≤ 11 sends no frame after the last `up`. A frame that then arrives with nothing buffered is ignored,
/// so compositors that do send it produce no empty frame. `cancel` drops every point and reports a cancel frame.
/// The pointer fallback (`pointerDown/Motion/Up`) acts as one finger with id `-1`, ignored while a finger is down.
public struct TouchFrameAssembler: Sendable {
    /// The pseudo touch id used for the pointer acting as a finger.
    public static let pointerID: Int32 = -1

    private var pending: [Touch.Change] = []
    /// Last known position of every point that is down, by id.
    public private(set) var points: [Int32: SIMD2<Double>] = [:]
    private var pointerIsDown = false

    /// Creates an empty assembler.
    public init() {}

    /// True while any touch point (not the pointer) is down.
    public var fingerIsDown: Bool { points.keys.contains { $0 != Self.pointerID } }

    /// `wl_touch.down`.
    public mutating func down(id: Int32, position: SIMD2<Double>, time: Double) -> Touch.Frame? {
        points[id] = position
        pending.append(Touch.Change(id: id, phase: .down, position: position, time: time))
        return nil
    }

    /// `wl_touch.motion`. Motion of a point that is not down is ignored.
    public mutating func motion(id: Int32, position: SIMD2<Double>, time: Double) -> Touch.Frame? {
        guard points[id] != nil else { return nil }
        points[id] = position
        // Coalesce repeated motion of the same point within one frame: the newest position wins.
        if let last = pending.lastIndex(where: { $0.id == id }), pending[last].phase == .motion {
            pending[last].position = position
            pending[last].time = time
        } else {
            pending.append(Touch.Change(id: id, phase: .motion, position: position, time: time))
        }
        return nil
    }

    /// `wl_touch.up`. Flushes at once when no finger remains down (no frame follows on weston ≤ 11); a held
    /// pointer is not a touch point and does not hold the flush back.
    public mutating func up(id: Int32, time: Double) -> Touch.Frame? {
        guard let position = points.removeValue(forKey: id) else { return nil }
        pending.append(Touch.Change(id: id, phase: .up, position: position, time: time))
        return fingerIsDown ? nil : flush()
    }

    /// `wl_touch.frame`: hands over what was buffered (nil when nothing was).
    public mutating func frame() -> Touch.Frame? { flush() }

    /// `wl_touch.cancel`: drops every point, buffered or down, and reports them as cancelled.
    public mutating func cancel(time: Double) -> Touch.Frame {
        var dropped: [Touch.Change] = []
        for (id, position) in points.sorted(by: { $0.key < $1.key }) where id != Self.pointerID {
            dropped.append(Touch.Change(id: id, phase: .cancel, position: position, time: time))
        }
        for id in points.keys where id != Self.pointerID { points[id] = nil }
        pending.removeAll(keepingCapacity: true)
        return Touch.Frame(changes: dropped, isCancel: true)
    }

    /// Pointer button 1 pressed: a one-finger down, unless a finger is already down.
    public mutating func pointerDown(position: SIMD2<Double>, time: Double) -> Touch.Frame? {
        guard !fingerIsDown, !pointerIsDown else { return nil }
        pointerIsDown = true
        points[Self.pointerID] = position
        return Touch.Frame(changes: [Touch.Change(id: Self.pointerID, phase: .down, position: position, time: time)])
    }

    /// Pointer motion: a one-finger motion while button 1 is held.
    public mutating func pointerMotion(position: SIMD2<Double>, time: Double) -> Touch.Frame? {
        guard pointerIsDown else { return nil }
        points[Self.pointerID] = position
        return Touch.Frame(changes: [Touch.Change(id: Self.pointerID, phase: .motion, position: position, time: time)])
    }

    /// Pointer button 1 released (or the pointer left the surface while pressed).
    public mutating func pointerUp(time: Double) -> Touch.Frame? {
        guard pointerIsDown, let position = points.removeValue(forKey: Self.pointerID) else { return nil }
        pointerIsDown = false
        return Touch.Frame(changes: [Touch.Change(id: Self.pointerID, phase: .up, position: position, time: time)])
    }

    private mutating func flush() -> Touch.Frame? {
        guard !pending.isEmpty else { return nil }
        let frame = Touch.Frame(changes: pending)
        pending.removeAll(keepingCapacity: true)
        return frame
    }
}
