import Foundation
import Glibc
import Testing
@testable import MomentumApp
import MomentumRun

/// The run's JSON Lines trace file: bounded by `--trace-limit`, every write checked.
@Suite struct TraceWriterTests {
    private func temporaryPath() -> String {
        NSTemporaryDirectory() + "momentum-trace-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl"
    }

    @Test func theTraceStopsAtItsLimitWithATruncatedEventAndStillEndsWithExit() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let limit = 8192
        let writer = try TraceWriter(path: path, limit: limit)
        var written = 0
        while writer.isEnabled && written < 10_000 {
            writer.write(TraceLine(t: Double(written) * 0.016, .discarded(sequence: UInt64(written))))
            written += 1
            if written % 7 == 0 { writer.flush() }
        }
        #expect(!writer.isEnabled && written < 10_000, "the writer never stopped")
        writer.write(TraceLine(t: 99, .discarded(sequence: 999_999)))  // dropped: past the limit
        writer.write(TraceLine(t: 100, .exit(.init(code: 0, reason: "SIGTERM", feedbackUnanswered: 0, feedbackFreed: 0,
                                                        cpu: 0.1))))
        writer.close()
        #expect(writer.failure == nil)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count <= limit && data.count > limit - TraceWriter.reserve - 200, "\(data.count) bytes")
        let lines = try Array(data).split(separator: UInt8(ascii: "\n")).map { try TraceLine(decoding: $0) }
        #expect(lines.count == written + 1, "every frame line written before the limit, then truncated and exit")
        #expect(lines.dropLast().last?.truncated == 8192)
        #expect(lines.last?.exit?.reason == "SIGTERM")
        #expect(!lines.contains { $0.discarded == 999_999 })
        for line in Array(data).split(separator: UInt8(ascii: "\n")) {
            #expect((try? JSONSerialization.jsonObject(with: Data(line))) != nil, "\(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test func aRunThatNeverStartsLeavesTheEarlierTraceAsItWas() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let earlier = Array(String(repeating: "{\"t\":0,\"event\":\"discarded\",\"seq\":1}\n", count: 50).utf8)
        try Data(earlier).write(to: URL(fileURLWithPath: path))
        let writer = try TraceWriter(path: path)
        // What a run with no compositor writes: its exit line alone.
        writer.write(TraceLine(t: 0.01, .exit(.init(code: 2, reason: "no compositor", feedbackUnanswered: 0,
                                                     feedbackFreed: 0, cpu: 0))))
        writer.close()
        #expect(writer.failure == nil)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == earlier)
    }

