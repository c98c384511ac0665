import MomentumCore
import MomentumLayers
import MomentumRun
import MomentumScenes

/// What the interruptibility audit checks in a trace (in process under a simulated weston, and under a real one):
/// the touch rule (nothing caught at touch-down: a `catch` of something moving comes with the pan that began it, or
/// after `TouchRule.holdTime`), and continuity (while no finger holds it, the object never jumps further than its
/// speed and a bounded acceleration allow over the frame's step, and its velocity never jumps beyond that
/// acceleration; a push is an impulse, and a dynamics bounce off an edge turns the velocity).
public enum InterruptibilityCheck {
    /// The largest acceleration (px/s²) any backend gives the panel or the card: the seed's spring (k 300, c 20) at
    /// 600 px from its target moving at 5000 px/s is 280 000.
    public static let maxAcceleration = 400_000.0
    /// The playground's card on the dynamics backend is pulled by the seed's attachment to a point up to the
    /// container's diagonal away (a push or a retarget from rest): its first solver step accelerates it by up to
    /// ~1 150 px/s² per px of stretch (measured: 1 645 px/s in 3.5 ms toward a point 411 px away), so up to 1.1 M.
    public static func maxAcceleration(_ scene: SceneKind) -> Double { scene == .playground ? 1_500_000 : maxAcceleration }
    /// The largest angular acceleration (rad/s²) the playground's tile spin gets: its run-down spring (response 1 s,
    /// critically damped, ω = 2π/s) slows a spin w by ω·w (≈ 400 for the 68 rad/s of a 4 000 px/s clip), plus at
    /// most ω² × half a turn (124) to end upright.
    public static let maxTileAngularAcceleration = 2_000.0
    /// Where the scene's object is drawn now, from its latest record: a rectangle to touch.
    public static func objectRect(_ lines: [TraceLine], size: SIMD2<Double>) -> DrawRect? {
        guard let record = lines.last(where: { $0.sceneState != nil })?.sceneState else { return nil }
        switch record {
        case .panel(let panel):
            return DrawRect(x: panel.rect.x, y: panel.rect.y, width: panel.rect.width,
                            height: max(0, min(panel.rect.maxY, size.y) - panel.rect.y))
        case .transition(let card):
            let layout = TransitionLayout(width: size.x, height: size.y)
            let top = max(card.cardY, 0), bottom = min(card.cardY + layout.cardSize.y, size.y)
            return bottom > top + 20 ? DrawRect(x: layout.cardX, y: top, width: layout.cardSize.x, height: bottom - top) : nil
        case .playground(let card):
            let side = PlaygroundScene.side(for: size) * card.scale
            return DrawRect(x: card.position.x - side / 2, y: card.position.y - side / 2, width: side, height: side)
        default:
            return nil
        }
    }

    /// The object's position and velocity in a record, and whether a finger holds it.
    public static func motion(_ record: SceneRecord) -> (p: SIMD2<Double>, v: SIMD2<Double>, held: Bool)? {
        switch record {
        case .panel(let p): (SIMD2(0, p.y), SIMD2(0, p.vy), p.state == .dragging)
        case .transition(let c): (SIMD2(0, c.cardY), SIMD2(0, c.cardVY), c.state == .dragging)
        case .playground(let c): (c.position, c.velocity, c.state == .dragging || c.state == .pinching)
        case .scroll(let l): (SIMD2(0, l.offset), SIMD2(0, l.velocity), l.state == .dragging)
        default: nil
        }
    }

    /// Whether the playground's card is within `margin` of the field's walls (the container's sides, the chrome band
    /// and the floor: the dock's top edge where there is one), where the dynamics backend's collisions turn its
    /// velocity (a bounce, not a jump).
    public static func nearEdges(_ p: SIMD2<Double>, margin: Double, size: SIMD2<Double>) -> Bool {
        let half = PlaygroundScene.side(for: size) / 2
        let low = SIMD2(half, SceneChrome.bandHeight(for: size) + half), high = SIMD2(size.x, PlaygroundScene.floor(for: size)) - half
        return p.x - low.x < margin || high.x - p.x < margin || p.y - low.y < margin || high.y - p.y < margin
    }

