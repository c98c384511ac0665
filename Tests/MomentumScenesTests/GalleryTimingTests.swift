import Foundation
import Testing
import MomentumCore
@testable import MomentumScenes

@Suite("Gallery: lanes and shake")
struct GalleryTimingTests {
    @Test("the shake's offset lands on the keyframe values at the key times, the model offset stays 0")
    func shakeLandsOnKeyTimes() {
        var driver = GalleryDriver()
        driver.advance(to: 0.25)  // not at time 0, so the begin time matters
        let events = driver.tap(.shake)
        #expect(events.map(\.kind) == [.tap] && events.first?.item == "shake")
        let t0 = driver.scene.time
        // The key times, plus points inside segments (linear in between: a quarter of the way from 10 to −10 is 5).
        let expected: [(Double, Double)] = [(0, 0), (0.4 / 12, 5), (0.4 / 6, 10), (0.1, 5), (1.2 / 6, -10),
                                            (2.0 / 6, 10), (0.4 * 11 / 12, 5), (0.4, 0)]
        for (t, value) in expected {
            driver.advance(to: t0 + t)
            #expect(abs(driver.scene.shakeOffset - value) <= 1e-9, "offset at +\(t) s: \(driver.scene.shakeOffset), expected \(value)")
            #expect(driver.scene.shakeModelOffset == 0)
        }
    }

    @Test("the shake field is drawn at its presented offset and ends where it started (additive)")
    func shakeEndsAtModel() {
        var driver = GalleryDriver()
        _ = driver.tap(.shake)
        let t0 = driver.scene.time
        driver.advance(to: t0 + 0.4 / 6)
        #expect(driver.scene.isAnimating(.shake))
        let events = driver.advance(to: t0 + 0.4)
        #expect(events.contains { $0.kind == .finished && $0.item == "shake" })
        #expect(!driver.scene.isAnimating(.shake) && driver.scene.shakeOffset == 0)
    }

    @Test("each lane's dot follows its timing function (bisection oracle for the Béziers, Penner's bounce)")
    func lanesFollowTimingFunctions() {
        var driver = GalleryDriver()
        let layout = driver.scene.layout
        let width = layout.laneEndX - layout.laneStartX
        #expect(width > 100)
        var times = (0...14).map { Double($0) * 0.1 }
        times.append(GalleryScene.laneDuration - 1e-6)
        for t in times {
            driver.advance(to: t)
            let x = t / GalleryScene.laneDuration
            #expect(abs((driver.scene.laneProgress ?? -1) - x) < 1e-12)
            for (i, lane) in GalleryLane.all.enumerated() {
                guard let y = GalleryOracle.lane(lane.name, at: x) else {
                    Issue.record("no oracle for lane \(lane.name)")
                    continue
                }
                let expected = layout.laneStartX + y * width
                #expect(abs(driver.scene.laneX(i) - expected) <= 1e-4, "\(lane.name) at t = \(t): \(driver.scene.laneX(i)) vs \(expected)")
            }
        }
        // They really differ: mid-way ease-in trails linear, which trails ease-out.
        var mid = GalleryDriver()
        mid.advance(to: 0.75)
        #expect(mid.scene.laneFraction(1) < mid.scene.laneFraction(0) - 0.1)
        #expect(mid.scene.laneFraction(2) > mid.scene.laneFraction(0) + 0.1)
        // After the duration every dot rests on its model value at the right end: no snap back.
        let events = driver.advance(to: GalleryScene.laneDuration)
        #expect(events.contains { $0.kind == .finished && $0.item == "lanes" })
        for i in GalleryLane.all.indices {
            #expect(driver.scene.laneX(i) == layout.laneEndX)
            #expect(!driver.scene.isAnimating(.lanes) && driver.scene.laneModel(i) == 1)
        }
        #expect(driver.scene.laneProgress == nil)
    }

    @Test("a tap on resting lanes runs them back to the left on the same curves")
    func lanesPingPong() {
        var driver = GalleryDriver()
        driver.advance(to: 2)
        #expect(!driver.scene.isAnimating(.lanes))
        let events = driver.tap(.lanes)
        #expect(events.map(\.kind) == [.tap])
        let t0 = driver.scene.time
        let layout = driver.scene.layout
        for t in [0.3, 0.9, 1.2] {
            driver.advance(to: t0 + t)
            for (i, lane) in GalleryLane.all.enumerated() {
                let y = GalleryOracle.lane(lane.name, at: t / GalleryScene.laneDuration) ?? .nan
                let expected = layout.laneX(fraction: 1 - y)
                #expect(abs(driver.scene.laneX(i) - expected) <= 1e-4, "\(lane.name) back at +\(t) s")
            }
        }
    }
}
