import Foundation
import MomentumApp
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
        try c.play("0 tap 0 280 362")  // the password field
        try c.app.waitFor("the shake running", after: mark) { Self.shake($0)?.running == true }
        let finished = try c.app.waitFor("the shake finished", after: mark) {
            $0.kind == "gesture" && $0.string("kind") == "finished" && $0.string("item") == "shake"
        }
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

    struct Shake { var offset: Double; var model: Double; var running: Bool; var local: [Double] }

    static func shake(_ e: TraceEvent) -> Shake? {
        guard e.kind == "gallery", let s = e.fields["shake"] as? [String: Any] else { return nil }
        let number = { (v: Any?) -> Double? in (v as? Double) ?? (v as? Int).map(Double.init) }
        guard let offset = number(s["offset"]), let model = number(s["model"]), let running = s["running"] as? Bool
        else { return nil }
        let local = (s["local_time"] as? [Any])?.compactMap(number) ?? []
        return Shake(offset: offset, model: model, running: running, local: local)
    }
}
