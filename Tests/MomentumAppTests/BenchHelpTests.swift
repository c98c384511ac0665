import ArgumentParser
import Testing
@testable import MomentumApp

/// `momentum bench --help` (and the man page made from the same text) names the defaults as they are typed.
@Suite struct BenchHelpTests {
    @Test func benchHelpSaysTheDefaultSceneAndBackendAsTyped() {
        let help = MomentumCommand.helpMessage(for: BenchRunCommand.self, columns: 400)
        #expect(help.contains("scroll, all; default: panel)"), "\(help)")
        #expect(help.contains("pop, all; default: spring)"), "\(help)")
        #expect(!help.contains("one("), "\(help)")
        #expect(SceneChoice.all.defaultValueDescription == "all" && BackendChoice.all.defaultValueDescription == "all")
    }
}

/// `momentum bench session` (for the measuring scripts) refuses, in one line, what it cannot hold.
@Suite struct BenchSessionCommandTests {
    @Test func aCompositorWithoutInjectedTouchOrASizeThatIsNotOneIsRefusedInOneLine() {
        for (args, message) in [(["--compositor", "kwin"], "--compositor kwin: no touch can be injected into KWin here"),
                                (["--compositor", "sway", "--size", "big"], "--size 'big' is not WxH with positive integers")] {
            do {
                _ = try MomentumCommand.parseAsRoot(["bench", "session"] + args)
                Issue.record("\(args) was accepted")
            } catch {
                let line = MomentumMain.oneLine(MomentumCommand.message(for: error))
                #expect(line.contains(message) && !line.contains("\n"), "\(line)")
            }
        }
    }
}
