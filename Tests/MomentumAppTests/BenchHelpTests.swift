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
