import Testing
@testable import WaylandClient

/// Double-buffered window configuration: when the window's size and fullscreen state change.
struct ConfigureStateTests {
    private typealias Size = ConfigureState.Size

    @Test func toplevelConfigureIsStoredUntilTheSurfaceConfigure() {
        var state = ConfigureState(clientSize: Size(width: 800, height: 600))
        var changed: Bool
        state.toplevelConfigure(width: 1024, height: 768, fullscreen: false)
        #expect(state.size == Size(width: 800, height: 600))      // nothing applied yet
        #expect(state.appliedCount == 0)
        changed = state.surfaceConfigure()
        #expect(changed)
        #expect(state.size == Size(width: 1024, height: 768))
        #expect(state.appliedCount == 1)
        // A surface configure with nothing new keeps everything and reports no change.
        changed = state.surfaceConfigure()
        #expect(!changed)
        #expect(state.size == Size(width: 1024, height: 768))
        #expect(state.appliedCount == 2)
    }

    @Test func newestToplevelConfigureWins() {
        var state = ConfigureState(clientSize: Size(width: 800, height: 600))
        var changed: Bool
        state.toplevelConfigure(width: 500, height: 500, fullscreen: true)
        state.toplevelConfigure(width: 640, height: 480, fullscreen: false)
        changed = state.surfaceConfigure()
        #expect(changed)
        #expect(state.size == Size(width: 640, height: 480))
        #expect(!state.fullscreen)
    }

    @Test func zeroByZeroKeepsTheClientSize() {
        var state = ConfigureState(clientSize: Size(width: 800, height: 600))
        var changed: Bool
        state.toplevelConfigure(width: 0, height: 0, fullscreen: false)
        changed = state.surfaceConfigure()
        #expect(!changed)
        #expect(state.size == Size(width: 800, height: 600))
        // After a real size, 0×0 keeps the size the window has now.
        state.toplevelConfigure(width: 900, height: 700, fullscreen: false)
        _ = state.surfaceConfigure()
        state.toplevelConfigure(width: 0, height: 0, fullscreen: false)
        changed = state.surfaceConfigure()
        #expect(!changed)
        #expect(state.size == Size(width: 900, height: 700))
    }

    @Test func zeroInOneDimensionLetsTheClientChooseOnlyThatOne() {
        // xdg_toplevel.configure: "If the width or height arguments are zero, it means the client should decide
        // its own window dimension" — per dimension.
        var state = ConfigureState(clientSize: Size(width: 800, height: 600))
        var changed: Bool
        state.toplevelConfigure(width: 0, height: 1000, fullscreen: false)
        changed = state.surfaceConfigure()
        #expect(changed)
        #expect(state.size == Size(width: 800, height: 1000))
        state.toplevelConfigure(width: 1200, height: 0, fullscreen: false)
        changed = state.surfaceConfigure()
        #expect(changed)
        #expect(state.size == Size(width: 1200, height: 1000))
    }

    @Test func fullscreenAppliesOnTheSurfaceConfigure() {
        var state = ConfigureState(clientSize: Size(width: 800, height: 600))
        var changed: Bool
        state.toplevelConfigure(width: 1920, height: 1080, fullscreen: true)
        #expect(!state.fullscreen)
        changed = state.surfaceConfigure()
        #expect(changed)
        #expect(state.fullscreen)
        #expect(state.size == Size(width: 1920, height: 1080))
        // Leaving fullscreen takes effect on the next surface configure too.
        state.toplevelConfigure(width: 800, height: 600, fullscreen: false)
        #expect(state.fullscreen)
        changed = state.surfaceConfigure()
        #expect(changed)
        #expect(!state.fullscreen)
        #expect(state.size == Size(width: 800, height: 600))
    }

    @Test func aHostileHugeConfigureIsClampedToTheLargestDimension() {
        var state = ConfigureState(clientSize: Size(width: 800, height: 600))
        state.toplevelConfigure(width: .max, height: 20_000, fullscreen: true)
        _ = state.surfaceConfigure()
        #expect(state.size == Size(width: ConfigureState.maximumDimension, height: ConfigureState.maximumDimension))
        // Even at the largest scale the buffer size stays far inside Int32.
        #expect(Double(ConfigureState.maximumDimension) * Window.scaleRange.upperBound < Double(Int32.max))
    }

    @Test func aWindowRestoredWithAZeroSizeGetsItsFloatingSizeBack() {
        var state = ConfigureState(clientSize: Size(width: 640, height: 480))
        state.toplevelConfigure(width: 0, height: 0, fullscreen: false)
        _ = state.surfaceConfigure()
        state.toplevelConfigure(width: 800, height: 544, fullscreen: false, maximized: true)
        #expect(state.surfaceConfigure() && state.size == Size(width: 800, height: 544) && state.maximized)
        // weston unmaximises with 0×0: the size from before, not the maximised one kept.
        state.toplevelConfigure(width: 0, height: 0, fullscreen: false)
        #expect(state.surfaceConfigure() && state.size == Size(width: 640, height: 480) && !state.maximized)
        // Floating, 0×0 keeps the size (the client chooses), and a resize while floating is the new floating size.
        state.toplevelConfigure(width: 700, height: 500, fullscreen: false)
        _ = state.surfaceConfigure()
        state.toplevelConfigure(width: 0, height: 0, fullscreen: false)
        #expect(!state.surfaceConfigure() && state.size == Size(width: 700, height: 500))
        // Back from fullscreen, one dimension given: that one, the other from the floating size.
        state.toplevelConfigure(width: 1920, height: 1080, fullscreen: true)
        _ = state.surfaceConfigure()
        state.toplevelConfigure(width: 720, height: 0, fullscreen: false)
        #expect(state.surfaceConfigure() && state.size == Size(width: 720, height: 500) && !state.fullscreen)
        #expect(state.floatingSize == Size(width: 700, height: 500))
    }
}
