import Foundation
@testable import MomentumApp
import Testing

/// `momentum trace` on the real binary: rows leave as they are computed, and a failed write is an error.
struct TraceStreamingEndToEndTests {
    @Test func rowsArriveWhileTheRunIsStillGoing() throws {
        // 300 s at 1 kHz: 300 001 rows, long enough that a run printing only at the end shows nothing before it exits.
        let probe = try ProbeProcess(path: try Compositor.momentumBinary(),
                                     arguments: ["trace", "--backend", "spring", "--from", "0", "--to", "100",
                                                 "--rate", "1000", "--seconds", "300"],
                                     environment: [:])
        defer { probe.stop() }
        let started = ContinuousClock.now
        let deadline = started + .seconds(120)
        #expect(try probe.next(deadline: deadline) == "t,x,y,vx,vy")
        #expect(try probe.next(deadline: deadline).hasPrefix("0.000000,0.000000,"))
        let firstRows = ContinuousClock.now - started
        #expect(probe.isRunning)
        probe.drain()
        let whole = ContinuousClock.now - started
        // Streamed, the first rows come with the first 64 KiB buffer, about a thousandth of the run; a writer that
        // formats everything first shows them only at the very end. Both measured in this run, as a ratio.
        #expect(firstRows < whole / 4, "first rows after \(firstRows) of \(whole)")
    }

    @Test func aFailedWriteIsAnErrorNamingIt() throws {
        let run = try ProgramRun("/bin/sh", ["-c", "exec \"$0\" trace --backend spring --from 0 --to 1 > /dev/full",
                                             try Compositor.momentumBinary()])
        #expect(run.status == 1, "\(run.transcript)")
        #expect(run.stderr == "momentum: cannot write the trace to standard output: No space left on device\n",
                "\(run.transcript)")
    }
}
