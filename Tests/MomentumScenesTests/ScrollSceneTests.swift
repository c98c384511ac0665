import Foundation  // log, pow for the closed forms
import MomentumCore
import Testing
@testable import MomentumScenes

/// Drives a scroll scene on a phone: 360×720, the list below the 96 px chrome band (viewport 624 px; 60 rows of
/// 64 px + 16), one finger, 60 Hz frames.
private struct ScrollRig {
    var scene = ScrollScene(size: SIMD2(360, 720))
    var time = 10.0

    mutating func touch(_ phase: TouchPhase, _ y: Double) -> [SceneEvent] {
        scene.handle(TouchFrame(changes: [TouchChange(id: 0, phase: phase, position: SIMD2(180, y), time: time)]))
    }

    /// A constant-speed drag from `y0` by `dy` over `samples` 8 ms samples, lifted at the last one.
    mutating func flick(from y0: Double, by dy: Double, samples: Int = 10) -> [SceneEvent] {
        _ = touch(.down, y0)
        for i in 1...samples {
            time += 0.008
            _ = touch(.motion, y0 + dy * Double(i) / Double(samples))
        }
        return touch(.up, y0 + dy)
    }

    mutating func frame(_ dt: Double = 1.0 / 60) -> [SceneEvent] {
        time += dt
        return scene.advance(by: dt)
    }

    /// The release's list velocity, from the pan-ended event.
    static func listVelocity(_ events: [SceneEvent]) -> Double? {
        events.first { $0.kind == .panEnded }?.number(.listVelocity)
    }
}

/// The scroll scene (seed 000's opening): a flicked list coasts by the decay's closed form, stops under a touch,
/// resists past its ends and bounces back from them.
struct ScrollSceneTests {
    /// The decay's closed form: x0 + v0 (r^(1000 t) − 1) / (1000 ln r).
    static func coast(_ x0: Double, _ v0: Double, _ t: Double, rate: Double = 0.998) -> (x: Double, v: Double) {
        (x0 + v0 * (pow(rate, 1000 * t) - 1) / (1000 * log(rate)), v0 * pow(rate, 1000 * t))
    }

    @Test func aFlickCoastsByTheDecaysClosedForm() throws {
        var r = ScrollRig()
        #expect(r.scene.minimumOffset == 624 - (60 * 64 + 16))
        let events = r.flick(from: 600, by: -200)          // 200 px in 80 ms: −2500 px/s
        let v0 = try #require(ScrollRig.listVelocity(events))
        #expect(abs(v0 + 2500) < 1e-6 && r.scene.state == .decelerating)
        let x0 = r.scene.offset
        #expect(abs(x0 + 200) < 1e-9)                     // followed the finger exactly until the lift
        for i in 1...30 {
            _ = r.frame()
            let exact = Self.coast(x0, v0, Double(i) / 60)
            #expect(abs(r.scene.offset - exact.x) < 1e-6 && abs(r.scene.velocity - exact.v) < 1e-6)
        }
    }

    @Test func aTouchStopsTheCoastingListWhereItIsSeen() {
        var r = ScrollRig()
        _ = r.flick(from: 600, by: -200)
        for _ in 0..<10 { _ = r.frame() }
        let seen = r.scene.offset
        #expect(r.scene.velocity < -500)
        let pressed = r.touch(.down, 400)
        #expect(pressed.map(\.kind) == [.catch])
        #expect(r.scene.offset == seen && r.scene.velocity == 0 && !r.scene.needsFrames)
        r.time += 0.05
        _ = r.touch(.up, 400)
        for _ in 0..<10 { _ = r.frame() }
        #expect(r.scene.offset == seen && r.scene.state == .idle)
    }

    @Test func pulledPastTheTopItResistsAndBouncesBackWithoutOvershoot() {
        var r = ScrollRig()
        _ = r.touch(.down, 200)
        for i in 1...30 {
            r.time += 0.008
            _ = r.touch(.motion, 200 + 10 * Double(i))   // 300 px down from the top
        }
        // Past the top the list moves by the rubber band: f(x) = (1 − 1/(x·0.55/624 + 1))·624, not x.
        #expect(abs(r.scene.offset - RubberBand.offset(300 - 0, dimension: 624)) < 1e-9)
        #expect(r.scene.offset < 300 * 0.55)
        r.time += 0.1                                     // held still: no fling
        _ = r.touch(.up, 500)
        #expect(r.scene.state == .bouncing)
        var last = r.scene.offset
        while r.scene.needsFrames {
            _ = r.frame()
            #expect(r.scene.offset <= last && r.scene.offset >= 0)  // critically damped: straight back, never past
            last = r.scene.offset
        }
        #expect(r.scene.offset == 0 && r.scene.state == .idle)
    }

