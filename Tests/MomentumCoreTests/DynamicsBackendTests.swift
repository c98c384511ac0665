import Testing
@testable import MomentumCore

@Suite("Dynamics backend")
struct DynamicsBackendTests {
    @Test("seed pane animation follows Box2D's trajectory at 144 Hz display")
    func followsBox2D() throws {
        let c = try #require(dynamicsBox2DFixtures.first { $0.name == "panel f3.5 z0.4 r10 v-1500" })
        let rows = c.rows
        var backend = DynamicsBackend()
        backend.start(from: SIMD2(200, 700), velocity: SIMD2(0, -1500), to: SIMD2(200, 200))
        var worst = 0.0
        for n in 1...(144 * 3) {
            backend.advance(by: 1.0 / 144)
            let t = Double(n) / 144
            let d = backend.presentedValue - c.box2D(at: t, rows: rows)
            worst = max(worst, d.length)
        }
        #expect(100 * worst / 500 < 2)
    }

    @Test("start hands over value and absolute velocity; split advances land where one advance lands")
    func startAndAdditivity() {
        var a = DynamicsBackend()
        a.start(from: SIMD2(0, 500), velocity: SIMD2(300, -1500), to: .zero)
        #expect(a.presentedValue == SIMD2(0, 500))
        #expect(a.presentedVelocity == SIMD2(300, -1500))
        #expect(!a.isAtRest)
        var b = a
        a.advance(by: 0.013)
        a.advance(by: 0.029)
        b.advance(by: 0.042)
        #expect(abs(a.presentedValue.x - b.presentedValue.x) < 1e-9)
        #expect(abs(a.presentedValue.y - b.presentedValue.y) < 1e-9)
    }

    @Test("started at rest on its target (a relayout), it stays asleep exactly there until retargeted")
    func startAtRestStaysAsleep() {
        var backend = DynamicsBackend()
        backend.start(from: SIMD2(0, 700), velocity: SIMD2(0, -900), to: SIMD2(0, 100))
        for _ in 0..<7 { backend.advance(by: 1.0 / 60) }  // mid-flight: previous and current steps differ
        backend.start(from: SIMD2(0, 528), velocity: .zero, to: SIMD2(0, 528))
        #expect(backend.isAtRest, "nothing to simulate: no frames wanted")
        backend.advance(by: 0.013)
        #expect(backend.presentedValue == SIMD2(0, 528) && backend.presentedVelocity == .zero)
        backend.retarget(to: SIMD2(0, 200))
        #expect(!backend.isAtRest)
        backend.advance(by: 1.0 / 60)
        #expect(backend.presentedValue.y < 528 && backend.presentedVelocity.y < 0, "it heads for the new target")
    }

    @Test("retarget keeps the presented value and velocity continuous, then heads to the new target")
    func retarget() {
        var backend = DynamicsBackend()
        backend.start(from: SIMD2(0, 500), velocity: .zero, to: .zero)
        backend.advance(by: 0.1)
        let before = (backend.presentedValue, backend.presentedVelocity)
        backend.retarget(to: SIMD2(0, 800))
        #expect(backend.presentedValue == before.0)
        #expect(backend.presentedVelocity == before.1)
        #expect(backend.target == SIMD2(0, 800))
        for _ in 0..<600 where !backend.isAtRest { backend.advance(by: 1.0 / 60) }
        #expect(backend.isAtRest)
        #expect(backend.presentedValue == SIMD2(0, 800))
    }

    @Test("interrupt returns what was on screen and leaves the item still there")
    func interrupt() {
        var backend = DynamicsBackend()
        backend.start(from: SIMD2(0, 500), velocity: .zero, to: .zero)
        backend.advance(by: 0.105)
        let shown = (backend.presentedValue, backend.presentedVelocity)
        let state = backend.interrupt()
        #expect(state.value == shown.0)
        #expect(state.velocity == shown.1)
        #expect(state.velocity.y < -100)
        #expect(backend.isAtRest)
        backend.advance(by: 0.5)
        #expect(backend.presentedValue == shown.0)
        #expect(backend.presentedVelocity == .zero)
    }
}
