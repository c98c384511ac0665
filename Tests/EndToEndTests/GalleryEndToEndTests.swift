import Foundation
import MomentumApp
import MomentumScenes
import Testing

/// Seed 003's gallery under weston with injected touch.
@Suite(.serialized) struct GalleryEndToEndTests {
    /// The shake: additive keyframes 0, 10, −10, 10, 0 at keyTimes 0, 1/6, 3/6, 5/6, 1 over 0.4 s, linear between.
    static func shakeOracle(_ local: Double) -> Double {
        let times = [0, 1.0 / 6, 3.0 / 6, 5.0 / 6, 1], values = [0.0, 10, -10, 10, 0]
        let u = min(max(local / 0.4, 0), 1)
        for i in 0..<4 where u <= times[i + 1] {
            return values[i] + (values[i + 1] - values[i]) * (u - times[i]) / (times[i + 1] - times[i])
        }
        return 0
    }

    @Test func theShakeLandsOnItsKeyframesAndLeavesTheModelAlone() throws {
        let c = try Compositor(scene: "gallery")
        let mark = c.app.events.count
        let field = c.centre(of: .shake)
        try c.play("0 tap 0 \(field.x) \(field.y)")  // the password field
        try c.app.waitFor("the shake running", after: mark) { Self.shake($0)?.running == true }
        let finished = try c.app.waitForGesture("finished", item: "shake", after: mark)
        let end = try c.app.waitFor("the first frame after it", after: finished.index) { Self.shake($0) != nil }
        let samples = c.app.events[mark...end.index].compactMap(Self.shake).filter { $0.running && $0.local.count == 1 }
        #expect(samples.count >= 5, "a 0.4 s shake spans several frames (\(samples.count))")
        // Every frame shows the keyframe curve at its local time: so the values at the keyTimes are the keyframes.
        for s in samples {
            #expect(abs(s.offset - Self.shakeOracle(s.local[0])) < 1e-6, "t \(s.local[0]): \(s.offset)")
            #expect(s.model == 0, "additive: the model value stays 0")
        }
        #expect(samples.contains { abs($0.offset) > 3 }, "the field visibly shook")
        let last = Self.shake(end.event)
        #expect(last?.offset == 0 && last?.model == 0)
    }

    @Test func theLinearLaneTracksItsClock() throws {
        let c = try Compositor(scene: "gallery")
        // The lanes run once when the scene appears: 1.5 s; the linear dot's fraction is local time / 1.5.
        let rest = try c.app.waitFor("the lanes finished") { e in
            guard e.kind == "gallery", let lanes = e.fields["lanes"] as? [String: Any] else { return false }
            return lanes["running"] as? Bool == false
        }
        var checked = 0
        for e in c.app.events[..<rest.index] where e.kind == "gallery" {
            guard let lanes = e.fields["lanes"] as? [String: Any], lanes["running"] as? Bool == true,
                  let local = lanes["local_time"] as? Double, let dots = lanes["dots"] as? [[String: Any]],
                  let linear = dots.first(where: { $0["timing"] as? String == "linear" }),
                  let fraction = linear["fraction"] as? Double else { continue }
            #expect(abs(fraction - min(local / 1.5, 1)) < 1e-9)
            checked += 1
        }
        #expect(checked >= 5)
    }

