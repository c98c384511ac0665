import Testing
@testable import WaylandClient

/// Input positions at the platform edge: within a surface's size of the surface, finite, one note per excursion.
struct InputSanitizerTests {
    @Test func positionsOnAndNearTheSurfacePassUnchanged() {
        var sanitizer = InputSanitizer(bounds: SIMD2(800, 600))
        for raw in [SIMD2<Double>(0, 0), SIMD2(799.5, 599.5), SIMD2(-800, -600), SIMD2(1600, 1200), SIMD2(-12.25, 900)] {
            let (position, note) = sanitizer.position(raw, id: 0)
            #expect(position == raw && note == nil)
        }
    }

    @Test func farPositionsAreClampedWithOneNotePerExcursion() {
        var sanitizer = InputSanitizer(bounds: SIMD2(800, 600))
        let first = sanitizer.position(SIMD2(1_000_000, -1_000_000), id: 3)
        #expect(first.position == SIMD2(1600, -600))
        #expect(first.note?.hasPrefix("input point 3 at (1000000.0, -1000000.0) is more than a surface away") == true)
        #expect(sanitizer.position(SIMD2(8_388_607, 0), id: 3) == (SIMD2(1600, 0), nil))
        // Another point is its own excursion; coming back in range ends one.
        #expect(sanitizer.position(SIMD2(0, 9_000), id: 4).note != nil)
        #expect(sanitizer.position(SIMD2(10, 10), id: 3).note == nil)
        #expect(sanitizer.position(SIMD2(-5_000, 10), id: 3).note != nil)
        sanitizer.release(id: 3)
        #expect(sanitizer.position(SIMD2(-5_000, 10), id: 3).note != nil)
    }

    @Test func nonFiniteValuesBecomeFinite() {
        var sanitizer = InputSanitizer(bounds: SIMD2(360, 720))
        #expect(sanitizer.position(SIMD2(.nan, .infinity), id: 0).position == SIMD2(180, 1440))
        #expect(sanitizer.position(SIMD2(-.infinity, .nan), id: 1).position == SIMD2(-360, 360))
    }

    @Test func beforeTheFirstConfigureOnlyTheWireRangeApplies() {
        var sanitizer = InputSanitizer()
        #expect(sanitizer.position(SIMD2(1_000_000, 5), id: 0) == (SIMD2(1_000_000, 5), nil))
        #expect(sanitizer.position(SIMD2(.infinity, 5), id: 0).position.x.isFinite)
    }
}
