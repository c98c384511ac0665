import Foundation
import MomentumApp

/// A real weston desktop (headless, pixman, desktop-shell, momentum-touch module) with the `momentum` binary as an
/// ordinary toplevel window (not fullscreen): desktop-shell chooses where the window goes, so global injection
/// coordinates and the surface-local coordinates in the trace differ by the window's origin.
final class WindowedCompositor {
    let weston: WestonSession
    let app: TracedClient
    /// The output size (global px).
    let outputWidth: Double, outputHeight: Double
    /// The window size asked for with `--size` (logical px).
    let width: Double, height: Double

    /// Starts weston at `output` and `momentum run --scene <scene> --size WxH` in it, and waits until the window
    /// is configured at its requested size and has presented a frame.
    init(scene: String = "panel", output: (width: Int, height: Int) = (800, 600),
         window: (width: Int, height: Int) = (640, 480)) throws {
        outputWidth = Double(output.width)
        outputHeight = Double(output.height)
        width = Double(window.width)
        height = Double(window.height)
        let module = try HarnessModule.build(packageRoot: Compositor.packageRoot)
        weston = try WestonSession(module: module, width: output.width, height: output.height)
        var env = ProcessInfo.processInfo.environment
        for (key, value) in weston.environment { env[key] = value }
        app = try TracedClient(executable: try Compositor.momentumBinary(),
                               arguments: ["--scene", scene, "--size", "\(window.width)x\(window.height)"],
                               environment: env)
        let w = width, h = height
        let configured = try app.waitFor("the window configured at its requested size") {
            $0.kind == "configure" && $0.number("width") == w && $0.number("height") == h
        }
        try app.waitFor("a presented frame", after: configured.index) { $0.kind == "presented" }
        if scene == "panel" {
            try app.waitFor("the panel laid out in the window") {
                $0.kind == "panel" && $0.numbers("rect")?[1] == h - 72
            }
        }
    }

    deinit {
        app.signal()
        _ = try? app.waitExit()
        weston.stop()
    }

    /// Plays an input script (global compositor coordinates) and waits until weston has sent its last event.
    func play(_ script: String) throws { _ = try weston.play(script: script) }

    /// Waits for a pointer (touch id -1) event in `phase` at index ≥ `after`.
    @discardableResult
    func waitPointer(_ phase: String, after: Int) throws -> (index: Int, event: TraceEvent) {
        try app.waitFor("pointer \(phase)", after: after) {
            $0.kind == "touch" && $0.number("id") == -1 && $0.string("phase") == phase
        }
    }

    /// Clicks at global (`x`, `y`) and returns the surface-local position the app saw the button go down at.
    func clickLocal(_ x: Double, _ y: Double) throws -> (index: Int, x: Double, y: Double) {
        let mark = app.events.count
        try play("0 click \(x) \(y)")
        let down = try waitPointer("down", after: mark)
        try waitPointer("up", after: down.index)
        return (down.index, down.event.number("x") ?? .nan, down.event.number("y") ?? .nan)
    }

    /// Waits for the panel to come to rest in `state` after event index `after`.
    @discardableResult
    func waitRest(_ state: String, after: Int) throws -> (index: Int, event: TraceEvent) {
        try app.waitFor("the panel at rest \(state)", after: after) {
            $0.kind == "panel" && $0.string("state") == state
        }
    }

    /// The closed and open panel tops in window-local px (72 px peek; open shows 60 % of the height).
    var closedY: Double { height - 72 }
    var openY: Double { height - (height * 0.6).rounded() }
}
