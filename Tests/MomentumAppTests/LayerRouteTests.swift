import MomentumLayers
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing
@testable import MomentumApp

/// One set of rules for where a layer goes (`LayerRoute`): what `RenderTarget.writesWhole` decides for a launch's
/// first frame and what `RenderTarget.show` then does with each of its layers.
struct LayerRouteTests {
    /// Every scene's first frame, in windows that keep an EGL surface with `wl_shm` offered (the list's tiles in the
    /// app's buffers, as where BGRA is read back), is one the CPU writes whole — and each of its layers then goes by
    /// a route the CPU writes, none through the GL; with no `wl_shm`, or a window in the app's own buffers, none is,
    /// and no layer is written whole by the CPU.
    @Test(arguments: [(800.0, 600.0, 1.0), (360.0, 720.0, 1.0), (360.0, 720.0, 2.0), (720.0, 360.0, 1.0),
                      (1280.0, 720.0, 1.0)])
    func everySceneFirstFrameIsWrittenWholeAndEachLayerByTheCPU(width: Double, height: Double, scale: Double) {
        for scene in SceneKind.allCases {
            guard let plan = FirstPlan.of(scene, width: width, height: height, scale: scale) else {
                Issue.record("\(scene.rawValue): no first frame")
                continue
            }
            let at = "\(scene.rawValue) \(width)x\(height)@\(scale)"
            let window = LayerRoute.Window(size: SIMD2(width, height), scale: scale, shm: true,
                                           layersInAppBuffers: true)
            let whole = LayerRoute.writesWhole(plan.list, separated: plan.separated, window: window,
                                               windowInAppBuffers: false)
            #expect(whole, "\(at): the first frame is not the CPU's")
            for (slot, layer) in plan.separated {
                let route = LayerRoute.of(layer, in: slot, window: window, firstFrame: true)
                #expect(route.isWrittenByCPU(layer, window: window) == whole,
                        "\(at) slot \(slot.rawValue): \(route) where the frame is written whole: \(whole)")
                #expect(route != .gl, "\(at) slot \(slot.rawValue): drawn by the GL at the first frame")
            }
            var noShm = window
            noShm.shm = false
            #expect(!LayerRoute.writesWhole(plan.list, separated: plan.separated, window: noShm,
                                            windowInAppBuffers: false), "\(at): written without wl_shm")
            #expect(!LayerRoute.writesWhole(plan.list, separated: plan.separated, window: window,
                                            windowInAppBuffers: true), "\(at): written into the app's buffers")
            for (slot, layer) in plan.separated {
                let route = LayerRoute.of(layer, in: slot, window: noShm, firstFrame: true)
                #expect(route != .listed, "\(at) slot \(slot.rawValue): written whole without wl_shm")
            }
        }
    }
}
