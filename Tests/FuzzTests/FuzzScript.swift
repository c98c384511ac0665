import Foundation
import MomentumCore
import MomentumLayers
import MomentumScenes

/// One thing that happens to the app: a Wayland input event (with the arguments the wire would carry, plus
/// positions no wire can carry), a frame (a step, then drawn), a draw without a step (the app draws at once when
/// input arrives while it is idle), a change of window, output or backend, or the next-scene key.
enum FuzzOp: Sendable, CustomStringConvertible {
    case stamp(HighResolutionStamp, pointer: Bool)
    case down(id: Int32, SIMD2<Double>, ms: UInt32)
    case motion(id: Int32, SIMD2<Double>, ms: UInt32)
    case up(id: Int32, ms: UInt32)
    case frame
    case cancel
    case pointerEnter(SIMD2<Double>)
    case pointerLeave
    case pointerMotion(SIMD2<Double>, ms: UInt32)
    case button(pressed: Bool, ms: UInt32)
    case advance(Double)
    case draw
    case configure(size: SIMD2<Double>, scale: Double)
    case backend(BackendKind)
    case nextScene
    case releaseDevices

    var description: String {
        switch self {
        case .stamp(let s, let pointer): "\(pointer ? "pointer" : "touch") stamp hi \(s.hi) lo \(s.lo) ns \(s.nsec)"
        case .down(let id, let p, let ms): "down \(id) (\(p.x), \(p.y)) @\(ms)"
        case .motion(let id, let p, let ms): "motion \(id) (\(p.x), \(p.y)) @\(ms)"
        case .up(let id, let ms): "up \(id) @\(ms)"
        case .frame: "frame"
        case .cancel: "cancel"
        case .pointerEnter(let p): "pointer enter (\(p.x), \(p.y))"
        case .pointerLeave: "pointer leave"
        case .pointerMotion(let p, let ms): "pointer motion (\(p.x), \(p.y)) @\(ms)"
        case .button(let pressed, let ms): "button \(pressed ? "pressed" : "released") @\(ms)"
        case .advance(let dt): "advance \(dt)"
        case .draw: "draw"
        case .configure(let size, let scale): "configure \(size.x)x\(size.y) scale \(scale)"
        case .backend(let kind): "backend \(kind.rawValue)"
        case .nextScene: "next scene (key s)"
        case .releaseDevices: "release devices (cancel fingers, pointer up)"
        }
    }

    /// Applies the operation to `app`.
    func apply(to app: inout FuzzApp) {
        switch self {
        case .stamp(let s, let pointer): app.highResolutionTimestamp(s, pointer: pointer)
        case .down(let id, let p, let ms): app.touchDown(id: id, at: p, ms: ms)
        case .motion(let id, let p, let ms): app.touchMotion(id: id, to: p, ms: ms)
        case .up(let id, let ms): app.touchUp(id: id, ms: ms)
        case .frame: app.touchFrame()
        case .cancel: app.touchCancel()
        case .pointerEnter(let p): app.pointerEnter(at: p)
        case .pointerLeave: app.pointerLeave()
        case .pointerMotion(let p, let ms): app.pointerMotion(to: p, ms: ms)
        case .button(let pressed, let ms): app.pointerButton(pressed: pressed, ms: ms)
        case .advance(let dt): app.frame(dt: dt)
        case .draw: app.drawAndTrace()
        case .configure(let size, let scale): app.configure(size: size, scale: scale)
        case .backend(let kind): app.switchBackend(to: kind)
        case .nextScene: app.nextScene()
        case .releaseDevices: app.releaseDevices()
        }
    }
}

/// Makes random and hostile operations for one script, looking at the app to aim most of them (motion for fingers
/// that are down, taps on the switcher's pills as they are laid out, gestures that start on what the scene draws).
/// Most operations belong to planned gestures (taps, drags and flicks, two-finger pinches and twists, with frames
/// running between their events), with random and hostile operations cutting in; the rest are random.
struct FuzzGenerator {
    private var rng: SplitMix64
    /// The rest of the gesture being played.
    private var planned: [FuzzOp] = []
    /// The compositor's u32 millisecond clock.
    private var ms: UInt32
    /// Seconds added to the high-resolution stamps (0: the same clock as the milliseconds, as the protocol says).
    private let stampBase: UInt64

