import MomentumRender

/// Encodes and writes screenshots on a thread of its own, so the run loop only draws and reads back the frame (the
/// GL part) and goes on: the PNG's filtering and deflate took ~0.5 s of a debug build's loop at 800x600, long
/// enough to swallow the motion the next picture was waiting for. Every write is checked: the first failure is kept
/// (`failure`, one line naming the file) and nothing more is written. `finish` writes what is queued and joins the
/// thread; the run calls it on every exit path before it ends, so a screenshot asked for is on disk (or reported)
/// when the process exits.
final class ScreenshotWriter: @unchecked Sendable {
    /// A frame read back, RGBA, bottom row first (as GL reads it), to be written to `path` as PNG.
    struct Shot: Sendable {
        let bottomUp: [UInt8]
        let width: Int
        let height: Int
        let path: String

        /// The rows top first, as PNG stores them (a copy a row at a time; empty when the size does not match).
        var topDown: [UInt8] {
            let rowBytes = width * 4
            guard width > 0, height > 0, bottomUp.count == rowBytes * height else { return [] }
            return [UInt8](unsafeUninitializedCapacity: bottomUp.count) { out, count in
                bottomUp.withUnsafeBytes { source in
                    guard let from = source.baseAddress, let to = out.baseAddress else { return }
                    for row in 0..<height {
                        (to + row * rowBytes).update(from: (from + (height - 1 - row) * rowBytes)
                            .assumingMemoryBound(to: UInt8.self), count: rowBytes)
                    }
                }
                count = bottomUp.count
            }
        }
    }

    private let condition = Condition()
    private var queue: [Shot] = []
    private var finishing = false
    private var firstFailure: AppError?
    private var thread: WorkerThread?

    init() {}

    deinit { _ = finish() }

    /// The first screenshot that could not be encoded or written, as the one line to report.
    var failure: AppError? { condition.withLock { firstFailure } }

    /// Queues `shot` (the thread starts with the first); a thread that cannot start is the error.
    func write(_ shot: Shot) throws(AppError) {
        let startsThread = condition.withLock { () -> Bool in
            queue.append(shot)
            condition.signal()
            return thread == nil
        }
        guard startsThread else { return }
        let started: WorkerThread
        do { started = try WorkerThread("the screenshots") { [self] in work() } } catch {
            // Nothing will write what was queued: it is dropped, and the failure is the screenshot's.
            condition.withLock { queue.removeAll() }
            throw error
        }
        condition.withLock { thread = started }
    }

    /// Writes everything queued, joins the thread and returns the first failure (nil when every screenshot was
    /// written). Later calls return the same.
    func finish() -> AppError? {
        let running = condition.withLock { () -> WorkerThread? in
            finishing = true
            condition.broadcast()
            return thread
        }
        running?.join()
        return failure
    }

    private func work() {
        while let shot = next() {
            let failed: AppError?
            do throws(AppError) {
                let png = PNG.encode(rgba: shot.topDown, width: shot.width, height: shot.height)
                guard !png.isEmpty else {
                    throw AppError("cannot write screenshot \(shot.path): a \(shot.width)x\(shot.height) frame could not be encoded")
                }
                try OutputFile.write(png, to: shot.path, what: "screenshot")
                failed = nil
            } catch {
                failed = error
            }
            if let failed { condition.withLock { if firstFailure == nil { firstFailure = failed } } }
        }
    }

    /// The next shot to write, waiting for one; nil once `finish` was called and the queue is empty. After a failure
    /// the rest is dropped.
    private func next() -> Shot? {
        condition.withLock { () -> Shot? in
            while queue.isEmpty && !finishing { condition.wait() }
            if firstFailure != nil { queue.removeAll() }
            return queue.isEmpty ? nil : queue.removeFirst()
        }
    }
}
