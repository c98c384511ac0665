import Foundation
import MomentumApp

/// A real weston (headless, pixman, momentum-touch module) with the real `momentum` binary running fullscreen
/// inside it, its trace streamed back. Nothing here is simulated: the touch events are genuine `wl_touch`.
final class Compositor {
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

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
    let width = 800.0
    let height = 600.0

    /// Starts weston and `momentum run --fullscreen <arguments>`, and waits for its first presented frame.
    init(scene: String = "panel", arguments: [String] = []) throws {
        let module = try HarnessModule.build(packageRoot: Self.packageRoot)
        weston = try WestonSession(module: module, width: Int(width), height: Int(height))
        var env = ProcessInfo.processInfo.environment
        for (key, value) in weston.environment { env[key] = value }
        app = try TracedClient(executable: try Self.momentumBinary(),
                               arguments: ["--fullscreen", "--scene", scene] + arguments, environment: env)
        try app.waitFor("the first presented frame") { $0.kind == "presented" }
        try app.waitFor("the fullscreen configure") { $0.kind == "configure" && $0.number("width") == width }
        try app.waitFor("a frame at the fullscreen size") { $0.kind == "frame" }
        if scene == "panel" {
            try app.waitFor("the panel laid out fullscreen") { $0.kind == "panel" && $0.numbers("rect")?[1] == height - 72 }
        }
    }

    deinit {
        app.signal()
        _ = try? app.waitExit()
        weston.stop()
    }

    /// Plays a touch script and waits until weston has sent its last event.
    func play(_ script: String) throws { _ = try weston.play(script: script) }

    /// Waits for the panel to come to rest in `state` after event index `after`.
    @discardableResult
    func waitRest(_ state: String, after: Int) throws -> Int {
        try app.waitFor("the panel at rest \(state)", after: after) {
            $0.kind == "panel" && $0.string("state") == state
        }.index
    }

    /// Panel events from index `from`.
    func panels(from: Int = 0) -> [TraceEvent] { app.events.dropFirst(from).filter { $0.kind == "panel" } }

    var closedY: Double { height - 72 }
    var openY: Double { height - (height * 0.6).rounded() }
}
