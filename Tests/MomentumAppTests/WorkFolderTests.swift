import Foundation
import Glibc
@testable import MomentumApp
import Testing

/// The bench's work folder in a `--out` others may write to: fresh and private, cleaned up after a killed bench, and
/// never a planted link.
@Suite(.serialized) struct WorkFolderTests {
    static func folder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("momentum-work-\(getpid())-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The pid of a process that ran and was reaped.
    static func deadPid() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func eachBenchGetsAFreshPrivateFolderNamedAfterItsPid() throws {
        let out = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let a = try WorkFolder.make(in: out), b = try WorkFolder.make(in: out)
        #expect(a != b)
        for path in [a, b] {
            #expect(URL(fileURLWithPath: path).lastPathComponent.hasPrefix(".bench-\(getpid())-"), "\(path)")
            var info = stat()
            #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o700 && info.st_mode & S_IFMT == S_IFDIR)
        }
    }

    @Test func aKilledBenchsFolderIsRemovedByTheNextOneButNotALinkOrALiveOne() throws {
        let out = Self.folder(), elsewhere = Self.folder()
        defer { for path in [out, elsewhere] { try? FileManager.default.removeItem(atPath: path) } }
        let dead = try Self.deadPid()
        let stale = out + "/.bench-\(dead)-abcdef", live = out + "/.bench-\(getpid())-ghijkl"
        for path in [stale, live] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        try Data("victim".utf8).write(to: URL(fileURLWithPath: elsewhere + "/keep"))
        let link = out + "/.bench-\(dead)-linked"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere)
        let made = try WorkFolder.make(in: out)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live) && FileManager.default.fileExists(atPath: made))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == elsewhere)
        #expect(FileManager.default.contents(atPath: elsewhere + "/keep") == Data("victim".utf8))
    }

    @Test func aPlantedLinkWhereTheReportGoesIsRefusedInOneLine() throws {
        let out = Self.folder(), elsewhere = Self.folder()
        defer { for path in [out, elsewhere] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createSymbolicLink(atPath: out + "/traces", withDestinationPath: elsewhere)
        #expect(throws: AppError.self) { try WorkFolder.checkOwnFolder(out + "/traces") }
        #expect(throws: AppError.self) { try WorkFolder.makeOwnFolder(out + "/traces") }
        do {
            try WorkFolder.checkOwnFolder(out + "/traces")
        } catch {
            #expect("\(error)" == "--out: \(out)/traces is a symbolic link or not your folder; remove it or choose another --out")
        }
        // Nothing there, or a folder of one's own, is fine.
        try WorkFolder.checkOwnFolder(out + "/reports")
        try WorkFolder.makeOwnFolder(out + "/reports")
        try WorkFolder.checkOwnFolder(out + "/reports")
    }
}
