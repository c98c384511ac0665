import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import MomentumApp

@Suite("momentum trace: plot")
struct TracePlotTests {
    private func svg(_ args: [String]) throws -> String {
        let config = try TraceCommand.parse(args).arguments.configuration()
        let run = TraceSimulation.run(config)
        let abrupt = config.compareAbrupt ? TraceSimulation.run(config, mode: .restartFromRest) : nil
        return TracePlot(run: run, abrupt: abrupt, config: config).svg()
    }

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func plotHasTwoPanelsRetargetLinesAndTheAbruptOverlay() throws {
        let text = try svg(["--backend", "spring", "--from", "0,0", "--to", "0,500", "--retarget", "0.1:0,0",
                            "--retarget", "0.3:0,250", "--plot", "x.svg", "--compare-abrupt"])
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(text.hasSuffix("</svg>\n"))
        #expect(text.contains(">position</text>") && text.contains(">velocity (units/s)</text>"))
        #expect(text.contains(">time (s)</text>"))
        // Two retargets × two panels of dashed verticals, each labelled once.
        #expect(count("stroke-width=\"1.2\" stroke-dasharray=\"6 4\"", in: text) == 4)
        #expect(text.contains("retarget @ 0.1 s → (0, 0)") && text.contains("retarget @ 0.3 s → (0, 250)"))
        // Only y moves: smooth y and abrupt y in each panel, none for x.
        #expect(count("<polyline fill=\"none\" stroke=\"#d0422b\" stroke-width=\"2.00\"", in: text) == 2)
        #expect(count("<polyline fill=\"none\" stroke=\"#f0aa9d\" stroke-width=\"2.00\"", in: text) == 2)
        #expect(!text.contains("<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2.00\""))
        #expect(!text.contains("nan") && !text.contains("inf"))
    }

    @Test func plotIsWellFormedXML() throws {
        let text = try svg(["--backend", "dynamics", "--from", "0,0", "--to", "300,200", "--retarget", "0.2:-50,0",
                            "--plot", "x.svg"])
        let document = try XMLDocument(xmlString: text)
        #expect(document.rootElement()?.name == "svg")
        // Both axes move here, so both get a series in each panel.
        #expect(count("<polyline", in: text) >= 6)
    }

    @Test func commandWritesThePlotFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(getpid()).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let command = try TraceCommand.parse(["--backend", "tween", "--from", "0", "--to", "100",
                                              "--retarget", "0.2:0", "--plot", path, "--compare-abrupt",
                                              "--format", "json"])
        // run() prints the rows on stdout; this test only looks at the file.
        try command.run()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("tween 0.4 s easeInEaseOut"))
    }
}
