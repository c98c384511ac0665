import Foundation
import MomentumApp
import MomentumRun
import Testing

/// The panel on a surface of its own (a `wl_subsurface` the compositor moves), under a real weston with real touch:
/// what weston shows is read back from its output and compared with the panel drawn into the window.
@Suite(.serialized) struct LayerSurfaceEndToEndTests {
    /// Opens the panel with a tap, waits until the frame showing it at rest was presented, and reads back the output
    /// (at `scale`, the app in `environment` besides weston's).
    static func openAndCapture(_ arguments: [String], scale: Int = 1, environment: [String: String] = [:]) throws
        -> (image: PPM, compositor: Compositor, mark: Int) {
        let c = try Compositor(arguments: arguments, scale: scale, environment: environment)
        let mark = c.app.events.count
        try c.play("0 tap 0 400 \(c.closedY + 20)")
        let open = try c.waitRest(.open, after: mark)
        // The frame line comes before its panel record: the frame that showed the panel at rest.
        guard let shown = c.app.events[..<open].last(where: { $0.frame != nil })?.frame?.sequence else {
            throw TracedClient.Failure(description: "no frame before the panel came to rest")
        }
        try c.app.waitFor("that frame presented", after: open) { $0.presented.map { $0.sequence >= shown } ?? false }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("momentum-capture-\(getpid())-\(UUID().uuidString).ppm").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try c.weston.capture(to: path)
        return (try PPM(path: path), c, mark)
    }

    @Test("at launch the closed panel's strip in view is drawn with the window's first frame and its whole surface the frame after")
    func theFirstFrameDrawsThePanelsStripInView() throws {
        let c = try Compositor(arguments: ["--no-hud"])
        _ = try c.app.waitFor("the second frame", after: 0) { $0.frame.map { $0.sequence >= 2 } ?? false }
        let frames = c.app.events.compactMap(\.frame)
        let first = try #require(frames.first), second = try #require(frames.dropFirst().first)
        let window = 800 * 600
        #expect(first.layerSurface != nil, "the panel on a surface of its own from the first frame")
        // The first frame: the whole window and the strip of the panel in view; the second: the panel's whole
        // surface, over twice the strip (the rule: drawn in part when less than half of it is in view).
        let strip = (first.drawnPixels ?? 0) - window
        let whole = second.drawnPixels ?? 0
        #expect(strip > 0 && 2 * strip < whole, "strip \(strip) px, then \(whole) px")
    }

