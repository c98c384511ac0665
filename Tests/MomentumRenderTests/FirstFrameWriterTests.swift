import MomentumLayers
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing
@testable import MomentumRender

/// A launch's first frame written by the CPU (`Renderer.write`, as `RenderTarget` writes it before any GL program
/// draws) against the same frame drawn by real GL (llvmpipe), as every frame after it is: the window's list (its
/// background gradient and what lies on it) and each layer shown apart, the same pixels within the blend's rounding.
@Suite(.serialized)
struct FirstFrameWriterTests {
    /// Whether the CPU writes all of `plan` (as `RenderTarget.writesWhole` asks, the tiles' size aside).
    static func writesWhole(_ plan: FramePlan) -> Bool {
        Renderer.canWrite(plan.list) && plan.separated.values.allSatisfy { layer in
            layer.content.solidFill(size: layer.frame.size) != nil || Renderer.canWrite(layer.content)
        }
    }

    /// Every scene's first frame the CPU writes whole (all five since the twentieth step: their shadows, lines and
    /// scaled shapes; the scroll list's tiles are `ListWriterTests`') in windows that keep an EGL surface (up to
    /// 1280x1024 buffer px): the window as
    /// the GL draws the frames after it (in one pass), each layer as the GL draws it into the app's buffers (through
    /// the band): no byte more than 1 apart, fewer than 1 % of the pixels differ.
    @Test(arguments: [(800.0, 600.0, 1.0), (360.0, 720.0, 1.0), (360.0, 720.0, 2.0), (1280.0, 720.0, 1.0)])
    func theFirstFrameWrittenByTheCPUIsThePixelsGLDraws(width: Double, height: Double, scale: Double) throws {
        var written: [SceneKind] = []
        for scene in SceneKind.allCases {
            guard let plan = FirstPlan.of(scene, width: width, height: height, scale: scale) else {
                Issue.record("\(scene.rawValue): no first frame")
                continue
            }
            guard Self.writesWhole(plan) else { continue }
            written.append(scene)
            let at = "\(scene.rawValue) \(width)x\(height)@\(scale)"
            let w = Int(width * scale), h = Int(height * scale)
            let (_, cpu) = try ListWriterTests.bothWays(plan.list, width: w, height: h, scale: scale)
            let gl = try ShapeRasterTests.withRenderer(width: w, height: h) { renderer in
                ShapeRasterTests.drawnByGL(plan.list, renderer: renderer, width: w, height: h, scale: scale)
            }
            Self.expectClose(gl, cpu, count: w * h, at + " window")
            for (slot, layer) in plan.separated where layer.frame.height <= 2 * height {
                let lw = Int((layer.frame.width * scale).rounded(.up)), lh = Int((layer.frame.height * scale).rounded(.up))
                let (gl, cpu) = try ListWriterTests.bothWays(layer.content, width: lw, height: lh, scale: scale)
                Self.expectClose(gl, cpu, count: lw * lh, at + " slot \(slot.rawValue)")
            }
        }
        #expect(written == SceneKind.allCases, "only these scenes' first frames are ones the CPU writes: \(written)")
    }

    static func expectClose(_ gl: [UInt32], _ cpu: [UInt32], count: Int, _ at: String) {
        let diff = ShapeRasterTests.difference(gl, cpu)
        #expect(diff.largest <= 1, "\(at): a byte off by \(diff.largest)")
        #expect(diff.pixels * 100 < count, "\(at): \(diff.pixels) of \(count) px differ")
    }

    /// The background alone, a steep and a shallow gradient at odd heights, against the `flat` program's quad over
    /// the whole buffer: the same bytes.
    @Test(arguments: [(17, 601), (800, 600), (64, 2160)])
    func aBackgroundIsTheGradientGLDraws(width: Int, height: Int) throws {
        let list = DrawList(commands: [.background(top: RGBA(r: 0.08, g: 0.09, b: 0.14),
                                                   bottom: RGBA(r: 0.93, g: 0.2, b: 0.55, a: 0.9))])
        let (_, cpu) = try ListWriterTests.bothWays(list, width: width, height: height, scale: 1)
        let gl = try ShapeRasterTests.withRenderer(width: width, height: height) { renderer in
            ShapeRasterTests.drawnByGL(list, renderer: renderer, width: width, height: height, scale: 1)
        }
        let diff = ShapeRasterTests.difference(gl, cpu)
        #expect(diff.pixels == 0, "\(diff.pixels) of \(width * height) px differ, by up to \(diff.largest)")
        #expect(Set(cpu).count > 200, "\(Set(cpu).count) colours in \(height) rows")
    }
}
