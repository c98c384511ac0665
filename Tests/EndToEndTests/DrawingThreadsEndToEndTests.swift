import Foundation
import MomentumApp
import MomentumScenes
import Testing

/// The app's drawing threads under a real weston, read from the kernel while it draws: the window's thread (the
/// process's first, which draws and reads Wayland) and llvmpipe's rasteriser threads ask for `DrawingThreads.slice`,
/// at 800x600 (no rasteriser thread) and at 3840x2160 (1920x1080 at scale 2: a thread per core), and nothing is said
/// about a refusal. A failure names the threads that kept the kernel's slice and what the app said.
@Suite(.serialized) struct DrawingThreadsEndToEndTests {
    /// Each of `pid`'s threads that draw: its name and the slice it has, ns.
    private func drawingThreads(_ pid: Int32) -> [(name: String, slice: UInt64?)] {
        DrawingThreads.threadIDs(of: "\(pid)").compactMap { id in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(id)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard id == pid || name.hasPrefix("llvmpipe") else { return nil }
            return (name, DrawingThreads.slice(of: id))
        }
    }

    private func expectShortSlices(_ c: Compositor, rasterisers: ClosedRange<Int>) {
        let threads = drawingThreads(c.app.processIdentifier)
        #expect((rasterisers.lowerBound + 1...rasterisers.upperBound + 1).contains(threads.count),
                "threads: \(threads.map(\.name))")
        let kept = threads.filter { $0.slice != DrawingThreads.slice }
        #expect(kept.isEmpty, "kept the kernel's slice: \(kept); stderr: \(c.app.stderr)")
        #expect(!c.app.stderr.contains("slice not taken"), "\(c.app.stderr)")
    }

    @Test func an800x600WindowsThreadAsksForTheShortSlice() throws {
        let c = try Compositor(scene: .gallery, arguments: ["--autoplay"])
        expectShortSlices(c, rasterisers: 0...0)
    }

    @Test func a3840x2160WindowsRasterisersAskForItToo() throws {
        let c = try Compositor(scene: .gallery, arguments: ["--autoplay"], output: (1920, 1080), scale: 2)
        expectShortSlices(c, rasterisers: 1...16)
    }
}