    @Test func aCoastIntoTheEndBouncesWithTheSpeedItHadThere() {
        var r = ScrollRig()
        _ = r.flick(from: 300, by: 200)                   // down from the top: straight past it
        var crossing: (before: Double, after: Double)?
        var lastVelocity = r.scene.velocity
        for _ in 0..<200 {
            let events = r.frame()
            if events.contains(where: { $0.kind == .retarget }) { crossing = (lastVelocity, r.scene.velocity) }
            lastVelocity = r.scene.velocity
            if !r.scene.needsFrames { break }
        }
        // The flick began past the end (the drag pulled it there), so the release itself bounces: the spring
        // carries the release velocity on, turns, and settles on the top.
        #expect(r.scene.offset == 0 && r.scene.state == .idle)
        _ = crossing
        // Now from well inside: a fast flick toward the top coasts into it and hands its speed to the bounce.
        _ = r.flick(from: 600, by: -300)
        while r.scene.needsFrames { _ = r.frame() }
        let low = r.scene.offset
        _ = r.flick(from: 300, by: 300, samples: 6)      // 300 px in 48 ms: 6250 px/s toward the top
        crossing = nil
        var previous = (offset: r.scene.offset, velocity: r.scene.velocity)
        for _ in 0..<400 {
            let events = r.frame()
            if events.contains(where: { $0.kind == .retarget }) {
                crossing = (previous.velocity, r.scene.velocity)
                // Handed over at the crossing frame: the spring starts from the decay's state there, so the next
                // frames keep moving the same way (past the top) before coming back.
                #expect(r.scene.state == .bouncing && previous.offset < 0 && r.scene.velocity > 0)
            }
            previous = (r.scene.offset, r.scene.velocity)
            if !r.scene.needsFrames { break }
        }
        #expect(low < -300)
        #expect(crossing != nil, "the coast never reached the top")
        #expect(r.scene.offset == 0)
    }

    @Test func autoplayFlicksToTheOtherEndAndBack() {
        var r = ScrollRig()
        var started = 0
        for _ in 0..<(30 * 60) {
            if r.scene.autoplay() { started += 1 }
            _ = r.frame()
        }
        #expect(started >= 4)
        #expect(r.scene.offset >= r.scene.minimumOffset - 1e-9 && r.scene.offset <= 1e-9)
    }
}

/// The wheel and the touchpad on the scroll list (phone size, the rig's 624 px viewport: a notch is 78 px).
struct ScrollSceneWheelAndTouchpadTests {
    /// Critically damped, response 0.2 s, from offset `x0` with velocity `v0` toward `target`.
    static func wheelSpring(_ x0: Double, _ v0: Double, to target: Double, _ t: Double) -> (x: Double, v: Double) {
        let w = 2 * Double.pi / 0.2, d = x0 - target
        let e = exp(-w * t)
        return (target + (d + (v0 + w * d) * t) * e, (v0 - w * (v0 + w * d) * t) * e)
    }

    private func wheel(_ r: inout ScrollRig, steps: Double) -> [SceneEvent] {
        r.scene.scroll(ScrollInput(delta: SIMD2(0, steps * 10), steps: SIMD2(0, steps), source: .wheel, time: r.time))
    }

    private func pad(_ r: inout ScrollRig, _ dy: Double, stop: Bool = false) -> [SceneEvent] {
        r.scene.scroll(ScrollInput(delta: SIMD2(0, dy), source: .finger, stopped: stop, time: r.time))
    }

