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
        let (tour, err, children) = try startWithChildren(["headless", "--out", out], named: ["weston", "momentum"])
        defer { if tour.isRunning { kill(tour.processIdentifier, SIGKILL) } }
        // While the tour plays: weston runs and the app has started in it.
        let compositor = try #require(children["weston"], "no weston started by the tour")
        let client = try #require(children["momentum"], "no momentum run started by the tour")
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
