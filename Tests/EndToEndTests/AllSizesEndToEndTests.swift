import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// `momentum headless --all-sizes`: every scene toured with real touch under weston at a phone in portrait (also
/// at scale 2) and in landscape (720×360, 640×360, 568×320), 640×480, 800×600, a landscape tablet, 1080p and 4K (1920×1080 at scale 2). Each tour fails by itself when a
/// step does not show its effect or a frame's layout is broken, at rest or in motion; here the run as a whole, the
/// screenshots (two of them mid-animation), the layout at rest and that frames in motion were checked.
@Suite(.serialized) struct AllSizesEndToEndTests {
    static let sizes = ["360x720", "360x720@2", "720x360", "640x360", "568x320", "640x480", "800x600", "1280x800",
                        "1920x1080", "1920x1080@2"]

    /// A PNG's width and height from its IHDR chunk.
    static func pngSize(_ path: String) throws -> (width: Int, height: Int) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else {
            throw TracedClient.Failure(description: "\(path) is not a PNG")
        }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func everySceneAtEverySizeIsToured() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("momentum-all-sizes-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try ProgramRun(try Compositor.momentumBinary(), ["headless", "--all-sizes", "--out", out],
                                 timeout: 1200)  // 50 tours: 555 s at load 13 (40 took 4–5 min)
        // Each failed tour is one line `momentum: <scene>-<size>: …` (the layout at rest and in motion included).
        let tours = SceneKind.allCases.map { "momentum: \($0.rawValue)-" }
        let failures = run.stderr.split(separator: "\n").filter { line in tours.contains { line.hasPrefix($0) } }
        #expect(run.status == 0 && failures.isEmpty, "stderr: \(run.stderr.suffix(2000))")
        for size in Self.sizes {
            let parts = size.split(separator: "@")
            let scale = parts.count == 2 ? Int(parts[1]) ?? 1 : 1
            let wh = parts[0].split(separator: "x").compactMap { Int($0) }
            for scene in SceneKind.allCases {
                let name = "\(scene.rawValue)-\(size)"
                // A screenshot of the whole output, in device pixels.
                let png = try Self.pngSize("\(out)/\(name).png")
                #expect(png.width == wh[0] * scale && png.height == wh[1] * scale, "\(name).png is \(png)")
                // And two frames mid-animation.
                for mid in ["\(name)-mid1.png", "\(name)-mid2.png"] {
                    let shot = try Self.pngSize("\(out)/\(mid)")
                    #expect(shot.width == wh[0] * scale && shot.height == wh[1] * scale, "\(mid) is \(shot)")
                }
                // The layout at rest, read back from the tour's trace: targets inside the window, apart or nested,
                // nothing of the chrome over the scene; and the switcher can reach every scene.
                let lines = try traceLines(atPath: "\(out)/\(name)/trace.jsonl")
                // What the tour's frames drew reached the trace to be judged in motion (`drawn`, every other frame).
                #expect(lines.contains { $0.drawn?.atRest == false }, "\(name): no frame in motion was checked")
                let layout = try #require(lines.last { $0.layout != nil }?.layout, "\(name): no layout line")
                #expect(LayoutCheck.problems(in: layout, width: Double(wh[0]), height: Double(wh[1])).isEmpty)
                #expect(!layout.targets.isEmpty, "\(name): the scene shows nothing to touch")
                let chrome = Set(layout.chrome.map(\.name))
                #expect(chrome.contains("menu") || SceneKind.allCases.allSatisfy { chrome.contains("scene:\($0.rawValue)") },
                        "\(name): the switcher cannot reach every scene: \(chrome)")
            }
        }
    }
}
