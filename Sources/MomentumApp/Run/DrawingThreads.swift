import CLinux
import FileIO
import Glibc
import MomentumRender

/// The scheduler's time slice the threads that draw a frame ask for: a short one, so that on a busy machine a
/// frame's drawing is picked soon after it wakes instead of waiting out another task's slice (docs/benchmarks/
/// scenes.md, "Fifteenth step").
///
/// On Linux 6.12 and later the fair scheduler (EEVDF) gives each thread a virtual deadline of its slice past its
/// virtual runtime, picks the eligible thread whose deadline is earliest, and lets a waking thread with a shorter slice
/// preempt the one running. An unprivileged thread may shorten its own slice (`sched_setattr`'s `sched_runtime`),
/// while raising its priority (a negative nice value) needs `CAP_SYS_NICE` or an `RLIMIT_NICE` a desktop does not
/// give. A phone gives its foreground app's render thread more; this is what an app may take on its own. It does
/// not give the thread more of the CPU: a thread that runs longer than its slice loses its turn sooner.
///
/// A window drawn on its drawing thread alone (`RasterThreads`: at most 1280x1024 buffer px) asks for `slice` for
/// the run's threads once the renderer has started: its frames' work (0.4–1 ms of CPU) fits in the slice. A larger
/// window, whose frames are split over llvmpipe's rasteriser threads, keeps the kernel's slice: given to those
/// threads too, the short slice cut a 4K frame's drawing into more turns and cost 4–20 % more CPU a frame, with no
/// fewer late frames (docs/benchmarks/scenes.md, "Fifteenth step").
public enum DrawingThreads {
    /// The slice asked for, ns: a third of this kernel's default on two cores (0.7 ms × (1 + log2 2) = 1.4 ms),
    /// still long enough for the small redraws most frames make to run without being cut.
    public static let slice: UInt64 = 500_000

    /// Whether a window of `width`×`height` buffer px asks for the short slice: one whose frames are rasterised on
    /// the drawing thread (`RasterThreads.callingThreadLimit`).
    public static func appliesTo(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width * height <= RasterThreads.callingThreadLimit
    }

    /// The ids of the process's threads (/proc/self/task), in no order; empty when /proc cannot be read.
    public static func threadIDs(of process: String = "self") -> [Int32] {
        guard let folder = opendir("/proc/\(process)/task") else { return [] }
        defer { closedir(folder) }
        var ids: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let id = Int32(name) { ids.append(id) }
        }
        return ids
    }

    /// The slice thread `thread` (0: the calling one) asks for, ns: the kernel's default until one was asked for;
    /// nil when the kernel does not say (no such thread, or no `sched_getattr`).
    public static func slice(of thread: Int32) -> UInt64? {
        let ns = momentum_sched_slice(thread)
        return ns < 0 ? nil : UInt64(ns)
    }

    /// Asks for `ns` for thread `thread` (0: the calling one), its policy and nice value kept; nil once the kernel
    /// took it, else why not, in words. A kernel before Linux 6.12 takes the call and keeps its own slice for
    /// SCHED_OTHER threads: that is read back and said too.
    public static func ask(_ ns: UInt64, for thread: Int32) -> String? {
        guard momentum_sched_set_slice(thread, ns) == 0 else {
            let error = errno
            return error == ESRCH ? "no such thread" : error == EPERM ? "the kernel refused it (\(FileIO.reason(error)))" : FileIO.reason(error)
        }
        guard let now = slice(of: thread), now == ns else {
            return "the kernel kept its own slice (\(slice(of: thread).map { "\($0) ns" } ?? "unknown"); "
                + "a thread's own slice needs Linux 6.12 or later)"
        }
        return nil
    }

    /// Asks for `slice` for every thread of this process (the drawing thread, once the renderer has started, and
    /// any other there is then); returns how many took it and, when one did not, one line naming the first refusal.
    @discardableResult
    public static func shortenSlices() -> (threads: Int, problem: String?) {
        var taken = 0
        var problem: String?
        for thread in threadIDs() {
            if let refused = ask(slice, for: thread) {
                if slice(of: thread) == nil { continue }  // the thread ended meanwhile
                problem = problem ?? "drawing threads: a \(Double(slice) / 1e6) ms scheduler slice not taken for "
                    + "thread \(thread): \(refused); frames keep the default slice"
            } else {
                taken += 1
            }
        }
        return (taken, problem)
    }
}
