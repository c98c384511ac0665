import Foundation
import Testing
import MomentumCore
@testable import MomentumScenes

@Suite("Gallery: interruption and rest")
struct GalleryInterruptionTests {
    @Test("a tap on moving lanes restarts every dot from its presented x, heading back")
    func lanesRestartFromPresented() {
        var driver = GalleryDriver()
        driver.advance(to: 0.7)
        let before = GalleryLane.all.indices.map { driver.scene.laneX($0) }
        let events = driver.tap(.lanes)
        #expect(events.map(\.kind) == [.tap, .restart])
        let after = GalleryLane.all.indices.map { driver.scene.laneX($0) }
        for (a, b) in zip(before, after) { #expect(abs(a - b) <= 1e-9) }
        #expect(driver.scene.laneTarget == 0)
        // One frame later each dot moved a frame's worth at most (≤ 3 × the full width per second).
        let width = driver.scene.layout.laneEndX - driver.scene.layout.laneStartX
        driver.advance(to: driver.scene.time + 1.0 / 240)
        for (i, b) in after.enumerated() { #expect(abs(driver.scene.laneX(i) - b) <= 3 * width / 240) }
        // It follows the lane's curve from where it was to the left end (the additive lane: see below).
        let t0 = driver.scene.time - 1.0 / 240
        driver.advance(to: t0 + 0.6)
        for (i, lane) in GalleryLane.all.enumerated() where lane.retarget == .beginFromCurrentState {
            let y = GalleryOracle.lane(lane.name, at: 0.6 / GalleryScene.laneDuration) ?? .nan
            let expected = after[i] + y * (driver.scene.layout.laneStartX - after[i])
            #expect(abs(driver.scene.laneX(i) - expected) <= 1e-4)
        }
        driver.advance(to: t0 + GalleryScene.laneDuration)
        for i in GalleryLane.all.indices { #expect(driver.scene.laneX(i) == driver.scene.layout.laneStartX) }
    }

    @Test("the pair: tapped mid-run, the abrupt lane stalls (its speed drops to 0) and the additive one turns smoothly")
    func abruptVersusAdditive() throws {
        let abrupt = try #require(GalleryLane.all.firstIndex { $0.label == "abrupt restart" })
        let additive = try #require(GalleryLane.all.firstIndex { $0.retarget == .additive })
        #expect(GalleryLane.all[abrupt].name == "ease-in-out" && GalleryLane.all[additive].name == "ease-in-out")
        var driver = GalleryDriver()
        let d = GalleryScene.laneDuration, tr = 0.6
        func e(_ x: Double) -> Double { GalleryOracle.lane("ease-in-out", at: min(max(x, 0), 1)) ?? .nan }
        driver.advance(to: tr)
        // Both ran the same curve until now.
        #expect(abs(driver.scene.laneFraction(abrupt) - e(tr / d)) < 1e-6)
        #expect(abs(driver.scene.laneFraction(additive) - e(tr / d)) < 1e-6)
        let h = 1e-3
        let speedBefore = (e(tr / d) - e((tr - h) / d)) / h
        _ = driver.tap(.lanes)
        for t in [0.01, 0.2, 0.7, 1.2, 1.6, 2.0] {
            driver.advance(to: tr + t)
            // Abrupt: from where it was, back to 0 on a fresh ease-in-out (CA's beginFromCurrentState).
            let xr = e(tr / d)
            #expect(abs(driver.scene.laneFraction(abrupt) - xr * (1 - e(t / d))) < 1e-6, "abrupt at +\(t)")
            // Additive (iOS 8): the old run goes on, the change (1 → 0) is added on top with the same curve.
            #expect(abs(driver.scene.laneFraction(additive) - (e((tr + t) / d) - e(t / d))) < 1e-6, "additive at +\(t)")
        }
        // Speeds just after the tap: the abrupt dot starts from rest, the additive one keeps the speed it had.
        var again = GalleryDriver()
        again.advance(to: tr)
        _ = again.tap(.lanes)
        again.advance(to: tr + h)
        let abruptSpeed = (again.scene.laneFraction(abrupt) - e(tr / d)) / h
        let additiveSpeed = (again.scene.laneFraction(additive) - e(tr / d)) / h
        #expect(speedBefore > 0.5, "it was moving right at \(speedBefore) lanes/s")
        #expect(abs(abruptSpeed) < 0.01 * speedBefore, "abrupt: \(abruptSpeed) lanes/s just after the tap")
        #expect(abs(additiveSpeed - speedBefore) < 0.01 * speedBefore, "additive: \(additiveSpeed) vs \(speedBefore)")
    }

    @Test("a tap mid-shake adds a new shake on top: no jump, and both end at the model offset")
    func shakeRestart() {
        var driver = GalleryDriver()
        _ = driver.tap(.shake)
        let t0 = driver.scene.time
        driver.advance(to: t0 + 0.15)
        let before = driver.scene.shakeOffset
        #expect(before != 0)
        let events = driver.tap(.shake)
        #expect(events.map(\.kind) == [.tap, .restart])
        #expect(abs(driver.scene.shakeOffset - before) <= 1e-12)
        driver.advance(to: t0 + 0.15 + 1.0 / 240)
        // The old shake moves at ≤ 300 px/s, the new one adds ≤ 150 px/s.
        #expect(abs(driver.scene.shakeOffset - before) <= 450.0 / 240 + 1e-9)
        driver.advance(to: t0 + 0.15 + 0.4)
        #expect(!driver.scene.isAnimating(.shake) && driver.scene.shakeOffset == 0)
    }

    @Test("a tap on the orbiting satellite starts three new laps from where it is: position, velocity, angle continuous")
    func satelliteRestart() {
        var driver = GalleryDriver()
        driver.advance(to: 5.3)
        let before = driver.scene.satellite
        let events = driver.tap(.satellite)
        #expect(events.map(\.kind) == [.tap, .restart])
        let after = driver.scene.satellite
        let dp = after.position - before.position, dv = after.velocity - before.velocity
        #expect((dp * dp).sum().squareRoot() <= 1e-6)
        #expect((dv * dv).sum().squareRoot() <= 1e-6 * (before.velocity * before.velocity).sum().squareRoot())
        #expect(abs(after.angle - before.angle) <= 1e-9)
        // Three full laps from here, ending on the same spot.
        let t0 = driver.scene.time
        let laps = GalleryOrbit.lapDuration * GalleryOrbit.orbits
        driver.advance(to: t0 + laps - GalleryOrbit.lapDuration / 2)
        #expect(driver.scene.isAnimating(.satellite))
        driver.advance(to: t0 + laps)
        #expect(!driver.scene.isAnimating(.satellite))
        let end = driver.scene.satellite.position - before.position
        #expect((end * end).sum().squareRoot() <= 1e-6)
    }

    @Test("a tap mid-shuffle stacks a new group: the cards carry on exactly as before until it begins, no jump after")
    func coversRestart() {
        var driver = GalleryDriver()
        _ = driver.tap(.covers)
        var untouched = driver
        let t0 = driver.scene.time
        driver.advance(to: t0 + 1.0)
        untouched.advance(to: t0 + 1.0)
        let before = driver.scene.presentedCovers
        let events = driver.tap(.covers)
        #expect(events.map(\.kind) == [.tap, .restart])
        for (a, b) in zip(driver.scene.presentedCovers, before) { #expect(GalleryCoverTests.distance(a, b) <= 1e-12) }
        #expect(driver.scene.covers.order != untouched.scene.covers.order)
        // Until the new group begins (0.5 s), the cards move exactly as if there had been no tap: same positions,
        // so the same velocities; the first group finishes on its own.
        var t = 0.0
        while t < 0.5 {
            driver.advance(to: t0 + 1.0 + t)
            untouched.advance(to: t0 + 1.0 + t)
            for (a, b) in zip(driver.scene.presentedCovers, untouched.scene.presentedCovers) {
                #expect(GalleryCoverTests.distance(a, b) <= 1e-9, "card \(a.id) at +\(t) s after the tap")
            }
            t += 1.0 / 60
        }
        // Across the new group's begin the new motion starts from rest (ease-in-out): over one 240 Hz frame the
        // cards move as they would have without the tap, give or take a few hundredths of a pixel.
        driver.advance(to: t0 + 1.5)
        untouched.advance(to: t0 + 1.5)
        let atBegin = driver.scene.presentedCovers, untouchedAtBegin = untouched.scene.presentedCovers
        driver.advance(to: t0 + 1.5 + 1.0 / 240)
        untouched.advance(to: t0 + 1.5 + 1.0 / 240)
        for i in atBegin.indices {
            let step = driver.scene.presentedCovers[i].position - atBegin[i].position
            let untouchedStep = untouched.scene.presentedCovers[i].position - untouchedAtBegin[i].position
            let d = step - untouchedStep
            #expect((d * d).sum().squareRoot() < 0.05, "card \(i) jumped by \(d) when the new group began")
        }
        // Both groups run out and the cards rest on the newest models.
        driver.runToRest()
        #expect(driver.scene.presentedCovers == driver.scene.covers.model)
    }

    @Test("at rest nothing needs frames: after the launch runs and after each item's run")
    func restNeedsNoFrames() {
        var driver = GalleryDriver()
        #expect(driver.scene.needsFrames)  // lanes and satellite run on launch
        let events = driver.runToRest()
        #expect(!driver.scene.needsFrames)
        #expect(Set(events.filter { $0.kind == .finished }.compactMap(\.item)) == ["lanes", "satellite"])
        #expect(driver.scene.time < GalleryOrbit.lapDuration * GalleryOrbit.orbits + 0.1)
        for item in GalleryItem.allCases {
            _ = driver.tap(item)
            #expect(driver.scene.needsFrames)
            let finished = driver.runToRest()
            #expect(!driver.scene.needsFrames)
            #expect(finished.filter { $0.kind == .finished }.compactMap(\.item) == [item.rawValue])
            // Resting frames change nothing and report nothing.
            var frozen = driver.scene.record.gallery
            let idle = driver.scene.advance(by: 1)
            #expect(idle.isEmpty)
            frozen?.time = driver.scene.time  // all but the time
            #expect(driver.scene.record.gallery == frozen)
        }
        let miss = driver.tap(SIMD2(790, 590))
        #expect(miss.map(\.kind) == [.tap] && miss.first?.item == "none")
        #expect(!driver.scene.needsFrames)
    }

    @Test("the trace names the driving animations and their local times while they run")
    func traceRecord() throws {
        var driver = GalleryDriver()
        _ = driver.tap(.covers)
        driver.advance(to: driver.scene.time + 0.2)
        let written = driver.scene.record
        // Written and read back, it is what the scene said.
        let record = try #require(try SceneRecord(name: written.name, fields: written.fields).gallery)
        #expect(record == written.gallery)
        let t = try #require(record.covers.localTimes?.first, "covers local time missing")
        #expect(abs(t - (0.2 - 0.5)) < 1e-9)  // negative: the group has not begun
        #expect(record.lanes.progress != nil && record.lanes.driver != nil)
        #expect(record.satellite.localTime != nil)
    }
}
