import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import Testing

/// The transition's and the scroll list's moving layers on surfaces of their own (the card, the dimming shade, the
/// list; the bars over them lifted onto a chrome surface), under a real weston with real touch: while they move the
/// client shades only what changed, and what weston shows at rest is what the window alone (`--no-subsurfaces`)
/// shows.
@Suite(.serialized) struct SceneSurfacesEndToEndTests {
    /// Plays `script` in `scene`, waits until `atRest` holds, then until the frame showing that state was presented,
    /// and reads back weston's output.
    static func playAndCapture(_ scene: SceneKind, _ arguments: [String], script: String,
                               atRest: @escaping (TraceLine) -> Bool) throws -> (image: PPM, compositor: Compositor,
                                                                                 mark: Int) {
        let c = try Compositor(scene: scene, arguments: ["--no-hud"] + arguments)
        let mark = c.app.events.count
        try c.play(script)
        let rest = try c.app.waitFor("\(scene.rawValue) at rest", after: mark, where: atRest)
        guard let shown = c.app.events[..<rest.index].last(where: { $0.frame != nil })?.frame?.sequence else {
            throw TracedClient.Failure(description: "no frame before \(scene.rawValue) came to rest")
        }
        try c.app.waitFor("that frame presented", after: rest.index) { $0.presented.map { $0.sequence >= shown } ?? false }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("momentum-capture-\(getpid())-\(UUID().uuidString).ppm").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try c.weston.capture(to: path)
        return (try PPM(path: path), c, mark)
    }

    /// Runs the same gesture with surfaces and without; checks the moving frames shaded little and the two outputs
    /// at rest match.
    func compare(_ scene: SceneKind, script: String, atRest: @escaping (TraceLine) -> Bool,
                 moving: (TraceLine) -> Bool) throws {
        let (separate, c, mark) = try Self.playAndCapture(scene, [], script: script, atRest: atRest)
        let (inline, d, _) = try Self.playAndCapture(scene, ["--no-subsurfaces"], script: script, atRest: atRest)
        // The frames that moved it (their frame line comes before the scene's record) shaded at most a sixth of
        // the window each, apart from the first ones that drew the surfaces: the compositor moved the rest.
        var frame: TraceRecord.Frame?
        var shaded: [Int] = []
        for line in c.app.events.dropFirst(mark) {
            if let f = line.frame { frame = f }
            if moving(line), let f = frame, f.layerSurface != nil { shaded.append(f.drawnPixels ?? -1) }
        }
        #expect(shaded.count >= 5, "moving frames with layer surfaces: \(shaded.count)")
        let window = Int(c.width * c.height)
        #expect(shaded.dropFirst(2).allSatisfy { $0 >= 0 && $0 <= window / 6 },
                "drawn_px while \(scene.rawValue) moved (window \(window) px): \(shaded)")
        #expect(d.app.events.compactMap(\.frame).allSatisfy { $0.layerSurface == nil })
        #expect(separate.width == inline.width && separate.height == inline.height)
        let difference = separate.largestDifference(from: inline)
        #expect(difference.value <= 3, "largest channel difference \(difference.value) at \(difference.at)")
    }

    @Test func thePresentedCardAndItsShadeLookAsTheWindowDrawsThem() throws {
        try compare(.transition, script: "0 tap 0 400 400",
                    atRest: { $0.transition?.state == .presented },
                    moving: { ($0.transition?.state).map { $0 != .presented && $0 != .dismissed } ?? false })
    }

    @Test func aScrolledListUnderItsBarLooksAsTheWindowDrawsIt() throws {
        // Dragged up 200 px and held still before the lift: no coast, the same offset in both runs.
        try compare(.scroll, script: "0 drag 0 400 500 400 300 300 150",
                    atRest: { line in line.scroll.map { $0.state == .idle && $0.offset < -100 } ?? false },
                    moving: { $0.scroll?.state == .dragging })
    }
}
