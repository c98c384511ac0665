import RealModule
import Foundation
import MomentumLayers
import Testing
@testable import MomentumRender

/// Rotated, scaled and faded rounded rects, circles and lines drawn by real GL (llvmpipe), checked against
/// geometry computed here by hand.
@Suite(.serialized)
struct TransformTests {
    static let background = RGBA(r: 1, g: 1, b: 1)
    static let ink = RGBA(r: 0, g: 0, b: 0)

    /// Fraction of ink at a pixel over the white background (0 = white, 1 = black), from its red channel.
    static func inkCoverage(_ image: TestImage, _ x: Int, _ y: Int) -> Double {
        1 - Double(image.pixel(x, y).x) / 255
    }

    /// Sum of ink coverage over the whole image: the area covered in px².
    static func inkArea(_ image: TestImage) -> Double {
        var total = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width { total += inkCoverage(image, x, y) }
        }
        return total
    }

    static func whiteList() -> DrawList {
        var list = DrawList()
        list.addBackground(top: background, bottom: background)
        return list
    }

    @Test func squareRotated45DegreesCoversItsRotatedCornersNotItsOriginalOnes() throws {
        var list = Self.whiteList()
        // A 60 px square centred at (100, 100), turned 45°: its corners move to 30√2 ≈ 42.4 px along the axes.
        list.addRoundedRect(DrawRect(x: 70, y: 70, width: 60, height: 60), cornerRadius: 0, fill: Self.ink,
                            rotation: Double.pi / 4)
        let image = try renderOffscreen(list, width: 200, height: 200)
        // Rotated corners (right, top, left, bottom), 3 px inside each tip: covered.
        for (x, y) in [(138, 100), (100, 61), (61, 100), (100, 138)] {
            #expect(Self.inkCoverage(image, x, y) > 0.98, "rotated corner near (\(x), \(y))")
        }
        // Just past the tips: not covered.
        for (x, y) in [(144, 100), (100, 55), (55, 100), (100, 144)] {
            #expect(Self.inkCoverage(image, x, y) < 0.02, "beyond the tip near (\(x), \(y))")
        }
        // The unrotated square's corners (2 px inside them) are empty now.
        for (x, y) in [(72, 72), (127, 72), (72, 127), (127, 127)] {
            #expect(Self.inkCoverage(image, x, y) < 0.02, "original corner near (\(x), \(y))")
        }
        // Area is unchanged by rotation: 3600 px².
        #expect(abs(Self.inkArea(image) - 3600) < 3600 * 0.01)
        // The 45° edge is anti-aliased: row 85 crosses the upper-right side at x ≈ 128.4 in a monotonic ramp
        // with partially covered pixels.
        let ramp = (123...133).map { Self.inkCoverage(image, $0, 85) }
        #expect(ramp.first.map { $0 > 0.98 } == true && ramp.last.map { $0 < 0.02 } == true)
        #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0 >= $1 - 0.01 })
        #expect(ramp.filter { $0 > 0.05 && $0 < 0.95 }.count >= 1)
    }

    @Test func shadowTurnsWithTheShapeButItsOffsetStaysScreenDown() throws {
        var list = Self.whiteList()
        let shadow = DropShadow(blurRadius: 2, offset: SIMD2(0, 12), color: RGBA(r: 0, g: 0, b: 0, a: 0.5))
        list.addRoundedRect(DrawRect(x: 70, y: 70, width: 60, height: 60), cornerRadius: 0, fill: RGBA(r: 1, g: 0, b: 0),
                            shadow: shadow, rotation: Double.pi / 4)
        let image = try renderOffscreen(list, width: 200, height: 220)
        // Below the bottom tip (y ≈ 142.4) lies the shadow's tip, straight down by 12 px (y ≈ 154.4): half dark.
        #expect(distance(image.pixel(100, 149), SIMD4(128, 128, 128, 255)) <= 3)
        #expect(distance(image.pixel(100, 160), SIMD4(255, 255, 255, 255)) <= 1)
        // Where an unrotated shadow's lower-left corner would be (x 70…130, y 82…142), the rotated one is absent.
        #expect(distance(image.pixel(73, 138), SIMD4(255, 255, 255, 255)) <= 1)
        // The shape covers its shadow.
        #expect(distance(image.pixel(100, 100), SIMD4(255, 0, 0, 255)) <= 1)
    }

    @Test func scaleHalfHalvesTheSidesAboutTheCentre() throws {
        var full = Self.whiteList()
        full.addRoundedRect(DrawRect(x: 60, y: 50, width: 80, height: 60), cornerRadius: 12, fill: Self.ink)
        var half = Self.whiteList()
        half.addRoundedRect(DrawRect(x: 60, y: 50, width: 80, height: 60), cornerRadius: 12, fill: Self.ink, scale: 0.5)
        let one = try renderOffscreen(full, width: 200, height: 160)
        let two = try renderOffscreen(half, width: 200, height: 160)
        // Half the width and height about the centre (100, 80): x 80…120, y 65…95.
        let row = (0..<200).map { Self.inkCoverage(two, $0, 80) }
        #expect(abs(row.reduce(0, +) - 40) < 0.5)
        let column = (0..<160).map { Self.inkCoverage(two, 100, $0) }
        #expect(abs(column.reduce(0, +) - 30) < 0.5)
        #expect(Self.inkCoverage(two, 80, 80) > 0.98 && Self.inkCoverage(two, 78, 80) < 0.02)
        // Area: a rounded rect's area is w·h − (4 − π)r²; at scale ½ every length halves, so a quarter of it.
        let expectedFull = 80.0 * 60 - (4 - Double.pi) * 144
        #expect(abs(Self.inkArea(one) - expectedFull) < expectedFull * 0.005)
        #expect(abs(Self.inkArea(two) - expectedFull / 4) < expectedFull / 4 * 0.01)
    }

    @Test func opacityMultipliesFillAndShadowAlpha() throws {
        var list = Self.whiteList()
        list.addRoundedRect(DrawRect(x: 10, y: 10, width: 40, height: 40), cornerRadius: 4, fill: Self.ink, opacity: 0.5)
        list.addRoundedRect(DrawRect(x: 60, y: 10, width: 40, height: 40), cornerRadius: 4,
                            fill: Self.ink.withAlpha(0.5), opacity: 0.5)
        // A shadow only (transparent fill): sharp, offset to the right of the shape, at opacity ½ of alpha 1.
        list.addRoundedRect(DrawRect(x: 110, y: 10, width: 20, height: 40), cornerRadius: 0, fill: .clear,
                            shadow: DropShadow(blurRadius: 0.01, offset: SIMD2(30, 0), color: Self.ink), opacity: 0.5)
        list.addRoundedRect(DrawRect(x: 10, y: 60, width: 40, height: 20), cornerRadius: 0, fill: Self.ink, opacity: 0)
        let image = try renderOffscreen(list, width: 180, height: 100)
        #expect(distance(image.pixel(30, 30), SIMD4(128, 128, 128, 255)) <= 2)
        #expect(distance(image.pixel(80, 30), SIMD4(191, 191, 191, 255)) <= 2)
        #expect(distance(image.pixel(150, 30), SIMD4(128, 128, 128, 255)) <= 2)
        #expect(image.pixel(120, 30) == SIMD4(255, 255, 255, 255))
        #expect(image.pixel(30, 70) == SIMD4(255, 255, 255, 255))
    }

    @Test func circleIsRound() throws {
        var list = Self.whiteList()
        list.addCircle(center: SIMD2(60, 60), radius: 30, fill: Self.ink)
        let image = try renderOffscreen(list, width: 120, height: 120)
        // Pixel centres 29.0 px from the centre along each diagonal: inside; 33.2 px: outside (though inside the
        // bounding square, where a square's corner would be).
        for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            let inside = (60 + sx * 20 - (sx < 0 ? 1 : 0), 60 + sy * 20 - (sy < 0 ? 1 : 0))
            let outside = (60 + sx * 23 - (sx < 0 ? 1 : 0), 60 + sy * 23 - (sy < 0 ? 1 : 0))
            #expect(Self.inkCoverage(image, inside.0, inside.1) > 0.98)
            #expect(Self.inkCoverage(image, outside.0, outside.1) < 0.02)
        }
        // On the axes the edge is at exactly 30 px: 29.5 px inside, 30.5 px outside.
        #expect(Self.inkCoverage(image, 89, 60) > 0.95 && Self.inkCoverage(image, 90, 60) < 0.05)
        #expect(Self.inkCoverage(image, 60, 30) > 0.95 && Self.inkCoverage(image, 60, 29) < 0.05)
        // Covered area πr² within 0.3 %.
        #expect(abs(Self.inkArea(image) - Double.pi * 900) < Double.pi * 900 * 0.003)
        // Every pixel's coverage follows its centre's distance from the centre: full within 29.3, none beyond 30.7.
        var misplaced = 0
        for y in 0..<120 {
            for x in 0..<120 {
                let d = ((Double(x) + 0.5 - 60) * (Double(x) + 0.5 - 60) + (Double(y) + 0.5 - 60) * (Double(y) + 0.5 - 60))
                    .squareRoot()
                let c = Self.inkCoverage(image, x, y)
                if (d < 29.3 && c < 0.98) || (d > 30.7 && c > 0.02) { misplaced += 1 }
            }
        }
        #expect(misplaced == 0)
    }

    @Test func lineLiesAlongItsSegmentWithButtCaps() throws {
        var list = Self.whiteList()
        let a = SIMD2(20.0, 30.0)
        let b = SIMD2(180.0, 110.0)
        list.addLine(from: a, to: b, width: 4, color: Self.ink)
        let image = try renderOffscreen(list, width: 200, height: 140)
        let direction = (b - a) / ((b - a) * (b - a)).sum().squareRoot()
        let length = ((b - a) * (b - a)).sum().squareRoot()
        var strayInk = 0
        var missingInk = 0
        for y in 0..<140 {
            for x in 0..<200 {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5) - a
                let along = (p * direction).sum()
                let across = abs(p.x * direction.y - p.y * direction.x)
                let c = Self.inkCoverage(image, x, y)
                // Outside the 4 px band or past a butt end by more than the 1 px anti-aliasing ramp: no ink.
                if (across > 2.75 || along < -0.75 || along > length + 0.75) && c > 0.02 { strayInk += 1 }
                // Well inside the band and between the ends: solid.
                if across < 1.25 && along > 1 && along < length - 1 && c < 0.98 { missingInk += 1 }
            }
        }
        #expect(strayInk == 0)
        #expect(missingInk == 0)
        // Area: length × width.
        #expect(abs(Self.inkArea(image) - length * 4) < length * 4 * 0.01)
    }

    @Test func polylineJoinsHaveNoSeamAndNoOverlap() throws {
        var list = Self.whiteList()
        // Joints at fractional x, where two anti-aliased caps would leave a light seam and overlaps a dark spot.
        let points: [SIMD2<Double>] = [SIMD2(10, 20), SIMD2(30.3, 20), SIMD2(50.5, 20), SIMD2(77.75, 20),
                                       SIMD2(77.75, 20), SIMD2(100, 20)]
        list.addPolyline(points, width: 8, color: Self.ink.withAlpha(0.5))
        #expect(list.count == 5)  // background + four segments (the repeated point adds none)
        let image = try renderOffscreen(list, width: 110, height: 40)
        for x in 11..<99 {
            #expect(distance(image.pixel(x, 20), SIMD4(128, 128, 128, 255)) <= 1, "column \(x)")
        }
        // The two free ends are still anti-aliased caps at x = 10 and 100.
        #expect(image.pixel(8, 20) == SIMD4(255, 255, 255, 255) && image.pixel(101, 20) == SIMD4(255, 255, 255, 255))
        // A closed square path: every side drawn, corners joined.
        var square = Self.whiteList()
        square.addPolyline([SIMD2(10, 10), SIMD2(50, 10), SIMD2(50, 50), SIMD2(10, 50)], width: 2, color: Self.ink,
                           closed: true)
        #expect(square.count == 5)
        let closed = try renderOffscreen(square, width: 60, height: 60)
        for (x, y) in [(30, 10), (50, 30), (30, 50), (10, 30)] {
            #expect(Self.inkCoverage(closed, x, y) > 0.45, "side through (\(x), \(y))")
        }
        #expect(Self.inkCoverage(closed, 30, 30) < 0.02)
    }

    @Test func hitTestFollowsRotationAndScale() {
        let shape = RoundedRect(rect: DrawRect(x: 70, y: 70, width: 60, height: 60), cornerRadius: 0, fill: Self.ink,
                                rotation: Double.pi / 4, scale: 1)
        #expect(shape.contains(SIMD2(141, 100)))
        #expect(!shape.contains(SIMD2(72, 72)))
        let small = RoundedRect(rect: DrawRect(x: 70, y: 70, width: 60, height: 60), cornerRadius: 30, fill: Self.ink,
                                scale: 0.5)
        #expect(small.contains(SIMD2(114, 100)) && !small.contains(SIMD2(116, 100)))
        #expect(!small.contains(SIMD2(100 + 14, 100 + 14)))
    }

    /// A gallery-like frame: rotated and scaled panels with shadows, a circle on an elliptical path, lane guides
    /// and a HUD line. Kept at $MOMENTUM_RENDER_SHOWCASE when set (for looking at it).
    @Test func showcaseFrame() throws {
        var list = DrawList()
        list.addBackground(top: RGBA(hex: 0x2B3A55), bottom: RGBA(hex: 0x0F1626))
        for lane in 0..<4 {
            let y = 250.0 + Double(lane) * 24
            list.addLine(from: SIMD2(20, y), to: SIMD2(300, y), width: 1, color: RGBA(r: 1, g: 1, b: 1, a: 0.25))
            list.addCircle(center: SIMD2(40 + Double(lane) * 70, y), radius: 7, fill: RGBA(hex: 0xFFC857))
        }
        // Orbit: an ellipse as a closed, translucent polyline, and a satellite turned along its tangent.
        let centre = SIMD2(160.0, 120.0)
        let points = (0..<72).map { i -> SIMD2<Double> in
            let t = Double(i) / 72 * 2 * Double.pi
            return centre + SIMD2(110 * Double.cos(t), 60 * Double.sin(t))
        }
        list.addPolyline(points, width: 2, color: RGBA(r: 1, g: 1, b: 1, a: 0.5), closed: true)
        let shadow = DropShadow(blurRadius: 10, offset: SIMD2(0, 6), color: RGBA(r: 0, g: 0, b: 0, a: 0.5))
        for (index, angle) in [-0.35, 0.0, 0.3].enumerated() {
            list.addRoundedRect(DrawRect(x: 100 + Double(index) * 40, y: 80, width: 60, height: 80), cornerRadius: 10,
                                fill: RGBA(hex: [0x3D7BFF, 0xF45B69, 0x59CD90][index]), shadow: shadow,
                                rotation: angle, scale: 0.9 + 0.1 * Double(index), opacity: index == 0 ? 0.6 : 1)
        }
        let t = 0.6
        let tangent = SIMD2(-110 * Double.sin(t), 60 * Double.cos(t))
        let satellite = centre + SIMD2(110 * Double.cos(t), 60 * Double.sin(t))
        list.addRoundedRect(DrawRect(x: satellite.x - 14, y: satellite.y - 6, width: 28, height: 12), cornerRadius: 3,
                            fill: .white, shadow: shadow, rotation: Double.atan2(y: tangent.y, x: tangent.x))
        list.addCircle(center: SIMD2(40, 40), radius: 18, fill: RGBA(hex: 0xFFC857), shadow: shadow)
        list.addLabel("gallery  dynamics  120.0 fps", at: SIMD2(8, 15), size: 10, color: .white)
        list.addLabel("Satellite: rotate-auto", at: SIMD2(20, 222), size: 16, color: RGBA(hex: 0xFFC857))
        let width = 320, height = 340
        let context = try RenderContext(headlessWidth: width * 2, height: height * 2)
        let image = try withExtendedLifetime(context) { () throws -> TestImage in
            try context.makeCurrent()
            let renderer = try Renderer()
            renderer.draw(list, width: width * 2, height: height * 2, scale: 2)
            print("showcase: \(list.count) commands, \(renderer.lastQuadCount) quads")
            #expect(renderer.lastQuadCount < 400)
            return TestImage(width: width * 2, height: height * 2, rgba: renderer.readPixels(width: width * 2, height: height * 2))
        }
        // The satellite's centre is white; the big circle's centre is its fill.
        #expect(distance(image.pixel(Int(satellite.x * 2), Int(satellite.y * 2)), SIMD4(255, 255, 255, 255)) <= 2)
        #expect(distance(image.pixel(80, 80), bytes(RGBA(hex: 0xFFC857))) <= 2)
        if let path = ProcessInfo.processInfo.environment["MOMENTUM_RENDER_SHOWCASE"] {
            try Data(PNG.encode(rgba: image.rgba, width: image.width, height: image.height))
                .write(to: URL(fileURLWithPath: path))
        }
    }
}
