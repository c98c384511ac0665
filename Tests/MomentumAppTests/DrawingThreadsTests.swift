import Glibc
import Testing
@testable import MomentumApp

/// A value handed back from another thread.
private final class Box<T>: @unchecked Sendable {
    let lock = Lock()
    var value: T?
}

/// This thread's id, from /proc/thread-self (a link to PID/task/TID).
private func ownThreadID() -> Int32? {
    var link = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &link, link.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: link.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .split(separator: "/").last.flatMap { Int32($0) }
}

/// The short scheduler slice the drawing threads ask for (`DrawingThreads`): taken by a thread of this process
/// without privilege on this kernel (Linux 6.12+: EEVDF), read back as asked; a thread that cannot take it says why
/// in one line. A failure here names the kernel's refusal.
@Suite struct DrawingThreadsTests {
    /// What `body` returns when run on a thread of its own (so the test's own threads keep their slice).
    private func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () -> T) throws -> T {
        let result = Box<T>()
        let thread = try WorkerThread("the slice test") { let value = body(); result.lock.withLock { result.value = value } }
        thread.join()
        let value = result.lock.withLock { result.value }
        return try #require(value)
    }

    @Test func aThreadTakesTheShortSliceAndReadsItBack() throws {
        let (before, refusal, after) = try onAThreadOfItsOwn { () -> (UInt64?, String?, UInt64?) in
            let before = DrawingThreads.slice(of: 0)
            let refusal = DrawingThreads.ask(DrawingThreads.slice, for: 0)
            return (before, refusal, DrawingThreads.slice(of: 0))
        }
        #expect(refusal == nil, "the kernel did not give the thread a \(DrawingThreads.slice) ns slice: \(refusal ?? "")")
        #expect(after == DrawingThreads.slice)
        // Shorter than the default it replaces (1.4 ms on two cores here), or asking would change nothing.
        #expect((before ?? 0) > DrawingThreads.slice)
    }

    @Test func everyThreadOfTheProcessIsListed() throws {
        let ids = DrawingThreads.threadIDs()
        #expect(ids.contains(getpid()))
        let (own, listed) = try onAThreadOfItsOwn { (ownThreadID(), DrawingThreads.threadIDs()) }
        #expect(own != nil && listed.contains(own ?? 0) && !ids.contains(own ?? 0))  // listed while it ran, not before
        #expect(DrawingThreads.threadIDs(of: "\(Int32.max)") == [])
    }

    @Test(arguments: [(800, 600), (640, 480), (720, 1440), (1280, 1024)])
    func windowsDrawnOnTheDrawingThreadAskForIt(size: (Int, Int)) {
        #expect(DrawingThreads.appliesTo(width: size.0, height: size.1))
    }

    @Test(arguments: [(3840, 2160), (2560, 1440), (1920, 1080), (1281, 1024), (0, 0)])
    func windowsSplitOverLlvmpipesThreadsDoNot(size: (Int, Int)) {
        #expect(!DrawingThreads.appliesTo(width: size.0, height: size.1))
    }

    @Test func aThreadThatCannotTakeItSaysWhy() throws {
        #expect(DrawingThreads.ask(DrawingThreads.slice, for: Int32.max) == "no such thread")
        // A thread the scheduler runs only when nothing else wants the CPU (SCHED_IDLE) has no fair slice to shorten.
        let refusal = try onAThreadOfItsOwn { () -> String? in
            var parameters = sched_param(sched_priority: 0)
            guard pthread_setschedparam(pthread_self(), 5 /* SCHED_IDLE */, &parameters) == 0 else { return "not idle" }
            return DrawingThreads.ask(DrawingThreads.slice, for: 0)
        }
        #expect(refusal == "Invalid argument")
    }
}