    /// When a touch line's finger touched, on the trace's clock (s): the touch's own time (the compositor's; the
    /// scenes count a hold from it), not when the app read it — on a loaded machine up to ~100 ms later. The line's
    /// time where the touch's is not on the trace's clock (`start`: the trace's start on the touches' clock).
    public static func touched(_ line: TraceLine, _ touch: TraceRecord.Touch, start: Double?) -> Double {
        guard let start else { return line.t }
        let t = touch.time - start
        return t.isFinite && t <= line.t && t > line.t - 1 ? t : line.t
    }

    /// The trace's start on the touches' clock (s), from its `clock` line.
    public static func start(of lines: some Sequence<TraceLine>) -> Double? {
        lines.lazy.compactMap(\.clock).first.map { Double($0.startNanoseconds) / 1e9 }
    }

    /// The touch rule and continuity, from the trace of a run of `scene` in a window of `size`.
    public static func problems(in lines: [TraceLine], scene: SceneKind, size: SIMD2<Double>) -> [String] {
        var problems: [String] = []
        var lastDown: Double?
        let start = Self.start(of: lines)
        var previous: (t: Double, p: SIMD2<Double>, v: SIMD2<Double>, held: Bool)?
        var impulse = false
        var step = 0.0
        var pannedAt: Double?
        var tileBefore: (p: SIMD2<Double>, v: SIMD2<Double>, held: Bool, angle: Double, w: Double)?
        for line in lines {
            switch line.record {
            case .touch(let touch):
                if touch.phase == .down { lastDown = Self.touched(line, touch, start: start); pannedAt = nil }
                if touch.phase == .up || touch.phase == .cancel { lastDown = nil }
            case .gesture(let event):
                if event.kind == .panBegan { pannedAt = line.t }
                // A push (a tap on the playground's card, dynamics backend) is an impulse: its velocity changes.
                if event.kind == .push || event.kind == .collision || event.kind == .wallStrike { impulse = true }
                // A card at rest is held at touch-down: nothing moved, nothing was caught mid-flight.
                // The scroll list stops on touch-down, as a scroll view does: the rule's one exception.
                guard event.kind == .catch, scene != .scroll, event.bool(.wasMoving) != false, let down = lastDown else { break }
                // A pan's catch comes in the same batch as its pan-began (the next line); otherwise the hold time.
                let heldFor = line.t - down
                let next = lines.first { $0.t >= line.t && $0.gesture?.kind == .panBegan && $0.t == line.t }
                if next == nil, pannedAt == nil, heldFor < TouchRule.holdTime - 0.03 {
                    problems.append("at \(line.t) s caught \(Int(heldFor * 1000)) ms after touch-down, before the hold time")
                }
            case .frame(let frame):
                step = frame.step
            case .unchanged(_, let frameStep):
                step = frameStep
            case .configure, .backend:
                previous = nil    // a new layout may move it; a backend hands it over (checked from the next frame)
            case .sceneState(let record):
                // The playground's tile: never a jump, and its velocity turns only at an impact (a collision, a
                // push) or a wall.
                if case .playground(let c) = record {
                    defer { tileBefore = (c.tile, c.tileVelocity, c.tileDriver == "finger", c.tileAngle, c.tileAngularVelocity) }
                    // Its angle (no finger turns it, held or not) never jumps, and its spin changes only at an impact.
                    if let before = tileBefore, step > 0 {
                        let alpha = Self.maxTileAngularAcceleration
                        let turn = max(abs(before.w), abs(c.tileAngularVelocity)) * step + alpha * step * step / 2 + 1e-3
                        if abs(c.tileAngle - before.angle) > turn {
                            problems.append("at \(line.t) s the tile's angle jumped \(c.tileAngle - before.angle) rad in \(step) s")
                        }
                        if !impulse, abs(c.tileAngularVelocity - before.w) > alpha * step + 0.01 {
                            problems.append("at \(line.t) s the tile's spin jumped from \(before.w) to \(c.tileAngularVelocity) rad/s")
                        }
                    }
                    if let before = tileBefore, !before.held, c.tileDriver != "finger", step > 0 {
                        let a = Self.maxAcceleration(scene)
                        let speed = max(before.v.length, c.tileVelocity.length)
                        let travel = speed * step + a * step * step / 2 + 0.5
                        if (c.tile - before.p).length > travel {
                            problems.append("at \(line.t) s the tile jumped \(c.tile - before.p) px in \(step) s")
                        }
                        let half = PlaygroundScene.tileSide(for: PlaygroundScene.side(for: size)) / 2
                        let margin = speed * step + 2
                        let walls = [c.tile.x - half, size.x - half - c.tile.x, c.tile.y - half - SceneChrome.bandHeight(for: size),
                                     PlaygroundScene.floor(for: size) - half - c.tile.y].contains { $0 < margin }
                        if !impulse, !walls, (c.tileVelocity - before.v).length > a * step + 1 {
                            problems.append("at \(line.t) s the tile's velocity jumped from \(before.v) to \(c.tileVelocity)")
                        }
                    }
                }
                guard var now = motion(record) else { break }
                // A finger on the scroll list holds it from touch-down.
                if scene == .scroll, lastDown != nil { now.held = true }
                defer {
                    previous = (line.t, now.p, now.v, now.held)
                    impulse = false
                }
                guard let before = previous, !before.held, !now.held, step > 0 else { break }
                func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
                let a = Self.maxAcceleration(scene)
                let speed = max(length(before.v), length(now.v))
                let travel = speed * step + a * step * step / 2 + 0.5
                if length(now.p - before.p) > travel {
                    problems.append("at \(line.t) s it jumped \(now.p - before.p) px in \(step) s (at most \(travel))")
                }
                let bounced = scene == .playground && (nearEdges(before.p, margin: speed * step + 2, size: size)
                                                       || nearEdges(now.p, margin: speed * step + 2, size: size))
                if !impulse, !bounced, length(now.v - before.v) > a * step + 1 {
                    problems.append("at \(line.t) s its velocity jumped from \(before.v) to \(now.v) px/s in \(step) s")
                }
            default:
                break
            }
        }
        return problems
    }


