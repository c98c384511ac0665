import MomentumRender
import Testing

/// Which windows rasterise on the drawing thread (`LP_NUM_THREADS=0`) and which keep llvmpipe's threads: windows up
/// to 1280x1024 px, whose frames draw a few thousand pixels, on the drawing thread; 1920x1080 and larger, whose
/// larger redraws (a list's tiles) need every core, with its threads; a value the user set is never overridden.
struct RasterThreadsTests {
    @Test(arguments: [(800, 600), (640, 480), (720, 1440), (1280, 800), (1280, 1024)])
    func windowsUpTo1280x1024RasteriseOnTheDrawingThread(size: (Int, Int)) {
        #expect(RasterThreads.setting(width: size.0, height: size.1, current: nil) == "0")
    }

    @Test(arguments: [(3840, 2160), (2560, 1440), (1920, 1080), (1281, 1024)])
    func largerWindowsKeepLlvmpipesThreads(size: (Int, Int)) {
        #expect(RasterThreads.setting(width: size.0, height: size.1, current: nil) == nil)
    }

    @Test func whatTheUserSetIsKept() {
        #expect(RasterThreads.setting(width: 800, height: 600, current: "2") == nil)
        #expect(RasterThreads.setting(width: 800, height: 600, current: "") == nil)
        #expect(RasterThreads.setting(width: 3840, height: 2160, current: "0") == nil)
    }

    @Test func noWindowYetSetsNothing() {
        #expect(RasterThreads.setting(width: 0, height: 0, current: nil) == nil)
    }
}
