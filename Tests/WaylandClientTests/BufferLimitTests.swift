import Testing
import WaylandClient

@Suite struct BufferLimitTests {
    typealias Size = ConfigureState.Size

    @Test func aSizeThatFitsIsDrawnAsAsked() {
        let limit = BufferLimit.standard
        #expect(limit.cap(Size(width: 1920, height: 1080), scale: 2) == Size(width: 1920, height: 1080))
        #expect(limit.cap(Size(width: 8192, height: 8192), scale: 1) == Size(width: 8192, height: 8192))
    }

    @Test func aSquareTooLargeAtScaleTwoIsDrawnAtTheLargestSquareWithinTheByteBudget() {
        // 16384² logical at scale 2 is a 32768² buffer; 64 Mi pixels is 8192², so 4096² logical.
        #expect(BufferLimit.standard.cap(Size(width: 16384, height: 16384), scale: 2) == Size(width: 4096, height: 4096))
    }

    @Test func aLongSideIsCappedToTheGPUsLongestSideKeepingTheShape() {
        let gpu = BufferLimit.standard.narrowed(toSide: 4096)
        let capped = gpu.cap(Size(width: 3000, height: 1000), scale: 2)
        // 6000 px wide → 4096: factor 4096/6000; 1000 × that = 682.6 → 682.
        #expect(capped == Size(width: 2048, height: 682))
        #expect(gpu.fits(capped, scale: 2))
    }

    @Test(arguments: [1.0, 1.25, 1.5, 2.0, 3.0, 8.0])
    func everyCappedSizeFitsAndIsNoLargerThanAsked(scale: Double) {
        let limit = BufferLimit(side: 3000, pixels: 4_000_000)
        for (w, h) in [(1, 30000), (30000, 1), (16384, 16384), (2999, 1335), (1000, 1000), (7, 2)] {
            let asked = Size(width: Int32(w), height: Int32(h))
            let capped = limit.cap(asked, scale: scale)
            #expect(capped.width <= asked.width && capped.height <= asked.height)
            #expect(capped.width >= 1 && capped.height >= 1)
            #expect(limit.fits(capped, scale: scale) || (capped.width == 1 && capped.height == 1), "\(w)x\(h) @\(scale)")
        }
    }

    @Test func anUnknownGPULimitChangesNothing() {
        #expect(BufferLimit.standard.narrowed(toSide: 0) == .standard)
        #expect(BufferLimit.standard.narrowed(toSide: 32768) == .standard)
    }
}
