import ArgumentParser
import Testing
@testable import MomentumApp

/// `momentum --version` prints the app's version on stdout and exits 0.
@Suite("momentum --version")
struct VersionTests {
    @Test func versionIsPrintedAsASuccessfulExit() throws {
        do {
            _ = try MomentumCommand.parseAsRoot(["--version"])
            Issue.record("--version parsed as a command")
        } catch {
            #expect(MomentumCommand.exitCode(for: error) == .success)
            #expect(MomentumCommand.fullMessage(for: error) == "\(MomentumVersion.string) (\(MomentumVersion.build))")
        }
    }

    @Test func theBuildIsTheCheckoutsGitDescribe() throws {
        // Built from this checkout: `git describe --always --dirty --tags` names a commit (hex) or a tag.
        let build = MomentumVersion.build
        #expect(build != "unknown" && !build.isEmpty && build.allSatisfy { $0.isLetter || $0.isNumber || "._+-".contains($0) },
                "\(build)")
    }
}
