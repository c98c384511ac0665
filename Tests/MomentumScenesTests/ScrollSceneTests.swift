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
