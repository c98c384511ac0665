import Foundation
import Glibc
import Testing
@testable import MomentumApp

/// Where `momentum headless` finds the touch-injection module and weston, on folders made for each test.
@Suite("Headless: finding the module and weston")
struct HarnessLocationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A fresh empty folder, removed by the caller.
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("momentum-location-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.resolvingSymlinksInPath()
    }

    @Test func anInstalledModuleNextToTheBinaryComesFirst() throws {
        let prefix = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let executable = prefix.appendingPathComponent("bin/momentum").path
        let module = prefix.appendingPathComponent("lib/momentum/momentum-touch.so").path
        #expect(HarnessModule.installedPath(executable: executable) == module)
        #expect(HarnessModule.source(executable: executable) == .missing(expected: module))
        try FileManager.default.createDirectory(atPath: prefix.appendingPathComponent("lib/momentum").path,
                                                withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: module, contents: Data()))
        #expect(HarnessModule.source(executable: executable) == .installed(module: module))
    }

    @Test func aBinaryInsideTheCheckoutBuildsFromIt() {
        let executable = Self.packageRoot + "/.build/x86_64-unknown-linux-gnu/debug/momentum"
        #expect(HarnessModule.sourceRoot(containing: executable) == Self.packageRoot)
        #expect(HarnessModule.source(executable: executable) == .sourceTree(root: Self.packageRoot))
        #expect(HarnessModule.sourceRoot(containing: "/nonexistent/bin/momentum") == nil)
    }

    @Test func aMakefileInSomeParentFolderIsNeverRunOnlyTheCheckoutTheBinaryWasBuiltIn() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ path: String, _ text: String, mode: Int = 0o644) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            chmod(url.path, mode_t(mode))
        }
        // Someone planted a harness/Makefile in a folder above a copied binary: not a checkout.
        try write("harness/Makefile", "all:\n\ttouch /tmp/pwned\n")
        #expect(HarnessModule.sourceRoot(containing: folder.appendingPathComponent("bin/momentum").path) == nil)
        #expect(HarnessModule.sourceRoot(containing: folder.appendingPathComponent("momentum").path) == nil)
        // A checkout: Package.swift of this package, the binary in its .build.
        let checkout = folder.appendingPathComponent("checkout").path
        try write("checkout/Package.swift", "let package = Package(\n    name: \"Momentum\",\n)\n")
        try write("checkout/harness/Makefile", "all:\n")
        let built = checkout + "/.build/x86_64-unknown-linux-gnu/release/momentum"
        #expect(HarnessModule.sourceRoot(containing: built) == checkout)
        // …unless others may change its Makefile, or the package is another one.
        chmod(checkout + "/harness/Makefile", 0o666)
        #expect(HarnessModule.sourceRoot(containing: built) == nil)
        chmod(checkout + "/harness/Makefile", 0o644)
        try write("checkout/Package.swift", "let package = Package(name: \"Other\")\n")
        #expect(HarnessModule.sourceRoot(containing: built) == nil)
    }

    @Test func theMissingModuleMessageSaysWhatToRun() {
        #expect(HarnessError.moduleNotInstalled("/opt/m/lib/momentum/momentum-touch.so").description
            == "momentum-touch.so not found at /opt/m/lib/momentum/momentum-touch.so: run scripts/install PREFIX "
            + "from the Momentum source tree")
    }

    @Test func programsAreFoundOnThePathLikeAShellWould() throws {
        let first = try temporaryFolder(), second = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let plain = first.appendingPathComponent("tool").path      // not executable: skipped
        let runnable = second.appendingPathComponent("tool").path
        #expect(FileManager.default.createFile(atPath: plain, contents: Data("#!/bin/sh\n".utf8),
                                               attributes: [.posixPermissions: 0o644]))
        #expect(FileManager.default.createFile(atPath: runnable, contents: Data("#!/bin/sh\n".utf8),
                                               attributes: [.posixPermissions: 0o755]))
        try FileManager.default.createDirectory(atPath: first.appendingPathComponent("dir").path,
                                                withIntermediateDirectories: true)
        #expect(SearchPath.find("tool", in: "relative:\(first.path)::\(second.path)") == runnable)
        #expect(SearchPath.find("dir", in: first.path) == nil)
        #expect(SearchPath.find("tool", in: "") == nil)
        #expect(SearchPath.find("sh", in: nil) != nil, "falls back to \(SearchPath.fallback)")
    }
}
