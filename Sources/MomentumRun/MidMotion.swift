import MomentumScenes

/// `--mid-screenshots`: the instants worth a picture mid-animation, read from the scene's record as the frame draws
/// it: the panel or the playground card in full flight (or its tile just knocked away), the card half presented, the covers mid-shuffle and the lanes
/// half run, the list coasting or bouncing.
public struct MidMotion: Sendable {
    /// How many pictures a run takes.
    public static let count = 2
    /// The pictures taken so far.
    public private(set) var taken = 0
    private var last: (moment: String, t: Double)?
    /// Whether a frame that was no such instant came since the last picture (a new motion).
    private var apart = true

    public init() {}

    /// What makes the frame drawn with `record` in a window of `size` a mid-animation instant, or nil when it is none.
    public static func moment(of record: SceneRecord, size: SIMD2<Double>) -> String? {
        switch record {
        case .panel(let r):
            // Between a quarter and three quarters of the way from closed to open (a loaded machine draws few frames).
            let layout = PanelLayout(width: size.x, height: size.y)
            let closed = layout.y(for: .closed), open = layout.y(for: .open)
            let fraction = closed == open ? 0 : (r.rect.y - closed) / (open - closed)
            return r.state == .animating && (0.25...0.75).contains(fraction) ? "flight" : nil
        case .transition(let r):
            return (r.state == .presenting || r.state == .dismissing) && (0.3...0.7).contains(r.completion)
                ? "half presented" : nil
        case .gallery(let r):
            if r.covers.running, let local = r.covers.localTimes?.max(), (0.45...0.75).contains(local) {
                return "mid-shuffle"
            }
            if r.lanes.running, let progress = r.lanes.progress, (0.4...0.6).contains(progress) { return "lanes" }
            return nil
        case .playground(let r):
            // The tile knocked away by the card (just after they met) or the card in full flight.
            let speed = (r.velocity * r.velocity).sum().squareRoot()
            let tileSpeed = (r.tileVelocity * r.tileVelocity).sum().squareRoot()
            let side: Double = PlaygroundScene.side(for: size)
            let reach: Double = (side * r.scale + PlaygroundScene.tileSide(for: side)) / 2
            let gap: SIMD2<Double> = r.position - r.tile
            let apart = max(abs(gap.x), abs(gap.y)) - reach > 4
            if r.tileDriver == "dynamics" && tileSpeed > 400 && apart { return "knocked" }
            return r.state == .animating && speed > 300 ? "flight" : nil
        case .scroll(let r):
            return (r.state == .decelerating && abs(r.velocity) > 500) || r.state == .bouncing ? "coasting" : nil
        }
    }

    /// Whether to take picture `taken + 1` of the frame drawn at `t` (s) with `record` in a window of `size`: the first instant, then one
    /// of another kind, or of the same kind in a later motion at least half a second on (the gallery's and the
    /// gallery's: of the other kind only; the playground's: two seconds on, so the knock comes first where it comes).
    public mutating func take(_ record: SceneRecord, size: SIMD2<Double>, at t: Double) -> Int? {
        guard taken < Self.count else { return nil }
        guard let moment = Self.moment(of: record, size: size) else {
            apart = true
            return nil
        }
        if let last, moment == last.moment {
            // The gallery and the playground have two kinds of instant: one picture of each; the playground's card
            // in a later flight when the tile's knock did not come in the 2 s since (a debug build under load draws
            // the knock, a quarter second fast, in a frame or none after the first picture's half-second readback).
            switch record {
            case .gallery: return nil
            case .playground: if !apart || t - last.t < 2 { return nil }
            default: if !apart || t - last.t < 0.5 { return nil }
            }
        }
        taken += 1
        last = (moment, t)
        apart = false
        return taken
    }
}
