import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// The scroll scene under a real weston with real touch (800x600: a list of 60 rows of 64 px below the 96 px chrome
/// band): a flick coasts at 0.998 of its speed per ms, a touch stops it where it is, and a coast into the top
/// bounces off it and settles there.
@Suite(.serialized) struct ScrollEndToEndTests {
    /// 800x600, a phone in portrait and 4K (1920x1080 at scale 2).
    static let screens: [(width: Int, height: Int, scale: Int)] = [(800, 600, 1), (360, 720, 1), (1920, 1080, 2)]

    @Test(arguments: screens)
    func aFlickCoastsAtTheDecayRateAndATouchStopsIt(screen: (width: Int, height: Int, scale: Int)) throws {
        let c = try Compositor(scene: .scroll, output: (screen.width, screen.height), scale: screen.scale)
        let mark = c.app.events.count
        let x = (c.width / 2).rounded(), low = (c.height * 0.93).rounded(), high = low - 300   // 3750 px/s
        try c.play("0 flick 0 \(x) \(low) \(x) \(high) 80")
        let ended = try c.app.waitForGesture(.panEnded, after: mark)
        #expect((ended.event.gesture?.number(.listVelocity) ?? 0) < -2000, "\(ended.event.encoded)")
        // Ten coasting frames: each frame's speed is the one before times 0.998^(ms of the frame's step).
        var coasting: [(step: Double, velocity: Double)] = []
        var step = 0.0
        try c.app.waitFor("ten coasting frames", after: ended.index) { e in
            if let frameStep = e.frame?.step ?? e.unchangedStep { step = frameStep }
            if let s = e.scroll, s.state == .decelerating { coasting.append((step, s.velocity)) }
            return coasting.count >= 10
        }
        for (a, b) in zip(coasting, coasting.dropFirst()) where b.step > 0 {
            let expected = a.velocity * pow(0.998, 1000 * b.step)
            #expect(abs(b.velocity - expected) <= 1e-6 * abs(expected), "\(b.velocity) after \(b.step) s, decay says \(expected)")
        }
        // A touch stops it where it is seen: the catch reports the offset, and the list stays there.
        let before = c.app.events.count
        try c.play("0 press 0 \(x) \((c.height * 0.66).rounded())")
        let caught = try c.app.waitForGesture(.catch, after: before)
        let at = caught.event.gesture?.number(.offset) ?? .nan
        let held = try c.app.waitFor("a frame after the catch", after: caught.index) { $0.scroll != nil }
        #expect(held.event.scroll?.offset == at && held.event.scroll?.velocity == 0)
        try c.play("0 release 0")
        let idle = try c.app.waitFor("the list at rest", after: held.index) { $0.scroll?.state == .idle }
        #expect(idle.event.scroll?.offset == at)
    }

    @Test func aCoastIntoTheTopBouncesOffItAndSettlesThere() throws {
        let c = try Compositor(scene: .scroll)
        var mark = c.app.events.count
        // Scroll down a little, then flick back toward the top, hard.
        try c.play("0 drag 0 400 500 400 300 300 100")
        let settled = try c.app.waitFor("the list below its top", after: mark) {
            guard let s = $0.scroll else { return false }
            return s.state == .idle && s.offset < -150
        }
        mark = settled.index
        try c.play("0 flick 0 400 250 400 400 40")   // 150 px in 40 ms: still below the top at the lift
        let bounce = try c.app.waitForGesture(.retarget, after: mark)
        let rest = try c.app.waitFor("the list back at rest", after: bounce.index) { $0.scroll?.state == .idle }
        let path = c.app.events[mark...rest.index].compactMap(\.scroll)
        let furthest = path.map(\.offset).max() ?? 0
        #expect(furthest > 1, "it went past the top: \(furthest)")
        #expect(rest.event.scroll?.offset == 0)
        // Past the top it only ever moved back down once turned (critically damped, no second bounce).
        let past = path.drop { $0.offset <= 0 }
        let turn = past.firstIndex { $0.velocity < 0 } ?? past.endIndex
        #expect(past[turn...].allSatisfy { $0.velocity <= 0 || $0.state == .idle })
    }

    @Test(arguments: [(800, 600, 1), (360, 720, 1)])
    func theWheelScrollsByNotchesAndATouchpadsLiftCoasts(screen: (width: Int, height: Int, scale: Int)) throws {
        let c = try Compositor(scene: .scroll, output: (screen.width, screen.height), scale: screen.scale)
        let notch = ScrollScene(size: SIMD2(c.width, c.height)).notchDistance
        var mark = c.app.events.count
        // A mouse over the list turns its wheel three notches (one pointer frame, axis_discrete 3).
        try c.play("0 pointer \((c.width / 2).rounded()) \((c.height * 0.6).rounded())\n20 wheel 0 3")
        let turned = try c.app.waitForGesture(.scroll, after: mark)
        #expect(turned.event.gesture?.string(.source) == "wheel" && turned.event.gesture?.number(.steps) == 3,
                "\(turned.event.encoded)")
        let wheeled = try c.app.waitFor("the list at rest three notches down", after: turned.index) {
            $0.scroll?.state == .idle
        }
        #expect(wheeled.event.scroll?.offset == -3 * notch, "\(wheeled.event.encoded)")
        // Every frame between: the list moved toward the target, never back, never past it.
        let path = c.app.events[turned.index...wheeled.index].compactMap(\.scroll).map(\.offset)
        #expect(zip(path, path.dropFirst()).allSatisfy { $1 <= $0 } && path.allSatisfy { $0 >= -3 * notch - 1e-9 })

        // Two fingers on a touchpad: 20 px every 10 ms toward the end (2000 px/s), then they lift.
        mark = c.app.events.count
        let motion = (0..<10).map { "\($0 * 10) padscroll 0 20" }.joined(separator: "\n")
        try c.play(motion + "\n95 padstop")
        let lift = try c.app.waitFor("the touchpad's lift", after: mark) {
            $0.gesture?.kind == .scroll && $0.gesture?.bool(.stopped) == true
        }
        let v = lift.event.gesture?.number(.velocity) ?? 0
        #expect(v < -1200 && v > -3000, "\(lift.event.encoded)")
        // Where the list was when the fingers lifted (frames between the touchpad's events may be fewer than them).
        let atLift = lift.event.gesture?.number(.offset) ?? .nan
        #expect(abs(atLift - (-3 * notch - 200)) < 1e-6, "the fingers moved it 1:1: \(atLift)")
        let coast = try c.app.waitFor("the list coasting", after: lift.index) { $0.scroll?.state == .decelerating }
        let rest = try c.app.waitFor("the list at rest", after: coast.index) { $0.scroll?.state == .idle }
        #expect((rest.event.scroll?.offset ?? 0) < atLift - 100, "it coasted on: \(rest.event.encoded)")
    }
}
