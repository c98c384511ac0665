import Foundation
import MomentumApp
import MomentumCore
import MomentumRun
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
        let c = try Compositor(scene: .gallery)
        let mark = c.app.events.count
        let field = c.centre(of: .shake)
        try c.play("0 tap 0 \(field.x) \(field.y)")  // the password field
        try c.app.waitFor("the shake running", after: mark) { $0.gallery?.shake.running == true }
        let finished = try c.app.waitForGesture(.finished, item: .shake, after: mark)
        let end = try c.app.waitFor("the first frame after it", after: finished.index) { $0.gallery != nil }
        let samples = c.app.events[mark...end.index].compactMap { $0.gallery?.shake }
            .filter { $0.running && $0.localTimes?.count == 1 }
        #expect(samples.count >= 5, "a 0.4 s shake spans several frames (\(samples.count))")
        // Every frame shows the keyframe curve at its local time: so the values at the keyTimes are the keyframes.
        for s in samples {
            let local = s.localTimes?.first ?? .nan
            #expect(abs(s.offset - Self.shakeOracle(local)) < 1e-6, "t \(local): \(s.offset)")
            #expect(s.model == 0, "additive: the model value stays 0")
        }
        #expect(samples.contains { abs($0.offset) > 3 }, "the field visibly shook")
        let last = end.event.gallery?.shake
        #expect(last?.offset == 0 && last?.model == 0)
    }

    @Test func theLinearLaneTracksItsClock() throws {
        let c = try Compositor(scene: .gallery)
        // The lanes run once when the scene appears: 1.5 s; the linear dot's fraction is local time / 1.5.
        let rest = try c.app.waitFor("the lanes finished") { $0.gallery?.lanes.running == false }
        var checked = 0
        for e in c.app.events[..<rest.index] {
            guard let lanes = e.gallery?.lanes, lanes.running, let local = lanes.localTime,
                  let fraction = lanes.linear else { continue }
            #expect(abs(fraction - min(local / 1.5, 1)) < 1e-9)
            checked += 1
        }
        #expect(checked >= 5)
    }

    /// 800x600, and 1920x1080 at scale 2, where the gallery is zoomed (its dots' clear extent is a rounded
    /// rectangle there, not a plain one).
    @Test(arguments: [(800, 600, 1), (1920, 1080, 2)])
    func theRunningDotsAreWrittenWithoutAGLRoundTrip(width: Int, height: Int, scale: Int) throws {
        // The lanes run once when the scene appears. Their labels and tracks are drawn once; each frame of the run
        // writes only the dots (and the turning satellite) by the CPU into the app's own buffers: no surface drawn
        // by the GL (`layer_swaps`), where every frame of the run drew the lanes' surface through the GL before.
        let c = try Compositor(scene: .gallery, arguments: ["--no-hud"], output: (width, height), scale: scale)
        let rest = try c.app.waitFor("the lanes finished") { $0.gallery?.lanes.running == false }
        var frame: TraceRecord.Frame?
        var swaps: [Int] = []
        for line in c.app.events[..<rest.index] {
            if let f = line.frame { frame = f }
            // A frame's line comes before the scene's record of it.
            if line.gallery?.lanes.running == true, let f = frame, f.sequence > 2 { swaps.append(f.layerSwaps ?? -1) }
        }
        #expect(swaps.count >= 5, "frames of the lanes' run after the first two: \(swaps.count)")
        // One frame may draw another surface whole (at 1920x1080@2 one frame of the run drew one through the GL,
        // as `SceneSurfacesEndToEndTests` allows); the base drew one on every frame.
        #expect(swaps.allSatisfy { $0 >= 0 } && swaps.filter { $0 > 0 }.count <= 1,
                "layer surfaces the GL drew on each frame of the run: \(swaps)")
    }

    @Test func tappingTheLanesMidRunRestartsThemFromWhereTheyAre() throws {
        let c = try Compositor(scene: .gallery)
        // The lanes run 0 → 1 once when the scene appears; tap them while they are about a third of the way.
        let midway = try c.app.waitFor("the lanes a third of the way") { e in
            (e.gallery?.lanes.localTime ?? 0) > 0.5
        }
        let lanes = c.centre(of: .lanes)
        try c.play("0 tap 0 \(lanes.x) \(lanes.y)")
        let restart = try c.app.waitForGesture(.restart, item: .lanes, after: midway.index)
        let before = restart.event.gesture?.value(.before)?.numbers ?? []
        let after = restart.event.gesture?.value(.after)?.numbers ?? []
        #expect(before.count == GalleryLane.all.count && before == after,
                "presented lane positions kept at the tap: \(before) → \(after)")
        let finished = try c.app.waitForGesture(.finished, item: .lanes, after: restart.index)
        // Begin-from-current-state, linear lane: from the fraction it had at the tap straight back to 0 over 1.5 s.
        guard let atTap = c.app.events[..<restart.index].last(where: { $0.gallery != nil })?.gallery?.lanes,
              let f0 = atTap.linear else { Issue.record("no lane frame before the tap"); return }
        #expect(f0 > 0.2 && f0 < 0.9, "the linear dot was part-way (\(f0))")
        var checked = 0
        for e in c.app.events[restart.index..<finished.index] {
            guard let l = e.gallery?.lanes, l.running, let local = l.localTime, let f = l.linear else { continue }
            #expect(abs(f - f0 * (1 - min(local / 1.5, 1))) < 1e-9, "local \(local): \(f)")
            checked += 1
        }
        #expect(checked >= 5, "frames checked after the restart: \(checked)")
        // The pair on screen: in the first 0.2 s after the tap the abrupt lane's dot has all but stopped (a fresh
        // ease-in-out starts from rest) while the additive one carries on to the right with the speed it had.
        if let abrupt = GalleryLane.all.firstIndex(where: { $0.label == "abrupt restart" }),
           let additive = GalleryLane.all.firstIndex(where: { $0.retarget == .additive }),
           let early = c.app.events[restart.index..<finished.index].last(where: { e in
               (e.gallery?.lanes.localTime).map { $0 > 0.1 && $0 < 0.2 } ?? false
           })?.gallery?.lanes {
            let at = atTap.fractions, now = early.fractions
            let local = early.localTime ?? 0
            #expect(abs(now[abrupt] - at[abrupt]) < 0.02, "abrupt moved \(now[abrupt] - at[abrupt]) in \(local) s")
            #expect(now[additive] - at[additive] > 0.05, "additive moved \(now[additive] - at[additive]) in \(local) s")
        } else {
            Issue.record("no pair of lanes, or no frame 0.1–0.2 s after the tap")
        }
        let rest = try c.app.waitFor("a frame after they finished", after: finished.index) { $0.gallery != nil }
        #expect(rest.event.gallery?.lanes.models.allSatisfy { $0 == 0 } == true, "every lane's model value is the new end, 0")
        #expect(rest.event.gallery?.lanes.fractions.allSatisfy { $0 == 0 } == true, "and that is what is shown")
    }

    @Test func theSatelliteKeepsAConstantSpeedOnItsEllipseFacingWhereItGoes() throws {
        let c = try Compositor(scene: .gallery)
        // 800×600: orbit radii 140 × 77 around (620, 203) as the layout puts it, lowered by its lead (the cards
        // balanced in the window); one lap per 4 s, paced (constant speed along the arc).
        let layout = GalleryLayout.fitting(width: c.width, height: c.height).layout
        let a = layout.orbitRadii.x, b = layout.orbitRadii.y, center = layout.orbitCenter
        #expect(a == 140 && b == 77 && center == SIMD2(620, 203 + layout.lead) && layout.lead > 0)
        let h = ((a - b) * (a - b)) / ((a + b) * (a + b))
        let perimeter = Double.pi * (a + b) * (1 + 3 * h / (10 + (4 - 3 * h).squareRoot()))  // Ramanujan II
        let speed = perimeter / 4
        let end = try c.app.waitFor("a second of orbit") { ($0.gallery?.satellite.localTime ?? 0) > 1 }
        var checked = 0
        for e in c.app.events[...end.index] {
            guard let s = e.gallery?.satellite, s.running else { continue }
            let p = s.position, v = s.velocity, angle = s.angle
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
        let c = try Compositor(scene: .gallery)
        let mark = c.app.events.count
        let covers = c.centre(of: .covers)
        try c.play("0 tap 0 \(covers.x) \(covers.y)")
        let tap = try c.app.waitForGesture(.tap, item: .covers, after: mark)
        let finished = try c.app.waitForGesture(.finished, item: .covers, after: tap.index)
        let next = try c.app.waitFor("a frame after it", after: finished.index) { $0.gallery != nil }
        guard let start = c.app.events[..<tap.index].last(where: { $0.gallery != nil })?.gallery?.covers,
              let rest = next.event.gallery?.covers else { Issue.record("no covers frames"); return }
        var waiting = 0, moved = 0
        var last = start
        for e in c.app.events[tap.index..<finished.index] {
            guard let gallery = e.gallery else { continue }
            let cv = gallery.covers, time = gallery.time
            let tapTime = c.app.events[..<tap.index].last(where: { $0.gallery != nil })?.gallery?.time ?? 0
            if time - tapTime < 0.5 - 1e-9 {
                // Begin time +0.5 s: nothing moves yet (group timing shared by position, rotation and z).
                #expect(cv.cardsByID == start.cardsByID, "moved \(time - tapTime) s after the tap, before its begin time")
                waiting += 1
            } else if cv.cardsByID != start.cardsByID { moved += 1 }
            last = cv
        }
        #expect(waiting >= 3 && moved >= 5, "frames waiting \(waiting), moving \(moved)")
        // The model order was updated when the shuffle began and is what is drawn once it ends; no jump at removal.
        #expect(rest.order == rest.modelOrder && rest.order != start.order, "order \(start.order) → \(rest.order)")
        for (x, y) in zip(last.cardsByID, rest.cardsByID) {
            #expect(abs(x.position.x - y.position.x) <= 1 && abs(x.position.y - y.position.y) <= 1
                    && abs(x.rotation - y.rotation) < 0.02, "a card jumped when the animation was removed: \(x) → \(y)")
        }
    }
}