    /// A frame that only slides the panel across the window's bottom edge sends what the C floor client sends (the
    /// surface's position, the window's frame callback, feedback and commit) and, as the visible part grows, the
    /// panel surface's new crop with its damage and commit: at scale 1 the crop sizes the surface itself, so no
    /// `wp_viewport.set_destination` (7 requests a frame at most, 8 before). A buffer let go in the same interval
    /// (`wl_buffer.destroy`: a set no longer shown is let go a second later, `RenderTarget.idleSeconds`, which on a
    /// loaded machine falls in the slide) is not the frame's and not counted.
    @Test func aSlidingFrameSendsTheNewCropWithoutADestinationAtScale1() throws {
        let c = try Compositor(arguments: ["--no-hud"], environment: ["WAYLAND_DEBUG": "client"])
        let mark = c.app.events.count
        try c.play("0 tap 0 400 \(c.closedY + 20)")
        _ = try c.waitRest(.open, after: mark)
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
        let lines = c.app.stderr.split(separator: "\n")
        let window = try #require(SurfaceBuffersEndToEndTests.windowSurface(in: lines), "no xdg surface in the log")
        // The requests of each frame: those up to and including the window's commit.
        var frames: [[Substring]] = [], requests: [Substring] = []
        for line in lines where line.contains(" -> ") {
            requests.append(line)
            if line.contains("-> wl_surface@\(window).commit(") {
                frames.append(requests)
                requests = []
            }
        }
        // The frames that moved the panel's surface and drew nothing (no buffer attached).
        let sliding = frames.filter { frame in
            frame.contains { $0.contains(".set_position(") } && !frame.contains { $0.contains(".attach(") }
        }
        let cropped = sliding.filter { frame in frame.contains { $0.contains("wp_viewport@") && $0.contains(".set_source(") } }
        #expect(sliding.count >= 5 && cropped.count >= 3, "sliding frames \(sliding.count), with a new crop \(cropped.count)")
        for frame in sliding {
            let sent = frame.filter { !($0.contains("-> wl_buffer@") && $0.contains(".destroy(")) }
            #expect(!sent.contains { $0.contains(".set_destination(") } && sent.count <= 7,
                    "\(sent.count) requests: \(frame.map { $0.split(separator: " -> ").last ?? $0 })")
            // Its opaque region is the one its surface was given when drawn (the crop keeps its top-left corner):
            // neither sent nor made again (`RenderTarget.place`'s `opaqueFrom`).
            #expect(!sent.contains { $0.contains(".set_opaque_region(") }, "a sliding frame sent an opaque region")
        }
        // The window's own surface is given one at each configure: the panel's surface is what must have one.
        #expect(lines.contains {
            $0.contains(" -> ") && $0.contains(".set_opaque_region(") && !$0.contains("wl_surface@\(window).")
        }, "the panel's surface was never given an opaque region")
    }

    @Test func theCompositorShowsTheMovedPanelAsTheWindowWouldDrawIt() throws {
        let (separate, c, mark) = try Self.openAndCapture(["--no-hud"])
        let frames = c.app.events.dropFirst(mark).compactMap(\.frame)
        let panels = c.panels(from: mark)
        // While it slid open, the client shaded nothing after the frame that first drew the panel's surface: every
        // frame only moved it, and the surface moved rigidly with the panel (whole logical px).
        let moving = frames.filter { $0.layerSurface != nil }
        #expect(moving.count >= 5, "frames with the layer surface: \(moving.count)")
        #expect(moving.dropFirst().allSatisfy { $0.drawnPixels == 0 },
                "drawn_px while the panel slid: \(moving.map { $0.drawnPixels ?? -1 })")
        // The compositor repaints where the surface was and is, whenever it moved (and nothing when it did not).
        for (before, after) in zip(moving, moving.dropFirst()) {
            let moved = before.layerSurface != after.layerSurface
            #expect(((after.damagePixels ?? 0) > 0) == moved, "\(before) → \(after)")
        }
        var offsets = Set<Double>()
        for frame in moving {
            guard let surface = frame.layerSurface, surface.y > 0,
                  let index = c.app.events.firstIndex(where: { $0.frame?.sequence == frame.sequence }),
                  let panel = c.app.events[index...].first(where: { $0.panel != nil })?.panel?.rect
            else { continue }
            offsets.insert(surface.y - panel.y.rounded())
            // The surface holds the panel and its shadow (24 px blur reaches 36 px beyond the edge).
            #expect(surface.x <= panel.x - 36 && surface.x + surface.width >= panel.x + panel.width + 36)
        }
        #expect(offsets.count == 1 && (offsets.first ?? 0) <= -36, "surface top − panel top: \(offsets)")
        #expect(panels.last?.y == c.openY)

        // The same frame drawn into the window alone (--no-subsurfaces) looks the same on the output.
        let (inline, d, inlineMark) = try Self.openAndCapture(["--no-hud", "--no-subsurfaces"])
        let inlineFrames = d.app.events.dropFirst(inlineMark).compactMap(\.frame)
        #expect(inlineFrames.allSatisfy { $0.layerSurface == nil })
        // llvmpipe's back buffer keeps the last frame, so those frames redrew only their damage straight into it
        // (no offscreen frame copied whole): the compare below is of that path.
        let extensions = d.app.events.compactMap { $0.system?.gl?.eglExtensions }.first ?? []
        #expect(extensions.contains { $0.hasPrefix("no buffer age: swrast") }, "EGL facts: \(extensions)")
        // There, every frame that moved the panel shaded pixels again (its frame line comes before its panel record).
        var drawn: Int?, lastY: Double?, movedFrames = 0
        for line in d.app.events.dropFirst(inlineMark) {
            if let frame = line.frame { drawn = frame.drawnPixels }
            guard let y = line.panel?.y else { continue }
            if let lastY, abs(y - lastY) >= 0.5 {
                movedFrames += 1
                #expect((drawn ?? 0) > 0, "a frame moved the panel from \(lastY) to \(y) drawing nothing")
            }
            lastY = y
        }
        #expect(movedFrames >= 5)
        #expect(separate.width == inline.width && separate.height == inline.height)
        let difference = separate.largestDifference(from: inline)
        #expect(difference.value <= 3, "largest channel difference \(difference.value) at \(difference.at)")
        // And it is the panel: its sheet colour inside, the background well above its shadow.
        let top = Int(c.openY)
        let sheet = separate.pixel(x: 90, y: top + 30), above = separate.pixel(x: 400, y: top - 60)
        #expect(max(abs(sheet.0 - 0xF4), abs(sheet.1 - 0xF5), abs(sheet.2 - 0xF8)) <= 2, "\(sheet)")
        #expect(above.0 < 0x80 && above.1 < 0x80 && above.2 < 0x80, "\(above)")
    }
}

/// A binary PPM (P6, 8 bits per channel) read from a file.
struct PPM {
    let width: Int, height: Int
    let bytes: [UInt8]

    init(path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // "P6\n<w> <h>\n255\n" then rows of RGB.
        var header: [String] = []
        var index = 0
        var current = ""
        while header.count < 4, index < data.count {
            let c = Character(UnicodeScalar(data[index]))
            index += 1
            if c.isWhitespace {
                if !current.isEmpty { header.append(current); current = "" }
            } else {
                current.append(c)
            }
        }
        guard header.count == 4, header[0] == "P6", let w = Int(header[1]), let h = Int(header[2]), header[3] == "255",
              data.count - index == w * h * 3 else {
            throw TracedClient.Failure(description: "\(path) is not an 8-bit binary PPM")
        }
        width = w
        height = h
        bytes = Array(data[index...])
    }

    func pixel(x: Int, y: Int) -> (Int, Int, Int) {
        let i = (y * width + x) * 3
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
    }

    /// The largest difference of one channel between the two images, and where.
    func largestDifference(from other: PPM) -> (value: Int, at: (x: Int, y: Int)) {
        var worst = (value: 0, at: (x: 0, y: 0))
        for i in 0..<min(bytes.count, other.bytes.count) {
            let d = abs(Int(bytes[i]) - Int(other.bytes[i]))
            if d > worst.value { worst = (d, ((i / 3) % width, (i / 3) / width)) }
        }
        return worst
    }
}