    @Test func aWheelNotchAnimatesOneNotchByTheSpringsClosedForm() throws {
        var r = ScrollRig()
        #expect(r.scene.notchDistance == 78)
        let events = wheel(&r, steps: 1)
        #expect(events.first?.kind == .scroll && events.first?.number(.to) == -78)
        var frames = 0
        while r.scene.needsFrames && frames < 120 {
            frames += 1
            _ = r.frame()
            let exact = Self.wheelSpring(0, 0, to: -78, Double(frames) / 60)
            if r.scene.needsFrames {
                #expect(abs(r.scene.offset - exact.x) < 1e-6 && abs(r.scene.velocity - exact.v) < 1e-2, "frame \(frames)")
            } else {
                // Settled within half a pixel of the target, then snapped to it.
                #expect(abs(exact.x + 78) < 0.5 && r.scene.offset == -78, "frame \(frames)")
            }
        }
        #expect(frames > 10 && frames < 30)
    }

    @Test func notchesInARowAddUpAndNeverMakeTheListJump() {
        var r = ScrollRig()
        _ = wheel(&r, steps: 1)
        _ = r.frame(); _ = r.frame()
        let before = (offset: r.scene.offset, velocity: r.scene.velocity)
        let events = wheel(&r, steps: 2)
        // The second turn goes on from the first's target, from where the list is drawn, at the speed it has.
        let to = events.first?.number(.to) ?? .nan
        #expect(to == -234, "\(to.bitPattern) \((-234.0).bitPattern)")
        #expect(abs(r.scene.offset - before.offset) < 1e-9 && abs(r.scene.velocity - before.velocity) < 1e-6)
        for _ in 0..<180 { _ = r.frame() }
        #expect(abs(r.scene.offset + 234) < 0.5)
    }

    @Test func theWheelStopsAtTheEnds() {
        var r = ScrollRig()
        let up = wheel(&r, steps: -3)
        #expect(up.first?.number(.to) == 0)
        for _ in 0..<60 { _ = r.frame() }
        #expect(r.scene.offset == 0)
        _ = wheel(&r, steps: 100)
        for _ in 0..<240 { _ = r.frame() }
        #expect(abs(r.scene.offset - r.scene.minimumOffset) < 0.5)
    }

    @Test func touchpadFingersMoveTheListOneToOneAndItCoastsFromTheirLift() throws {
        var r = ScrollRig()
        for _ in 0..<10 {
            r.time += 0.01
            _ = pad(&r, 20)                       // 20 px every 10 ms toward the end: offset −2000 px/s
        }
        #expect(abs(r.scene.offset + 200) < 1e-9 && !r.scene.needsFrames)
        let lift = pad(&r, 0, stop: true)
        let v0 = try #require(lift.first { $0.kind == .scroll }?.number(.velocity))
        #expect(abs(v0 + 2000) < 1e-6 && r.scene.state == .decelerating)
        for i in 1...30 {
            _ = r.frame()
            let exact = ScrollSceneTests.coast(-200, v0, Double(i) / 60)
            #expect(abs(r.scene.offset - exact.x) < 1e-6, "frame \(i)")
        }
    }

    @Test func fingersThatRestBeforeLiftingLeaveTheListWhereItIs() {
        var r = ScrollRig()
        for _ in 0..<5 {
            r.time += 0.01
            _ = pad(&r, 20)
        }
        r.time += 0.2
        let lift = pad(&r, 0, stop: true)
        #expect(lift.first?.number(.velocity) == 0 && !r.scene.needsFrames && r.scene.offset == -100)
    }

    @Test func fingersOnTheTouchpadCatchACoastingListWhereItIsDrawn() {
        var r = ScrollRig()
        _ = r.flick(from: 600, by: -200)
        for _ in 0..<6 { _ = r.frame() }
        let drawn = r.scene.offset
        let events = pad(&r, 5)
        #expect(events.first?.kind == .catch)
        #expect(abs(r.scene.offset - (drawn - 5)) < 1e-9 && !r.scene.needsFrames)
    }

    @Test func pastTheTopTheTouchpadStretchesTheListAndTheLiftBouncesItBack() {
        var r = ScrollRig()
        for _ in 0..<10 {
            r.time += 0.01
            _ = pad(&r, -30)
        }
        #expect(r.scene.offset > 0 && r.scene.offset < 300)    // rubber-banded: less than the 300 px asked
        r.time += 0.2
        _ = pad(&r, 0, stop: true)
        #expect(r.scene.state == .bouncing)
        for _ in 0..<180 { _ = r.frame() }
        #expect(abs(r.scene.offset) < 0.5)
    }
}
