import Foundation
import Testing
import MomentumCore
@testable import MomentumScenes

@Suite("Gallery: satellite")
struct GalleryOrbitTests {
    @Test("the satellite stays on the ellipse at constant speed (paced) and its angle is the tangent's (rotate-auto)")
    func pacedAndRotateAuto() {
        var driver = GalleryDriver()
        let radii = driver.scene.layout.orbitRadii
        let (a, b) = (radii.x, radii.y)
        let expectedSpeed = GalleryOracle.perimeter(a, b) / GalleryOrbit.lapDuration
        let h = 1.0 / 240
        var previous = driver.scene.satellitePosition
        var previousTheta = 0.0
        var worstSpeed = 0.0, worstAngle = 0.0, worstRadius = 0.0
        var step = 1
        while Double(step) * h < GalleryOrbit.lapDuration * 1.5 {
            driver.advance(to: Double(step) * h)
            let p = driver.scene.satellitePosition
            let local = p - driver.scene.layout.orbitCenter
            // Ellipse parameter of the point, the tangent of x = a cos θ, y = b sin θ there, and the radius check.
            let theta = atan2(local.y / b, local.x / a)
            let tangent = atan2(b * cos(theta), -a * sin(theta))
            worstAngle = max(worstAngle, abs(GalleryOracle.angleDifference(driver.scene.satellite.angle, tangent)))
            worstRadius = max(worstRadius, abs((local.x / a) * (local.x / a) + (local.y / b) * (local.y / b) - 1))
            // Speed along the path: chord over the step (the chord is shorter than the arc by ~κ²s³/24, < 1e-5 here).
            let d = p - previous
            let speed = (d * d).sum().squareRoot() / h
            worstSpeed = max(worstSpeed, abs(speed - expectedSpeed) / expectedSpeed)
            // It keeps going one way round.
            #expect(GalleryOracle.angleDifference(theta, previousTheta) > 0)
            previous = p
            previousTheta = theta
            step += 1
        }
        #expect(worstAngle <= 1e-3, "angle off the tangent by \(worstAngle) rad")
        #expect(worstSpeed <= 1e-3, "speed off the paced speed by \(worstSpeed) (relative)")
        #expect(worstRadius <= 1e-4, "off the ellipse by \(worstRadius)")
        let v = driver.scene.satellite.velocity
        #expect(abs((v * v).sum().squareRoot() - expectedSpeed) / expectedSpeed < 1e-3)
    }

    @Test("three laps, then it rests where it started with the model pose: no snap, no frames")
    func threeLapsThenRest() {
        var driver = GalleryDriver()
        let start = driver.scene.satellitePosition
        let startAngle = driver.scene.satellite.angle
        let end = GalleryOrbit.lapDuration * GalleryOrbit.orbits
        driver.advance(to: end - 1e-6)
        #expect(driver.scene.isAnimating(.satellite))
        let near = driver.scene.satellitePosition - start
        #expect((near * near).sum().squareRoot() < 1e-3)
        let events = driver.advance(to: end)
        #expect(events.contains { $0.kind == .finished && $0.item == GalleryItem.satellite.rawValue })
        #expect(!driver.scene.isAnimating(.satellite))
        let rest = driver.scene.satellitePosition - start
        #expect((rest * rest).sum().squareRoot() < 1e-9)
        #expect(abs(GalleryOracle.angleDifference(driver.scene.satellite.angle, startAngle)) < 1e-9)
        #expect(driver.scene.satellite.velocity == .zero)
    }
}
