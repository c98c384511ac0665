import Foundation
import MomentumApp
import MomentumScenes
import Testing

/// The app's llvmpipe threads under a real weston, read from /proc while it draws: an 800x600 window rasterises on
/// its drawing thread (no `llvmpipe-N` thread: the satellite's few thousand pixels a frame are not handed to other
/// threads and waited for), a 3840x2160 one (1920x1080 at scale 2) keeps a thread per core for its full redraws, and
/// an `LP_NUM_THREADS` the user set wins over the choice.
@Suite(.serialized) struct RasterThreadsEndToEndTests {
    /// The names of `pid`'s llvmpipe rasteriser threads.
    private func llvmpipeThreads(_ pid: Int32) throws -> [String] {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        }.filter { $0.hasPrefix("llvmpipe") }
    }

    @Test func an800x600WindowRasterisesOnItsDrawingThread() throws {
        let c = try Compositor(scene: .gallery, arguments: ["--autoplay"])
        #expect(try llvmpipeThreads(c.app.processIdentifier) == [])
    }

    @Test func a3840x2160WindowKeepsLlvmpipesThreads() throws {
        let c = try Compositor(scene: .gallery, arguments: ["--autoplay"], output: (1920, 1080), scale: 2)
        #expect(try llvmpipeThreads(c.app.processIdentifier).count >= 1)
    }

    @Test func theUsersSettingWins() throws {
        let c = try Compositor(scene: .gallery, arguments: ["--autoplay"], environment: ["LP_NUM_THREADS": "2"])
        #expect(try llvmpipeThreads(c.app.processIdentifier).count == 2)
    }
}
