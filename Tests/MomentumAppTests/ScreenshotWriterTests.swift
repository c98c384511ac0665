import Foundation
import Glibc
import MomentumRender
import Testing
@testable import MomentumApp

/// Screenshots written off the run loop: the frame as GL read it (bottom row first) turned over, encoded and written
/// whole by the writer's thread; `finish` waits for every one and gives the first failure as one line.
@Suite struct ScreenshotWriterTests {
    /// A `width` × `height` frame whose every byte says where it is (row, column, channel), bottom row first.
    static func frame(width: Int, height: Int) -> (bottomUp: [UInt8], topDown: [UInt8]) {
        func row(_ y: Int) -> [UInt8] { (0..<width * 4).map { UInt8((y * 31 + $0 * 7) & 0xFF) } }
        let rows = (0..<height).map(row)  // rows[0] is the top
        return (rows.reversed().flatMap { $0 }, rows.flatMap { $0 })
    }

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "momentum-shots-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theRowsAreTurnedOverTopFirst() {
        let (bottomUp, topDown) = Self.frame(width: 3, height: 5)
        #expect(ScreenshotWriter.Shot(bottomUp: bottomUp, width: 3, height: 5, path: "x").topDown == topDown)
        #expect(ScreenshotWriter.Shot(bottomUp: bottomUp, width: 4, height: 5, path: "x").topDown.isEmpty)
    }

    @Test func everyQueuedShotIsOnDiskWhenFinishReturns() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = ScreenshotWriter()
        var expected: [(String, [UInt8])] = []
        for (k, size) in [(64, 48), (200, 120), (33, 17)].enumerated() {
            let (bottomUp, topDown) = Self.frame(width: size.0, height: size.1)
            let path = "\(folder)/shot-\(k).png"
            try writer.write(.init(bottomUp: bottomUp, width: size.0, height: size.1, path: path))
            expected.append((path, PNG.encode(rgba: topDown, width: size.0, height: size.1)))
        }
        #expect(writer.finish() == nil)
        for (path, png) in expected {
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == png, "\(path)")
        }
    }

    @Test func aShotThatCannotBeWrittenIsTheOneLineFinishReturnsAndTheRestIsDropped() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = ScreenshotWriter()
        let (bottomUp, _) = Self.frame(width: 8, height: 8)
        try writer.write(.init(bottomUp: bottomUp, width: 8, height: 8, path: "/nonexistent-momentum/y.png"))
        try writer.write(.init(bottomUp: bottomUp, width: 8, height: 8, path: "\(folder)/after.png"))
        #expect(writer.finish()?.description == "cannot write screenshot /nonexistent-momentum/y.png: No such file or directory")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/after.png"), "nothing is written after a failure")
        // A frame whose size does not match its pixels cannot be encoded: one line too (a fresh writer).
        let other = ScreenshotWriter()
        try other.write(.init(bottomUp: bottomUp, width: 9, height: 8, path: "\(folder)/bad.png"))
        #expect(other.finish()?.description == "cannot write screenshot \(folder)/bad.png: a 9x8 frame could not be encoded")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/bad.png"))
    }
}