    /// A point to touch, below the chrome band (the switcher's pills and the HUD take touches there): mostly on the
    /// object where it is drawn (`rect`), sometimes anywhere in the scene.
    public static func aim(at rect: DrawRect?, size: SIMD2<Double>, random: inout SplitMix64) -> SIMD2<Double> {
        let top = SceneChrome.bandHeight(for: size) + 4
        guard let rect, rect.maxY > top + 12, random.nextUnit() < 0.85 else {
            return SIMD2(40 + random.nextUnit() * (size.x - 80), top + random.nextUnit() * (size.y - top - 10))
        }
        let low = max(rect.y + 6, top)
        return SIMD2(rect.x + 20 + random.nextUnit() * max(1, rect.width - 40),
                     low + random.nextUnit() * max(1, min(rect.maxY, size.y) - 6 - low))
    }

    /// Where the object rests at the end of `lines` against where it must: exactly at its target, still.
    public static func restProblems(in lines: [TraceLine], size: SIMD2<Double>) -> [String] {
        var problems: [String] = []
        if let last = lines.last(where: { $0.sceneState != nil })?.sceneState {
            switch last {
            case .panel(let p):
                let rest = PanelLayout(width: size.x, height: size.y).y(for: p.target)
                if p.y != rest || p.vy != 0 { problems.append("the panel rests at y \(p.y), vy \(p.vy), not at \(rest)") }
            case .transition(let c):
                let rest = TransitionLayout(width: size.x, height: size.y).y(for: c.target)
                if c.cardY != rest || c.cardVY != 0 { problems.append("the card rests at y \(c.cardY), not at \(rest)") }
            case .scroll(let l):
                if l.state != .idle || l.velocity != 0 || l.offset > 0 || l.offset < l.minOffset {
                    problems.append("the list rests at \(l.offset) (\(l.state.rawValue), \(l.velocity) px/s)")
                }
            case .playground(let c):
                if c.state != .idle || c.velocity != .zero || (c.driver != "none" && c.position != c.target) {
                    problems.append("the card rests at \(c.position) (\(c.state.rawValue), \(c.velocity) px/s), target \(c.target)")
                }
            default: break
            }
        }
        return problems
    }
}
