import Foundation
import MomentumApp
import Testing

/// `momentum headless` interrupted while its weston runs: the signal stops weston and the app, removes weston's
/// runtime folder, says so in one line, and the command dies of the signal as it would have unhandled.
@Suite(.serialized) struct HeadlessSignalEndToEndTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedTourLeavesNothingBehind(signal: Int32) throws {
        let out = try temporaryDirectory("momentum-headless-signal")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let tour = Process()
        tour.executableURL = URL(fileURLWithPath: try Compositor.momentumBinary())
        tour.arguments = ["headless", "--out", out]
        let err = Pipe()
        tour.standardInput = FileHandle.nullDevice
        tour.standardOutput = FileHandle.nullDevice
        tour.standardError = err
        try tour.run()
        defer { if tour.isRunning { kill(tour.processIdentifier, SIGKILL) } }
        // While the tour plays: weston runs and the app has started in it.
        var weston: ChildProcess?, app: ChildProcess?
        let deadline = Date(timeIntervalSinceNow: 60)
        while (weston == nil || app == nil) && tour.isRunning && Date() < deadline {
            let children = ChildProcess.children(of: tour.processIdentifier)
            weston = children.first { $0.name == "weston" }
            app = children.first { $0.name == "momentum" }
            usleep(50_000)
        }
        let compositor = try #require(weston, "no weston started by the tour")
        let client = try #require(app, "no momentum run started by the tour")
        // weston's runtime folder: where its --log goes.
        let arguments = (FileManager.default.contents(atPath: "/proc/\(compositor.pid)/cmdline") ?? Data())
            .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let log = try #require(arguments.first { $0.hasPrefix("--log=") }, "\(arguments)")
        let runtime = URL(fileURLWithPath: String(log.dropFirst("--log=".count))).deletingLastPathComponent().path
        #expect(FileManager.default.fileExists(atPath: runtime), "\(runtime)")
        kill(tour.processIdentifier, signal)
        let said = TracedClient.readToEnd(err.fileHandleForReading.fileDescriptor)
        tour.waitUntilExit()
        #expect(tour.terminationReason == .uncaughtSignal && tour.terminationStatus == signal,
                "\(tour.terminationReason) \(tour.terminationStatus): \(said)")
        #expect(said.split(separator: "\n").count == 1 && said.contains(signal == SIGINT ? "SIGINT" : "SIGTERM"),
                "\(said)")
        #expect(compositor.isGone(within: 10) && client.isGone(within: 10))
        #expect(!FileManager.default.fileExists(atPath: runtime), "\(runtime) is still there")
    }
}