    @Test func aRunThatWritesReplacesTheEarlierTraceWhole() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        try Data(String(repeating: "x", count: 100_000).utf8).write(to: URL(fileURLWithPath: path))
        let writer = try TraceWriter(path: path)
        writer.write(TraceLine(t: 0, .window(decorations: "none")))
        writer.write(TraceLine(t: 1, .exit(.init(code: 0, reason: "quit", feedbackUnanswered: 0, feedbackFreed: 0, cpu: 0))))
        writer.close()
        let data = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let lines = try data.split(separator: UInt8(ascii: "\n")).map { try TraceLine(decoding: $0) }
        #expect(lines.count == 2 && lines.last?.exit?.reason == "quit" && data.count < 1000, "\(data.count) bytes")
    }

    @Test func aRunThatNeverStartsStillWritesItsExitLineToANewFile() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let writer = try TraceWriter(path: path)
        writer.write(TraceLine(t: 0.01, .exit(.init(code: 2, reason: "no compositor", feedbackUnanswered: 0,
                                                     feedbackFreed: 0, cpu: 0))))
        writer.close()
        let data = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try TraceLine(decoding: data.dropLast()).exit?.code == 2)
    }

    @Test func aFailedWriteIsKeptAsOneLineNamingThePathAndErrno() throws {
        let writer = try TraceWriter(path: "/dev/full")
        writer.write(TraceLine(t: 0, .window(decorations: "none")))
        #expect(writer.failure == nil, "buffered, not yet written")
        writer.flush()
        #expect(writer.failure?.description == "cannot write trace /dev/full: No space left on device")
        #expect(!writer.isEnabled)
        writer.write(TraceLine(t: 1, .exit(.init(code: 0, reason: "quit", feedbackUnanswered: 0, feedbackFreed: 0, cpu: 0))))
        writer.close()
        #expect(writer.failure?.description == "cannot write trace /dev/full: No space left on device")
    }

    /// Into a pipe (a reader following the run live: the end-to-end tests, the headless tour, the bench), lines
    /// that arrive while a frame that starts soon is owed, and presentation feedback, wait for the next frame's
    /// lines (one write a frame), never longer than `TraceWriter.frameWait`; a frame's own lines (no frame owed) go
    /// out at once, as the reader waits for them.
    @Test func linesToAPipeWaitForAFrameStartingSoonAndNoLonger() throws {
        let path = temporaryPath()
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // The reader first: then opening the FIFO for writing does not wait.
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { Glibc.close(reader) }
        let writer = try TraceWriter(path: path)
        #expect(!writer.isRegularFile)
        var received = 0
        func fileLines() throws -> Int {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(reader, &chunk, chunk.count)
                guard n > 0 else { break }
                received += chunk[..<n].filter { $0 == 10 }.count
            }
            return received
        }
        writer.write(TraceLine(t: 0, .scene(name: "panel")))
        writer.flush(now: 10, frameStart: 10.02)
        #expect(try fileLines() == 0, "held for the frame starting in 20 ms")
        writer.flush(now: 10.03, frameStart: 10.04)
        #expect(try fileLines() == 0, "still held: 30 ms")
        writer.flush(now: 10.06, frameStart: 10.07)
        #expect(try fileLines() == 1, "held no longer than 50 ms")
        writer.write(TraceLine(t: 0.1, .scene(name: "gallery")))
        writer.flush(now: 10.1, frameStart: 10.3)
        #expect(try fileLines() == 2, "a frame starting later: written at once")
        writer.write(TraceLine(t: 0.2, .scene(name: "scroll")))
        writer.flush(now: 10.2, frameStart: nil)
        #expect(try fileLines() == 3, "no frame owed: written at once")
        // Presentation feedback alone waits for the next frame's lines even with no frame owed yet (its callback
        // comes right after it), no longer than 50 ms: the event loop wakes at `holdDeadline` to write it.
        writer.write(TraceLine(t: 0.3, .presented(.init(sequence: 4, nanoseconds: 1, refreshNanoseconds: 0, msc: 1,
                                                        flags: [.vsync]))))
        writer.flush(now: 10.3, frameStart: nil)
        #expect(try fileLines() == 3 && abs((writer.holdDeadline ?? 0) - 10.35) < 1e-9, "feedback held")
        writer.flush(now: 10.349, frameStart: nil)
        #expect(try fileLines() == 3, "feedback still held: 49 ms")
        writer.flush(now: 10.3 + TraceWriter.frameWait, frameStart: nil)
        #expect(try fileLines() == 4 && writer.holdDeadline == nil, "written at the deadline")
        writer.write(TraceLine(t: 0.4, .discarded(sequence: 5)))
        writer.flush(now: 10.4, frameStart: 10.41)
        writer.close()
        #expect(try fileLines() == 5, "a held line is written at the close")
        #expect(writer.failure == nil)
    }

    /// Into a regular file, lines are held in memory while the run animates (no write(2) a frame), written when it
    /// rests, at least every `TraceWriter.fileWait` while it does not, and at the close.
    @Test func linesToAFileAreHeldWhileTheRunAnimatesAndWrittenWhenItRests() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let writer = try TraceWriter(path: path)
        #expect(writer.isRegularFile)
        func fileLines() throws -> Int { try Data(contentsOf: URL(fileURLWithPath: path)).filter { $0 == 10 }.count }
        writer.write(TraceLine(t: 0, .scene(name: "panel")))
        writer.flush(now: 10, frameStart: 10.02)
        writer.write(TraceLine(t: 0.1, .scene(name: "gallery")))
        writer.flush(now: 10.5, frameStart: nil)
        #expect(try fileLines() == 0 && abs((writer.holdDeadline ?? 0) - 11) < 1e-9, "held while frames go on")
        writer.flush(now: 10.999, frameStart: 11.01)
        #expect(try fileLines() == 0, "still held: 999 ms")
        writer.flush(now: 11, frameStart: 11.01)
        #expect(try fileLines() == 2 && writer.holdDeadline == nil, "written after a second")
        writer.write(TraceLine(t: 1.1, .scene(name: "scroll")))
        writer.flush(now: 11.1, frameStart: nil, resting: true)
        #expect(try fileLines() == 3, "written when the run rests")
        writer.write(TraceLine(t: 1.2, .discarded(sequence: 5)))
        writer.flush(now: 11.2, frameStart: 11.21)
        writer.close()
        #expect(try fileLines() == 4, "a held line is written at the close")
        #expect(writer.failure == nil)
    }

    @Test func anUnopenableTraceIsRefusedAtOnce() {
        do {
            _ = try TraceWriter(path: "/nonexistent-momentum/trace.jsonl")
            Issue.record("opened a trace in a missing directory")
        } catch {
            #expect(error.description == "cannot write trace /nonexistent-momentum/trace.jsonl: No such file or directory")
        }
    }

    @Test(arguments: [("4096", 4096), ("4k", 4096), ("64K", 65536), ("256M", 256 << 20), ("1G", 1 << 30),
                      ("1T", 1 << 40)])
    func sizesParseWithBinarySuffixes(text: String, bytes: Int) {
        #expect(TraceLimit.parse(text) == bytes)
    }

    @Test(arguments: ["", "k", "4095", "3k", "1025G", "2T", "-4k", "4 k", "4kB", "1e9", "٤k"])
    func sizesOutOfRangeOrMalformedAreRefused(text: String) {
        #expect(TraceLimit.parse(text) == nil)
    }
}
