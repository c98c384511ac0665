import Foundation
import MomentumApp
import MomentumLayers
import MomentumRun
import MomentumScenes

/// A real weston desktop (headless, pixman, desktop-shell, momentum-touch module) with the real `momentum` binary
/// running inside it (fullscreen, or as a window), its trace streamed back. Nothing here is simulated: the touch events are genuine `wl_touch`.
final class Compositor {
    /// The `momentum` executable built next to this test bundle.
    static func momentumBinary() throws -> String {
        let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var url = URL(fileURLWithPath: me)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("momentum").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw TracedClient.Failure(description: "momentum binary not found next to \(me)")
    }

    let weston: WestonSession
    let app: TracedClient
    /// The output size (global px).
    let outputWidth: Double, outputHeight: Double
    /// For tests of the drag mapping itself (the pressed point under the newest finger sample, to the pixel): the
    /// app draws the dragged panel where that sample is, not where the finger is predicted to be when the frame is
    /// shown (`--predict on`, the default, draws ahead of the sample; BenchEndToEndTests measures that against the
    /// finger at presentation time).
    static let unpredicted = ["--predict", "off"]

    /// The window's logical size: the output's when fullscreen, else what `--size` asked for.
    let width: Double, height: Double

    /// Starts weston (an `output`-sized desktop) and `momentum run --scene <scene> <arguments>`: fullscreen, or, with
    /// `window`, as an ordinary toplevel of that size placed by desktop-shell (so global injection coordinates and
    /// the trace's surface-local ones differ by the window's origin). Waits for the window at its size and a
    /// presented frame (and, in the panel scene, the panel laid out for that size).
    init(scene: SceneKind = .panel, arguments: [String] = [], output: (width: Int, height: Int) = (800, 600),
         scale: Int = 1, window: (width: Int, height: Int)? = nil, environment: [String: String] = [:]) throws {
        outputWidth = Double(output.width)
        outputHeight = Double(output.height)
        width = Double(window?.width ?? output.width)
        height = Double(window?.height ?? output.height)
        // weston headless's --width/--height are logical px; --scale multiplies the output's pixels.
        let started = try startWeston(width: output.width, height: output.height,
                                      extraArguments: scale == 1 ? [] : ["--scale=\(scale)"])
        weston = started.weston
        // desktop-shell places a window below its panel only once the panel is mapped.
        if window != nil { try weston.waitShellPanel() }
        var env = started.environment
        for (key, value) in environment { env[key] = value } // the app's alone, not weston's
        let placement = window.map { ["--size", "\($0.width)x\($0.height)"] } ?? ["--fullscreen"]
        app = try TracedClient(executable: try Self.momentumBinary(),
                               arguments: placement + ["--scene", scene.rawValue] + arguments, environment: env)
        let w = width, h = height
        let configured = try app.waitFor("the window configured at \(Int(w))x\(Int(h))") {
            guard let size = $0.configure else { return false }
            return Double(size.width) == w && Double(size.height) == h
        }
        try app.waitFor("a presented frame", after: configured.index) { $0.presented != nil }
        try app.waitFor("a frame at that size", after: configured.index) { $0.frame != nil }
        if scene == .panel {
            try app.waitFor("the panel laid out for that size") { $0.panel?.rect.y == h - 72 }
        }
    }

    deinit {
        app.signal()
        _ = try? app.waitExit()
        weston.stop()
    }

    /// Plays a touch script and waits until weston has sent its last event.
    func play(_ script: String) throws { _ = try weston.play(script: script) }

    /// Waits until the app has drawn everything its configures asked for and rests (a frame callback found nothing
    /// to draw): weston may configure the window again (activated) after the first frame, and that frame is drawn at
    /// the next callback, maybe after `init` returned.
    func waitIdle() throws {
        let configured = app.events.lastIndex { $0.configure != nil } ?? 0
        try app.waitFor("the app at rest after its last configure", after: configured) { $0.rest != nil }
    }

    /// Waits for the panel to come to rest in `state` after event index `after`.
    @discardableResult
    func waitRest(_ state: PanelScene.State, after: Int) throws -> Int {
        try app.waitFor("the panel at rest \(state.rawValue)", after: after) { $0.panel?.state == state }.index
    }

    /// The panel's records from line index `from`.
    func panels(from: Int = 0) -> [PanelScene.Record] { app.events.dropFirst(from).compactMap(\.panel) }

    /// The scene switcher's touch targets as its last `switcher` line laid them out, by name.
    func switcherTargets() -> [String: DrawRect] {
        app.events.last { $0.switcher != nil }?.switcher?.targetsByName ?? [:]
    }

    /// The centre of a gallery item's touch area as the gallery lays it out in this window (whole px).
    func centre(of item: GalleryItem) -> (x: Double, y: Double) {
        let (layout, zoom) = GalleryLayout.fitting(width: width, height: height)
        let c = layout.toWindow(layout.frame(of: item).center, zoom: zoom)
        return (c.x.rounded(), c.y.rounded())
    }

    /// The panel's top edge closed and open, as the panel lays itself out in this window.
    var closedY: Double { PanelLayout(width: width, height: height).y(for: .closed) }
    var openY: Double { PanelLayout(width: width, height: height).y(for: .open) }
}
