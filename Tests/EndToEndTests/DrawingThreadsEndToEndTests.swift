import Foundation
import MomentumApp
import MomentumScenes
import Testing

/// The app's drawing threads under a real weston, read from the kernel while it draws: an 800x600 window's thread
/// (the process's first, which draws and reads Wayland; no rasteriser thread) asks for `DrawingThreads.slice` and
/// nothing is said about a refusal; a 3840x2160 one (1920x1080 at scale 2), whose frames are split over llvmpipe's
/// threads, leaves it and them the kernel's slice. A failure names the threads and what the app said.
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

    @Test func an800x600WindowsThreadAsksForTheShortSlice() throws {
        let c = try Compositor(scene: .gallery, arguments: ["--autoplay"])
        let threads = drawingThreads(c.app.processIdentifier)
        #expect(threads.map(\.name) == ["momentum"])
        let kept = threads.filter { $0.slice != DrawingThreads.slice }
        #expect(kept.isEmpty, "kept the kernel's slice: \(kept); stderr: \(c.app.stderr)")
        #expect(!c.app.stderr.contains("slice not taken"), "\(c.app.stderr)")
    }

    @Test func a3840x2160WindowsThreadsKeepTheKernelsSlice() throws {
        let c = try Compositor(scene: .gallery, arguments: ["--autoplay"], output: (1920, 1080), scale: 2)
        let threads = drawingThreads(c.app.processIdentifier)
        #expect(threads.count >= 2, "threads: \(threads.map(\.name))")
        let short = threads.filter { $0.slice == DrawingThreads.slice }
        #expect(short.isEmpty, "took the short slice: \(short)")
        #expect(threads.allSatisfy { $0.slice != nil })
    }
}