    /// Frame steps the app may pass (never negative).
    static let steps: [Double] = [0, 1e-9, 1.0 / 240, 1.0 / 120, 1.0 / 60, 1.0 / 60, 1.0 / 60, 1.0 / 30, 0.1, 0.5, 5]
    /// Output scales: integer and fractional ones, and rarely ones a hostile compositor could send.
    static let scales: [Double] = [1, 1, 1.5, 2, 2, 3, 1.25, 1.75]
    static let hostileScales: [Double] = [0, 1.0 / 120, 8, 120]
    /// `wl_fixed`'s range.
    static let wireMax = 8_388_607.996_093_75, wireMin = -8_388_608.0

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        var r = rng
        ms = r.chance(0.2) ? UInt32.max - UInt32(r.below(20_000)) : UInt32(truncatingIfNeeded: r.next())
        stampBase = r.chance(0.5) ? 0 : r.below(4_000_000_000)
        rng = r
    }

    /// A first window: usually an ordinary size, sometimes a hostile one.
    mutating func initialConfigure() -> (size: SIMD2<Double>, scale: Double) {
        (rng.chance(0.8) ? ordinarySize() : size(), scale())
    }

    /// How many operations a script has.
    mutating func length() -> Int { 200 + Int(rng.below(301)) }

    /// The next operations (one, or a few that belong together: a pill tap, a stamp before its event).
    mutating func next(for app: FuzzApp) -> [FuzzOp] {
        if !planned.isEmpty, rng.chance(0.92) { return [planned.removeFirst()] }
        if planned.isEmpty, rng.chance(0.1) {
            planned = gesture(app: app)
            return [planned.removeFirst()]
        }
        return random(for: app)
    }

    /// A random (often hostile) operation.
    private mutating func random(for app: FuzzApp) -> [FuzzOp] {
        let down = app.assembler.points.keys.filter { $0 != -1 }.sorted()
        let roll = rng.nextUnit() * 100
        switch roll {
        case ..<14:
            // Downs: mostly a free id while few fingers are down; sometimes a duplicate; up to 12 fingers.
            let downWeight = down.isEmpty ? 1.0 : down.count < 2 ? 0.5 : down.count < 5 ? 0.2 : 0.1
            guard rng.chance(downWeight) else { return [.frame] }
            let free = (0..<12).map(Int32.init).filter { !down.contains($0) }
            let id = rng.chance(0.85) ? (rng.pick(free) ?? 0) : Int32(rng.below(12))
            return touch(at: position(app: app)) { .down(id: id, $1, ms: $0) }
        case ..<44:
            let id = rng.chance(0.9) ? (rng.pick(down) ?? Int32(rng.below(12))) : Int32(rng.below(12))
            let p = app.assembler.points[id].map { nearby($0, app: app) } ?? position(app: app)
            return touch(at: p) { .motion(id: id, $1, ms: $0) }
        case ..<53:
            let id = rng.chance(0.9) ? (rng.pick(down) ?? Int32(rng.below(12))) : Int32(rng.below(12))
            return touch(at: .zero) { ms, _ in .up(id: id, ms: ms) }
        case ..<64:
            return [.frame]
        case ..<68:
            // Input while idle is drawn at once, without a step.
            return [.draw]
        case ..<69:
            return [.cancel]
        case ..<75:
            let p = app.assembler.points[-1].map { nearby($0, app: app) } ?? position(app: app)
            return pointer(at: p) { .pointerMotion($1, ms: $0) }
        case ..<78:
            let pressed = rng.chance(app.assembler.points[-1] == nil ? 0.8 : 0.2)
            return pointer(at: .zero) { ms, _ in .button(pressed: pressed, ms: ms) }
        case ..<79:
            return rng.chance(0.5) ? [.pointerEnter(position(app: app))] : [.pointerLeave]
        case ..<97:
            return [.advance(rng.pick(Self.steps) ?? 1.0 / 60)]
        case ..<97.8:
            return [.configure(size: rng.chance(0.5) ? size() : ordinarySize(), scale: app.scale)]
        case ..<98.4:
            return [.configure(size: app.size, scale: scale())]
        case ..<98.8:
            return [.backend(rng.pick(BackendKind.allCases) ?? .spring)]
        case ..<99:
            return [.nextScene]
        default:
            return pillTap(app: app, taken: down)
        }
    }

    // MARK: Events

    // MARK: Gestures

    /// A whole gesture: a tap, a drag or flick, or a pinch and twist, starting on something the scene draws (or
    /// anywhere), its events in frames 8–17 ms apart with display frames between them; it may end with the
    /// fingers lifted, held still first, or left down for later operations.
    private mutating func gesture(app: FuzzApp) -> [FuzzOp] {
        var ops: [FuzzOp] = []
        var down = Set(app.assembler.points.keys)
        // Usually the fingers left down by earlier operations lift (or are cancelled) first, so the gesture is
        // one the recognisers take; otherwise it joins them.
        let stray = down.filter { $0 != -1 }.sorted()
        if !stray.isEmpty, rng.chance(0.75) {
            if rng.chance(0.8) {
                for id in stray { ops += stamped(.up(id: id, ms: gestureTime())) }
                ops.append(.frame)
            } else {
                ops.append(.cancel)
            }
            down.subtract(stray)
        }
        if down.contains(-1), rng.chance(0.75) {
            ops.append(.button(pressed: false, ms: gestureTime()))
        }
        let free = (0..<12).map(Int32.init).filter { !down.contains($0) }
        let first = rng.pick(free) ?? 0
        let second = rng.pick(free.filter { $0 != first }) ?? 1
        let start = target(app: app)
        let roll = rng.nextUnit()
        if roll < 0.25 {
            // A tap (or a press held too long to be one), perhaps with a little movement within the slop.
            ops += stamped(.down(id: first, start, ms: gestureTime()))
            ops.append(.frame)
            for _ in 0..<rng.below(4) { ops.append(.advance(1.0 / 60)) }
            if rng.chance(0.4) {
                ops += stamped(.motion(id: first, start + SIMD2(rng.symmetric(4), rng.symmetric(4)), ms: gestureTime()))
                ops.append(.frame)
            }
            if rng.chance(0.2) { for _ in 0..<(10 + rng.below(30)) { ops.append(.advance(1.0 / 60)) } }
            ops += stamped(.up(id: first, ms: gestureTime()))
            ops.append(.frame)
            return ops
        }
        let steps = 3 + Int(rng.below(38))
        let twoFingers = roll > 0.7
        let angle = rng.nextUnit() * 2 * Double.pi
        let speed = rng.chance(0.9) ? rng.nextUnit() * 4_000 : rng.nextUnit() * 40_000
        let velocity = SIMD2(cos(angle), sin(angle)) * speed
        var centre = start
        var span = 20 + rng.nextUnit() * 300, direction = rng.nextUnit() * 2 * Double.pi
        let spanRate = rng.symmetric(3), turnRate = rng.symmetric(12)
        func fingers() -> (SIMD2<Double>, SIMD2<Double>) {
            let half = SIMD2(cos(direction), sin(direction)) * (span / 2)
            return (centre - half, centre + half)
        }
        if twoFingers {
            let (a, b) = fingers()
            ops += stamped(.down(id: first, a, ms: gestureTime()))
            if rng.chance(0.5) {
                ops.append(.frame)
                if rng.chance(0.5) { ops.append(.advance(1.0 / 60)) }
            }
            ops += stamped(.down(id: second, b, ms: gestureTime()))
        } else {
            ops += stamped(.down(id: first, start, ms: gestureTime()))
        }
        ops.append(.frame)
        for _ in 0..<steps {
            let dt = Double(8 + rng.below(10)) / 1000
            let time = gestureTime(ms: UInt32(dt * 1000))
            centre += velocity * dt + SIMD2(rng.symmetric(1.5), rng.symmetric(1.5))
            if twoFingers {
                span = Swift.max(0, span * (1 + spanRate * dt))
                direction += turnRate * dt
                let (a, b) = fingers()
                ops += stamped(.motion(id: first, wireRounded(a), ms: time))
                ops += stamped(.motion(id: second, wireRounded(b), ms: time))
            } else {
                ops += stamped(.motion(id: first, wireRounded(centre), ms: time))
            }
            ops.append(.frame)
            if rng.chance(0.7) { ops.append(.advance(1.0 / 60)) }
        }
        let ending = rng.nextUnit()
        if ending < 0.15 {
            return ops  // left down for whatever comes next
        }
        if ending < 0.3 {
            // Held still before lifting: the release velocity decays to zero.
            for _ in 0..<(3 + rng.below(10)) { ops.append(.advance(1.0 / 60)) }
            _ = gestureTime(ms: 60 + UInt32(rng.below(200)))
        }
        if twoFingers {
            let (liftFirst, liftSecond) = rng.chance(0.5) ? (first, second) : (second, first)
            ops += stamped(.up(id: liftFirst, ms: gestureTime()))
            if rng.chance(0.6) {
                ops.append(.frame)
                // The remaining finger carries the pan on for a while.
                for _ in 0..<rng.below(8) {
                    centre += velocity * 0.012
                    ops += stamped(.motion(id: liftSecond, wireRounded(centre), ms: gestureTime(ms: 12)))
                    ops.append(.frame)
                }
            }
            ops += stamped(.up(id: liftSecond, ms: gestureTime()))
        } else {
            ops += stamped(.up(id: first, ms: gestureTime()))
        }
        ops.append(.frame)
        return ops
    }

    /// Where a gesture starts: mostly on one of the shapes the scene drew last, else anywhere.
    private mutating func target(app: FuzzApp) -> SIMD2<Double> {
        let commands = app.sceneDrawList.commands
        guard !commands.isEmpty, rng.chance(0.6) else { return position(app: app) }
        let rect: DrawRect
        switch commands[Int(rng.below(UInt64(commands.count)))] {
        case .roundedRect(let shape): rect = shape.rect
        case .rect(let r, _): rect = r
        case .line(let line): rect = DrawRect(origin: line.from, size: line.to - line.from)
        case .text(let run): rect = DrawRect(origin: run.position - SIMD2(0, run.size), size: SIMD2(run.size, run.size))
        case .raster(let run): rect = DrawCommand.raster(run).reach
        case .background: return position(app: app)
        }
        return wireRounded(rect.origin + rect.size * SIMD2(rng.nextUnit(), rng.nextUnit()))
    }

    /// The time of a gesture's next event: `ms` (default 8–17) later, now and then a hostile time instead.
    private mutating func gestureTime(ms step: UInt32? = nil) -> UInt32 {
        guard rng.chance(0.97) else { return nextTime() }
        let delta = step ?? UInt32(8 + rng.below(10))
        ms &+= delta
        return ms
    }

    /// `op`, sometimes preceded by a high-resolution stamp for it.
    private mutating func stamped(_ op: FuzzOp) -> [FuzzOp] {
        let time: UInt32
        switch op {
        case .down(_, _, let ms), .motion(_, _, let ms), .up(_, let ms): time = ms
        default: return [op]
        }
        guard rng.chance(0.12) else { return [op] }
        return [.stamp(stamp(for: time), pointer: false), op]
    }

    /// `p` in `wl_fixed` steps, within its range (non-finite values stay).
    private func wireRounded(_ p: SIMD2<Double>) -> SIMD2<Double> {
        guard p.x.isFinite, p.y.isFinite else { return p }
        let q = (p * 256).rounded(.toNearestOrEven) / 256
        return q.clamped(lowerBound: SIMD2(repeating: Self.wireMin), upperBound: SIMD2(repeating: Self.wireMax))
    }

    // MARK: Events

    /// A touch event at `p` with the next time, sometimes preceded by a high-resolution stamp.
    private mutating func touch(at p: SIMD2<Double>, _ make: (UInt32, SIMD2<Double>) -> FuzzOp) -> [FuzzOp] {
        let time = nextTime()
        let op = make(time, p)
        guard rng.chance(0.12) else { return [op] }
        return [.stamp(stamp(for: time), pointer: false), op]
    }

    private mutating func pointer(at p: SIMD2<Double>, _ make: (UInt32, SIMD2<Double>) -> FuzzOp) -> [FuzzOp] {
        let time = nextTime()
        let op = make(time, p)
        guard rng.chance(0.12) else { return [op] }
        return [.stamp(stamp(for: time), pointer: true), op]
    }

    /// A tap on a switcher pill (switching scenes, often while other fingers are down), by a finger or the pointer.
    private mutating func pillTap(app: FuzzApp, taken: [Int32]) -> [FuzzOp] {
        let index = Int(rng.below(UInt64(app.switcher.names.count)))
        let r = app.switcher.rect(of: index)
        let p = SIMD2(r.x + rng.nextUnit() * r.width, r.y + rng.nextUnit() * r.height)
        // Lifting off the pill (sometimes) cancels the selection.
        let lift = rng.chance(0.85) ? p : position(app: app)
        let t0 = nextTime(), t1 = t0 &+ UInt32(rng.below(200))
        ms = t1
        if rng.chance(0.3) {
            return [.pointerMotion(p, ms: t0), .button(pressed: true, ms: t0), .pointerMotion(lift, ms: t1),
                    .button(pressed: false, ms: t1)]
        }
        let free = (0..<12).map(Int32.init).filter { !taken.contains($0) }
        let id = rng.pick(free) ?? 11
        return [.down(id: id, p, ms: t0), .frame, .motion(id: id, lift, ms: t1), .up(id: id, ms: t1), .frame]
    }

    /// The compositor's next millisecond time: mostly 0–40 ms on, sometimes the same, back, far ahead or across
    /// the u32 wrap.
    private mutating func nextTime() -> UInt32 {
        let roll = rng.nextUnit()
        switch roll {
        case ..<0.80: ms &+= UInt32(rng.below(41))
        case ..<0.88: break
        case ..<0.93:
            let back: UInt64 = rng.chance(0.5) ? 50 : 100_000
            ms &-= UInt32(1 + rng.below(back))
        case ..<0.96:
            let ahead: UInt64 = rng.chance(0.5) ? 600_000 : 2_147_483_647
            ms &+= UInt32(1_000 + rng.below(ahead))
        case ..<0.99: ms = UInt32.max - UInt32(rng.below(60))
        default: ms = UInt32(truncatingIfNeeded: rng.next())
        }
        return ms
    }

    /// A high-resolution stamp for an event at `time`: usually the same instant (plus sub-millisecond digits),
    /// sometimes nonsense, including times that do not fit in 64 bits of nanoseconds.
    private mutating func stamp(for time: UInt32) -> HighResolutionStamp {
        if rng.chance(0.8) {
            let seconds = stampBase + UInt64(time / 1000)
            let nsec = UInt32(time % 1000) * 1_000_000 + UInt32(rng.below(1_000_000))
            return HighResolutionStamp(hi: UInt32(seconds >> 32), lo: UInt32(truncatingIfNeeded: seconds), nsec: nsec)
        }
        let hi: UInt32 = rng.pick([0, 0, 1, 4, 5, UInt32.max]) ?? 0
        return HighResolutionStamp(hi: hi, lo: UInt32(truncatingIfNeeded: rng.next()),
                                   nsec: rng.chance(0.8) ? UInt32(rng.below(1_000_000_000)) : UInt32.max)
    }

    // MARK: Positions, sizes, scales

    /// Anywhere: mostly on the surface, sometimes on its edges, on the pills, far outside, at the ends of
    /// `wl_fixed`'s range, or not a number at all (which no wire carries, but the sanitizer must absorb).
    private mutating func position(app: FuzzApp) -> SIMD2<Double> {
        let size = app.size
        let roll = rng.nextUnit()
        let p: SIMD2<Double>
        switch roll {
        case ..<0.66: p = SIMD2(rng.nextUnit() * size.x, rng.nextUnit() * size.y)
        case ..<0.74: p = SIMD2(edge(size.x), edge(size.y))
        case ..<0.80: p = SIMD2(rng.nextUnit() * 520, rng.nextUnit() * 60)
        case ..<0.88: p = SIMD2(far(size.x), far(size.y))
        case ..<0.94: p = SIMD2(wireEnd(), rng.chance(0.5) ? wireEnd() : rng.nextUnit() * size.y)
        default: p = SIMD2(nonFinite(or: rng.nextUnit() * size.x), nonFinite(or: rng.nextUnit() * size.y))
        }
        return wire(p)
    }

    /// Near `p`: a finger's next motion (mostly small steps, sometimes a jump).
    private mutating func nearby(_ p: SIMD2<Double>, app: FuzzApp) -> SIMD2<Double> {
        let roll = rng.nextUnit()
        switch roll {
        case ..<0.15: return p
        case ..<0.75: return wire(p + SIMD2(rng.symmetric(12), rng.symmetric(12)))
        case ..<0.92: return wire(p + SIMD2(rng.symmetric(300), rng.symmetric(300)))
        default: return position(app: app)
        }
    }

    /// `p` in `wl_fixed` steps (1/256 px), as the wire has it (most of the time; non-finite values stay).
    private mutating func wire(_ p: SIMD2<Double>) -> SIMD2<Double> {
        rng.chance(0.9) ? wireRounded(p) : p
    }

    private mutating func edge(_ extent: Double) -> Double {
        let inside = rng.nextUnit() * extent
        return rng.pick([0, -1.0 / 256, 1.0 / 256, extent, extent - 1.0 / 256, extent + 1.0 / 256, -0.5, extent + 0.5,
                         inside]) ?? 0
    }

    private mutating func far(_ extent: Double) -> Double {
        let reach = Swift.max(extent, 1) * (rng.chance(0.5) ? 3 : 1_000)
        return rng.chance(0.3) ? rng.nextUnit() * extent : rng.symmetric(reach)
    }

    private mutating func wireEnd() -> Double {
        rng.pick([Self.wireMax, Self.wireMin, 8_388_608, -8_388_607.996_093_75]) ?? Self.wireMax
    }

    private mutating func nonFinite(or finite: Double) -> Double {
        rng.pick([Double.nan, .infinity, -.infinity, finite, -Double.nan, .greatestFiniteMagnitude]) ?? .nan
    }

    /// A window size: tiny, ordinary, big (up to 16 384) or lopsided.
    private mutating func size() -> SIMD2<Double> {
        let roll = rng.nextUnit()
        switch roll {
        case ..<0.15: return SIMD2(1, 1)
        case ..<0.30: return SIMD2(Double(1 + rng.below(24)), Double(1 + rng.below(24)))
        case ..<0.60: return ordinarySize()
        case ..<0.80: return SIMD2(Double(1 + rng.below(16_384)), Double(1 + rng.below(16_384)))
        case ..<0.90: return SIMD2(16_384, 16_384)
        default:
            let thin = Double(1 + rng.below(4)), long = Double(1 + rng.below(16_384))
            return rng.chance(0.5) ? SIMD2(thin, long) : SIMD2(long, thin)
        }
    }

    private mutating func ordinarySize() -> SIMD2<Double> {
        SIMD2(Double(320 + rng.below(3_521)), Double(240 + rng.below(1_921)))
    }

    private mutating func scale() -> Double {
        rng.chance(0.95) ? (rng.pick(Self.scales) ?? 1) : (rng.pick(Self.hostileScales) ?? 1)
    }

    // MARK: The script's end

    /// How the last fingers come off: lifted one by one (each with its frame), or cancelled; then the pointer's
    /// button goes up and both devices are released.
    mutating func liftEverything(app: FuzzApp) -> [FuzzOp] {
        planned = []
        var ops: [FuzzOp] = []
        if rng.chance(0.6) {
            for id in app.assembler.points.keys.sorted() where id != -1 {
                if rng.chance(0.5) { ops.append(.motion(id: id, position(app: app), ms: nextTime())) }
                ops.append(.up(id: id, ms: nextTime()))
                ops.append(.frame)
            }
        }
        if rng.chance(0.5) { ops.append(.button(pressed: false, ms: nextTime())) }
        ops.append(.frame)
        ops.append(.releaseDevices)
        return ops
    }
}

extension SplitMix64 {
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { nextUnit() < p }
    /// Uniform in 0..<n (n > 0; 0 when n is 0).
    mutating func below(_ n: UInt64) -> UInt64 { n == 0 ? 0 : next() % n }
    /// A uniformly chosen element; nil when empty.
    mutating func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[Int(below(UInt64(items.count)))]
    }
}
