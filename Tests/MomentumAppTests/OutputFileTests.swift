import Foundation
import Glibc
import Testing
@testable import MomentumApp

/// Files the app writes: whole files replaced atomically, special files written in place and kept, links followed,
/// every failure one line naming the path and the errno.
@Suite struct OutputFileTests {
    /// A fresh directory for one test, removed by the caller.
    private func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "momentum-output-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    private func fileType(_ path: String, following: Bool = false) -> mode_t {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    @Test func aRegularFileIsReplacedWholeAndNoTemporaryIsLeft() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/plot.svg"
        try "old contents, longer than the new ones".write(toFile: path, atomically: false, encoding: .utf8)
        try OutputFile.write(Array("new".utf8), to: path, what: "plot")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["plot.svg"])
        // The mode a plain create gives (0666 less the umask), not mkstemp's 0600.
        let mask = umask(0)
        umask(mask)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == Int(0o666 & ~mask))
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetGetsTheContents() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "old".write(toFile: dir + "/target.svg", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.svg", withDestinationPath: "target.svg")
        try OutputFile.write(Array("new".utf8), to: dir + "/link.svg", what: "plot")
        #expect(fileType(dir + "/link.svg") == S_IFLNK)
        #expect(try String(contentsOfFile: dir + "/target.svg", encoding: .utf8) == "new")
    }

    @Test func aFIFOIsWrittenInPlaceAndStaysAFIFO() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader is open first (non-blocking), so the writer's open does not wait and the bytes sit in the pipe.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try OutputFile.write(Array("through the pipe".utf8), to: fifo, what: "plot")
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(count == 16 && String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "through the pipe")
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test func aDeviceIsWrittenInPlaceAndItsErrorReportedWithoutReplacingIt() {
        #expect(throws: Never.self) { try OutputFile.write(Array("gone".utf8), to: "/dev/null", what: "plot") }
        #expect(fileType("/dev/null") == S_IFCHR)
        do {
            try OutputFile.write(Array("full".utf8), to: "/dev/full", what: "plot")
            Issue.record("writing /dev/full succeeded")
        } catch {
            #expect(error.description == "cannot write plot /dev/full: No space left on device")
        }
        #expect(fileType("/dev/full") == S_IFCHR)
    }

    @Test func aMissingDirectoryIsOneLineNamingThePath() {
        do {
            try OutputFile.write([1, 2, 3], to: "/nonexistent-momentum/x.png", what: "screenshot")
            Issue.record("writing into a missing directory succeeded")
        } catch {
            #expect(error.description == "cannot write screenshot /nonexistent-momentum/x.png: No such file or directory")
            #expect(error.code == 1)
        }
    }
}
