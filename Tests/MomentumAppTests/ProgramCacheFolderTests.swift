import Testing
@testable import MomentumApp

/// Where the shader programs' binaries go: the XDG cache folder, else the home's `.cache`, never a relative folder.
@Suite struct ProgramCacheFolderTests {
    static func path(_ environment: [String: String], home: String? = "/home/pw") -> String? {
        ProgramCacheFolder.path(environment: { environment[$0] }, passwordHome: { home })
    }

    @Test func theXDGCacheFolderFirstThenHOMEThenThePasswordEntry() {
        #expect(Self.path(["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/me"]) == "/x/cache/momentum")
        #expect(Self.path(["HOME": "/home/me"]) == "/home/me/.cache/momentum")
        #expect(Self.path([:]) == "/home/pw/.cache/momentum")
    }

    @Test func relativeOrEmptyFoldersAreNotUsed() {
        #expect(Self.path(["XDG_CACHE_HOME": "cache", "HOME": ""]) == "/home/pw/.cache/momentum")
        #expect(Self.path(["XDG_CACHE_HOME": "", "HOME": "relative"], home: nil) == nil)
    }

    @Test func thisUsersPasswordEntryHasAnAbsoluteHome() {
        #expect(ProgramCacheFolder.userHome()?.hasPrefix("/") == true)
    }
}