extension GalleryScene.Record.Lanes {
    /// The linear lane's dot's fraction (the dots are in the lanes' order).
    var linear: Double? {
        GalleryLane.all.firstIndex { $0.timingFunction == .linear }.flatMap { dots.indices.contains($0) ? dots[$0].fraction : nil }
    }
    /// Each dot's fraction and model value, in the lanes' order.
    var fractions: [Double] { dots.map(\.fraction) }
    var models: [Double] { dots.map(\.model) }
}

extension GalleryScene.Record.Covers {
    /// The cards in id order.
    var cardsByID: [Card] { cards.sorted { $0.id < $1.id } }
}

/// Key m in the gallery (seed 003's own scene): what moves shows its model, drawn as outlines.
@Suite(.serialized) struct GalleryModelEndToEndTests {
    @Test func mShowsTheModelOfWhatMovesInTheGallery() throws {
        let shot = NSTemporaryDirectory() + "momentum-gallery-m-\(getpid()).png"
        defer { unlink(shot) }
        let c = try Compositor(scene: .gallery, arguments: ["--autoplay", "--screenshot", shot])
        let mark = c.app.events.count
        try c.type("m")
        let drawn = try c.app.waitFor("frames with model ghosts", after: mark) { ($0.frame?.ghosts ?? 0) > 0 }
        let frames = try c.app.waitFor("a second of frames", after: drawn.index) { e in
            (e.frame?.commitT ?? 0) > (drawn.event.frame?.commitT ?? 0) + 1
        }
        let withGhosts = c.app.events[drawn.index...frames.index].compactMap(\.frame).filter { $0.ghosts > 0 }
        #expect(withGhosts.count >= 10, "\(withGhosts.count) frames showed the model")
        c.app.signal()
        _ = try c.app.waitExit()
    }
}
