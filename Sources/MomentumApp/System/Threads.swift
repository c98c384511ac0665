#if canImport(Glibc)
import Glibc
#endif

/// A mutex (pthread), for the bench's and the sessions' state shared with their reader and signal threads: what
/// Foundation's `NSLock` was, without Foundation (which `momentum run` would otherwise load and relocate at every
/// start: docs/benchmarks/scenes.md).
class Lock: @unchecked Sendable {
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// `body` with the lock held.
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition variable (on CLOCK_MONOTONIC, so a deadline is `HostClock` time): `NSCondition` without
/// Foundation.
final class Condition: Lock, @unchecked Sendable {
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    override init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        super.init()
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Waits (the lock held) for a broadcast, a signal or a spurious wake-up.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits (the lock held) as `wait` does, until `deadline` (`HostClock` seconds) at the latest; false once it passed.
    func wait(until deadline: Double) -> Bool {
        guard deadline.isFinite else {
            wait()
            return true
        }
        let seconds = deadline.rounded(.down)
        var time = timespec(tv_sec: Int(seconds), tv_nsec: min(999_999_999, Int((deadline - seconds) * 1e9)))
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }

    func broadcast() { pthread_cond_broadcast(condition) }
    func signal() { pthread_cond_signal(condition) }
}

/// A thread running a closure (pthread): `Foundation.Thread` without Foundation. `join` waits for it to end.
final class WorkerThread: @unchecked Sendable {
    private var thread = pthread_t()
    private var joined = false

    /// Starts `body` on a new thread; the error is one line naming `what`.
    init(_ what: String, _ body: @escaping @Sendable () -> Void) throws(AppError) {
        final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let result = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<Box>.fromOpaque(argument).takeRetainedValue().body()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            throw AppError("cannot start a thread for \(what): \(String(cString: strerror(result)))")
        }
    }

    /// Waits for the thread to end (once; later calls return at once).
    func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    deinit { if !joined { pthread_detach(thread) } }

    /// Sleeps `seconds` (nothing when ≤ 0), through interruptions by signals.
    static func sleep(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        let whole = seconds.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: min(999_999_999, Int((seconds - whole) * 1e9)))
        var left = timespec()
        while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
    }
}
