import Testing
@testable import MomentumApp

/// `--surface-buffers auto`'s line (1280x1024 buffer px) has hysteresis: a window enters the app's buffers over the
/// line and leaves them only 5 % under it, so a resize of a few px back and forth across it changes nothing after
/// the first crossing (the same in a real weston: `SceneSurfacesEndToEndTests`).
@Suite struct SurfaceBuffersKindTests {
    @Test func autoEntersTheAppsBuffersOverTheLineAndLeavesThemOnlyWellUnderIt() {
        let auto = SurfaceBuffersKind.auto
        // A window in its EGL surface: the app's buffers only over the line.
        #expect(!auto.wantsAppBuffers(width: 1280, height: 1024, swrast: true))
        #expect(auto.wantsAppBuffers(width: 1288, height: 1024, swrast: true))
        // A window in the app's buffers keeps them a few px under the line, and to 5 % under it.
        #expect(auto.wantsAppBuffers(width: 1280, height: 1016, swrast: true, holdsAppBuffers: true))
        #expect(auto.wantsAppBuffers(width: 1280, height: 973, swrast: true, holdsAppBuffers: true))
        // Clearly smaller (1280x960: 6.25 % under), they go.
        #expect(!auto.wantsAppBuffers(width: 1280, height: 960, swrast: true, holdsAppBuffers: true))
        // A GPU driver keeps its EGL surface; the named ways are as asked.
        #expect(!auto.wantsAppBuffers(width: 3840, height: 2160, swrast: false, holdsAppBuffers: true))
        #expect(!SurfaceBuffersKind.egl.wantsAppBuffers(width: 3840, height: 2160, swrast: true, holdsAppBuffers: true))
        #expect(SurfaceBuffersKind.shm.wantsAppBuffers(width: 640, height: 480, swrast: true))
    }
}
