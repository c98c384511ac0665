import Foundation
import MomentumApp
import MomentumTestSupport
import Testing

/// The panel under a real compositor with real touch: weston headless + momentum-touch + the momentum binary.
@Suite(.serialized) struct PanelEndToEndTests {
    static let backends = ["spring", "dynamics", "tween"]

    @Test(arguments: backends) func dragFollowsTheFingerWithinOnePixel(backend: String) throws {
        let c = try Compositor(arguments: ["--backend", backend])
        let mark = c.app.events.count
        // Press on the peeking strip, move up slowly, hold, and check while the finger is still down.
        try c.play("0 press 0 400 560\n10 moveto 0 400 400 600")
        let events = Array(c.app.events.dropFirst(mark))
        var fingerY: Double?
        var offsets: [Double] = []
        var before: Double?
        var fingerAtFirstDragging: Double?
        for e in events {
            if e.kind == "touch" { fingerY = e.number("y") }
            if e.kind == "panel" {
                if e.string("state") == "dragging", let f = fingerY, let y = e.number("y") {
                    if offsets.isEmpty { fingerAtFirstDragging = f }
                    offsets.append(y - f)
                } else if offsets.isEmpty { before = e.number("y") }
            }
        }
        try c.play("0 release 0")
        #expect(offsets.count >= 10, "expected many dragging frames, got \(offsets.count)")
        let spread = (offsets.max() ?? 0) - (offsets.min() ?? 0)
        #expect(spread <= 1, "panel-to-finger offset varied by \(spread) px while dragging")
        // No jump on grab: the first dragging frame shows the panel moved from where it was by no more than the
        // finger had moved since the press (however late that frame comes on a loaded machine).
        let firstDragging = events.first { $0.kind == "panel" && $0.string("state") == "dragging" }?.number("y")
        let travel = abs((fingerAtFirstDragging ?? .infinity) - 560)
        #expect(before == c.closedY)
        #expect(firstDragging.map { abs($0 - c.closedY) <= 1 + travel } == true,
                "first dragging frame at \(firstDragging ?? .nan), finger travelled \(travel) px")
    }

    @Test(arguments: backends) func flickUpOpensAndFlickDownCloses(backend: String) throws {
        let c = try Compositor(arguments: ["--backend", backend])
        var mark = c.app.events.count
        try c.play("0 flick 0 400 560 400 430 80")
        let ended = try c.app.waitForGesture("pan-ended", after: mark)
        let vy = ended.event.numbers("velocity")?[1] ?? 0
        #expect(vy < -1000, "an upward flick of 130 px in 80 ms should release at about -1600 px/s, got \(vy)")
        let open = try c.waitRest("open", after: ended.index)
        #expect(c.app.events[open].number("y") == c.openY)
        // The release velocity became the animation's initial velocity: the first frames keep moving up fast.
        let firstAnimating = c.panels(from: ended.index).first { $0.string("state") == "animating" }
        #expect((firstAnimating?.number("vy") ?? 0) < -500)

        mark = c.app.events.count
        try c.play("0 flick 0 400 \(c.openY + 30) 400 \(c.openY + 180) 80")
        let closed = try c.waitRest("closed", after: mark)
        #expect(c.app.events[closed].number("y") == c.closedY)
    }

    @Test(arguments: backends) func tapTogglesAndTapMidAnimationReversesWithoutAVelocityJump(backend: String) throws {
        let c = try Compositor(arguments: ["--backend", backend])
        let mark = c.app.events.count
        try c.play("0 tap 0 400 560")
        let tap = try c.app.waitForGesture("tap", after: mark)
        // Wait until it moves fast toward open, then tap it again where it is on screen.
        let fast = try c.app.waitFor("the panel moving up fast", after: tap.index) {
            $0.kind == "panel" && $0.string("state") == "animating" && ($0.number("vy") ?? 0) < -800
        }
        let y = fast.event.number("y") ?? 0
        try c.play("0 tap 0 400 \(y + 40)")
        let second = try c.app.waitForGesture("tap", after: fast.index)
        let rest = try c.waitRest("closed", after: second.index)
        // At the instant of the tap: same position, same velocity (the app reports the panel just before and
        // just after the tap took effect).
        let before = second.event.numbers("before") ?? [], after = second.event.numbers("after") ?? []
        #expect(before.count == 2 && after.count == 2)
        if before.count == 2 && after.count == 2 {
            #expect(abs(before[0] - after[0]) < 1e-6 && abs(before[1] - after[1]) < 1e-6, "before \(before), after \(after)")
            #expect(before[1] < -300, "the panel was moving up when tapped (vy \(before[1]))")
        }
        let frames = Array(c.app.events[0..<rest])
        guard let beforeIndex = frames[..<second.index].lastIndex(where: { $0.kind == "panel" }),
              let afterIndex = frames[second.index...].firstIndex(where: { $0.kind == "panel" }),
              let frameBefore = frames[..<beforeIndex].last(where: { $0.kind == "frame" }),
              let frameAfter = frames[..<afterIndex].last(where: { $0.kind == "frame" })
        else { Issue.record("missing frames around the tap"); return }
        let y0 = frames[beforeIndex].number("y") ?? 0, v0 = frames[beforeIndex].number("vy") ?? 0
        let y1 = frames[afterIndex].number("y") ?? 0, v1 = frames[afterIndex].number("vy") ?? 0
        #expect(frames[afterIndex].string("target") == "closed")
        if backend == "spring" {
            // Across frames, against the closed form: the spring (k 300, c 20, m 1) carries the state of the frame
            // before the tap to the frame after it exactly; a restart or a velocity jump would not match.
            // `step` is the animation time the app advanced between the two frames (0 when drawn at once).
            let dt = frameAfter.number("step") ?? -1
            #expect(dt >= 0 && dt <= 0.1 && frameBefore.number("seq") != frameAfter.number("seq"))
            let predicted = ClosedFormOscillator(stiffness: 300, damping: 20, mass: 1)
                .state(x0: y0 - c.closedY, v0: v0, at: dt)
            #expect(abs(predicted.x + c.closedY - y1) < 0.01, "position \(y1) vs closed form \(predicted.x + c.closedY)")
            #expect(abs(predicted.v - v1) < 0.1, "velocity \(v1) vs closed form \(predicted.v)")
        }
        // And it kept going the way it was moving before turning back (no stop at the tap). Only checkable when its
        // velocity must carry it on for at least the frame step. The dynamics attachment (3.5 Hz, damping ratio
        // 0.4, resistance 10) decelerates it by at most ω²·distance + (2ζω + r)·|v| (~150 000 px/s² at -2300 px/s
        // near open: it turns within ~15 ms), so a slow tap, or a long step on a loaded machine, may turn it between
        // frames; with that bound, the panel must be at least 1 px past y0 at the next frame.
        let afterTap = c.panels(from: second.index)
        let step = frameAfter.number("step") ?? 1
        let omega = 2 * Double.pi * 3.5
        let pull = omega * omega * max(0, c.closedY - y0) + (2 * 0.4 * omega + 10) * abs(v0)
        if backend != "spring", step <= 0.04, v0 < 0, step < -v0 / pull, v0 * step + pull * step * step / 2 < -1 {
            #expect(afterTap.contains { ($0.number("y") ?? .infinity) < y0 } || v1 < 0,
                    "vy \(v0) at y \(y0) before the tap, then y \(y1) vy \(v1) after \(step) s")
        }
    }

    @Test(arguments: backends) func cancelMidDragSettlesWithoutAFling(backend: String) throws {
        let c = try Compositor(arguments: ["--backend", backend])
        let mark = c.app.events.count
        // A fast upward drag that would fling the panel open, cancelled by the compositor before the lift.
        try c.play("0 press 0 400 560\n10 moveto 0 400 420 90\n100 cancel")
        let cancel = try c.app.waitForGesture("touch-cancel", after: mark)
        let rest = try c.waitRest("closed", after: cancel.index)
        let gestures = c.app.events[mark..<rest].filter { $0.kind == "gesture" }.compactMap { $0.string("kind") }
        #expect(!gestures.contains("pan-ended") && !gestures.contains("tap"), "gestures: \(gestures)")
        // The finger was moving up at ~1500 px/s. After the cancel the panel must not carry that on: from the
        // cancel until it first gets back down to the closed position it only ever moves down.
        let after = c.app.events[cancel.index..<rest].filter { $0.kind == "panel" }
        let returning = after.prefix { ($0.number("y") ?? .infinity) < c.closedY }
        #expect(!returning.isEmpty)
        let upward = returning.compactMap { $0.number("vy") }.filter { $0 < 0 }
        #expect(upward.isEmpty, "the panel moved up after the cancel: vy \(upward)")
        #expect(c.app.events[rest].number("y") == c.closedY)
    }

    @Test(arguments: backends) func atRestNothingIsDrawn(backend: String) throws {
        let c = try Compositor(arguments: ["--backend", backend])
        let mark = c.app.events.count
        try c.play("0 tap 0 400 560")
        let rest = try c.waitRest("open", after: mark)
        let framesAtRest = c.app.events.count
        // A window of real time with nothing to do: measuring absence, not waiting for something to happen.
        Thread.sleep(forTimeInterval: 1.0)
        let later = c.app.events.dropFirst(framesAtRest).filter { $0.kind == "frame" || $0.kind == "panel" }
        #expect(later.isEmpty, "\(later.count) frames drawn at rest")
        #expect(rest > mark)
    }

    @Test func sigtermExitsCleanlyWithAnExitEvent() throws {
        let c = try Compositor()
        c.app.signal(SIGTERM)
        let status = try c.app.waitExit()
        #expect(status == 0)
        let exit = c.app.events.last
        #expect(exit?.kind == "exit" && exit?.number("code") == 0 && exit?.string("reason") == "SIGTERM")
    }

    @Test func compositorKilledExitsOneWithAMessage() throws {
        let c = try Compositor()
        c.weston.kill()
        let status = try c.app.waitExit()
        #expect(status == 1)
        #expect(c.app.stderr.contains("the compositor went away"), "stderr: \(c.app.stderr)")
        let exit = c.app.events.last
        #expect(exit?.kind == "exit" && exit?.number("code") == 1)
    }

    @Test func noCompositorExitsTwoSayingHowToRunHeadless() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("momentum-nocomp-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = dir.path
        env["WAYLAND_DISPLAY"] = "wayland-nothing-here"
        let app = try TracedClient(executable: try Compositor.momentumBinary(), arguments: [], environment: env)
        let status = try app.waitExit()
        #expect(status == 2)
        #expect(app.stderr.contains("no Wayland compositor") && app.stderr.contains("momentum headless"))
        #expect(app.stderr.split(separator: "\n").count == 1, "one line: \(app.stderr)")
        #expect(app.events.last?.kind == "exit" && app.events.last?.number("code") == 2)
    }
}