    @Test func tappingTheLanesMidRunRestartsThemFromWhereTheyAre() throws {
        let c = try Compositor(scene: "gallery")
        // The lanes run 0 → 1 once when the scene appears; tap them while they are about a third of the way.
        let midway = try c.app.waitFor("the lanes a third of the way") { e in
            (Self.lanes(e)?.local ?? 0) > 0.5
        }
        let lanes = c.centre(of: .lanes)
        try c.play("0 tap 0 \(lanes.x) \(lanes.y)")
        let restart = try c.app.waitForGesture("restart", item: "lanes", after: midway.index)
        let before = restart.event.numbers("before") ?? [], after = restart.event.numbers("after") ?? []
        #expect(before.count == GalleryLane.all.count && before == after,
                "presented lane positions kept at the tap: \(before) → \(after)")
        let finished = try c.app.waitForGesture("finished", item: "lanes", after: restart.index)
        // Begin-from-current-state, linear lane: from the fraction it had at the tap straight back to 0 over 1.5 s.
        guard let atTap = c.app.events[..<restart.index].last(where: { $0.kind == "gallery" }).flatMap(Self.lanes),
              let f0 = atTap.linear else { Issue.record("no lane frame before the tap"); return }
        #expect(f0 > 0.2 && f0 < 0.9, "the linear dot was part-way (\(f0))")
        var checked = 0
        for e in c.app.events[restart.index..<finished.index] {
            guard let l = Self.lanes(e), l.running, let local = l.local, let f = l.linear else { continue }
            #expect(abs(f - f0 * (1 - min(local / 1.5, 1))) < 1e-9, "local \(local): \(f)")
            checked += 1
        }
        #expect(checked >= 5, "frames checked after the restart: \(checked)")
        // The pair on screen: in the first 0.2 s after the tap the abrupt lane's dot has all but stopped (a fresh
        // ease-in-out starts from rest) while the additive one carries on to the right with the speed it had.
        if let abrupt = GalleryLane.all.firstIndex(where: { $0.label == "abrupt restart" }),
           let additive = GalleryLane.all.firstIndex(where: { $0.retarget == .additive }),
           let early = c.app.events[restart.index..<finished.index].last(where: { e in
               (Self.lanes(e)?.local).map { $0 > 0.1 && $0 < 0.2 } ?? false
           }).flatMap(Self.lanes) {
            let at = atTap.fractions, now = early.fractions
            let local = early.local ?? 0
            #expect(abs(now[abrupt] - at[abrupt]) < 0.02, "abrupt moved \(now[abrupt] - at[abrupt]) in \(local) s")
            #expect(now[additive] - at[additive] > 0.05, "additive moved \(now[additive] - at[additive]) in \(local) s")
        } else {
            Issue.record("no pair of lanes, or no frame 0.1–0.2 s after the tap")
        }
        let rest = try c.app.waitFor("a frame after they finished", after: finished.index) { Self.lanes($0) != nil }
        #expect(Self.lanes(rest.event)?.models.allSatisfy { $0 == 0 } == true, "every lane's model value is the new end, 0")
        #expect(Self.lanes(rest.event)?.fractions.allSatisfy { $0 == 0 } == true, "and that is what is shown")
    }

    @Test func theSatelliteKeepsAConstantSpeedOnItsEllipseFacingWhereItGoes() throws {
        let c = try Compositor(scene: "gallery")
        // 800×600: orbit radii 140 × 77 around (620, 203) as the layout puts it; one lap per 4 s, paced (constant
        // speed along the arc).
        let layout = GalleryLayout(width: c.width, height: c.height)
        let a = layout.orbitRadii.x, b = layout.orbitRadii.y, center = layout.orbitCenter
        #expect(a == 140 && b == 77 && center == SIMD2(620, 203))
        let h = ((a - b) * (a - b)) / ((a + b) * (a + b))
        let perimeter = Double.pi * (a + b) * (1 + 3 * h / (10 + (4 - 3 * h).squareRoot()))  // Ramanujan II
        let speed = perimeter / 4
        let end = try c.app.waitFor("a second of orbit") { e in
            guard e.kind == "gallery", let s = e.fields["satellite"] as? [String: Any] else { return false }
            return ((s["local_time"] as? Double) ?? 0) > 1
        }
        var checked = 0
        for e in c.app.events[...end.index] {
            guard e.kind == "gallery", let s = e.fields["satellite"] as? [String: Any], s["running"] as? Bool == true,
                  let p = Self.vector(s["position"]), let v = Self.vector(s["velocity"]),
                  let angle = s["angle"] as? Double else { continue }
            let q = (p - center) / SIMD2(a, b)
            #expect(abs((q * q).sum().squareRoot() - 1) < 1e-3, "on the ellipse: \(p)")
            let vLength = (v * v).sum().squareRoot()
            #expect(abs(vLength - speed) < 0.005 * speed, "speed \(vLength), paced \(speed)")
            let heading = atan2(v.y, v.x)
            let turn = remainder(angle - heading, 2 * Double.pi)
            #expect(abs(turn) < 1e-3, "rotate-auto: angle \(angle), heading \(heading)")
            checked += 1
        }
        #expect(checked >= 10, "running satellite frames checked: \(checked)")
    }

    @Test func theCoverShuffleWaitsHalfASecondThenEndsWhereItsModelIs() throws {
        let c = try Compositor(scene: "gallery")
        let mark = c.app.events.count
        let covers = c.centre(of: .covers)
        try c.play("0 tap 0 \(covers.x) \(covers.y)")
        let tap = try c.app.waitForGesture("tap", item: "covers", after: mark)
        let finished = try c.app.waitForGesture("finished", item: "covers", after: tap.index)
        let next = try c.app.waitFor("a frame after it", after: finished.index) { Self.covers($0) != nil }
        guard let start = c.app.events[..<tap.index].last(where: { Self.covers($0) != nil }).flatMap(Self.covers),
              let rest = Self.covers(next.event) else { Issue.record("no covers frames"); return }
        var waiting = 0, moved = 0
        var last = start
        for e in c.app.events[tap.index..<finished.index] {
            guard e.kind == "gallery", let cv = Self.covers(e), let time = e.number("time") else { continue }
            let tapTime = c.app.events[..<tap.index].last(where: { $0.kind == "gallery" })?.number("time") ?? 0
            if time - tapTime < 0.5 - 1e-9 {
                // Begin time +0.5 s: nothing moves yet (group timing shared by position, rotation and z).
                #expect(cv.cards == start.cards, "moved \(time - tapTime) s after the tap, before its begin time")
                waiting += 1
            } else if cv.cards != start.cards { moved += 1 }
            last = cv
        }
        #expect(waiting >= 3 && moved >= 5, "frames waiting \(waiting), moving \(moved)")
        // The model order was updated when the shuffle began and is what is drawn once it ends; no jump at removal.
        #expect(rest.order == rest.modelOrder && rest.order != start.order, "order \(start.order) → \(rest.order)")
        for (x, y) in zip(last.cards, rest.cards) {
            #expect(abs(x[0] - y[0]) <= 1 && abs(x[1] - y[1]) <= 1 && abs(x[2] - y[2]) < 0.02,
                    "a card jumped when the animation was removed: \(x) → \(y)")
        }
    }

    struct Lanes { var running: Bool; var local: Double?; var linear: Double?; var fractions: [Double]; var models: [Double] }

    static func lanes(_ e: TraceEvent) -> Lanes? {
        guard e.kind == "gallery", let l = e.fields["lanes"] as? [String: Any],
              let dots = l["dots"] as? [[String: Any]] else { return nil }
        let fractions = dots.compactMap { number($0["fraction"]) }, models = dots.compactMap { number($0["model"]) }
        let linear = dots.first { $0["timing"] as? String == "linear" }.flatMap { number($0["fraction"]) }
        return Lanes(running: l["running"] as? Bool == true, local: number(l["local_time"]), linear: linear,
                     fractions: fractions, models: models)
    }

    struct Covers { var cards: [[Double]]; var order: [Double]; var modelOrder: [Double] }

    /// Cards in id order as [x, y, rotation, z].
    static func covers(_ e: TraceEvent) -> Covers? {
        guard e.kind == "gallery", let cv = e.fields["covers"] as? [String: Any],
              let cards = cv["cards"] as? [[String: Any]] else { return nil }
        let rows = cards.sorted { (number($0["id"]) ?? 0) < (number($1["id"]) ?? 0) }.map { card -> [Double] in
            let p = vector(card["position"]) ?? SIMD2(.nan, .nan)
            return [p.x, p.y, number(card["rotation"]) ?? .nan, number(card["z"]) ?? .nan]
        }
        let numbers = { (v: Any?) in (v as? [Any])?.compactMap(number) ?? [] }
        return Covers(cards: rows, order: numbers(cv["order"]), modelOrder: numbers(cv["model_order"]))
    }

    static func number(_ v: Any?) -> Double? { (v as? Double) ?? (v as? Int).map(Double.init) }

    static func vector(_ v: Any?) -> SIMD2<Double>? {
        guard let a = (v as? [Any])?.compactMap(number), a.count == 2 else { return nil }
        return SIMD2(a[0], a[1])
    }

    struct Shake { var offset: Double; var model: Double; var running: Bool; var local: [Double] }

    static func shake(_ e: TraceEvent) -> Shake? {
        guard e.kind == "gallery", let s = e.fields["shake"] as? [String: Any] else { return nil }
        guard let offset = number(s["offset"]), let model = number(s["model"]), let running = s["running"] as? Bool
        else { return nil }
        let local = (s["local_time"] as? [Any])?.compactMap(number) ?? []
        return Shake(offset: offset, model: model, running: running, local: local)
    }
}
